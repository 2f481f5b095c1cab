/**
 * Parquet's RLE/bit-packing hybrid (levels, dictionary ids, RLE BOOLEAN values), with and without the
 * 4-byte length prefix ({@link dev.colcodec.parquet.rle.RleFraming}). The writers make parquet-java's
 * run decisions, so their bytes are identical to its {@code RunLengthBitPackingHybridEncoder}.
 */
package dev.colcodec.parquet.rle;
