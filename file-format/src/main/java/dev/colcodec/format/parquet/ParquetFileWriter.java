package dev.colcodec.format.parquet;

import dev.colcodec.format.io.FanOut;
import dev.colcodec.format.io.NewFile;
import dev.colcodec.format.io.PooledWrites;
import dev.colcodec.io.ByteSink;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.values.BinaryBatch;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.parquet.format.BloomFilterAlgorithm;
import org.apache.parquet.format.BloomFilterCompression;
import org.apache.parquet.format.BloomFilterHash;
import org.apache.parquet.format.BloomFilterHeader;
import org.apache.parquet.format.BoundaryOrder;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnIndex;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.ColumnOrder;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.KeyValue;
import org.apache.parquet.format.OffsetIndex;
import org.apache.parquet.format.PageEncodingStats;
import org.apache.parquet.format.PageLocation;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.SizeStatistics;
import org.apache.parquet.format.SplitBlockAlgorithm;
import org.apache.parquet.format.Type;
import org.apache.parquet.format.TypeDefinedOrder;
import org.apache.parquet.format.Uncompressed;
import org.apache.parquet.format.XxHash;

/**
 * Writes a Parquet file with a flat schema of REQUIRED and OPTIONAL columns of any physical type.
 *
 * <p>Rows arrive in batches of whole columns ({@link #write}): one array per column, spaced as
 * described in {@link ColumnChunkWriter}, and optional null flags. Pages and dictionaries are cut as
 * {@link ParquetWriteOptions} says; a row group is finished once the columns' buffered bytes reach
 * {@link ParquetWriteOptions#rowGroupSize()} (checked every few thousand rows) or on {@link
 * #flushRowGroup()}. {@link #close()} writes the footer (with chunk statistics, TYPE_ORDER column orders
 * and the key-value metadata) and closes the stream. Column and offset indexes (page min/max, null
 * counts, page locations) are written before the footer, as parquet-java does. Not thread-safe.
 */
public final class ParquetFileWriter implements AutoCloseable {
    /** The {@code created_by} string written to footers. */
    public static final String CREATED_BY = "colcodec version 0.1.0";

