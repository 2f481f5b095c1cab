/**
 * Parquet PLAIN encoding: readers and writers for BOOLEAN (bit-packed LSB-first), INT32, INT64, FLOAT,
 * DOUBLE (little-endian, raw bits), BYTE_ARRAY (4-byte length + bytes), FIXED_LEN_BYTE_ARRAY and INT96
 * (raw bytes). Writers produce parquet-java's bytes exactly; readers take the rest of the slice, like
 * parquet-java, except BOOLEAN, which takes {@code ceil(valueCount / 8)} bytes capped at the slice.
 * Unlike parquet-java, reading more values than the declared count is corrupt input.
 */
package dev.colcodec.parquet.plain;
