package dev.colcodec.parquet;

import static dev.colcodec.parquet.ParquetEncoding.BIT_PACKED;
import static dev.colcodec.parquet.ParquetEncoding.BYTE_STREAM_SPLIT;
import static dev.colcodec.parquet.ParquetEncoding.DELTA_BINARY_PACKED;
import static dev.colcodec.parquet.ParquetEncoding.DELTA_BYTE_ARRAY;
import static dev.colcodec.parquet.ParquetEncoding.DELTA_LENGTH_BYTE_ARRAY;
import static dev.colcodec.parquet.ParquetEncoding.PLAIN;
import static dev.colcodec.parquet.ParquetEncoding.PLAIN_DICTIONARY;
import static dev.colcodec.parquet.ParquetEncoding.RLE;
import static dev.colcodec.parquet.ParquetEncoding.RLE_DICTIONARY;
import static dev.colcodec.parquet.PhysicalType.BOOLEAN;
import static dev.colcodec.parquet.PhysicalType.BYTE_ARRAY;
import static dev.colcodec.parquet.PhysicalType.DOUBLE;
import static dev.colcodec.parquet.PhysicalType.FIXED_LEN_BYTE_ARRAY;
import static dev.colcodec.parquet.PhysicalType.FLOAT;
import static dev.colcodec.parquet.PhysicalType.INT32;
import static dev.colcodec.parquet.PhysicalType.INT64;
import static dev.colcodec.parquet.PhysicalType.INT96;

import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.bss.ByteStreamSplitDoubleReader;
import dev.colcodec.parquet.bss.ByteStreamSplitDoubleWriter;
import dev.colcodec.parquet.bss.ByteStreamSplitFixedLenReader;
import dev.colcodec.parquet.bss.ByteStreamSplitFixedLenWriter;
import dev.colcodec.parquet.bss.ByteStreamSplitFloatReader;
import dev.colcodec.parquet.bss.ByteStreamSplitFloatWriter;
import dev.colcodec.parquet.bss.ByteStreamSplitIntReader;
import dev.colcodec.parquet.bss.ByteStreamSplitIntWriter;
import dev.colcodec.parquet.bss.ByteStreamSplitLongReader;
import dev.colcodec.parquet.bss.ByteStreamSplitLongWriter;
import dev.colcodec.parquet.delta.DeltaBinaryPackedIntReader;
import dev.colcodec.parquet.delta.DeltaBinaryPackedIntWriter;
import dev.colcodec.parquet.delta.DeltaBinaryPackedLongReader;
import dev.colcodec.parquet.delta.DeltaBinaryPackedLongWriter;
import dev.colcodec.parquet.deltalength.DeltaLengthByteArrayReader;
import dev.colcodec.parquet.deltalength.DeltaLengthByteArrayWriter;
import dev.colcodec.parquet.deltastrings.DeltaByteArrayReader;
import dev.colcodec.parquet.deltastrings.DeltaByteArrayWriter;
import dev.colcodec.parquet.dictionary.BinaryDictionary;
import dev.colcodec.parquet.dictionary.DictionaryBinaryReader;
import dev.colcodec.parquet.dictionary.DictionaryBinaryWriter;
import dev.colcodec.parquet.dictionary.DictionaryDoubleReader;
import dev.colcodec.parquet.dictionary.DictionaryDoubleWriter;
import dev.colcodec.parquet.dictionary.DictionaryFlavor;
import dev.colcodec.parquet.dictionary.DictionaryFloatReader;
import dev.colcodec.parquet.dictionary.DictionaryFloatWriter;
import dev.colcodec.parquet.dictionary.DictionaryIntReader;
import dev.colcodec.parquet.dictionary.DictionaryIntWriter;
import dev.colcodec.parquet.dictionary.DictionaryLongReader;
import dev.colcodec.parquet.dictionary.DictionaryLongWriter;
import dev.colcodec.parquet.dictionary.DictionaryWriter;
import dev.colcodec.parquet.dictionary.DoubleDictionary;
import dev.colcodec.parquet.dictionary.FloatDictionary;
import dev.colcodec.parquet.dictionary.IntDictionary;
import dev.colcodec.parquet.dictionary.LongDictionary;
import dev.colcodec.parquet.plain.PlainBinaryReader;
import dev.colcodec.parquet.plain.PlainBinaryWriter;
import dev.colcodec.parquet.plain.PlainBooleanReader;
import dev.colcodec.parquet.plain.PlainBooleanWriter;
import dev.colcodec.parquet.plain.PlainDoubleReader;
import dev.colcodec.parquet.plain.PlainDoubleWriter;
import dev.colcodec.parquet.plain.PlainFixedLenReader;
import dev.colcodec.parquet.plain.PlainFixedLenWriter;
import dev.colcodec.parquet.plain.PlainFloatReader;
import dev.colcodec.parquet.plain.PlainFloatWriter;
import dev.colcodec.parquet.plain.PlainIntReader;
import dev.colcodec.parquet.plain.PlainIntWriter;
import dev.colcodec.parquet.plain.PlainLongReader;
import dev.colcodec.parquet.plain.PlainLongWriter;
import dev.colcodec.parquet.rle.RleBooleanReader;
import dev.colcodec.parquet.rle.RleBooleanWriter;
import dev.colcodec.parquet.rle.RleFraming;
import dev.colcodec.values.ValuesReader;
import dev.colcodec.values.ValuesWriter;
import java.util.EnumMap;
import java.util.Map;

