/**
 * TsFile's own RLE/bit-packing hybrid for INT32/DATE, INT64/TIMESTAMP and BOOLEAN (and FLOAT/DOUBLE through
 * the lossy wrapper of {@code dev.colcodec.tsfile.scaled}): a ULEB128 length, a
 * bit-width byte, then RLE runs and MSB-first bit-packed runs of 8-value groups with a last-group count
 * byte. It differs from Parquet's hybrid in bit order, framing, that extra byte and the byte order of
 * INT64 run values.
 */
package dev.colcodec.tsfile.rle;
