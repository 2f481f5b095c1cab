package dev.colcodec.format.parquet;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.ParquetValues;
import dev.colcodec.parquet.dictionary.DictionaryFlavor;
import dev.colcodec.parquet.dictionary.DictionaryWriter;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Options of {@link ParquetFileWriter} and {@link ColumnChunkWriter}, with parquet-java's defaults: V1
 * pages, no compression, 1 MiB pages, 20,000 rows per page, 128 MiB row groups, page CRCs, dictionary
 * encoding with a 1 MiB dictionary limit. Immutable; the {@code with...} methods return modified
 * copies.
 *
 * <p>Default encodings per page version, as parquet-java's writers choose them. V1: BOOLEAN and
 * FIXED_LEN_BYTE_ARRAY PLAIN, everything else dictionary falling back to PLAIN. V2: BOOLEAN RLE,
 * everything else dictionary falling back to DELTA_BINARY_PACKED (INT32, INT64), DELTA_BYTE_ARRAY
 * (BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY) or PLAIN (FLOAT, DOUBLE, INT96); without a dictionary the fallback
 * encoding is used from the start. A column given an explicit non-dictionary encoding is written in that
 * encoding with no dictionary.
 */
public final class ParquetWriteOptions {
    /** Data page format. */
    public enum PageVersion {
        V1,
        V2
    }

    private PageVersion pageVersion = PageVersion.V1;
    private Compression compression = Compression.UNCOMPRESSED;
    private int pageSize = 1 << 20;
    private int pageRowLimit = 20_000;
    private long rowGroupSize = 128L << 20;
    private boolean crc = true;
    private boolean syncOnClose;
    private boolean dictionary = true;
    private int maxDictionaryBytes = DictionaryWriter.DEFAULT_MAX_DICTIONARY_BYTE_SIZE;
    private int columnIndexTruncateLength = DEFAULT_COLUMN_INDEX_TRUNCATE_LENGTH;
    private Map<String, ParquetEncoding> encodings = Map.of();
    private Set<String> noDictionary = Set.of();
    /** Column name to the encoding its dictionary falls back to (and its pages use without one). */
    private Map<String, ParquetEncoding> fallbacks = Map.of();

    private Map<String, String> keyValueMetadata = Map.of();
    private String schemaName = "schema";
    /** Column name to the bitset size of its Bloom filters. */
    private Map<String, Integer> bloomFilters = Map.of();

    private Kernels kernels = KernelProvider.best();
    private java.util.concurrent.ForkJoinPool pool;

    /** The defaults. */
    public static ParquetWriteOptions defaults() {
        return new ParquetWriteOptions();
    }

    private ParquetWriteOptions copy() {
        ParquetWriteOptions o = new ParquetWriteOptions();
        o.pageVersion = pageVersion;
        o.compression = compression;
        o.pageSize = pageSize;
        o.pageRowLimit = pageRowLimit;
        o.rowGroupSize = rowGroupSize;
        o.crc = crc;
        o.dictionary = dictionary;
        o.maxDictionaryBytes = maxDictionaryBytes;
        o.columnIndexTruncateLength = columnIndexTruncateLength;
        o.encodings = encodings;
        o.noDictionary = noDictionary;
        o.fallbacks = fallbacks;
        o.keyValueMetadata = keyValueMetadata;
        o.schemaName = schemaName;
        o.bloomFilters = bloomFilters;
        o.kernels = kernels;
        o.pool = pool;
        o.syncOnClose = syncOnClose;
        return o;
    }

    /**
     * Encodes and compresses columns in parallel on {@code pool} ({@code null}: on the calling thread),
     * and writes a finished row group to the stream on it while the next one is encoded. The file is
     * byte for byte the same for any pool and thread count.
     */
    public ParquetWriteOptions withPool(java.util.concurrent.ForkJoinPool pool) {
        ParquetWriteOptions o = copy();
        o.pool = pool;
        return o;
    }

    /** The pool columns are encoded on, or {@code null}. */
    public java.util.concurrent.ForkJoinPool pool() {
        return pool;
    }

