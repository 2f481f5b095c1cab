package dev.colcodec.kernel;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.ByteIO;
import java.util.Arrays;

/**
 * The complete scalar kernel set: per-width generated unpackers for whole groups of 8 values, exact
 * tails, and plain loops everything else. Subclasses (the Vector API kernels in codec-simd) override
 * what they speed up and inherit the rest.
 */
public class ScalarKernels implements Kernels {
    static final ScalarKernels INSTANCE = new ScalarKernels();

    protected ScalarKernels() {}

    @Override
    public String name() {
        return "scalar";
    }

    // ---- unpack --------------------------------------------------------------------------------

    @Override
    public void unpackLsb(byte[] src, int srcOff, int bitWidth, int[] dst, int dstOff, int count) {
        int groups = count >>> 3;
        BitUnpackers.LSB_INT[bitWidth].unpack(src, srcOff, dst, dstOff, groups);
        int done = groups << 3;
        if (done < count) {
            unpackTailLsb(src, srcOff + groups * bitWidth, bitWidth, dst, dstOff + done, count - done);
        }
    }

    @Override
    public void unpackLsb(byte[] src, int srcOff, int bitWidth, long[] dst, int dstOff, int count) {
        int groups = count >>> 3;
        BitUnpackers.LSB_LONG[bitWidth].unpack(src, srcOff, dst, dstOff, groups);
        int done = groups << 3;
        if (done < count) {
            unpackTailLsb(src, srcOff + groups * bitWidth, bitWidth, dst, dstOff + done, count - done);
        }
    }

    @Override
    public void unpackMsb(byte[] src, int srcOff, int bitWidth, int[] dst, int dstOff, int count) {
        int groups = count >>> 3;
        BitUnpackers.MSB_INT[bitWidth].unpack(src, srcOff, dst, dstOff, groups);
        int done = groups << 3;
        if (done < count) {
            unpackTailMsb(src, srcOff + groups * bitWidth, bitWidth, dst, dstOff + done, count - done);
        }
    }

    @Override
    public void unpackMsb(byte[] src, int srcOff, int bitWidth, long[] dst, int dstOff, int count) {
        int groups = count >>> 3;
        BitUnpackers.MSB_LONG[bitWidth].unpack(src, srcOff, dst, dstOff, groups);
        int done = groups << 3;
        if (done < count) {
            unpackTailMsb(src, srcOff + groups * bitWidth, bitWidth, dst, dstOff + done, count - done);
        }
    }

    /** Unpacks fewer than 8 values without reading past {@code ceil(n * w / 8)} bytes. */
    protected static void unpackTailLsb(byte[] src, int p, int w, int[] dst, int o, int n) {
        long bit = 0;
        for (int i = 0; i < n; i++, bit += w) {
            dst[o + i] = (int) readBitsLsb(src, p, bit, w);
        }
    }

    protected static void unpackTailLsb(byte[] src, int p, int w, long[] dst, int o, int n) {
        long bit = 0;
        for (int i = 0; i < n; i++, bit += w) {
            dst[o + i] = readBitsLsb(src, p, bit, w);
        }
    }

    protected static void unpackTailMsb(byte[] src, int p, int w, int[] dst, int o, int n) {
        long bit = 0;
        for (int i = 0; i < n; i++, bit += w) {
            dst[o + i] = (int) readBitsMsb(src, p, bit, w);
        }
    }

    protected static void unpackTailMsb(byte[] src, int p, int w, long[] dst, int o, int n) {
        long bit = 0;
        for (int i = 0; i < n; i++, bit += w) {
            dst[o + i] = readBitsMsb(src, p, bit, w);
        }
    }

    /** {@code w} bits starting {@code bit} bits after {@code src[p]}'s least significant bit. */
    static long readBitsLsb(byte[] src, int p, long bit, int w) {
        long v = 0;
        int got = 0;
        int idx = p + (int) (bit >>> 3);
        int sh = (int) (bit & 7);
        while (got < w) {
            int avail = 8 - sh;
            int take = Math.min(avail, w - got);
            long part = ((src[idx] & 0xFF) >>> sh) & ((1 << take) - 1);
            v |= part << got;
            got += take;
            idx++;
            sh = 0;
        }
        return v;
    }

    /** {@code w} bits starting {@code bit} bits after {@code src[p]}'s most significant bit. */
    static long readBitsMsb(byte[] src, int p, long bit, int w) {
        long v = 0;
        int got = 0;
        int idx = p + (int) (bit >>> 3);
        int sh = (int) (bit & 7);
        while (got < w) {
            int avail = 8 - sh;
            int take = Math.min(avail, w - got);
            int part = ((src[idx] & 0xFF) >>> (avail - take)) & ((1 << take) - 1);
            v = (v << take) | part;
            got += take;
            idx++;
            sh = 0;
        }
        return v;
    }

    // ---- pack ----------------------------------------------------------------------------------

    @Override
    public int packLsb(int[] src, int srcOff, int count, int bitWidth, byte[] dst, int dstOff) {
        if (bitWidth == 0 || count == 0) {
            return 0;
        }
        long mask = bitWidth == 32 ? 0xFFFFFFFFL : (1L << bitWidth) - 1;
        long acc = 0;
        int n = 0;
        int p = dstOff;
        for (int i = srcOff, end = srcOff + count; i < end; i++) {
            long v = src[i] & mask;
            acc |= v << n;
            n += bitWidth;
            if (n >= 64) {
                ByteIO.putLongLE(dst, p, acc);
                p += 8;
                n -= 64;
                acc = n == 0 ? 0 : v >>> (bitWidth - n);
            }
        }
        return flushLsb(acc, n, dst, p) - dstOff;
    }

