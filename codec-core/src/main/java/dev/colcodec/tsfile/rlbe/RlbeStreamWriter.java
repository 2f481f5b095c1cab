package dev.colcodec.tsfile.rlbe;

import dev.colcodec.io.ByteIO;
import dev.colcodec.io.SinkPage;
import dev.colcodec.tsfile.bits.MsbBits;
import dev.colcodec.values.ValuesWriter;
import java.util.Objects;

/**
 * Encodes a TsFile RLBE page as TsFile 2.4.0 does: blocks of at most 10,000 values, each a 32-bit
 * count and segments of same-length differences (length code, Fibonacci-coded run length, values
 * MSB-first with the top bit of full-width values written as 0), padded to a byte.
 */
final class RlbeStreamWriter extends SinkPage implements ValuesWriter {
    /** Values per block (TsFile's {@code BLOCK_DEFAULT_SIZE}). */
    static final int BLOCK = 10_000;

    private static final int CHUNK = 512;
    private static final int[] FIBONACCI = new int[46];

    static {
        FIBONACCI[0] = 1;
        FIBONACCI[1] = 2;
        for (int i = 2; i < FIBONACCI.length; i++) {
            FIBONACCI[i] = FIBONACCI[i - 1] + FIBONACCI[i - 2];
        }
    }

    private final RlbeType type;
    private final long[] chunk = new long[CHUNK];
    private final long[] diffs = new long[BLOCK];
    private int pending;
    private long previous;
    private int count;

    RlbeStreamWriter(RlbeType type) {
        this.type = type;
    }

    long[] chunkBuffer() {
        return chunk;
    }

    void writeOne(long bits) {
        chunk[0] = bits;
        write(chunk, 0, 1);
    }

    void write(long[] src, int off, int len) {
        checkOpen();
        Objects.checkFromIndexSize(off, len, src.length);
        if (count + (long) len > Integer.MAX_VALUE) {
            throw new IllegalStateException("more than 2^31-1 values in one page");
        }
        count += len;
        final long mask = type.mask;
        final long[] d = diffs;
        long prev = previous;
        while (len > 0) {
            // up to the end of the block, in a loop of locals without calls (the JIT compiles it alike
            // whether it inlines this method or not; a per-value block check with the flush call inside
            // the loop ran 0.55x to 0.75x as fast, depending on that)
            int n = Math.min(len, BLOCK - pending);
            int p = pending;
            int i = off;
            int e = off + n;
            if (p == 0) {
                prev = src[i++] & mask; // a block starts with its first value itself
                d[p++] = prev;
            }
            for (; i < e; i++) {
                long v = src[i] & mask;
                d[p++] = (v - prev) & mask;
                prev = v;
            }
            pending = p;
            off = e;
            len -= n;
            if (p == BLOCK) {
                flushBlock();
            }
        }
        previous = prev;
    }

    @Override
    public int valueCount() {
        return count;
    }

    @Override
    public long bufferedSize() {
        return sink.size() + 4L + (long) pending * (type.width / 8 + 1);
    }

    @Override
    protected void finishPage() {
        if (pending > 0) {
            flushBlock();
        }
    }

    @Override
    public void reset() {
        resetPage();
        pending = 0;
        previous = 0;
        count = 0;
    }

    private void flushBlock() {
        final RlbeType t = type;
        final long[] d = diffs;
        final int n = pending;
        final int codeBits = t.lengthCodeBits;
        final long valueMask = t.mask & ~t.signBit;
        // worst case: every value in its own segment (code, up to 2 Fibonacci bits) at full width
        int p = sink.ensure(4 + n * ((codeBits + 2 + t.width + 7) / 8 + 1) + Long.BYTES);
        byte[] a = sink.array();
        ByteIO.putIntBE(a, p, n);
        p += 4;
        long ac = 0;
        int bits = 0;
        int i = 0;
        while (i < n) {
            int w = t.lengthCode(d[i]);
            int j = i + 1;
            while (j < n && t.lengthCode(d[j]) == w) {
                j++;
            }
            int filled = bits + codeBits;
            ac = MsbBits.append(a, p, ac, filled, w);
            p += (filled >>> 6) << 3;
            bits = filled & 63;
            int top = largestFibonacciIndex(j - i);
            long code = fibonacciCode(j - i, top);
            int codeLength = top + 2;
            filled = bits + codeLength;
            ac = MsbBits.append(a, p, ac, filled, code);
            p += (filled >>> 6) << 3;
            bits = filled & 63;
            for (int k = i; k < j; k++) {
                filled = bits + w;
                ac = MsbBits.append(a, p, ac, filled, d[k] & valueMask);
                p += (filled >>> 6) << 3;
                bits = filled & 63;
            }
            i = j;
        }
        ByteIO.putLongBE(a, p, ac);
        p += (bits + 7) >>> 3;
        sink.setSize(p);
        pending = 0;
    }

    /** The index of the largest weight (1, 2, 3, 5, ...) not above {@code run}. */
    static int largestFibonacciIndex(int run) {
        int top = 0;
        while (top + 1 < FIBONACCI.length && FIBONACCI[top + 1] <= run) {
            top++;
        }
        return top;
    }

    /**
     * The Fibonacci code of {@code run} (at least 1) in writing order, {@code top + 2} bits: the
     * Zeckendorf bits for the weights 1, 2, 3, 5, ... up to index {@code top}, smallest first, then a
     * closing 1. The first bit to write is the most significant of the result.
     */
    static long fibonacciCode(int run, int top) {
        long code = 0;
        int left = run;
        for (int k = top; k >= 0; k--) {
            if (FIBONACCI[k] <= left) {
                code |= 1L << (top - k + 1);
                left -= FIBONACCI[k];
            }
        }
        return code | 1;
    }
}
