package dev.colcodec.format.tsfile;

import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.values.BinaryBatch;
import java.util.Arrays;

/**
 * One decoded column of a {@link TsBlock}: {@link #size()} rows of one data type in a primitive array
 * (or a {@link BinaryBatch} for TEXT/STRING/BLOB, where a null row is an empty entry) and a null flag
 * per row. Arrays grow as rows are appended and are reused by {@link #clear()}.
 */
public final class TsColumn {
    private final String name;
    private final TsDataType type;
    private final TsDataType storage;
    int size;
    boolean[] nulls = new boolean[0];
    boolean anyNull;
    long[] longs;
    int[] ints;
    float[] floats;
    double[] doubles;
    boolean[] booleans;
    BinaryBatch binaries;

    /** Whether a column can hold values of {@code type}: every value type but VECTOR, UNKNOWN and OBJECT. */
    public static boolean holds(TsDataType type) {
        switch (type.storageType()) {
            case BOOLEAN:
            case INT32:
            case INT64:
            case FLOAT:
            case DOUBLE:
            case TEXT:
                return true;
            default:
                return false;
        }
    }

    /**
     * An empty column of {@code type} (logical type, e.g. TIMESTAMP or STRING).
     *
     * @throws IllegalArgumentException unless the column {@link #holds} the type
     */
    public TsColumn(String name, TsDataType type) {
        this.name = name;
        this.type = type;
        this.storage = type.storageType();
        switch (storage) {
            case BOOLEAN:
                booleans = new boolean[0];
                break;
            case INT32:
                ints = new int[0];
                break;
            case INT64:
                longs = new long[0];
                break;
            case FLOAT:
                floats = new float[0];
                break;
            case DOUBLE:
                doubles = new double[0];
                break;
            case TEXT:
                binaries = new BinaryBatch();
                break;
            default:
                throw new IllegalArgumentException("no column of type " + type);
        }
    }

    public String name() {
        return name;
    }

    public TsDataType type() {
        return type;
    }

    /** The physical type of the values: BOOLEAN, INT32, INT64, FLOAT, DOUBLE or TEXT. */
    public TsDataType storageType() {
        return storage;
    }

    public int size() {
        return size;
    }

    /** Drops every row, keeping the arrays. */
    public void clear() {
        size = 0;
        anyNull = false;
        if (binaries != null) {
            binaries.clear();
        }
    }

    /** Makes room for {@code n} more rows. */
    void ensureMore(int n) {
        int need = size + n;
        if (need <= nulls.length) {
            return;
        }
        int cap = Math.max(need, Math.min(Integer.MAX_VALUE - 16, nulls.length * 2L > need ? nulls.length * 2 : need));
        nulls = Arrays.copyOf(nulls, cap);
        switch (storage) {
            case BOOLEAN:
                booleans = Arrays.copyOf(booleans, cap);
                break;
            case INT32:
                ints = Arrays.copyOf(ints, cap);
                break;
            case INT64:
                longs = Arrays.copyOf(longs, cap);
                break;
            case FLOAT:
                floats = Arrays.copyOf(floats, cap);
                break;
            case DOUBLE:
                doubles = Arrays.copyOf(doubles, cap);
                break;
            default:
                break;
        }
    }

    /** True when row {@code i} is null. */
    public boolean isNull(int i) {
        java.util.Objects.checkIndex(i, size);
        return nulls[i];
    }

    /** True when some row is null. */
    public boolean hasNulls() {
        return anyNull;
    }

    /** The null flags; valid in {@code [0, size())}. */
    public boolean[] nulls() {
        return nulls;
    }

    /** INT64/TIMESTAMP values; valid in {@code [0, size())}, 0 at null rows. */
    public long[] longs() {
        return longs;
    }

    /** INT32/DATE values. */
    public int[] ints() {
        return ints;
    }

    public float[] floats() {
        return floats;
    }

    public double[] doubles() {
        return doubles;
    }

    public boolean[] booleans() {
        return booleans;
    }

    /** TEXT/STRING/BLOB values, one entry per row (empty at null rows). */
    public BinaryBatch binaries() {
        return binaries;
    }
}
