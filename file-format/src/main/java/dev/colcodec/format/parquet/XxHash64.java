package dev.colcodec.format.parquet;

import dev.colcodec.io.ByteIO;

/**
 * XXH64 with seed 0, the hash Parquet's bloom filters apply to a value's PLAIN bytes (fixed-width values
 * little-endian, byte arrays without their length).
 */
final class XxHash64 {
    private static final long P1 = 0x9E3779B185EBCA87L;
    private static final long P2 = 0xC2B2AE3D27D4EB4FL;
    private static final long P3 = 0x165667B19E3779F9L;
    private static final long P4 = 0x85EBCA77C2B2AE63L;
    private static final long P5 = 0x27D4EB2F165667C5L;

    private XxHash64() {}

    /** The hash of {@code b[off, off + len)}. */
    static long hash(byte[] b, int off, int len) {
        int end = off + len;
        int p = off;
        long h;
        if (len >= 32) {
            long v1 = P1 + P2;
            long v2 = P2;
            long v3 = 0;
            long v4 = -P1;
            for (int limit = end - 32; p <= limit; p += 32) {
                v1 = round(v1, ByteIO.getLongLE(b, p));
                v2 = round(v2, ByteIO.getLongLE(b, p + 8));
                v3 = round(v3, ByteIO.getLongLE(b, p + 16));
                v4 = round(v4, ByteIO.getLongLE(b, p + 24));
            }
            h = Long.rotateLeft(v1, 1) + Long.rotateLeft(v2, 7) + Long.rotateLeft(v3, 12) + Long.rotateLeft(v4, 18);
            h = merge(h, v1);
            h = merge(h, v2);
            h = merge(h, v3);
            h = merge(h, v4);
        } else {
            h = P5;
        }
        h += len;
        for (; p + 8 <= end; p += 8) {
            h = eight(h, ByteIO.getLongLE(b, p));
        }
        if (p + 4 <= end) {
            h = four(h, ByteIO.getIntLE(b, p));
            p += 4;
        }
        for (; p < end; p++) {
            h ^= (b[p] & 0xFFL) * P5;
            h = Long.rotateLeft(h, 11) * P1;
        }
        return avalanche(h);
    }

    /** The hash of an INT32 or FLOAT value's 4 PLAIN bytes. */
    static long hash4(int v) {
        return avalanche(four(P5 + 4, v));
    }

    /** The hash of an INT64 or DOUBLE value's 8 PLAIN bytes. */
    static long hash8(long v) {
        return avalanche(eight(P5 + 8, v));
    }

    private static long eight(long h, long k) {
        h ^= round(0, k);
        return Long.rotateLeft(h, 27) * P1 + P4;
    }

    private static long four(long h, int k) {
        h ^= (k & 0xFFFFFFFFL) * P1;
        return Long.rotateLeft(h, 23) * P2 + P3;
    }

    private static long round(long acc, long input) {
        acc += input * P2;
        acc = Long.rotateLeft(acc, 31);
        return acc * P1;
    }

    private static long merge(long acc, long v) {
        acc ^= round(0, v);
        return acc * P1 + P4;
    }

    private static long avalanche(long h) {
        h ^= h >>> 33;
        h *= P2;
        h ^= h >>> 29;
        h *= P3;
        h ^= h >>> 32;
        return h;
    }
}
