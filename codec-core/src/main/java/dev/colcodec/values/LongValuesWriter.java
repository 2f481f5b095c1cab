package dev.colcodec.values;

/** An encoder of {@code long} values. */
public interface LongValuesWriter extends ValuesWriter {
    /** Appends one value. */
    void writeLong(long value);

    /** Appends {@code src[off, off + len)}. */
    void writeLongs(long[] src, int off, int len);
}
