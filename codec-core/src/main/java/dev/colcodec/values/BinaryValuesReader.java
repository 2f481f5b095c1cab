package dev.colcodec.values;

/**
 * A decoder of variable- or fixed-length byte strings (BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY, INT96,
 * TEXT/STRING/BLOB).
 */
public interface BinaryValuesReader extends ValuesReader {
    /** Reads the next value as a new array (convenience form; allocates). */
    byte[] readBinary();

    /**
     * Appends the next {@code len} values to {@code dst} as offsets into one data buffer, with no object
     * per value.
     */
    void readBinaries(BinaryBatch dst, int len);
}
