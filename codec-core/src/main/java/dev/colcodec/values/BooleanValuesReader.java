package dev.colcodec.values;

/** A decoder producing {@code boolean} values. */
public interface BooleanValuesReader extends ValuesReader {
    /** Reads the next value. */
    boolean readBoolean();

    /** Reads the next {@code len} values into {@code dst[off, off + len)}. */
    void readBooleans(boolean[] dst, int off, int len);
}
