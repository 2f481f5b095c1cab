package dev.colcodec.format.advisor;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.ParquetValues;
import dev.colcodec.parquet.dictionary.DictionaryFlavor;
import dev.colcodec.parquet.dictionary.DictionaryWriter;
import dev.colcodec.tsfile.TsEncoding;
import dev.colcodec.values.ValuesReader;
import dev.colcodec.values.ValuesWriter;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The built-in {@link ColumnEncoding}s: every Parquet value encoding through {@link ParquetValues}
 * (PLAIN, DELTA_BINARY_PACKED, BYTE_STREAM_SPLIT, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY, and
 * RLE_DICTIONARY with its dictionary page), and every TsFile encoding whose codec classes are on the
 * class path.
 *
 * <p>TsFile encodings are found by the naming convention of {@code codec-core}: encoding {@code X} lives
 * in package {@code dev.colcodec.tsfile.<pkg>} as {@code <Prefix><Type>Writer} and {@code
 * <Prefix><Type>Reader}, {@code <Type>} being {@code Int}, {@code Long}, {@code Float}, {@code Double} or
 * {@code Binary}, each with a public {@code (Kernels)} or no-argument constructor. Adding an encoding
 * is one line in {@link #TSFILE_FAMILIES}; a family whose classes are absent is skipped, so encodings
 * of other branches (GORILLA, CHIMP, ...) appear as soon as their classes do. Writers that need more
 * arguments (TS_2DIFF FLOAT/DOUBLE, which round to a decimal precision and so are lossy) are not used.
 */
public final class Encodings {
    private Encodings() {}

    /** TsFile encoding families by naming convention: (encoding, "package.ClassPrefix"). */
    private static final Object[][] TSFILE_FAMILIES = {
        {TsEncoding.PLAIN, "plain.Plain"},
        {TsEncoding.TS_2DIFF, "ts2diff.Ts2Diff"},
        {TsEncoding.RLE, "rle.Rle"},
        {TsEncoding.GORILLA, "gorilla.Gorilla"},
        {TsEncoding.CHIMP, "chimp.Chimp"},
        {TsEncoding.SPRINTZ, "sprintz.Sprintz"},
        {TsEncoding.RLBE, "rlbe.Rlbe"},
        {TsEncoding.ZIGZAG, "zigzag.Zigzag"},
    };

    /** Parquet value encodings tried besides the dictionary. */
    private static final ParquetEncoding[] PARQUET_ENCODINGS = {
        ParquetEncoding.PLAIN,
        ParquetEncoding.DELTA_BINARY_PACKED,
        ParquetEncoding.BYTE_STREAM_SPLIT,
        ParquetEncoding.DELTA_LENGTH_BYTE_ARRAY,
        ParquetEncoding.DELTA_BYTE_ARRAY,
    };

    /** Every built-in encoding available on the class path: Parquet first, then TsFile. */
    public static List<ColumnEncoding> all() {
        List<ColumnEncoding> out = new ArrayList<>();
        for (ParquetEncoding e : PARQUET_ENCODINGS) {
            out.add(parquet(e));
        }
        out.add(parquetDictionary());
        for (Object[] f : TSFILE_FAMILIES) {
            tsfile((TsEncoding) f[0]).ifPresent(out::add);
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

    /** A TsFile encoding, if its codec classes are on the class path. */
    public static Optional<ColumnEncoding> tsfile(TsEncoding encoding) {
        for (Object[] f : TSFILE_FAMILIES) {
            if (f[0] == encoding) {
                TsFamily family = new TsFamily(encoding, (String) f[1]);
                return family.types.isEmpty() ? Optional.empty() : Optional.of(family);
            }
        }
        return Optional.empty();
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
                ParquetValues.newReader(encoding, kind.parquetType(), 0, KernelProvider.scalar());
                return true;
            } catch (IllegalArgumentException e) {
                return false;
            }
        }

        @Override
        public Optional<Encoded> encode(Column column, Kernels kernels) {
            ValuesWriter w = ParquetValues.newWriter(encoding, column.kind().parquetType(), 0, kernels);
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
                    ValuesReader r = ParquetValues.newReader(encoding, kind.parquetType(), 0, k);
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
            return true;
        }

        @Override
        public Optional<Encoded> encode(Column column, Kernels kernels) {
            ValueKind kind = column.kind();
            DictionaryWriter w = ParquetValues.newDictionaryWriter(
                    kind.parquetType(), 0, DictionaryFlavor.V2_RLE_DICTIONARY, maxDictionaryBytes, kernels);
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
                    ValuesReader r =
                            ParquetValues.newDictionaryReader(kind.parquetType(), 0, entries, s[0], 0, s[0].length, k);
                    r.init(n, s[1], 0, s[1].length);
                    return r;
                }
            });
        }
    }

    /** A TsFile encoding whose writer and reader classes are found by naming convention. */
    private static final class TsFamily implements ColumnEncoding {
        private final TsEncoding encoding;
        private final Map<ValueKind, Constructor<?>[]> types = new EnumMap<>(ValueKind.class);

        TsFamily(TsEncoding encoding, String packageAndPrefix) {
            this.encoding = encoding;
            String base = "dev.colcodec.tsfile." + packageAndPrefix;
            for (ValueKind kind : ValueKind.values()) {
                Constructor<?> w = constructor(base + kind.classWord() + "Writer", ValuesWriter.class);
                Constructor<?> r = constructor(base + kind.classWord() + "Reader", ValuesReader.class);
                if (w != null && r != null) {
                    types.put(kind, new Constructor<?>[] {w, r});
                }
            }
        }

        /** The public (Kernels) or no-argument constructor of a class implementing {@code type}, or null. */
        private static Constructor<?> constructor(String className, Class<?> type) {
            Class<?> c;
            try {
                c = Class.forName(className, false, Encodings.class.getClassLoader());
            } catch (ClassNotFoundException | LinkageError e) {
                return null;
            }
            if (!type.isAssignableFrom(c)) {
                return null;
            }
            try {
                return c.getConstructor(Kernels.class);
            } catch (NoSuchMethodException e) {
                try {
                    return c.getConstructor();
                } catch (NoSuchMethodException e2) {
                    return null;
                }
            }
        }

        private static Object create(Constructor<?> c, Kernels k) {
            try {
                return c.getParameterCount() == 1 ? c.newInstance(k) : c.newInstance();
            } catch (InvocationTargetException e) {
                Throwable t = e.getCause();
                if (t instanceof RuntimeException) {
                    throw (RuntimeException) t;
                }
                throw new IllegalStateException(
                        "cannot create " + c.getDeclaringClass().getName(), t);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(
                        "cannot create " + c.getDeclaringClass().getName(), e);
            }
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
            return types.containsKey(kind);
        }

        @Override
        public Optional<Encoded> encode(Column column, Kernels kernels) {
            Constructor<?>[] pair = types.get(column.kind());
            if (pair == null) {
                throw new IllegalArgumentException("TsFile " + encoding + " cannot hold " + column.kind() + " values");
            }
            ValuesWriter w = (ValuesWriter) create(pair[0], kernels);
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
                    ValuesReader r = (ValuesReader) create(pair[1], k);
                    r.init(n, s[0], 0, s[0].length);
                    return r;
                }
            });
        }
    }
}
