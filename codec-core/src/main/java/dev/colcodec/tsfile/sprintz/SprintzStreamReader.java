package dev.colcodec.tsfile.sprintz;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.Bounds;
import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.ValuesReader;
import java.util.Arrays;
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
    private static final int[] NO_INDEXES = new int[0];

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
    private int count;
    private int remaining;
    private int pos;
    private int blockLength;
    private int blockAt;
    /** The page index of the first value of the next block decoded. */
    private int decoded;
    /** Page indexes, ascending, whose code 0 reads as the type's minimum residual; see {@link #readAsMinimumResiduals}. */
    private int[] minimumAt = NO_INDEXES;
    /** The next entry of {@link #minimumAt} not yet reached. */
    private int minimumNext;
    /** While {@link #zeroResidualIndexes} scans: the indexes found so far. */
    private int[] zeros;

    private int zeroCount;

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
        this.count = valueCount;
        this.pos = offset;
        this.blockLength = 0;
        this.blockAt = 0;
        this.decoded = 0;
        this.minimumAt = NO_INDEXES;
        this.minimumNext = 0;
    }

    /**
     * The page indexes, ascending, of the values whose residual is written as code 0, the full 9-value
     * blocks' only code that two residuals share in tsfile's encoder: zero (the value its prediction) and
     * the type's minimum (-2^63 for DOUBLE and INT64, -2^31 for FLOAT and INT32: for FLOAT and DOUBLE, the
     * value is its prediction with the sign bit flipped), whose zigzag code 2^64 (2^32) wraps to 0. Scans
     * the page from its start (up to the count given to {@link #init}, or its end) and leaves the reading
     * position where it was.
     */
    int[] zeroResidualIndexes() {
        Position saved = new Position();
        zeros = new int[16];
        zeroCount = 0;
        try {
            pos = start;
            decoded = 0;
            minimumNext = 0;
            while (countKnown ? decoded < count : pos < end) {
                decodeBlock(chunk, 0);
            }
            int n = zeroCount;
            while (countKnown && n > 0 && zeros[n - 1] >= count) {
                n--;
            }
            return Arrays.copyOf(zeros, n);
        } finally {
            zeros = null;
            saved.restore();
        }
    }

    /**
     * Reads code 0 at these page indexes as the type's minimum residual rather than zero (see {@link
     * #zeroResidualIndexes}); indexes of values written otherwise are ignored. Applies to the blocks not
     * decoded yet: call it after {@link #init}, before reading. {@link #init} clears it.
     */
    void readAsMinimumResiduals(int[] indexes) {
        int[] copy = indexes.clone();
        for (int i = 0; i < copy.length; i++) {
            if (copy[i] < 0 || (i > 0 && copy[i] <= copy[i - 1])) {
                throw new IllegalArgumentException(
                        "indexes must be ascending and non-negative (got " + Arrays.toString(indexes) + ")");
            }
        }
        minimumAt = copy;
        minimumNext = 0;
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
        Position saved = new Position();
        try {
            skip(remaining);
            return pos;
        } finally {
            saved.restore();
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
            decoded += n;
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
        int firstIndex = decoded;
        decoded += BLOCK;
        if (zeros != null) {
            collectZeros(firstIndex);
        }
        if (minimumNext < minimumAt.length && minimumAt[minimumNext] < firstIndex + BLOCK) {
            markMinimums(firstIndex);
        }

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

    private void collectZeros(int firstIndex) {
        for (int k = 0; k < BLOCK - 1; k++) {
            if (residuals[k] == 0) {
                if (zeroCount == zeros.length) {
                    zeros = Arrays.copyOf(zeros, zeroCount * 2);
                }
                zeros[zeroCount++] = firstIndex + 1 + k;
            }
        }
    }

    /** Turns the block's code 0 at the indexes asked for into the code reading as the type's minimum. */
    private void markMinimums(int firstIndex) {
        while (minimumNext < minimumAt.length && minimumAt[minimumNext] < firstIndex + BLOCK) {
            int k = minimumAt[minimumNext++] - firstIndex - 1;
            if (k >= 0 && residuals[k] == 0) {
                // all ones: half = 2^(w-1) - 1, odd, so the residual is half + 1 = 2^(w-1), the minimum
                residuals[k] = type.mask;
            }
        }
    }

    /** The reading position, saved by the scans that read the page ahead and put back after them. */
    private final class Position {
        private final int remaining = SprintzStreamReader.this.remaining;
        private final int pos = SprintzStreamReader.this.pos;
        private final int blockLength = SprintzStreamReader.this.blockLength;
        private final int blockAt = SprintzStreamReader.this.blockAt;
        private final int decoded = SprintzStreamReader.this.decoded;
        private final int minimumNext = SprintzStreamReader.this.minimumNext;
        private final long[] block = SprintzStreamReader.this.block.clone();

        void restore() {
            SprintzStreamReader.this.remaining = remaining;
            SprintzStreamReader.this.pos = pos;
            SprintzStreamReader.this.blockLength = blockLength;
            SprintzStreamReader.this.blockAt = blockAt;
            SprintzStreamReader.this.decoded = decoded;
            SprintzStreamReader.this.minimumNext = minimumNext;
            System.arraycopy(block, 0, SprintzStreamReader.this.block, 0, BLOCK);
        }
    }
}
