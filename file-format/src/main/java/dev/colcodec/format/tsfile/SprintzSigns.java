package dev.colcodec.format.tsfile;

import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.sprintz.SprintzReader;
import dev.colcodec.values.DoubleValuesReader;
import dev.colcodec.values.FloatValuesReader;
import dev.colcodec.values.IntValuesReader;
import dev.colcodec.values.LongValuesReader;
import dev.colcodec.values.ValuesReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads SPRINTZ value pages back as written where tsfile's encoder lost a sign ({@link SprintzReader}: a
 * residual of the type's minimum, such as a DOUBLE 1.5 then -1.5, written as code 0, after which the
 * page reads with that value and the rest of its 9-value block sign-flipped).
 *
 * <p>The page's statistics (count, bounds, first, last and sum, the sum a serial chain of additions, so
 * compared to the bit) say whether the values read are those tsfile's writer was given. When they are
 * not, a reading with lost signs is looked for, and kept only if it is the one reading tried that agrees:
 * <ol>
 *   <li>Each 9-value block's code 0s are tried as the minimum residual (one per block at a time, every
 *       block in one decode, so at most 8 decodes). A block is suspect when a code 0 read so brings its
 *       last value nearer the value that follows the block (the next block's first value, stored whole,
 *       or the page's last value from its statistics) than the page as written does; its options are the
 *       code 0s that bring it nearest. A page of more than {@link #MAX_SUSPECTS} suspect blocks is left
 *       as written, as soon as a round finds them (a review over 467,504 tsfile pages found that a higher
 *       limit reads almost no more pages exactly and more pages wrong in another way).
 *   <li>Every combination of one option per suspect block, if there are at most {@link #MAX_COMBINATIONS};
 *       a page with lost signs in different blocks is found here.
 *   <li>Otherwise, or if none agrees, each option alone, at most {@link #MAX_SINGLES} (a suspect block
 *       whose values cross zero at its end without a lost sign has an option too).
 * </ol>
 * Two readings that agree leave the page as written: the statistics cannot choose (a reading that flips
 * a run of repeated values can agree as well as the true one). So do pages with no statistics, pages
 * whose statistics hold a NaN (FLOAT, DOUBLE: little is left to compare) and pages that agree as
 * written. Agreeing does not prove a reading right: where the true reading is not among those tried (two
 * lost signs in one block, or a block followed by a value as near its flipped end as its true one, such
 * as 0.0) and one other reading agrees by chance, as sums of small multiples of a power of two often do,
 * the page reads wrong in another way than as written. A page with statistics is decoded once (its
 * values are then served from this instance's arrays); one that disagrees, up to {@code 10 +
 * MAX_COMBINATIONS + MAX_SINGLES} times more.
 *
 * <p>One instance per thread: it keeps the scratch arrays of its last page.
 */
final class SprintzSigns {
    /** Combinations of one option per suspect block tried at most. */
    static final int MAX_COMBINATIONS = 16;
    /** Single options tried at most. */
    static final int MAX_SINGLES = 16;
    /** Suspect blocks at most for a page to be searched further (a page past it is left as written). */
    static final int MAX_SUSPECTS = 4;

    private static final int BLOCK = 9;

    private final Kernels kernels;
    private long[] times = new long[0];
    private int[] ints = new int[0];
    private long[] longs = new long[0];
    private float[] floats = new float[0];
    private double[] doubles = new double[0];
    /** The values as written, while a page that disagrees is looked at. */
    private double[] written = new double[0];
    /** The values {@link #read} read last. */
    private final Decoded decoded = new Decoded();

    SprintzSigns(Kernels kernels) {
        this.kernels = kernels;
    }

    /**
     * The values of the page {@code buf[off, off + len)} of {@code count} values, read by {@code r}: with
     * statistics {@code stats} (the page's, or a single-page chunk's; null when unknown) of that count, the
     * values read here, as written or with the lost signs that make them agree with the statistics;
     * otherwise {@code r} itself, initialized on the page. The result is valid until the next call.
     */
    ValuesReader init(SprintzReader r, TsStatistics stats, int count, byte[] buf, int off, int len) {
        r.init(count, buf, off, len);
        if (stats == null || count <= 0 || stats.count != count) {
            return r;
        }
        TsDataType type = stats.type().storageType();
        read(r, type, count);
        if (agrees(stats, count)) {
            return decoded.start(count);
        }
        int[] found = count >= BLOCK && checkable(stats) ? search(r, stats, type, count, buf, off, len) : null;
        r.init(count, buf, off, len);
        if (found == null) {
            return r;
        }
        r.readAsMinimumResiduals(found);
        read(r, type, count);
        return decoded.start(count);
    }

    /** The code 0 indexes of the one reading tried that agrees with {@code stats}, or null. */
    private int[] search(
            SprintzReader r, TsStatistics stats, TsDataType type, int count, byte[] buf, int off, int len) {
        if (written.length < count) {
            written = new double[count];
        }
        for (int i = 0; i < count; i++) {
            written[i] = value(type, i);
        }
        r.init(count, buf, off, len);
        int[] zeros = r.zeroResidualIndexes();
        int blocks = count / BLOCK;
        // per block, its code 0s (ascending)
        int[][] byBlock = new int[blocks][];
        int[] n = new int[blocks];
        for (int z : zeros) {
            int b = z / BLOCK;
            if (b < blocks) {
                if (byBlock[b] == null) {
                    byBlock[b] = new int[BLOCK - 1];
                }
                byBlock[b][n[b]++] = z;
            }
        }
        // the value after each block: the next block's first (stored whole), or the page's last
        double[] after = new double[blocks];
        double[] best = new double[blocks];
        for (int b = 0; b < blocks; b++) {
            int next = (b + 1) * BLOCK;
            after[b] = next < count ? written[next] : last(stats, type);
            best[b] = distance(written[next - 1], after[b]);
        }
        // one code 0 of every block at a time: round k tries each block's k-th
        List<List<Integer>> options = new ArrayList<>();
        for (int b = 0; b < blocks; b++) {
            options.add(new ArrayList<>());
        }
        int[] at = new int[blocks];
        // a block with an option keeps one (a nearer option replaces the others): it stays suspect
        boolean[] suspect = new boolean[blocks];
        int suspectCount = 0;
        for (int k = 0; k < BLOCK - 1; k++) {
            int m = 0;
            for (int b = 0; b < blocks; b++) {
                if (n[b] > k) {
                    at[m++] = byBlock[b][k];
                }
            }
            if (m == 0) {
                break;
            }
            r.init(count, buf, off, len);
            r.readAsMinimumResiduals(Arrays.copyOf(at, m));
            read(r, type, count);
            for (int j = 0; j < m; j++) {
                int b = at[j] / BLOCK;
                double d = distance(value(type, (b + 1) * BLOCK - 1), after[b]);
                if (d < best[b]) {
                    best[b] = d;
                    options.get(b).clear();
                }
                if (d == best[b] && d < distance(written[(b + 1) * BLOCK - 1], after[b])) {
                    if (!suspect[b]) {
                        suspect[b] = true;
                        suspectCount++;
                    }
                    options.get(b).add(at[j]);
                }
            }
            if (suspectCount > MAX_SUSPECTS) {
                return null;
            }
        }
        List<int[]> suspects = new ArrayList<>();
        long combinations = 1;
        for (List<Integer> o : options) {
            if (!o.isEmpty()) {
                suspects.add(o.stream().mapToInt(Integer::intValue).toArray());
                // saturating: only whether it passes MAX_COMBINATIONS matters
                combinations = Math.min(combinations * o.size(), MAX_COMBINATIONS + 1);
            }
        }
        if (suspects.isEmpty()) {
            return null;
        }
        if (combinations <= MAX_COMBINATIONS) {
            int[] choice = new int[suspects.size()];
            int[] agreeing = null;
            for (long c = 0; c < combinations; c++) {
                long rest = c;
                for (int s = 0; s < choice.length; s++) {
                    int[] o = suspects.get(s);
                    choice[s] = o[(int) (rest % o.length)];
                    rest /= o.length;
                }
                if (agreesWith(r, stats, type, count, buf, off, len, choice)) {
                    if (agreeing != null) {
                        return null;
                    }
                    agreeing = choice.clone();
                }
            }
            if (agreeing != null || suspects.size() == 1) {
                // with one suspect block its options alone were the combinations
                return agreeing;
            }
        }
        int[] agreeing = null;
        int tried = 0;
        for (int[] o : suspects) {
            for (int z : o) {
                if (tried++ == MAX_SINGLES) {
                    return agreeing;
                }
                int[] one = {z};
                if (agreesWith(r, stats, type, count, buf, off, len, one)) {
                    if (agreeing != null) {
                        return null;
                    }
                    agreeing = one;
                }
            }
        }
        return agreeing;
    }

    private boolean agreesWith(
            SprintzReader r, TsStatistics stats, TsDataType type, int count, byte[] buf, int off, int len, int[] at) {
        r.init(count, buf, off, len);
        r.readAsMinimumResiduals(at);
        read(r, type, count);
        return agrees(stats, count);
    }

    /** How far apart two values are, for choosing among readings; NaN and infinities are as far as can be. */
    private static double distance(double a, double b) {
        double d = Math.abs(a - b);
        return Double.isNaN(d) ? Double.POSITIVE_INFINITY : d;
    }

    /** The page's last value from its statistics. */
    private static double last(TsStatistics stats, TsDataType type) {
        return type == TsDataType.INT32 || type == TsDataType.INT64 ? (double) stats.lastLong : stats.lastDouble;
    }

    /** Whether the statistics pin the values down enough to choose a reading: FLOAT and DOUBLE ones without NaN. */
    private static boolean checkable(TsStatistics s) {
        TsDataType t = s.type().storageType();
        if (t != TsDataType.FLOAT && t != TsDataType.DOUBLE) {
            return true;
        }
        return !Double.isNaN(s.minDouble)
                && !Double.isNaN(s.maxDouble)
                && !Double.isNaN(s.firstDouble)
                && !Double.isNaN(s.lastDouble)
                && !Double.isNaN(s.sumDouble);
    }

    /** Value {@code i} of the last {@link #read}, as a double. */
    private double value(TsDataType type, int i) {
        switch (type) {
            case INT32:
                return ints[i];
            case INT64:
                return longs[i];
            case FLOAT:
                return floats[i];
            default:
                return doubles[i];
        }
    }

    /** Reads the page's {@code count} values from {@code r} into the scratch array of {@code type}. */
    private void read(SprintzReader r, TsDataType type, int count) {
        switch (type) {
            case INT32:
                if (ints.length < count) {
                    ints = new int[count];
                }
                ((IntValuesReader) r).readIntegers(ints, 0, count);
                break;
            case INT64:
                if (longs.length < count) {
                    longs = new long[count];
                }
                ((LongValuesReader) r).readLongs(longs, 0, count);
                break;
            case FLOAT:
                if (floats.length < count) {
                    floats = new float[count];
                }
                ((FloatValuesReader) r).readFloats(floats, 0, count);
                break;
            case DOUBLE:
                if (doubles.length < count) {
                    doubles = new double[count];
                }
                ((DoubleValuesReader) r).readDoubles(doubles, 0, count);
                break;
            default:
                throw new IllegalStateException("SPRINTZ has no " + type + " values");
        }
    }

    /** Whether the statistics of the values {@link #read} read last are {@code stats}'s. */
    private boolean agrees(TsStatistics stats, int count) {
        if (times.length < count) {
            times = new long[count];
        }
        TsStatistics got = new TsStatistics(stats.type());
        switch (stats.type().storageType()) {
            case INT32:
                got.updateInts(kernels, times, ints, 0, count);
                return got.count == stats.count
                        && got.minLong == stats.minLong
                        && got.maxLong == stats.maxLong
                        && got.firstLong == stats.firstLong
                        && got.lastLong == stats.lastLong
                        && got.sumLong == stats.sumLong;
            case INT64:
                got.updateLongs(kernels, times, longs, 0, count);
                return got.count == stats.count
                        && got.minLong == stats.minLong
                        && got.maxLong == stats.maxLong
                        && got.firstLong == stats.firstLong
                        && got.lastLong == stats.lastLong
                        && same(got.sumDouble, stats.sumDouble);
            case FLOAT:
                got.updateFloats(kernels, times, floats, 0, count);
                return sameDoubles(got, stats);
            default:
                got.updateDoubles(kernels, times, doubles, 0, count);
                return sameDoubles(got, stats);
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

    /** Reads the values {@link #read} read last, from the scratch array of their type. */
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