    @Override
    public int packLsb(long[] src, int srcOff, int count, int bitWidth, byte[] dst, int dstOff) {
        if (bitWidth == 0 || count == 0) {
            return 0;
        }
        if (bitWidth == 64) {
            // whole little-endian words
            for (int i = srcOff, p = dstOff, end = srcOff + count; i < end; i++, p += 8) {
                ByteIO.putLongLE(dst, p, src[i]);
            }
            return 8 * count;
        }
        long mask = (1L << bitWidth) - 1;
        long acc = 0;
        int n = 0;
        int p = dstOff;
        for (int i = srcOff, end = srcOff + count; i < end; i++) {
            long v = src[i] & mask;
            acc |= v << n;
            n += bitWidth;
            if (n >= 64) {
                ByteIO.putLongLE(dst, p, acc);
                p += 8;
                n -= 64;
                acc = n == 0 ? 0 : v >>> (bitWidth - n);
            }
        }
        return flushLsb(acc, n, dst, p) - dstOff;
    }

    private static int flushLsb(long acc, int n, byte[] dst, int p) {
        for (; n > 0; n -= 8) {
            dst[p++] = (byte) acc;
            acc >>>= 8;
        }
        return p;
    }

    @Override
    public int packMsb(int[] src, int srcOff, int count, int bitWidth, byte[] dst, int dstOff) {
        if (bitWidth == 0 || count == 0) {
            return 0;
        }
        long mask = bitWidth == 32 ? 0xFFFFFFFFL : (1L << bitWidth) - 1;
        long acc = 0;
        int n = 0;
        int p = dstOff;
        for (int i = srcOff, end = srcOff + count; i < end; i++) {
            long v = src[i] & mask;
            int total = n + bitWidth;
            if (total < 64) {
                acc |= v << (64 - total);
                n = total;
            } else {
                int over = total - 64;
                acc |= v >>> over;
                ByteIO.putLongBE(dst, p, acc);
                p += 8;
                acc = over == 0 ? 0 : v << (64 - over);
                n = over;
            }
        }
        return flushMsb(acc, n, dst, p) - dstOff;
    }

    @Override
    public int packMsb(long[] src, int srcOff, int count, int bitWidth, byte[] dst, int dstOff) {
        if (bitWidth == 0 || count == 0) {
            return 0;
        }
        long mask = bitWidth == 64 ? -1L : (1L << bitWidth) - 1;
        long acc = 0;
        int n = 0;
        int p = dstOff;
        for (int i = srcOff, end = srcOff + count; i < end; i++) {
            long v = src[i] & mask;
            int total = n + bitWidth;
            if (total < 64) {
                acc |= v << (64 - total);
                n = total;
            } else {
                int over = total - 64;
                acc |= v >>> over;
                ByteIO.putLongBE(dst, p, acc);
                p += 8;
                acc = over == 0 ? 0 : v << (64 - over);
                n = over;
            }
        }
        return flushMsb(acc, n, dst, p) - dstOff;
    }

    private static int flushMsb(long acc, int n, byte[] dst, int p) {
        for (; n > 0; n -= 8) {
            dst[p++] = (byte) (acc >>> 56);
            acc <<= 8;
        }
        return p;
    }

    // ---- delta ---------------------------------------------------------------------------------

    @Override
    public int prefixSum(int[] values, int off, int len, int previous, int minDelta) {
        int acc = previous;
        for (int i = off, end = off + len; i < end; i++) {
            acc += minDelta + values[i];
            values[i] = acc;
        }
        return acc;
    }

    @Override
    public long prefixSum(long[] values, int off, int len, long previous, long minDelta) {
        long acc = previous;
        for (int i = off, end = off + len; i < end; i++) {
            acc += minDelta + values[i];
            values[i] = acc;
        }
        return acc;
    }

    @Override
    public long unpackPrefixSum(
            byte[] src,
            int srcOff,
            int srcEnd,
            int bitWidth,
            boolean msbFirst,
            long[] dst,
            int dstOff,
            int count,
            long previous,
            long minDelta) {
        if (bitWidth == Long.SIZE) {
            return prefixSumWords(src, srcOff, msbFirst, dst, dstOff, count, previous, minDelta);
        }
        if (msbFirst) {
            unpackMsb(src, srcOff, bitWidth, dst, dstOff, count);
        } else {
            unpackLsb(src, srcOff, bitWidth, dst, dstOff, count);
        }
        return prefixSum(dst, dstOff, count, previous, minDelta);
    }

    /**
     * 64-bit deltas are whole 8-byte words (big-endian MSB-first, little-endian LSB-first): one pass
     * that reads, adds and stores, instead of unpacking into {@code dst} and summing it again.
     */
    private static long prefixSumWords(
            byte[] src, int srcOff, boolean msbFirst, long[] dst, int dstOff, int count, long previous, long minDelta) {
        long v = previous;
        if (msbFirst) {
            for (int i = 0; i < count; i++) {
                v += minDelta + ByteIO.getLongBE(src, srcOff + (i << 3));
                dst[dstOff + i] = v;
            }
        } else {
            for (int i = 0; i < count; i++) {
                v += minDelta + ByteIO.getLongLE(src, srcOff + (i << 3));
                dst[dstOff + i] = v;
            }
        }
        return v;
    }

    @Override
    public int unpackPrefixSum(
            byte[] src,
            int srcOff,
            int srcEnd,
            int bitWidth,
            boolean msbFirst,
            int[] dst,
            int dstOff,
            int count,
            int previous,
            int minDelta) {
        if (msbFirst) {
            unpackMsb(src, srcOff, bitWidth, dst, dstOff, count);
        } else {
            unpackLsb(src, srcOff, bitWidth, dst, dstOff, count);
        }
        return prefixSum(dst, dstOff, count, previous, minDelta);
    }

    @Override
    public int fillArithmetic(int[] values, int off, int len, int previous, int step) {
        if (step == 0) {
            java.util.Arrays.fill(values, off, off + len, previous);
            return previous;
        }
        for (int i = 0; i < len; i++) {
            values[off + i] = previous + (i + 1) * step;
        }
        return previous + len * step;
    }

