/** Parquet and TsFile pages, chunks and files on top of codec-core's encodings. */
package dev.colcodec.format;
