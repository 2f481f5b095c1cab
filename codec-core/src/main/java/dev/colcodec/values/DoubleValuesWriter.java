package dev.colcodec.values;

/** An encoder of {@code double} values. */
public interface DoubleValuesWriter extends ValuesWriter {
    /** Appends one value. */
    void writeDouble(double value);

    /** Appends {@code src[off, off + len)}. */
    void writeDoubles(double[] src, int off, int len);
}
