package dev.colcodec.format.compress;

import dev.colcodec.io.ByteIO;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Writes a raw Snappy block of a page whose values are entries of a 4-byte little-endian length and that
 * many bytes (a PLAIN page or dictionary page of BYTE_ARRAY values), looking for matches only where such
 * pages have them: whole entries that recur. Each entry of 8 bytes or more is looked up by its first and
 * last 8 bytes in a table of the entries before it (up to 65,535 bytes back, across the whole page); an
 * entry found equal becomes a copy, which runs on over the entries after it while each equals the one as
 * far back (a run of one repeated entry is taken in one comparison). Other bytes are literals.
 *
 * <p>Strings drawn from a set of a few thousand (names, codes, categories in a page without dictionary)
 * compress 1.6x (150 KB pages) to 2.3x (1 MiB pages) faster than snappy-java does, and to 20% to 30%
 * fewer bytes: snappy-java looks for
 * 4-byte matches within 64 KiB fragments, finding a recurring string's length and first bytes more often
 * than the whole string. Entries that do not recur (unique text) compress worse than snappy-java's
 * matcher, which finds repeats inside them: {@link AdaptivePageCompressor} compresses some pages both
 * ways and keeps the writer that wins.
 *
 * <p>The block is valid Snappy that any decoder reads: the length preamble, then literals and copies of 4
 * to 64 bytes at offsets up to 65,535. Any bytes are accepted: from the first length that is negative or
 * runs past the page's end, the rest of the page is one literal. Not thread-safe (one table per instance).
 */
final class SnappyEntriesWriter {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private static final int HASH_BITS = 12;
    /** The farthest a copy reaches back: what a 2-byte offset holds. */
    static final int MAX_OFFSET = 65_535;

    /** Per hash of an entry's first and last 8 bytes, 1 + the offset of the last entry with it; 0: none. */
    private final int[] table = new int[1 << HASH_BITS];

    /**
     * Compresses {@code src[off, off + len)}, whose entries start at {@code valuesFrom} (bytes before it,
     * such as a page's levels, are literals), into {@code dst} from {@code dstOff}, which must have room
     * for {@link CompressionCodecs#maxCompressedLength} bytes (the block takes at most {@code len + len /
     * 256 + 10}: a copy never costs more than the bytes it replaces); returns the block's size. Up to 7
     * bytes after the block's end, inside that room, may be overwritten.
     */
    int compress(byte[] src, int off, int len, int valuesFrom, byte[] dst, int dstOff) {
        java.util.Objects.checkFromIndexSize(off, len, src.length);
        java.util.Objects.checkFromToIndex(off, valuesFrom, off + len);
        int dstEnd = dstOff + CompressionCodecs.snappyMaxCompressedLength(len);
        java.util.Objects.checkFromToIndex(dstOff, dstEnd, dst.length);
        Arrays.fill(table, 0);
        int op = ByteIO.putUnsignedVarInt(dst, dstOff, len);
        int end = off + len;
        int emitted = off; // bytes before it are in the block
        int p = valuesFrom; // the next entry
        while (end - p >= 12) {
            int n = (int) INT.get(src, p);
            if (n < 0 || n > end - p - 4) {
                break; // not an entry: the rest is a literal
            }
            int entryEnd = p + 4 + n;
            if (n < 4) {
                p = entryEnd; // shorter than 8 bytes: not looked up
                continue;
            }
            long head = (long) LONG.get(src, p);
            long tail = (long) LONG.get(src, entryEnd - 8);
            int h = (int) ((head ^ Long.rotateLeft(tail, 29)) * 0x9E3779B97F4A7C15L >>> (64 - HASH_BITS));
            int found = table[h] - 1;
            table[h] = p + 1;
            if (found < 0 || p - found > MAX_OFFSET || !sameEntry(src, p, found, n, head, tail)) {
                p = entryEnd;
                continue;
            }
            int offset = p - found;
            int matchEnd = entryEnd;
            if (offset == 4 + n) {
                // the entry repeats the one before it: every whole repeat after it at once
                int same = Arrays.mismatch(src, entryEnd, end, src, found + 4 + n, end - offset);
                if (same < 0) {
                    same = end - entryEnd;
                }
                matchEnd += same / offset * offset;
            } else {
                // the entries after it, while each repeats the one `offset` back (most often the first 8
                // bytes differ: looked at before the entry is)
                while (end - matchEnd >= 12
                        && (long) LONG.get(src, matchEnd) == (long) LONG.get(src, matchEnd - offset)) {
                    int m = (int) INT.get(src, matchEnd);
                    if (m < 4 || m > end - matchEnd - 4) {
                        break;
                    }
                    long nextHead = (long) LONG.get(src, matchEnd);
                    long nextTail = (long) LONG.get(src, matchEnd + 4 + m - 8);
                    if (!sameEntry(src, matchEnd, matchEnd - offset, m, nextHead, nextTail)) {
                        break;
                    }
                    matchEnd += 4 + m;
                }
            }
            op = SnappyWordsWriter.literal(src, emitted, p - emitted, end, dst, op, dstEnd);
            op = SnappyWordsWriter.copy(dst, op, offset, matchEnd - p);
            emitted = matchEnd;
            p = matchEnd;
        }
        op = SnappyWordsWriter.literal(src, emitted, end - emitted, end, dst, op, dstEnd);
        return op - dstOff;
    }

    /**
     * Whether the entry of {@code n} (at least 4) bytes after its length at {@code at}, whose first and
     * last 8 bytes (length included) are {@code head} and {@code tail}, equals the bytes at {@code from}
     * (before {@code at}).
     */
    private static boolean sameEntry(byte[] src, int at, int from, int n, long head, long tail) {
        long differ = ((long) LONG.get(src, from) ^ head) | ((long) LONG.get(src, from + n - 4) ^ tail);
        if (n <= 20 && at + 16 <= src.length) {
            // the 8 bytes after the head close the gap to the tail (entries of 13 to 20 bytes); shorter
            // entries are covered by head and tail alone, and the word is masked off
            long mid = (long) LONG.get(src, from + 8) ^ (long) LONG.get(src, at + 8);
            return (differ | (mid & ((12 - n) >> 31))) == 0;
        }
        return differ == 0 && (n <= 12 || Arrays.equals(src, at + 8, at + n - 4, src, from + 8, from + n - 4));
    }
}