    private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);
    /** Rows per step; row-group sizes are checked after each step (the same with or without a pool). */
    private static final int SLICE = 16384;

    /**
     * The buffered bytes of one column at which its row group is finished whatever the row-group size: a
     * chunk is one array, so it must stay well below 2 GiB (a write taking one past it failed half-way,
     * and the file with it).
     */
    static final long MAX_CHUNK_BUFFER = 1L << 30;

    /** The bytes of byte-array values one slice of rows may take, so a slice cannot pass {@link #MAX_CHUNK_BUFFER} by far. */
    static final int MAX_SLICE_BYTES = 64 << 20;

    /** {@link #MAX_CHUNK_BUFFER} and {@link #MAX_SLICE_BYTES}, lowered by tests. */
    long maxChunkBuffer = MAX_CHUNK_BUFFER;

    int maxSliceBytes = MAX_SLICE_BYTES;

    private final OutputStream out;
    /** Whether a failed {@link #close} closes {@link #out} too (a writer made by {@link #create}). */
    private boolean ownsStream;

    private final List<ParquetColumn> schema;
    private final ParquetWriteOptions options;
    private final ColumnChunkWriter[] writers;

    private final List<RowGroup> rowGroups = new ArrayList<>();
    /**
     * Per row group, per column: the chunk's column index (null: none) and offset index, made when the row
     * group is finished (so only their truncated bounds are kept, not each page's statistics) and written
     * before the footer.
     */
    private final List<ColumnIndex[]> groupColumnIndexes = new ArrayList<>();

    private final List<OffsetIndex[]> groupOffsetIndexes = new ArrayList<>();
    /** Per row group, per column, its chunk's Bloom filter (null: none), written after the page indexes. */
    private final List<SplitBlockBloomFilter[]> groupBloomFilters = new ArrayList<>();
    /** Row groups written on the pool while the next is encoded (see {@link #writeChunks}). */
    private final PooledWrites output;
    /** The slabs of written row groups, for the chunks of the next ones. */
    private final SlabRecycler recycler;

    private long position;
    private long rowsInGroup;
    private long totalRows;
    private boolean closed;

    /** For tests: runs before column {@code i} takes a slice of rows (to make one fail part-way). */
    java.util.function.IntConsumer appendHook;

    /** Why {@link #close} failed after the footer was begun, rethrown by every later close. */
    private Throwable closeFailure;

    public ParquetFileWriter(OutputStream out, List<ParquetColumn> schema, ParquetWriteOptions options)
            throws IOException {
        this.out = out;
        this.schema = List.copyOf(schema);
        this.options = options;
        this.output = new PooledWrites(options.pool(), "row group");
        // about a row group's slabs: as many as the next row group takes
        this.recycler = new SlabRecycler(options.rowGroupSize() + (long) schema.size() * PageSlabs.MAX_SLAB);
        Set<String> names = new HashSet<>();
        writers = new ColumnChunkWriter[this.schema.size()];
        for (int i = 0; i < writers.length; i++) {
            ParquetColumn c = this.schema.get(i);
            if (c.path().size() != 1 || !names.add(c.name())) {
                throw new IllegalArgumentException("flat schemas need distinct top-level names: " + c.path());
            }
            if (c.isAlwaysNull() && !c.isNullable()) {
                throw new IllegalArgumentException(
                        "column " + c.name() + " is UNKNOWN (always null): it must be OPTIONAL");
            }
            writers[i] = new ColumnChunkWriter(c, options, true, recycler);
        }
        for (String name : options.namedColumns()) {
            if (this.schema.stream().noneMatch(x -> x.name().equals(name))) {
                throw new IllegalArgumentException(
                        "an encoding or dictionary option names column " + name + ", which is not in the schema");
            }
        }
        for (String b : options.bloomFilterColumns()) {
            ParquetColumn c = this.schema.stream()
                    .filter(x -> x.name().equals(b))
                    .findFirst()
                    .orElseThrow(
                            () -> new IllegalArgumentException("a Bloom filter for no column of the schema: " + b));
            if (c.type() == PhysicalType.BOOLEAN) {
                throw new IllegalArgumentException("no Bloom filter for the BOOLEAN column " + b);
            }
        }
        out.write(MAGIC);
        position = MAGIC.length;
    }

    /**
     * A writer of a new file at {@code file} (replacing one there), which {@link #close} closes; pages go
     * to the file in large writes (see {@link NewFile}).
     */
    public static ParquetFileWriter create(Path file, List<ParquetColumn> schema, ParquetWriteOptions options)
            throws IOException {
        return NewFile.create(file, options.syncOnClose(), os -> {
            ParquetFileWriter w = new ParquetFileWriter(os, schema, options);
            w.ownsStream = true;
            return w;
        });
    }

    public List<ParquetColumn> schema() {
        return schema;
    }

    /**
     * Appends {@code rowCount} rows: {@code columns[i]} holds column i's values (at least {@code
     * rowCount}), {@code nulls} is {@code null} or holds per-column null flags (each {@code null} for a
     * column without nulls). A write of no rows does nothing. Every column is checked before any takes a
     * row ({@link ColumnChunkWriter#write} lists what is refused, with {@link IllegalArgumentException}), so a
     * refused write leaves the file as it was.
     */
    public void write(Object[] columns, boolean[][] nulls, int rowCount) throws IOException {
        if (closed) {
            throw new IllegalStateException("closed");
        }
        output.check();
        Objects.requireNonNull(columns, "columns (an array of one value array per column)");
        if (columns.length != writers.length || (nulls != null && nulls.length != writers.length)) {
            throw new IllegalArgumentException("expected " + writers.length + " columns");
        }
        if (rowCount < 0) {
            throw new IllegalArgumentException("negative row count " + rowCount);
        }
        if (rowCount == 0) {
            return;
        }
        // every column is checked before any takes a row, so a refused write leaves the file as it was
        for (int i = 0; i < writers.length; i++) {
            writers[i].check(columns[i], nulls == null ? null : nulls[i], 0, rowCount);
            ParquetColumn c = schema.get(i);
            if (c.isAlwaysNull()) {
                boolean[] isNull = nulls == null ? null : nulls[i];
                for (int r = 0; r < rowCount; r++) {
                    if (isNull == null || !isNull[r]) {
                        throw new IllegalArgumentException(
                                "column " + c.name() + " is UNKNOWN (always null), but row " + r + " holds a value");
                    }
                }
            }
        }
        for (int from = 0; from < rowCount; ) {
            int n = sliceWithin(columns, from, Math.min(SLICE, rowCount - from));
            int start = from;
            try {
                forEachColumn(i -> {
                    if (appendHook != null) {
                        appendHook.accept(i);
                    }
                    writers[i].append(columns[i], nulls == null ? null : nulls[i], start, n);
                });
            } catch (RuntimeException | Error e) {
                // past the checks: some columns took these rows and others did not, so the row group's
                // columns no longer line up and the file cannot be finished
                broken(e);
                throw e;
            }
            long buffered = 0;
            boolean chunkFull = false;
            for (ColumnChunkWriter w : writers) {
                buffered += w.bufferedSize();
                chunkFull |= w.bufferedSize() >= maxChunkBuffer;
            }
            from += n;
            rowsInGroup += n;
            if (buffered >= options.rowGroupSize() || chunkFull) {
                flushRowGroup();
            }
        }
    }

    /**
     * The rows from {@code from}, at most {@code n} and at least one, whose values take at most {@link
     * #maxSliceBytes} in each byte-array column (a batch holds every row's bytes, null rows' too).
     */
    private int sliceWithin(Object[] columns, int from, int n) {
        for (Object c : columns) {
            if (c instanceof BinaryBatch b && b.offset(from + n) - (long) b.offset(from) > maxSliceBytes) {
                int lo = 1;
                int hi = n;
                while (lo < hi) {
                    int mid = (lo + hi + 1) >>> 1;
                    if (b.offset(from + mid) - (long) b.offset(from) <= maxSliceBytes) {
                        lo = mid;
                    } else {
                        hi = mid - 1;
                    }
                }
                n = lo;
            }
        }
        return n;
    }

    /**
     * Fails the writer for good after {@code e} left its columns out of step: every later {@link #write},
     * {@link #flushRowGroup} and {@link #close} throws, and no footer is written (a reader refuses the file
     * rather than read shifted columns).
     */
    private void broken(Throwable e) {
        output.fail(new IOException("a column failed part-way through (" + e + "); the file cannot be finished", e));
    }

    /** Finishes the current row group (if it has rows). */
    public void flushRowGroup() throws IOException {
        output.check();
        if (rowsInGroup == 0) {
            return;
        }
        try {
            finishRowGroup();
        } catch (RuntimeException | Error e) {
            broken(e);
            throw e;
        }
    }

    private void finishRowGroup() throws IOException {
        long groupStart = position;
        List<ColumnChunk> chunks = new ArrayList<>(writers.length);
        long uncompressed = 0;
        long compressed = 0;
        ColumnChunkWriter.Chunk[] finished = new ColumnChunkWriter.Chunk[writers.length];
        forEachColumn(i -> finished[i] = writers[i].finish());
        long[] starts = new long[writers.length];
        for (int ci = 0; ci < writers.length; ci++) {
            ColumnChunkWriter w = writers[ci];
            ColumnChunkWriter.Chunk c = finished[ci];
            long start = position;
            starts[ci] = start;
            position += c.size();
            ParquetColumn col = w.column();
            List<Encoding> encs = new ArrayList<>();
            for (ParquetEncoding e : c.encodings()) {
                encs.add(ParquetPages.thrift(e));
            }
            ColumnMetaData md = new ColumnMetaData(
                    Type.findByValue(col.type().thriftId()),
                    encs,
                    col.path(),
                    CompressionCodec.findByValue(options.compression().parquetId()),
                    c.valueCount(),
                    c.uncompressedSize(),
                    c.size(),
                    start + c.dictionaryPageSize());
            if (c.dictionaryPageSize() > 0) {
                md.setDictionary_page_offset(start);
            }
            md.setStatistics(c.statistics().toThrift(col));
            md.setEncoding_stats(encodingStats(c, options.pageVersion() == ParquetWriteOptions.PageVersion.V2));
            // as parquet-java 1.18.1 writes it for a flat column: no level histograms (a maximum level of 0 or 1
            // says nothing they would not), the values' bytes for BYTE_ARRAY
            SizeStatistics size = new SizeStatistics();
            if (c.unencodedByteArrayBytes() >= 0) {
                size.setUnencoded_byte_array_data_bytes(c.unencodedByteArrayBytes());
            }
            md.setSize_statistics(size);
            ColumnChunk cc = new ColumnChunk(start);
            cc.setMeta_data(md);
            chunks.add(cc);
            uncompressed += c.uncompressedSize();
            compressed += c.size();
        }
        writeChunks(finished);
        RowGroup rg = new RowGroup(chunks, uncompressed, rowsInGroup);
        rg.setFile_offset(groupStart);
        rg.setTotal_compressed_size(compressed);
        rg.setOrdinal((short) rowGroups.size());
        rowGroups.add(rg);
        ColumnIndex[] columnIndexes = new ColumnIndex[finished.length];
        OffsetIndex[] offsetIndexes = new OffsetIndex[finished.length];
        for (int c = 0; c < finished.length; c++) {
            List<ColumnChunkWriter.PageInfo> pages = finished[c].pages();
            columnIndexes[c] = columnIndex(writers[c].column(), pages, options.columnIndexTruncateLength());
            offsetIndexes[c] = offsetIndex(pages, starts[c]);
        }
        groupColumnIndexes.add(columnIndexes);
        groupOffsetIndexes.add(offsetIndexes);
        SplitBlockBloomFilter[] blooms = new SplitBlockBloomFilter[finished.length];
        for (int i = 0; i < finished.length; i++) {
            blooms[i] = finished[i].bloomFilter();
        }
        groupBloomFilters.add(blooms);
        totalRows += rowsInGroup;
        rowsInGroup = 0;
    }

    /** The chunk's pages per page type and encoding, the dictionary page first (as parquet-java writes them). */
    private static List<PageEncodingStats> encodingStats(ColumnChunkWriter.Chunk c, boolean v2) {
        List<PageEncodingStats> stats = new ArrayList<>(c.encodingStats().size());
        for (ColumnChunkWriter.PageEncodingCount e : c.encodingStats()) {
            PageType type =
                    e.dictionaryPage() ? PageType.DICTIONARY_PAGE : v2 ? PageType.DATA_PAGE_V2 : PageType.DATA_PAGE;
            stats.add(new PageEncodingStats(type, ParquetPages.thrift(e.encoding()), e.count()));
        }
        return stats;
    }

    /**
     * Writes each chunk's Bloom filter (its header, then its bitset; after the page indexes, as
     * parquet-java places them) and points the chunk's metadata at it.
     */
    private void writeBloomFilters() throws IOException {
        ByteSink sink = new ByteSink(64);
        // every filter is a split block one, XXH64, uncompressed
        BloomFilterAlgorithm algorithm = new BloomFilterAlgorithm();
        algorithm.setBLOCK(new SplitBlockAlgorithm());
        BloomFilterHash hash = new BloomFilterHash();
        hash.setXXHASH(new XxHash());
        BloomFilterCompression compression = new BloomFilterCompression();
        compression.setUNCOMPRESSED(new Uncompressed());
        for (int g = 0; g < groupBloomFilters.size(); g++) {
            SplitBlockBloomFilter[] blooms = groupBloomFilters.get(g);
            for (int c = 0; c < blooms.length; c++) {
                if (blooms[c] == null) {
                    continue;
                }
                byte[] bits = blooms[c].bitset();
                sink.reset();
                int len = ParquetThrift.write(new BloomFilterHeader(bits.length, algorithm, hash, compression), sink);
                ColumnMetaData md = rowGroups.get(g).getColumns().get(c).getMeta_data();
                md.setBloom_filter_offset(position);
                md.setBloom_filter_length(len + bits.length);
                out.write(sink.array(), 0, len);
                out.write(bits);
                position += len + bits.length;
            }
        }
        groupBloomFilters.clear();
    }

    /**
     * Writes the column indexes, then the offset indexes, of every chunk (parquet-java's layout: after
     * the last row group, before the footer) and points the chunks at them. A chunk gets no column index
     * when a page that holds values has no min/max (INT96, or only NaNs).
     */
    private void writePageIndexes() throws IOException {
        ByteSink sink = new ByteSink(4096);
        for (int g = 0; g < rowGroups.size(); g++) {
            ColumnIndex[] indexes = groupColumnIndexes.get(g);
            for (int c = 0; c < indexes.length; c++) {
                if (indexes[c] == null) {
                    continue;
                }
                sink.reset();
                int len = ParquetThrift.write(indexes[c], sink);
                ColumnChunk cc = rowGroups.get(g).getColumns().get(c);
                cc.setColumn_index_offset(position);
                cc.setColumn_index_length(len);
                out.write(sink.array(), 0, len);
                position += len;
            }
        }
        for (int g = 0; g < rowGroups.size(); g++) {
            OffsetIndex[] indexes = groupOffsetIndexes.get(g);
            for (int c = 0; c < indexes.length; c++) {
                sink.reset();
                int len = ParquetThrift.write(indexes[c], sink);
                ColumnChunk cc = rowGroups.get(g).getColumns().get(c);
                cc.setOffset_index_offset(position);
                cc.setOffset_index_length(len);
                out.write(sink.array(), 0, len);
                position += len;
            }
        }
        groupColumnIndexes.clear();
        groupOffsetIndexes.clear();
    }

    /** The offset index of a chunk's pages, the chunk starting at {@code start} in the file. */
    private static OffsetIndex offsetIndex(List<ColumnChunkWriter.PageInfo> pages, long start) {
        List<PageLocation> locs = new ArrayList<>(pages.size());
        List<Long> unencoded = new ArrayList<>(pages.size());
        for (ColumnChunkWriter.PageInfo p : pages) {
            locs.add(new PageLocation(start + p.offset(), p.size(), p.firstRow()));
            unencoded.add(p.unencodedByteArrayBytes());
        }
        OffsetIndex oi = new OffsetIndex(locs);
        if (!unencoded.isEmpty() && unencoded.get(0) >= 0) {
            oi.setUnencoded_byte_array_data_bytes(unencoded);
        }
        return oi;
    }

    private static ColumnIndex columnIndex(
            ParquetColumn column, List<ColumnChunkWriter.PageInfo> pages, int truncateLength) {
        PhysicalType t = column.type();
        ColumnStatistics.Order sortOrder = ColumnStatistics.Order.of(column);
        if (pages.isEmpty() || sortOrder == ColumnStatistics.Order.UNDEFINED) {
            return null;
        }
        List<Boolean> nullPages = new ArrayList<>(pages.size());
        List<ByteBuffer> mins = new ArrayList<>(pages.size());
        List<ByteBuffer> maxs = new ArrayList<>(pages.size());
        List<Long> nullCounts = new ArrayList<>(pages.size());
        boolean ascending = true;
        boolean descending = true;
        byte[] prevMin = null;
        byte[] prevMax = null;
        // as parquet-java truncates: byte values without an annotation or of text (STRING, ENUM, JSON,
        // BSON), FIXED_LEN_BYTE_ARRAY ones too (readers compare a shorter bound as a prefix)
        ParquetLogicalType lt = column.logicalType();
        boolean truncate = sortOrder == ColumnStatistics.Order.PHYSICAL
                && (t == PhysicalType.BYTE_ARRAY || t == PhysicalType.FIXED_LEN_BYTE_ARRAY)
                && (lt == null || lt.isText() || lt.kind() == ParquetLogicalType.Kind.BSON);
        for (ColumnChunkWriter.PageInfo p : pages) {
            ColumnStatistics s = p.statistics();
            boolean allNull = s.nullCount() == p.rows();
            if (!allNull && !s.hasMinMax()) {
                return null;
            }
            nullPages.add(allNull);
            nullCounts.add(s.nullCount());
            byte[] min = allNull ? new byte[0] : s.min();
            byte[] max = allNull ? new byte[0] : s.max();
            if (truncate && !allNull) {
                min = BoundTruncation.lower(min, truncateLength);
                max = BoundTruncation.upper(max, truncateLength);
            }
            mins.add(ByteBuffer.wrap(min));
            maxs.add(ByteBuffer.wrap(max));
            if (!allNull) {
                // the order of the bounds as written
                if (prevMin != null) {
                    int a = ColumnStatistics.compare(t, sortOrder, min, prevMin);
                    int b = ColumnStatistics.compare(t, sortOrder, max, prevMax);
                    ascending &= a >= 0 && b >= 0;
                    descending &= a <= 0 && b <= 0;
                }
                prevMin = min;
                prevMax = max;
            }
        }
        BoundaryOrder order =
                ascending ? BoundaryOrder.ASCENDING : descending ? BoundaryOrder.DESCENDING : BoundaryOrder.UNORDERED;
        ColumnIndex ci = new ColumnIndex(nullPages, mins, maxs, order);
        ci.setNull_counts(nullCounts);
        return ci;
    }

    /**
     * Writes a row group's chunks, in order: at once without a pool; with one, on the pool (after the
     * previous row group's chunks are out), so the calling thread goes on with the next row group while
     * they are written. The bytes and their order are the same either way. The chunks' slabs then go to
     * the {@link #recycler} (the chunks never leave this writer).
     */
    private void writeChunks(ColumnChunkWriter.Chunk[] finished) throws IOException {
        output.submit(() -> {
            for (ColumnChunkWriter.Chunk c : finished) {
                c.writeTo(out);
            }
            for (ColumnChunkWriter.Chunk c : finished) {
                c.dataPages().recycle();
            }
        });
    }

    /**
     * Runs {@code task} for every column: on the pool's threads and this one (see {@link FanOut}), or here.
     * In schema order: handing the slowest column (a BYTE_ARRAY one) out first was about 10% faster for
     * dictionary writes on 2 threads, but its snappy compression then overlapped the other threads'
     * allocation, and snappy-java's JNI critical sections pin heap regions that a young GC started meanwhile
     * cannot evacuate: 9 to 13 such G1 evacuation failures per 5M-row PLAIN benchmark fork, pauses of up to
     * 423 ms, against none in schema order.
     */
    private void forEachColumn(java.util.function.IntConsumer task) {
        FanOut.run(options.pool(), writers.length, task);
    }

    /** Flushes the last row group, writes the footer and closes the stream. */
    @Override
    public void close() throws IOException {
        if (closed) {
            if (closeFailure != null) {
                // a second close (try-with-resources after an explicit one) must not report a good file
                throw new IOException("the file was not finished: an earlier close failed", closeFailure);
            }
            return;
        }
        try {
            flushRowGroup();
            output.await();
        } catch (IOException | RuntimeException | Error e) {
            output.awaitQuietly(); // nothing may still be writing to the stream once close gives up
            if (ownsStream) {
                try {
                    out.close();
                } catch (IOException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
        closed = true;
        try (OutputStream closing = out) {
            writeIndexesAndFooter();
        } catch (IOException | RuntimeException | Error e) {
            closeFailure = e;
            throw e;
        }
    }

    /** The page indexes of every chunk, then the footer. */
    private void writeIndexesAndFooter() throws IOException {
        writePageIndexes();
        writeBloomFilters();
        List<SchemaElement> elements = new ArrayList<>();
        SchemaElement root = new SchemaElement(options.schemaName());
        root.setNum_children(schema.size());
        elements.add(root);
        List<ColumnOrder> orders = new ArrayList<>();
        for (ParquetColumn c : schema) {
            SchemaElement e = new SchemaElement(c.name());
            e.setType(Type.findByValue(c.type().thriftId()));
            if (c.type() == PhysicalType.FIXED_LEN_BYTE_ARRAY) {
                e.setType_length(c.typeLength());
            }
            e.setRepetition_type(c.isNullable() ? FieldRepetitionType.OPTIONAL : FieldRepetitionType.REQUIRED);
            if (c.logicalType() != null) {
                c.logicalType().applyTo(e);
            }
            if (c.fieldId() != null) {
                e.setField_id(c.fieldId());
            }
            elements.add(e);
            ColumnOrder o = new ColumnOrder();
            o.setTYPE_ORDER(new TypeDefinedOrder());
            orders.add(o);
        }
        FileMetaData fmd = new FileMetaData(1, elements, totalRows, rowGroups);
        fmd.setCreated_by(CREATED_BY);
        fmd.setColumn_orders(orders);
        if (!options.keyValueMetadata().isEmpty()) {
            List<KeyValue> kvs = new ArrayList<>();
            for (Map.Entry<String, String> en : options.keyValueMetadata().entrySet()) {
                KeyValue kv = new KeyValue(en.getKey());
                kv.setValue(en.getValue());
                kvs.add(kv);
            }
            fmd.setKey_value_metadata(kvs);
        }
        ByteSink footer = new ByteSink(1024);
        int len = ParquetThrift.write(fmd, footer);
        footer.writeIntLE(len);
        footer.write(MAGIC, 0, MAGIC.length);
        out.write(footer.array(), 0, footer.size());
        position += footer.size();
    }
}
