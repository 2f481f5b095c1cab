package dev.colcodec.format.cli;

import java.util.Arrays;

/**
 * One column of rows held in memory, spaced: one array slot per row, ignored at null rows. {@link
 * #values} is a {@code boolean[]}, {@code int[]}, {@code long[]}, {@code float[]}, {@code double[]},
 * {@code byte[][]} (BINARY) or {@code String[]} (LIST, rendered text of a repeated Parquet column; dump
 * only), as {@link #kind} says.
 */
final class ColumnValues {
    /** How the values are stored. */
    enum Kind {
        BOOLEAN,
        INT32,
        INT64,
        FLOAT,
        DOUBLE,
        BINARY,
        LIST
    }

    /** What the stored values mean beyond their kind. */
    enum Meaning {
        NONE,
        /** UTF-8 text (BINARY). */
        STRING,
        /** Days or yyyyMMdd (INT32), as stored. */
        DATE,
        /** A time stamp (INT64), as stored. */
        TIMESTAMP,
        /** An unsigned integer (INT32, INT64). */
        UNSIGNED,
        /** An IEEE half-precision float, 2 little-endian bytes (BINARY). */
        FLOAT16
    }

    final String name;
    final Kind kind;
    final Meaning meaning;
    final Object values;
    /** Per-row null flags, or null when no row is null. */
    final boolean[] nulls;

    final int rows;

    ColumnValues(String name, Kind kind, Meaning meaning, Object values, boolean[] nulls, int rows) {
        this.name = name;
        this.kind = kind;
        this.meaning = meaning;
        this.values = values;
        this.nulls = nulls;
        this.rows = rows;
    }

    /** An empty spaced array of {@code kind} for {@code rows} rows. */
    static Object newArray(Kind kind, int rows) {
        switch (kind) {
            case BOOLEAN:
                return new boolean[rows];
            case INT32:
                return new int[rows];
            case INT64:
                return new long[rows];
            case FLOAT:
                return new float[rows];
            case DOUBLE:
                return new double[rows];
            case BINARY:
                return new byte[rows][];
            case LIST:
                return new String[rows];
            default:
                throw new AssertionError(kind);
        }
    }

    /** The float of IEEE half-precision bits {@code h} (the low 16 bits), exactly; NaN payloads kept. */
    static float float16(int h) {
        int sign = (h & 0x8000) << 16;
        int exp = (h >>> 10) & 0x1F;
        int mantissa = h & 0x3FF;
        if (exp == 0x1F) {
            return Float.intBitsToFloat(sign | 0x7F80_0000 | mantissa << 13);
        }
        if (exp == 0) {
            // zero or subnormal: mantissa * 2^-24 is exact in a float
            float v = mantissa * 0x1p-24f;
            return sign != 0 ? -v : v;
        }
        return Float.intBitsToFloat(sign | (exp + 112) << 23 | mantissa << 13);
    }

    boolean isNull(int row) {
        return nulls != null && nulls[row];
    }

    /** The rows at {@code order} (row indexes), in that order. */
    ColumnValues gather(int[] order, int n) {
        Object out = newArray(kind, n);
        boolean[] outNulls = nulls == null ? null : new boolean[n];
        for (int i = 0; i < n; i++) {
            int r = order[i];
            copyValue(values, r, out, i);
            if (outNulls != null) {
                outNulls[i] = nulls[r];
            }
        }
        return new ColumnValues(name, kind, meaning, out, outNulls, n);
    }

    /** Concatenates columns of the same name and kind. */
    static ColumnValues concat(java.util.List<ColumnValues> parts) {
        ColumnValues first = parts.get(0);
        long total = 0;
        boolean anyNull = false;
        for (ColumnValues p : parts) {
            total += p.rows;
            anyNull |= p.nulls != null;
        }
        if (total > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("more than 2^31 rows do not fit in memory here");
        }
        int n = (int) total;
        Object out = newArray(first.kind, n);
        boolean[] outNulls = anyNull ? new boolean[n] : null;
        int at = 0;
        for (ColumnValues p : parts) {
            System.arraycopy(p.values, 0, out, at, p.rows);
            if (p.nulls != null) {
                System.arraycopy(p.nulls, 0, outNulls, at, p.rows);
            }
            at += p.rows;
        }
        return new ColumnValues(first.name, first.kind, first.meaning, out, outNulls, n);
    }

    private static void copyValue(Object from, int i, Object to, int j) {
        System.arraycopy(from, i, to, j, 1);
    }

    /** Whether this column holds the same rows as {@code o} (values compared bit for bit; nulls equal). */
    boolean sameRows(ColumnValues o) {
        if (o.kind != kind || o.rows != rows) {
            return false;
        }
        for (int r = 0; r < rows; r++) {
            if (isNull(r) != o.isNull(r)) {
                return false;
            }
            if (!isNull(r) && !sameValue(o, r)) {
                return false;
            }
        }
        return true;
    }

    private boolean sameValue(ColumnValues o, int r) {
        switch (kind) {
            case BOOLEAN:
                return ((boolean[]) values)[r] == ((boolean[]) o.values)[r];
            case INT32:
                return ((int[]) values)[r] == ((int[]) o.values)[r];
            case INT64:
                return ((long[]) values)[r] == ((long[]) o.values)[r];
            case FLOAT:
                return Float.floatToRawIntBits(((float[]) values)[r])
                        == Float.floatToRawIntBits(((float[]) o.values)[r]);
            case DOUBLE:
                return Double.doubleToRawLongBits(((double[]) values)[r])
                        == Double.doubleToRawLongBits(((double[]) o.values)[r]);
            case BINARY:
                return Arrays.equals(((byte[][]) values)[r], ((byte[][]) o.values)[r]);
            default:
                return ((String[]) values)[r].equals(((String[]) o.values)[r]);
        }
    }
}