/**
 * The one factory from (Parquet encoding, physical type) to a value reader or writer.
 *
 * <p>The returned reader implements the typed interface of the physical type: {@code IntValuesReader}
 * for INT32, {@code LongValuesReader} for INT64, {@code FloatValuesReader}, {@code
 * DoubleValuesReader}, {@code BooleanValuesReader}, and {@code BinaryValuesReader} for BYTE_ARRAY,
 * FIXED_LEN_BYTE_ARRAY and INT96 (12-byte binaries). Writers likewise. Pairs the Parquet spec does not
 * allow, and the deprecated BIT_PACKED encoding (levels only), give an {@link
 * IllegalArgumentException} that names the pair. Dictionary-encoded data pages need their dictionary:
 * use {@link #newDictionaryReader} and {@link #newDictionaryWriter}.
 */
public final class ParquetValues {
    /** Makes a reader or writer for a FIXED_LEN_BYTE_ARRAY type length (ignored by other types). */
    @FunctionalInterface
    private interface Factory<T> {
        T make(int typeLength, Kernels k);
    }

    /** How to make the reader and the writer of one (encoding, physical type) pair. */
    private record Pair(Factory<ValuesReader> reader, Factory<ValuesWriter> writer) {}

    private static final Map<ParquetEncoding, Map<PhysicalType, Pair>> TABLE = new EnumMap<>(ParquetEncoding.class);

    private static void add(
            ParquetEncoding e, PhysicalType t, Factory<ValuesReader> reader, Factory<ValuesWriter> writer) {
        TABLE.computeIfAbsent(e, x -> new EnumMap<>(PhysicalType.class)).put(t, new Pair(reader, writer));
    }

    static {
        add(PLAIN, BOOLEAN, (n, k) -> new PlainBooleanReader(k), (n, k) -> new PlainBooleanWriter(k));
        add(PLAIN, INT32, (n, k) -> new PlainIntReader(k), (n, k) -> new PlainIntWriter(k));
        add(PLAIN, INT64, (n, k) -> new PlainLongReader(k), (n, k) -> new PlainLongWriter(k));
        add(PLAIN, INT96, (n, k) -> new PlainFixedLenReader(12, k), (n, k) -> PlainFixedLenWriter.forInt96());
        add(PLAIN, FLOAT, (n, k) -> new PlainFloatReader(k), (n, k) -> new PlainFloatWriter(k));
        add(PLAIN, DOUBLE, (n, k) -> new PlainDoubleReader(k), (n, k) -> new PlainDoubleWriter(k));
        add(PLAIN, BYTE_ARRAY, (n, k) -> new PlainBinaryReader(k), (n, k) -> new PlainBinaryWriter());
        add(PLAIN, FIXED_LEN_BYTE_ARRAY, (n, k) -> new PlainFixedLenReader(n, k), (n, k) -> new PlainFixedLenWriter(n));

        add(
                RLE,
                BOOLEAN,
                (n, k) -> new RleBooleanReader(RleFraming.LENGTH_PREFIXED, k),
                (n, k) -> new RleBooleanWriter(RleFraming.LENGTH_PREFIXED, k));

        add(
                DELTA_BINARY_PACKED,
                INT32,
                (n, k) -> new DeltaBinaryPackedIntReader(k),
                (n, k) -> new DeltaBinaryPackedIntWriter(k));
        add(
                DELTA_BINARY_PACKED,
                INT64,
                (n, k) -> new DeltaBinaryPackedLongReader(k),
                (n, k) -> new DeltaBinaryPackedLongWriter(k));

        add(
                DELTA_LENGTH_BYTE_ARRAY,
                BYTE_ARRAY,
                (n, k) -> new DeltaLengthByteArrayReader(k),
                (n, k) -> new DeltaLengthByteArrayWriter(k));

        add(DELTA_BYTE_ARRAY, BYTE_ARRAY, (n, k) -> new DeltaByteArrayReader(k), (n, k) -> new DeltaByteArrayWriter(k));
        add(
                DELTA_BYTE_ARRAY,
                FIXED_LEN_BYTE_ARRAY,
                (n, k) -> new DeltaByteArrayReader(n, k),
                (n, k) -> new DeltaByteArrayWriter(n, k));

        add(
                BYTE_STREAM_SPLIT,
                INT32,
                (n, k) -> new ByteStreamSplitIntReader(k),
                (n, k) -> new ByteStreamSplitIntWriter(k));
        add(
                BYTE_STREAM_SPLIT,
                INT64,
                (n, k) -> new ByteStreamSplitLongReader(k),
                (n, k) -> new ByteStreamSplitLongWriter(k));
        add(
                BYTE_STREAM_SPLIT,
                FLOAT,
                (n, k) -> new ByteStreamSplitFloatReader(k),
                (n, k) -> new ByteStreamSplitFloatWriter(k));
        add(
                BYTE_STREAM_SPLIT,
                DOUBLE,
                (n, k) -> new ByteStreamSplitDoubleReader(k),
                (n, k) -> new ByteStreamSplitDoubleWriter(k));
        add(
                BYTE_STREAM_SPLIT,
                FIXED_LEN_BYTE_ARRAY,
                (n, k) -> new ByteStreamSplitFixedLenReader(n, k),
                (n, k) -> new ByteStreamSplitFixedLenWriter(n, k));
    }

