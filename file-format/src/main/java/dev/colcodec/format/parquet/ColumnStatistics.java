package dev.colcodec.format.parquet;

import dev.colcodec.io.ByteIO;
import dev.colcodec.parquet.PhysicalType;
import java.util.Arrays;
import org.apache.parquet.format.Statistics;

/**
 * Chunk statistics: null count and, when known, min and max as PLAIN bytes (a BYTE_ARRAY value without
 * its length prefix). Order: signed for INT32/INT64, IEEE-754 ignoring NaN for FLOAT/DOUBLE (a zero
 * minimum is written as -0.0 and a zero maximum as +0.0, as parquet-java does), unsigned lexicographic
 * for BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY, false &lt; true for BOOLEAN; INT96 has no min/max.
 */
public record ColumnStatistics(long nullCount, byte[] min, byte[] max) {
    /** Whether min and max are present. */
    public boolean hasMinMax() {
        return min != null && max != null;
    }

    Statistics toThrift() {
        Statistics s = new Statistics();
        if (nullCount >= 0) {
            s.setNull_count(nullCount);
        }
        if (hasMinMax()) {
            s.setMin_value(min);
            s.setMax_value(max);
        }
        return s;
    }

    static ColumnStatistics fromThrift(Statistics s) {
        if (s == null) {
            return new ColumnStatistics(-1, null, null);
        }
        return new ColumnStatistics(
                s.isSetNull_count() ? s.getNull_count() : -1,
                s.isSetMin_value() ? s.getMin_value() : null,
                s.isSetMax_value() ? s.getMax_value() : null);
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

    /** Compares two PLAIN-encoded values of {@code type} in the order described above. */
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
