package dev.colcodec.tsfile.ts2diff;

import dev.colcodec.io.ByteSink;

/**
 * The page side of the TS_2DIFF writers of INT32 and INT64 values: the page's bytes, the open block's
 * delta count, the value count and the page life cycle. A subclass fills the open block and packs it in
 * {@link #flushBlock}.
 */
abstract class Ts2DiffPageWriter {
    static final int BLOCK = Ts2DiffFormat.BLOCK_DELTAS;

    private final ByteSink own = new ByteSink(1024);
    /** Where the page's bytes go: {@link #own}, or the caller's sink after {@link #resetInto}. */
    ByteSink sink = own;
    /** Where the page starts in {@link #sink}. */
    private int start;
    /** Deltas in the open block, -1 when no block is open. */
    int n = -1;

    int count;
    boolean finished;

    /** Writes the open block (which has {@code n} deltas) to {@link #sink} and closes it. */
    abstract void flushBlock();

    /** Bytes of a block header and of one value, for {@link #bufferedSize}. */
    abstract int headerBytes();

    abstract int valueBytes();

    public final int valueCount() {
        return count;
    }

    public final long bufferedSize() {
        return sink.size() - start + (n < 0 ? 0 : headerBytes() + (long) n * valueBytes());
    }

    public final byte[] toByteArray() {
        finish();
        return java.util.Arrays.copyOfRange(sink.array(), start, sink.size());
    }

    public final void finishTo(ByteSink out) {
        finish();
        if (out != sink) {
            out.write(sink.array(), start, sink.size() - start);
        }
    }

    private void finish() {
        if (!finished && n >= 0) {
            flushBlock();
        }
        finished = true;
    }

    public final void reset() {
        own.reset();
        sink = own;
        start = 0;
        n = -1;
        count = 0;
        finished = false;
    }

    /** As {@link dev.colcodec.values.ValuesWriter#resetInto}: the page's bytes go to the end of {@code out}. */
    public final void resetInto(ByteSink out) {
        reset();
        sink = java.util.Objects.requireNonNull(out, "out");
        start = out.size();
    }
}
