package dev.colcodec.values;

/** A decoder producing {@code float} values. */
public interface FloatValuesReader extends ValuesReader {
    /** Reads the next value. */
    float readFloat();

    /** Reads the next {@code len} values into {@code dst[off, off + len)}. */
    void readFloats(float[] dst, int off, int len);
}
