package dev.colcodec.tsfile.ts2diff;

import dev.colcodec.io.ByteIO;
import dev.colcodec.tsfile.bits.MsbBits;

/**
 * The fused per-block decode of TS_2DIFF: unpacking the MSB-first {@code delta - minDelta} fields,
 * adding {@code minDelta} and the running sum happen in one pass straight into the caller's array,
 * one 8-byte big-endian load per value. A block is at most a few hundred values, so separate unpack
 * and prefix-sum passes (and their calls) cost more than they save.
 *
 * <p>The caller has checked that the packed bytes of the {@code n} fields lie inside its section;
 * loads that would pass the end of the array are done byte by byte ({@link MsbBits#read}).
 */
final class Ts2DiffBlocks {
    private Ts2DiffBlocks() {}

    /**
     * Decodes {@code n} INT64 values after {@code prev}; returns the last one ({@code prev} when n is
     * 0).
     */
    static long decode(byte[] buf, int packed, int width, int n, long prev, long minDelta, long[] dst, int off) {
        long acc = prev;
        if (width == 0) {
            for (int i = 0; i < n; i++) {
                acc += minDelta;
                dst[off + i] = acc;
            }
            return acc;
        }
        int i = 0;
        if (width == 64) {
            for (; i < n; i++) {
                acc += minDelta + ByteIO.getLongBE(buf, packed + (i << 3));
                dst[off + i] = acc;
            }
            return acc;
        }
        if (width <= MsbBits.PEEK_BITS) {
            int fast = wholeLoads(buf.length, packed, width, n);
            int shift = 64 - width;
            long bit = 0;
            for (; i < fast; i++, bit += width) {
                long word = ByteIO.getLongBE(buf, packed + (int) (bit >>> 3));
                acc += minDelta + ((word << (bit & 7)) >>> shift);
                dst[off + i] = acc;
            }
        }
        long base = (long) packed << 3;
        for (; i < n; i++) {
            acc += minDelta + MsbBits.read(buf, base + (long) i * width, width);
            dst[off + i] = acc;
        }
        return acc;
    }

    /** Decodes {@code n} INT32 values after {@code prev} (32-bit wrap-around); returns the last one. */
    static int decode(byte[] buf, int packed, int width, int n, int prev, int minDelta, int[] dst, int off) {
        int acc = prev;
        if (width == 0) {
            for (int i = 0; i < n; i++) {
                acc += minDelta;
                dst[off + i] = acc;
            }
            return acc;
        }
        int fast = wholeLoads(buf.length, packed, width, n);
        int shift = 64 - width;
        int i = 0;
        long bit = 0;
        for (; i < fast; i++, bit += width) {
            long word = ByteIO.getLongBE(buf, packed + (int) (bit >>> 3));
            acc += minDelta + (int) ((word << (bit & 7)) >>> shift);
            dst[off + i] = acc;
        }
        long base = (long) packed << 3;
        for (; i < n; i++) {
            acc += minDelta + (int) MsbBits.read(buf, base + (long) i * width, width);
            dst[off + i] = acc;
        }
        return acc;
    }

    /** How many of the first {@code n} fields can be read with a whole 8-byte load inside the array. */
    private static int wholeLoads(int arrayLength, int packed, int width, int n) {
        long room = (long) arrayLength - Long.BYTES - packed; // the last byte index a load may start at
        if (room < 0) {
            return 0;
        }
        // field i starts in byte (i * width) >>> 3, which must be <= room
        long fields = ((room + 1) * 8 - 1) / width + 1;
        return (int) Math.min(n, fields);
    }
}
