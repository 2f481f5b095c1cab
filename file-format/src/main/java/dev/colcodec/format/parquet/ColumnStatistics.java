package dev.colcodec.format.parquet;

import dev.colcodec.io.ByteIO;
import dev.colcodec.parquet.PhysicalType;
import java.util.Arrays;
import org.apache.parquet.format.Statistics;

/**
 * Chunk statistics: null count and, when known, min and max as PLAIN bytes (a BYTE_ARRAY value without
 * its length prefix), in the column's {@link Order}: by default signed for INT32/INT64, IEEE-754 ignoring
 * NaN for FLOAT/DOUBLE (a zero minimum is written as -0.0 and a zero maximum as +0.0, as parquet-java
 * did before 1.18, which writes IEEE 754 total order instead), unsigned lexicographic for BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY, false &lt; true for BOOLEAN;
 * unsigned for unsigned integer annotations, signed (big-endian two's complement) for DECIMAL stored as
 * bytes; INT96 has no min/max.
 */
public record ColumnStatistics(long nullCount, byte[] min, byte[] max) {
    /**
     * How the min and max of a column are ordered: the sort order Parquet defines for its physical and
     * logical type ({@code TypeDefinedOrder}).
     */
    public enum Order {
        /**
         * The physical type's order: signed INT32/INT64, IEEE-754 FLOAT/DOUBLE ignoring NaN, false &lt;
         * true, unsigned lexicographic bytes (strings, UUIDs, plain binaries).
         */
        PHYSICAL,
        /** INT32/INT64 as unsigned integers ({@code INTEGER(signed=false)}, {@code UINT_8} to {@code UINT_64}). */
        UNSIGNED_INTEGER,
        /** BYTE_ARRAY/FIXED_LEN_BYTE_ARRAY as big-endian two's complement integers (DECIMAL). */
        SIGNED_BINARY,
        /**
         * No order colcodec can rely on (INT96, INTERVAL, FLOAT16, annotations colcodec does not know, a
         * column order the file does not define): min and max are not compared, so never prune.
         */
        UNDEFINED;

        /**
         * The order of a column by its physical type and logical type: INT96, FLOAT16, INTERVAL and UNKNOWN
         * (always null) have none; unsigned integers are unsigned; DECIMAL stored as bytes is signed. A column read from a file
         * may carry an annotation {@link ParquetLogicalType} does not hold, or a column order the file does
         * not define: {@link ParquetFileReader#order} has those as {@link #UNDEFINED}.
         */
        static Order of(ParquetColumn c) {
            ParquetLogicalType lt = c.logicalType();
            if (c.type() == PhysicalType.INT96) {
                return UNDEFINED;
            }
            if (lt == null) {
                return PHYSICAL;
            }
            switch (lt.kind()) {
                case FLOAT16:
                case INTERVAL:
                case UNKNOWN:
                    return UNDEFINED;
                case INTEGER:
                    return lt.signed() ? PHYSICAL : UNSIGNED_INTEGER;
                case DECIMAL:
                    return c.type() == PhysicalType.BYTE_ARRAY || c.type() == PhysicalType.FIXED_LEN_BYTE_ARRAY
                            ? SIGNED_BINARY
                            : PHYSICAL;
                default:
                    return PHYSICAL;
            }
        }
    }

    /** Whether min and max are present. */
    public boolean hasMinMax() {
        return min != null && max != null;
    }

    /** The bytes of min and max together from which parquet-java writes no chunk statistics. */
    static final int MAX_STATISTICS_BYTES = 4096;

    /**
     * The Thrift statistics of a chunk of {@code column}, as parquet-java 1.18.1 writes them: {@code
     * min_value} and {@code max_value}, and the deprecated {@code min} and {@code max} too where the
     * bounds are signed numbers (no annotation, signed INTEGER, DATE, TIME, TIMESTAMP; not DECIMAL, whose
     * order parquet-java calls unknown there) or the two bounds are equal. Bounds of {@value
     * #MAX_STATISTICS_BYTES} bytes or more together are left out with the null count (an empty struct), so
     * that long values do not swell the footer.
     */
    Statistics toThrift(ParquetColumn column) {
        Statistics s = new Statistics();
        if (hasMinMax() && min.length + (long) max.length >= MAX_STATISTICS_BYTES) {
            return s;
        }
        if (nullCount >= 0) {
            s.setNull_count(nullCount);
        }
        if (hasMinMax()) {
            s.setMin_value(min);
            s.setMax_value(max);
            if (signedNumbers(column, Order.of(column)) || Arrays.equals(min, max)) {
                s.setMin(min);
                s.setMax(max);
            }
        }
        return s;
    }

    /**
     * Whether the column's bounds are signed numbers to parquet-java's deprecated {@code min} and {@code
     * max} (which it writes and reads only then): no annotation, signed INTEGER, DATE, TIME or TIMESTAMP on
     * a numeric or boolean type; not DECIMAL, whose order parquet-java calls unknown there.
     */
    private static boolean signedNumbers(ParquetColumn column, Order order) {
        ParquetLogicalType lt = column.logicalType();
        return order == Order.PHYSICAL
                && column.type() != PhysicalType.BYTE_ARRAY
                && column.type() != PhysicalType.FIXED_LEN_BYTE_ARRAY
                && (lt == null || lt.kind() != ParquetLogicalType.Kind.DECIMAL);
    }

