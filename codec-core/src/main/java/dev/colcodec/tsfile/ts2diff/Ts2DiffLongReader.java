package dev.colcodec.tsfile.ts2diff;

import dev.colcodec.CorruptInputException;
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
 * <p>Batches decode whole blocks straight into the caller's array, unpacking and summing each block in
 * one fused pass ({@link Ts2DiffBlocks}); partial reads go through a 129-value buffer. Blocks of any delta count are read
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

    private final Ts2DiffBlockCursor c = new Ts2DiffBlockCursor(true);
    private final long[] chunk = new long[CHUNK + 1];
    private int chunkPos;
    private int chunkLen;
    private long prev;
    private boolean peeked;
    /** Fused delta decodes since {@link #init}, for the tests that check skipping decodes nothing. */
    private int deltaDecodes;

    /**
     * @param kernels not used: the fused block decode is faster than separate unpack and prefix-sum
     *     kernel calls on 129-value blocks; the parameter keeps every reader's constructor alike
     */
    public Ts2DiffLongReader(Kernels kernels) {
        Objects.requireNonNull(kernels, "kernels");
    }

    /** A reader (the same as with any kernels). */
    public Ts2DiffLongReader() {
        this(KernelProvider.best());
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        c.init(valueCount, buf, offset, length);
        chunkPos = 0;
        chunkLen = 0;
        peeked = false;
        deltaDecodes = 0;
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
        if (chunkPos == chunkLen && c.deltasLeft == 0) {
            int done = wholeBlocks(dst, off, len);
            off += done;
            len -= done;
        }
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
        prev = Ts2DiffBlocks.decode(c.buf, c.packedPos, c.width, n, prev, c.minDelta, dst, off);
        c.consumeDeltas(n);
        deltaDecodes++;
    }

    /** Fused delta decodes (one per block or partial block) since {@link #init}. */
    int deltaDecodes() {
        return deltaDecodes;
    }

    /**
     * At a block boundary: decodes the following blocks that fit in {@code len} values whole, header
     * and fused unpack + prefix sum, straight into {@code dst}; returns how many values that was. Stops
     * at the first block that does not fit or looks wrong (the general path then handles it).
     */
    private int wholeBlocks(long[] dst, int off, int len) {
        final Ts2DiffBlockCursor b = c;
        int done = 0;
        while (b.wholeBlockFits(len - done)) {
            long first = b.hFirst;
            dst[off + done] = first;
            prev = Ts2DiffBlocks.decode(b.buf, b.hPacked, b.hWidth, b.hDeltas, first, b.hMinDelta, dst, off + done + 1);
            done += b.hDeltas + 1;
            b.pos = b.hEnd;
            deltaDecodes++;
        }
        return done;
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
        CorruptInputException.checkAvailable(
                c.hEnd, c.end, Ts2DiffFormat.LONG_HEADER_BYTES, "the following TS_2DIFF block header");
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
