package dev.colcodec.tsfile.plain;

import dev.colcodec.io.ByteSink;
import dev.colcodec.values.ValuesWriter;

/**
 * The output side every PLAIN writer shares: the growing page, the value count and the finished
 * flag of the {@link dev.colcodec.values.ValuesWriter} life cycle.
 */
final class PlainPage implements ValuesWriter {
    private final ByteSink own = new ByteSink(1024);
    /** Where the page's bytes go: {@link #own}, or the caller's sink after {@link #resetInto}. */
    ByteSink sink = own;
    /** Where the page starts in {@link #sink}. */
    private int start;

    private int count;
    private boolean finished;

    /** Checks the writer is open, counts {@code n} values and reserves {@code n * maxBytes} bytes. */
    int reserve(int n, int maxBytesPerValue) {
        open(n);
        long bytes = (long) n * maxBytesPerValue;
        if (bytes > Integer.MAX_VALUE) {
            throw new IllegalStateException("encoded page larger than 2 GiB");
        }
        return sink.ensure((int) bytes);
    }

    /** Checks the writer is open and counts {@code n} values. */
    void open(int n) {
        if (finished) {
            throw new IllegalStateException("toByteArray() was called: reset() before writing the next page");
        }
        if (n < 0) {
            throw new IllegalArgumentException("negative length " + n);
        }
        count += n;
    }

    @Override
    public int valueCount() {
        return count;
    }

    @Override
    public long bufferedSize() {
        return sink.size() - start;
    }

    @Override
    public byte[] toByteArray() {
        finished = true;
        return java.util.Arrays.copyOfRange(sink.array(), start, sink.size());
    }

    @Override
    public void finishTo(ByteSink out) {
        finished = true;
        if (out != sink) {
            out.write(sink.array(), start, sink.size() - start);
        }
    }

    @Override
    public void reset() {
        own.reset();
        sink = own;
        start = 0;
        count = 0;
        finished = false;
    }

    @Override
    public void resetInto(ByteSink out) {
        reset();
        sink = java.util.Objects.requireNonNull(out, "out");
        start = out.size();
    }
}
