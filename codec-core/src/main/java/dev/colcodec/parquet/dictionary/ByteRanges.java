package dev.colcodec.parquet.dictionary;

import dev.colcodec.io.ByteIO;

/**
 * Word-at-a-time equality and hashing of byte ranges for the binary dictionary. Only bytes inside the
 * value are read, and where they are read depends only on its length:
 *
 * <ul>
 *   <li>8 to 32 bytes: four 8-byte words, at 0, {@code min(8, len - 8)}, {@code max(len - 16, that)}
 *       and {@code len - 8}; they overlap when the length is below 32, so every length in the range
 *       takes the same branch-free path;
 *   <li>longer values: 8-byte words, the last one overlapping the one before it;
 *   <li>4 to 7 bytes: two overlapping 4-byte words; below 4, bytes.
 * </ul>
 */
final class ByteRanges {
    private static final int WORD = Long.BYTES;
    private static final int FOUR_WORDS = 4 * WORD;

    private ByteRanges() {}

    private static int second(int len) {
        return Math.min(WORD, len - WORD);
    }

    private static int third(int len) {
        return Math.max(len - 2 * WORD, second(len));
    }

    /** Whether {@code a[aOff, aOff + len)} and {@code b[bOff, bOff + len)} hold the same bytes. */
    static boolean equal(byte[] a, int aOff, byte[] b, int bOff, int len) {
        if (len >= WORD && len <= FOUR_WORDS) {
            int p1 = second(len);
            int p2 = third(len);
            int p3 = len - WORD;
            long diff = (ByteIO.getLongLE(a, aOff) ^ ByteIO.getLongLE(b, bOff))
                    | (ByteIO.getLongLE(a, aOff + p1) ^ ByteIO.getLongLE(b, bOff + p1))
                    | (ByteIO.getLongLE(a, aOff + p2) ^ ByteIO.getLongLE(b, bOff + p2))
                    | (ByteIO.getLongLE(a, aOff + p3) ^ ByteIO.getLongLE(b, bOff + p3));
            return diff == 0;
        }
        if (len > FOUR_WORDS) {
            int last = len - WORD;
            for (int i = 0; i < last; i += WORD) {
                if (ByteIO.getLongLE(a, aOff + i) != ByteIO.getLongLE(b, bOff + i)) {
                    return false;
                }
            }
            return ByteIO.getLongLE(a, aOff + last) == ByteIO.getLongLE(b, bOff + last);
        }
        if (len >= Integer.BYTES) {
            int last = len - Integer.BYTES;
            return ((ByteIO.getIntLE(a, aOff) ^ ByteIO.getIntLE(b, bOff))
                            | (ByteIO.getIntLE(a, aOff + last) ^ ByteIO.getIntLE(b, bOff + last)))
                    == 0;
        }
        for (int i = 0; i < len; i++) {
            if (a[aOff + i] != b[bOff + i]) {
                return false;
            }
        }
        return true;
    }

    /** A hash of {@code b[off, off + len)}, mixing every byte and the length. */
    static int hash(byte[] b, int off, int len) {
        long h;
        if (len >= WORD && len <= FOUR_WORDS) {
            // four independent products, so the multiplications overlap
            h = ByteIO.getLongLE(b, off) * 0x9E3779B97F4A7C15L
                    ^ Long.rotateLeft(ByteIO.getLongLE(b, off + second(len)) * 0xBF58476D1CE4E5B9L, 21)
                    ^ Long.rotateLeft(ByteIO.getLongLE(b, off + third(len)) * 0x94D049BB133111EBL, 42)
                    ^ ByteIO.getLongLE(b, off + len - WORD) * 0xD6E8FEB86659FD93L
                    ^ len;
        } else if (len > FOUR_WORDS) {
            h = 0x9E3779B97F4A7C15L ^ len;
            int last = len - WORD;
            for (int i = 0; i < last; i += WORD) {
                h = (h ^ ByteIO.getLongLE(b, off + i)) * 0xBF58476D1CE4E5B9L;
                h ^= h >>> 31;
            }
            h = (h ^ ByteIO.getLongLE(b, off + last)) * 0x94D049BB133111EBL;
        } else {
            long word;
            if (len >= Integer.BYTES) {
                word = (ByteIO.getIntLE(b, off) & 0xFFFFFFFFL)
                        | (long) ByteIO.getIntLE(b, off + len - Integer.BYTES) << 32;
            } else {
                word = ByteIO.getPartialLE(b, off, len);
            }
            h = (word ^ ((long) len << 59)) * 0x9E3779B97F4A7C15L;
        }
        h ^= h >>> 32;
        h *= 0xD6E8FEB86659FD93L;
        h ^= h >>> 29;
        return (int) h;
    }
}