    @Override
    public long fillArithmetic(long[] values, int off, int len, long previous, long step) {
        if (step == 0) {
            java.util.Arrays.fill(values, off, off + len, previous);
            return previous;
        }
        for (int i = 0; i < len; i++) {
            values[off + i] = previous + (i + 1) * step;
        }
        return previous + len * step;
    }

    // ---- BYTE_STREAM_SPLIT ---------------------------------------------------------------------

    @Override
    public void bssDecode(byte[] src, int srcOff, int stride, short[] dst, int dstOff, int count) {
        int s1 = srcOff + stride;
        for (int i = 0; i < count; i++) {
            dst[dstOff + i] = (short) ((src[srcOff + i] & 0xFF) | (src[s1 + i] << 8));
        }
    }

    @Override
    public void bssDecode(byte[] src, int srcOff, int stride, int[] dst, int dstOff, int count) {
        int s1 = srcOff + stride;
        int s2 = s1 + stride;
        int s3 = s2 + stride;
        for (int i = 0; i < count; i++) {
            dst[dstOff + i] = (src[srcOff + i] & 0xFF)
                    | (src[s1 + i] & 0xFF) << 8
                    | (src[s2 + i] & 0xFF) << 16
                    | src[s3 + i] << 24;
        }
    }

    @Override
    public void bssDecode(byte[] src, int srcOff, int stride, long[] dst, int dstOff, int count) {
        for (int i = 0; i < count; i++) {
            int s = srcOff + i;
            long lo = (src[s] & 0xFF)
                    | (src[s + stride] & 0xFF) << 8
                    | (src[s + 2 * stride] & 0xFF) << 16
                    | (src[s + 3 * stride] & 0xFF) << 24;
            long hi = (src[s + 4 * stride] & 0xFF)
                    | (src[s + 5 * stride] & 0xFF) << 8
                    | (src[s + 6 * stride] & 0xFF) << 16
                    | (src[s + 7 * stride] & 0xFF) << 24;
            dst[dstOff + i] = (lo & 0xFFFFFFFFL) | (hi << 32);
        }
    }

    @Override
    public void bssDecode(byte[] src, int srcOff, int stride, float[] dst, int dstOff, int count) {
        int s1 = srcOff + stride;
        int s2 = s1 + stride;
        int s3 = s2 + stride;
        for (int i = 0; i < count; i++) {
            dst[dstOff + i] = Float.intBitsToFloat((src[srcOff + i] & 0xFF)
                    | (src[s1 + i] & 0xFF) << 8
                    | (src[s2 + i] & 0xFF) << 16
                    | src[s3 + i] << 24);
        }
    }

    @Override
    public void bssDecode(byte[] src, int srcOff, int stride, double[] dst, int dstOff, int count) {
        for (int i = 0; i < count; i++) {
            int s = srcOff + i;
            long lo = (src[s] & 0xFF)
                    | (src[s + stride] & 0xFF) << 8
                    | (src[s + 2 * stride] & 0xFF) << 16
                    | (src[s + 3 * stride] & 0xFF) << 24;
            long hi = (src[s + 4 * stride] & 0xFF)
                    | (src[s + 5 * stride] & 0xFF) << 8
                    | (src[s + 6 * stride] & 0xFF) << 16
                    | (src[s + 7 * stride] & 0xFF) << 24;
            dst[dstOff + i] = Double.longBitsToDouble((lo & 0xFFFFFFFFL) | (hi << 32));
        }
    }

    @Override
    public void bssDecode(byte[] src, int srcOff, int stride, int width, byte[] dst, int dstOff, int count) {
        for (int k = 0; k < width; k++) {
            int s = srcOff + k * stride;
            int d = dstOff + k;
            for (int i = 0; i < count; i++, d += width) {
                dst[d] = src[s + i];
            }
        }
    }

    @Override
    public void bssEncode(short[] src, int srcOff, int count, byte[] dst, int dstOff, int stride) {
        int d1 = dstOff + stride;
        for (int i = 0; i < count; i++) {
            short v = src[srcOff + i];
            dst[dstOff + i] = (byte) v;
            dst[d1 + i] = (byte) (v >>> 8);
        }
    }

    @Override
    public void bssEncode(int[] src, int srcOff, int count, byte[] dst, int dstOff, int stride) {
        int d1 = dstOff + stride;
        int d2 = d1 + stride;
        int d3 = d2 + stride;
        for (int i = 0; i < count; i++) {
            int v = src[srcOff + i];
            dst[dstOff + i] = (byte) v;
            dst[d1 + i] = (byte) (v >>> 8);
            dst[d2 + i] = (byte) (v >>> 16);
            dst[d3 + i] = (byte) (v >>> 24);
        }
    }

    @Override
    public void bssEncode(long[] src, int srcOff, int count, byte[] dst, int dstOff, int stride) {
        for (int i = 0; i < count; i++) {
            long v = src[srcOff + i];
            int d = dstOff + i;
            for (int k = 0; k < 8; k++, d += stride) {
                dst[d] = (byte) (v >>> (8 * k));
            }
        }
    }

    @Override
    public void bssEncode(float[] src, int srcOff, int count, byte[] dst, int dstOff, int stride) {
        int d1 = dstOff + stride;
        int d2 = d1 + stride;
        int d3 = d2 + stride;
        for (int i = 0; i < count; i++) {
            int v = Float.floatToRawIntBits(src[srcOff + i]);
            dst[dstOff + i] = (byte) v;
            dst[d1 + i] = (byte) (v >>> 8);
            dst[d2 + i] = (byte) (v >>> 16);
            dst[d3 + i] = (byte) (v >>> 24);
        }
    }

