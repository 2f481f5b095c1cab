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

    /**
     * Finishes the page and returns its encoded bytes as a new array. Call it once per page: a second
     * call before {@link #reset()} throws {@link IllegalStateException} from the Parquet PLAIN, RLE/BOOLEAN
     * and dictionary writers and returns the same page again from the others.
     */
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

    /**
     * Starts a new page, as {@link #reset()} does, whose bytes a writer may append to {@code out} as it
     * encodes them (after what {@code out} holds) instead of to a buffer of its own; {@link
     * #finishTo(ByteSink)} with this same {@code out} then ends the page where it is, without copying it.
     * Until that call the caller must not write to {@code out}. {@link #toByteArray()}, {@link
     * #bufferedSize()} and {@link #finishTo(ByteSink)} to another sink give what they give after {@link
     * #reset()}, while {@code out} is left as the writer left it. Bytes of a page abandoned by {@link
     * #reset()} or another {@code resetInto} stay in {@code out}: the caller cuts them off. The default
     * resets, and its {@code finishTo} copies.
     */
    default void resetInto(ByteSink out) {
        reset();
    }
}
