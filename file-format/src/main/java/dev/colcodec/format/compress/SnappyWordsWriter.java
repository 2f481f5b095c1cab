package dev.colcodec.format.compress;

import dev.colcodec.io.ByteIO;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Writes a raw Snappy block of a page whose bytes end with 8-byte little-endian values (a PLAIN page of
 * INT64 or DOUBLE values, after any levels), looking for matches only where such pages have them: each
 * value against the one before it (and the one before that), from its highest byte down. A value whose
 * high 4 to 8 bytes equal those of the value 8 bytes back is written as a literal of its low bytes and a
 * copy of its high bytes (copies of whole equal values run on); other values are literals. The values are
 * compared independently, not found through a hash table, so ascending numbers (timestamps, counters,
 * sorted keys) are compressed about 2x faster than snappy-java does, into blocks of the same size. Data
 * whose repeats lie elsewhere (values that recur further back, text) compresses worse than snappy-java's
 * matcher would: {@link AdaptivePageCompressor} compares both on samples before it picks this writer.
 *
 * <p>The block is valid Snappy that any decoder reads: the length preamble, then literals and copies at
 * offsets 8 or 16 of 4 to 64 bytes.
 */
final class SnappyWordsWriter {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private SnappyWordsWriter() {}

    /**
     * Compresses {@code src[off, off + len)} into {@code dst} from {@code dstOff}, which must have room for
     * {@link CompressionCodecs#maxCompressedLength} bytes (the block takes at most {@code len + len / 256 +
     * 10}: a copy never costs more than the bytes it replaces, and a literal header over 2 bytes belongs to a
     * literal of more than 256 bytes); returns
     * the block's size. Up to 7 bytes after the block's end, inside that room, may be overwritten.
     */
    static int compress(byte[] src, int off, int len, byte[] dst, int dstOff) {
        java.util.Objects.checkFromIndexSize(off, len, src.length);
        int dstEnd = dstOff + CompressionCodecs.snappyMaxCompressedLength(len);
        java.util.Objects.checkFromToIndex(dstOff, dstEnd, dst.length);
        int op = ByteIO.putUnsignedVarInt(dst, dstOff, len);
        int end = off + len;
        // bytes before `emitted` are in the block, but for the copy [copyStart, copyEnd = emitted) at
        // copyOffset when copyEnd >= 0; bytes from `emitted` on are literals still to write
        int emitted = off;
        int copyStart = 0;
        int copyEnd = -1;
        int copyOffset = 0;
        // the values end at the page's end: the first (len % 8) bytes and the first value are literals
        for (int p = off + (len & 7) + 8; p <= end - 8; p += 8) {
            if (copyEnd == p && copyOffset == 8) {
                // ascending numbers: a run of values that each differ from the one before in their low 1
                // to 4 bytes, each written as a literal of those bytes and a copy of the rest in one word
                long reached = pairs(src, p, end, dst, op, dstEnd, copyEnd - copyStart);
                int q = (int) (reached >>> 32);
                if (q != p) {
                    op = (int) reached;
                    copyEnd = -1; // written, and the next value does not repeat the last one
                    emitted = q;
                    p = q - 8;
                    continue;
                }
            }
            long v = (long) LONG.get(src, p);
            int equal = Long.numberOfLeadingZeros(v ^ (long) LONG.get(src, p - 8)) >>> 3;
            int offset = 8;
            if (equal < 4 && p - 16 >= off) {
                int equal16 = Long.numberOfLeadingZeros(v ^ (long) LONG.get(src, p - 16)) >>> 3;
                if (equal16 > equal) {
                    equal = equal16;
                    offset = 16;
                }
            }
            if (equal >= 4) {
                int low = 8 - equal;
                if (low == 0 && copyEnd == p && copyOffset == offset) {
                    copyEnd += 8; // the whole value repeats: the copy runs on
                    emitted = copyEnd;
                    continue;
                }
                if (copyEnd >= 0) {
                    op = copy(dst, op, copyOffset, copyEnd - copyStart);
                    copyEnd = -1;
                }
                op = literal(src, emitted, p + low - emitted, end, dst, op, dstEnd);
                copyStart = p + low;
                copyEnd = p + 8;
                copyOffset = offset;
                emitted = p + 8;
            } else if (copyEnd >= 0) {
                op = copy(dst, op, copyOffset, copyEnd - copyStart);
                copyEnd = -1;
            }
        }
        if (copyEnd >= 0) {
            op = copy(dst, op, copyOffset, copyEnd - copyStart);
        }
        op = literal(src, emitted, end - emitted, end, dst, op, dstEnd);
        return op - dstOff;
    }

