package dev.colcodec.values;

import java.nio.ByteBuffer;

/**
 * The common part of every decoder: initialise on one encoded section, skip values, and report where
 * the section ended. The typed sub-interfaces ({@link IntValuesReader}, {@link LongValuesReader},
 * {@link FloatValuesReader}, {@link DoubleValuesReader}, {@link BooleanValuesReader}, {@link
 * BinaryValuesReader}) add per-value and batch reads, so the types a reader supports are visible in
 * its type.
 *
 * <p>A reader reads from the caller's array without copying it; the caller must not modify the
 * array while the reader is in use. Corrupt or truncated input raises {@link
 * dev.colcodec.CorruptInputException}. Readers are not thread-safe.
 *
 * <p>Until its first {@code init} a reader holds an empty section, so a read or skip then is that
 * exception at offset 0, as for an empty page. So does a reader whose {@code init} refused a section as
 * corrupt: nothing of the page before is read after it.
 */
public interface ValuesReader {
    /** Passed as {@code valueCount} when the caller does not know how many values the section holds. */
    int UNKNOWN_COUNT = -1;

    /**
     * Starts decoding the section {@code buf[offset, offset + length)}.
     *
     * @param valueCount how many values the section holds (for Parquet: including nulls, so an upper
     *     bound for encodings that store their own count), or {@link #UNKNOWN_COUNT}
     */
    void init(int valueCount, byte[] buf, int offset, int length);

    /**
     * Starts decoding the remaining bytes of {@code buf}. A buffer with an accessible array is read in
     * place; any other (direct, read-only) is copied once. The buffer's position is not changed.
     *
     * <p>After this form {@link #endOffset()} indexes the array read, not the buffer: {@code buf.array()}
     * for a buffer read in place (where the section starts at {@code buf.arrayOffset() + buf.position()}),
     * the copy (starting at 0) otherwise. The section's end in the buffer is {@code buf.position() +
     * endOffset() - start}, with {@code start} that array index.
     */
    default void init(int valueCount, ByteBuffer buf) {
        if (buf.hasArray()) {
            init(valueCount, buf.array(), buf.arrayOffset() + buf.position(), buf.remaining());
        } else {
            byte[] copy = new byte[buf.remaining()];
            buf.duplicate().get(copy);
            init(valueCount, copy, 0, copy.length);
        }
    }

    /** Skips {@code n} values. */
    void skip(int n);

    /**
     * The index into the array just past the last byte of this reader's section. Readers of
     * self-delimiting encodings may have to walk the remaining headers to answer; readers that take
     * the rest of the slice answer {@code offset + length}.
     */
    int endOffset();
}
