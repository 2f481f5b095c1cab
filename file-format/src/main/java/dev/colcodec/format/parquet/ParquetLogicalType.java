package dev.colcodec.format.parquet;

import dev.colcodec.parquet.PhysicalType;
import java.util.Objects;
import org.apache.parquet.format.BsonType;
import org.apache.parquet.format.ConvertedType;
import org.apache.parquet.format.DateType;
import org.apache.parquet.format.DecimalType;
import org.apache.parquet.format.EnumType;
import org.apache.parquet.format.Float16Type;
import org.apache.parquet.format.IntType;
import org.apache.parquet.format.JsonType;
import org.apache.parquet.format.LogicalType;
import org.apache.parquet.format.MicroSeconds;
import org.apache.parquet.format.MilliSeconds;
import org.apache.parquet.format.NanoSeconds;
import org.apache.parquet.format.NullType;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.StringType;
import org.apache.parquet.format.TimeType;
import org.apache.parquet.format.TimeUnit;
import org.apache.parquet.format.TimestampType;
import org.apache.parquet.format.UUIDType;

/**
 * A Parquet logical type (annotation) of a leaf column, as colcodec writes and recognises them:
 *
 * <ul>
 *   <li>STRING, JSON, BSON and ENUM on BYTE_ARRAY (JSON, ENUM and STRING hold UTF-8 text);
 *   <li>INTEGER on INT32 (8, 16 or 32 bits) or INT64 (64 bits), signed or unsigned: unsigned ones have
 *       unsigned statistics;
 *   <li>DATE (INT32 days), TIME (INT32 milliseconds, INT64 microseconds or nanoseconds of the day) and
 *       TIMESTAMP (INT64 in a {@link Unit}), each adjusted to UTC or local;
 *   <li>DECIMAL on INT32, INT64, FIXED_LEN_BYTE_ARRAY or BYTE_ARRAY (unscaled big-endian two's complement);
 *   <li>UUID on FIXED_LEN_BYTE_ARRAY(16), FLOAT16 on FIXED_LEN_BYTE_ARRAY(2) (IEEE half precision,
 *       little-endian), INTERVAL on FIXED_LEN_BYTE_ARRAY(12) (three little-endian unsigned ints: months,
 *       days, milliseconds);
 *   <li>UNKNOWN (a column that is always null) on any type: the writer takes it on OPTIONAL columns whose
 *       rows are all null.
 * </ul>
 *
 * <p>Written both as the {@code LogicalType} union and, where one exists, the legacy {@code
 * ConvertedType}, as parquet-java writes them, with two intended differences: a local (not adjusted to
 * UTC) TIME or TIMESTAMP gets no converted type, since the legacy ones mean "adjusted to UTC" (pyarrow
 * writes them so; parquet-java gives local times one), and INTERVAL has only its converted type
 * (parquet-java adds an UNKNOWN logical type, which tells readers that go by the logical type that the
 * column is always null; colcodec reads that pair as INTERVAL). Read from either. Annotations colcodec
 * does not know (VARIANT, GEOMETRY, GEOGRAPHY, ...) or that do not fit their physical type leave a column
 * read from a file without logical type; {@link ParquetFileReader#unknownAnnotation} names them.
 *
 * <p>FLOAT16 and INTERVAL columns have no min and max in their statistics (colcodec defines no order for
 * them), so readers never prune them; nor do UNKNOWN ones, whose values are all null.
 */
