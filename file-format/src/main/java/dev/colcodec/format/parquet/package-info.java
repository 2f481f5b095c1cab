/**
 * Parquet pages, column chunks and files.
 *
 * <ul>
 *   <li>{@link dev.colcodec.format.parquet.ParquetThrift}: page headers, footers and page indexes
 *       (parquet-format-structures' Thrift classes over byte arrays, lengths checked).
 *   <li>{@link dev.colcodec.format.parquet.ParquetPages}: writes data pages V1/V2 and dictionary pages
 *       with CRC32 and compression.
 *   <li>{@link dev.colcodec.format.parquet.ColumnChunkWriter} / {@link
 *       dev.colcodec.format.parquet.ColumnChunkReader}: one column chunk to and from pages; reads go
 *       into caller-owned {@link dev.colcodec.format.parquet.ColumnBatch}es (dense values plus levels).
 *   <li>{@link dev.colcodec.format.parquet.ParquetFileWriter} / {@link
 *       dev.colcodec.format.parquet.ParquetFileReader}: whole files (flat schemas written, any schema
 *       read), statistics, page indexes, row-group pruning, projection, parallel encode and decode.
 * </ul>
 *
 * Corrupt input of any kind gives {@link dev.colcodec.CorruptInputException} with a file offset.
 */
package dev.colcodec.format.parquet;
