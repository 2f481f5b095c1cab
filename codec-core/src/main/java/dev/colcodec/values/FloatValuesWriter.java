package dev.colcodec.values;

/** An encoder of {@code float} values. */
public interface FloatValuesWriter extends ValuesWriter {
    /** Appends one value. */
    void writeFloat(float value);

    /** Appends {@code src[off, off + len)}. */
    void writeFloats(float[] src, int off, int len);
}
