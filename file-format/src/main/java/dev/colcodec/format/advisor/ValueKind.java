package dev.colcodec.format.advisor;

import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.tsfile.TsDataType;

/** The in-memory type of a column the advisor can try encodings on, with its Parquet and TsFile types. */
public enum ValueKind {
    INT32(PhysicalType.INT32, TsDataType.INT32),
    INT64(PhysicalType.INT64, TsDataType.INT64),
    FLOAT(PhysicalType.FLOAT, TsDataType.FLOAT),
    DOUBLE(PhysicalType.DOUBLE, TsDataType.DOUBLE),
    /** Variable-length byte strings: Parquet BYTE_ARRAY, TsFile TEXT. */
    BINARY(PhysicalType.BYTE_ARRAY, TsDataType.TEXT),
    /**
     * Byte strings of one fixed length: Parquet FIXED_LEN_BYTE_ARRAY (which only PLAIN, DELTA_BYTE_ARRAY,
     * BYTE_STREAM_SPLIT and the dictionary hold), TsFile TEXT.
     */
    FIXED_BINARY(PhysicalType.FIXED_LEN_BYTE_ARRAY, TsDataType.TEXT),
    BOOLEAN(PhysicalType.BOOLEAN, TsDataType.BOOLEAN);

    private final PhysicalType parquetType;
    private final TsDataType tsType;

    ValueKind(PhysicalType parquetType, TsDataType tsType) {
        this.parquetType = parquetType;
        this.tsType = tsType;
    }

    /** The Parquet physical type holding these values. */
    public PhysicalType parquetType() {
        return parquetType;
    }

    /** The TsFile data type holding these values. */
    public TsDataType tsType() {
        return tsType;
    }
}
