package dev.colcodec.format.parquet;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.io.ByteIO;
import dev.colcodec.io.ByteSink;
import dev.colcodec.io.InPlacePage;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.ParquetValues;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.parquet.dictionary.DictionaryFlavor;
import dev.colcodec.parquet.dictionary.DictionaryWriter;
import dev.colcodec.parquet.rle.RleFraming;
import dev.colcodec.parquet.rle.RleHybridWriter;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesWriter;
import dev.colcodec.values.BooleanValuesWriter;
import dev.colcodec.values.DoubleValuesWriter;
import dev.colcodec.values.FloatValuesWriter;
import dev.colcodec.values.IntValuesWriter;
import dev.colcodec.values.LongValuesWriter;
import dev.colcodec.values.ValuesWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Encodes one flat (REQUIRED or OPTIONAL, non-repeated) column into column chunks: data pages cut by
 * {@link ParquetWriteOptions#pageSize()} (PLAIN-equivalent size) and {@link
 * ParquetWriteOptions#pageRowLimit()}, a dictionary page first when the dictionary was used, and chunk
 * statistics.
 *
 * <p>Input is <em>spaced</em>: {@link #write} takes the column's array ({@code int[]} for INT32, {@code
 * long[]} for INT64, {@code float[]}, {@code double[]}, {@code boolean[]}, or a {@link BinaryBatch} for
 * BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY and INT96) and optional null flags, both indexed by row; the value at
 * a null row is ignored. {@link #finish()} returns the chunk of everything written since the previous
 * call.
 */
public final class ColumnChunkWriter {
    private static final int STEP = 512;

    /**
     * One finished column chunk and what the footer needs. Its bytes are the dictionary page (empty if
     * none) followed by {@code dataPages}; the chunk owns both.
     */
    public record Chunk(
            byte[] dictionaryPage,
            PageSlabs dataPages,
            long valueCount,
            long uncompressedSize,
            Set<ParquetEncoding> encodings,
            ColumnStatistics statistics,
            List<PageInfo> pages,
            SplitBlockBloomFilter bloomFilter,
            List<PageEncodingCount> encodingStats) {
        /**
         * Bytes of the BYTE_ARRAY values of the chunk without their length prefixes (Parquet's {@code
         * unencoded_byte_array_data_bytes}); -1 for other types.
         */
        public long unencodedByteArrayBytes() {
            long sum = 0;
            for (PageInfo p : pages) {
                if (p.unencodedByteArrayBytes() < 0) {
                    return -1;
                }
                sum += p.unencodedByteArrayBytes();
            }
            return sum;
        }

        /** Bytes of the dictionary page (header included), 0 if none. */
        public int dictionaryPageSize() {
            return dictionaryPage.length;
        }

        /** Bytes of the whole chunk. */
        public int size() {
            return (int) (dictionaryPage.length + dataPages.size());
        }

        /** The chunk's bytes in a new array (the file writer writes them with {@link #writeTo} instead). */
        public byte[] bytes() {
            byte[] b = Arrays.copyOf(dictionaryPage, size());
            dataPages.copyTo(b, dictionaryPage.length);
            return b;
        }

        /** Writes the chunk's bytes to {@code out}. */
        public void writeTo(OutputStream out) throws IOException {
            out.write(dictionaryPage);
            dataPages.writeTo(out);
        }
    }

    /**
     * One data page of a chunk: offset of its header within {@link Chunk#bytes()}, header plus body
     * size, index of its first row in the chunk, its statistics (for the column index), and the bytes of
     * its BYTE_ARRAY values without length prefixes (-1 for other types; for the offset index).
     */
    public record PageInfo(
            int offset, int size, long firstRow, int rows, ColumnStatistics statistics, long unencodedByteArrayBytes) {}

    /**
     * How many pages of a chunk have one page type and encoding (Parquet's {@code PageEncodingStats}):
     * {@code dictionaryPage} for the dictionary page, else data pages (V1 or V2 as the chunk's pages are).
     */
    public record PageEncodingCount(boolean dictionaryPage, ParquetEncoding encoding, int count) {}

    private final ParquetColumn column;
    private final PhysicalType type;
    /** The order of the column's min and max (signed for DECIMAL bytes). */
    private final ColumnStatistics.Order order;
    /**
     * XORed into INT32/INT64 values before their signed min/max and out of it after: the sign bit for
     * unsigned integers (so that signed order is their unsigned order), else 0.
     */
    private final int intFlip;

    private final long longFlip;

    private final ParquetWriteOptions options;
    /** The open chunk's Bloom filter, made at its first value; null before and without one. */
    private SplitBlockBloomFilter bloom;
    /** Its size in bytes (0: none). */
    private final int bloomBytes;

    private final Compression codec;
    private final boolean v2;
    private final ValuesWriter values;
    private final DictionaryWriter dictionary;
    private final ParquetEncoding plainEncoding;
    private final RleHybridWriter levelWriter;
    /**
     * INT32/INT64 dictionary columns: the first page of each chunk is held back while its values are all
     * distinct ({@link DistinctProbe}); {@code null} otherwise.
     */
    private final DistinctProbe probe;
    /** With {@link #probe}: the writer of the fallback encoding, used once the probe decided. */
    private final ValuesWriter fallbackWriter;
    /** The open page is the chunk's first and the probe holds all its values. */
    private boolean probing;
    /** The chunk's first page had only distinct values: every page of the chunk goes to the fallback writer. */
    private boolean fellBackEarly;
    /** PLAIN bytes of the open page's values while probing or fallen back early (the dictionary's count). */
    private long rawInPage;
    /** Data pages of the open chunk (a finished chunk takes them). */
    private PageSlabs pages;
    /** Where the data pages' slabs come from (see {@link SlabRecycler}); null: new ones only. */
    private final SlabRecycler recycler;

    private final ParquetPages pageWriter;
    private final EnumSet<ParquetEncoding> encodings = EnumSet.noneOf(ParquetEncoding.class);
    /** Data pages of the open chunk per encoding, in the order the encodings first appeared (as parquet-java's). */
    private final Map<ParquetEncoding, int[]> dataPageEncodings = new LinkedHashMap<>();
    /** BYTE_ARRAY: bytes of the open page's non-null values, without length prefixes. */
    private long unencodedInPage;

    private long uncompressed;
    private long chunkValues;
    private final List<PageInfo> pageInfos = new ArrayList<>();
    private long chunkNulls;
    private byte[] chunkMin;
    private byte[] chunkMax;
    /**
     * INT96 has no order, so no min and max, but parquet-java writes the bounds of a chunk whose values are
     * all equal: the chunk's first value, and whether another differs.
     */
    private byte[] int96Value;

    private boolean int96Varied;

    private int[] defs = new int[STEP];
    private int rowsInPage;
    private int nullsInPage;

    private final int[] intScratch;
    private final long[] longScratch;
    private final float[] floatScratch;
    private final double[] doubleScratch;
    private final boolean[] boolScratch;

    /** {@link #minI} and {@link #maxI} handed to the kernels. */
    private final int[] intMinMax = new int[2];

    private final long[] longMinMax = new long[2];
    private final float[] floatMinMax = new float[2];
    private final double[] doubleMinMax = new double[2];
    private long nullCount;
    private boolean seen;
    private int minI;
    private int maxI;
    private long minL;
    private long maxL;
    private float minF;
    private float maxF;
    private double minD;
    private double maxD;
    private boolean sawFalse;
    private boolean sawTrue;
    private byte[] minB;
    private byte[] maxB;
    /** {@link #prefix} of {@code minB} and {@code maxB}. */
    private long minPrefix;

    private long maxPrefix;

    public ColumnChunkWriter(ParquetColumn column, ParquetWriteOptions options) {
        this(column, options, true, null);
    }

    /**
     * {@code earlyFallback}: whether INT32/INT64 dictionary columns use {@link DistinctProbe} (the bytes
     * are the same either way; tests compare both); {@code recycler}: where the data pages' slabs come
     * from, for a file writer that recycles the slabs of the chunks it has written (null: none).
     */
    ColumnChunkWriter(ParquetColumn column, ParquetWriteOptions options, boolean earlyFallback, SlabRecycler recycler) {
        if (column.maxRepetitionLevel() > 0 || column.maxDefinitionLevel() > 1) {
            throw new IllegalArgumentException("only flat REQUIRED/OPTIONAL columns are written: " + column);
        }
        this.column = column;
        this.recycler = recycler;
        this.pages = new PageSlabs(recycler);
        this.type = column.type();
        this.order = ColumnStatistics.Order.of(column);
        boolean unsigned = order == ColumnStatistics.Order.UNSIGNED_INTEGER;
        this.intFlip = unsigned ? Integer.MIN_VALUE : 0;
        this.longFlip = unsigned ? Long.MIN_VALUE : 0;
        this.options = options;
        this.bloomBytes = type == PhysicalType.BOOLEAN ? 0 : options.bloomFilterBytes(column.name());
        this.codec = options.compression();
        this.v2 = options.pageVersion() == ParquetWriteOptions.PageVersion.V2;
        this.pageWriter =
                new ParquetPages(codec, options.crc(), ParquetPages.PlainValues.of(column.type()), options.kernels());
        if (options.usesDictionary(column)) {
            DictionaryFlavor flavor = flavor(options.encoding(column.name()), v2);
            dictionary = ParquetValues.newDictionaryWriter(
                    type,
                    column.typeLength(),
                    flavor,
                    options.maxDictionaryBytes(),
                    options.fallbackEncoding(column),
                    options.kernels());
            values = dictionary;
            plainEncoding = dictionary.fallbackEncoding();
        } else {
            dictionary = null;
            plainEncoding = options.plainEncoding(column);
            values = newWriter(plainEncoding);
        }
        if (dictionary != null && earlyFallback && (type == PhysicalType.INT32 || type == PhysicalType.INT64)) {
            probe = new DistinctProbe(options.pageRowLimit());
            fallbackWriter = newWriter(dictionary.fallbackEncoding());
            probing = true;
        } else {
            probe = null;
            fallbackWriter = null;
        }
        levelWriter = column.maxDefinitionLevel() > 0
                ? new RleHybridWriter(1, v2 ? RleFraming.UNPREFIXED : RleFraming.LENGTH_PREFIXED, options.kernels())
                : null;
        intScratch = type == PhysicalType.INT32 ? new int[STEP] : null;
        longScratch = type == PhysicalType.INT64 ? new long[STEP] : null;
        floatScratch = type == PhysicalType.FLOAT ? new float[STEP] : null;
        doubleScratch = type == PhysicalType.DOUBLE ? new double[STEP] : null;
        boolScratch = type == PhysicalType.BOOLEAN ? new boolean[STEP] : null;
    }

    /**
     * A writer of {@code encoding} for the column's type (PLAIN and DELTA pages are taken in place: see
     * {@link #flushPage}).
     */
    private ValuesWriter newWriter(ParquetEncoding encoding) {
        return ParquetValues.newWriter(encoding, type, column.typeLength(), options.kernels());
    }

    private static DictionaryFlavor flavor(ParquetEncoding explicit, boolean v2) {
        if (explicit == ParquetEncoding.PLAIN_DICTIONARY) {
            return DictionaryFlavor.V1_PLAIN_DICTIONARY;
        }
        if (explicit == ParquetEncoding.RLE_DICTIONARY) {
            return DictionaryFlavor.V2_RLE_DICTIONARY;
        }
        return v2 ? DictionaryFlavor.V2_RLE_DICTIONARY : DictionaryFlavor.V1_PLAIN_DICTIONARY;
    }

    public ParquetColumn column() {
        return column;
    }

    /** Bytes of finished pages plus the estimated size of the open page. */
    public long bufferedSize() {
        return pages.size() + valueBytes();
    }

    /** The page-cutting size of the open page's values (as the dictionary writer would count them). */
    private long valueBytes() {
        return probing || fellBackEarly ? rawInPage : values.bufferedSize();
    }

    /**
     * Appends rows {@code [from, from + len)}: values from {@code values} (see the class comment), null
     * where {@code nulls} is set ({@code nulls} may be {@code null}: no nulls). Refused before any row is
     * taken, so the chunk stays as it was: a range outside {@code Integer.MAX_VALUE} rows ({@link
     * IndexOutOfBoundsException}), and ({@link IllegalArgumentException}) values that are not the column's
     * array type, fewer values or null flags than rows, a null in a REQUIRED column, or a
     * FIXED_LEN_BYTE_ARRAY or INT96 value of another length.
     */
    public void write(Object values, boolean[] nulls, int from, int len) {
        check(values, nulls, from, len);
        append(values, nulls, from, len);
    }

    /** Throws what {@link #write} refuses, for rows {@code [from, from + len)}; takes no row. */
    void check(Object values, boolean[] nulls, int from, int len) {
        Objects.checkFromIndexSize(from, len, Integer.MAX_VALUE);
        checkArray(values, from + len);
        if (nulls != null) {
            if (nulls.length < from + len) {
                throw new IllegalArgumentException(
                        "column " + column.name() + " has " + nulls.length + " null flags, needs " + (from + len));
            }
            if (column.maxDefinitionLevel() == 0) {
                for (int i = from; i < from + len; i++) {
                    if (nulls[i]) {
                        throw new IllegalArgumentException("null in REQUIRED column " + column.name() + " at row " + i);
                    }
                }
            }
        }
        int fixed =
                type == PhysicalType.INT96 ? 12 : type == PhysicalType.FIXED_LEN_BYTE_ARRAY ? column.typeLength() : -1;
        if (fixed >= 0) {
            BinaryBatch b = (BinaryBatch) values;
            for (int i = from; i < from + len; i++) {
                if ((nulls == null || !nulls[i]) && b.length(i) != fixed) {
                    throw new IllegalArgumentException("column " + column.name() + " holds " + fixed
                            + "-byte values; row " + i + " has " + b.length(i) + " bytes");
                }
            }
        }
    }

    /** {@link #write} of rows {@link #check} accepted. */
    void append(Object values, boolean[] nulls, int from, int len) {
        if (column.maxDefinitionLevel() == 0) {
            nulls = null;
        }
        if (bloomBytes > 0) {
            if (bloom == null) {
                bloom = SplitBlockBloomFilter.empty(bloomBytes);
            }
            addToBloom(values, nulls, from, len);
        }
        int i = from;
        int stop = from + len;
        while (i < stop) {
            int step = Math.min(Math.min(stop - i, STEP), options.pageRowLimit() - rowsInPage);
            if (values instanceof BinaryBatch b) {
                // large values: a step of rows may not take the page past twice its size (with STEP rows of
                // megabyte strings a page would pass what readers accept, 1 GiB, or an array's 2 GiB)
                step = stepWithin(b, nulls, i, step, 2L * options.pageSize() - valueBytes());
            }
            segment(values, nulls, i, step);
            i += step;
            if (rowsInPage >= options.pageRowLimit() || valueBytes() >= options.pageSize()) {
                flushPage();
            }
        }
    }

    /**
     * The rows from {@code from}, at most {@code step}, whose values (with 4-byte length prefixes) fit in
     * {@code room} bytes; at least one row.
     */
    private static int stepWithin(BinaryBatch b, boolean[] nulls, int from, int step, long room) {
        // values are contiguous in the batch: their bytes (null rows' too) bound the step's at once
        if (b.offset(from + step) - (long) b.offset(from) + 4L * step <= room) {
            return step;
        }
        long bytes = 0;
        int[] o = b.offsets();
        for (int k = 0; k < step; k++) {
            if (nulls == null || !nulls[from + k]) {
                bytes += 4L + o[from + k + 1] - o[from + k];
                if (bytes > room) {
                    return Math.max(1, k);
                }
            }
        }
        return step;
    }

    /** Adds the non-null values of {@code v[from, from + n)} to the chunk's Bloom filter: one loop per type. */
    private void addToBloom(Object v, boolean[] nulls, int from, int n) {
        SplitBlockBloomFilter f = bloom;
        int end = from + n;
        switch (type) {
            case INT32: {
                int[] a = (int[]) v;
                for (int i = from; i < end; i++) {
                    if (nulls == null || !nulls[i]) {
                        f.insert(SplitBlockBloomFilter.hash(a[i]));
                    }
                }
                break;
            }
            case INT64: {
                long[] a = (long[]) v;
                for (int i = from; i < end; i++) {
                    if (nulls == null || !nulls[i]) {
                        f.insert(SplitBlockBloomFilter.hash(a[i]));
                    }
                }
                break;
            }
            case FLOAT: {
                float[] a = (float[]) v;
                for (int i = from; i < end; i++) {
                    if (nulls == null || !nulls[i]) {
                        f.insert(SplitBlockBloomFilter.hash(a[i]));
                    }
                }
                break;
            }
            case DOUBLE: {
                double[] a = (double[]) v;
                for (int i = from; i < end; i++) {
                    if (nulls == null || !nulls[i]) {
                        f.insert(SplitBlockBloomFilter.hash(a[i]));
                    }
                }
                break;
            }
            default: {
                BinaryBatch b = (BinaryBatch) v;
                byte[] data = b.data();
                int[] o = b.offsets();
                for (int i = from; i < end; i++) {
                    if (nulls == null || !nulls[i]) {
                        f.insert(SplitBlockBloomFilter.hash(data, o[i], o[i + 1] - o[i]));
                    }
                }
                break;
            }
        }
    }

    private void checkArray(Object v, int needed) {
        int have;
        if (v instanceof int[] && type == PhysicalType.INT32) {
            have = ((int[]) v).length;
        } else if (v instanceof long[] && type == PhysicalType.INT64) {
            have = ((long[]) v).length;
        } else if (v instanceof float[] && type == PhysicalType.FLOAT) {
            have = ((float[]) v).length;
        } else if (v instanceof double[] && type == PhysicalType.DOUBLE) {
            have = ((double[]) v).length;
        } else if (v instanceof boolean[] && type == PhysicalType.BOOLEAN) {
            have = ((boolean[]) v).length;
        } else if (v instanceof BinaryBatch
                && (type == PhysicalType.BYTE_ARRAY
                        || type == PhysicalType.FIXED_LEN_BYTE_ARRAY
                        || type == PhysicalType.INT96)) {
            have = ((BinaryBatch) v).count();
        } else {
            throw new IllegalArgumentException(
                    "column " + column.name() + " is " + type + ": its values are " + expectedArray() + ", not "
                            + (v == null ? "null" : v.getClass().getSimpleName()));
        }
        if (have < needed) {
            throw new IllegalArgumentException("column " + column.name() + " has " + have + " values, needs " + needed);
        }
    }

    /** The array type {@link #write} takes for this column. */
    private String expectedArray() {
        switch (type) {
            case INT32:
                return "int[]";
            case INT64:
                return "long[]";
            case FLOAT:
                return "float[]";
            case DOUBLE:
                return "double[]";
            case BOOLEAN:
                return "boolean[]";
            default:
                return "a BinaryBatch";
        }
    }

    private void segment(Object v, boolean[] nulls, int from, int n) {
        if (levelWriter != null) {
            if (defs.length < rowsInPage + n) {
                defs = Arrays.copyOf(defs, Math.max(rowsInPage + n, defs.length * 2));
            }
            int nn = 0;
            for (int j = 0; j < n; j++) {
                boolean isNull = nulls != null && nulls[from + j];
                defs[rowsInPage + j] = isNull ? 0 : 1;
                nn += isNull ? 1 : 0;
            }
            nullsInPage += nn;
            nullCount += nn;
        }
        rowsInPage += n;
        chunkValues += n;
        switch (type) {
            case INT32: {
                int[] src = (int[]) v;
                if (nulls == null) {
                    // no nulls: the encoder takes the caller's array as it is
                    intMinMax(src, from, n);
                    writeInts(src, from, n);
                    break;
                }
                int k = 0;
                for (int j = from; j < from + n; j++) {
                    if (!nulls[j]) {
                        intScratch[k++] = src[j];
                    }
                }
                intMinMax(intScratch, 0, k);
                writeInts(intScratch, 0, k);
                break;
            }
            case INT64: {
                long[] src = (long[]) v;
                if (nulls == null) {
                    longMinMax(src, from, n);
                    writeLongs(src, from, n);
                    break;
                }
                int k = 0;
                for (int j = from; j < from + n; j++) {
                    if (!nulls[j]) {
                        longScratch[k++] = src[j];
                    }
                }
                longMinMax(longScratch, 0, k);
                writeLongs(longScratch, 0, k);
                break;
            }
            case FLOAT: {
                float[] src = (float[]) v;
                if (nulls == null) {
                    floatMinMax(src, from, n);
                    ((FloatValuesWriter) values).writeFloats(src, from, n);
                    break;
                }
                int k = 0;
                for (int j = from; j < from + n; j++) {
                    if (!nulls[j]) {
                        floatScratch[k++] = src[j];
                    }
                }
                floatMinMax(floatScratch, 0, k);
                ((FloatValuesWriter) values).writeFloats(floatScratch, 0, k);
                break;
            }
            case DOUBLE: {
                double[] src = (double[]) v;
                if (nulls == null) {
                    doubleMinMax(src, from, n);
                    ((DoubleValuesWriter) values).writeDoubles(src, from, n);
                    break;
                }
                int k = 0;
                for (int j = from; j < from + n; j++) {
                    if (!nulls[j]) {
                        doubleScratch[k++] = src[j];
                    }
                }
                doubleMinMax(doubleScratch, 0, k);
                ((DoubleValuesWriter) values).writeDoubles(doubleScratch, 0, k);
                break;
            }
            case BOOLEAN: {
                boolean[] src = (boolean[]) v;
                int k = 0;
                for (int j = from; j < from + n; j++) {
                    if (nulls == null || !nulls[j]) {
                        boolean x = src[j];
                        boolScratch[k++] = x;
                        sawTrue |= x;
                        sawFalse |= !x;
                    }
                }
                ((BooleanValuesWriter) values).writeBooleans(boolScratch, 0, k);
                break;
            }
            default:
                writeBinaries((BinaryBatch) v, nulls, from, n);
                break;
        }
    }

    /**
     * Takes the non-NaN values of {@code v[off, off + n)} into the page's minimum and maximum, in numeric
     * order (a zero bound of either sign: the bounds written make a zero minimum -0.0 and a zero maximum
     * 0.0).
     */
    private void floatMinMax(float[] v, int off, int n) {
        floatMinMax[0] = seen ? minF : Float.POSITIVE_INFINITY;
        floatMinMax[1] = seen ? maxF : Float.NEGATIVE_INFINITY;
        options.kernels().minMax(v, off, n, floatMinMax);
        minF = floatMinMax[0];
        maxF = floatMinMax[1];
        // bounds crossed: only NaN so far
        seen = minF <= maxF;
    }

    /** As {@link #floatMinMax} for DOUBLE values. */
    private void doubleMinMax(double[] v, int off, int n) {
        doubleMinMax[0] = seen ? minD : Double.POSITIVE_INFINITY;
        doubleMinMax[1] = seen ? maxD : Double.NEGATIVE_INFINITY;
        options.kernels().minMax(v, off, n, doubleMinMax);
        minD = doubleMinMax[0];
        maxD = doubleMinMax[1];
        seen = minD <= maxD;
    }

    /** Takes {@code v[off, off + n)} into the page's minimum and maximum (in the column's order). */
    private void intMinMax(int[] v, int off, int n) {
        if (n == 0) {
            return;
        }
        if (!seen) {
            minI = v[off] ^ intFlip;
            maxI = minI;
            seen = true;
        }
        intMinMax[0] = minI;
        intMinMax[1] = maxI;
        options.kernels().minMax(v, off, n, intFlip, intMinMax);
        minI = intMinMax[0];
        maxI = intMinMax[1];
    }

    /** Takes {@code v[off, off + n)} into the page's minimum and maximum (in the column's order). */
    private void longMinMax(long[] v, int off, int n) {
        if (n == 0) {
            return;
        }
        if (!seen) {
            minL = v[off] ^ longFlip;
            maxL = minL;
            seen = true;
        }
        longMinMax[0] = minL;
        longMinMax[1] = maxL;
        options.kernels().minMax(v, off, n, longFlip, longMinMax);
        minL = longMinMax[0];
        maxL = longMinMax[1];
    }

    private void writeInts(int[] v, int off, int n) {
        if (probing) {
            rawInPage += 4L * n;
            int taken = probe.add(v, off, n);
            if (taken == n) {
                return;
            }
            endProbe();
            off += taken;
            n -= taken;
        } else if (fellBackEarly) {
            rawInPage += 4L * n;
            ((IntValuesWriter) fallbackWriter).writeIntegers(v, off, n);
            return;
        }
        ((IntValuesWriter) values).writeIntegers(v, off, n);
    }

    private void writeLongs(long[] v, int off, int n) {
        if (probing) {
            rawInPage += 8L * n;
            int taken = probe.add(v, off, n);
            if (taken == n) {
                return;
            }
            endProbe();
            off += taken;
            n -= taken;
        } else if (fellBackEarly) {
            rawInPage += 8L * n;
            ((LongValuesWriter) fallbackWriter).writeLongs(v, off, n);
            return;
        }
        ((LongValuesWriter) values).writeLongs(v, off, n);
    }

    /** A repeat (or a long page) ends the probe: the held values go to the dictionary writer after all. */
    private void endProbe() {
        probing = false;
        feedProbe(values);
    }

    /** Writes the values the probe holds to {@code w}. */
    private void feedProbe(ValuesWriter w) {
        long[] held = probe.values();
        int count = probe.count();
        if (type == PhysicalType.INT64) {
            ((LongValuesWriter) w).writeLongs(held, 0, count);
            return;
        }
        // not intScratch: the caller may be in the middle of writing it (once per chunk, so a new block)
        int[] block = new int[Math.min(STEP, count)];
        for (int i = 0; i < count; i += STEP) {
            int k = Math.min(STEP, count - i);
            for (int j = 0; j < k; j++) {
                block[j] = (int) held[i + j];
            }
            ((IntValuesWriter) w).writeIntegers(block, 0, k);
        }
    }

    private void writeBinaries(BinaryBatch b, boolean[] nulls, int from, int n) {
        BinaryValuesWriter w = (BinaryValuesWriter) values;
        int[] offs = b.offsets();
        if (type != PhysicalType.BYTE_ARRAY) {
            for (int j = from; j < from + n; j++) {
                int len = offs[j + 1] - offs[j];
                if ((nulls == null || !nulls[j]) && len != column.typeLength()) {
                    throw new IllegalArgumentException("value " + j + " of " + column.name() + " has " + len
                            + " bytes, the column's type length is " + column.typeLength());
                }
            }
        }
        // runs of non-null values go to the encoder's batch write, then the statistics take a second look
        // at the same (cache-hot) values
        for (int j = from, end = from + n; j < end; ) {
            if (nulls != null && nulls[j]) {
                j++;
                continue;
            }
            int run = j + 1;
            while (run < end && (nulls == null || !nulls[run])) {
                run++;
            }
            w.writeBinaries(b, j, run - j);
            unencodedInPage += offs[run] - offs[j];
            if (order != ColumnStatistics.Order.UNDEFINED) {
                binaryStatistics(b.data(), offs, j, run);
            } else if (type == PhysicalType.INT96 && !int96Varied) {
                int96Equality(b.data(), offs, j, run);
            }
            j = run;
        }
    }

    /** Notes whether values {@code [from, to)} all equal the chunk's first INT96 value. */
    private void int96Equality(byte[] data, int[] offs, int from, int to) {
        for (int j = from; j < to && !int96Varied; j++) {
            int off = offs[j];
            if (int96Value == null) {
                int96Value = Arrays.copyOfRange(data, off, off + 12);
            } else if (!Arrays.equals(data, off, off + 12, int96Value, 0, 12)) {
                int96Varied = true;
            }
        }
    }

    /**
     * Folds values {@code [from, to)} into the page's binary min/max. The run's own candidates are kept as
     * indexes and copied once at its end (a sorted column makes every value a new bound).
     */
    private void binaryStatistics(byte[] data, int[] offs, int from, int to) {
        if (order == ColumnStatistics.Order.SIGNED_BINARY && type == PhysicalType.BYTE_ARRAY) {
            signedBinaryStatistics(data, offs, from, to);
            return;
        }
        // the current bounds: minB/maxB (copies), or values of this run (loArr/hiArr == data)
        byte[] loArr = minB;
        int loOff = 0;
        int loEnd = loArr == null ? 0 : loArr.length;
        byte[] hiArr = maxB;
        int hiOff = 0;
        int hiEnd = hiArr == null ? 0 : hiArr.length;
        long loPrefix = minPrefix;
        long hiPrefix = maxPrefix;
        // values of one length (FIXED_LEN_BYTE_ARRAY) compare as two's complement numbers as they compare
        // unsigned once their sign bits are flipped
        long flip = order == ColumnStatistics.Order.SIGNED_BINARY ? Long.MIN_VALUE : 0;
        for (int j = from; j < to; j++) {
            int off = offs[j];
            int end = offs[j + 1];
            // the first 8 bytes (zero-padded) decide most comparisons: if they differ, so do the values, the
            // same way; only equal prefixes need the full comparison
            long prefix = prefix(data, off, end - off) ^ flip;
            if (loArr == null
                    || (prefix != loPrefix
                            ? Long.compareUnsigned(prefix, loPrefix) < 0
                            : Arrays.compareUnsigned(data, off, end, loArr, loOff, loEnd) < 0)) {
                loArr = data;
                loOff = off;
                loEnd = end;
                loPrefix = prefix;
            }
            if (hiArr == null
                    || (prefix != hiPrefix
                            ? Long.compareUnsigned(prefix, hiPrefix) > 0
                            : Arrays.compareUnsigned(data, off, end, hiArr, hiOff, hiEnd) > 0)) {
                hiArr = data;
                hiOff = off;
                hiEnd = end;
                hiPrefix = prefix;
            }
        }
        if (loArr == data) {
            minB = Arrays.copyOfRange(data, loOff, loEnd);
        }
        if (hiArr == data) {
            maxB = Arrays.copyOfRange(data, hiOff, hiEnd);
        }
        minPrefix = loPrefix;
        maxPrefix = hiPrefix;
    }

    /** As {@link #binaryStatistics} for DECIMAL values of any length: big-endian two's complement numbers. */
    private void signedBinaryStatistics(byte[] data, int[] offs, int from, int to) {
        byte[] loArr = minB;
        int loOff = 0;
        int loLen = loArr == null ? 0 : loArr.length;
        byte[] hiArr = maxB;
        int hiOff = 0;
        int hiLen = hiArr == null ? 0 : hiArr.length;
        for (int j = from; j < to; j++) {
            int off = offs[j];
            int len = offs[j + 1] - off;
            if (loArr == null || ColumnStatistics.compareSignedBigEndian(data, off, len, loArr, loOff, loLen) < 0) {
                loArr = data;
                loOff = off;
                loLen = len;
            }
            if (hiArr == null || ColumnStatistics.compareSignedBigEndian(data, off, len, hiArr, hiOff, hiLen) > 0) {
                hiArr = data;
                hiOff = off;
                hiLen = len;
            }
        }
        if (loArr == data) {
            minB = Arrays.copyOfRange(data, loOff, loOff + loLen);
        }
        if (hiArr == data) {
            maxB = Arrays.copyOfRange(data, hiOff, hiOff + hiLen);
        }
    }

    /** The first 8 bytes of {@code data[off, off+len)} as an unsigned big-endian number, zero-padded. */
    static long prefix(byte[] data, int off, int len) {
        if (len >= 8) {
            return ByteIO.getLongBE(data, off);
        }
        long p = 0;
        for (int i = 0; i < 8; i++) {
            p = (p << 8) | (i < len ? data[off + i] & 0xFF : 0);
        }
        return p;
    }

    private void flushPage() {
        if (rowsInPage == 0) {
            return;
        }
        if (probing) {
            // the first page ended without a repeat: the dictionary writer would fall back on it for sure
            probing = false;
            if (probe.count() > 0) {
                fellBackEarly = true;
                feedProbe(fallbackWriter);
            }
        }
        ValuesWriter writer = fellBackEarly ? fallbackWriter : values;
        byte[] vals;
        int valsOffset = 0;
        int valsLength;
        // compressed from the writer's buffer where it can, without the copy toByteArray() makes
        if (writer instanceof InPlacePage p) {
            valsLength = p.finishInPlace();
            vals = p.pageArray();
            valsOffset = p.pageOffset();
        } else {
            vals = writer.toByteArray();
            valsLength = vals.length;
        }
        ParquetEncoding enc = fellBackEarly
                ? dictionary.fallbackEncoding()
                : dictionary != null ? dictionary.encoding() : plainEncoding;
        int pageOffset = (int) pages.size();
        long firstRow = chunkValues - rowsInPage;
        int pageRows = rowsInPage;
        byte[] defBytes = null;
        if (levelWriter != null) {
            levelWriter.reset();
            levelWriter.writeIntegers(defs, 0, rowsInPage);
            defBytes = levelWriter.toByteArray();
        }
        if (!v2) {
            // as parquet-java lists a V1 page's level encodings (a V2 page's levels have none): RLE for
            // definition levels that are there, BIT_PACKED for level sections that are not (repetition
            // levels of a flat column; definition levels of a REQUIRED one), as the page headers say
            encodings.add(ParquetEncoding.BIT_PACKED);
            if (levelWriter != null) {
                encodings.add(ParquetEncoding.RLE);
            }
        }
        ParquetPages.Written w = v2
                ? pageWriter.writeDataPageV2(
                        pages, rowsInPage, nullsInPage, rowsInPage, enc, null, defBytes, vals, valsOffset, valsLength)
                : pageWriter.writeDataPageV1(pages, rowsInPage, enc, null, defBytes, vals, valsOffset, valsLength);
        uncompressed += w.headerSize() + (long) w.uncompressedSize();
        encodings.add(enc);
        dataPageEncodings.computeIfAbsent(enc, e -> new int[1])[0]++;
        ColumnStatistics ps = statistics();
        long unencoded = type == PhysicalType.BYTE_ARRAY ? unencodedInPage : -1;
        pageInfos.add(new PageInfo(pageOffset, w.totalSize(), firstRow, pageRows, ps, unencoded));
        mergeIntoChunk(ps);
        resetPageStatistics();
        writer.reset();
        rawInPage = 0;
        rowsInPage = 0;
        nullsInPage = 0;
        unencodedInPage = 0;
    }

    /** Finishes the current chunk and starts a new one. */
    public Chunk finish() {
        flushPage();
        int dictSize = 0;
        long unc = uncompressed;
        ByteSink dictionaryPage = null;
        List<PageEncodingCount> encodingStats = new ArrayList<>(dataPageEncodings.size() + 1);
        if (dictionary != null) {
            byte[] dp = dictionary.dictionaryPage();
            if (dp != null) {
                dictionaryPage = new ByteSink(dp.length + 64);
                ParquetPages.Written w = pageWriter.writeDictionaryPage(
                        dictionaryPage, dictionary.dictionaryEntryCount(), dictionary.dictionaryPageEncoding(), dp);
                dictSize = w.totalSize();
                unc += w.headerSize() + (long) w.uncompressedSize();
                encodings.add(dictionary.dictionaryPageEncoding());
                encodingStats.add(new PageEncodingCount(true, dictionary.dictionaryPageEncoding(), 1));
            }
            dictionary.resetDictionary();
        }
        byte[] dictionaryBytes = dictionaryPage == null ? new byte[0] : dictionaryPage.toByteArray();
        List<PageInfo> infos = new ArrayList<>(pageInfos.size());
        for (PageInfo pi : pageInfos) {
            infos.add(new PageInfo(
                    pi.offset() + dictSize,
                    pi.size(),
                    pi.firstRow(),
                    pi.rows(),
                    pi.statistics(),
                    pi.unencodedByteArrayBytes()));
        }
        for (Map.Entry<ParquetEncoding, int[]> e : dataPageEncodings.entrySet()) {
            encodingStats.add(new PageEncodingCount(false, e.getKey(), e.getValue()[0]));
        }
        // the data pages are handed over without a copy
        Chunk c = new Chunk(
                dictionaryBytes,
                pages,
                chunkValues,
                unc,
                EnumSet.copyOf(encodingsOrPlain()),
                int96Value != null && !int96Varied
                        ? new ColumnStatistics(chunkNulls, int96Value, int96Value)
                        : new ColumnStatistics(chunkNulls, chunkMin, chunkMax),
                List.copyOf(infos),
                bloomBytes == 0 ? null : bloom != null ? bloom : SplitBlockBloomFilter.empty(bloomBytes),
                List.copyOf(encodingStats));
        bloom = null;
        pages = new PageSlabs(recycler);
        if (probe != null) {
            probe.clear();
            probing = true;
            fellBackEarly = false;
            rawInPage = 0;
        }
        encodings.clear();
        dataPageEncodings.clear();
        pageInfos.clear();
        uncompressed = 0;
        chunkValues = 0;
        chunkNulls = 0;
        chunkMin = null;
        chunkMax = null;
        int96Value = null;
        int96Varied = false;
        resetPageStatistics();
        return c;
    }

    private void resetPageStatistics() {
        nullCount = 0;
        seen = false;
        sawFalse = false;
        sawTrue = false;
        minB = null;
        maxB = null;
    }

    private void mergeIntoChunk(ColumnStatistics ps) {
        chunkNulls += ps.nullCount();
        if (ps.hasMinMax()) {
            if (chunkMin == null || ColumnStatistics.compare(type, order, ps.min(), chunkMin) < 0) {
                chunkMin = ps.min();
            }
            if (chunkMax == null || ColumnStatistics.compare(type, order, ps.max(), chunkMax) > 0) {
                chunkMax = ps.max();
            }
        }
    }

    private Set<ParquetEncoding> encodingsOrPlain() {
        if (encodings.isEmpty()) {
            encodings.add(plainEncoding);
        }
        return encodings;
    }

    /** Statistics of the open page. */
    private ColumnStatistics statistics() {
        byte[] min = null;
        byte[] max = null;
        switch (type) {
            case INT32:
                if (seen) {
                    min = new byte[4];
                    max = new byte[4];
                    ByteIO.putIntLE(min, 0, minI ^ intFlip);
                    ByteIO.putIntLE(max, 0, maxI ^ intFlip);
                }
                break;
            case INT64:
                if (seen) {
                    min = new byte[8];
                    max = new byte[8];
                    ByteIO.putLongLE(min, 0, minL ^ longFlip);
                    ByteIO.putLongLE(max, 0, maxL ^ longFlip);
                }
                break;
            case FLOAT:
                if (seen) {
                    min = new byte[4];
                    max = new byte[4];
                    ByteIO.putIntLE(min, 0, Float.floatToRawIntBits(minF == 0 ? -0.0f : minF));
                    ByteIO.putIntLE(max, 0, Float.floatToRawIntBits(maxF == 0 ? 0.0f : maxF));
                }
                break;
            case DOUBLE:
                if (seen) {
                    min = new byte[8];
                    max = new byte[8];
                    ByteIO.putLongLE(min, 0, Double.doubleToRawLongBits(minD == 0 ? -0.0 : minD));
                    ByteIO.putLongLE(max, 0, Double.doubleToRawLongBits(maxD == 0 ? 0.0 : maxD));
                }
                break;
            case BOOLEAN:
                if (sawTrue || sawFalse) {
                    min = new byte[] {(byte) (sawFalse ? 0 : 1)};
                    max = new byte[] {(byte) (sawTrue ? 1 : 0)};
                }
                break;
            default:
                min = minB;
                max = maxB;
                break;
        }
        return new ColumnStatistics(nullCount, min, max);
    }
}
