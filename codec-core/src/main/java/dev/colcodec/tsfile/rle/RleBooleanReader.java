package dev.colcodec.tsfile.rle;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.BooleanValuesReader;
import java.util.Arrays;
import java.util.Objects;

/**
 * Reads TsFile RLE BOOLEAN values: TsFile writes booleans as an INT32 RLE stream of 0 and 1 (see
 * {@link RleBooleanWriter}); any non-zero value reads as {@code true}, as in TsFile's decoder. RLE runs
 * are filled with {@link Arrays#fill}; bit-packed runs are unpacked with {@link Kernels#unpackMsb} into
 * a 512-value buffer and turned into booleans there (the kernels' boolean unpack is LSB-first, this
 * stream is MSB-first).
 */
public final class RleBooleanReader implements BooleanValuesReader {
    private static final int CHUNK = 512;

    private final Kernels kernels;
    private final RleRunCursor c = new RleRunCursor(32, false, "RLE BOOLEAN values");
    private final int[] chunk = new int[CHUNK];
    private int chunkPos;
    private int chunkLen;

    public RleBooleanReader(Kernels kernels) {
        this.kernels = kernels;
    }

    /** A reader using {@link KernelProvider#best()}. */
    public RleBooleanReader() {
        this(KernelProvider.best());
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        c.init(valueCount, buf, offset, length);
        chunkPos = 0;
        chunkLen = 0;
    }

    @Override
    public boolean readBoolean() {
        c.claim(1);
        if (chunkPos < chunkLen) {
            return chunk[chunkPos++] != 0;
        }
        if (c.runLeft == 0) {
            c.nextRun();
        }
        if (c.rle) {
            c.consume(1);
            return c.runValue != 0;
        }
        bufferPacked();
        return chunk[chunkPos++] != 0;
    }

    @Override
    public void readBooleans(boolean[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        c.claim(len);
        while (len > 0) {
            int avail = chunkLen - chunkPos;
            if (avail > 0) {
                int n = Math.min(avail, len);
                int[] src = chunk;
                int from = chunkPos;
                for (int i = 0; i < n; i++) {
                    dst[off + i] = src[from + i] != 0;
                }
                chunkPos += n;
                off += n;
                len -= n;
            } else if (c.runLeft == 0) {
                c.nextRun();
            } else if (c.rle) {
                int n = (int) Math.min(len, c.runLeft);
                Arrays.fill(dst, off, off + n, c.runValue != 0);
                c.consume(n);
                off += n;
                len -= n;
            } else {
                bufferPacked();
            }
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
