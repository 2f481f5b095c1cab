package dev.colcodec.tsfile;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.camel.CamelReader;
import dev.colcodec.tsfile.camel.CamelWriter;
import dev.colcodec.tsfile.chimp.ChimpDoubleReader;
import dev.colcodec.tsfile.chimp.ChimpDoubleWriter;
import dev.colcodec.tsfile.chimp.ChimpFloatReader;
import dev.colcodec.tsfile.chimp.ChimpFloatWriter;
import dev.colcodec.tsfile.chimp.ChimpIntReader;
import dev.colcodec.tsfile.chimp.ChimpIntWriter;
import dev.colcodec.tsfile.chimp.ChimpLongReader;
import dev.colcodec.tsfile.chimp.ChimpLongWriter;
import dev.colcodec.tsfile.dictionary.DictionaryReader;
import dev.colcodec.tsfile.dictionary.DictionaryWriter;
import dev.colcodec.tsfile.gorilla.GorillaDoubleReader;
import dev.colcodec.tsfile.gorilla.GorillaDoubleWriter;
import dev.colcodec.tsfile.gorilla.GorillaFloatReader;
import dev.colcodec.tsfile.gorilla.GorillaFloatWriter;
import dev.colcodec.tsfile.gorilla.GorillaIntReader;
import dev.colcodec.tsfile.gorilla.GorillaIntWriter;
import dev.colcodec.tsfile.gorilla.GorillaLongReader;
import dev.colcodec.tsfile.gorilla.GorillaLongWriter;
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
import dev.colcodec.tsfile.rlbe.RlbeDoubleReader;
import dev.colcodec.tsfile.rlbe.RlbeDoubleWriter;
import dev.colcodec.tsfile.rlbe.RlbeFloatReader;
import dev.colcodec.tsfile.rlbe.RlbeFloatWriter;
import dev.colcodec.tsfile.rlbe.RlbeIntReader;
import dev.colcodec.tsfile.rlbe.RlbeIntWriter;
import dev.colcodec.tsfile.rlbe.RlbeLongReader;
import dev.colcodec.tsfile.rlbe.RlbeLongWriter;
import dev.colcodec.tsfile.rle.RleBooleanReader;
import dev.colcodec.tsfile.rle.RleBooleanWriter;
import dev.colcodec.tsfile.rle.RleIntReader;
import dev.colcodec.tsfile.rle.RleIntWriter;
import dev.colcodec.tsfile.rle.RleLongReader;
import dev.colcodec.tsfile.rle.RleLongWriter;
import dev.colcodec.tsfile.sprintz.SprintzDoubleReader;
import dev.colcodec.tsfile.sprintz.SprintzDoubleWriter;
import dev.colcodec.tsfile.sprintz.SprintzFloatReader;
import dev.colcodec.tsfile.sprintz.SprintzFloatWriter;
import dev.colcodec.tsfile.sprintz.SprintzIntReader;
import dev.colcodec.tsfile.sprintz.SprintzIntWriter;
import dev.colcodec.tsfile.sprintz.SprintzLongReader;
import dev.colcodec.tsfile.sprintz.SprintzLongWriter;
import dev.colcodec.tsfile.ts2diff.Ts2DiffDoubleReader;
import dev.colcodec.tsfile.ts2diff.Ts2DiffDoubleWriter;
import dev.colcodec.tsfile.ts2diff.Ts2DiffFloatReader;
import dev.colcodec.tsfile.ts2diff.Ts2DiffFloatWriter;
import dev.colcodec.tsfile.ts2diff.Ts2DiffIntReader;
import dev.colcodec.tsfile.ts2diff.Ts2DiffIntWriter;
import dev.colcodec.tsfile.ts2diff.Ts2DiffLongReader;
import dev.colcodec.tsfile.ts2diff.Ts2DiffLongWriter;
import dev.colcodec.tsfile.zigzag.ZigzagIntReader;
import dev.colcodec.tsfile.zigzag.ZigzagIntWriter;
import dev.colcodec.tsfile.zigzag.ZigzagLongReader;
import dev.colcodec.tsfile.zigzag.ZigzagLongWriter;
import dev.colcodec.values.ValuesReader;
import dev.colcodec.values.ValuesWriter;