    public ParquetWriteOptions withPageVersion(PageVersion v) {
        ParquetWriteOptions o = copy();
        o.pageVersion = Objects.requireNonNull(v);
        return o;
    }

    public ParquetWriteOptions withCompression(Compression c) {
        if (!c.parquetWritable()) {
            throw new IllegalArgumentException("Parquet files cannot be written with " + c);
        }
        ParquetWriteOptions o = copy();
        o.compression = c;
        return o;
    }

    /** Largest {@link #withPageSize}: pages stay well below the 1 GiB readers refuse by default. */
    public static final int MAX_PAGE_SIZE = 256 << 20;

    /** Target uncompressed (PLAIN-equivalent) size of one data page, 1 byte to {@value #MAX_PAGE_SIZE}. */
    public ParquetWriteOptions withPageSize(int bytes) {
        if (bytes < 1 || bytes > MAX_PAGE_SIZE) {
            throw new IllegalArgumentException("page size must be in [1, " + MAX_PAGE_SIZE + "], got " + bytes);
        }
        ParquetWriteOptions o = copy();
        o.pageSize = bytes;
        return o;
    }

    /** Most rows per data page. */
    public ParquetWriteOptions withPageRowLimit(int rows) {
        if (rows < 1) {
            throw new IllegalArgumentException("page row limit must be >= 1");
        }
        ParquetWriteOptions o = copy();
        o.pageRowLimit = rows;
        return o;
    }