    @Override
    public void bssEncode(double[] src, int srcOff, int count, byte[] dst, int dstOff, int stride) {
        for (int i = 0; i < count; i++) {
            long v = Double.doubleToRawLongBits(src[srcOff + i]);
            int d = dstOff + i;
            for (int k = 0; k < 8; k++, d += stride) {
                dst[d] = (byte) (v >>> (8 * k));
            }
        }
    }

    @Override
    public void bssEncode(byte[] src, int srcOff, int width, int count, byte[] dst, int dstOff, int stride) {
        for (int k = 0; k < width; k++) {
            int d = dstOff + k * stride;
            int s = srcOff + k;
            for (int i = 0; i < count; i++, s += width) {
                dst[d + i] = src[s];
            }
        }
    }

    // ---- fixed width ---------------------------------------------------------------------------

    @Override
    public void readIntsLE(byte[] src, int srcOff, int[] dst, int dstOff, int count) {
        for (int i = 0; i < count; i++) {
            dst[dstOff + i] = ByteIO.getIntLE(src, srcOff + 4 * i);
        }
    }

    @Override
    public void readLongsLE(byte[] src, int srcOff, long[] dst, int dstOff, int count) {
        for (int i = 0; i < count; i++) {
            dst[dstOff + i] = ByteIO.getLongLE(src, srcOff + 8 * i);
        }
    }

    @Override
    public void readIntsBE(byte[] src, int srcOff, int[] dst, int dstOff, int count) {
        for (int i = 0; i < count; i++) {
            dst[dstOff + i] = ByteIO.getIntBE(src, srcOff + 4 * i);
        }
    }

    @Override
    public void readLongsBE(byte[] src, int srcOff, long[] dst, int dstOff, int count) {
        for (int i = 0; i < count; i++) {
            dst[dstOff + i] = ByteIO.getLongBE(src, srcOff + 8 * i);
        }
    }

    @Override
    public void readFloatsLE(byte[] src, int srcOff, float[] dst, int dstOff, int count) {
        for (int i = 0; i < count; i++) {
            dst[dstOff + i] = Float.intBitsToFloat(ByteIO.getIntLE(src, srcOff + 4 * i));
        }
    }

    @Override
    public void readDoublesLE(byte[] src, int srcOff, double[] dst, int dstOff, int count) {
        for (int i = 0; i < count; i++) {
            dst[dstOff + i] = Double.longBitsToDouble(ByteIO.getLongLE(src, srcOff + 8 * i));
        }
    }

    @Override
    public void readFloatsBE(byte[] src, int srcOff, float[] dst, int dstOff, int count) {
        for (int i = 0; i < count; i++) {
            dst[dstOff + i] = Float.intBitsToFloat(ByteIO.getIntBE(src, srcOff + 4 * i));
        }
    }

    @Override
    public void readDoublesBE(byte[] src, int srcOff, double[] dst, int dstOff, int count) {
        for (int i = 0; i < count; i++) {
            dst[dstOff + i] = Double.longBitsToDouble(ByteIO.getLongBE(src, srcOff + 8 * i));
        }
    }

    @Override
    public void writeIntsLE(int[] src, int srcOff, int count, byte[] dst, int dstOff) {
        for (int i = 0; i < count; i++) {
            ByteIO.putIntLE(dst, dstOff + 4 * i, src[srcOff + i]);
        }
    }

    @Override
    public void writeLongsLE(long[] src, int srcOff, int count, byte[] dst, int dstOff) {
        for (int i = 0; i < count; i++) {
            ByteIO.putLongLE(dst, dstOff + 8 * i, src[srcOff + i]);
        }
    }

    @Override
    public void writeIntsBE(int[] src, int srcOff, int count, byte[] dst, int dstOff) {
        for (int i = 0; i < count; i++) {
            ByteIO.putIntBE(dst, dstOff + 4 * i, src[srcOff + i]);
        }
    }

    @Override
    public void writeLongsBE(long[] src, int srcOff, int count, byte[] dst, int dstOff) {
        for (int i = 0; i < count; i++) {
            ByteIO.putLongBE(dst, dstOff + 8 * i, src[srcOff + i]);
        }
    }

    @Override
    public void writeFloatsLE(float[] src, int srcOff, int count, byte[] dst, int dstOff) {
        for (int i = 0; i < count; i++) {
            ByteIO.putIntLE(dst, dstOff + 4 * i, Float.floatToRawIntBits(src[srcOff + i]));
        }
    }

    @Override
    public void writeDoublesLE(double[] src, int srcOff, int count, byte[] dst, int dstOff) {
        for (int i = 0; i < count; i++) {
            ByteIO.putLongLE(dst, dstOff + 8 * i, Double.doubleToRawLongBits(src[srcOff + i]));
        }
    }

    @Override
    public void writeFloatsBE(float[] src, int srcOff, int count, byte[] dst, int dstOff) {
        for (int i = 0; i < count; i++) {
            ByteIO.putIntBE(dst, dstOff + 4 * i, Float.floatToRawIntBits(src[srcOff + i]));
        }
    }

    @Override
    public void writeDoublesBE(double[] src, int srcOff, int count, byte[] dst, int dstOff) {
        for (int i = 0; i < count; i++) {
            ByteIO.putLongBE(dst, dstOff + 8 * i, Double.doubleToRawLongBits(src[srcOff + i]));
        }
    }

    // ---- booleans ------------------------------------------------------------------------------

    /**
     * Probes an 8-byte word every {@code minRun - 7} bytes from {@code from}: a run of {@code minRun} bytes
     * covers one, and the first probe inside the first such run comes before any probe inside a later
     * one. A probe of one byte value is measured as far as that value goes (back to {@code from}, forward
     * to {@code to}).
     */
    @Override
    public int findByteRun(byte[] src, int from, int to, int minRun) {
        checkMinRun(minRun);
        int stride = minRun - 7;
        for (int p = from; p <= to - 8; p += stride) {
            long w = ByteIO.getLongLE(src, p);
            if (((w ^ (w >>> 8)) << 8) == 0) {
                int s = runStart(src, from, p);
                if (runEnd(src, p + 8, to) - s >= minRun) {
                    return s;
                }
            }
            if (to - 8 - p < stride) {
                break; // the next probe would end after to (and p + stride may not fit in an int)
            }
        }
        return -1;
    }

