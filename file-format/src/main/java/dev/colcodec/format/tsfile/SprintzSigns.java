package dev.colcodec.format.tsfile;

import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.sprintz.SprintzReader;
import dev.colcodec.values.DoubleValuesReader;
import dev.colcodec.values.FloatValuesReader;
import dev.colcodec.values.IntValuesReader;
import dev.colcodec.values.LongValuesReader;
import dev.colcodec.values.ValuesReader;

/**
 * Reads SPRINTZ value pages back as written where tsfile's encoder lost a sign ({@link SprintzReader}: a
 * residual of the type's minimum, such as a DOUBLE 1.5 then -1.5, written as code 0, after which the
 * page reads with that value and the rest of its block sign-flipped). The page's statistics (count,
 * bounds, first, last and sum, the last a serial chain of additions, so to the bit) tell whether the
 * values read agree with what tsfile's writer was given; when they do not, the page's code 0s are tried
 * as that residual, one at a time, the likeliest first (by the sum the page would then have), at most
 * {@link #MAX_TRIES} of them, and the first reading that agrees is kept. Pages with no statistics, pages
 * that agree, and pages no single such reading repairs (two lost signs, say) read as written. A page with
 * statistics is read once (its values are then served from this instance's arrays), and up to {@code
 * MAX_TRIES + 2} times more when it disagrees.
 *
 * <p>One instance per thread: it keeps the scratch arrays of its last page.
 */
final class SprintzSigns {
    /** Readings of one page tried at most beyond the first: the candidates likeliest to agree. */
    static final int MAX_TRIES = 32;

    private final Kernels kernels;
    private long[] times = new long[0];
    private int[] ints = new int[0];
    private long[] longs = new long[0];
    private float[] floats = new float[0];
    private double[] doubles = new double[0];
    private final int[] one = new int[1];
    /** The values {@link #agrees} read last. */
    private final Decoded decoded = new Decoded();
    /** Pages whose reading this instance changed. */
    long repaired;

    SprintzSigns(Kernels kernels) {
        this.kernels = kernels;
    }

    /**
     * The values of the page {@code buf[off, off + len)} of {@code count} values, read by {@code r}: with
     * statistics {@code stats} (the page's, or a single-page chunk's; null when unknown) of that count, the
     * values read here, as written or with the one code 0 that makes them agree with the statistics read as
     * the minimum residual; otherwise {@code r} itself, initialized on the page. The result is valid until
     * the next call.
     */
    ValuesReader init(SprintzReader r, TsStatistics stats, int count, byte[] buf, int off, int len) {
        r.init(count, buf, off, len);
        if (stats == null || count <= 0 || stats.count != count) {
            return r;
        }
        if (agrees(r, stats, count)) {
            return decoded.start(count);
        }
        r.init(count, buf, off, len);
        int[] zeros = r.zeroResidualIndexes();
        // the values just read are in the scratch array of the statistics' type
        Integer[] order = rank(zeros, stats, count);
        int tries = Math.min(order.length, MAX_TRIES);
        for (int t = 0; t < tries; t++) {
            one[0] = zeros[order[t]];
            r.init(count, buf, off, len);
            r.readAsMinimumResiduals(one);
            if (agrees(r, stats, count)) {
                repaired++;
                return decoded.start(count);
            }
        }
        r.init(count, buf, off, len);
        return r;
    }

    /**
     * The candidates' positions in {@code zeros}, the likeliest first: by how far the page's sum would be
     * from the statistics' if reading code 0 at the candidate as the minimum residual turned the rest of
     * its block into the same values with the sign bit flipped (FLOAT and DOUBLE; integers: plus the
     * minimum), as it does but for the odd case where the predictor's step then changes too. Ties keep page
     * order.
     */
    private Integer[] rank(int[] zeros, TsStatistics stats, int count) {
        // prefix sums of what each value's flip would add to the sum
        double[] gain = new double[count + 1];
        double plain = 0;
        TsDataType type = stats.type().storageType();
        for (int i = 0; i < count; i++) {
            double x;
            double flipped;
            switch (type) {
                case INT32:
                    x = ints[i];
                    flipped = ints[i] + Integer.MIN_VALUE;
                    break;
                case INT64:
                    x = longs[i];
                    flipped = longs[i] + Long.MIN_VALUE;
                    break;
                case FLOAT:
                    x = floats[i];
                    flipped = -floats[i];
                    break;
                default:
                    x = doubles[i];
                    flipped = -doubles[i];
                    break;
            }
            plain += x;
            gain[i + 1] = gain[i] + (flipped - x);
        }
        double want = type == TsDataType.INT32 ? stats.sumLong : stats.sumDouble;
        double[] score = new double[zeros.length];
        Integer[] order = new Integer[zeros.length];
        for (int j = 0; j < zeros.length; j++) {
            int z = zeros[j];
            int blockEnd = Math.min(count, z / 9 * 9 + 9);
            double d = Math.abs(plain + gain[blockEnd] - gain[z] - want);
            score[j] = Double.isNaN(d) ? Double.POSITIVE_INFINITY : d;
            order[j] = j;
        }
        java.util.Arrays.sort(order, (a, b) -> Double.compare(score[a], score[b]));
        return order;
    }

