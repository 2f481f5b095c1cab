package dev.colcodec.parquet.delta;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.Bounds;
import dev.colcodec.io.ByteCursor;
import dev.colcodec.values.ValuesReader;

/**
 * Walks the structure of one DELTA_BINARY_PACKED stream (header, blocks, miniblocks) without decoding
 * any values; shared by the INT32 and INT64 readers, which only unpack and prefix-sum the runs it
 * hands out.
 *
 * <p>The stream is visited lazily, one run at a time: {@link #next(int)} validates the next
 * miniblock's width and the presence of its packed bytes before the reader calls a kernel. Nothing is
 * allocated from the header's value count. Bit widths of miniblocks past the last value are never
 * read, as the format requires.
 */
final class DeltaBlockCursor {
    /** Values per decode unit of a large miniblock; keeps readers' windows small. */
    private static final int MAX_UNIT = 1024;

    private final ByteCursor in = new ByteCursor();
    private final ByteCursor walker = new ByteCursor();
    private final int maxWidth;

    private byte[] buf;
    private int miniblocksPerBlock;
    private int miniblockSize;
    private int unitSize;
    private int totalCount;
    private long firstValue;

    /** Deltas not yet assigned to a started miniblock. */
    private int deltasNotStarted;
    /** Real (non-padding) deltas left in the current miniblock. */
    private int miniblockLeft;
    /** Index of the next miniblock of the current block (== miniblocksPerBlock: block exhausted). */
    private int miniblockIndex;

    private int widthsPos;
    private long blockMinDelta;
    private int miniblockWidth;
    private int miniblockNextPos;

    // The run handed out by next(): valid until the following call.
    private int runWidth;
    private int runPos;
    private long runMinDelta;

    /** @param maxWidth the widest legal miniblock (64 for both readers: INT32 takes 33 to 64 as parquet-java does) */
    DeltaBlockCursor(int maxWidth) {
        this.maxWidth = maxWidth;
    }

    /** Parses the page header of {@code buf[offset, offset + length)}. */
    void init(int valueCount, byte[] buf, int offset, int length) {
        if (valueCount < 0 && valueCount != ValuesReader.UNKNOWN_COUNT) {
            throw new IllegalArgumentException("negative value count: " + valueCount);
        }
        this.buf = buf;
        in.reset(buf, offset, length);
        int headerStart = offset;
        int blockSize = in.readUnsignedVarInt("the block size");
        Bounds.check(
                blockSize > 0 && blockSize % 128 == 0,
                headerStart,
                "a block size that is a positive multiple of 128 (got " + Integer.toUnsignedString(blockSize) + ")");
        int mbPos = in.position();
        int miniblocks = in.readUnsignedVarInt("the number of miniblocks per block");
        Bounds.check(
                miniblocks > 0 && blockSize % miniblocks == 0 && (blockSize / miniblocks) % 32 == 0,
                mbPos,
                "a miniblock count dividing block size " + blockSize + " into multiples of 32 values (got "
                        + Integer.toUnsignedString(miniblocks) + ")");
        int countPos = in.position();
        int count = in.readUnsignedVarInt("the total value count");
        Bounds.check(
                count >= 0, countPos, "a total value count below 2^31 (got " + Integer.toUnsignedString(count) + ")");
        Bounds.check(
                valueCount < 0 || count <= valueCount,
                countPos,
                "at most " + valueCount + " values (the page's value count) but the header says " + count);
        this.firstValue = in.readZigZagVarLong("the first value");
        this.miniblocksPerBlock = miniblocks;
        this.miniblockSize = blockSize / miniblocks;
        this.unitSize = unitSizeFor(miniblockSize);
        this.totalCount = count;
        this.deltasNotStarted = count == 0 ? 0 : count - 1;
        this.miniblockLeft = 0;
        this.miniblockIndex = miniblocks;
    }

    /**
     * The largest divisor of {@code miniblockSize} that is a multiple of 32 and at most {@link
     * #MAX_UNIT}, so units start byte-aligned and never straddle miniblocks.
     */
    private static int unitSizeFor(int miniblockSize) {
        if (miniblockSize <= MAX_UNIT) {
            return miniblockSize;
        }
        int groups = miniblockSize / 32;
        int unit = 32;
        while (unit * 2 <= MAX_UNIT && groups % ((unit * 2) / 32) == 0) {
            unit *= 2;
        }
        return unit;
    }

