package dev.colcodec.format.advisor;

import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.tsfile.TsDataType;

/** The in-memory type of a column the advisor can try encodings on, with its Parquet and TsFile types. */
public enum ValueKind {
    INT32(PhysicalType.INT32, TsDataType.INT32, "Int"),
    INT64(PhysicalType.INT64, TsDataType.INT64, "Long"),
    FLOAT(PhysicalType.FLOAT, TsDataType.FLOAT, "Float"),
    DOUBLE(PhysicalType.DOUBLE, TsDataType.DOUBLE, "Double"),
    /** Variable-length byte strings: Parquet BYTE_ARRAY, TsFile TEXT. */
    BINARY(PhysicalType.BYTE_ARRAY, TsDataType.TEXT, "Binary");

    private final PhysicalType parquetType;
    private final TsDataType tsType;
    private final String classWord;

    ValueKind(PhysicalType parquetType, TsDataType tsType, String classWord) {
        this.parquetType = parquetType;
        this.tsType = tsType;
        this.classWord = classWord;
    }

    /** The Parquet physical type holding these values. */
    public PhysicalType parquetType() {
        return parquetType;
    }

    /** The TsFile data type holding these values. */
    public TsDataType tsType() {
        return tsType;
    }

    /** The type word in codec class names ({@code Long} in {@code PlainLongReader}). */
    String classWord() {
        return classWord;
    }
}
