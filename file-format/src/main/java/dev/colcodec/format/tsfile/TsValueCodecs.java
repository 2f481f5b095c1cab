package dev.colcodec.format.tsfile;

import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import dev.colcodec.tsfile.plain.PlainBinaryReader;
import dev.colcodec.tsfile.plain.PlainBooleanReader;
import dev.colcodec.tsfile.plain.PlainDoubleReader;
import dev.colcodec.tsfile.plain.PlainFloatReader;
import dev.colcodec.tsfile.plain.PlainIntReader;
import dev.colcodec.tsfile.plain.PlainLongReader;
import dev.colcodec.tsfile.rle.RleBooleanReader;
import dev.colcodec.tsfile.rle.RleIntReader;
import dev.colcodec.tsfile.rle.RleLongReader;
import dev.colcodec.tsfile.ts2diff.Ts2DiffDoubleReader;
import dev.colcodec.tsfile.ts2diff.Ts2DiffFloatReader;
import dev.colcodec.tsfile.ts2diff.Ts2DiffIntReader;
import dev.colcodec.tsfile.ts2diff.Ts2DiffLongReader;
import dev.colcodec.values.ValuesReader;

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
}
