package dev.colcodec.parquet;

/** Parquet physical types, with their Thrift ids. */
public enum PhysicalType {
    BOOLEAN(0),
    INT32(1),
    INT64(2),
    INT96(3),
    FLOAT(4),
    DOUBLE(5),
    BYTE_ARRAY(6),
    FIXED_LEN_BYTE_ARRAY(7);

    private final int thriftId;

    PhysicalType(int thriftId) {
        this.thriftId = thriftId;
    }

    public int thriftId() {
        return thriftId;
    }

    public static PhysicalType fromThriftId(int id) {
        for (PhysicalType t : values()) {
            if (t.thriftId == id) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown Parquet physical type id " + id);
    }
}