    /** Refuses a {@code minRun} below {@link Kernels#MIN_BYTE_RUN}. */
    protected static void checkMinRun(int minRun) {
        if (minRun < MIN_BYTE_RUN) {
            throw new IllegalArgumentException("runs of " + minRun + " bytes; at least " + MIN_BYTE_RUN);
        }
    }

    /** Where the run of the byte value at {@code src[i]} starts, going back no further than {@code from}. */
    protected static int runStart(byte[] src, int from, int i) {
        byte b = src[i];
        int s = i;
        while (s > from && src[s - 1] == b) {
            s--;
        }
        return s;
    }

    /**
     * Where the run of the byte value at {@code src[i - 1]} ends, going forward from {@code i} no further
     * than {@code to}.
     */
    protected static int runEnd(byte[] src, int i, int to) {
        byte b = src[i - 1];
        long word = (b & 0xFFL) * 0x0101_0101_0101_0101L;
        int e = i;
        while (e <= to - 8 && ByteIO.getLongLE(src, e) == word) {
            e += 8;
        }
        while (e < to && src[e] == b) {
            e++;
        }
        return e;
    }

    @Override
    public void unpackBooleans(byte[] src, int srcOff, int bitOff, boolean[] dst, int dstOff, int count) {
        int i = 0;
        int p = srcOff;
        // leading partial byte
        if (bitOff != 0 && count > 0) {
            int b = src[p++];
            for (int k = bitOff; k < 8 && i < count; k++) {
                dst[dstOff + i++] = ((b >>> k) & 1) != 0;
            }
        }
        for (; i + 8 <= count; i += 8) {
            int b = src[p++];
            int o = dstOff + i;
            dst[o] = (b & 1) != 0;
            dst[o + 1] = (b & 2) != 0;
            dst[o + 2] = (b & 4) != 0;
            dst[o + 3] = (b & 8) != 0;
            dst[o + 4] = (b & 16) != 0;
            dst[o + 5] = (b & 32) != 0;
            dst[o + 6] = (b & 64) != 0;
            dst[o + 7] = (b & 128) != 0;
        }
        if (i < count) {
            int b = src[p];
            for (int k = 0; i < count; k++) {
                dst[dstOff + i++] = ((b >>> k) & 1) != 0;
            }
        }
    }

    @Override
    public int packBooleans(boolean[] src, int srcOff, int count, byte[] dst, int dstOff) {
        int p = dstOff;
        int i = 0;
        for (; i + 8 <= count; i += 8) {
            int s = srcOff + i;
            dst[p++] = (byte) ((src[s] ? 1 : 0)
                    | (src[s + 1] ? 2 : 0)
                    | (src[s + 2] ? 4 : 0)
                    | (src[s + 3] ? 8 : 0)
                    | (src[s + 4] ? 16 : 0)
                    | (src[s + 5] ? 32 : 0)
                    | (src[s + 6] ? 64 : 0)
                    | (src[s + 7] ? 128 : 0));
        }
        if (i < count) {
            int b = 0;
            for (int k = 0; i < count; k++, i++) {
                if (src[srcOff + i]) {
                    b |= 1 << k;
                }
            }
            dst[p++] = (byte) b;
        }
        return p - dstOff;
    }

    // ---- dictionary-encoded runs ---------------------------------------------------------------

    /** {@code (valuesWritten << 32) | position}, as {@link #decodeDictionaryRuns} returns it. */
    protected static long dictionaryRunsResult(int valuesWritten, int position) {
        return ((long) valuesWritten << 32) | (position & 0xFFFFFFFFL);
    }

    /** The end (exclusive) of the runs {@link #decodeDictionaryRuns} may take. */
    protected static int dictionaryRunsEnd(int srcEnd, int loadEnd) {
        return Math.min(srcEnd, loadEnd - DICTIONARY_RUN_SLACK);
    }

    /** Whether every id of {@code bitWidth} bits is an entry of a dictionary of {@code dictSize}. */
    protected static boolean dictionaryPackedFit(int bitWidth, int dictSize) {
        return bitWidth < 31 && (1 << bitWidth) <= dictSize;
    }

    /**
     * Whether the {@code count} LSB-first ids of {@code w} (1..32) bits at {@code src[from...]} are all
     * below {@code dictSize}. Reads 8-byte words, so 7 bytes past the ids must be readable.
     */
    protected static boolean packedIdsBelow(byte[] src, int from, int w, int count, int dictSize) {
        int mask = (int) (0xFFFFFFFFL >>> (32 - w));
        long max = dictSize - 1L;
        long bad = 0;
        for (int i = 0; i < count; i++) {
            long bit = (long) i * w;
            int id = (int) (ByteIO.getLongLE(src, from + (int) (bit >>> 3)) >>> (bit & 7)) & mask;
            bad |= max - (id & 0xFFFFFFFFL); // negative once an id is above max
        }
        return bad >= 0;
    }

    /** The mask of an RLE value of {@code bitWidth} bits stored in whole bytes. */
    protected static int rleValueMask(int bitWidth) {
        return (int) (0xFFFFFFFFL >>> (32 - 8 * ((bitWidth + 7) >>> 3)));
    }

