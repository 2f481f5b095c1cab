package dev.colcodec.values;

/** A decoder producing {@code int} values. */
public interface IntValuesReader extends ValuesReader {
    /** Reads the next value. */
    int readInteger();

    /** Reads the next {@code len} values into {@code dst[off, off + len)}. */
    void readIntegers(int[] dst, int off, int len);
}
