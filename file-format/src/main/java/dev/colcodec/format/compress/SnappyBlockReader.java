package dev.colcodec.format.compress;

import dev.colcodec.CorruptInputException;
import java.nio.ByteBuffer;

/**
 * Decompresses a raw Snappy block (no framing: the uncompressed length as a varint, then literal and
 * copy elements) from a buffer (heap, direct or memory-mapped) into an array, in Java. Meant for blocks
 * that are mostly literals (pages of random numbers, the literal runs of {@link
 * AdaptivePageCompressor}): a literal is one bulk copy out of the buffer, so such a page read from a
 * mapped file costs one pass over its bytes, where copying it out of the mapping first and then calling
 * the native decoder costs two. Blocks with many short copies decode faster natively.
 *
 * <p>Every element is checked: a malformed block gives {@link CorruptInputException} (offsets are
 * buffer indexes), never a read or write outside the given ranges.
 */
final class SnappyBlockReader {
    private SnappyBlockReader() {}

    /**
     * Decompresses {@code src[off, off + len)}, which must declare and hold exactly {@code size} bytes,
     * into {@code dst[dstOff, dstOff + size)}.
     */
    static void decompress(ByteBuffer src, int off, int len, byte[] dst, int dstOff, int size) {
        int end = off + len;
        int ip = off;
        // the preamble: the uncompressed length, a varint of at most 32 bits
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
                        throw new CorruptInputException(
                                tagAt,
                                "a snappy literal of at most " + Math.min(end - ip, outEnd - op) + " bytes (got " + n
                                        + ")");
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
                throw new CorruptInputException(
                        tagAt,
                        "a snappy copy within the " + (op - dstOff) + " bytes decoded and the " + (outEnd - op)
                                + " still expected (offset " + Integer.toUnsignedString(offset) + ", length " + n
                                + ")");
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