    @Override
    public long decodeDictionaryRuns(
            byte[] src, int pos, int srcEnd, int loadEnd, int bitWidth, int[] dict, int[] dst, int dstOff, int len) {
        int w = bitWidth;
        int size = dict.length;
        boolean packed = dictionaryPackedFit(w, size);
        int valueBytes = (w + 7) >>> 3;
        int valueMask = rleValueMask(w);
        int mask = (int) (0xFFFFFFFFL >>> (32 - w));
        int end = dictionaryRunsEnd(srcEnd, loadEnd);
        int p = pos;
        int off = dstOff;
        int left = len;
        while (p < end) {
            int header = src[p]; // negative: a multi-byte header
            if (header < 0) {
                break;
            }
            if ((header & 1) == 0) {
                int count = header >>> 1;
                int next = p + 1 + valueBytes;
                int id = ByteIO.getIntLE(src, p + 1) & valueMask;
                if (count > left || next > end || Integer.compareUnsigned(id, size) >= 0) {
                    break;
                }
                Arrays.fill(dst, off, off + count, dict[id]);
                off += count;
                left -= count;
                p = next;
            } else {
                int groups = header >>> 1;
                int count = groups << 3;
                int next = p + 1 + groups * w;
                if (count > left || next > end || !(packed || packedIdsBelow(src, p + 1, w, count, size))) {
                    break;
                }
                if (w <= 8) {
                    for (int from = p + 1; from < next; from += w) {
                        long bits = ByteIO.getLongLE(src, from); // a whole group
                        for (int k = 0; k < 8; k++) {
                            dst[off + k] = dict[(int) (bits >>> (k * w)) & mask];
                        }
                        off += 8;
                    }
                } else {
                    for (int k = 0, from = p + 1; k < count; k++) {
                        long bit = (long) k * w;
                        dst[off + k] =
                                dict[(int) (ByteIO.getLongLE(src, from + (int) (bit >>> 3)) >>> (bit & 7)) & mask];
                    }
                    off += count;
                }
                left -= count;
                p = next;
            }
        }
        return dictionaryRunsResult(len - left, p);
    }

    /**
     * {@inheritDoc}
     *
     * <p>RLE runs are filled eight values per step when the rounded-up count stays inside the batch
     * (HotSpot has fill stubs for byte, short and int arrays, not for long ones).
     */
    @Override
    public long decodeDictionaryRuns(
            byte[] src, int pos, int srcEnd, int loadEnd, int bitWidth, long[] dict, long[] dst, int dstOff, int len) {
        int w = bitWidth;
        int size = dict.length;
        boolean packed = dictionaryPackedFit(w, size);
        int valueBytes = (w + 7) >>> 3;
        int valueMask = rleValueMask(w);
        int mask = (int) (0xFFFFFFFFL >>> (32 - w));
        int end = dictionaryRunsEnd(srcEnd, loadEnd);
        int p = pos;
        int off = dstOff;
        int left = len;
        while (p < end) {
            int header = src[p];
            if (header < 0) {
                break;
            }
            if ((header & 1) == 0) {
                int count = header >>> 1;
                int next = p + 1 + valueBytes;
                int id = ByteIO.getIntLE(src, p + 1) & valueMask;
                if (count > left || next > end || Integer.compareUnsigned(id, size) >= 0) {
                    break;
                }
                long v = dict[id];
                if (count <= left - 7) {
                    for (int k = 0; k < count; k += 8) {
                        int o = off + k;
                        dst[o] = v;
                        dst[o + 1] = v;
                        dst[o + 2] = v;
                        dst[o + 3] = v;
                        dst[o + 4] = v;
                        dst[o + 5] = v;
                        dst[o + 6] = v;
                        dst[o + 7] = v;
                    }
                } else {
                    Arrays.fill(dst, off, off + count, v);
                }
                off += count;
                left -= count;
                p = next;
            } else {
                int groups = header >>> 1;
                int count = groups << 3;
                int next = p + 1 + groups * w;
                if (count > left || next > end || !(packed || packedIdsBelow(src, p + 1, w, count, size))) {
                    break;
                }
                if (w <= 8) {
                    for (int from = p + 1; from < next; from += w) {
                        long bits = ByteIO.getLongLE(src, from); // a whole group
                        for (int k = 0; k < 8; k++) {
                            dst[off + k] = dict[(int) (bits >>> (k * w)) & mask];
                        }
                        off += 8;
                    }
                } else {
                    for (int k = 0, from = p + 1; k < count; k++) {
                        long bit = (long) k * w;
                        dst[off + k] =
                                dict[(int) (ByteIO.getLongLE(src, from + (int) (bit >>> 3)) >>> (bit & 7)) & mask];
                    }
                    off += count;
                }
                left -= count;
                p = next;
            }
        }
        return dictionaryRunsResult(len - left, p);
    }

    // ---- gather --------------------------------------------------------------------------------

    protected static CorruptInputException badId(int index, int id, int dictSize) {
        return new CorruptInputException(
                index, "a dictionary id in [0, " + dictSize + ") but got " + Integer.toUnsignedString(id));
    }

    @Override
    public void gather(int[] dict, int dictSize, int[] ids, int idsOff, int[] dst, int dstOff, int count) {
        for (int i = 0; i < count; i++) {
            int id = ids[idsOff + i];
            if (Integer.compareUnsigned(id, dictSize) >= 0) {
                throw badId(i, id, dictSize);
            }
            dst[dstOff + i] = dict[id];
        }
    }

    @Override
    public void gather(long[] dict, int dictSize, int[] ids, int idsOff, long[] dst, int dstOff, int count) {
        for (int i = 0; i < count; i++) {
            int id = ids[idsOff + i];
            if (Integer.compareUnsigned(id, dictSize) >= 0) {
                throw badId(i, id, dictSize);
            }
            dst[dstOff + i] = dict[id];
        }
    }

    @Override
    public void gather(float[] dict, int dictSize, int[] ids, int idsOff, float[] dst, int dstOff, int count) {
        for (int i = 0; i < count; i++) {
            int id = ids[idsOff + i];
            if (Integer.compareUnsigned(id, dictSize) >= 0) {
                throw badId(i, id, dictSize);
            }
            dst[dstOff + i] = dict[id];
        }
    }

