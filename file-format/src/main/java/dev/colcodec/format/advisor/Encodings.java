package dev.colcodec.format.advisor;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.ParquetValues;
import dev.colcodec.parquet.dictionary.DictionaryFlavor;
import dev.colcodec.parquet.dictionary.DictionaryWriter;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import dev.colcodec.tsfile.TsFileValues;
import dev.colcodec.values.ValuesReader;
import dev.colcodec.values.ValuesWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The built-in {@link ColumnEncoding}s: every Parquet value encoding through {@link ParquetValues}
 * (PLAIN, DELTA_BINARY_PACKED, BYTE_STREAM_SPLIT, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY, RLE for
 * BOOLEAN, and RLE_DICTIONARY with its dictionary page, for every type but BOOLEAN), and every lossless TsFile encoding through {@link
 * TsFileValues}. TS_2DIFF and RLE FLOAT/DOUBLE (rounded to a decimal precision, so lossy) are not candidates.
 */
public final class Encodings {
    private Encodings() {}

    /** TsFile encodings tried (all lossless ones TsFile 2.4.0 writes). */
    private static final TsEncoding[] TSFILE_ENCODINGS = {
        TsEncoding.PLAIN,
        TsEncoding.TS_2DIFF,
        TsEncoding.RLE,
        TsEncoding.GORILLA,
        TsEncoding.CHIMP,
        TsEncoding.SPRINTZ,
        TsEncoding.RLBE,
        TsEncoding.ZIGZAG,
        TsEncoding.DICTIONARY,
    };

    /** Parquet value encodings tried besides the dictionary. */
    private static final ParquetEncoding[] PARQUET_ENCODINGS = {
        ParquetEncoding.PLAIN,
        ParquetEncoding.DELTA_BINARY_PACKED,
        ParquetEncoding.BYTE_STREAM_SPLIT,
        ParquetEncoding.DELTA_LENGTH_BYTE_ARRAY,
        ParquetEncoding.DELTA_BYTE_ARRAY,
        ParquetEncoding.RLE,
    };

    /** Every built-in encoding available on the class path: Parquet first, then TsFile. */
    public static List<ColumnEncoding> all() {
        List<ColumnEncoding> out = new ArrayList<>();
        for (ParquetEncoding e : PARQUET_ENCODINGS) {
            out.add(parquet(e));
        }
        out.add(parquetDictionary());
        for (TsEncoding e : TSFILE_ENCODINGS) {
            tsfile(e).ifPresent(out::add);
        }
        return out;
    }

    /** A non-dictionary Parquet encoding, through {@link ParquetValues#newWriter}/{@code newReader}. */
    public static ColumnEncoding parquet(ParquetEncoding encoding) {
        Objects.requireNonNull(encoding, "encoding");
        if (encoding.usesDictionary()) {
            return parquetDictionary();
        }
        return new ParquetPlainFamily(encoding);
    }

    /**
     * Parquet RLE_DICTIONARY: a PLAIN dictionary page plus the id data page, as parquet-java writes
     * them (1 MiB maximum dictionary). Declines the data when the writer falls back to PLAIN.
     */
    public static ColumnEncoding parquetDictionary() {
        return new ParquetDictionary(DictionaryWriter.DEFAULT_MAX_DICTIONARY_BYTE_SIZE);
    }

    /** A TsFile encoding, if {@link TsFileValues} has it for at least one value kind. */
    public static Optional<ColumnEncoding> tsfile(TsEncoding encoding) {
        TsFamily family = new TsFamily(encoding);
        for (ValueKind kind : ValueKind.values()) {
            if (family.supports(kind)) {
                return Optional.of(family);
            }
        }
        return Optional.empty();
    }

    /** A type length that {@link ParquetValues} accepts when only asking whether a pair exists. */
    private static int typeLengthForCheck(ValueKind kind) {
        return kind == ValueKind.FIXED_BINARY ? 1 : 0;
    }

    private static final class ParquetPlainFamily implements ColumnEncoding {
        private final ParquetEncoding encoding;

        ParquetPlainFamily(ParquetEncoding encoding) {
            this.encoding = encoding;
        }

        @Override
        public Format format() {
            return Format.PARQUET;
        }

        @Override
        public String name() {
            return encoding.name();
        }

