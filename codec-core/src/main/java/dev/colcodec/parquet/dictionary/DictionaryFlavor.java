package dev.colcodec.parquet.dictionary;

import dev.colcodec.parquet.ParquetEncoding;

/**
 * How dictionary-encoded pages are labelled, following parquet-java's writer versions. The bytes are
 * the same in both; only the encodings named in the page headers differ.
 */
public enum DictionaryFlavor {
    /** Parquet 1.0 writers: data pages and the dictionary page are labelled PLAIN_DICTIONARY. */
    V1_PLAIN_DICTIONARY(ParquetEncoding.PLAIN_DICTIONARY, ParquetEncoding.PLAIN_DICTIONARY),
    /** Parquet 2.0 writers: data pages are labelled RLE_DICTIONARY, the dictionary page PLAIN. */
    V2_RLE_DICTIONARY(ParquetEncoding.RLE_DICTIONARY, ParquetEncoding.PLAIN);

    private final ParquetEncoding dataPageEncoding;
    private final ParquetEncoding dictionaryPageEncoding;

    DictionaryFlavor(ParquetEncoding dataPageEncoding, ParquetEncoding dictionaryPageEncoding) {
        this.dataPageEncoding = dataPageEncoding;
        this.dictionaryPageEncoding = dictionaryPageEncoding;
    }

    /** The encoding of dictionary-encoded data pages. */
    public ParquetEncoding dataPageEncoding() {
        return dataPageEncoding;
    }

    /** The encoding of the dictionary page. */
    public ParquetEncoding dictionaryPageEncoding() {
        return dictionaryPageEncoding;
    }
}