    /** Reads the page's {@code count} values from {@code r} and whether their statistics are {@code stats}'s. */
    private boolean agrees(SprintzReader r, TsStatistics stats, int count) {
        if (times.length < count) {
            times = new long[count];
        }
        TsStatistics got = new TsStatistics(stats.type());
        switch (stats.type().storageType()) {
            case INT32:
                if (ints.length < count) {
                    ints = new int[count];
                }
                ((IntValuesReader) r).readIntegers(ints, 0, count);
                got.updateInts(kernels, times, ints, 0, count);
                return got.count == stats.count
                        && got.minLong == stats.minLong
                        && got.maxLong == stats.maxLong
                        && got.firstLong == stats.firstLong
                        && got.lastLong == stats.lastLong
                        && got.sumLong == stats.sumLong;
            case INT64:
                if (longs.length < count) {
                    longs = new long[count];
                }
                ((LongValuesReader) r).readLongs(longs, 0, count);
                got.updateLongs(kernels, times, longs, 0, count);
                return got.count == stats.count
                        && got.minLong == stats.minLong
                        && got.maxLong == stats.maxLong
                        && got.firstLong == stats.firstLong
                        && got.lastLong == stats.lastLong
                        && same(got.sumDouble, stats.sumDouble);
            case FLOAT:
                if (floats.length < count) {
                    floats = new float[count];
                }
                ((FloatValuesReader) r).readFloats(floats, 0, count);
                got.updateFloats(kernels, times, floats, 0, count);
                return sameDoubles(got, stats);
            case DOUBLE:
                if (doubles.length < count) {
                    doubles = new double[count];
                }
                ((DoubleValuesReader) r).readDoubles(doubles, 0, count);
                got.updateDoubles(kernels, times, doubles, 0, count);
                return sameDoubles(got, stats);
            default:
                // SPRINTZ has no other types; a reader of another type is not asked
                return true;
        }
    }

    private static boolean sameDoubles(TsStatistics a, TsStatistics b) {
        return a.count == b.count
                && same(a.minDouble, b.minDouble)
                && same(a.maxDouble, b.maxDouble)
                && same(a.firstDouble, b.firstDouble)
                && same(a.lastDouble, b.lastDouble)
                && same(a.sumDouble, b.sumDouble);
    }

    /** Equal as statistics store them: bit for bit, any NaN alike. */
    private static boolean same(double a, double b) {
        return Double.doubleToLongBits(a) == Double.doubleToLongBits(b);
    }

    /** Reads the values {@link #agrees} read last, from the scratch array of their type. */
    private final class Decoded implements IntValuesReader, LongValuesReader, FloatValuesReader, DoubleValuesReader {
        private int pos;
        private int count;

        Decoded start(int count) {
            this.pos = 0;
            this.count = count;
            return this;
        }

        /** The position after {@code n} more values, which the page holds (the callers' counts come from it). */
        private int take(int n) {
            if (n < 0 || n > count - pos) {
                throw new IllegalStateException(n + " more values of a page of " + count + " at " + pos);
            }
            int at = pos;
            pos += n;
            return at;
        }

        @Override
        public void init(int valueCount, byte[] buf, int offset, int length) {
            throw new UnsupportedOperationException("reads the page SprintzSigns decoded");
        }

        @Override
        public void skip(int n) {
            take(n);
        }

        @Override
        public int endOffset() {
            throw new UnsupportedOperationException("reads the page SprintzSigns decoded");
        }

        @Override
        public int readInteger() {
            return ints[take(1)];
        }

        @Override
        public void readIntegers(int[] dst, int off, int len) {
            System.arraycopy(ints, take(len), dst, off, len);
        }

        @Override
        public long readLong() {
            return longs[take(1)];
        }

        @Override
        public void readLongs(long[] dst, int off, int len) {
            System.arraycopy(longs, take(len), dst, off, len);
        }

        @Override
        public float readFloat() {
            return floats[take(1)];
        }

        @Override
        public void readFloats(float[] dst, int off, int len) {
            System.arraycopy(floats, take(len), dst, off, len);
        }

        @Override
        public double readDouble() {
            return doubles[take(1)];
        }

        @Override
        public void readDoubles(double[] dst, int off, int len) {
            System.arraycopy(doubles, take(len), dst, off, len);
        }
    }
}
