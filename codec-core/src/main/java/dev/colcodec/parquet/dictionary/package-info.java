/**
 * Parquet dictionary encoding (PLAIN_DICTIONARY / RLE_DICTIONARY): immutable dictionaries decoded from
 * PLAIN dictionary pages, readers of dictionary-encoded data pages (ids, then a gather), and writers with
 * parquet-java's fallback to PLAIN, byte-identical to its {@code DictionaryValuesWriter} inside a {@code
 * FallbackValuesWriter}.
 */
package dev.colcodec.parquet.dictionary;