    /** Target buffered size of one row group; a row group is cut once its buffered size reaches it. */
    public ParquetWriteOptions withRowGroupSize(long bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("row group size must be >= 1");
        }
        ParquetWriteOptions o = copy();
        o.rowGroupSize = bytes;
        return o;
    }

    /** The default of {@link #withColumnIndexTruncateLength}, as parquet-java's. */
    public static final int DEFAULT_COLUMN_INDEX_TRUNCATE_LENGTH = 64;

    /**
     * Longest page bound, in bytes, of a BYTE_ARRAY column's ColumnIndex: a longer minimum is cut to a
     * prefix (at a UTF-8 character boundary for strings), a longer maximum to a prefix whose last byte
     * that can be raised is raised (an ASCII character for strings), so the bounds still hold every value
     * of the page; a maximum that cannot be raised that way is kept whole. Chunk statistics are not
     * truncated, nor are FIXED_LEN_BYTE_ARRAY bounds (a shorter bound is no value of the type) or DECIMAL
     * bytes (signed order).
     */
    public ParquetWriteOptions withColumnIndexTruncateLength(int bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("column index truncate length must be >= 1, got " + bytes);
        }
        ParquetWriteOptions o = copy();
        o.columnIndexTruncateLength = bytes;
        return o;
    }

    /**
     * Whether {@code close()} of a writer made by {@link ParquetFileWriter#create} forces the file to the
     * storage device (fsync) before closing it (default false: the file is left to the operating system's
     * write-back).
     */
    public ParquetWriteOptions withSyncOnClose(boolean on) {
        ParquetWriteOptions o = copy();
        o.syncOnClose = on;
        return o;
    }

    public ParquetWriteOptions withCrc(boolean on) {
        ParquetWriteOptions o = copy();
        o.crc = on;
        return o;
    }

    /** Dictionary encoding for every column whose default uses it. */
    public ParquetWriteOptions withDictionary(boolean on) {
        ParquetWriteOptions o = copy();
        o.dictionary = on;
        return o;
    }

    public ParquetWriteOptions withMaxDictionaryBytes(int bytes) {
        ParquetWriteOptions o = copy();
        o.maxDictionaryBytes = bytes;
        return o;
    }

    /**
     * Writes column {@code name} in {@code encoding}: a dictionary encoding (PLAIN_DICTIONARY or
     * RLE_DICTIONARY) forces dictionary encoding with fallback, any other encoding disables it.
     */
    public ParquetWriteOptions withEncoding(String name, ParquetEncoding encoding) {
        ParquetWriteOptions o = copy();
        Map<String, ParquetEncoding> m = new HashMap<>(encodings);
        m.put(name, encoding);
        o.encodings = Map.copyOf(m);
        return o;
    }

    /**
     * Column {@code name}'s dictionary falls back to {@code encoding} instead of the page version's
     * default, and its pages use it when it has no dictionary. An explicit {@link #withEncoding} other
     * than a dictionary one takes precedence. A dictionary falls back to PLAIN or to its type's delta
     * encoding (DELTA_BINARY_PACKED for INT32 and INT64, DELTA_BYTE_ARRAY for byte arrays); the writer
     * refuses others.
     */
    public ParquetWriteOptions withFallbackEncoding(String name, ParquetEncoding encoding) {
        Objects.requireNonNull(name, "name");
        if (encoding.usesDictionary()) {
            throw new IllegalArgumentException(
                    "column " + name + ": a dictionary falls back to a non-dictionary encoding, not " + encoding);
        }
        ParquetWriteOptions o = copy();
        Map<String, ParquetEncoding> m = new HashMap<>(fallbacks);
        m.put(name, encoding);
        o.fallbacks = Map.copyOf(m);
        return o;
    }

    /** Writes column {@code name} without dictionary. */
    public ParquetWriteOptions withoutDictionary(String name) {
        ParquetWriteOptions o = copy();
        Set<String> s = new HashSet<>(noDictionary);
        s.add(name);
        o.noDictionary = Set.copyOf(s);
        return o;
    }

    /**
     * The largest Bloom filter {@link #withBloomFilter} sizes: 1 MiB, parquet-java's default ({@code
     * parquet.bloom.filter.max.bytes}). A writer holds every row group's filters until it closes.
     */
    public static final int DEFAULT_BLOOM_FILTER_MAX_BYTES = 1 << 20;

    /**
     * Writes a split block Bloom filter of column {@code name} for each row group, sized for {@code
     * distinctValues} distinct values (per row group) at false positive probability {@code fpp} (see
     * {@link SplitBlockBloomFilter#optimalBytes}, at most {@value #DEFAULT_BLOOM_FILTER_MAX_BYTES} bytes,
     * as parquet-java sizes them by default; {@link #withBloomFilterOfSize} takes up to {@value
     * SplitBlockBloomFilter#MAX_BYTES}). Values are hashed as parquet-java hashes them (FLOAT and DOUBLE by
     * their bits: -0.0 is not 0.0). A writer refuses a name its schema does not have, or a BOOLEAN column.
     */
    public ParquetWriteOptions withBloomFilter(String name, long distinctValues, double fpp) {
        return withBloomFilterOfSize(
                name, SplitBlockBloomFilter.optimalBytes(distinctValues, fpp, DEFAULT_BLOOM_FILTER_MAX_BYTES));
    }

    /**
     * As {@link #withBloomFilter(String, long, double)}, with a bitset of {@code bytes} bytes (a power of
     * two in [{@value SplitBlockBloomFilter#MIN_BYTES}, {@value SplitBlockBloomFilter#MAX_BYTES}]).
     */
    public ParquetWriteOptions withBloomFilterOfSize(String name, int bytes) {
        if (!SplitBlockBloomFilter.validSize(bytes)) {
            throw new IllegalArgumentException("a Bloom filter of a power of two bytes in ["
                    + SplitBlockBloomFilter.MIN_BYTES + ", " + SplitBlockBloomFilter.MAX_BYTES + "], got " + bytes);
        }
        ParquetWriteOptions o = copy();
        Map<String, Integer> m = new HashMap<>(bloomFilters);
        m.put(Objects.requireNonNull(name), bytes);
        o.bloomFilters = Map.copyOf(m);
        return o;
    }

    /** The bitset size of {@code column}'s Bloom filters, or 0 for none. */
    int bloomFilterBytes(String column) {
        return bloomFilters.getOrDefault(column, 0);
    }

    /** The columns named by {@link #withEncoding}, {@link #withFallbackEncoding} and {@link #withoutDictionary}. */
    java.util.Set<String> namedColumns() {
        java.util.Set<String> s = new HashSet<>(encodings.keySet());
        s.addAll(noDictionary);
        s.addAll(fallbacks.keySet());
        return s;
    }

    /** The columns with Bloom filters. */
    java.util.Set<String> bloomFilterColumns() {
        return bloomFilters.keySet();
    }

    /** Key-value metadata written to the footer. */
    public ParquetWriteOptions withKeyValueMetadata(Map<String, String> kv) {
        for (Map.Entry<String, String> e : kv.entrySet()) {
            if (e.getKey() == null) {
                throw new IllegalArgumentException(
                        "a key-value metadata entry without a key (value " + e.getValue() + ")");
            }
            dev.colcodec.format.io.Utf8.checkEncodable(e.getKey(), "a key-value metadata key");
            dev.colcodec.format.io.Utf8.checkEncodable(e.getValue(), "the key-value metadata value of " + e.getKey());
        }
        ParquetWriteOptions o = copy();
        o.keyValueMetadata = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(kv));
        return o;
    }

    /** The name of the schema's root element (default {@code "schema"}, as parquet-java writes it). */
    public ParquetWriteOptions withSchemaName(String name) {
        dev.colcodec.format.io.Utf8.checkEncodable(Objects.requireNonNull(name, "name"), "a schema name");
        ParquetWriteOptions o = copy();
        o.schemaName = name;
        return o;
    }

    public String schemaName() {
        return schemaName;
    }

    public ParquetWriteOptions withKernels(Kernels k) {
        ParquetWriteOptions o = copy();
        o.kernels = Objects.requireNonNull(k);
        return o;
    }

    public PageVersion pageVersion() {
        return pageVersion;
    }

    public Compression compression() {
        return compression;
    }

    public int pageSize() {
        return pageSize;
    }

    public int pageRowLimit() {
        return pageRowLimit;
    }

    public long rowGroupSize() {
        return rowGroupSize;
    }

    public boolean crc() {
        return crc;
    }

    public boolean syncOnClose() {
        return syncOnClose;
    }

    public int columnIndexTruncateLength() {
        return columnIndexTruncateLength;
    }

    public int maxDictionaryBytes() {
        return maxDictionaryBytes;
    }

    public Map<String, String> keyValueMetadata() {
        return keyValueMetadata;
    }

    public Kernels kernels() {
        return kernels;
    }

    /** The explicit encoding of a column, or {@code null}. */
    public ParquetEncoding encoding(String column) {
        return encodings.get(column);
    }

    /** Whether {@code column} is dictionary-encoded (with fallback). */
    public boolean usesDictionary(ParquetColumn column) {
        ParquetEncoding e = encodings.get(column.name());
        if (e != null) {
            return e.usesDictionary();
        }
        if (!dictionary || noDictionary.contains(column.name())) {
            return false;
        }
        switch (column.type()) {
            case BOOLEAN:
                return false;
            case FIXED_LEN_BYTE_ARRAY:
                return pageVersion == PageVersion.V2;
            default:
                return true;
        }
    }

    /** The encoding of a column's pages when it does not use a dictionary. */
    public ParquetEncoding plainEncoding(ParquetColumn column) {
        ParquetEncoding e = encodings.get(column.name());
        if (e != null && !e.usesDictionary()) {
            return e;
        }
        return fallbackEncoding(column);
    }

    /**
     * The encoding a column's dictionary falls back to: the one {@link #withFallbackEncoding} gave, else
     * the page version's default (as parquet-java's writers choose it).
     */
    public ParquetEncoding fallbackEncoding(ParquetColumn column) {
        ParquetEncoding f = fallbacks.get(column.name());
        if (f != null) {
            return f;
        }
        if (pageVersion == PageVersion.V2) {
            // parquet-java's V2 writer: its dictionary fallbacks, also used when there is no dictionary
            return column.type() == dev.colcodec.parquet.PhysicalType.BOOLEAN
                    ? ParquetEncoding.RLE
                    : ParquetValues.defaultFallback(column.type(), DictionaryFlavor.V2_RLE_DICTIONARY);
        }
        return ParquetEncoding.PLAIN;
    }
}
