package dev.colcodec.tsfile.ts2diff;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.Bounds;
import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.LongValuesReader;
import java.util.Objects;

/**
 * Reads TsFile TS_2DIFF INT64 and TIMESTAMP values (TsFile's {@code DeltaBinaryDecoder.LongDeltaDecoder}
 * format): a sequence of self-contained blocks, each a 24-byte big-endian header {@code (deltaCount,
 * bitWidth, minDelta, firstValue)} and the MSB-first packed {@code delta - minDelta}.
 *
 * <p>A batch that covers a whole block decodes it straight into the caller's array with one fused
 * {@link Kernels#unpackPrefixSum(byte[], int, int, int, boolean, long[], int, int, long, long)} (or one
 * {@link Kernels#fillArithmetic} when the bit width is 0; at width 64 the kernel reads whole
 * big-endian longs); partial reads go through a 129-value buffer. Blocks of any delta count are read
 * (TsFile allows block sizes other than 128), without allocating per block.
 *
 * <p><b>Block peeking</b> for time-range pushdown: at a block boundary {@link #peekBlock()} reads the
 * next block's header (value count, first value, min delta, bit width) and, without unpacking, the
 * first value of the block after it ({@link #peekedFollowingFirstValue()}), the exclusive upper bound
 * of a strictly increasing time column's block. {@link #skipBlock()} then drops the block undecoded,
 * and {@link #skip(int)} skips whole blocks the same way.
 */
public final class Ts2DiffLongReader implements LongValuesReader {
    private static final int CHUNK = Ts2DiffFormat.BLOCK_DELTAS;

    private final Kernels kernels;
    private final Ts2DiffBlockCursor c = new Ts2DiffBlockCursor(true);
    private final long[] chunk = new long[CHUNK + 1];

    private int chunkPos;
    private int chunkLen;
    private long prev;
    private boolean peeked;

    public Ts2DiffLongReader(Kernels kernels) {
        this.kernels = kernels;
    }

    /** A reader using {@link KernelProvider#best()}. */
    public Ts2DiffLongReader() {
        this(KernelProvider.best());
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        c.init(valueCount, buf, offset, length);
        chunkPos = 0;
        chunkLen = 0;
        peeked = false;
    }

    @Override
    public long readLong() {
        peeked = false;
        c.claim(1);
        if (chunkPos == chunkLen) {
            refill();
        }
        return chunk[chunkPos++];
    }

