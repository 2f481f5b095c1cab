package org.apache.parquet.internal.column.columnindex;

import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType;

/** Test access to parquet-java 1.18.1's column index bound truncation (package-private there): the oracle. */
public final class ParquetJavaTruncation {
    private ParquetJavaTruncation() {}

    public static byte[] lower(PrimitiveType type, byte[] value, int length) {
        return BinaryTruncator.getTruncator(type)
                .truncateMin(Binary.fromConstantByteArray(value), length)
                .getBytes();
    }

    public static byte[] upper(PrimitiveType type, byte[] value, int length) {
        return BinaryTruncator.getTruncator(type)
                .truncateMax(Binary.fromConstantByteArray(value), length)
                .getBytes();
    }
}