public record ParquetLogicalType(
        Kind kind, int precision, int scale, Unit unit, boolean adjustedToUtc, int bitWidth, boolean signed) {
    /** Which logical type. */
    public enum Kind {
        STRING,
        DATE,
        TIMESTAMP,
        DECIMAL,
        UUID,
        /** Integers of {@link #bitWidth} bits, {@link #signed} or not. */
        INTEGER,
        /** Time of day in a {@link Unit}. */
        TIME,
        JSON,
        BSON,
        ENUM,
        FLOAT16,
        INTERVAL,
        /** Always null. */
        UNKNOWN
    }

    /** Timestamp and time units. */
    public enum Unit {
        MILLIS,
        MICROS,
        NANOS
    }

    /**
     * The canonical constructor: components that do not apply to {@code kind} are normalised (units and
     * UTC to timestamps and times, precision and scale to decimals, bit width and signedness to integers).
     *
     * @throws IllegalArgumentException for a decimal precision or scale, or an integer width, Parquet does
     *     not allow
     */
    public ParquetLogicalType {
        Objects.requireNonNull(kind);
        if (kind == Kind.TIMESTAMP || kind == Kind.TIME) {
            Objects.requireNonNull(unit, "unit");
        } else {
            unit = null;
            adjustedToUtc = false;
        }
        if (kind == Kind.DECIMAL) {
            if (precision < 1 || scale < 0 || scale > precision) {
                throw new IllegalArgumentException("decimal(" + precision + ", " + scale + ")");
            }
        } else {
            precision = 0;
            scale = 0;
        }
        if (kind == Kind.INTEGER) {
            if (bitWidth != 8 && bitWidth != 16 && bitWidth != 32 && bitWidth != 64) {
                throw new IllegalArgumentException("an integer of 8, 16, 32 or 64 bits, not " + bitWidth);
            }
        } else {
            bitWidth = 0;
            signed = false;
        }
    }

    /** The five components of the first releases (no integer width or signedness). */
    public ParquetLogicalType(Kind kind, int precision, int scale, Unit unit, boolean adjustedToUtc) {
        this(kind, precision, scale, unit, adjustedToUtc, 0, false);
    }

    private static ParquetLogicalType of(Kind kind) {
        return new ParquetLogicalType(kind, 0, 0, null, false, 0, false);
    }

    public static ParquetLogicalType string() {
        return of(Kind.STRING);
    }

    public static ParquetLogicalType date() {
        return of(Kind.DATE);
    }

    public static ParquetLogicalType timestamp(Unit unit, boolean adjustedToUtc) {
        return new ParquetLogicalType(Kind.TIMESTAMP, 0, 0, unit, adjustedToUtc, 0, false);
    }

    public static ParquetLogicalType decimal(int precision, int scale) {
        return new ParquetLogicalType(Kind.DECIMAL, precision, scale, null, false, 0, false);
    }

    public static ParquetLogicalType uuid() {
        return of(Kind.UUID);
    }

    /** An integer of {@code bitWidth} (8, 16, 32 or 64) bits, signed or unsigned. */
    public static ParquetLogicalType integer(int bitWidth, boolean signed) {
        return new ParquetLogicalType(Kind.INTEGER, 0, 0, null, false, bitWidth, signed);
    }

    /** A time of day: MILLIS on INT32, MICROS or NANOS on INT64. */
    public static ParquetLogicalType time(Unit unit, boolean adjustedToUtc) {
        return new ParquetLogicalType(Kind.TIME, 0, 0, unit, adjustedToUtc, 0, false);
    }

    public static ParquetLogicalType json() {
        return of(Kind.JSON);
    }

    public static ParquetLogicalType bson() {
        return of(Kind.BSON);
    }

    /** Parquet's ENUM: UTF-8 text of a set of values. */
    public static ParquetLogicalType enumeration() {
        return of(Kind.ENUM);
    }

    public static ParquetLogicalType float16() {
        return of(Kind.FLOAT16);
    }

    public static ParquetLogicalType interval() {
        return of(Kind.INTERVAL);
    }

    /** Parquet's UNKNOWN (a null type): the column is always null. */
    public static ParquetLogicalType unknown() {
        return of(Kind.UNKNOWN);
    }

    /** Whether the values are UTF-8 text (STRING, JSON, ENUM). */
    public boolean isText() {
        return kind == Kind.STRING || kind == Kind.JSON || kind == Kind.ENUM;
    }

    /** Throws {@link IllegalArgumentException} unless this type can annotate {@code t} of {@code typeLength}. */
    void check(PhysicalType t, int typeLength) {
        boolean ok;
        switch (kind) {
            case STRING:
            case JSON:
            case BSON:
            case ENUM:
                ok = t == PhysicalType.BYTE_ARRAY;
                break;
            case DATE:
                ok = t == PhysicalType.INT32;
                break;
            case TIMESTAMP:
                ok = t == PhysicalType.INT64;
                break;
            case TIME:
                ok = t == (unit == Unit.MILLIS ? PhysicalType.INT32 : PhysicalType.INT64);
                break;
            case INTEGER:
                ok = t == (bitWidth == 64 ? PhysicalType.INT64 : PhysicalType.INT32);
                break;
            case UUID:
                ok = t == PhysicalType.FIXED_LEN_BYTE_ARRAY && typeLength == 16;
                break;
            case FLOAT16:
                ok = t == PhysicalType.FIXED_LEN_BYTE_ARRAY && typeLength == 2;
                break;
            case INTERVAL:
                ok = t == PhysicalType.FIXED_LEN_BYTE_ARRAY && typeLength == 12;
                break;
            case UNKNOWN:
                ok = true;
                break;
            default:
                ok = (t == PhysicalType.INT32 && precision <= 9)
                        || (t == PhysicalType.INT64 && precision <= 18)
                        || t == PhysicalType.BYTE_ARRAY
                        || (t == PhysicalType.FIXED_LEN_BYTE_ARRAY && precision <= maxDigits(typeLength));
                break;
        }
        if (!ok) {
            throw new IllegalArgumentException(
                    this + " cannot annotate " + t + (typeLength > 0 ? "(" + typeLength + ")" : ""));
        }
    }

    private static int maxDigits(int bytes) {
        return (int) Math.floor(Math.log10(Math.pow(2, 8.0 * bytes - 1) - 1));
    }

    void applyTo(SchemaElement e) {
        LogicalType lt = new LogicalType();
        switch (kind) {
            case STRING:
                lt.setSTRING(new StringType());
                e.setConverted_type(ConvertedType.UTF8);
                break;
            case JSON:
                lt.setJSON(new JsonType());
                e.setConverted_type(ConvertedType.JSON);
                break;
            case BSON:
                lt.setBSON(new BsonType());
                e.setConverted_type(ConvertedType.BSON);
                break;
            case ENUM:
                lt.setENUM(new EnumType());
                e.setConverted_type(ConvertedType.ENUM);
                break;
            case DATE:
                lt.setDATE(new DateType());
                e.setConverted_type(ConvertedType.DATE);
                break;
            case TIMESTAMP:
                lt.setTIMESTAMP(new TimestampType(adjustedToUtc, thriftUnit()));
                if (adjustedToUtc && unit != Unit.NANOS) {
                    e.setConverted_type(
                            unit == Unit.MILLIS ? ConvertedType.TIMESTAMP_MILLIS : ConvertedType.TIMESTAMP_MICROS);
                }
                break;
            case TIME:
                lt.setTIME(new TimeType(adjustedToUtc, thriftUnit()));
                if (adjustedToUtc && unit != Unit.NANOS) {
                    e.setConverted_type(unit == Unit.MILLIS ? ConvertedType.TIME_MILLIS : ConvertedType.TIME_MICROS);
                }
                break;
            case INTEGER:
                lt.setINTEGER(new IntType((byte) bitWidth, signed));
                e.setConverted_type(convertedInteger(bitWidth, signed));
                break;
            case DECIMAL:
                lt.setDECIMAL(new DecimalType(scale, precision));
                e.setConverted_type(ConvertedType.DECIMAL);
                e.setPrecision(precision);
                e.setScale(scale);
                break;
            case UUID:
                lt.setUUID(new UUIDType());
                break;
            case FLOAT16:
                lt.setFLOAT16(new Float16Type());
                break;
            case INTERVAL:
                // no LogicalType member: the converted type alone
                e.setConverted_type(ConvertedType.INTERVAL);
                return;
            default:
                lt.setUNKNOWN(new NullType());
                break;
        }
        e.setLogicalType(lt);
    }

    private TimeUnit thriftUnit() {
        TimeUnit u = new TimeUnit();
        switch (unit) {
            case MILLIS:
                u.setMILLIS(new MilliSeconds());
                break;
            case MICROS:
                u.setMICROS(new MicroSeconds());
                break;
            default:
                u.setNANOS(new NanoSeconds());
                break;
        }
        return u;
    }

    private static ConvertedType convertedInteger(int bitWidth, boolean signed) {
        switch (bitWidth) {
            case 8:
                return signed ? ConvertedType.INT_8 : ConvertedType.UINT_8;
            case 16:
                return signed ? ConvertedType.INT_16 : ConvertedType.UINT_16;
            case 32:
                return signed ? ConvertedType.INT_32 : ConvertedType.UINT_32;
            default:
                return signed ? ConvertedType.INT_64 : ConvertedType.UINT_64;
        }
    }

    /**
     * The logical type of a schema element, or {@code null} if it has none colcodec knows (see {@link
     * #describe} for what it has then). The {@code LogicalType} union wins over the converted type.
     */
    static ParquetLogicalType of(SchemaElement e) {
        LogicalType lt = e.getLogicalType();
        ConvertedType ct = e.getConverted_type();
        if (lt != null && lt.getSetField() != null) {
            // parquet-java writes INTERVAL as the converted type with an UNKNOWN logical type
            return lt.isSetUNKNOWN() && ct == ConvertedType.INTERVAL ? interval() : ofLogicalType(lt);
        }
        if (ct == null) {
            return null;
        }
        switch (ct) {
            case UTF8:
                return string();
            case JSON:
                return json();
            case BSON:
                return bson();
            case ENUM:
                return enumeration();
            case DATE:
                return date();
            case TIMESTAMP_MILLIS:
                return timestamp(Unit.MILLIS, true);
            case TIMESTAMP_MICROS:
                return timestamp(Unit.MICROS, true);
            case TIME_MILLIS:
                return time(Unit.MILLIS, true);
            case TIME_MICROS:
                return time(Unit.MICROS, true);
            case DECIMAL:
                return validDecimal(e.getPrecision(), e.getScale());
            case INT_8:
                return integer(8, true);
            case INT_16:
                return integer(16, true);
            case INT_32:
                return integer(32, true);
            case INT_64:
                return integer(64, true);
            case UINT_8:
                return integer(8, false);
            case UINT_16:
                return integer(16, false);
            case UINT_32:
                return integer(32, false);
            case UINT_64:
                return integer(64, false);
            case INTERVAL:
                return interval();
            default:
                return null; // MAP, LIST, MAP_KEY_VALUE annotate groups
        }
    }

    private static ParquetLogicalType ofLogicalType(LogicalType lt) {
        switch (lt.getSetField()) {
            case STRING:
                return string();
            case JSON:
                return json();
            case BSON:
                return bson();
            case ENUM:
                return enumeration();
            case DATE:
                return date();
            case UUID:
                return uuid();
            case FLOAT16:
                return float16();
            case UNKNOWN:
                return unknown();
            case DECIMAL: {
                DecimalType d = lt.getDECIMAL();
                return validDecimal(d.getPrecision(), d.getScale());
            }
            case TIMESTAMP: {
                TimestampType t = lt.getTIMESTAMP();
                Unit unit = unit(t.getUnit());
                return unit == null ? null : timestamp(unit, t.isIsAdjustedToUTC());
            }
            case TIME: {
                TimeType t = lt.getTIME();
                Unit unit = unit(t.getUnit());
                return unit == null ? null : time(unit, t.isIsAdjustedToUTC());
            }
            case INTEGER: {
                IntType i = lt.getINTEGER();
                int w = i.getBitWidth();
                return w == 8 || w == 16 || w == 32 || w == 64 ? integer(w, i.isIsSigned()) : null;
            }
            default:
                return null; // MAP, LIST, VARIANT annotate groups; GEOMETRY, GEOGRAPHY and later kinds
        }
    }

    private static Unit unit(TimeUnit u) {
        if (u == null || u.getSetField() == null) {
            return null;
        }
        return u.isSetMILLIS() ? Unit.MILLIS : u.isSetMICROS() ? Unit.MICROS : Unit.NANOS;
    }

    /** The annotation a schema element carries, as a short name ({@code null} if none). */
    static String describe(SchemaElement e) {
        LogicalType lt = e.getLogicalType();
        if (lt != null && lt.getSetField() != null) {
            return lt.getSetField().getFieldName();
        }
        if (lt != null) {
            return "a LogicalType newer than this reader"; // a union member the Thrift classes do not know
        }
        return e.getConverted_type() == null ? null : e.getConverted_type().name();
    }

    private static ParquetLogicalType validDecimal(int precision, int scale) {
        return precision >= 1 && scale >= 0 && scale <= precision ? decimal(precision, scale) : null;
    }
}
