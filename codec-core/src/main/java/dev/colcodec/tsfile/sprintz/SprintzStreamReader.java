package dev.colcodec.tsfile.sprintz;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.Bounds;
import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.ValuesReader;
import java.util.Objects;

/**
 * Decodes a TsFile SPRINTZ page into {@code long}s (32-bit types sign-extended), shared by the four
 * typed readers. A page is a sequence of 9-value blocks ({@code width byte} below 0x80, the first
 * value, 8 zigzag-mapped FIRE residuals packed MSB-first at that width) and possibly a last block of
 * 1 to 8 raw values ({@link SprintzTail}).
 */
final class SprintzStreamReader {
    static final int BLOCK = 9;
    private static final int CHUNK = 513;

    private final SprintzType type;
    private final Kernels kernels;
    private final FirePredictor fire;
    private final SprintzTail tail;
    private final long[] residuals = new long[BLOCK - 1];
    private final long[] block = new long[BLOCK];
    private final long[] chunk = new long[CHUNK];

    private byte[] buf = new byte[0];
    private int start;
    private int end;
    private boolean countKnown;
    private int remaining;
    private int pos;
    private int blockLength;
    private int blockAt;

    SprintzStreamReader(SprintzType type, Kernels kernels) {
        this.type = type;
        this.kernels = Objects.requireNonNull(kernels, "kernels");
        this.fire = new FirePredictor(type);
        this.tail = new SprintzTail(type, kernels);
    }

    void init(int valueCount, byte[] buf, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buf.length);
        if (valueCount < ValuesReader.UNKNOWN_COUNT) {
            throw new IllegalArgumentException("negative value count " + valueCount);
        }
        this.buf = buf;
        this.start = offset;
        this.end = offset + length;
        this.countKnown = valueCount != ValuesReader.UNKNOWN_COUNT;
        this.remaining = countKnown ? valueCount : Integer.MAX_VALUE;
        this.pos = offset;
        this.blockLength = 0;
        this.blockAt = 0;
    }

    /** Scratch space for typed readers that convert the values; overwritten by every call of this class. */
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
            throw new CorruptInputException(pos, len + " more SPRINTZ values but the page holds " + remaining);
        }
        remaining -= len;
        while (len > 0) {
            if (blockAt < blockLength) {
                int n = Math.min(len, blockLength - blockAt);
                System.arraycopy(block, blockAt, dst, off, n);
                blockAt += n;
                off += n;
                len -= n;
            } else if (len >= BLOCK) {
                int n = decodeBlock(dst, off);
                off += n;
                len -= n;
            } else {
                blockLength = decodeBlock(block, 0);
                blockAt = 0;
            }
        }
    }

    /**
     * The end of the block holding the last value of the page (with an unknown count: the end of the
     * slice, as TsFile reads blocks while bytes remain).
     */
    int endOffset() {
        if (!countKnown) {
            return end;
        }
        int savedRemaining = remaining;
        int savedPos = pos;
        int savedLength = blockLength;
        int savedAt = blockAt;
        long[] savedBlock = block.clone();
        try {
            skip(remaining);
            return pos;
        } finally {
            remaining = savedRemaining;
            pos = savedPos;
            blockLength = savedLength;
            blockAt = savedAt;
            System.arraycopy(savedBlock, 0, block, 0, BLOCK);
        }
    }

    /** Decodes the block at {@code pos} into {@code dst[off, ...)}; returns its value count (1..9). */
    private int decodeBlock(long[] dst, int off) {
        if (pos >= end) {
            throw new CorruptInputException(pos, "another SPRINTZ block (the page ended)");
        }
        int header = buf[pos++] & 0xFF;
        if (header >= 0x80) {
            int n = header & 0x7F;
            if (n < 1 || n > SprintzTail.MAX_VALUES) {
                throw new CorruptInputException(pos - 1, "a SPRINTZ tail of 1 to 8 values (got " + n + ")");
            }
            pos = tail.read(buf, pos, end, n, dst, off);
            return n;
        }
        int width = header;
        if (width > type.width) {
            throw new CorruptInputException(
                    pos - 1, "a SPRINTZ bit width of at most " + type.width + " (got " + width + ")");
        }
        long first;
        if (type == SprintzType.INT32) {
            long varint = SprintzTail.uvarint(buf, pos, end);
            pos = (int) (varint >>> 32);
            first = (int) varint;
        } else if (type.width == 32) {
            Bounds.checkAvailable(pos, end, 4, "the first value of a SPRINTZ block");
            first = ByteIO.getIntBE(buf, pos);
            pos += 4;
        } else {
            Bounds.checkAvailable(pos, end, 8, "the first value of a SPRINTZ block");
            first = ByteIO.getLongBE(buf, pos);
            pos += 8;
        }
        Bounds.checkAvailable(pos, end, width, "the packed residuals of a SPRINTZ block");
        kernels.unpackMsb(buf, pos, width, residuals, 0, BLOCK - 1);
        pos += width;

        dst[off] = first;
        long previous = type.predictionBits(first);
        final FirePredictor f = fire;
        final SprintzType t = type;
        f.reset();
        for (int k = 0; k < BLOCK - 1; k++) {
            long x = residuals[k];
            // the zigzag-style mapping is p <= 0 ? -2p : 2p - 1; decode it without TsFile's sign error
            long half = x >>> 1;
            long error = t.norm((x & 1) == 0 ? -half : half + 1);
            long value = t.norm(f.predict(previous) + error);
            f.train(previous, value, error);
            dst[off + 1 + k] = value;
            previous = value;
        }
        return BLOCK;
    }
}