    /**
     * The statistics of a chunk of {@code column} (bounds in {@code order}): {@code min_value} and {@code
     * max_value}, or, where a writer older than them left only the deprecated {@code min} and {@code max},
     * those if the bounds are signed numbers (as parquet-java reads them).
     */
    static ColumnStatistics fromThrift(Statistics s, ParquetColumn column, Order order) {
        if (s == null) {
            return new ColumnStatistics(-1, null, null);
        }
        byte[] min = s.isSetMin_value() ? s.getMin_value() : null;
        byte[] max = s.isSetMax_value() ? s.getMax_value() : null;
        if (min == null && max == null && s.isSetMin() && s.isSetMax() && signedNumbers(column, order)) {
            min = s.getMin();
            max = s.getMax();
        }
        return new ColumnStatistics(s.isSetNull_count() ? s.getNull_count() : -1, min, max);
    }

    /** The PLAIN encoding of an INT32 bound. */
    public static byte[] plain(int v) {
        byte[] b = new byte[4];
        ByteIO.putIntLE(b, 0, v);
        return b;
    }

    /** The PLAIN encoding of an INT64 bound. */
    public static byte[] plain(long v) {
        byte[] b = new byte[8];
        ByteIO.putLongLE(b, 0, v);
        return b;
    }

    /** The PLAIN encoding of a FLOAT bound. */
    public static byte[] plain(float v) {
        return plain(Float.floatToRawIntBits(v));
    }

    /** The PLAIN encoding of a DOUBLE bound. */
    public static byte[] plain(double v) {
        return plain(Double.doubleToRawLongBits(v));
    }

    /**
     * Compares two PLAIN-encoded values of {@code type} in {@code order}.
     *
     * @throws IllegalArgumentException for {@link Order#UNDEFINED}, or an order {@code type} cannot have
     */
    public static int compare(PhysicalType type, Order order, byte[] a, byte[] b) {
        switch (order) {
            case PHYSICAL:
                return compare(type, a, b);
            case UNSIGNED_INTEGER:
                if (type == PhysicalType.INT32) {
                    return Integer.compareUnsigned(ByteIO.getIntLE(a, 0), ByteIO.getIntLE(b, 0));
                }
                if (type == PhysicalType.INT64) {
                    return Long.compareUnsigned(ByteIO.getLongLE(a, 0), ByteIO.getLongLE(b, 0));
                }
                break;
            case SIGNED_BINARY:
                if (type == PhysicalType.BYTE_ARRAY || type == PhysicalType.FIXED_LEN_BYTE_ARRAY) {
                    return compareSignedBigEndian(a, 0, a.length, b, 0, b.length);
                }
                break;
            default:
                break;
        }
        throw new IllegalArgumentException("no " + order + " order for " + type + " values");
    }

    /**
     * Compares {@code a[aOff, aOff + aLen)} and {@code b[bOff, bOff + bLen)} as big-endian two's complement
     * integers of any length (an empty array is 0).
     */
    static int compareSignedBigEndian(byte[] a, int aOff, int aLen, byte[] b, int bOff, int bLen) {
        boolean aNeg = aLen > 0 && a[aOff] < 0;
        boolean bNeg = bLen > 0 && b[bOff] < 0;
        if (aNeg != bNeg) {
            return aNeg ? -1 : 1;
        }
        // the same sign: compare as if both were sign-extended to the longer length
        int pad = aNeg ? 0xFF : 0;
        int len = Math.max(aLen, bLen);
        for (int i = 0; i < len; i++) {
            int x = i < len - aLen ? pad : a[aOff + i - (len - aLen)] & 0xFF;
            int y = i < len - bLen ? pad : b[bOff + i - (len - bLen)] & 0xFF;
            if (x != y) {
                return x < y ? -1 : 1;
            }
        }
        return 0;
    }

    /** Compares two PLAIN-encoded values of {@code type} in its {@link Order#PHYSICAL} order. */
    public static int compare(PhysicalType type, byte[] a, byte[] b) {
        switch (type) {
            case BOOLEAN:
                return Integer.compare(a[0] & 1, b[0] & 1);
            case INT32:
                return Integer.compare(ByteIO.getIntLE(a, 0), ByteIO.getIntLE(b, 0));
            case INT64:
                return Long.compare(ByteIO.getLongLE(a, 0), ByteIO.getLongLE(b, 0));
            case FLOAT:
                return Float.compare(
                        Float.intBitsToFloat(ByteIO.getIntLE(a, 0)), Float.intBitsToFloat(ByteIO.getIntLE(b, 0)));
            case DOUBLE:
                return Double.compare(
                        Double.longBitsToDouble(ByteIO.getLongLE(a, 0)),
                        Double.longBitsToDouble(ByteIO.getLongLE(b, 0)));
            default:
                return Arrays.compareUnsigned(a, b);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ColumnStatistics s
                && s.nullCount == nullCount
                && Arrays.equals(s.min, min)
                && Arrays.equals(s.max, max);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(nullCount) * 31 + Arrays.hashCode(min) * 17 + Arrays.hashCode(max);
    }

    @Override
    public String toString() {
        return "ColumnStatistics[nulls=" + nullCount + ", min=" + Arrays.toString(min) + ", max=" + Arrays.toString(max)
                + "]";
    }
}
