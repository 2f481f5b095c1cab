package dev.colcodec.tsfile.rlbe;

import dev.colcodec.CorruptInputException;
import dev.colcodec.tsfile.bits.MsbBits;
import dev.colcodec.values.ValuesReader;
import java.util.Objects;

/**
 * Decodes a TsFile RLBE page into {@code long} bit patterns (32-bit types in the low bits), shared by
 * the four typed readers. A page is a sequence of byte-aligned blocks: a 32-bit value count, then
 * segments of values with the same bit length (the length in 6 or 7 bits, the number of values as a
 * Fibonacci code ended by an extra 1 bit, the values MSB-first). The first value of a block is stored
 * as is, every other one as the difference to its predecessor.
 */
final class RlbeStreamReader {
    private static final int CHUNK = 512;
    /** More Fibonacci code bits than any block count needs (F(50) > 2^32). */
    private static final int MAX_FIBONACCI_BITS = 50;

    private static final long[] FIBONACCI = new long[MAX_FIBONACCI_BITS + 2];

    static {
        FIBONACCI[0] = 1;
        FIBONACCI[1] = 1;
        for (int i = 2; i < FIBONACCI.length; i++) {
            FIBONACCI[i] = FIBONACCI[i - 1] + FIBONACCI[i - 2];
        }
    }

    private final RlbeType type;
    private final long[] chunk = new long[CHUNK];

    private byte[] buf = new byte[0];
    private int start;
    private int end;
    private long endBits;
    private boolean countKnown;
    private int remaining;

    private long pos;
    private int blockLeft;
    private boolean blockStarted;
    private int segmentLeft;
    private int segmentWidth;
    private long prev;

    RlbeStreamReader(RlbeType type) {
        this.type = type;
    }

    void init(int valueCount, byte[] buf, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buf.length);
        if (valueCount < ValuesReader.UNKNOWN_COUNT) {
            throw new IllegalArgumentException("negative value count " + valueCount);
        }
        this.buf = buf;
        this.start = offset;
        this.end = offset + length;
        this.endBits = (long) end * 8;
        this.countKnown = valueCount != ValuesReader.UNKNOWN_COUNT;
        this.remaining = countKnown ? valueCount : Integer.MAX_VALUE;
        this.pos = (long) offset * 8;
        this.blockLeft = 0;
        this.blockStarted = false;
        this.segmentLeft = 0;
        this.prev = 0;
    }

    /** Scratch space for typed readers that convert the bits; overwritten by every call of this class. */
    long[] chunkBuffer() {
        return chunk;
    }

    long readOne() {
        read(chunk, 0, 1);
        return chunk[0];
    }

    void skip(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative skip " + n);
        }
        while (n > 0) {
            int step = Math.min(n, CHUNK);
            read(chunk, 0, step);
            n -= step;
        }
    }

    void read(long[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        if (len > remaining) {
            throw new CorruptInputException(pos >>> 3, len + " more RLBE values but the page holds " + remaining);
        }
        remaining -= len;
        decode(dst, off, len);
    }

    /**
     * The end of the block holding the last value of the page (with an unknown count: the end of the
     * slice, as TsFile reads blocks while bytes remain).
     */
    int endOffset() {
        if (!countKnown) {
            return end;
        }
        long savedPos = pos;
        int savedRemaining = remaining;
        int savedBlockLeft = blockLeft;
        boolean savedStarted = blockStarted;
        int savedSegmentLeft = segmentLeft;
        int savedWidth = segmentWidth;
        long savedPrev = prev;
        try {
            skip(remaining);
            while (blockLeft > 0) {
                int step = Math.min(blockLeft, CHUNK);
                decode(chunk, 0, step);
            }
            return (int) ((pos + 7) >>> 3);
        } finally {
            pos = savedPos;
            remaining = savedRemaining;
            blockLeft = savedBlockLeft;
            blockStarted = savedStarted;
            segmentLeft = savedSegmentLeft;
            segmentWidth = savedWidth;
            prev = savedPrev;
        }
    }

    private void decode(long[] dst, int off, int len) {
        final byte[] b = buf;
        final RlbeType t = type;
        final long limit = endBits;
        final int fullWidth = t.width;
        final long signBit = t.signBit;
        long p = pos;
        long v = prev;
        int i = off;
        final int e = off + len;
        while (i < e) {
            if (segmentLeft == 0) {
                pos = p;
                if (blockLeft == 0) {
                    startBlock();
                }
                readSegmentHeader();
                p = pos;
            }
            int w = segmentWidth;
            int n = Math.min(segmentLeft, e - i);
            long bitsNeeded = (long) n * w;
            if (bitsNeeded > limit - p) {
                throw new CorruptInputException(end, n + " RLBE values of " + w + " bits (the page ended)");
            }
            int k = 0;
            if (!blockStarted) {
                long x = MsbBits.read(b, p, w);
                p += w;
                v = w == fullWidth ? x ^ signBit : x;
                dst[i] = v;
                blockStarted = true;
                k = 1;
            }
            for (; k < n; k++) {
                long x = MsbBits.read(b, p, w);
                p += w;
                if (w == fullWidth) {
                    x ^= signBit;
                }
                v = t.add(v, x);
                dst[i + k] = v;
            }
            i += n;
            segmentLeft -= n;
            blockLeft -= n;
        }
        pos = p;
        prev = v;
    }

    /** Skips the padding of the previous block and reads a block's value count. */
    private void startBlock() {
        long p = (pos + 7) & ~7L;
        if (p + 32 > endBits) {
            throw new CorruptInputException(p >>> 3, "another RLBE block (the page ended)");
        }
        long count = MsbBits.read(buf, p, 32);
        p += 32;
        if (count < 1 || count > endBits - p) {
            throw new CorruptInputException(
                    (p >>> 3) - 4, "an RLBE block of 1 to " + (endBits - p) + " values (got " + count + ")");
        }
        pos = p;
        blockLeft = (int) count;
        blockStarted = false;
    }

    private void readSegmentHeader() {
        long p = pos;
        int codeBits = type.lengthCodeBits;
        if (p + codeBits + 2 > endBits) {
            throw new CorruptInputException(p >>> 3, "an RLBE segment header (the page ended)");
        }
        int w = (int) MsbBits.read(buf, p, codeBits);
        p += codeBits;
        if (w < 1 || w > type.width) {
            throw new CorruptInputException(p >>> 3, "an RLBE bit length in [1, " + type.width + "] (got " + w + ")");
        }
        // Fibonacci code: bit j (from 1) weighs F(j) = 1, 2, 3, 5, ...; "11" ends it
        long run = 0;
        int previousBit = 0;
        for (int j = 1; ; j++) {
            if (j > MAX_FIBONACCI_BITS + 1 || p >= endBits) {
                throw new CorruptInputException(p >>> 3, "an RLBE run length (Fibonacci code ending in 11)");
            }
            int bit = (int) (MsbBits.peek(buf, p) >>> 63);
            p++;
            if (bit == 1 && previousBit == 1) {
                break;
            }
            if (bit == 1) {
                run += FIBONACCI[j];
            }
            previousBit = bit;
        }
        if (run < 1 || run > blockLeft) {
            throw new CorruptInputException(p >>> 3, "an RLBE run of 1 to " + blockLeft + " values (got " + run + ")");
        }
        pos = p;
        segmentWidth = w;
        segmentLeft = (int) run;
    }
}
