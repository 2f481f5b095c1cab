package dev.colcodec.parquet.dictionary;

import dev.colcodec.io.ByteIO;

/**
 * Word-at-a-time equality and hashing of byte ranges for the binary dictionary. Values of up to 16
 * bytes are read as two 8-byte words masked to the length, without a branch on the length, when both
 * arrays have 16 bytes from the value's start (else the same words are assembled byte by byte). Longer
 * values are read as 8-byte words, the last one overlapping the one before it when the length is not a
 * multiple of 8.
 */
final class ByteRanges {
    private static final int WORD = Long.BYTES;
    private static final int SHORT_VALUE = 2 * WORD;

    private ByteRanges() {}

    /** Whether {@code a[aOff, aOff + len)} and {@code b[bOff, bOff + len)} hold the same bytes. */
    static boolean equal(byte[] a, int aOff, byte[] b, int bOff, int len) {
        if (len <= SHORT_VALUE) {
            if (aOff <= a.length - SHORT_VALUE && bOff <= b.length - SHORT_VALUE) {
                long low = (ByteIO.getLongLE(a, aOff) ^ ByteIO.getLongLE(b, bOff)) & lowWordMask(len);
                long high = (ByteIO.getLongLE(a, aOff + WORD) ^ ByteIO.getLongLE(b, bOff + WORD)) & highWordMask(len);
                return (low | high) == 0;
            }
            for (int i = 0; i < len; i++) {
                if (a[aOff + i] != b[bOff + i]) {
                    return false;
                }
            }
            return true;
        }
        int last = len - WORD;
        for (int i = 0; i < last; i += WORD) {
            if (ByteIO.getLongLE(a, aOff + i) != ByteIO.getLongLE(b, bOff + i)) {
                return false;
            }
        }
        return ByteIO.getLongLE(a, aOff + last) == ByteIO.getLongLE(b, bOff + last);
    }

    /** A hash of {@code b[off, off + len)}, mixing every byte and the length. */
    static int hash(byte[] b, int off, int len) {
        long h = 0x9E3779B97F4A7C15L ^ len;
        if (len <= SHORT_VALUE) {
            long low;
            long high;
            if (off <= b.length - SHORT_VALUE) {
                low = ByteIO.getLongLE(b, off) & lowWordMask(len);
                high = ByteIO.getLongLE(b, off + WORD) & highWordMask(len);
            } else {
                low = ByteIO.getPartialLE(b, off, Math.min(len, WORD));
                high = ByteIO.getPartialLE(b, off + WORD, Math.max(len - WORD, 0));
            }
            h = (h ^ low) * 0xBF58476D1CE4E5B9L;
            h = (h ^ (h >>> 31) ^ high) * 0x94D049BB133111EBL;
        } else {
            int last = len - WORD;
            for (int i = 0; i < last; i += WORD) {
                h = (h ^ ByteIO.getLongLE(b, off + i)) * 0xBF58476D1CE4E5B9L;
                h ^= h >>> 31;
            }
            h = (h ^ ByteIO.getLongLE(b, off + last)) * 0x94D049BB133111EBL;
        }
        h ^= h >>> 29;
        return (int) (h ^ (h >>> 32));
    }

    /** The bytes of the first word inside a value of {@code len} (0..16) bytes. */
    private static long lowWordMask(int len) {
        return lowBytesMask(Math.min(len, WORD));
    }

    /** The bytes of the second word inside a value of {@code len} (0..16) bytes. */
    private static long highWordMask(int len) {
        return lowBytesMask(Math.max(len - WORD, 0));
    }

    /** A mask of the low {@code n} (0..8) bytes; two shifts, as a shift by 64 would be one by 0. */
    private static long lowBytesMask(int n) {
        return ((1L << (n << 2)) << (n << 2)) - 1;
    }
}
