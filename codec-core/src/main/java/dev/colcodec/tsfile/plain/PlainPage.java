package dev.colcodec.tsfile.plain;

import dev.colcodec.io.ByteSink;

/**
 * The output side every PLAIN writer shares: the growing page, the value count and the finished
 * flag of the {@link dev.colcodec.values.ValuesWriter} life cycle.
 */
final class PlainPage {
    final ByteSink sink = new ByteSink(1024);
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

    int valueCount() {
        return count;
    }

    long bufferedSize() {
        return sink.size();
    }

    byte[] toByteArray() {
        finished = true;
        return sink.toByteArray();
    }

    /** {@link #toByteArray()} written to {@code out} without the copy in between. */
    void finishTo(ByteSink out) {
        finished = true;
        out.write(sink.array(), 0, sink.size());
    }

    void reset() {
        sink.reset();
        count = 0;
        finished = false;
    }
}
