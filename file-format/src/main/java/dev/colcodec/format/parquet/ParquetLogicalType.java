package dev.colcodec.format.parquet;

import dev.colcodec.parquet.PhysicalType;
import java.util.Objects;
import org.apache.parquet.format.ConvertedType;
import org.apache.parquet.format.DateType;
import org.apache.parquet.format.DecimalType;
import org.apache.parquet.format.LogicalType;
import org.apache.parquet.format.MicroSeconds;
import org.apache.parquet.format.MilliSeconds;
import org.apache.parquet.format.NanoSeconds;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.StringType;
import org.apache.parquet.format.TimeUnit;
import org.apache.parquet.format.TimestampType;
import org.apache.parquet.format.UUIDType;

/**
 * The logical types colcodec writes and recognises: STRING (BYTE_ARRAY, UTF-8), DATE (INT32 days),
 * TIMESTAMP (INT64 in a {@link Unit}, adjusted to UTC or local), DECIMAL (INT32, INT64,
 * FIXED_LEN_BYTE_ARRAY or BYTE_ARRAY unscaled big-endian two's complement) and UUID (FIXED_LEN_BYTE_ARRAY
 * of 16). Written both as the {@code LogicalType} union and, where one exists, the legacy {@code
 * ConvertedType}; read from either. Other annotations are ignored when reading (the column then has no
 * logical type).
 */
public record ParquetLogicalType(Kind kind, int precision, int scale, Unit unit, boolean adjustedToUtc) {
    /** Which logical type. */
    public enum Kind {
        STRING,
        DATE,
        TIMESTAMP,
        DECIMAL,
        UUID
    }

    /** Timestamp units. */
    public enum Unit {
        MILLIS,
        MICROS,
        NANOS
    }

    public ParquetLogicalType {
        Objects.requireNonNull(kind);
        if (kind == Kind.TIMESTAMP) {
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
    }

    public static ParquetLogicalType string() {
        return new ParquetLogicalType(Kind.STRING, 0, 0, null, false);
    }

    public static ParquetLogicalType date() {
        return new ParquetLogicalType(Kind.DATE, 0, 0, null, false);
    }

    public static ParquetLogicalType timestamp(Unit unit, boolean adjustedToUtc) {
        return new ParquetLogicalType(Kind.TIMESTAMP, 0, 0, unit, adjustedToUtc);
    }

    public static ParquetLogicalType decimal(int precision, int scale) {
        return new ParquetLogicalType(Kind.DECIMAL, precision, scale, null, false);
    }

    public static ParquetLogicalType uuid() {
        return new ParquetLogicalType(Kind.UUID, 0, 0, null, false);
    }

    /** Throws {@link IllegalArgumentException} unless this type can annotate {@code t} of {@code typeLength}. */
    void check(PhysicalType t, int typeLength) {
        boolean ok;
        switch (kind) {
            case STRING:
                ok = t == PhysicalType.BYTE_ARRAY;
                break;
            case DATE:
                ok = t == PhysicalType.INT32;
                break;
            case TIMESTAMP:
                ok = t == PhysicalType.INT64;
                break;
            case UUID:
                ok = t == PhysicalType.FIXED_LEN_BYTE_ARRAY && typeLength == 16;
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
            case DATE:
                lt.setDATE(new DateType());
                e.setConverted_type(ConvertedType.DATE);
                break;
            case TIMESTAMP: {
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
                lt.setTIMESTAMP(new TimestampType(adjustedToUtc, u));
                if (adjustedToUtc && unit != Unit.NANOS) {
                    e.setConverted_type(
                            unit == Unit.MILLIS ? ConvertedType.TIMESTAMP_MILLIS : ConvertedType.TIMESTAMP_MICROS);
                }
                break;
            }
            case DECIMAL:
                lt.setDECIMAL(new DecimalType(scale, precision));
                e.setConverted_type(ConvertedType.DECIMAL);
                e.setPrecision(precision);
                e.setScale(scale);
                break;
            default:
                lt.setUUID(new UUIDType());
                break;
        }
        e.setLogicalType(lt);
    }

    /** The logical type of a schema element, or {@code null} if it has none colcodec knows. */
    static ParquetLogicalType of(SchemaElement e) {
        LogicalType lt = e.getLogicalType();
        if (lt != null && lt.getSetField() != null) {
            if (lt.isSetSTRING()) {
                return string();
            }
            if (lt.isSetDATE()) {
                return date();
            }
            if (lt.isSetUUID()) {
                return uuid();
            }
            if (lt.isSetDECIMAL()) {
                DecimalType d = lt.getDECIMAL();
                return validDecimal(d.getPrecision(), d.getScale());
            }
            if (lt.isSetTIMESTAMP()) {
                TimestampType t = lt.getTIMESTAMP();
                TimeUnit u = t.getUnit();
                if (u == null || u.getSetField() == null) {
                    return null;
                }
                Unit unit = u.isSetMILLIS() ? Unit.MILLIS : u.isSetMICROS() ? Unit.MICROS : Unit.NANOS;
                return timestamp(unit, t.isIsAdjustedToUTC());
            }
            return null;
        }
        ConvertedType ct = e.getConverted_type();
        if (ct == null) {
            return null;
        }
        switch (ct) {
            case UTF8:
                return string();
            case DATE:
                return date();
            case TIMESTAMP_MILLIS:
                return timestamp(Unit.MILLIS, true);
            case TIMESTAMP_MICROS:
                return timestamp(Unit.MICROS, true);
            case DECIMAL:
                return validDecimal(e.getPrecision(), e.getScale());
            default:
                return null;
        }
    }

    private static ParquetLogicalType validDecimal(int precision, int scale) {
        return precision >= 1 && scale >= 0 && scale <= precision ? decimal(precision, scale) : null;
    }
}
