package dev.colcodec.parquet;

/** Parquet encodings, with their Thrift ids. */
public enum ParquetEncoding {
    PLAIN(0),
    PLAIN_DICTIONARY(2),
    RLE(3),
    BIT_PACKED(4),
    DELTA_BINARY_PACKED(5),
    DELTA_LENGTH_BYTE_ARRAY(6),
    DELTA_BYTE_ARRAY(7),
    RLE_DICTIONARY(8),
    BYTE_STREAM_SPLIT(9);

    private final int thriftId;

    ParquetEncoding(int thriftId) {
        this.thriftId = thriftId;
    }

    public int thriftId() {
        return thriftId;
    }

    /** PLAIN_DICTIONARY and RLE_DICTIONARY data pages hold dictionary ids. */
    public boolean usesDictionary() {
        return this == PLAIN_DICTIONARY || this == RLE_DICTIONARY;
    }

    public static ParquetEncoding fromThriftId(int id) {
        for (ParquetEncoding e : values()) {
            if (e.thriftId == id) {
                return e;
            }
        }
        throw new IllegalArgumentException("unknown Parquet encoding id " + id);
    }
}
