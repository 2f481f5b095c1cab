package dev.colcodec.values;

import dev.colcodec.io.ByteSink;

/**
 * The common part of every encoder. Typed sub-interfaces add per-value and batch writes.
 *
 * <p>Life cycle of a page: write values, then {@link #toByteArray()} (which finishes the page and
 * returns a new array that the writer never touches again), then {@link #reset()} before the next
 * page. Writing after {@code toByteArray()} without {@code reset()} throws {@link
 * IllegalStateException}. Writers are not thread-safe.
 */
public interface ValuesWriter {
    /** How many values were written since the last reset. */
    int valueCount();

    /** An estimate of the encoded size of what was written so far, in bytes, for cutting pages. */
    long bufferedSize();

    /** Finishes the page and returns its encoded bytes as a new array. */
    byte[] toByteArray();

    /**
     * Finishes the page and appends its encoded bytes (those {@link #toByteArray()} returns) to {@code
     * out}. Writers override this to skip the intermediate array.
     */
    default void finishTo(ByteSink out) {
        byte[] page = toByteArray();
        out.write(page, 0, page.length);
    }

    /** Starts a new page. */
    void reset();
}