    @Override
    public void readLongs(long[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        peeked = false;
        c.claim(len);
        while (len > 0) {
            int avail = chunkLen - chunkPos;
            if (avail > 0) {
                int n = Math.min(avail, len);
                System.arraycopy(chunk, chunkPos, dst, off, n);
                chunkPos += n;
                off += n;
                len -= n;
            } else if (c.deltasLeft == 0) {
                c.nextBlock();
                prev = c.first;
                dst[off++] = prev;
                len--;
            } else if (len >= c.deltasLeft) {
                int n = c.deltasLeft;
                decodeDeltas(dst, off, n);
                off += n;
                len -= n;
            } else if (len >= 8) {
                int n = len & ~7;
                decodeDeltas(dst, off, n);
                off += n;
                len -= n;
            } else {
                refill();
            }
        }
    }

    @Override
    public void skip(int n) {
        peeked = false;
        c.claim(n);
        long left = n;
        while (left > 0) {
            int avail = chunkLen - chunkPos;
            if (avail > 0) {
                int k = (int) Math.min(avail, left);
                chunkPos += k;
                left -= k;
            } else if (c.deltasLeft == 0) {
                c.nextBlock();
                long blockValues = 1L + c.deltasLeft;
                if (blockValues <= left) {
                    c.dropRestOfBlock();
                    left -= blockValues;
                } else {
                    prev = c.first;
                    left--;
                }
            } else if (left >= c.deltasLeft) {
                left -= c.deltasLeft;
                c.dropRestOfBlock();
            } else if (c.width == 0) {
                prev += left * c.minDelta;
                c.consumeDeltas((int) left);
                left = 0;
            } else {
                refill();
            }
        }
    }

    @Override
    public int endOffset() {
        return c.endOffset(chunkLen - chunkPos);
    }

    /** Decodes the next buffered chunk: the block's first value and up to 128 deltas. */
    private void refill() {
        int off = 0;
        if (c.deltasLeft == 0) {
            c.nextBlock();
            prev = c.first;
            chunk[0] = prev;
            off = 1;
        }
        int n = Math.min(c.deltasLeft, CHUNK);
        decodeDeltas(chunk, off, n);
        chunkPos = 0;
        chunkLen = off + n;
    }

    private void decodeDeltas(long[] dst, int off, int n) {
        if (c.width == 0) {
            prev = kernels.fillArithmetic(dst, off, n, prev, c.minDelta);
        } else {
            prev = kernels.unpackPrefixSum(c.buf, c.packedPos, c.end, c.width, true, dst, off, n, prev, c.minDelta);
        }
        c.consumeDeltas(n);
    }

    // ---- block peeking ---------------------------------------------------------------------------

    /** True when every value of the blocks started so far has been read or skipped. */
    public boolean atBlockBoundary() {
        return chunkPos == chunkLen && c.deltasLeft == 0;
    }

    /**
     * Reads the header of the next block without consuming anything; false when the section holds no
     * more values. Only at a {@linkplain #atBlockBoundary() block boundary}.
     *
     * @throws IllegalStateException when values of the current block remain
     * @throws CorruptInputException when the header or its packed bytes are invalid or truncated
     */
    public boolean peekBlock() {
        if (!atBlockBoundary()) {
            throw new IllegalStateException("peekBlock() only at a block boundary");
        }
        peeked = false;
        if (c.valuesLeft == 0 || (!c.countKnown && c.pos == c.end)) {
            return false;
        }
        c.parseHeader(c.pos);
        peeked = true;
        return true;
    }

    private void checkPeeked() {
        if (!peeked) {
            throw new IllegalStateException("no peeked block: call peekBlock() first");
        }
    }

    /** Values in the peeked block ({@code 1 + deltaCount}, cut to what a known count leaves). */
    public long peekedValueCount() {
        checkPeeked();
        return Math.min(1L + c.hDeltas, c.valuesLeft);
    }

    /** The first value of the peeked block (its minimum for a non-decreasing column). */
    public long peekedFirstValue() {
        checkPeeked();
        return c.hFirst;
    }

    /** The peeked block's min delta as written ({@code Long.MAX_VALUE} for a single-value block). */
    public long peekedMinDelta() {
        checkPeeked();
        return c.hMinDelta;
    }

    /** The peeked block's bit width. */
    public int peekedBitWidth() {
        checkPeeked();
        return c.hWidth;
    }

    /** Whether another block with values of this section follows the peeked one. */
    public boolean peekedHasFollowingBlock() {
        checkPeeked();
        return 1L + c.hDeltas < c.valuesLeft && c.hEnd < c.end;
    }

    /**
     * The first value of the block after the peeked one, read without unpacking anything: for a
     * strictly increasing time column, every value of the peeked block is below it.
     *
     * @throws IllegalStateException when no block follows
     */
    public long peekedFollowingFirstValue() {
        if (!peekedHasFollowingBlock()) {
            throw new IllegalStateException("no block follows the peeked one");
        }
        Bounds.checkAvailable(c.hEnd, c.end, Ts2DiffFormat.LONG_HEADER_BYTES, "the following TS_2DIFF block header");
        return ByteIO.getLongBE(c.buf, c.hEnd + 16);
    }

    /** Skips the next block without decoding it (peeking it first if needed). */
    public void skipBlock() {
        if (!peeked && !peekBlock()) {
            throw new CorruptInputException(c.pos, "another TS_2DIFF block to skip but the section ended");
        }
        long n = peekedValueCount();
        peeked = false;
        c.claim(n);
        c.commitHeader();
        c.dropRestOfBlock();
    }
}