    /**
     * From the value at {@code p}, whose previous value's copy of {@code pendingCopy} bytes at offset 8 is
     * still to be written: the values that each differ from the one before in their low 1 to 4 bytes, and
     * whose next value does not repeat them (its copy would run on), each as a literal of its low bytes and
     * a 1-byte-offset copy of the rest at offset 8, the elements the loop of {@link #compress} writes for
     * them, stored as one 8-byte word. Writes the pending copy first if any value qualifies. Returns the
     * offset of the first value not written and where the block then ends, as {@code p << 32 | op}.
     */
    private static long pairs(byte[] src, int p, int end, byte[] dst, int op, int dstEnd, int pendingCopy) {
        long prev = (long) LONG.get(src, p - 8);
        int q = p;
        while (q <= end - 8 && op <= dstEnd - 16) {
            long v = (long) LONG.get(src, q);
            int literalLen = 8 - (Long.numberOfLeadingZeros(v ^ prev) >>> 3);
            if ((literalLen - 1) >>> 2 != 0 || q + 16 <= end && (long) LONG.get(src, q + 8) == v) {
                break; // not 1 to 4 low bytes, or the next value repeats this one
            }
            if (q == p) {
                op = copy(dst, op, 8, pendingCopy);
            }
            // the tags looked up, not computed with shifts by the length (which made the loop 1.6x slower)
            LONG.set(dst, op, SnappyValuePair.TAGS[literalLen] | (v & SnappyValuePair.LOW_BYTES[literalLen]) << 8);
            op += literalLen + 3;
            prev = v;
            q += 8;
        }
        return (long) q << 32 | op;
    }

    /**
     * A literal element of {@code n} bytes from {@code src[from]} (nothing when 0) at {@code dst[op]};
     * returns where it ends. Short literals are stored as one 8-byte word when that stays before {@code
     * srcEnd} (the end of the caller's range: no byte past it is read) and {@code dstEnd}.
     */
    static int literal(byte[] src, int from, int n, int srcEnd, byte[] dst, int op, int dstEnd) {
        if (n == 0) {
            return op;
        }
        int stored = n - 1;
        if (stored < 60) {
            dst[op++] = (byte) (stored << 2);
            if (n <= 8 && from + 8 <= srcEnd && op + 8 <= dstEnd) {
                // one 8-byte store; the bytes past the literal are overwritten by what follows
                LONG.set(dst, op, (long) LONG.get(src, from));
                return op + n;
            }
        } else {
            int bytes = stored < 1 << 8 ? 1 : stored < 1 << 16 ? 2 : stored < 1 << 24 ? 3 : 4;
            dst[op++] = (byte) ((59 + bytes) << 2);
            for (int i = 0; i < bytes; i++) {
                dst[op++] = (byte) (stored >>> (8 * i));
            }
        }
        System.arraycopy(src, from, dst, op, n);
        return op + n;
    }

    /**
     * Copy elements of {@code n} (at least 4) bytes at {@code offset} (1 to 65,535); returns where they
     * end. Also used by {@link SnappyEntriesWriter}. The elements are stored here, not by a helper: C2
     * leaves a helper called from a site its profile saw rarely as a call, and a run of such calls made
     * this writer 1.5x slower on the same pages in some JVMs (measured: 31 against 21 ms for 64 MB of
     * ascending longs).
     */
    static int copy(byte[] dst, int op, int offset, int n) {
        while (true) {
            if (n < 12 && offset < 2048) {
                // 1-byte offset form: lengths 4 to 11, offset bits 8 to 10 in the tag
                dst[op] = (byte) (1 | ((n - 4) << 2) | ((offset >>> 8) << 5));
                dst[op + 1] = (byte) offset;
                return op + 2;
            }
            // 2-byte offset form, at most 64 bytes; 65 to 67 as 60 and then 5 to 7
            int len = n >= 68 ? 64 : n > 64 ? 60 : n;
            dst[op] = (byte) (2 | ((len - 1) << 2));
            dst[op + 1] = (byte) offset;
            dst[op + 2] = (byte) (offset >>> 8);
            op += 3;
            n -= len;
            if (n == 0) {
                return op;
            }
        }
    }
}
