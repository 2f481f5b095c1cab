package dev.colcodec.format.tsfile;

import java.util.Arrays;
import java.util.List;

/** Decoded rows of one device: a time array and one {@link TsColumn} per requested column, row-aligned. */
public final class TsBlock {
    long[] times = new long[0];
    int size;
    String[] device;
    private final TsColumn[] columns;

    public TsBlock(List<TsColumn> columns) {
        this.columns = columns.toArray(new TsColumn[0]);
    }

    public TsBlock(TsColumn... columns) {
        this.columns = columns.clone();
    }

    public int size() {
        return size;
    }

    /** Time stamps; valid in {@code [0, size())}. */
    public long[] times() {
        return times;
    }

    /** The device id (table name, then tag values) when the block comes from a file query, else null. */
    public String[] device() {
        return device == null ? null : device.clone();
    }

    public int columnCount() {
        return columns.length;
    }

    public TsColumn column(int i) {
        return columns[i];
    }

    /** The column named {@code name}, or null. */
    public TsColumn column(String name) {
        for (TsColumn c : columns) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        return null;
    }

    /** Drops every row, keeping the arrays. */
    public void clear() {
        size = 0;
        for (TsColumn c : columns) {
            c.clear();
        }
    }

    /** Makes room for {@code n} more rows in the times and every column. */
    void reserveMore(int n) {
        ensureMore(n);
        for (TsColumn c : columns) {
            c.ensureMore(n);
        }
    }

    void ensureMore(int n) {
        int need = size + n;
        if (need > times.length) {
            times = Arrays.copyOf(times, Math.max(need, (int) Math.min(Integer.MAX_VALUE - 16, times.length * 2L)));
        }
    }
}
