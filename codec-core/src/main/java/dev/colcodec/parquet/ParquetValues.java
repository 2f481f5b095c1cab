package dev.colcodec.parquet;

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
    private ParquetValues() {}

    private static IllegalArgumentException invalid(ParquetEncoding e, PhysicalType t) {
        return new IllegalArgumentException("Parquet encoding " + e + " cannot hold " + t + " values");
    }

    private static void checkLength(PhysicalType t, int typeLength) {
        if (t == PhysicalType.FIXED_LEN_BYTE_ARRAY && typeLength < 1) {
            throw new IllegalArgumentException("FIXED_LEN_BYTE_ARRAY needs a type length >= 1, got " + typeLength);
        }
    }

    /**
     * A reader for a non-dictionary data page section.
     *
     * @param typeLength the byte length of FIXED_LEN_BYTE_ARRAY values (ignored for other types)
     */
    public static ValuesReader newReader(ParquetEncoding e, PhysicalType t, int typeLength, Kernels k) {
        checkLength(t, typeLength);
        switch (e) {
            case PLAIN:
                switch (t) {
                    case BOOLEAN:
                        return new PlainBooleanReader(k);
                    case INT32:
                        return new PlainIntReader(k);
                    case INT64:
                        return new PlainLongReader(k);
                    case INT96:
                        return new PlainFixedLenReader(12, k);
                    case FLOAT:
                        return new PlainFloatReader(k);
                    case DOUBLE:
                        return new PlainDoubleReader(k);
                    case BYTE_ARRAY:
                        return new PlainBinaryReader(k);
                    case FIXED_LEN_BYTE_ARRAY:
                        return new PlainFixedLenReader(typeLength, k);
                    default:
                        break;
                }
                break;
            case RLE:
                if (t == PhysicalType.BOOLEAN) {
                    return new RleBooleanReader(RleFraming.LENGTH_PREFIXED, k);
                }
                break;
            case DELTA_BINARY_PACKED:
                if (t == PhysicalType.INT32) {
                    return new DeltaBinaryPackedIntReader(k);
                }
                if (t == PhysicalType.INT64) {
                    return new DeltaBinaryPackedLongReader(k);
                }
                break;
            case DELTA_LENGTH_BYTE_ARRAY:
                if (t == PhysicalType.BYTE_ARRAY) {
                    return new DeltaLengthByteArrayReader(k);
                }
                break;
            case DELTA_BYTE_ARRAY:
                if (t == PhysicalType.BYTE_ARRAY) {
                    return new DeltaByteArrayReader(k);
                }
                if (t == PhysicalType.FIXED_LEN_BYTE_ARRAY) {
                    return new DeltaByteArrayReader(typeLength, k);
                }
                break;
            case BYTE_STREAM_SPLIT:
                switch (t) {
                    case INT32:
                        return new ByteStreamSplitIntReader(k);
                    case INT64:
                        return new ByteStreamSplitLongReader(k);
                    case FLOAT:
                        return new ByteStreamSplitFloatReader(k);
                    case DOUBLE:
                        return new ByteStreamSplitDoubleReader(k);
                    case FIXED_LEN_BYTE_ARRAY:
                        return new ByteStreamSplitFixedLenReader(typeLength, k);
                    default:
                        break;
                }
                break;
            case PLAIN_DICTIONARY:
            case RLE_DICTIONARY:
                throw new IllegalArgumentException(
                        e + " data pages need their dictionary: use ParquetValues.newDictionaryReader");
            case BIT_PACKED:
                throw new IllegalArgumentException(
                        "BIT_PACKED is deprecated and only ever held levels, not " + t + " values");
            default:
                break;
        }
        throw invalid(e, t);
    }

    /** A writer for a non-dictionary encoding. */
    public static ValuesWriter newWriter(ParquetEncoding e, PhysicalType t, int typeLength, Kernels k) {
        checkLength(t, typeLength);
        switch (e) {
            case PLAIN:
                switch (t) {
                    case BOOLEAN:
                        return new PlainBooleanWriter(k);
                    case INT32:
                        return new PlainIntWriter(k);
                    case INT64:
                        return new PlainLongWriter(k);
                    case INT96:
                        return PlainFixedLenWriter.forInt96();
                    case FLOAT:
                        return new PlainFloatWriter(k);
                    case DOUBLE:
                        return new PlainDoubleWriter(k);
                    case BYTE_ARRAY:
                        return new PlainBinaryWriter();
                    case FIXED_LEN_BYTE_ARRAY:
                        return new PlainFixedLenWriter(typeLength);
                    default:
                        break;
                }
                break;
            case RLE:
                if (t == PhysicalType.BOOLEAN) {
                    return new RleBooleanWriter(RleFraming.LENGTH_PREFIXED, k);
                }
                break;
            case DELTA_BINARY_PACKED:
                if (t == PhysicalType.INT32) {
                    return new DeltaBinaryPackedIntWriter(k);
                }
                if (t == PhysicalType.INT64) {
                    return new DeltaBinaryPackedLongWriter(k);
                }
                break;
            case DELTA_LENGTH_BYTE_ARRAY:
                if (t == PhysicalType.BYTE_ARRAY) {
                    return new DeltaLengthByteArrayWriter(k);
                }
                break;
            case DELTA_BYTE_ARRAY:
                if (t == PhysicalType.BYTE_ARRAY || t == PhysicalType.FIXED_LEN_BYTE_ARRAY) {
                    return new DeltaByteArrayWriter(k);
                }
                break;
            case BYTE_STREAM_SPLIT:
                switch (t) {
                    case INT32:
                        return new ByteStreamSplitIntWriter(k);
                    case INT64:
                        return new ByteStreamSplitLongWriter(k);
                    case FLOAT:
                        return new ByteStreamSplitFloatWriter(k);
                    case DOUBLE:
                        return new ByteStreamSplitDoubleWriter(k);
                    case FIXED_LEN_BYTE_ARRAY:
                        return new ByteStreamSplitFixedLenWriter(typeLength, k);
                    default:
                        break;
                }
                break;
            case PLAIN_DICTIONARY:
            case RLE_DICTIONARY:
                throw new IllegalArgumentException(
                        e + " is written by a dictionary writer: use ParquetValues.newDictionaryWriter");
            case BIT_PACKED:
                throw new IllegalArgumentException("BIT_PACKED is deprecated; colcodec does not write it");
            default:
                break;
        }
        throw invalid(e, t);
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
        checkLength(t, typeLength);
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
