package dev.colcodec.tsfile.plain;

import dev.colcodec.CorruptInputException;

/**
 * TsFile's 32-bit zigzag varints ({@code ReadWriteForEncodingUtils.writeVarInt}): zigzag, then
 * ULEB128 of at most 5 bytes. Single reads return the value and the new position packed in one
 * {@code long} so that nothing is allocated.
 */
final class ZigZagVarInts {
    static final int MAX_BYTES = 5;

    private ZigZagVarInts() {}

    /** The decoded (zigzag-undone) value of a {@link #read} result. */
    static int value(long packed) {
        return (int) packed;
    }

    /** The position after the varint of a {@link #read} result. */
    static int position(long packed) {
        return (int) (packed >>> 32);
    }

    /** Reads one zigzag varint at {@code p}, bounds-checked against {@code end}. */
    static long read(byte[] b, int p, int end, String what) {
        int start = p;
        int v = 0;
        for (int shift = 0; ; shift += 7) {
            if (p >= end) {
                throw new CorruptInputException(start, what + " (a varint) but the input ended");
            }
            int x = b[p++];
            if (shift == 28) {
                if ((x & 0xF0) != 0) {
                    throw new CorruptInputException(start, what + " (a varint of at most 32 bits)");
                }
                v |= x << 28;
                break;
            }
            v |= (x & 0x7F) << shift;
            if (x >= 0) {
                break;
            }
        }
        return ((long) p << 32) | (unZigZag(v) & 0xFFFFFFFFL);
    }

    static int unZigZag(int u) {
        return (u >>> 1) ^ -(u & 1);
    }

    static int zigZag(int v) {
        return (v << 1) ^ (v >> 31);
    }

    /**
     * Decodes {@code len} zigzag varints from {@code b[p, end)} into {@code dst[off, off + len)};
     * returns the position after the last one.
     */
    static int readBatch(byte[] b, int p, int end, int[] dst, int off, int len, String what) {
        for (int i = off, stop = off + len; i < stop; i++) {
            if (end - p < MAX_BYTES) {
                long r = read(b, p, end, what);
                dst[i] = value(r);
                p = position(r);
                continue;
            }
            int x = b[p];
            int u;
            if (x >= 0) {
                u = x;
                p++;
            } else {
                u = x & 0x7F;
                x = b[p + 1];
                u |= (x & 0x7F) << 7;
                if (x >= 0) {
                    p += 2;
                } else {
                    x = b[p + 2];
                    u |= (x & 0x7F) << 14;
                    if (x >= 0) {
                        p += 3;
                    } else {
                        x = b[p + 3];
                        u |= (x & 0x7F) << 21;
                        if (x >= 0) {
                            p += 4;
                        } else {
                            x = b[p + 4];
                            if ((x & 0xF0) != 0) {
                                throw new CorruptInputException(p, what + " (a varint of at most 32 bits)");
                            }
                            u |= x << 28;
                            p += 5;
                        }
                    }
                }
            }
            dst[i] = unZigZag(u);
        }
        return p;
    }

    /** Skips {@code n} varints starting at {@code p}; returns the position after them. */
    static int skip(byte[] b, int p, int end, int n, String what) {
        for (int i = 0; i < n; i++) {
            p = position(read(b, p, end, what));
        }
        return p;
    }

    /**
     * Writes the zigzag varints of {@code src[off, off + len)} at {@code dst[p]} (room for 5 bytes per
     * value is the caller's job); returns the position after them.
     */
    static int writeBatch(int[] src, int off, int len, byte[] dst, int p) {
        for (int i = off, stop = off + len; i < stop; i++) {
            p = write(zigZag(src[i]), dst, p);
        }
        return p;
    }

    /** Writes {@code u} as ULEB128 at {@code dst[p]}; returns the position after it. */
    static int write(int u, byte[] dst, int p) {
        while ((u & ~0x7F) != 0) {
            dst[p++] = (byte) (u | 0x80);
            u >>>= 7;
        }
        dst[p++] = (byte) u;
        return p;
    }
}
