package dev.colcodec.values;

/** A decoder producing {@code double} values. */
public interface DoubleValuesReader extends ValuesReader {
    /** Reads the next value. */
    double readDouble();

    /** Reads the next {@code len} values into {@code dst[off, off + len)}. */
    void readDoubles(double[] dst, int off, int len);
}
