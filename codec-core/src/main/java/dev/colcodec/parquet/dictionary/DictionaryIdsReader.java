package dev.colcodec.parquet.dictionary;

import dev.colcodec.values.ValuesReader;

/**
 * A reader of dictionary-encoded data pages (PLAIN_DICTIONARY / RLE_DICTIONARY) that can hand out each
 * value's dictionary id instead of its entry: what column engines keep as a dictionary block (ids plus
 * the dictionary), with no entry copied or looked up per value. The five typed dictionary readers
 * implement it; {@link #appendDictionaryTo} copies the whole dictionary once for a caller that wants the
 * entries in its own arrays.
 */
public interface DictionaryIdsReader extends ValuesReader {
    /** Entries of the dictionary the ids refer to: every id read is in {@code [0, dictionarySize())}. */
    int dictionarySize();

    /**
     * Reads the next {@code len} values as their dictionary ids into {@code dst[off, off + len)}, each
     * checked against the dictionary (an id outside it is corrupt input).
     */
    void readIds(int[] dst, int off, int len);

    /**
     * Copies every dictionary entry, in id order, into {@code dst}: an {@code int[]}, {@code long[]},
     * {@code float[]} or {@code double[]} of at least {@link #dictionarySize()} elements (from index 0) for
     * a dictionary of numbers, a {@link dev.colcodec.values.BinaryBatch} (appended to) for one of byte
     * strings.
     *
     * @throws IllegalArgumentException if {@code dst} is not of the dictionary's kind or too short
     */
    void appendDictionaryTo(Object dst);
}
