package dev.colcodec.format.tsfile;

import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import dev.colcodec.tsfile.plain.PlainBinaryReader;
import dev.colcodec.tsfile.plain.PlainBinaryWriter;
import dev.colcodec.tsfile.plain.PlainBooleanReader;
import dev.colcodec.tsfile.plain.PlainBooleanWriter;
import dev.colcodec.tsfile.plain.PlainDoubleReader;
import dev.colcodec.tsfile.plain.PlainDoubleWriter;
import dev.colcodec.tsfile.plain.PlainFloatReader;
import dev.colcodec.tsfile.plain.PlainFloatWriter;
import dev.colcodec.tsfile.plain.PlainIntReader;
import dev.colcodec.tsfile.plain.PlainIntWriter;
import dev.colcodec.tsfile.plain.PlainLongReader;
import dev.colcodec.tsfile.plain.PlainLongWriter;
import dev.colcodec.tsfile.rle.RleBooleanReader;
import dev.colcodec.tsfile.rle.RleBooleanWriter;
import dev.colcodec.tsfile.rle.RleIntReader;
import dev.colcodec.tsfile.rle.RleIntWriter;
import dev.colcodec.tsfile.rle.RleLongReader;
import dev.colcodec.tsfile.rle.RleLongWriter;
import dev.colcodec.tsfile.ts2diff.Ts2DiffDoubleReader;
import dev.colcodec.tsfile.ts2diff.Ts2DiffDoubleWriter;
import dev.colcodec.tsfile.ts2diff.Ts2DiffFloatReader;
import dev.colcodec.tsfile.ts2diff.Ts2DiffFloatWriter;
import dev.colcodec.tsfile.ts2diff.Ts2DiffIntReader;
import dev.colcodec.tsfile.ts2diff.Ts2DiffIntWriter;
import dev.colcodec.tsfile.ts2diff.Ts2DiffLongReader;
import dev.colcodec.tsfile.ts2diff.Ts2DiffLongWriter;
import dev.colcodec.values.ValuesReader;
import dev.colcodec.values.ValuesWriter;

/**
 * The value decoders this module can use, keyed by (encoding, data type). A stand-in for the shared
 * factory {@code dev.colcodec.tsfile.TsFileValues}, which will cover every TsFile encoding: this one
 * covers PLAIN, TS_2DIFF and RLE.
 */
public final class TsValueCodecs {
    private TsValueCodecs() {}

    /**
     * A new reader for values of {@code type} (DATE/TIMESTAMP/STRING/BLOB map to their storage type;
     * VECTOR means time stamps) stored with {@code encoding}.
     *
     * @throws IllegalArgumentException naming the pair when it is not supported
     */
    public static ValuesReader reader(TsEncoding encoding, TsDataType type) {
        TsDataType st = type == TsDataType.VECTOR ? TsDataType.INT64 : type.storageType();
        switch (encoding) {
            case PLAIN:
                switch (st) {
                    case BOOLEAN:
                        return new PlainBooleanReader();
                    case INT32:
                        return new PlainIntReader();
                    case INT64:
                        return new PlainLongReader();
                    case FLOAT:
                        return new PlainFloatReader();
                    case DOUBLE:
                        return new PlainDoubleReader();
                    case TEXT:
                        return new PlainBinaryReader();
                    default:
                        break;
                }
                break;
            case TS_2DIFF:
                switch (st) {
                    case INT32:
                        return new Ts2DiffIntReader();
                    case INT64:
                        return new Ts2DiffLongReader();
                    case FLOAT:
                        return new Ts2DiffFloatReader();
                    case DOUBLE:
                        return new Ts2DiffDoubleReader();
                    default:
                        break;
                }
                break;
            case RLE:
                switch (st) {
                    case BOOLEAN:
                        return new RleBooleanReader();
                    case INT32:
                        return new RleIntReader();
                    case INT64:
                        return new RleLongReader();
                    default:
                        break;
                }
                break;
            default:
                break;
        }
        throw new IllegalArgumentException("no TsFile value reader for (" + encoding + ", " + type + ")");
    }

    /** TsFile's default float precision for the lossy FLOAT/DOUBLE TS_2DIFF encoding. */
    public static final int DEFAULT_FLOAT_PRECISION = 2;

    /**
     * A new writer for values of {@code type} (VECTOR: time stamps) stored with {@code encoding}.
     *
     * @throws IllegalArgumentException naming the pair when it is not supported
     */
    public static ValuesWriter writer(TsEncoding encoding, TsDataType type) {
        TsDataType st = type == TsDataType.VECTOR ? TsDataType.INT64 : type.storageType();
        switch (encoding) {
            case PLAIN:
                switch (st) {
                    case BOOLEAN:
                        return new PlainBooleanWriter();
                    case INT32:
                        return new PlainIntWriter();
                    case INT64:
                        return new PlainLongWriter();
                    case FLOAT:
                        return new PlainFloatWriter();
                    case DOUBLE:
                        return new PlainDoubleWriter();
                    case TEXT:
                        return new PlainBinaryWriter();
                    default:
                        break;
                }
                break;
            case TS_2DIFF:
                switch (st) {
                    case INT32:
                        return new Ts2DiffIntWriter();
                    case INT64:
                        return new Ts2DiffLongWriter();
                    case FLOAT:
                        return new Ts2DiffFloatWriter(DEFAULT_FLOAT_PRECISION);
                    case DOUBLE:
                        return new Ts2DiffDoubleWriter(DEFAULT_FLOAT_PRECISION);
                    default:
                        break;
                }
                break;
            case RLE:
                switch (st) {
                    case BOOLEAN:
                        return new RleBooleanWriter();
                    case INT32:
                        return new RleIntWriter();
                    case INT64:
                        return new RleLongWriter();
                    default:
                        break;
                }
                break;
            default:
                break;
        }
        throw new IllegalArgumentException("no TsFile value writer for (" + encoding + ", " + type + ")");
    }
}
