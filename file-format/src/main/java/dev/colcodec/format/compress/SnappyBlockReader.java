package dev.colcodec.format.compress;

import dev.colcodec.CorruptInputException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Decompresses raw Snappy blocks (no framing: the uncompressed length as a varint, then literal and copy
 * elements) in Java, from an array or from a buffer (heap, direct or memory-mapped) into an array.
 *
 * <p>The array decoder reads the SNAPPY pages of numbers whose copies repeat the bytes 8 or 16 back
 * ({@link #opensWithNearCopies}; see {@link CompressionCodecs#decompressInto(Compression, byte[], int, int,
 * byte[], int, int, boolean)}) in place of snappy-java's native decoder. Such pages (ascending longs,
 * timestamps, smooth doubles, and every page {@link SnappyWordsWriter} writes) are mostly pairs of a short
 * literal (the low bytes that changed) and a copy of the rest of the value 8 bytes back: such a pair is
 * decoded from one 8-byte read of the input, and the last 8 bytes written are kept in a register, so a
 * copy 8 bytes back is written without reading back bytes just written. Copies at most 32 bytes back read
 * the bytes they repeat once and write them at steps of the offset. A run of pairs that each make one
 * 8-byte value ({@link SnappyValuePair}) is decoded in a loop with a branch per literal length (once a
 * page's pairs also take their copies from further back, from the value two or three before as
 * snappy-java writes them, a second loop that takes those as well). That
 * decodes such pages about 4x faster than the native decoder, and runs of bytes 1.4x faster; text and values that recur further back
 * (mostly copies at varied offsets, where the native decoder's tighter element loop wins) decode at 0.6x
 * to 0.75x, so those stay with the native decoder.
 *
 * <p>The buffer decoder is meant for blocks that are mostly literals (pages of random numbers, the literal
 * runs of {@link AdaptivePageCompressor}): a literal is one bulk copy out of the buffer, so such a page
 * read from a mapped file costs one pass over its bytes, where copying it out of the mapping first costs
 * two.
 *
 * <p>Every element is checked: a malformed block gives {@link CorruptInputException} (offsets are array or
 * buffer indexes), never a read or write outside the given ranges. The array decoder may write anywhere
 * in the output range before the bytes there are final, never outside it.
 */
final class SnappyBlockReader {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    /**
     * Per copy tag: its length (bits 0 to 7), how many offset bytes follow it (bits 8 to 11: 1, 2 or 4) and
     * the offset's bits that the tag holds (from bit 16: bits 8 to 10 of a 1-byte-offset copy's offset).
     */
    private static final int[] COPY_FORMS = new int[256];

    static {
        for (int tag = 0; tag < 256; tag++) {
            switch (tag & 3) {
                case 1:
                    COPY_FORMS[tag] = (((tag >>> 2) & 7) + 4) | 1 << 8 | ((tag & 0xE0) << 3) << 16;
                    break;
                case 2:
                    COPY_FORMS[tag] = ((tag >>> 2) + 1) | 2 << 8;
                    break;
                case 3:
                    COPY_FORMS[tag] = ((tag >>> 2) + 1) | 4 << 8;
                    break;
                default:
                    break; // literals are not looked up
            }
        }
    }

    private SnappyBlockReader() {}

    /**
     * Decompresses {@code src[off, off + len)}, which must declare and hold exactly {@code size} bytes,
     * into {@code dst[dstOff, dstOff + size)}.
     */
    static void decompress(byte[] src, int off, int len, byte[] dst, int dstOff, int size) {
        java.util.Objects.checkFromIndexSize(off, len, src.length);
        java.util.Objects.checkFromIndexSize(dstOff, size, dst.length);
        int end = off + len;
        int ip = elementsStart(ByteBuffer.wrap(src), off, end, size);
        int op = dstOff;
        int outEnd = dstOff + size;
        // dst[op - 8, op) as a little-endian long when last8At == op (bytes before dstOff read as 0): kept
        // through short literals and copies 8 bytes back, so such a copy writes it without reading back
        // bytes just written; other copies leave it stale (last8At < op) and it is read again when needed
        long last8 = 0;
        int last8At = dstOff;
        // set once a pair takes its copy from further back than the value before (16 bytes and more, as
        // snappy-java writes for ascending values): from then on pairRunFar, which takes such pairs too, is
        // the run's loop; a page without them keeps pairRun's tighter loop
        boolean farPairs = false;
        while (ip < end) {
            if (end - ip >= 8 && outEnd - op >= 24) {
                // a literal of 1 to 5 bytes and a 1-byte-offset copy (4 to 11 bytes) in one 8-byte read; the
                // literal's 8-byte store and the copy's two stay 24 bytes inside the output
                long w = (long) LONG.get(src, ip);
                int literalTag = (int) w & 0xFF;
                if (literalTag < 5 << 2 && (literalTag & 3) == 0) {
                    int literalBits = ((literalTag >>> 2) + 1) << 3;
                    int copyTag = (int) (w >>> (literalBits + 8)) & 0xFF;
                    int offset = ((copyTag & 0xE0) << 3) | ((int) (w >>> (literalBits + 16)) & 0xFF);
                    int literalLen = literalBits >>> 3;
                    int copyLen = ((copyTag >>> 2) & 7) + 4;
                    if ((copyTag & 3) == 1 && literalLen + copyLen == 8 && offset >= 8 && offset <= op - dstOff) {
                        // one 8-byte value: its low bytes, then the rest of the 8 bytes `offset` back, in one
                        // store; more such pairs likely follow
                        long lowBytes = (1L << literalBits) - 1;
                        long from = offset == 8 && last8At == op ? last8 : (long) LONG.get(dst, op - offset);
                        last8 = (from & ~lowBytes) | ((w >>> 8) & lowBytes);
                        LONG.set(dst, op, last8);
                        op += 8;
                        ip += literalLen + 3;
                        farPairs |= offset != 8;
                        long reached = farPairs
                                ? pairRunFar(src, ip, end, dst, op, outEnd, last8, dstOff)
                                : pairRun(src, ip, end, dst, op, outEnd, last8);
                        if ((int) reached != op) {
                            ip = (int) (reached >>> 32);
                            op = (int) reached;
                            last8 = (long) LONG.get(dst, op - 8);
                        }
                        last8At = op;
                        continue;
                    }
                    if ((copyTag & 3) == 1 && offset >= 8 && offset <= op - dstOff + literalLen) {
                        long literal = w >>> 8;
                        LONG.set(dst, op, literal);
                        last8 = (last8 >>> (literalBits - 8) >>> 8) | (literal << (64 - literalBits));
                        last8At += literalLen;
                        op += literalLen;
                        ip += literalLen + 3;
                        if (offset == 8) {
                            // period 8: the copy is last8 repeated
                            if (last8At != op) {
                                last8 = (long) LONG.get(dst, op - 8);
                            }
                            LONG.set(dst, op, last8);
                            LONG.set(dst, op + 8, last8);
                            last8 = Long.rotateRight(last8, copyLen << 3);
                            op += copyLen;
                            last8At = op;
                        } else {
                            int from = op - offset;
                            LONG.set(dst, op, (long) LONG.get(dst, from));
                            // read after the first store: bytes from + 8 up to the copy's end are final then
                            LONG.set(dst, op + 8, (long) LONG.get(dst, from + 8));
                            op += copyLen;
                        }
                        continue;
                    }
                }
            }
            int tagAt = ip;
            int tag = src[ip++] & 0xFF;
            if ((tag & 3) == 0) {
                int n = (tag >>> 2) + 1;
                if (n <= 8 && end - ip >= 8 && outEnd - op >= 8) {
                    long literal = (long) LONG.get(src, ip);
                    LONG.set(dst, op, literal);
                    last8 = (last8 >>> ((n << 3) - 8) >>> 8) | (literal << (64 - (n << 3)));
                    last8At += n;
                    ip += n;
                    op += n;
                    continue;
                }
                long length = n;
                if (n > 60) {
                    int bytes = n - 60;
                    if (bytes > end - ip) {
                        throw truncated(tagAt);
                    }
                    length = 0;
                    for (int i = 0; i < bytes; i++) {
                        length |= (long) (src[ip++] & 0xFF) << (8 * i);
                    }
                    length++;
                }
                if (length > end - ip || length > outEnd - op) {
                    throw literalOverrun(tagAt, length, end - ip, outEnd - op);
                }
                System.arraycopy(src, ip, dst, op, (int) length);
                ip += (int) length;
                op += (int) length;
                continue;
            }
            int n;
            int offset;
            if (end - ip >= 4) {
                // the offset from one 4-byte read, masked to its 1, 2 or 4 bytes: no branch on the copy's form
                int entry = COPY_FORMS[tag];
                int offsetBytes = entry >>> 8 & 0xF;
                n = entry & 0xFF;
                offset = ((int) INT.get(src, ip) & (int) ((1L << (offsetBytes << 3)) - 1)) | entry >>> 16;
                ip += offsetBytes;
            } else {
                switch (tag & 3) {
                    case 1:
                        if (ip >= end) {
                            throw truncated(tagAt);
                        }
                        n = ((tag >>> 2) & 7) + 4;
                        offset = ((tag & 0xE0) << 3) | (src[ip++] & 0xFF);
                        break;
                    case 2:
                        if (end - ip < 2) {
                            throw truncated(tagAt);
                        }
                        n = (tag >>> 2) + 1;
                        offset = (src[ip] & 0xFF) | (src[ip + 1] & 0xFF) << 8;
                        ip += 2;
                        break;
                    default:
                        throw truncated(tagAt);
                }
            }
            if (offset <= 0 || offset > op - dstOff || n > outEnd - op) {
                throw copyOutside(tagAt, op - dstOff, outEnd - op, offset, n);
            }
            int copyEnd = op + n;
            if (outEnd - op < n + 31) {
                // near the output's end: a byte at a time (each byte may repeat one just written)
                for (int p = op; p < copyEnd; p++) {
                    dst[p] = dst[p - offset];
                }
            } else if (offset == 8) {
                if (last8At != op) {
                    last8 = (long) LONG.get(dst, op - 8);
                }
                for (int p = op; p < copyEnd; p += 8) {
                    LONG.set(dst, p, last8);
                }
                last8 = Long.rotateRight(last8, n << 3);
                last8At = copyEnd;
            } else if (offset > 32) {
                // 16-byte steps (every copy is at most 64 bytes), each reading bytes already final: written
                // before the copy, or by its own earlier steps when it is longer than its offset
                for (int p = op; p < copyEnd; p += 16) {
                    long a = (long) LONG.get(dst, p - offset);
                    long b = (long) LONG.get(dst, p - offset + 8);
                    LONG.set(dst, p, a);
                    LONG.set(dst, p + 8, b);
                }
            } else if (offset > 16) {
                // the copy repeats its first `offset` bytes: read once (with bytes past them that are not
                // final yet), written at steps of `offset`, each step's tail overwritten by the next; no read
                // of bytes just written
                int from = op - offset;
                long a = (long) LONG.get(dst, from);
                long b = (long) LONG.get(dst, from + 8);
                long c = (long) LONG.get(dst, from + 16);
                long d = (long) LONG.get(dst, from + 24);
                for (int p = op; p < copyEnd; p += offset) {
                    LONG.set(dst, p, a);
                    LONG.set(dst, p + 8, b);
                    LONG.set(dst, p + 16, c);
                    LONG.set(dst, p + 24, d);
                }
            } else if (offset > 8) {
                int from = op - offset;
                long a = (long) LONG.get(dst, from);
                long b = (long) LONG.get(dst, from + 8);
                for (int p = op; p < copyEnd; p += offset) {
                    LONG.set(dst, p, a);
                    LONG.set(dst, p + 8, b);
                }
            } else {
                // offsets 1 to 7: 16 bytes of the repeating pattern a byte at a time, then that pattern at
                // steps of the largest multiple of the offset up to 16
                for (int p = op; p < op + 16; p++) {
                    dst[p] = dst[p - offset];
                }
                if (n > 16) {
                    long a = (long) LONG.get(dst, op);
                    long b = (long) LONG.get(dst, op + 8);
                    int step = 16 - 16 % offset;
                    for (int p = op + step; p < copyEnd; p += step) {
                        LONG.set(dst, p, a);
                        LONG.set(dst, p + 8, b);
                    }
                }
            }
            op = copyEnd;
        }
        if (op != outEnd) {
            throw new CorruptInputException(end, "a snappy block of " + size + " bytes but it holds " + (op - dstOff));
        }
    }

    /**
     * Decodes the pairs at {@code ip} that each make one 8-byte value: a literal of its 1 to 4 low bytes,
     * then a 1-byte-offset copy of its other bytes 8 back, as long as such pairs follow one another and fit
     * the input (8-byte reads) and the output. {@code last} is the 8 bytes before {@code op}. Returns the
     * input and output offsets reached, as {@code ip << 32 | op}.
     */
    private static long pairRun(byte[] src, int ip, int end, byte[] dst, int op, int outEnd, long last) {
        int ipLast = end - 8;
        int opLast = outEnd - 8;
        long value = last;
        while (ip <= ipLast && op <= opLast) {
            long w = (long) LONG.get(src, ip);
            int tag = (int) w & 0xFF;
            // a branch per literal length, each with its own input step and value, and nothing else in the
            // loop: the next input offset does not wait for this read when the branch is predicted
            // (measured: 1.4 ns a value; 1.9 to 2.5 ns with more in the loop, such as offsets 16 to 32)
            if (tag == 1 << 2) {
                if ((w & SnappyValuePair.TAG_MASK[2]) != SnappyValuePair.TAGS[2]) {
                    break;
                }
                value = (value & ~0xFFFFL) | ((w >>> 8) & 0xFFFFL);
                ip += 5;
            } else if (tag == 0) {
                if ((w & SnappyValuePair.TAG_MASK[1]) != SnappyValuePair.TAGS[1]) {
                    break;
                }
                value = (value & ~0xFFL) | ((w >>> 8) & 0xFFL);
                ip += 4;
            } else if (tag == 2 << 2) {
                if ((w & SnappyValuePair.TAG_MASK[3]) != SnappyValuePair.TAGS[3]) {
                    break;
                }
                value = (value & ~0xFF_FFFFL) | ((w >>> 8) & 0xFF_FFFFL);
                ip += 6;
            } else if (tag == 3 << 2) {
                if ((w & SnappyValuePair.TAG_MASK[4]) != SnappyValuePair.TAGS[4]) {
                    break;
                }
                value = (value & ~0xFFFF_FFFFL) | ((w >>> 8) & 0xFFFF_FFFFL);
                ip += 7;
            } else {
                break;
            }
            LONG.set(dst, op, value);
            op += 8;
        }
        return (long) ip << 32 | op;
    }

    /**
     * {@link #pairRun}, where a pair may also take its copy from further back than the value before: 9 to
     * 255 bytes, but no further than the output decoded so far (snappy-java's blocks of ascending longs
     * take about one copy in ten from the value two or three before, 16 or 24 bytes back). Such a value is
     * read back from the output; the others come from the last value, as in {@code pairRun}. A page of
     * such blocks decodes in about 0.9x the time it takes when each of those pairs ends {@code pairRun}'s
     * loop (measured: a 5M-row sorted PLAIN read of parquet-java's file 208 to 210 ms against 223 to 226).
     */
    private static long pairRunFar(byte[] src, int ip, int end, byte[] dst, int op, int outEnd, long last, int dstOff) {
        int ipLast = end - 8;
        int opLast = outEnd - 8;
        long value = last;
        while (ip <= ipLast && op <= opLast) {
            long w = (long) LONG.get(src, ip);
            int tag = (int) w & 0xFF;
            if (tag == 1 << 2) {
                if ((w & SnappyValuePair.TAG_MASK[2]) != SnappyValuePair.TAGS[2]) {
                    int o = fartherOffset(w, 2, op - dstOff);
                    if (o == 0) {
                        break;
                    }
                    value = (long) LONG.get(dst, op - o);
                }
                value = (value & ~0xFFFFL) | ((w >>> 8) & 0xFFFFL);
                ip += 5;
            } else if (tag == 0) {
                if ((w & SnappyValuePair.TAG_MASK[1]) != SnappyValuePair.TAGS[1]) {
                    int o = fartherOffset(w, 1, op - dstOff);
                    if (o == 0) {
                        break;
                    }
                    value = (long) LONG.get(dst, op - o);
                }
                value = (value & ~0xFFL) | ((w >>> 8) & 0xFFL);
                ip += 4;
            } else if (tag == 2 << 2) {
                if ((w & SnappyValuePair.TAG_MASK[3]) != SnappyValuePair.TAGS[3]) {
                    int o = fartherOffset(w, 3, op - dstOff);
                    if (o == 0) {
                        break;
                    }
                    value = (long) LONG.get(dst, op - o);
                }
                value = (value & ~0xFF_FFFFL) | ((w >>> 8) & 0xFF_FFFFL);
                ip += 6;
            } else if (tag == 3 << 2) {
                if ((w & SnappyValuePair.TAG_MASK[4]) != SnappyValuePair.TAGS[4]) {
                    int o = fartherOffset(w, 4, op - dstOff);
                    if (o == 0) {
                        break;
                    }
                    value = (long) LONG.get(dst, op - o);
                }
                value = (value & ~0xFFFF_FFFFL) | ((w >>> 8) & 0xFFFF_FFFFL);
                ip += 7;
            } else {
                break;
            }
            LONG.set(dst, op, value);
            op += 8;
        }
        return (long) ip << 32 | op;
    }

    /** The pair's copy offset when it differs from 8 only there and reaches 8 to {@code decoded} back; else 0. */
    private static int fartherOffset(long w, int literalLen, int decoded) {
        int shift = (literalLen + 2) << 3;
        long diff = (w & SnappyValuePair.TAG_MASK[literalLen]) ^ SnappyValuePair.TAGS[literalLen];
        if ((diff & ~(0xFFL << shift)) != 0) {
            return 0;
        }
        int o = (int) (w >>> shift) & 0xFF;
        return o >= 8 && o <= decoded ? o : 0;
    }

    /** Elements {@link #opensWithNearCopies} and {@link #opensWithRepeatRuns} read. */
    static final int PROBED_ELEMENTS = 64;

    /**
     * Whether the block in {@code src[off, off + len)} looks like a page of numbers that {@link
     * #decompress(byte[], int, int, byte[], int, int)} decodes faster than snappy-java: of the copies among
     * its first {@value #PROBED_ELEMENTS} elements, at least half repeat the bytes 8 or 16 back (what
     * ascending or slowly changing 8-byte values give, and all that {@link SnappyWordsWriter} writes).
     * Pages whose copies reach further back (text, values that recur) decode faster natively. Only tags and
     * offsets are read; a block too short to tell, or that goes wrong early, is left to this decoder,
     * whose checks name the fault.
     */
    static boolean opensWithNearCopies(byte[] src, int off, int len) {
        return probe(src, off, len, false);
    }

    /**
     * Whether the block in {@code src[off, off + len)} looks like a page of byte strings that {@link
     * #decompress(byte[], int, int, byte[], int, int)} decodes faster than snappy-java: at least 8 copies
     * among its first {@value #PROBED_ELEMENTS} elements, and at least half of them 32 bytes or longer
     * from at most 32 back (runs of one repeated value: a sorted or low-cardinality string column without
     * a dictionary), which this decoder writes from a few words read once. Text whose copies are short or
     * reach further back decodes faster natively (measured: a 1M-row sorted PLAIN read of the file
     * benchmark 43 against 46 ms with its strings decoded here, a random one 47 against 30 ms).
     */
    static boolean opensWithRepeatRuns(byte[] src, int off, int len) {
        return probe(src, off, len, true);
    }

    /**
     * Reads the tags and offsets of the first {@value #PROBED_ELEMENTS} elements; {@code runs}: counts the
     * copies of {@link #opensWithRepeatRuns} rather than those of {@link #opensWithNearCopies}.
     */
    private static boolean probe(byte[] src, int off, int len, boolean runs) {
        int end = off + len;
        int ip = off;
        while (ip < end && src[ip] < 0) {
            ip++;
        }
        ip++;
        int copies = 0;
        int near = 0;
        for (int e = 0; e < PROBED_ELEMENTS && ip < end; e++) {
            int tag = src[ip] & 0xFF;
            if ((tag & 3) == 0) {
                long n = (tag >>> 2) + 1;
                ip++;
                if (n > 60) {
                    int bytes = (int) n - 60;
                    n = 0;
                    for (int i = 0; i < bytes && ip < end; i++) {
                        n |= (long) (src[ip++] & 0xFF) << (8 * i);
                    }
                    n++;
                }
                if (n > end - ip) {
                    return true;
                }
                ip += (int) n;
                continue;
            }
            int offsetBytes = (1 << (tag & 3)) >>> 1;
            if (offsetBytes > end - ip - 1) {
                return true;
            }
            int offset = (tag & 3) == 1 ? ((tag & 0xE0) << 3) | (src[ip + 1] & 0xFF) : src[ip + 1] & 0xFF;
            if ((tag & 3) != 1) {
                for (int i = 1; i < offsetBytes; i++) {
                    offset |= (src[ip + 1 + i] & 0xFF) << (8 * i);
                }
            }
            copies++;
            int length = (tag & 3) == 1 ? ((tag >>> 2) & 7) + 4 : (tag >>> 2) + 1;
            if (runs ? offset <= 32 && length >= 32 : offset == 8 || offset == 16) {
                near++;
            }
            ip += 1 + offsetBytes;
        }
        return runs ? copies >= 8 && near * 2 >= copies : copies < 8 || near * 2 >= copies;
    }

    /**
     * Reads the preamble of the block {@code src[off, end)} (the uncompressed length, a varint of at most 32
     * bits), checks that it declares {@code size} bytes, and returns where the elements start. Also the
     * check {@link CompressionCodecs#checkFrameHeader} makes before anything is allocated for a page.
     */
    static int elementsStart(ByteBuffer src, int off, int end, int size) {
        int ip = off;
        long declared = 0;
        for (int shift = 0; ; shift += 7) {
            if (ip >= end || shift > 28) {
                throw new CorruptInputException(off, "a snappy length preamble");
            }
            int b = src.get(ip++);
            declared |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                break;
            }
        }
        if (declared != size) {
            throw new CorruptInputException(off, "a snappy block of " + size + " bytes but it declares " + declared);
        }
        return ip;
    }

    private static CorruptInputException literalOverrun(int tagAt, long length, int inputLeft, int outputLeft) {
        return new CorruptInputException(
                tagAt,
                "a snappy literal of at most " + Math.min(inputLeft, outputLeft) + " bytes (got " + length + ")");
    }

    private static CorruptInputException copyOutside(int tagAt, int decoded, int expected, int offset, long n) {
        return new CorruptInputException(
                tagAt,
                "a snappy copy within the " + decoded + " bytes decoded and the " + expected
                        + " still expected (offset " + Integer.toUnsignedString(offset) + ", length " + n + ")");
    }

    /**
     * Decompresses {@code src[off, off + len)}, which must declare and hold exactly {@code size} bytes,
     * into {@code dst[dstOff, dstOff + size)}.
     */
    static void decompress(ByteBuffer src, int off, int len, byte[] dst, int dstOff, int size) {
        int end = off + len;
        int ip = elementsStart(src, off, end, size);
        int op = dstOff;
        int outEnd = dstOff + size;
        while (ip < end) {
            int tagAt = ip;
            int tag = src.get(ip++) & 0xFF;
            long n;
            int offset;
            switch (tag & 3) {
                case 0: {
                    n = tag >>> 2;
                    if (n >= 60) {
                        int bytes = (int) n - 59;
                        if (bytes > end - ip) {
                            throw truncated(tagAt);
                        }
                        n = 0;
                        for (int i = 0; i < bytes; i++) {
                            n |= (long) (src.get(ip++) & 0xFF) << (8 * i);
                        }
                    }
                    n++;
                    if (n > end - ip || n > outEnd - op) {
                        throw literalOverrun(tagAt, n, end - ip, outEnd - op);
                    }
                    src.get(ip, dst, op, (int) n);
                    ip += (int) n;
                    op += (int) n;
                    continue;
                }
                case 1:
                    if (ip >= end) {
                        throw truncated(tagAt);
                    }
                    n = ((tag >>> 2) & 7) + 4;
                    offset = ((tag & 0xE0) << 3) | (src.get(ip++) & 0xFF);
                    break;
                case 2:
                    if (end - ip < 2) {
                        throw truncated(tagAt);
                    }
                    n = (tag >>> 2) + 1;
                    offset = (src.get(ip) & 0xFF) | (src.get(ip + 1) & 0xFF) << 8;
                    ip += 2;
                    break;
                default:
                    if (end - ip < 4) {
                        throw truncated(tagAt);
                    }
                    n = (tag >>> 2) + 1;
                    offset = (src.get(ip) & 0xFF)
                            | (src.get(ip + 1) & 0xFF) << 8
                            | (src.get(ip + 2) & 0xFF) << 16
                            | (src.get(ip + 3) & 0xFF) << 24;
                    ip += 4;
                    break;
            }
            if (offset <= 0 || offset > op - dstOff || n > outEnd - op) {
                throw copyOutside(tagAt, op - dstOff, outEnd - op, offset, n);
            }
            int len2 = (int) n;
            if (offset >= len2) {
                System.arraycopy(dst, op - offset, dst, op, len2);
            } else {
                // overlapping: each byte may repeat one just written
                for (int i = 0; i < len2; i++) {
                    dst[op + i] = dst[op + i - offset];
                }
            }
            op += len2;
        }
        if (op != outEnd) {
            throw new CorruptInputException(end, "a snappy block of " + size + " bytes but it holds " + (op - dstOff));
        }
    }

    private static CorruptInputException truncated(int tagAt) {
        return new CorruptInputException(tagAt, "a complete snappy element (the block ends inside it)");
    }
}
