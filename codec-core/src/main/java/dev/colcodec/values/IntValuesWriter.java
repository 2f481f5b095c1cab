package dev.colcodec.values;

/** An encoder of {@code int} values. */
public interface IntValuesWriter extends ValuesWriter {
    /** Appends one value. */
    void writeInteger(int value);

    /** Appends {@code src[off, off + len)}. */
    void writeIntegers(int[] src, int off, int len);
}
