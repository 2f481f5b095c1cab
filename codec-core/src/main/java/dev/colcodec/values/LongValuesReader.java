package dev.colcodec.values;

/** A decoder producing {@code long} values. */
public interface LongValuesReader extends ValuesReader {
    /** Reads the next value. */
    long readLong();

    /** Reads the next {@code len} values into {@code dst[off, off + len)}. */
    void readLongs(long[] dst, int off, int len);
}