        @Override
        public boolean supports(ValueKind kind) {
            try {
                ParquetValues.newReader(
                        encoding, kind.parquetType(), typeLengthForCheck(kind), KernelProvider.scalar());
                return true;
            } catch (IllegalArgumentException e) {
                return false;
            }
        }

        @Override
        public Optional<Encoded> encode(Column column, Kernels kernels) {
            int typeLength = column.fixedLength();
            ValuesWriter w = ParquetValues.newWriter(encoding, column.kind().parquetType(), typeLength, kernels);
            column.writeTo(w);
            byte[] page = w.toByteArray();
            int n = column.size();
            ValueKind kind = column.kind();
            return Optional.of(new Encoded() {
                @Override
                public byte[][] sections() {
                    return new byte[][] {page};
                }

                @Override
                public ValuesReader open(byte[][] s, Kernels k) {
                    ValuesReader r = ParquetValues.newReader(encoding, kind.parquetType(), typeLength, k);
                    r.init(n, s[0], 0, s[0].length);
                    return r;
                }
            });
        }
    }

    private static final class ParquetDictionary implements ColumnEncoding {
        private final int maxDictionaryBytes;

        ParquetDictionary(int maxDictionaryBytes) {
            this.maxDictionaryBytes = maxDictionaryBytes;
        }

        @Override
        public Format format() {
            return Format.PARQUET;
        }

        @Override
        public String name() {
            return ParquetEncoding.RLE_DICTIONARY.name();
        }

        @Override
        public boolean supports(ValueKind kind) {
            // Parquet has no BOOLEAN dictionary
            return kind != ValueKind.BOOLEAN;
        }

        @Override
        public Optional<Encoded> encode(Column column, Kernels kernels) {
            ValueKind kind = column.kind();
            int typeLength = column.fixedLength();
            DictionaryWriter w = ParquetValues.newDictionaryWriter(
                    kind.parquetType(), typeLength, DictionaryFlavor.V2_RLE_DICTIONARY, maxDictionaryBytes, kernels);
            column.writeTo(w);
            byte[] data = w.toByteArray();
            if (!w.encoding().usesDictionary()) {
                return Optional.empty();
            }
            byte[] dictionary = w.dictionaryPage();
            int entries = w.dictionaryEntryCount();
            int n = column.size();
            return Optional.of(new Encoded() {
                @Override
                public byte[][] sections() {
                    return new byte[][] {dictionary, data};
                }

                @Override
                public ValuesReader open(byte[][] s, Kernels k) {
                    ValuesReader r = ParquetValues.newDictionaryReader(
                            kind.parquetType(), typeLength, entries, s[0], 0, s[0].length, k);
                    r.init(n, s[1], 0, s[1].length);
                    return r;
                }
            });
        }
    }

    /** A TsFile encoding through {@link TsFileValues}. */
    private static final class TsFamily implements ColumnEncoding {
        private final TsEncoding encoding;

        TsFamily(TsEncoding encoding) {
            this.encoding = encoding;
        }

        @Override
        public Format format() {
            return Format.TSFILE;
        }

        @Override
        public String name() {
            return encoding.name();
        }

        @Override
        public boolean supports(ValueKind kind) {
            // TS_2DIFF and RLE floats round to a decimal precision: lossy, so never a candidate
            if (TsFileValues.isLossy(encoding, kind.tsType())) {
                return false;
            }
            return TsFileValues.supports(encoding, kind.tsType());
        }

        @Override
        public boolean supports(Column column) {
            TsDataType type = column.tsType();
            return supports(column.kind())
                    && !TsFileValues.isLossy(encoding, type)
                    && TsFileValues.supports(encoding, type);
        }

        @Override
        public Optional<Encoded> encode(Column column, Kernels kernels) {
            ValueKind kind = column.kind();
            if (!supports(kind)) {
                throw new IllegalArgumentException("TsFile " + encoding + " cannot hold " + kind + " values");
            }
            ValuesWriter w = TsFileValues.newWriter(encoding, kind.tsType(), kernels);
            column.writeTo(w);
            byte[] page = w.toByteArray();
            int n = column.size();
            return Optional.of(new Encoded() {
                @Override
                public byte[][] sections() {
                    return new byte[][] {page};
                }

                @Override
                public ValuesReader open(byte[][] s, Kernels k) {
                    ValuesReader r = TsFileValues.newReader(encoding, kind.tsType(), k);
                    r.init(n, s[0], 0, s[0].length);
                    return r;
                }
            });
        }
    }
}