    private ParquetValues() {}

    private static IllegalArgumentException invalid(ParquetEncoding e, PhysicalType t) {
        return new IllegalArgumentException("Parquet encoding " + e + " cannot hold " + t + " values");
    }

    private static void checkLength(PhysicalType t, int typeLength) {
        if (t == FIXED_LEN_BYTE_ARRAY && typeLength < 1) {
            throw new IllegalArgumentException("FIXED_LEN_BYTE_ARRAY needs a type length >= 1, got " + typeLength);
        }
    }

    private static Pair lookup(ParquetEncoding e, PhysicalType t, int typeLength, String dictionaryHint) {
        checkLength(t, typeLength);
        if (e == PLAIN_DICTIONARY || e == RLE_DICTIONARY) {
            throw new IllegalArgumentException(e + dictionaryHint);
        }
        if (e == BIT_PACKED) {
            throw new IllegalArgumentException(
                    "BIT_PACKED is deprecated and only ever held levels, not " + t + " values");
        }
        Map<PhysicalType, Pair> byType = TABLE.get(e);
        Pair pair = byType == null ? null : byType.get(t);
        if (pair == null) {
            throw invalid(e, t);
        }
        return pair;
    }

    /**
     * Whether {@link #newReader} and {@link #newWriter} handle the pair (dictionary encodings go through
     * {@link #newDictionaryReader} and {@link #newDictionaryWriter}: every type but BOOLEAN).
     */
    public static boolean supports(ParquetEncoding e, PhysicalType t) {
        Map<PhysicalType, Pair> byType = TABLE.get(e);
        return byType != null && byType.containsKey(t);
    }

    /**
     * A reader for a non-dictionary data page section.
     *
     * @param typeLength the byte length of FIXED_LEN_BYTE_ARRAY values (ignored for other types)
     */
    public static ValuesReader newReader(ParquetEncoding e, PhysicalType t, int typeLength, Kernels k) {
        return lookup(e, t, typeLength, " data pages need their dictionary: use ParquetValues.newDictionaryReader")
                .reader()
                .make(typeLength, k);
    }

    /** A writer for a non-dictionary encoding. */
    public static ValuesWriter newWriter(ParquetEncoding e, PhysicalType t, int typeLength, Kernels k) {
        return lookup(e, t, typeLength, " is written by a dictionary writer: use ParquetValues.newDictionaryWriter")
                .writer()
                .make(typeLength, k);
    }