/**
 * The one factory from (TsFile encoding, data type) to a value reader or writer, covering everything
 * TsFile 2.4.0 can write.
 *
 * <p>DATE is read and written as INT32, TIMESTAMP as INT64, and TEXT/STRING/BLOB as binaries (see
 * {@link TsDataType#storageType()}). The returned object implements the typed interface of that
 * storage type ({@code IntValuesReader}, {@code LongValuesReader}, {@code FloatValuesReader}, {@code
 * DoubleValuesReader}, {@code BooleanValuesReader}, {@code BinaryValuesReader}, and the writer
 * counterparts). Pairs TsFile does not allow, the legacy encodings (DIFF, BITMAP, GORILLA_V1,
 * REGULAR, FREQ) and the RLE float/double wrapper (not implemented yet) give an {@link
 * IllegalArgumentException} naming the pair.
 */
public final class TsFileValues {
    /** TS_2DIFF float/double writers keep this many decimal digits, TsFile's default ({@code floatPrecision}). */
    public static final int DEFAULT_FLOAT_PRECISION = 2;

    private TsFileValues() {}

    private static IllegalArgumentException invalid(TsEncoding e, TsDataType t) {
        if (e == TsEncoding.RLE && (t == TsDataType.FLOAT || t == TsDataType.DOUBLE)) {
            return new IllegalArgumentException(
                    "TsFile RLE for " + t + " (a lossy scaled-integer wrapper) is not implemented yet");
        }
        return new IllegalArgumentException("TsFile encoding " + e + " cannot hold " + t + " values");
    }

    /** Whether this factory has a reader and writer for the pair. */
    public static boolean supports(TsEncoding e, TsDataType t) {
        try {
            newReader(e, t, KernelProvider.scalar());
            return true;
        } catch (IllegalArgumentException ex) {
            return false;
        }
    }

    /** A reader for one page's values of type {@code t} encoded with {@code e}. */
    public static ValuesReader newReader(TsEncoding e, TsDataType t, Kernels k) {
        TsDataType s = t.storageType();
        switch (e) {
            case PLAIN:
                switch (s) {
                    case BOOLEAN:
                        return new PlainBooleanReader(k);
                    case INT32:
                        return new PlainIntReader(k);
                    case INT64:
                        return new PlainLongReader(k);
                    case FLOAT:
                        return new PlainFloatReader(k);
                    case DOUBLE:
                        return new PlainDoubleReader(k);
                    case TEXT:
                        return new PlainBinaryReader(k);
                    default:
                        break;
                }
                break;
            case TS_2DIFF:
                switch (s) {
                    case INT32:
                        return new Ts2DiffIntReader(k);
                    case INT64:
                        return new Ts2DiffLongReader(k);
                    case FLOAT:
                        return new Ts2DiffFloatReader(k);
                    case DOUBLE:
                        return new Ts2DiffDoubleReader(k);
                    default:
                        break;
                }
                break;
            case RLE:
                switch (s) {
                    case BOOLEAN:
                        return new RleBooleanReader(k);
                    case INT32:
                        return new RleIntReader(k);
                    case INT64:
                        return new RleLongReader(k);
                    default:
                        break;
                }
                break;
            case GORILLA:
                switch (s) {
                    case INT32:
                        return new GorillaIntReader();
                    case INT64:
                        return new GorillaLongReader();
                    case FLOAT:
                        return new GorillaFloatReader();
                    case DOUBLE:
                        return new GorillaDoubleReader();
                    default:
                        break;
                }
                break;
            case ZIGZAG:
                if (s == TsDataType.INT32) {
                    return new ZigzagIntReader();
                }
                if (s == TsDataType.INT64) {
                    return new ZigzagLongReader();
                }
                break;
            case DICTIONARY:
                if (t == TsDataType.TEXT || t == TsDataType.STRING) {
                    return new DictionaryReader(k);
                }
                break;
            case CHIMP:
                switch (s) {
                    case INT32:
                        return new ChimpIntReader();
                    case INT64:
                        return new ChimpLongReader();
                    case FLOAT:
                        return new ChimpFloatReader();
                    case DOUBLE:
                        return new ChimpDoubleReader();
                    default:
                        break;
                }
                break;
            case SPRINTZ:
                switch (s) {
                    case INT32:
                        return new SprintzIntReader(k);
                    case INT64:
                        return new SprintzLongReader(k);
                    case FLOAT:
                        return new SprintzFloatReader(k);
                    case DOUBLE:
                        return new SprintzDoubleReader(k);
                    default:
                        break;
                }
                break;
            case RLBE:
                switch (s) {
                    case INT32:
                        return new RlbeIntReader();
                    case INT64:
                        return new RlbeLongReader();
                    case FLOAT:
                        return new RlbeFloatReader();
                    case DOUBLE:
                        return new RlbeDoubleReader();
                    default:
                        break;
                }
                break;
            case CAMEL:
                if (s == TsDataType.DOUBLE) {
                    return new CamelReader();
                }
                break;
            default:
                break;
        }
        throw invalid(e, t);
    }