    int totalCount() {
        return totalCount;
    }

    long firstValue() {
        return firstValue;
    }

    /** Values a reader's window must hold: the longest run {@link #next(int)} returns for width > 0. */
    int unitSize() {
        return unitSize;
    }

    /** Deltas not yet handed out by {@link #next(int)}. */
    int deltasLeft() {
        return deltasNotStarted + miniblockLeft;
    }

    /** Width of the run returned by the last {@link #next(int)}. */
    int runWidth() {
        return runWidth;
    }

    /** Where the packed bytes of the last run start (meaningless for width 0). */
    int runPos() {
        return runPos;
    }

    /** The block's minimum delta for the last run. */
    long runMinDelta() {
        return runMinDelta;
    }

    byte[] buffer() {
        return buf;
    }

    /** The end (exclusive) of the stream's slice of {@link #buffer()}. */
    int sliceEnd() {
        return in.end();
    }

    /**
     * Hands out the next run of deltas and returns its length (at least 1); the caller must have
     * checked {@link #deltasLeft()} {@code > 0}. A run of width {@code > 0} is one decode unit (up to
     * {@link #unitSize()} deltas, starting byte-aligned at {@link #runPos()}), regardless of {@code
     * limit}, extended by the following whole miniblocks of the same block and width while the run stays
     * within {@code limit}. A run of width 0 has at most {@code limit} deltas and may extend over following width-0
     * miniblocks and blocks with the same minimum delta.
     */
    int next(int limit) {
        if (miniblockLeft == 0) {
            startMiniblock();
        }
        runMinDelta = blockMinDelta;
        int w = miniblockWidth;
        runWidth = w;
        if (w != 0) {
            int n = Math.min(unitSize, miniblockLeft);
            runPos = miniblockNextPos;
            miniblockNextPos += (unitSize >>> 3) * w;
            miniblockLeft -= n;
            // following miniblocks of the same block with the same width continue the same bit stream
            // (their packed bytes are adjacent), so they join this run while it fits in limit
            while (miniblockLeft == 0
                    && unitSize == miniblockSize
                    && miniblockIndex < miniblocksPerBlock
                    && deltasNotStarted > 0
                    && (buf[widthsPos + miniblockIndex] & 0xFF) == w
                    && n + Math.min(miniblockSize, deltasNotStarted) <= limit) {
                startMiniblock();
                n += miniblockLeft;
                miniblockNextPos += (unitSize >>> 3) * w;
                miniblockLeft = 0;
            }
            return n;
        }
        int n = Math.min(miniblockLeft, limit);
        miniblockLeft -= n;
        while (n < limit && miniblockLeft == 0 && deltasNotStarted > 0) {
            if (miniblockIndex == miniblocksPerBlock) {
                readBlockHeader();
                if (blockMinDelta != runMinDelta) {
                    break;
                }
            }
            // take the block's following width-0 miniblocks in one step
            int zeros = 0;
            while (miniblockIndex + zeros < miniblocksPerBlock && buf[widthsPos + miniblockIndex + zeros] == 0) {
                zeros++;
            }
            if (zeros == 0) {
                break;
            }
            int available = (int) Math.min((long) zeros * miniblockSize, deltasNotStarted);
            int take = Math.min(available, limit - n);
            int started = (take + miniblockSize - 1) / miniblockSize;
            int startedDeltas = (int) Math.min((long) started * miniblockSize, deltasNotStarted);
            miniblockIndex += started;
            deltasNotStarted -= startedDeltas;
            miniblockLeft = startedDeltas - take;
            miniblockWidth = 0;
            n += take;
        }
        return n;
    }

