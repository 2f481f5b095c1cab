package dev.colcodec.tsfile.rle;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.IntValuesReader;
import java.util.Arrays;
import java.util.Objects;

/**
 * Reads TsFile RLE INT32 and DATE values ({@code IntRleDecoder}'s format, see {@link RleIntWriter}).
 * RLE runs are filled with {@link Arrays#fill}; bit-packed runs are unpacked with one {@link
 * Kernels#unpackMsb} per run straight into the caller's array when the batch covers the run (or a
 * multiple of 8 of its values), else through a 512-value buffer. Skips do not decode whole groups.
 */
public final class RleIntReader implements IntValuesReader {
    private static final int CHUNK = 512;

    private final Kernels kernels;
    private final RleRunCursor c = new RleRunCursor(32, false, "RLE INT32 values");
    private final int[] chunk = new int[CHUNK];
    private int chunkPos;
    private int chunkLen;

    public RleIntReader(Kernels kernels) {
        this.kernels = kernels;
    }

    /** A reader using {@link KernelProvider#best()}. */
    public RleIntReader() {
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
        if (chunkPos < chunkLen) {
            return chunk[chunkPos++];
        }
        if (c.runLeft == 0) {
            c.nextRun();
        }
        if (c.rle) {
            c.runLeft--;
            return (int) c.runValue;
        }
        bufferPacked();
        return chunk[chunkPos++];
    }

    @Override
    public void readIntegers(int[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        c.claim(len);
        while (len > 0) {
            int avail = chunkLen - chunkPos;
            int n;
            if (avail > 0) {
                n = Math.min(avail, len);
                System.arraycopy(chunk, chunkPos, dst, off, n);
                chunkPos += n;
            } else if (c.runLeft == 0) {
                c.nextRun();
                continue;
            } else if (c.rle) {
                n = (int) Math.min(len, c.runLeft);
                Arrays.fill(dst, off, off + n, (int) c.runValue);
                c.consume(n);
            } else if (len >= c.runLeft || len >= 8) {
                n = len >= c.runLeft ? (int) c.runLeft : len & ~7;
                kernels.unpackMsb(c.buf, c.packedPos, c.width, dst, off, n);
                c.consume(n);
            } else {
                bufferPacked();
                continue;
            }
            off += n;
            len -= n;
        }
    }

    private void bufferPacked() {
        int n = (int) Math.min(c.runLeft, CHUNK);
        kernels.unpackMsb(c.buf, c.packedPos, c.width, chunk, 0, n);
        c.consume(n);
        chunkPos = 0;
        chunkLen = n;
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
            } else if (c.runLeft == 0) {
                c.nextRun();
            } else if (c.rle || left >= c.runLeft || left >= 8) {
                long k = c.rle || left >= c.runLeft ? Math.min(left, c.runLeft) : left & ~7;
                c.consume(k);
                left -= k;
            } else {
                bufferPacked();
            }
        }
    }

    @Override
    public int endOffset() {
        return c.endOffset(chunkLen - chunkPos);
    }
}
