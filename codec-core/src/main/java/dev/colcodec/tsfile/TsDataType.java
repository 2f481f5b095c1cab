package dev.colcodec.tsfile;

/** TsFile data types, with the byte TsFile writes for them. */
public enum TsDataType {
    BOOLEAN(0),
    INT32(1),
    INT64(2),
    FLOAT(3),
    DOUBLE(4),
    TEXT(5),
    VECTOR(6),
    UNKNOWN(7),
    TIMESTAMP(8),
    DATE(9),
    BLOB(10),
    STRING(11),
    OBJECT(12);

    private final int serialized;

    TsDataType(int serialized) {
        this.serialized = serialized;
    }

    public int serialized() {
        return serialized;
    }

    /** The in-memory representation: INT32 for DATE, INT64 for TIMESTAMP, bytes for TEXT/STRING/BLOB. */
    public TsDataType storageType() {
        switch (this) {
            case DATE:
                return INT32;
            case TIMESTAMP:
                return INT64;
            case STRING:
            case BLOB:
                return TEXT;
            default:
                return this;
        }
    }

    public static TsDataType fromSerialized(int b) {
        for (TsDataType t : values()) {
            if (t.serialized == b) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown TsFile data type " + b);
    }
}
