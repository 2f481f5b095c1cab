package dev.colcodec.parquet.plain;

import dev.colcodec.io.ByteSink;
import dev.colcodec.values.ValuesWriter;
import java.util.Arrays;

/** The output side shared by the PLAIN writers: bytes, value count and the page life cycle. */
final class PlainPage implements ValuesWriter {
    private final ByteSink sink = new ByteSink(1024);
    private int valueCount;
    private boolean finished;

    /** Counts {@code n} more values. */
    void count(int n) {
        if (finished) {
            throw new IllegalStateException("toByteArray() was called: reset() before writing the next page");
        }
        if (n > Integer.MAX_VALUE - valueCount) {
            throw new IllegalStateException("a page holds at most 2^31-1 values");
        }
        valueCount += n;
    }

    /** Appends {@code bytes} bytes to be written at the returned position of {@link #array()}. */
    int reserve(long bytes) {
        if (bytes > Integer.MAX_VALUE) {
            throw new IllegalStateException("encoded page larger than 2 GiB");
        }
        int p = sink.ensure((int) bytes);
        sink.advance((int) bytes);
        return p;
    }

    /** Counts {@code values} and reserves {@code bytes} for them. */
    int append(int values, long bytes) {
        count(values);
        return reserve(bytes);
    }

    /** The output array; fetch it again after each {@link #reserve}. */
    byte[] array() {
        return sink.array();
    }

    @Override
    public int valueCount() {
        return valueCount;
    }

    @Override
    public long bufferedSize() {
        return sink.size();
    }

    @Override
    public byte[] toByteArray() {
        return Arrays.copyOf(array(), finishInPlace());
    }

    /** Ends the page like {@link #toByteArray()}; returns its size: it is {@code array()[0, size)}. */
    int finishInPlace() {
        count(0);
        finished = true;
        return sink.size();
    }

    @Override
    public void reset() {
        sink.reset();
        valueCount = 0;
        finished = false;
    }
}