    /** A writer of values of type {@code t} with encoding {@code e}, with TsFile's default settings. */
    public static ValuesWriter newWriter(TsEncoding e, TsDataType t, Kernels k) {
        TsDataType s = t.storageType();
        switch (e) {
            case PLAIN:
                switch (s) {
                    case BOOLEAN:
                        return new PlainBooleanWriter();
                    case INT32:
                        return new PlainIntWriter();
                    case INT64:
                        return new PlainLongWriter(k);
                    case FLOAT:
                        return new PlainFloatWriter(k);
                    case DOUBLE:
                        return new PlainDoubleWriter(k);
                    case TEXT:
                        return new PlainBinaryWriter();
                    default:
                        break;
                }
                break;
            case TS_2DIFF:
                switch (s) {
                    case INT32:
                        return new Ts2DiffIntWriter(k);
                    case INT64:
                        return new Ts2DiffLongWriter(k);
                    case FLOAT:
                        return new Ts2DiffFloatWriter(k, DEFAULT_FLOAT_PRECISION);
                    case DOUBLE:
                        return new Ts2DiffDoubleWriter(k, DEFAULT_FLOAT_PRECISION);
                    default:
                        break;
                }
                break;
            case RLE:
                switch (s) {
                    case BOOLEAN:
                        return new RleBooleanWriter(k);
                    case INT32:
                        return new RleIntWriter(k);
                    case INT64:
                        return new RleLongWriter(k);
                    default:
                        break;
                }
                break;
            case GORILLA:
                switch (s) {
                    case INT32:
                        return new GorillaIntWriter();
                    case INT64:
                        return new GorillaLongWriter();
                    case FLOAT:
                        return new GorillaFloatWriter();
                    case DOUBLE:
                        return new GorillaDoubleWriter();
                    default:
                        break;
                }
                break;
            case ZIGZAG:
                if (s == TsDataType.INT32) {
                    return new ZigzagIntWriter();
                }
                if (s == TsDataType.INT64) {
                    return new ZigzagLongWriter();
                }
                break;
            case DICTIONARY:
                if (t == TsDataType.TEXT || t == TsDataType.STRING) {
                    return new DictionaryWriter(k);
                }
                break;
            case CHIMP:
                switch (s) {
                    case INT32:
                        return new ChimpIntWriter();
                    case INT64:
                        return new ChimpLongWriter();
                    case FLOAT:
                        return new ChimpFloatWriter();
                    case DOUBLE:
                        return new ChimpDoubleWriter();
                    default:
                        break;
                }
                break;
            case SPRINTZ:
                switch (s) {
                    case INT32:
                        return new SprintzIntWriter(k);
                    case INT64:
                        return new SprintzLongWriter(k);
                    case FLOAT:
                        return new SprintzFloatWriter(k);
                    case DOUBLE:
                        return new SprintzDoubleWriter(k);
                    default:
                        break;
                }
                break;
            case RLBE:
                switch (s) {
                    case INT32:
                        return new RlbeIntWriter();
                    case INT64:
                        return new RlbeLongWriter();
                    case FLOAT:
                        return new RlbeFloatWriter();
                    case DOUBLE:
                        return new RlbeDoubleWriter();
                    default:
                        break;
                }
                break;
            case CAMEL:
                if (s == TsDataType.DOUBLE) {
                    return new CamelWriter();
                }
                break;
            default:
                break;
        }
        throw invalid(e, t);
    }
}
