package dev.colcodec.values;

/** An encoder of {@code boolean} values. */
public interface BooleanValuesWriter extends ValuesWriter {
    /** Appends one value. */
    void writeBoolean(boolean value);

    /** Appends {@code src[off, off + len)}. */
    void writeBooleans(boolean[] src, int off, int len);
}
