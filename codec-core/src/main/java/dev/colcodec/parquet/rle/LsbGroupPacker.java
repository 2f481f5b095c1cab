package dev.colcodec.parquet.rle;

import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.Kernels;

/**
 * Packs groups of eight values LSB-first for the Parquet encoders (RLE/bit-packing hybrid runs and
 * DELTA_BINARY_PACKED miniblocks): eight values of width {@code w} fill exactly {@code w} bytes. Widths
 * up to 16 are packed without branches, one or two 64-bit words per group of eight, written with
 * whole-word stores; wider values go through {@link Kernels#packLsb}.
 *
 * <p>The word stores write up to {@link #SLACK} bytes past the packed bytes, so the destination must
 * have that much room after them; the bytes there are garbage the caller overwrites or ignores. This is
 * an encoder helper of the Parquet writers (public only so that the delta writers can share it), not a
 * general kernel.
 */
public final class LsbGroupPacker {
    /** Bytes the word stores may write past the end of the packed bytes. */
    public static final int SLACK = 16;

    private LsbGroupPacker() {}

    /**
     * Packs the low {@code w} (0..32) bits of {@code count} (a multiple of 8) values of {@code src}
     * starting at {@code off}; returns the bytes written, {@code count / 8 * w}.
     */
    public static int pack(int[] src, int off, int count, int w, byte[] dst, int p, Kernels kernels) {
        if (w == 0) {
            return 0;
        }
        if (w > 16) {
            return kernels.packLsb(src, off, count, w, dst, p);
        }
        int mask = (1 << w) - 1;
        int start = p;
        int end = off + count;
        if (w <= 8) {
            for (int i = off; i < end; i += 8) {
                long word = (long) (src[i] & mask)
                        | (long) (src[i + 1] & mask) << w
                        | (long) (src[i + 2] & mask) << 2 * w
                        | (long) (src[i + 3] & mask) << 3 * w
                        | (long) (src[i + 4] & mask) << 4 * w
                        | (long) (src[i + 5] & mask) << 5 * w
                        | (long) (src[i + 6] & mask) << 6 * w
                        | (long) (src[i + 7] & mask) << 7 * w;
                ByteIO.putLongLE(dst, p, word);
                p += w;
            }
        } else if (w < 16) {
            int half = 4 * w;
            for (int i = off; i < end; i += 8) {
                long low = (long) (src[i] & mask)
                        | (long) (src[i + 1] & mask) << w
                        | (long) (src[i + 2] & mask) << 2 * w
                        | (long) (src[i + 3] & mask) << 3 * w;
                long high = (long) (src[i + 4] & mask)
                        | (long) (src[i + 5] & mask) << w
                        | (long) (src[i + 6] & mask) << 2 * w
                        | (long) (src[i + 7] & mask) << 3 * w;
                ByteIO.putLongLE(dst, p, low | high << half);
                ByteIO.putLongLE(dst, p + 8, high >>> (64 - half));
                p += w;
            }
        } else {
            for (int i = off; i < end; i += 4) {
                long word = (long) (src[i] & mask)
                        | (long) (src[i + 1] & mask) << 16
                        | (long) (src[i + 2] & mask) << 32
                        | (long) (src[i + 3] & mask) << 48;
                ByteIO.putLongLE(dst, p, word);
                p += 8;
            }
        }
        return p - start;
    }

    /**
     * Packs {@code count} (a multiple of 8) values of {@code src} starting at {@code off} at width
     * {@code w} (0..64); the values must already fit in {@code w} bits. Returns {@code count / 8 * w}.
     */
    public static int pack(long[] src, int off, int count, int w, byte[] dst, int p, Kernels kernels) {
        if (w == 0) {
            return 0;
        }
        if (w > 16) {
            return kernels.packLsb(src, off, count, w, dst, p);
        }
        int start = p;
        int end = off + count;
        if (w <= 8) {
            for (int i = off; i < end; i += 8) {
                long word = src[i]
                        | src[i + 1] << w
                        | src[i + 2] << 2 * w
                        | src[i + 3] << 3 * w
                        | src[i + 4] << 4 * w
                        | src[i + 5] << 5 * w
                        | src[i + 6] << 6 * w
                        | src[i + 7] << 7 * w;
                ByteIO.putLongLE(dst, p, word);
                p += w;
            }
        } else if (w < 16) {
            int half = 4 * w;
            for (int i = off; i < end; i += 8) {
                long low = src[i] | src[i + 1] << w | src[i + 2] << 2 * w | src[i + 3] << 3 * w;
                long high = src[i + 4] | src[i + 5] << w | src[i + 6] << 2 * w | src[i + 7] << 3 * w;
                ByteIO.putLongLE(dst, p, low | high << half);
                ByteIO.putLongLE(dst, p + 8, high >>> (64 - half));
                p += w;
            }
        } else {
            for (int i = off; i < end; i += 4) {
                ByteIO.putLongLE(dst, p, src[i] | src[i + 1] << 16 | src[i + 2] << 32 | src[i + 3] << 48);
                p += 8;
            }
        }
        return p - start;
    }
}
