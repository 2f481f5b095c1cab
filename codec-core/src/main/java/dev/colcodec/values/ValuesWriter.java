package dev.colcodec.values;

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

    /** Starts a new page. */
    void reset();
}
