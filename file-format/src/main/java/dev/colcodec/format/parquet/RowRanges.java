package dev.colcodec.format.parquet;

import java.util.Arrays;

/**
 * Ranges of row indexes within a row group, {@code [from(i), to(i))}: sorted, disjoint and not adjacent
 * (touching ranges are merged). Immutable. {@link ParquetFileReader#rowRangesOverlapping} gives the
 * rows whose pages may match a min-max predicate; {@link #intersect} combines the ranges of predicates
 * on several columns, and {@link ParquetFileReader#decodeRowGroup(int, int[], RowRanges, int,
 * java.util.concurrent.ForkJoinPool)} decodes just those rows.
 */
public final class RowRanges {
    private static final long[] NONE = new long[0];

    /** {@code from0, to0, from1, to1, ...}. */
    private final long[] bounds;

    private RowRanges(long[] bounds) {
        this.bounds = bounds;
    }

    /** No rows. */
    public static RowRanges empty() {
        return new RowRanges(NONE);
    }

    /** Rows {@code [0, rowCount)}. */
    public static RowRanges all(long rowCount) {
        if (rowCount < 0) {
            throw new IllegalArgumentException("a row count >= 0: " + rowCount);
        }
        return rowCount == 0 ? empty() : new RowRanges(new long[] {0, rowCount});
    }

    /**
     * The ranges {@code [bounds[0], bounds[1]), [bounds[2], bounds[3]), ...}, which must be sorted,
     * non-empty and disjoint; touching ones are merged.
     *
     * @throws IllegalArgumentException otherwise
     */
    public static RowRanges of(long... bounds) {
        if (bounds.length % 2 != 0) {
            throw new IllegalArgumentException("pairs of from, to: " + bounds.length + " numbers");
        }
        Builder b = new Builder();
        for (int i = 0; i < bounds.length; i += 2) {
            if (bounds[i] < 0 || bounds[i] >= bounds[i + 1] || (i > 0 && bounds[i] < bounds[i - 1])) {
                throw new IllegalArgumentException("sorted, non-empty, disjoint ranges: " + Arrays.toString(bounds));
            }
            b.add(bounds[i], bounds[i + 1]);
        }
        return b.build();
    }

    /** The number of ranges. */
    public int count() {
        return bounds.length / 2;
    }

    /** The first row of range {@code i}. */
    public long from(int i) {
        java.util.Objects.checkIndex(i, count());
        return bounds[2 * i];
    }

    /** One past the last row of range {@code i}. */
    public long to(int i) {
        java.util.Objects.checkIndex(i, count());
        return bounds[2 * i + 1];
    }

    /** The number of rows in all ranges. */
    public long rowCount() {
        long n = 0;
        for (int i = 0; i < bounds.length; i += 2) {
            n += bounds[i + 1] - bounds[i];
        }
        return n;
    }

    /** Whether {@code row} lies in a range. */
    public boolean contains(long row) {
        // the last range starting at or before row
        int lo = 0;
        int hi = count() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (from(mid) <= row) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return hi >= 0 && row < to(hi);
    }

    /** The rows in both this and {@code other}. */
    public RowRanges intersect(RowRanges other) {
        Builder b = new Builder();
        int i = 0;
        int j = 0;
        while (i < count() && j < other.count()) {
            long from = Math.max(from(i), other.from(j));
            long to = Math.min(to(i), other.to(j));
            if (from < to) {
                b.add(from, to);
            }
            if (to(i) < other.to(j)) {
                i++;
            } else {
                j++;
            }
        }
        return b.build();
    }

    /** The rows in this or {@code other}. */
    public RowRanges union(RowRanges other) {
        Builder b = new Builder();
        int i = 0;
        int j = 0;
        while (i < count() || j < other.count()) {
            boolean mine = j >= other.count() || (i < count() && from(i) <= other.from(j));
            if (mine) {
                b.add(from(i), to(i));
                i++;
            } else {
                b.add(other.from(j), other.to(j));
                j++;
            }
        }
        return b.build();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RowRanges r && Arrays.equals(r.bounds, bounds);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bounds);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("RowRanges[");
        for (int i = 0; i < count(); i++) {
            sb.append(i == 0 ? "" : ", ")
                    .append('[')
                    .append(from(i))
                    .append(", ")
                    .append(to(i))
                    .append(')');
        }
        return sb.append(']').toString();
    }

    /** Collects ranges given in order of their starts; overlapping and touching ones are merged. */
    static final class Builder {
        private long[] b = new long[8];
        private int n;

        void add(long from, long to) {
            if (from >= to) {
                return;
            }
            if (n > 0 && from <= b[n - 1]) {
                b[n - 1] = Math.max(b[n - 1], to);
                return;
            }
            if (n == b.length) {
                b = Arrays.copyOf(b, n * 2);
            }
            b[n++] = from;
            b[n++] = to;
        }

        RowRanges build() {
            return n == 0 ? empty() : new RowRanges(Arrays.copyOf(b, n));
        }
    }
}
