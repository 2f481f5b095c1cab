package dev.colcodec.tsfile.ts2diff;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.IntValuesReader;
import java.util.Objects;

/**
 * Reads TsFile TS_2DIFF INT32 and DATE values (TsFile's {@code DeltaBinaryDecoder.IntDeltaDecoder}
 * format): self-contained blocks of a 16-byte big-endian header {@code (deltaCount, bitWidth, minDelta,
 * firstValue)} and MSB-first packed {@code delta - minDelta}, summed with 32-bit wrap-around.
 *
 * <p>A batch covering a whole block decodes it straight into the caller's array with one {@link
 * Kernels#unpackPrefixSum(byte[], int, int, int, boolean, int[], int, int, int, int)} (or {@link
 * Kernels#fillArithmetic} at bit width 0); partial reads go through a 129-value buffer. {@link #skip(int)} drops whole blocks undecoded.
 */
public final class Ts2DiffIntReader implements IntValuesReader {
    private static final int CHUNK = Ts2DiffFormat.BLOCK_DELTAS;

    private final Kernels kernels;
    private final Ts2DiffBlockCursor c = new Ts2DiffBlockCursor(false);
    private final int[] chunk = new int[CHUNK + 1];
    private int chunkPos;
    private int chunkLen;
    private int prev;

    public Ts2DiffIntReader(Kernels kernels) {
        this.kernels = kernels;
    }

    /** A reader using {@link KernelProvider#best()}. */
    public Ts2DiffIntReader() {
        this(KernelProvider.best());
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        c.init(valueCount, buf, offset, length);
        chunkPos = 0;
        chunkLen = 0;
    }

    @Override
    public int readInteger() {
        c.claim(1);
        if (chunkPos == chunkLen) {
            refill();
        }
        return chunk[chunkPos++];
    }

    @Override
    public void readIntegers(int[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        c.claim(len);
        while (len > 0) {
            int avail = chunkLen - chunkPos;
            if (avail > 0) {
                int n = Math.min(avail, len);
                System.arraycopy(chunk, chunkPos, dst, off, n);
                chunkPos += n;
                off += n;
                len -= n;
            } else if (c.deltasLeft == 0) {
                c.nextBlock();
                prev = (int) c.first;
                dst[off++] = prev;
                len--;
            } else if (len >= c.deltasLeft) {
                int n = c.deltasLeft;
                decodeDeltas(dst, off, n);
                off += n;
                len -= n;
            } else if (len >= 8) {
                int n = len & ~7;
                decodeDeltas(dst, off, n);
                off += n;
                len -= n;
            } else {
                refill();
            }
        }
    }

    @Override
    public void skip(int n) {
        c.claim(n);
        long left = n;
        while (left > 0) {
            int avail = chunkLen - chunkPos;
            if (avail > 0) {
                int k = (int) Math.min(avail, left);
                chunkPos += k;
                left -= k;
            } else if (c.deltasLeft == 0) {
                c.nextBlock();
                long blockValues = 1L + c.deltasLeft;
                if (blockValues <= left) {
                    c.dropRestOfBlock();
                    left -= blockValues;
                } else {
                    prev = (int) c.first;
                    left--;
                }
            } else if (left >= c.deltasLeft) {
                left -= c.deltasLeft;
                c.dropRestOfBlock();
            } else if (c.width == 0) {
                prev += (int) left * (int) c.minDelta;
                c.consumeDeltas((int) left);
                left = 0;
            } else {
                refill();
            }
        }
    }

    @Override
    public int endOffset() {
        return c.endOffset(chunkLen - chunkPos);
    }

    private void refill() {
        int off = 0;
        if (c.deltasLeft == 0) {
            c.nextBlock();
            prev = (int) c.first;
            chunk[0] = prev;
            off = 1;
        }
        int n = Math.min(c.deltasLeft, CHUNK);
        decodeDeltas(chunk, off, n);
        chunkPos = 0;
        chunkLen = off + n;
    }

    private void decodeDeltas(int[] dst, int off, int n) {
        if (c.width == 0) {
            prev = kernels.fillArithmetic(dst, off, n, prev, (int) c.minDelta);
        } else {
            prev = kernels.unpackPrefixSum(
                    c.buf, c.packedPos, c.end, c.width, true, dst, off, n, prev, (int) c.minDelta);
        }
        c.consumeDeltas(n);
    }
}