    @Override
    public void gather(double[] dict, int dictSize, int[] ids, int idsOff, double[] dst, int dstOff, int count) {
        for (int i = 0; i < count; i++) {
            int id = ids[idsOff + i];
            if (Integer.compareUnsigned(id, dictSize) >= 0) {
                throw badId(i, id, dictSize);
            }
            dst[dstOff + i] = dict[id];
        }
    }

    // ---- delta encoding ------------------------------------------------------------------------

    @Override
    public int deltaBlock(
            int[] src, int srcOff, int count, int previous, int miniblockSize, int[] deltas, int[] miniblockMax) {
        // two independent accumulators of each kind, so the comparisons do not wait on each other
        int min = Integer.MAX_VALUE;
        int min2 = Integer.MAX_VALUE;
        int before = previous;
        for (int k = 0, mb = 0; k < count; mb++) {
            int end = k + Math.min(miniblockSize, count - k);
            int max = Integer.MIN_VALUE;
            int max2 = Integer.MIN_VALUE;
            for (; k + 1 < end; k += 2) {
                int current = src[srcOff + k];
                int next = src[srcOff + k + 1];
                int a = current - before;
                int b = next - current;
                before = next;
                deltas[k] = a;
                deltas[k + 1] = b;
                min = Math.min(min, a);
                min2 = Math.min(min2, b);
                max = Math.max(max, a);
                max2 = Math.max(max2, b);
            }
            if (k < end) {
                int current = src[srcOff + k];
                int a = current - before;
                before = current;
                deltas[k++] = a;
                min = Math.min(min, a);
                max = Math.max(max, a);
            }
            miniblockMax[mb] = Math.max(max, max2);
        }
        return Math.min(min, min2);
    }

    @Override
    public long deltaBlock(
            long[] src, int srcOff, int count, long previous, int miniblockSize, long[] deltas, long[] miniblockMax) {
        if (count == 0) {
            return Long.MAX_VALUE;
        }
        // the deltas, then each miniblock's minimum and maximum: two loops the JIT vectorizes (one loop
        // doing both is not, and ran at half the speed)
        deltas[0] = src[srcOff] - previous;
        for (int k = 1; k < count; k++) {
            deltas[k] = src[srcOff + k] - src[srcOff + k - 1];
        }
        long min = Long.MAX_VALUE;
        for (int k = 0, mb = 0; k < count; mb++) {
            int end = k + Math.min(miniblockSize, count - k);
            long max = Long.MIN_VALUE;
            for (; k < end; k++) {
                long d = deltas[k];
                min = Math.min(min, d);
                max = Math.max(max, d);
            }
            miniblockMax[mb] = max;
        }
        return min;
    }

    // ---- batch statistics ----------------------------------------------------------------------

    @Override
    public void minMax(long[] src, int off, int len, long flip, long[] minMax) {
        // one loop per order: both are reductions the JIT vectorizes
        long min = minMax[0];
        long max = minMax[1];
        if (flip == 0) {
            for (int i = off; i < off + len; i++) {
                min = Math.min(min, src[i]);
                max = Math.max(max, src[i]);
            }
        } else {
            for (int i = off; i < off + len; i++) {
                long x = src[i] ^ flip;
                min = Math.min(min, x);
                max = Math.max(max, x);
            }
        }
        minMax[0] = min;
        minMax[1] = max;
    }

    @Override
    public void minMax(int[] src, int off, int len, int flip, int[] minMax) {
        int min = minMax[0];
        int max = minMax[1];
        if (flip == 0) {
            for (int i = off; i < off + len; i++) {
                min = Math.min(min, src[i]);
                max = Math.max(max, src[i]);
            }
        } else {
            for (int i = off; i < off + len; i++) {
                int x = src[i] ^ flip;
                min = Math.min(min, x);
                max = Math.max(max, x);
            }
        }
        minMax[0] = min;
        minMax[1] = max;
    }

    /**
     * Four lanes at a time, each a serial chain of {@code +=} in index order: the four chains' additions
     * overlap (a chain alone waits out each addition's latency).
     */
    @Override
    public void serialSums(long[] src, int off, int stride, int lanes, int len, double[] sums) {
        checkSumLanes(lanes);
        for (int l = 0; l < lanes; l += 4) {
            int o = off + l * stride;
            switch (Math.min(4, lanes - l)) {
                case 4 -> sums4(src, o, stride, len, sums, l);
                case 3 -> sums3(src, o, stride, len, sums, l);
                case 2 -> sums2(src, o, stride, len, sums, l);
                default -> {
                    double s = sums[l];
                    for (int i = o; i < o + len; i++) {
                        s += src[i];
                    }
                    sums[l] = s;
                }
            }
        }
    }

    /** 2^53: every integer of at most this magnitude is a double. */
    private static final long EXACT_DOUBLE_INTEGERS = 1L << 53;

    /**
     * For {@link #serialSums(long[], int, int, int, int, double[])} without rounding: the largest power of
     * two {@code b} with {@code |start| + len * b <= 2^53}, or 0 when {@code start} is not an integer below
     * 2^53 in magnitude or there is none. When each of a lane's {@code len} values {@code v} has {@code -b
     * <= v < b} (so {@code v + b} has no bit at or above {@code 2b}), every value and every partial sum is an
     * integer a double holds exactly, and the serial double sum is {@code start} plus the long sum of the
     * values, taken in any order (as sensor readings and counters allow; random 64-bit values do not). The
     * vector kernels take that path; for the scalar kernel two passes of long additions cost more than the
     * overlapped chains of double additions.
     */
    protected static long exactSumBound(double start, int len) {
        if (len <= 0 || !(Math.abs(start) < EXACT_DOUBLE_INTEGERS) || start != Math.rint(start)) {
            return 0; // NaN, infinities and fractions fail here
        }
        long perValue = (EXACT_DOUBLE_INTEGERS - (long) Math.abs(start)) / len;
        return perValue == 0 ? 0 : Long.highestOneBit(perValue);
    }