    /**
     * If the next delta starts a block whose deltas are all real (no padding) and all wanted ({@code
     * limit}), hands the whole block out as one run: validates every miniblock's width and the presence
     * of its packed bytes (as {@link #next(int)} would, miniblock by miniblock) and returns the block's
     * delta count; the packed bytes start at {@link #runPos()}, the widths at {@link #blockWidthsPos()}.
     * Otherwise returns 0 and hands out nothing: a block whose miniblocks all have width 0 is declined
     * too (its header read), so that {@link #next(int)} fills it together with the following width-0
     * blocks of the same minimum delta.
     */
    int nextBlock(int limit) {
        int blockSize = miniblockSize * miniblocksPerBlock;
        if (miniblockLeft != 0
                || miniblockIndex != miniblocksPerBlock
                || unitSize != miniblockSize
                || deltasNotStarted < blockSize
                || limit < blockSize) {
            return 0;
        }
        readBlockHeader();
        // every width in one pass: validated, summed for one bounds check of the packed bytes
        int widest = 0;
        int widthSum = 0;
        for (int k = 0; k < miniblocksPerBlock; k++) {
            int w = buf[widthsPos + k] & 0xFF;
            widest = Math.max(widest, w);
            widthSum += w;
        }
        if (widest == 0) {
            // constant steps: next(int) joins this block's width-0 miniblocks with the following blocks'
            // into one arithmetic fill (the header stays read; next(int) starts at its first miniblock)
            return 0;
        }
        if (widest > maxWidth) {
            int k = 0;
            while ((buf[widthsPos + k] & 0xFF) <= maxWidth) {
                k++;
            }
            throw new CorruptInputException(
                    widthsPos + k,
                    "a miniblock bit width of at most " + maxWidth + " (got " + (buf[widthsPos + k] & 0xFF) + ")");
        }
        int packed = skip((long) (miniblockSize >>> 3) * widthSum, "the packed miniblocks of a block");
        miniblockIndex = miniblocksPerBlock;
        deltasNotStarted -= blockSize;
        miniblockLeft = 0;
        runPos = packed;
        runMinDelta = blockMinDelta;
        runWidth = -1;
        return blockSize;
    }

    /** Where the miniblock widths of the block handed out by {@link #nextBlock(int)} start. */
    int blockWidthsPos() {
        return widthsPos;
    }

    int miniblocksPerBlock() {
        return miniblocksPerBlock;
    }

    int miniblockSize() {
        return miniblockSize;
    }

    private void startMiniblock() {
        if (miniblockIndex == miniblocksPerBlock) {
            readBlockHeader();
        }
        int widthPos = widthsPos + miniblockIndex++;
        int w = buf[widthPos] & 0xFF;
        if (w > maxWidth) {
            throw new CorruptInputException(
                    widthPos, "a miniblock bit width of at most " + maxWidth + " (got " + w + ")");
        }
        miniblockNextPos = skip((long) (miniblockSize >>> 3) * w, "a packed miniblock");
        miniblockWidth = w;
        int n = Math.min(miniblockSize, deltasNotStarted);
        deltasNotStarted -= n;
        miniblockLeft = n;
    }

    private void readBlockHeader() {
        int p = in.position();
        int b;
        if (p < in.end() && (b = buf[p]) >= 0) {
            // a one-byte minimum delta (|delta| < 64), the common case, without the general varint loop
            blockMinDelta = (b >>> 1) ^ -(b & 1);
            in.position(p + 1);
        } else {
            blockMinDelta = in.readZigZagVarLong("a block's minimum delta");
        }
        widthsPos = skip(miniblocksPerBlock, "the miniblock bit widths");
        miniblockIndex = 0;
    }

    /**
     * {@link ByteCursor#skip} with the bounds check written out: C2 does not inline the shared
     * check (a method that throws), and this runs once per miniblock.
     */
    private int skip(long bytes, String what) {
        int p = in.position();
        if (bytes > in.end() - p) {
            throw new CorruptInputException(p, bytes + " bytes of " + what + " but only " + (in.end() - p) + " remain");
        }
        in.position(p + (int) bytes);
        return p;
    }

    /**
     * The index just past the last byte of the stream: walks (and validates) the headers of the
     * miniblocks not yet visited, without changing the decoding position.
     */
    int endOffset() {
        long left = deltasNotStarted;
        if (left == 0) {
            return in.position();
        }
        ByteCursor w = walker.reset(buf, in.position(), in.remaining());
        int index = miniblockIndex;
        int widths = widthsPos;
        while (left > 0) {
            if (index == miniblocksPerBlock) {
                w.readZigZagVarLong("a block's minimum delta");
                widths = w.skip(miniblocksPerBlock, "the miniblock bit widths");
                index = 0;
            }
            int widthPos = widths + index++;
            int width = buf[widthPos] & 0xFF;
            if (width > maxWidth) {
                throw new CorruptInputException(
                        widthPos, "a miniblock bit width of at most " + maxWidth + " (got " + width + ")");
            }
            w.skip((long) (miniblockSize >>> 3) * width, "a packed miniblock");
            left -= Math.min(left, miniblockSize);
        }
        return w.position();
    }
}
