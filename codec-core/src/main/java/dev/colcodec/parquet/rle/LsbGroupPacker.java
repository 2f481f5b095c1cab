package dev.colcodec.parquet.rle;

import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.Kernels;

/**
 * Packs groups of eight values LSB-first for the Parquet encoders (RLE/bit-packing hybrid runs and
 * DELTA_BINARY_PACKED miniblocks): eight values of width {@code w} fill exactly {@code w} bytes. Width 8
 * is a plain int-to-byte loop; other widths up to 16 are packed without branches, one or two 64-bit
 * words per group of eight, written with whole-word stores; widths 17 to 32 by one generated class per
 * width ({@link LsbWidePackers}, constant shifts, three or four whole-word stores per group); wider
 * {@code long} values go through {@link Kernels#packLsb}.
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
     * Packs the low {@code w} (0..32) bits of {@code src[i] - base} for {@code count} (a multiple of 8)
     * values starting at {@code off}; returns the bytes written, {@code count / 8 * w}.
     */
    public static int pack(int[] src, int off, int count, int w, int base, byte[] dst, int p) {
        if (w == 0) {
            return 0;
        }
        if (w > 32) {
            throw new IllegalArgumentException("int values are packed at widths up to 32, not " + w);
        }
        if (w == 8) {
            packBytes(src, off, count, base, dst, p);
        } else if (w < 8) {
            packUpTo8(src, off, count, w, base, dst, p);
        } else if (w < 16) {
            packUpTo15(src, off, count, w, base, dst, p);
        } else if (w == 16) {
            pack16(src, off, count, base, dst, p);
        } else {
            LsbWidePackers.INT[w - LsbWidePackers.MIN_WIDTH].pack(src, off, count >>> 3, base, dst, p);
        }
        return (count >>> 3) * w;
    }

    /** Width 8: one byte per value, a plain narrowing loop (no shifts, no masks). */
    private static void packBytes(int[] src, int off, int count, int base, byte[] dst, int p) {
        for (int k = 0; k < count; k++) {
            dst[p + k] = (byte) (src[off + k] - base);
        }
    }

    /**
     * Packs {@code src[i] - base} for {@code count} (a multiple of 8) values starting at {@code off} at
     * width {@code w} (0..32), where every such difference is known to be in {@code [0, 2^w)} (as
     * DELTA_BINARY_PACKED's deltas minus their minimum are); narrow widths then skip the masking.
     * Returns {@code count / 8 * w}.
     */
    public static int packInRange(int[] src, int off, int count, int w, int base, byte[] dst, int p) {
        if (w > 0 && w < 8) {
            packInRangeUpTo7(src, off, count, w, base, dst, p);
            return (count >>> 3) * w;
        }
        return pack(src, off, count, w, base, dst, p);
    }

    /**
     * One word per group of eight, without masking, in {@code int} arithmetic: as every {@code src[i] -
     * base} (mod 2^32) is below 2^w, four values packed with additions instead of ORs are {@code
     * src[i] + src[i + 1] << w + ...} minus {@code base} times {@code 1 + 2^w + 2^2w + 2^3w}, exactly,
     * in 32-bit wrapping arithmetic.
     */
    private static void packInRangeUpTo7(int[] src, int off, int count, int w, int base, byte[] dst, int p) {
        int end = off + count;
        int w2 = 2 * w;
        int w3 = 3 * w;
        int baseTimesRepeat = base * (1 + (1 << w) + (1 << w2) + (1 << w3));
        int half = 4 * w;
        for (int i = off; i < end; i += 8) {
            int low = src[i] + (src[i + 1] << w) + (src[i + 2] << w2) + (src[i + 3] << w3) - baseTimesRepeat;
            int high = src[i + 4] + (src[i + 5] << w) + (src[i + 6] << w2) + (src[i + 7] << w3) - baseTimesRepeat;
            ByteIO.putLongLE(dst, p, Integer.toUnsignedLong(low) | (long) high << half);
            p += w;
        }
    }

    /** One word per group of eight. */
    private static void packUpTo8(int[] src, int off, int count, int w, int base, byte[] dst, int p) {
        int mask = (1 << w) - 1;
        int end = off + count;
        for (int i = off; i < end; i += 8) {
            long word = (long) ((src[i] - base) & mask)
                    | (long) ((src[i + 1] - base) & mask) << w
                    | (long) ((src[i + 2] - base) & mask) << 2 * w
                    | (long) ((src[i + 3] - base) & mask) << 3 * w
                    | (long) ((src[i + 4] - base) & mask) << 4 * w
                    | (long) ((src[i + 5] - base) & mask) << 5 * w
                    | (long) ((src[i + 6] - base) & mask) << 6 * w
                    | (long) ((src[i + 7] - base) & mask) << 7 * w;
            ByteIO.putLongLE(dst, p, word);
            p += w;
        }
    }

    /** Two overlapping words per group of eight: the low four values, then the high four. */
    private static void packUpTo15(int[] src, int off, int count, int w, int base, byte[] dst, int p) {
        int mask = (1 << w) - 1;
        int end = off + count;
        int half = 4 * w;
        for (int i = off; i < end; i += 8) {
            long low = (long) ((src[i] - base) & mask)
                    | (long) ((src[i + 1] - base) & mask) << w
                    | (long) ((src[i + 2] - base) & mask) << 2 * w
                    | (long) ((src[i + 3] - base) & mask) << 3 * w;
            long high = (long) ((src[i + 4] - base) & mask)
                    | (long) ((src[i + 5] - base) & mask) << w
                    | (long) ((src[i + 6] - base) & mask) << 2 * w
                    | (long) ((src[i + 7] - base) & mask) << 3 * w;
            ByteIO.putLongLE(dst, p, low | high << half);
            ByteIO.putLongLE(dst, p + 8, high >>> (64 - half));
            p += w;
        }
    }

    /** One word per four values. */
    private static void pack16(int[] src, int off, int count, int base, byte[] dst, int p) {
        int mask = 0xFFFF;
        int end = off + count;
        for (int i = off; i < end; i += 4) {
            long word = (long) ((src[i] - base) & mask)
                    | (long) ((src[i + 1] - base) & mask) << 16
                    | (long) ((src[i + 2] - base) & mask) << 32
                    | (long) ((src[i + 3] - base) & mask) << 48;
            ByteIO.putLongLE(dst, p, word);
            p += 8;
        }
    }

    /**
     * Packs {@code src[i] - base} for {@code count} (a multiple of 8) values starting at {@code off} at
     * width {@code w} (0..64); those differences must already fit in {@code w} bits. Returns {@code
     * count / 8 * w}. A {@code base} other than 0 is only allowed for widths up to 32.
     */
    public static int pack(long[] src, int off, int count, int w, long base, byte[] dst, int p, Kernels kernels) {
        if (w == 0) {
            return 0;
        }
        if (w == 8) {
            packBytes(src, off, count, base, dst, p);
        } else if (w < 8) {
            packUpTo8(src, off, count, w, base, dst, p);
        } else if (w < 16) {
            packUpTo15(src, off, count, w, base, dst, p);
        } else if (w == 16) {
            pack16(src, off, count, base, dst, p);
        } else if (w <= 32) {
            LsbWidePackers.LONG[w - LsbWidePackers.MIN_WIDTH].pack(src, off, count >>> 3, base, dst, p);
        } else if (base == 0) {
            return kernels.packLsb(src, off, count, w, dst, p);
        } else {
            throw new IllegalArgumentException("widths over 32 are packed without a base");
        }
        return (count >>> 3) * w;
    }

    /**
     * The {@code long} form of {@link #packInRange(int[], int, int, int, int, byte[], int)}:
     * every {@code src[i] - base} is known to be in {@code [0, 2^w)} (w 0..64). Narrow widths are packed
     * from the low 32 bits of the values, which carry the whole difference.
     */
    public static int packInRange(
            long[] src, int off, int count, int w, long base, byte[] dst, int p, Kernels kernels) {
        if (w > 0 && w < 8) {
            packInRangeUpTo7(src, off, count, w, (int) base, dst, p);
            return (count >>> 3) * w;
        }
        return pack(src, off, count, w, base, dst, p, kernels);
    }

    /**
     * {@link #packInRangeUpTo7(int[], int, int, int, int, byte[], int)} on the low 32 bits of the values:
     * a difference below 2^w is the same in 32-bit wrapping arithmetic.
     */
    private static void packInRangeUpTo7(long[] src, int off, int count, int w, int base, byte[] dst, int p) {
        int end = off + count;
        int w2 = 2 * w;
        int w3 = 3 * w;
        int baseTimesRepeat = base * (1 + (1 << w) + (1 << w2) + (1 << w3));
        int half = 4 * w;
        for (int i = off; i < end; i += 8) {
            int low = (int) src[i]
                    + ((int) src[i + 1] << w)
                    + ((int) src[i + 2] << w2)
                    + ((int) src[i + 3] << w3)
                    - baseTimesRepeat;
            int high = (int) src[i + 4]
                    + ((int) src[i + 5] << w)
                    + ((int) src[i + 6] << w2)
                    + ((int) src[i + 7] << w3)
                    - baseTimesRepeat;
            ByteIO.putLongLE(dst, p, Integer.toUnsignedLong(low) | (long) high << half);
            p += w;
        }
    }

    /** Width 8: one byte per value, a plain narrowing loop (no shifts, no masks). */
    private static void packBytes(long[] src, int off, int count, long base, byte[] dst, int p) {
        for (int k = 0; k < count; k++) {
            dst[p + k] = (byte) (src[off + k] - base);
        }
    }

    /** One word per group of eight. */
    private static void packUpTo8(long[] src, int off, int count, int w, long base, byte[] dst, int p) {
        int end = off + count;
        for (int i = off; i < end; i += 8) {
            long word = (src[i] - base)
                    | (src[i + 1] - base) << w
                    | (src[i + 2] - base) << 2 * w
                    | (src[i + 3] - base) << 3 * w
                    | (src[i + 4] - base) << 4 * w
                    | (src[i + 5] - base) << 5 * w
                    | (src[i + 6] - base) << 6 * w
                    | (src[i + 7] - base) << 7 * w;
            ByteIO.putLongLE(dst, p, word);
            p += w;
        }
    }

    /** Two overlapping words per group of eight: the low four values, then the high four. */
    private static void packUpTo15(long[] src, int off, int count, int w, long base, byte[] dst, int p) {
        int end = off + count;
        int half = 4 * w;
        for (int i = off; i < end; i += 8) {
            long low = (src[i] - base)
                    | (src[i + 1] - base) << w
                    | (src[i + 2] - base) << 2 * w
                    | (src[i + 3] - base) << 3 * w;
            long high = (src[i + 4] - base)
                    | (src[i + 5] - base) << w
                    | (src[i + 6] - base) << 2 * w
                    | (src[i + 7] - base) << 3 * w;
            ByteIO.putLongLE(dst, p, low | high << half);
            ByteIO.putLongLE(dst, p + 8, high >>> (64 - half));
            p += w;
        }
    }

    /** One word per four values. */
    private static void pack16(long[] src, int off, int count, long base, byte[] dst, int p) {
        int end = off + count;
        for (int i = off; i < end; i += 4) {
            ByteIO.putLongLE(
                    dst,
                    p,
                    (src[i] - base)
                            | (src[i + 1] - base) << 16
                            | (src[i + 2] - base) << 32
                            | (src[i + 3] - base) << 48);
            p += 8;
        }
    }
}