    /** Refuses a lane count {@link #serialSums} does not take. */
    protected static void checkSumLanes(int lanes) {
        if (lanes < 1 || lanes > MAX_SUM_LANES) {
            throw new IllegalArgumentException("lanes must be in [1, " + MAX_SUM_LANES + "], got " + lanes);
        }
    }

    private static void sums4(long[] src, int o, int stride, int len, double[] sums, int l) {
        double s0 = sums[l];
        double s1 = sums[l + 1];
        double s2 = sums[l + 2];
        double s3 = sums[l + 3];
        int o1 = o + stride;
        int o2 = o1 + stride;
        int o3 = o2 + stride;
        for (int i = 0; i < len; i++) {
            s0 += src[o + i];
            s1 += src[o1 + i];
            s2 += src[o2 + i];
            s3 += src[o3 + i];
        }
        sums[l] = s0;
        sums[l + 1] = s1;
        sums[l + 2] = s2;
        sums[l + 3] = s3;
    }

    private static void sums3(long[] src, int o, int stride, int len, double[] sums, int l) {
        double s0 = sums[l];
        double s1 = sums[l + 1];
        double s2 = sums[l + 2];
        int o1 = o + stride;
        int o2 = o1 + stride;
        for (int i = 0; i < len; i++) {
            s0 += src[o + i];
            s1 += src[o1 + i];
            s2 += src[o2 + i];
        }
        sums[l] = s0;
        sums[l + 1] = s1;
        sums[l + 2] = s2;
    }

    private static void sums2(long[] src, int o, int stride, int len, double[] sums, int l) {
        double s0 = sums[l];
        double s1 = sums[l + 1];
        int o1 = o + stride;
        for (int i = 0; i < len; i++) {
            s0 += src[o + i];
            s1 += src[o1 + i];
        }
        sums[l] = s0;
        sums[l + 1] = s1;
    }

    /**
     * Compares with {@code <} and {@code >}, which pass NaN values over (and keep a NaN bound passed in);
     * of two zeros the first stays.
     */
    @Override
    public void minMax(double[] src, int off, int len, double[] minMax) {
        double min = minMax[0];
        double max = minMax[1];
        for (int i = off; i < off + len; i++) {
            double x = src[i];
            if (x < min) {
                min = x;
            }
            if (x > max) {
                max = x;
            }
        }
        minMax[0] = min;
        minMax[1] = max;
    }

    /** As the {@code double} form. */
    @Override
    public void minMax(float[] src, int off, int len, float[] minMax) {
        float min = minMax[0];
        float max = minMax[1];
        for (int i = off; i < off + len; i++) {
            float x = src[i];
            if (x < min) {
                min = x;
            }
            if (x > max) {
                max = x;
            }
        }
        minMax[0] = min;
        minMax[1] = max;
    }

    /** Four lanes at a time, then two, then one: each a serial chain of {@code +=} in index order. */
    @Override
    public void serialSums(double[] src, int off, int stride, int lanes, int len, double[] sums) {
        checkSumLanes(lanes);
        int l = 0;
        for (; l + 4 <= lanes; l += 4) {
            int o0 = off + l * stride;
            int o1 = o0 + stride;
            int o2 = o1 + stride;
            int o3 = o2 + stride;
            double s0 = sums[l];
            double s1 = sums[l + 1];
            double s2 = sums[l + 2];
            double s3 = sums[l + 3];
            for (int i = 0; i < len; i++) {
                s0 += src[o0 + i];
                s1 += src[o1 + i];
                s2 += src[o2 + i];
                s3 += src[o3 + i];
            }
            sums[l] = s0;
            sums[l + 1] = s1;
            sums[l + 2] = s2;
            sums[l + 3] = s3;
        }
        for (; l + 2 <= lanes; l += 2) {
            int o0 = off + l * stride;
            int o1 = o0 + stride;
            double s0 = sums[l];
            double s1 = sums[l + 1];
            for (int i = 0; i < len; i++) {
                s0 += src[o0 + i];
                s1 += src[o1 + i];
            }
            sums[l] = s0;
            sums[l + 1] = s1;
        }
        if (l < lanes) {
            int o0 = off + l * stride;
            double s0 = sums[l];
            for (int i = 0; i < len; i++) {
                s0 += src[o0 + i];
            }
            sums[l] = s0;
        }
    }

    /** As the {@code double} form, each value widened first. */
    @Override
    public void serialSums(float[] src, int off, int stride, int lanes, int len, double[] sums) {
        checkSumLanes(lanes);
        int l = 0;
        for (; l + 4 <= lanes; l += 4) {
            int o0 = off + l * stride;
            int o1 = o0 + stride;
            int o2 = o1 + stride;
            int o3 = o2 + stride;
            double s0 = sums[l];
            double s1 = sums[l + 1];
            double s2 = sums[l + 2];
            double s3 = sums[l + 3];
            for (int i = 0; i < len; i++) {
                s0 += src[o0 + i];
                s1 += src[o1 + i];
                s2 += src[o2 + i];
                s3 += src[o3 + i];
            }
            sums[l] = s0;
            sums[l + 1] = s1;
            sums[l + 2] = s2;
            sums[l + 3] = s3;
        }
        for (; l + 2 <= lanes; l += 2) {
            int o0 = off + l * stride;
            int o1 = o0 + stride;
            double s0 = sums[l];
            double s1 = sums[l + 1];
            for (int i = 0; i < len; i++) {
                s0 += src[o0 + i];
                s1 += src[o1 + i];
            }
            sums[l] = s0;
            sums[l + 1] = s1;
        }
        if (l < lanes) {
            int o0 = off + l * stride;
            double s0 = sums[l];
            for (int i = 0; i < len; i++) {
                s0 += src[o0 + i];
            }
            sums[l] = s0;
        }
    }
}
