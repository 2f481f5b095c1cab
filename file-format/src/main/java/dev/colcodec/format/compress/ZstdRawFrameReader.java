package dev.colcodec.format.compress;

import dev.colcodec.CorruptInputException;
import java.nio.ByteBuffer;

/**
 * Decodes zstd frames (RFC 8878) whose blocks are all raw or RLE blocks, from a buffer (heap, direct or
 * memory-mapped) into an array, in Java: what zstd writes for data it cannot compress (and what {@link
 * AdaptivePageCompressor} writes for such pages), so a page of it read from a mapped file costs one
 * copy, where copying it out of the mapping first and then calling the native decoder costs two. A
 * frame with a compressed block, a dictionary or a checksum is left to the native decoder: {@link
 * #decompress} then says so and the caller decompresses the page natively (whatever it wrote is
 * overwritten). Skippable frames are skipped.
 *
 * <p>Malformed frames give {@link CorruptInputException} (offsets are buffer indexes), never a read or
 * write outside the given ranges.
 */
final class ZstdRawFrameReader {
    private static final int MAGIC = 0xFD2FB528;
    /** Blocks regenerate at most 128 KiB (Block_Maximum_Size); larger ones are left to the native decoder. */
    private static final int MAX_BLOCK = 128 << 10;

    private ZstdRawFrameReader() {}

    /**
     * Decodes {@code src[off, off + len)}, which must hold exactly {@code size} bytes, into {@code
     * dst[dstOff, dstOff + size)}; false when a frame needs the native decoder (nothing is promised about
     * {@code dst} then).
     */
    static boolean decompress(ByteBuffer src, int off, int len, byte[] dst, int dstOff, int size) {
        int end = off + len;
        int ip = off;
        int op = dstOff;
        int outEnd = dstOff + size;
        if (len == 0) {
            throw new CorruptInputException(off, "a zstd frame (the page is empty)");
        }
        while (ip < end) {
            int frameAt = ip;
            need(ip, 4, end, frameAt);
            int magic = intLE(src, ip);
            ip += 4;
            if ((magic & 0xFFFFFFF0) == 0x184D2A50) {
                // a skippable frame: its 4-byte size, then that many bytes
                need(ip, 4, end, frameAt);
                long skip = intLE(src, ip) & 0xFFFFFFFFL;
                ip += 4;
                if (skip > end - ip) {
                    throw new CorruptInputException(frameAt, "a skippable zstd frame within the page");
                }
                ip += (int) skip;
                continue;
            }
            if (magic != MAGIC) {
                throw new CorruptInputException(frameAt, "a zstd frame (magic number)");
            }
            need(ip, 1, end, frameAt);
            int fhd = src.get(ip++) & 0xFF;
            if ((fhd & 0x08) != 0) {
                throw new CorruptInputException(ip - 1, "a zstd frame header without its reserved bit");
            }
            boolean singleSegment = (fhd & 0x20) != 0;
            if ((fhd & 0x04) != 0 || (fhd & 0x03) != 0) {
                return false; // a checksum or a dictionary: the native decoder
            }
            int fcsFlag = fhd >>> 6;
            int fcsBytes = fcsFlag == 0 ? (singleSegment ? 1 : 0) : 1 << fcsFlag;
            int headerRest = (singleSegment ? 0 : 1) + fcsBytes;
            need(ip, headerRest, end, frameAt);
            if (!singleSegment) {
                ip++; // Window_Descriptor: the window does not matter to raw and RLE blocks
            }
            long contentSize = -1;
            if (fcsBytes > 0) {
                contentSize = 0;
                for (int i = 0; i < fcsBytes; i++) {
                    contentSize |= (long) (src.get(ip + i) & 0xFF) << (8 * i);
                }
                if (fcsBytes == 2) {
                    contentSize += 256;
                }
                ip += fcsBytes;
            }
            int frameOut = op;
            boolean last = false;
            while (!last) {
                need(ip, 3, end, frameAt);
                int header = (src.get(ip) & 0xFF) | (src.get(ip + 1) & 0xFF) << 8 | (src.get(ip + 2) & 0xFF) << 16;
                int blockAt = ip;
                ip += 3;
                last = (header & 1) != 0;
                int type = (header >>> 1) & 3;
                int n = header >>> 3;
                if (type == 2 || n > MAX_BLOCK) {
                    return false; // compressed (or outsized): the native decoder
                }
                if (type == 3) {
                    throw new CorruptInputException(blockAt, "a zstd block of a defined type (got the reserved 3)");
                }
                if (n > outEnd - op) {
                    throw new CorruptInputException(
                            blockAt, "a zstd block within the " + size + " bytes of the page (" + n + " more bytes)");
                }
                if (type == 0) {
                    if (n > end - ip) {
                        throw new CorruptInputException(blockAt, "a raw zstd block of " + n + " bytes within the page");
                    }
                    src.get(ip, dst, op, n);
                    ip += n;
                } else {
                    need(ip, 1, end, blockAt);
                    java.util.Arrays.fill(dst, op, op + n, src.get(ip++));
                }
                op += n;
            }
            if (contentSize >= 0 && contentSize != op - frameOut) {
                throw new CorruptInputException(
                        frameAt,
                        "a zstd frame of " + contentSize + " bytes as it declares (it holds " + (op - frameOut) + ")");
            }
        }
        if (op != outEnd) {
            throw new CorruptInputException(end, "zstd frames of " + size + " bytes (they hold " + (op - dstOff) + ")");
        }
        return true;
    }

    private static void need(int ip, int n, int end, int at) {
        if (n > end - ip) {
            throw new CorruptInputException(at, "a complete zstd frame (the page ends inside it)");
        }
    }

    private static int intLE(ByteBuffer b, int i) {
        return (b.get(i) & 0xFF)
                | (b.get(i + 1) & 0xFF) << 8
                | (b.get(i + 2) & 0xFF) << 16
                | (b.get(i + 3) & 0xFF) << 24;
    }
}
