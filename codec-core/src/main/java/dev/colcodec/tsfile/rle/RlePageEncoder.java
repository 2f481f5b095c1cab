package dev.colcodec.tsfile.rle;

import dev.colcodec.io.ByteSink;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.ValuesWriter;
import java.util.Arrays;

/**
 * The encoder behind the RLE writers. TsFile's RLE encoder fixes the bit width only once the whole
 * page is known, so values are buffered (as longs; INT32 values zero-extended) and encoded in one pass
 * by {@link #toByteArray}.
 *
 * <p>The pass reproduces the run decisions of TsFile's {@code RleEncoder} state machine, stated as a
 * rule: values are taken in groups of 8 from the start of the page; at each group boundary, if the
 * next 8 values are equal, an RLE run of all the equal values that follow (at most 32767) is written;
 * otherwise the next 8 values (zero-padded at the end of the page) become a group of the current
 * bit-packed run, which is closed after 63 groups, before an RLE run and at the end of the page (its
 * last-group byte is then the number of real values in its last group, else 8). A bit-packed run is
 * packed with one {@link Kernels#packMsb} call.
 */
final class RlePageEncoder implements ValuesWriter {
    static final int MIN_REPEAT = 8;
    static final int MAX_REPEAT = 0x7FFF;
    static final int MAX_GROUPS = 63;

    private final boolean int32RunValues;
    private final Kernels kernels;
    private long[] values = new long[1024];
    private int n;
    private boolean finished;
    private final ByteSink body = new ByteSink(1024);

    /**
     * @param int32RunValues INT32 streams (run values little-endian) rather than INT64 (big-endian)
     * @param kernels packs the bit-packed runs
     */
    RlePageEncoder(boolean int32RunValues, Kernels kernels) {
        this.int32RunValues = int32RunValues;
        this.kernels = kernels;
    }

    /** Makes room for {@code len} more values; returns where to put them in {@link #values()}. */
    int reserve(int len) {
        if (finished) {
            throw new IllegalStateException("toByteArray() was called: reset() before writing the next page");
        }
        if (len < 0) {
            throw new IllegalArgumentException("negative length " + len);
        }
        long need = (long) n + len;
        if (need > Integer.MAX_VALUE - 16) {
            throw new IllegalStateException("page of more than 2^31 values");
        }
        if (need > values.length) {
            values = Arrays.copyOf(values, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(need, 2L * values.length)));
        }
        int at = n;
        n = (int) need;
        return at;
    }

    long[] values() {
        return values;
    }

    @Override
    public int valueCount() {
        return n;
    }

    @Override
    public long bufferedSize() {
        return 8 + (long) n * (int32RunValues ? Integer.BYTES : Long.BYTES);
    }

    @Override
    public void reset() {
        n = 0;
        finished = false;
    }

    @Override
    public byte[] toByteArray() {
        ByteSink out = new ByteSink((int) Math.min(Integer.MAX_VALUE - 16, bufferedSize() + 5));
        finishTo(out);
        return out.toByteArray();
    }

    @Override
    public void finishTo(ByteSink out) {
        finished = true;
        body.reset();
        if (n > 0) {
            encodeRuns();
        }
        out.writeUnsignedVarInt(body.size());
        out.write(body);
    }

    private void encodeRuns() {
        long[] v = values;
        long or = 0;
        for (int i = 0; i < n; i++) {
            or |= v[i];
        }
        int width = Math.max(1, 64 - Long.numberOfLeadingZeros(or));
        int valueBytes = (width + 7) >>> 3;
        body.write(width);
        int i = 0;
        int runStart = 0;
        int groups = 0;
        while (i < n) {
            if (n - i >= MIN_REPEAT && repeats8(v, i)) {
                long x = v[i];
                int j = i + MIN_REPEAT;
                int limit = (int) Math.min(n, (long) i + MAX_REPEAT);
                while (j < limit && v[j] == x) {
                    j++;
                }
                if (groups > 0) {
                    packedRun(runStart, groups, 8, width);
                    groups = 0;
                }
                rleRun(j - i, x, valueBytes);
                i = j;
            } else {
                if (groups == MAX_GROUPS) {
                    packedRun(runStart, groups, 8, width);
                    groups = 0;
                }
                if (groups == 0) {
                    runStart = i;
                }
                groups++;
                i += 8;
            }
        }
        if (groups > 0) {
            packedRun(runStart, groups, 8 - (i - n), width);
        }
    }

    private static boolean repeats8(long[] v, int i) {
        long x = v[i];
        return v[i + 1] == x
                && v[i + 2] == x
                && v[i + 3] == x
                && v[i + 4] == x
                && v[i + 5] == x
                && v[i + 6] == x
                && v[i + 7] == x;
    }

    private void packedRun(int start, int groups, int last, int width) {
        body.write((groups << 1) | 1);
        body.write(last);
        int bytes = groups * width;
        int p = body.ensure(bytes);
        byte[] a = body.array();
        int written = kernels.packMsb(values, start, (groups - 1) * 8 + last, width, a, p);
        Arrays.fill(a, p + written, p + bytes, (byte) 0);
        body.advance(bytes);
    }

    private void rleRun(int count, long value, int valueBytes) {
        body.writeUnsignedVarInt(count << 1);
        int p = body.ensure(valueBytes);
        byte[] a = body.array();
        for (int b = 0; b < valueBytes; b++) {
            int shift = int32RunValues ? 8 * b : 8 * (valueBytes - 1 - b);
            a[p + b] = (byte) (value >>> shift);
        }
        body.advance(valueBytes);
    }
}