    /**
     * Reads a PLAIN dictionary page of {@code entryCount} entries and returns a reader of
     * dictionary-encoded data pages (PLAIN_DICTIONARY or RLE_DICTIONARY) over it. BOOLEAN has no
     * dictionary encoding.
     */
    public static ValuesReader newDictionaryReader(
            PhysicalType t, int typeLength, int entryCount, byte[] page, int offset, int length, Kernels k) {
        checkLength(t, typeLength);
        switch (t) {
            case INT32:
                return new DictionaryIntReader(IntDictionary.read(entryCount, page, offset, length, k), k);
            case INT64:
                return new DictionaryLongReader(LongDictionary.read(entryCount, page, offset, length, k), k);
            case FLOAT:
                return new DictionaryFloatReader(FloatDictionary.read(entryCount, page, offset, length, k), k);
            case DOUBLE:
                return new DictionaryDoubleReader(DoubleDictionary.read(entryCount, page, offset, length, k), k);
            case BYTE_ARRAY:
                return new DictionaryBinaryReader(BinaryDictionary.readByteArray(entryCount, page, offset, length), k);
            case FIXED_LEN_BYTE_ARRAY:
                return new DictionaryBinaryReader(
                        BinaryDictionary.readFixedLength(entryCount, typeLength, page, offset, length), k);
            case INT96:
                return new DictionaryBinaryReader(BinaryDictionary.readInt96(entryCount, page, offset, length), k);
            default:
                throw invalid(ParquetEncoding.RLE_DICTIONARY, t);
        }
    }

    /**
     * A dictionary writer with parquet-java's fallback to PLAIN: {@code flavor} picks the V1
     * (PLAIN_DICTIONARY) or V2 (RLE_DICTIONARY) labels.
     */
    public static DictionaryWriter newDictionaryWriter(
            PhysicalType t, int typeLength, DictionaryFlavor flavor, int maxDictionaryByteSize, Kernels k) {
        return newDictionaryWriter(t, typeLength, flavor, maxDictionaryByteSize, ParquetEncoding.PLAIN, k);
    }

    /**
     * The fallback encoding parquet-java's writer of {@code flavor}'s version uses for {@code t}: PLAIN
     * for V1; for V2 DELTA_BINARY_PACKED (INT32, INT64), DELTA_BYTE_ARRAY (BYTE_ARRAY,
     * FIXED_LEN_BYTE_ARRAY) and PLAIN for the other types.
     */
    public static ParquetEncoding defaultFallback(PhysicalType t, DictionaryFlavor flavor) {
        if (flavor == DictionaryFlavor.V1_PLAIN_DICTIONARY) {
            return PLAIN;
        }
        switch (t) {
            case INT32:
            case INT64:
                return DELTA_BINARY_PACKED;
            case BYTE_ARRAY:
            case FIXED_LEN_BYTE_ARRAY:
                return DELTA_BYTE_ARRAY;
            default:
                return PLAIN;
        }
    }

    /**
     * A dictionary writer that falls back to {@code fallbackEncoding}: PLAIN for every type, or
     * DELTA_BINARY_PACKED (INT32, INT64) or DELTA_BYTE_ARRAY (BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY) as
     * parquet-java's V2 writer does (see {@link #defaultFallback}).
     */
    public static DictionaryWriter newDictionaryWriter(
            PhysicalType t,
            int typeLength,
            DictionaryFlavor flavor,
            int maxDictionaryByteSize,
            ParquetEncoding fallbackEncoding,
            Kernels k) {
        checkLength(t, typeLength);
        if (fallbackEncoding != PLAIN) {
            switch (t) {
                case INT32:
                    return new DictionaryIntWriter(flavor, maxDictionaryByteSize, k, fallbackEncoding);
                case INT64:
                    return new DictionaryLongWriter(flavor, maxDictionaryByteSize, k, fallbackEncoding);
                case BYTE_ARRAY:
                    return DictionaryBinaryWriter.forByteArray(flavor, maxDictionaryByteSize, k, fallbackEncoding);
                case FIXED_LEN_BYTE_ARRAY:
                    return DictionaryBinaryWriter.forFixedLength(
                            typeLength, flavor, maxDictionaryByteSize, k, fallbackEncoding);
                default:
                    throw new IllegalArgumentException(
                            "a " + t + " dictionary falls back to PLAIN only, not " + fallbackEncoding);
            }
        }
        switch (t) {
            case INT32:
                return new DictionaryIntWriter(flavor, maxDictionaryByteSize, k);
            case INT64:
                return new DictionaryLongWriter(flavor, maxDictionaryByteSize, k);
            case FLOAT:
                return new DictionaryFloatWriter(flavor, maxDictionaryByteSize, k);
            case DOUBLE:
                return new DictionaryDoubleWriter(flavor, maxDictionaryByteSize, k);
            case BYTE_ARRAY:
                return DictionaryBinaryWriter.forByteArray(flavor, maxDictionaryByteSize, k);
            case FIXED_LEN_BYTE_ARRAY:
                return DictionaryBinaryWriter.forFixedLength(typeLength, flavor, maxDictionaryByteSize, k);
            case INT96:
                return DictionaryBinaryWriter.forInt96(flavor, maxDictionaryByteSize, k);
            default:
                throw invalid(ParquetEncoding.RLE_DICTIONARY, t);
        }
    }
}
