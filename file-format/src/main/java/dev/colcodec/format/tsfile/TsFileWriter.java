package dev.colcodec.format.tsfile;

import dev.colcodec.format.compress.AdaptivePageCompressor;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.compress.CompressionCodecs;
import dev.colcodec.format.compress.Lz4LiteralRun;
import dev.colcodec.format.io.FanOut;
import dev.colcodec.format.io.NewFile;
import dev.colcodec.format.io.PooledWrites;
import dev.colcodec.format.io.Utf8;
import dev.colcodec.io.ByteIO;
import dev.colcodec.io.ByteSink;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import dev.colcodec.tsfile.TsFileValues;
import dev.colcodec.values.BinaryValuesWriter;
import dev.colcodec.values.BooleanValuesWriter;
import dev.colcodec.values.DoubleValuesWriter;
import dev.colcodec.values.FloatValuesWriter;
import dev.colcodec.values.IntValuesWriter;
import dev.colcodec.values.LongValuesWriter;
import dev.colcodec.values.ValuesWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ForkJoinPool;

/**
 * Writes a TsFile v4 (table model) that tsfile 2.4.0 reads: each {@link #write(TsTablet)} becomes one
 * aligned chunk group of its device (a TS_2DIFF-by-default time chunk and one value chunk per FIELD
 * column), with pages cut at the same rows for every column so aligned pages stay aligned; {@link
 * #close()} writes the timeseries metadata, the measurement and device index trees, the table schemas
 * and the file metadata with the bloom filter of series paths tsfile 2.4.0 writes ({@link
 * TsBloomFilter}).
 */
public final class TsFileWriter implements Closeable {
    /**
     * The file properties tsfile 2.4.0 writes into every unencrypted file, in its order: {@code encryptLevel}
     * "0", {@code encryptKey} "", {@code encryptType} "org.apache.tsfile.encrypt.UNENCRYPTED"; a writer's
     * default.
     */
    public static final Map<String, String> TSFILE_PROPERTIES;

    static {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("encryptLevel", "0");
        p.put("encryptKey", "");
        p.put("encryptType", "org.apache.tsfile.encrypt.UNENCRYPTED");
        TSFILE_PROPERTIES = Collections.unmodifiableMap(p);
    }

    /** Writer settings. */
    public static final class Options {
        int maxPointsPerPage = 10_000;
        int pageSizeInBytes = 64 << 10;
        TsEncoding timeEncoding = TsEncoding.TS_2DIFF;
        Compression timeCompression = Compression.LZ4_RAW;
        ForkJoinPool pool;
        Map<String, String> properties = TSFILE_PROPERTIES;
        Kernels kernels = KernelProvider.best();
        boolean syncOnClose;

        /**
         * Whether {@link #close} of a writer made by {@link #create} forces the file to the storage device
         * (fsync) before closing it, as tsfile 2.4.0's writer always does (default false: the file is left to
         * the operating system's write-back, as a stream given to the constructor is).
         */
        public Options syncOnClose(boolean sync) {
            this.syncOnClose = sync;
            return this;
        }

        /**
         * The kernels that encode values, take statistics and find runs for LZ4 pages (default {@link
         * KernelProvider#best()}); every kernel set writes the same bytes.
         */
        public Options kernels(Kernels kernels) {
            this.kernels = Objects.requireNonNull(kernels, "kernels");
            return this;
        }

        /**
         * File properties, written in this order after the bloom filter where tsfile 2.4.0 writes its
         * encryption settings (keys and values may be null; {@link TsFileReader#properties()} reads them).
         * By default {@link #TSFILE_PROPERTIES}, tsfile's own, so that a file is tsfile's byte for byte;
         * given a map, exactly its entries. An {@code encryptLevel} other than "0" is refused: colcodec
         * writes no encrypted files.
         */
        public Options properties(Map<String, String> properties) {
            Map<String, String> copy = new LinkedHashMap<>(Objects.requireNonNull(properties, "properties"));
            for (Map.Entry<String, String> e : copy.entrySet()) {
                Utf8.checkEncodable(e.getKey(), "a file property key");
                Utf8.checkEncodable(e.getValue(), "the file property " + e.getKey());
            }
            if (TsFileReader.encrypted(copy)) {
                throw new IllegalArgumentException("encryptLevel " + copy.get(TsFileReader.ENCRYPT_LEVEL)
                        + ": colcodec writes no encrypted TsFiles (encryptLevel 0 or none)");
            }
            this.properties = Collections.unmodifiableMap(copy);
            return this;
        }

        /**
         * Encodes the value columns of each chunk group in parallel on {@code pool} (null: no), and writes
         * each chunk group to the stream on the pool while the caller's next tablet is encoded: one write
         * at a time, in file order, so the stream sees the bytes a writer without a pool writes. A failed
         * asynchronous write is rethrown by the next {@link #write} or {@link #close}.
         */
        public Options pool(ForkJoinPool pool) {
            this.pool = pool;
            return this;
        }

        /**
         * Rows per page (TsFile's {@code maxNumberOfPointsInPage}, default 10,000), at most {@link
         * TsChunkReader#MAX_PAGE_ROWS}: the readers refuse larger pages.
         */
        public Options maxPointsPerPage(int n) {
            if (n < 1 || n > TsChunkReader.MAX_PAGE_ROWS) {
                throw new IllegalArgumentException(
                        "rows per page must be in [1, " + TsChunkReader.MAX_PAGE_ROWS + "], got " + n);
            }
            maxPointsPerPage = n;
            return this;
        }

        /** Rows per page ({@link #maxPointsPerPage(int)}). */
        public int maxPointsPerPage() {
            return maxPointsPerPage;
        }

        /**
         * Bytes of TEXT, STRING and BLOB values per page (TsFile's {@code page_size_in_byte}, default 65,536):
         * a tablet whose such values (with their length prefixes, over all its columns, as the pages of a
         * chunk group share their rows) would make a larger page of {@link #maxPointsPerPage} rows has each
         * page closed before the row that would take it over (a row whose values alone are larger makes a
         * page of its own). A size above what a reader takes ({@link TsChunkReader#MAX_PAGE_BYTES}, less the
         * page's row count and null bitmap) is taken as that. Pages of numbers and booleans are cut by rows
         * only (tsfile cuts every page at its estimate of this size).
         */
        public Options pageSizeInBytes(int bytes) {
            if (bytes < 1) {
                throw new IllegalArgumentException("page size must be at least 1 byte, got " + bytes);
            }
            pageSizeInBytes = bytes;
            return this;
        }

        /** Encoding of time chunks (default TS_2DIFF). */
        public Options timeEncoding(TsEncoding e) {
            Objects.requireNonNull(e, "time encoding");
            TsValueCodecs.writer(e, TsDataType.VECTOR);
            timeEncoding = e;
            return this;
        }

        /** Compression of time chunks (default LZ4, like TsFile). */
        public Options timeCompression(Compression c) {
            if (Objects.requireNonNull(c, "time compression").tsfileId() < 0) {
                throw new IllegalArgumentException(c + " is not a TsFile compression");
            }
            timeCompression = c;
            return this;
        }
    }

    private static final int MAX_INDEX_DEGREE = 256;

    /** A written chunk: header offset and statistics. */
    private static final class ChunkMeta {
        final long offset;
        final TsStatistics stats;

        ChunkMeta(long offset, TsStatistics stats) {
            this.offset = offset;
            this.stats = stats;
            // kept until close(): not the caller's string arrays, which it may refill after write returns
            stats.copyBinaries();
        }
    }

    /** Per device: id segments and the chunks of each series ("" = time). */
    private static final class DeviceState {
        final String[] id;
        final Map<String, List<ChunkMeta>> series = new HashMap<>();
        final Map<String, TsDataType> types = new HashMap<>();
        long lastTime = Long.MIN_VALUE;
        boolean any;

        DeviceState(String[] id) {
            this.id = id;
        }
    }

    private final OutputStream out;
    /** Whether {@link #close} closes {@link #out} (a writer made by {@link #create}). */
    private boolean ownsStream;

    private final Options options;
    /** {@link Options#properties} when the writer was made. */
    private final Map<String, String> properties;

    private final Map<String, TsTableSchema> schemas = new LinkedHashMap<>();
    private final Map<String, Map<List<String>, DeviceState>> devices = new LinkedHashMap<>();
    private final ByteSink sink = new ByteSink(1 << 16);
    /**
     * Two sets of chunk buffers: with a pool, one chunk group's bytes go to the stream on a pool thread
     * while the caller's next tablet is encoded into the other set; without one only the first is used.
     */
    private final GroupBuffers[] groups = {new GroupBuffers(), new GroupBuffers()};

    private int nextGroup;
    /**
     * Per column position (0 = time) the page compressor both buffer sets share, so a column's pages
     * are compressed as by one writer whatever the thread count.
     */
    private AdaptivePageCompressor[] compressors = new AdaptivePageCompressor[0];

    /** The largest page (before compression) a tablet may make; lowered by tests to refuse tablets cheaply. */
    long maxPageBytes = TsChunkReader.MAX_PAGE_BYTES;
    /** Chunk groups written to the stream on the pool while the caller fills its next tablet. */
    private final PooledWrites output;
    /** Bytes written or handed to {@link #output}: the offset of the next byte of the file. */
    private long position;

    private boolean closed;

    /** Why {@link #close} failed, rethrown by every later close. */
    private Throwable closeFailure;
    /**
     * The failure kept when a chunk group is cut short in the stream ({@link #writeStreamed}); made up
     * front, as it may be needed when memory has run out.
     */
    private final IOException cutShort =
            new IOException("a chunk group was cut short in the stream by a failure while it was encoded");

    /** Writes to {@code out} (not closed by this writer) tables with the given schemas. */
    public TsFileWriter(OutputStream out, List<TsTableSchema> tables, Options options) throws IOException {
        this.out = Objects.requireNonNull(out, "out");
        this.options = Objects.requireNonNull(options, "options");
        this.properties = options.properties;
        this.output = new PooledWrites(options.pool, "chunk group");
        for (TsTableSchema s : Objects.requireNonNull(tables, "tables")) {
            Objects.requireNonNull(s, "a table schema");
            if (schemas.containsKey(s.tableName())) {
                throw new IllegalArgumentException("two schemas for table " + s.tableName());
            }
            requireLowerCase("table", s.tableName());
            for (TsTableSchema.Column c : s.columns()) {
                requireLowerCase("column", c.name());
                // every column's compression and encoding is written in the table schema, which tsfile 2.4.0
                // reads only with compressions and encodings it knows (not FREQ, which it lists but reads not)
                if (c.compression().tsfileId() < 0) {
                    throw new IllegalArgumentException(
                            "column " + c.name() + ": " + c.compression() + " is not a TsFile compression");
                }
                if (c.encoding() == TsEncoding.FREQ) {
                    throw new IllegalArgumentException(
                            "column " + c.name() + ": tsfile 2.4.0 reads no table schema with the encoding FREQ");
                }
                if (c.category() == TsTableSchema.Category.FIELD) {
                    if (c.name().isEmpty()) {
                        // "" names a device's time series in the file's index
                        throw new IllegalArgumentException("a FIELD column without a name in table " + s.tableName());
                    }
                    if (c.type() == TsDataType.VECTOR) {
                        // the type of the time column of aligned chunks, which no query of tsfile reads as values
                        throw new IllegalArgumentException("FIELD column " + c.name() + " cannot be VECTOR");
                    }
                    TsValueCodecs.writer(c.encoding(), c.type(), options.kernels, TsValueCodecs.maxPointNumber(c));
                } else if (c.category() == TsTableSchema.Category.TAG && c.type() != TsDataType.STRING) {
                    throw new IllegalArgumentException("TAG column " + c.name() + " must be STRING");
                }
            }
            schemas.put(s.tableName(), s);
            devices.put(s.tableName(), new LinkedHashMap<>());
        }
        sink.write(TsFileReader.MAGIC, 0, TsFileReader.MAGIC.length);
        sink.write(TsFileReader.VERSION);
        flushSink();
    }

    /**
     * Refuses a table or column name with upper-case letters: tsfile 2.4.0 lower-cases the names of a table
     * schema when it reads one, then looks the table and its columns up by those, so it finds no rows of a
     * table or column named otherwise in the file. (tsfile's own writer lower-cases the names it is given;
     * colcodec says so instead of changing what it was given.)
     */
    private static void requireLowerCase(String what, String name) {
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        if (!lower.equals(name)) {
            throw new IllegalArgumentException("the " + what + " name '" + name + "' has upper-case letters, which"
                    + " tsfile reads as '" + lower + "' and then does not find: name it '" + lower + "'");
        }
    }

    public TsFileWriter(OutputStream out, List<TsTableSchema> tables) throws IOException {
        this(out, tables, new Options());
    }

    /**
     * A writer of a new file at {@code file} (replacing one there), which {@link #close} closes; chunks go
     * to the file in one write each (see {@link NewFile}).
     */
    public static TsFileWriter create(Path file, List<TsTableSchema> tables, Options options) throws IOException {
        return NewFile.create(file, options.syncOnClose, os -> {
            TsFileWriter w = new TsFileWriter(os, tables, options);
            w.ownsStream = true;
            return w;
        });
    }

    /** One chunk group's bytes: its header, then per chunk its header and its pages. */
    private static final class GroupBuffers {
        /** Chunk group header (marker 0 and device id). */
        final ByteSink header = new ByteSink(256);
        /** The time chunk's encoder first, then one per FIELD column. */
        ColumnEncoder[] encoders = new ColumnEncoder[0];
        /** Encoders used by the group last encoded into these buffers. */
        int chunks;

        ColumnEncoder[] encoders(int n, Kernels kernels) {
            if (encoders.length < n) {
                int old = encoders.length;
                encoders = java.util.Arrays.copyOf(encoders, n);
                for (int i = old; i < n; i++) {
                    encoders[i] = new ColumnEncoder(kernels);
                }
            }
            return encoders;
        }

        void writeTo(OutputStream out) throws IOException {
            out.write(header.array(), 0, header.size());
            for (int i = 0; i < chunks; i++) {
                encoders[i].writeTo(out);
            }
        }
    }

    private void flushSink() throws IOException {
        output.await();
        out.write(sink.array(), 0, sink.size());
        position += sink.size();
        sink.reset();
    }

    /**
     * Writes the tablet's rows as one chunk group of its device. Times must ascend, also across calls.
     *
     * <p>A FIELD column null in every row of the tablet is written as tsfile writes it, a chunk without
     * pages; tsfile 2.4.0's table query then reads the column as null in the device's later chunk groups
     * as well when it starts reading at this one (the device's first, or the first in its time range).
     * colcodec reads them right; where tsfile will read the file, do not leave a column null in every
     * row of a tablet when later tablets of the device have values in it (README's writer section).
     */
    public void write(TsTablet t) throws IOException {
        if (closed) {
            throw new IllegalStateException("closed");
        }
        TsTableSchema schema = schemas.get(t.schema.tableName());
        if (schema != t.schema) {
            throw new IllegalArgumentException("table " + t.schema.tableName() + " was not given to this writer");
        }
        int n = t.rowCount;
        if (n == 0) {
            return;
        }
        int segs = t.tags.length + 1;
        while (segs > 1 && t.tags[segs - 2] == null) {
            segs--; // trailing null tags are not stored, as in tsfile's device ids
        }
        String[] id = new String[segs];
        id[0] = schema.tableName();
        System.arraycopy(t.tags, 0, id, 1, segs - 1);
        // the tablet is checked and encoded before the device's state changes: a refused tablet (one that
        // fails to encode, such as a page too large for a reader) leaves no trace, not even an empty device
        // in the index
        Map<List<String>, DeviceState> table = devices.get(schema.tableName());
        List<String> key = java.util.Arrays.asList(id);
        DeviceState known = table.get(key);
        boolean any = known != null && known.any;
        long[] times = t.times;
        long prev = any ? known.lastTime : Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            if (times[i] < prev || (any || i > 0) && times[i] == prev) {
                throw new IllegalArgumentException("times must ascend: " + times[i] + " after " + prev + " (row " + i
                        + " of the tablet of device " + java.util.Arrays.toString(id) + ")");
            }
            prev = times[i];
        }
        for (int f = 0; f < t.fields.size(); f++) {
            if (t.fields.get(f).type() == TsDataType.DATE && t.values[f] != null) {
                checkDates(t.fields.get(f).name(), (int[]) t.values[f], t.nulls[f], n);
            }
        }

        output.check();
        GroupBuffers g = groups[nextGroup];
        // chunk group header: marker 0, device id
        g.header.reset();
        g.header.write(0);
        writeDeviceId(g.header, id);
        PageCuts cuts = pageCuts(t, n);
        int nf = t.fields.size();
        if (compressors.length < nf + 1) {
            int old = compressors.length;
            compressors = java.util.Arrays.copyOf(compressors, nf + 1);
            for (int i = old; i <= nf; i++) {
                compressors[i] = new AdaptivePageCompressor(options.kernels);
            }
        }
        TsStatistics timeStats = new TsStatistics(TsDataType.VECTOR);
        if (options.pool == null && fixedWidth(t.fields)) {
            writeStreamed(t, g, table, key, known, id, prev, cuts, timeStats);
            return;
        }
        ColumnEncoder[] encoders = g.encoders(nf + 1, options.kernels);
        g.chunks = nf + 1;
        for (int i = 0; i <= nf; i++) {
            encoders[i].compressor = compressors[i];
            encoders[i].maxPageBytes = maxPageBytes;
        }
        ColumnEncoder te = encoders[0];
        // a refused tablet leaves the compressors' choices as they were, so the bytes of the tablets after it
        // are those of a writer never offered it, with or without a pool (which encodes every column where
        // the loop stops at the refused one)
        AdaptivePageCompressor.State[] saved = new AdaptivePageCompressor.State[nf + 1];
        for (int i = 0; i <= nf; i++) {
            saved[i] = compressors[i].state();
        }
        try {
            if (options.pool == null || nf < 1) {
                encodeTimes(te, times, cuts, timeStats);
                for (int f = 0; f < nf; f++) {
                    encoders[f + 1].encode(t.fields.get(f), t.values[f], t.nulls[f], times, n, cuts);
                }
            } else {
                // the time chunk is encoded alongside the value chunks; all are emitted in order below
                FanOut.run(options.pool, nf + 1, i -> {
                    if (i == 0) {
                        encodeTimes(te, times, cuts, timeStats);
                    } else {
                        encoders[i].encode(t.fields.get(i - 1), t.values[i - 1], t.nulls[i - 1], times, n, cuts);
                    }
                });
            }
        } catch (RuntimeException | Error e) {
            for (int i = 0; i <= nf; i++) {
                compressors[i].restore(saved[i]);
            }
            throw e;
        }
        ChunkMeta[] metas = new ChunkMeta[nf + 1];
        long offset = position + g.header.size();
        for (int i = 0; i <= nf; i++) {
            metas[i] = new ChunkMeta(offset, i == 0 ? timeStats : encoders[i].stats);
            offset += encoders[i].size();
        }
        record(table, key, known, id, prev, t.fields, metas);
        // with a pool, written there while the caller fills and hands over its next tablet
        output.submit(() -> g.writeTo(out));
        if (options.pool != null) {
            // the next tablet goes to the other set, as this one may still be on its way to the stream;
            // only now: a tablet that failed to encode leaves its set to the next, not one being written
            nextGroup ^= 1;
        }
        position = offset;
    }

    /**
     * Records a written chunk group in its device's state: the time chunk ({@code metas[0]}) and one value
     * chunk per field column, and the device's last time.
     */
    private static void record(
            Map<List<String>, DeviceState> table,
            List<String> key,
            DeviceState known,
            String[] id,
            long lastTime,
            List<TsTableSchema.Column> fields,
            ChunkMeta[] metas) {
        DeviceState dev = known != null ? known : new DeviceState(id);
        if (known == null) {
            table.put(key, dev);
        }
        dev.lastTime = lastTime;
        dev.any = true;
        dev.series.computeIfAbsent("", k -> new ArrayList<>()).add(metas[0]);
        dev.types.put("", TsDataType.VECTOR);
        for (int f = 0; f < fields.size(); f++) {
            TsTableSchema.Column c = fields.get(f);
            dev.series.computeIfAbsent(c.name(), k -> new ArrayList<>()).add(metas[f + 1]);
            dev.types.put(c.name(), c.type());
        }
    }

    /**
     * Where a tablet's pages start: every {@code i * rowsEach} for {@code rowsEach > 0} (pages of {@link
     * Options#maxPointsPerPage} rows but the last), else at {@code starts[p]}; {@code starts[pages]} is the
     * row count. Every chunk of a chunk group has these pages, as the time chunk's pages carry the rows.
     */
    static final class PageCuts {
        private final int n;
        private final int rowsEach;
        private final int[] starts;
        private final int pages;
        private final int mostRows;

        private PageCuts(int n, int rowsEach, int[] starts, int pages, int mostRows) {
            this.n = n;
            this.rowsEach = rowsEach;
            this.starts = starts;
            this.pages = pages;
            this.mostRows = mostRows;
        }

        static PageCuts uniform(int n, int rowsEach) {
            return new PageCuts(n, rowsEach, null, (n + rowsEach - 1) / rowsEach, Math.min(n, rowsEach));
        }

        int pages() {
            return pages;
        }

        /** The first row of page {@code p}; {@code start(pages())} is the row count. */
        int start(int p) {
            return starts != null ? starts[p] : (int) Math.min(n, (long) p * rowsEach);
        }

        /** Rows of every page but the last, or 0 when the pages differ in rows. */
        int rowsEach() {
            return rowsEach;
        }

        /** Rows of the largest page. */
        int mostRows() {
            return mostRows;
        }
    }

    /**
     * The pages of a tablet's {@code n} rows: {@link Options#maxPointsPerPage} rows each, or, for a tablet
     * with TEXT, STRING or BLOB values, as many rows as fit {@link Options#pageSizeInBytes} bytes of those
     * values (their lengths and varint length prefixes, summed over such columns: a chunk group's pages
     * share their rows), a page closed before the row that would take it over (so only a page of one row
     * may be larger, a row whose values alone are), and at most {@link Options#maxPointsPerPage} rows.
     */
    /**
     * The first row of each page this writer cuts tablet {@code t}'s rows into, then its row count: every
     * chunk of the tablet's chunk group has these pages ({@link Options#maxPointsPerPage}, and {@link
     * Options#pageSizeInBytes} where the tablet holds TEXT, STRING or BLOB values).
     */
    public int[] pageStarts(TsTablet t) {
        int n = t.rowCount();
        PageCuts c = pageCuts(t, n);
        int[] starts = new int[c.pages() + 1];
        for (int p = 0; p <= c.pages(); p++) {
            starts[p] = c.start(p);
        }
        return starts;
    }

    private PageCuts pageCuts(TsTablet t, int n) {
        long[] rowBytes = null;
        for (int f = 0; f < t.fields.size(); f++) {
            if (t.fields.get(f).type().storageType() != TsDataType.TEXT || t.values[f] == null) {
                continue;
            }
            byte[][] bins = (byte[][]) t.values[f];
            boolean[] nulls = t.nulls[f];
            if (rowBytes == null) {
                rowBytes = new long[n];
            }
            for (int i = 0; i < n; i++) {
                byte[] v = bins[i];
                if (v != null && (nulls == null || !nulls[i])) {
                    rowBytes[i] += v.length + ByteIO.unsignedVarIntSize(v.length);
                }
            }
        }
        int maxRows = options.maxPointsPerPage;
        if (rowBytes == null) {
            return PageCuts.uniform(n, maxRows);
        }
        // the page, with its row count and bitmap, must also stay within what a reader takes
        long target = Math.min(options.pageSizeInBytes, maxPageBytes - Integer.BYTES - (maxRows + 7) / 8);
        int[] starts = new int[16];
        int pages = 0;
        int mostRows = 0;
        boolean allFull = true;
        int a = 0;
        while (a < n) {
            long bytes = rowBytes[a];
            int b = a + 1;
            while (b < n && b - a < maxRows && bytes + rowBytes[b] <= target) {
                bytes += rowBytes[b++];
            }
            if (pages + 2 > starts.length) {
                starts = java.util.Arrays.copyOf(starts, starts.length * 2);
            }
            starts[pages++] = a;
            mostRows = Math.max(mostRows, b - a);
            allFull &= b - a == maxRows || b == n;
            a = b;
        }
        if (allFull) {
            return PageCuts.uniform(n, maxRows); // the values never cut a page: the usual pages
        }
        starts[pages] = n;
        return new PageCuts(n, 0, starts, pages, mostRows);
    }

    /** Whether no column is TEXT, STRING or BLOB: a checked tablet of such columns cannot be refused. */
    private static boolean fixedWidth(List<TsTableSchema.Column> fields) {
        for (TsTableSchema.Column c : fields) {
            if (c.type().storageType() == TsDataType.TEXT) {
                return false;
            }
        }
        return true;
    }

    /**
     * Writes a checked tablet without a pool, each chunk to the stream as soon as it is encoded, all by
     * one encoder: the chunk's bytes are still in the cache when they are written, and the same buffers
     * serve every column (measured on the seed write, 8 fields: see RESULTS.md, session 30). Only for
     * tablets that cannot be refused once checked (no TEXT, STRING or BLOB column, whose pages may be too
     * large for a reader): the chunk group's first bytes are in the stream before its last column is
     * encoded.
     */
    private void writeStreamed(
            TsTablet t,
            GroupBuffers g,
            Map<List<String>, DeviceState> table,
            List<String> key,
            DeviceState known,
            String[] id,
            long lastTime,
            PageCuts cuts,
            TsStatistics timeStats)
            throws IOException {
        int n = t.rowCount;
        int nf = t.fields.size();
        ColumnEncoder[] encoders = g.encoders(2, options.kernels);
        ColumnEncoder te = encoders[0];
        te.compressor = compressors[0];
        encodeTimes(te, t.times, cuts, timeStats);
        ChunkMeta[] metas = new ChunkMeta[nf + 1];
        long offset = position + g.header.size();
        metas[0] = new ChunkMeta(offset, timeStats);
        offset += te.size();
        output.submit(() -> {
            out.write(g.header.array(), 0, g.header.size());
            te.writeTo(out);
        });
        // from here on the group is in the stream: if anything fails before it is recorded whole (a
        // column's encoding running out of memory, say), nothing after it could be right
        boolean recorded = false;
        try {
            ColumnEncoder e = encoders[1];
            for (int f = 0; f < nf; f++) {
                e.compressor = compressors[f + 1];
                e.encode(t.fields.get(f), t.values[f], t.nulls[f], t.times, n, cuts);
                metas[f + 1] = new ChunkMeta(offset, e.stats);
                offset += e.size();
                output.submit(() -> e.writeTo(out));
            }
            position = offset;
            record(table, key, known, id, lastTime, t.fields, metas);
            recorded = true;
        } finally {
            if (!recorded) {
                output.fail(cutShort);
            }
        }
    }

    /**
     * Whether {@code yyyymmdd} is a DATE value this writer takes: a yyyyMMdd date of the years 1000 to
     * 9999, the dates tsfile writes (its writer takes {@code LocalDate}s of those years).
     */
    public static boolean isDate(int yyyymmdd) {
        int year = yyyymmdd / 10_000;
        int month = yyyymmdd / 100 % 100;
        int day = yyyymmdd % 100;
        return year >= 1000
                && year <= 9999
                && month >= 1
                && month <= 12
                && day >= 1
                && (day <= 28 || day <= java.time.YearMonth.of(year, month).lengthOfMonth());
    }

    /**
     * Refuses a DATE value that is not a yyyyMMdd date of the years 1000 to 9999, the dates tsfile writes
     * (its writer takes {@code LocalDate}s of those years) and readers turn back into dates.
     */
    private static void checkDates(String column, int[] v, boolean[] nulls, int n) {
        for (int i = 0; i < n; i++) {
            if (nulls != null && nulls[i]) {
                continue;
            }
            int x = v[i];
            if (!isDate(x)) {
                throw new IllegalArgumentException("column " + column + " row " + i + ": " + x
                        + " is not a yyyyMMdd date of the years 1000 to 9999 (TsFile's DATE)");
            }
        }
    }

    /** Encodes the time column of a tablet's {@code n} rows as the time chunk in {@code te}. */
    private void encodeTimes(ColumnEncoder te, long[] times, PageCuts cuts, TsStatistics timeStats) {
        int pages = cuts.pages();
        ValuesWriter tw = te.writer(options.timeEncoding, TsDataType.VECTOR);
        te.chunk.reset();
        for (int p = 0; p < pages; p++) {
            int a = cuts.start(p);
            int b = cuts.start(p + 1);
            te.body.reset();
            tw.resetInto(te.body); // the page is encoded in place: finishTo does not copy it
            ((LongValuesWriter) tw).writeLongs(times, a, b - a);
            tw.finishTo(te.body);
            TsStatistics ps = new TsStatistics(TsDataType.VECTOR);
            ps.updateTimes(times, a, b - a);
            timeStats.merge(ps);
            te.writePage(te.body.array(), te.body.size(), options.timeCompression, pages > 1 ? ps : null);
        }
        te.out.reset();
        te.writeChunk(0x80, "", TsDataType.VECTOR, options.timeCompression, options.timeEncoding, pages);
    }

    /** Encodes one chunk at a time into its own buffers, so columns can be encoded on different threads. */
    private static final class ColumnEncoder {
        private final Kernels kernels;
        /** The largest page, before compression, this encoder writes (else the tablet is refused). */
        long maxPageBytes = TsChunkReader.MAX_PAGE_BYTES;
        /** Pages of the chunk being built. */
        final ByteSink chunk = new ByteSink(1 << 12);
        /** The finished chunk's header (its pages stay in {@link #chunk}). */
        final ByteSink out = new ByteSink(64);
        /** Statistics of the finished chunk. */
        TsStatistics stats;

        // gather buffers: the non-null values of one page and their times
        private long[] gTimes = new long[0];
        private long[] gLongs = new long[0];
        private int[] gInts = new int[0];
        private float[] gFloats = new float[0];
        private double[] gDoubles = new double[0];
        private boolean[] gBooleans = new boolean[0];
        private final ByteSink body = new ByteSink(1 << 12);
        /** The LZ4 literal run of a page built in place ({@link #startPageInPlace}). */
        private final Lz4LiteralRun literalRun;
        /**
         * Bytes in front of the values (header, bitmap, LZ4 sequences) of the last pages built in place
         * with {@link #leadRows} rows, most recent first: where the next one of as many rows has its
         * values encoded. Two, so that a chunk's shorter last page does not move the values of the next
         * chunk's first.
         */
        private final int[] leads = {64, 64};

        private final int[] leadRows = {-1, -1};
        /** {@link #leads} entry guessed for the page being built in place. */
        private int inPlaceLead;
        /** The value writer of the last chunk, reused (after reset) while the encoding and type stay. */
        private ValuesWriter writer;

        private TsEncoding writerEncoding;
        private TsDataType writerType;
        private int writerDigits;

        ColumnEncoder(Kernels kernels) {
            this.kernels = kernels;
            this.literalRun = new Lz4LiteralRun(kernels);
        }

        ValuesWriter writer(TsEncoding e, TsDataType t) {
            return writer(e, t, TsFileValues.DEFAULT_FLOAT_PRECISION);
        }

        /** As {@link #writer(TsEncoding, TsDataType)}, TS_2DIFF and RLE FLOAT/DOUBLE keeping that many digits. */
        ValuesWriter writer(TsEncoding e, TsDataType t, int maxPointNumber) {
            if (writer == null || e != writerEncoding || t != writerType || maxPointNumber != writerDigits) {
                writer = TsValueCodecs.writer(e, t, kernels, maxPointNumber);
                writerEncoding = e;
                writerType = t;
                writerDigits = maxPointNumber;
            }
            writer.reset();
            return writer;
        }

        /** A page's serialized statistics, before they go into {@link #chunk}. */
        private final ByteSink pageStats = new ByteSink(128);
        /**
         * The page compressor of the column this encoder encodes (stores pages the codec cannot shrink
         * as literal runs); set per chunk, since it carries its state across a column's chunks.
         */
        AdaptivePageCompressor compressor;

        /** Encodes the value chunk of column {@code c} into {@link #out}, its statistics into {@link #stats}. */
        void encode(TsTableSchema.Column c, Object values, boolean[] nulls, long[] times, int n, PageCuts cuts) {
            int pages = cuts.pages();
            TsStatistics chunkStats = new TsStatistics(c.type());
            chunk.reset();
            ValuesWriter w = writer(c.encoding(), c.type(), TsValueCodecs.maxPointNumber(c));
            byte[][] bins = values instanceof byte[][] ? (byte[][]) values : null;
            if (gTimes.length < cuts.mostRows()) {
                gTimes = new long[cuts.mostRows()];
            }
            boolean dense = values != null && nulls == null && bins == null;
            // dense INT64, DOUBLE and FLOAT columns: every page's statistics in one interleaved pass first
            // (the pages' serial sums advance together)
            TsStatistics[] pageStats = null;
            TsDataType storage = c.type().storageType();
            int pageRows = cuts.rowsEach();
            if (dense
                    && pages > 1
                    && pageRows > 0
                    && (storage == TsDataType.INT64 || storage == TsDataType.DOUBLE || storage == TsDataType.FLOAT)) {
                pageStats = new TsStatistics[pages];
                for (int p = 0; p < pages; p++) {
                    pageStats[p] = new TsStatistics(c.type());
                }
                if (storage == TsDataType.INT64) {
                    TsStatistics.updateLongPages(kernels, pageStats, times, (long[]) values, 0, n, pageRows);
                } else if (storage == TsDataType.DOUBLE) {
                    TsStatistics.updateDoublePages(kernels, pageStats, times, (double[]) values, 0, n, pageRows);
                } else {
                    TsStatistics.updateFloatPages(kernels, pageStats, times, (float[]) values, 0, n, pageRows);
                }
            }
            for (int p = 0; p < pages; p++) {
                int a = cuts.start(p);
                int b = cuts.start(p + 1);
                int rows = b - a;
                int bitmapBytes = (rows + 7) / 8;
                body.reset();
                body.writeIntBE(rows);
                int bitmapAt = body.ensure(bitmapBytes);
                body.advance(bitmapBytes);
                byte[] bm = body.array();
                java.util.Arrays.fill(bm, bitmapAt, bitmapAt + bitmapBytes, (byte) 0);
                int present = 0;
                if (dense) {
                    java.util.Arrays.fill(bm, bitmapAt, bitmapAt + bitmapBytes, (byte) 0xFF);
                    if ((rows & 7) != 0) {
                        bm[bitmapAt + bitmapBytes - 1] = (byte) (0xFF << (8 - (rows & 7)));
                    }
                    present = rows;
                } else if (values != null) {
                    for (int i = a; i < b; i++) {
                        if ((nulls != null && nulls[i]) || (bins != null && bins[i] == null)) {
                            continue;
                        }
                        int bit = i - a;
                        bm[bitmapAt + (bit >>> 3)] |= (byte) (0x80 >>> (bit & 7));
                        gTimes[present++] = times[i];
                    }
                }
                if (present == 0) {
                    chunk.writeUnsignedVarInt(0); // an all-null page: the empty page form
                    continue;
                }
                TsStatistics ps = pageStats != null ? pageStats[p] : new TsStatistics(c.type());
                // a page stored as it is has its values encoded where they end up in the chunk; any
                // other follows its bitmap in the page buffer; either way finishTo does not copy them
                boolean inPlace = bins == null
                        && (c.compression() == Compression.UNCOMPRESSED
                                || compressor.nextIsLz4LiteralRun(c.compression()));
                ByteSink target = inPlace ? chunk : body;
                int pageAt = inPlace ? startPageInPlace(c.compression(), rows) : 0;
                w.resetInto(target);
                encodePresent(w, ps, pageStats != null, c.type(), dense, times, values, nulls, bins, a, b, present);
                chunkStats.merge(ps);
                w.finishTo(target);
                if (inPlace) {
                    finishPageInPlace(c, a, b, pages > 1 ? ps : null, pageAt);
                    continue;
                }
                checkPageSize(c, a, b, body.size());
                writePage(body.array(), body.size(), c.compression(), pages > 1 ? ps : null);
            }
            out.reset();
            stats = chunkStats;
            if (chunkStats.count == 0) {
                chunk.reset(); // a column null in every row: a chunk without pages, as tsfile writes it
                writeChunk(0x40, c.name(), c.type(), c.compression(), c.encoding(), 1);
            } else {
                writeChunk(0x40, c.name(), c.type(), c.compression(), c.encoding(), pages);
            }
        }

        /** Refuses a page of {@code bytes} bytes (before compression) that no reader takes. */
        private void checkPageSize(TsTableSchema.Column c, int a, int b, long bytes) {
            if (bytes > maxPageBytes) {
                // only TEXT, STRING and BLOB values make such pages, and pages are cut before them but for a
                // row whose values alone are that large
                throw new IllegalArgumentException("column " + c.name() + ": "
                        + (b - a == 1 ? "the value of row " + a + " alone makes" : "rows " + a + " to " + b + " make")
                        + " a page of " + bytes + " bytes, over the " + maxPageBytes + " a reader takes");
            }
        }

        /**
         * Starts a page whose row count and bitmap are in {@link #body} and whose values the caller then
         * encodes straight into {@link #chunk}, where they stay ({@link #finishPageInPlace}): an
         * UNCOMPRESSED page, or an LZ4 page due to be a literal run ({@link
         * AdaptivePageCompressor#nextIsLz4LiteralRun}), whose bytes {@link #writePage} would copy from
         * {@link #body} once more. The values go where the last such page's of as many rows went ({@link
         * #leads}); returns the page's start.
         */
        private int startPageInPlace(Compression comp, int rows) {
            if (comp != Compression.UNCOMPRESSED) {
                literalRun.head(body.array(), 0, body.size());
            }
            inPlaceLead = rows == leadRows[1] ? leads[1] : leads[0];
            int p0 = chunk.size();
            chunk.ensure(inPlaceLead);
            chunk.setSize(p0 + inPlaceLead);
            return p0;
        }

        /**
         * Ends the page {@link #startPageInPlace} started at {@code p0}, its values encoded after it: writes
         * the header, bitmap and LZ4 sequences in front of them, moving them only when those take another
         * number of bytes than the last such page's (a page of another size or kind). LZ4 values with a run
         * of one byte value ({@link Lz4LiteralRun#hasRun}), or too short for LZ4's end rules, go to {@link
         * #writePage} with the rest of the page after all. Not for TEXT, STRING and BLOB columns, whose pages
         * are checked against {@link TsChunkReader#MAX_PAGE_BYTES} before they reach the chunk.
         */
        private void finishPageInPlace(TsTableSchema.Column c, int a, int b, TsStatistics header, int p0) {
            Compression comp = c.compression();
            boolean lz4 = comp != Compression.UNCOMPRESSED;
            int headLen = body.size();
            int guess = inPlaceLead;
            int valuesLen = chunk.size() - p0 - guess;
            if ((long) headLen + valuesLen > maxPageBytes) {
                chunk.setSize(p0);
                checkPageSize(c, a, b, (long) headLen + valuesLen);
            }
            if (lz4
                    && (valuesLen < Lz4LiteralRun.MIN_TAIL
                            || literalRun.hasRun(chunk.array(), p0 + guess, valuesLen))) {
                // too few values after the bitmap's matches for LZ4's end rules, or values with a run
                // of one byte value the literal run of the whole page makes a match of: the usual way
                body.write(chunk.array(), p0 + guess, valuesLen);
                chunk.setSize(p0);
                writePage(body.array(), body.size(), comp, header);
                return;
            }
            int statsBytes = serializeStats(header);
            int len = headLen + valuesLen;
            int blockLead = lz4 ? literalRun.lead(valuesLen) : headLen;
            int clen = blockLead + valuesLen;
            int lead = ByteIO.unsignedVarIntSize(len) + ByteIO.unsignedVarIntSize(clen) + statsBytes + blockLead;
            if (lead != guess) {
                chunk.ensure(Math.max(0, lead - guess));
                byte[] moving = chunk.array();
                System.arraycopy(moving, p0 + guess, moving, p0 + lead, valuesLen);
            }
            byte[] arr = chunk.array();
            int q = putPageHeader(arr, p0, len, clen);
            if (lz4) {
                q = literalRun.writeLead(arr, q, valuesLen);
                compressor.literalRunWritten();
            } else {
                System.arraycopy(body.array(), 0, arr, q, headLen);
                q += headLen;
            }
            chunk.setSize(q + valuesLen);
            int rows = b - a;
            if (rows != leadRows[0]) {
                leads[1] = leads[0];
                leadRows[1] = leadRows[0];
                leadRows[0] = rows;
            }
            leads[0] = lead;
        }

        /**
         * Updates the statistics with the non-null values of rows [a, b) (unless {@code statsDone}: they
         * already hold them) and encodes them in one batch: straight from the caller's arrays when {@code
         * dense} (no nulls), else gathered first.
         */
        private void encodePresent(
                ValuesWriter w,
                TsStatistics ps,
                boolean statsDone,
                TsDataType type,
                boolean dense,
                long[] times,
                Object values,
                boolean[] nulls,
                byte[][] bins,
                int a,
                int b,
                int present) {
            switch (type.storageType()) {
                case BOOLEAN: {
                    boolean[] src = (boolean[]) values;
                    long[] t = times;
                    int off = a;
                    if (!dense) {
                        if (gBooleans.length < present) {
                            gBooleans = new boolean[gTimes.length];
                        }
                        int k = 0;
                        for (int i = a; i < b; i++) {
                            if (nulls == null || !nulls[i]) {
                                gBooleans[k++] = src[i];
                            }
                        }
                        src = gBooleans;
                        t = gTimes;
                        off = 0;
                    }
                    ps.updateBooleans(t, src, off, present);
                    ((BooleanValuesWriter) w).writeBooleans(src, off, present);
                    break;
                }
                case INT32: {
                    int[] src = (int[]) values;
                    long[] t = times;
                    int off = a;
                    if (!dense) {
                        if (gInts.length < present) {
                            gInts = new int[gTimes.length];
                        }
                        int k = 0;
                        for (int i = a; i < b; i++) {
                            if (nulls == null || !nulls[i]) {
                                gInts[k++] = src[i];
                            }
                        }
                        src = gInts;
                        t = gTimes;
                        off = 0;
                    }
                    ps.updateInts(kernels, t, src, off, present);
                    ((IntValuesWriter) w).writeIntegers(src, off, present);
                    break;
                }
                case INT64: {
                    long[] src = (long[]) values;
                    long[] t = times;
                    int off = a;
                    if (!dense) {
                        if (gLongs.length < present) {
                            gLongs = new long[gTimes.length];
                        }
                        int k = 0;
                        for (int i = a; i < b; i++) {
                            if (nulls == null || !nulls[i]) {
                                gLongs[k++] = src[i];
                            }
                        }
                        src = gLongs;
                        t = gTimes;
                        off = 0;
                    }
                    if (!statsDone) {
                        ps.updateLongs(kernels, t, src, off, present);
                    }
                    ((LongValuesWriter) w).writeLongs(src, off, present);
                    break;
                }
                case FLOAT: {
                    float[] src = (float[]) values;
                    long[] t = times;
                    int off = a;
                    if (!dense) {
                        if (gFloats.length < present) {
                            gFloats = new float[gTimes.length];
                        }
                        int k = 0;
                        for (int i = a; i < b; i++) {
                            if (nulls == null || !nulls[i]) {
                                gFloats[k++] = src[i];
                            }
                        }
                        src = gFloats;
                        t = gTimes;
                        off = 0;
                    }
                    if (!statsDone) {
                        ps.updateFloats(kernels, t, src, off, present);
                    }
                    ((FloatValuesWriter) w).writeFloats(src, off, present);
                    break;
                }
                case DOUBLE: {
                    double[] src = (double[]) values;
                    long[] t = times;
                    int off = a;
                    if (!dense) {
                        if (gDoubles.length < present) {
                            gDoubles = new double[gTimes.length];
                        }
                        int k = 0;
                        for (int i = a; i < b; i++) {
                            if (nulls == null || !nulls[i]) {
                                gDoubles[k++] = src[i];
                            }
                        }
                        src = gDoubles;
                        t = gTimes;
                        off = 0;
                    }
                    if (!statsDone) {
                        ps.updateDoubles(kernels, t, src, off, present);
                    }
                    ((DoubleValuesWriter) w).writeDoubles(src, off, present);
                    break;
                }
                default: {
                    BinaryValuesWriter bw = (BinaryValuesWriter) w;
                    int k = 0;
                    for (int i = a; i < b; i++) {
                        if ((nulls == null || !nulls[i]) && bins[i] != null) {
                            bw.writeBinary(bins[i], 0, bins[i].length);
                            ps.updateBinary(gTimes[k++], bins[i]);
                        }
                    }
                    break;
                }
            }
        }

        /** Appends a page (header + compressed payload) to {@link #chunk}. */
        void writePage(byte[] payload, int len, Compression c, TsStatistics stats) {
            int room = c == Compression.UNCOMPRESSED ? -1 : CompressionCodecs.maxCompressedLength(c, len);
            if (room >= 0) {
                writeCompressedPage(payload, len, c, stats, room);
                return;
            }
            byte[] comp = null;
            int clen = len;
            if (c != Compression.UNCOMPRESSED) {
                comp = CompressionCodecs.compress(c, payload, 0, len);
                clen = comp.length;
            }
            chunk.writeUnsignedVarInt(len);
            chunk.writeUnsignedVarInt(clen);
            if (stats != null) {
                stats.writeTo(chunk);
            }
            if (comp == null) {
                chunk.write(payload, 0, len);
            } else {
                chunk.write(comp, 0, clen);
            }
        }

        /**
         * {@link #writePage} for a codec with a compressed-size bound: compresses straight into {@link
         * #chunk} after the page header, guessing that the compressed size's varint is as long as the
         * bound's (the payload moves by a few bytes when it is not).
         */
        private void writeCompressedPage(byte[] payload, int len, Compression c, TsStatistics stats, int room) {
            int statsBytes = serializeStats(stats);
            int lenBytes = ByteIO.unsignedVarIntSize(len);
            int guess = ByteIO.unsignedVarIntSize(room);
            int head = lenBytes + guess + statsBytes;
            if ((long) head + room + 4 > Integer.MAX_VALUE - 16) {
                // summed in int, the room asked of the chunk would wrap around and look small
                throw new IllegalStateException("a page of " + len + " bytes with " + statsBytes
                        + " bytes of statistics: its compressed form may not fit a 2 GiB chunk");
            }
            // + 4: the compressed size's varint may turn out longer than guessed (at most 5 bytes)
            int p = chunk.ensure(head + room + 4);
            byte[] a = chunk.array();
            int clen = compressor.compressInto(c, payload, 0, len, a, p + head);
            int actual = ByteIO.unsignedVarIntSize(clen);
            if (actual != guess) {
                System.arraycopy(a, p + head, a, p + head - guess + actual, clen);
            }
            chunk.setSize(putPageHeader(a, p, len, clen) + clen);
        }

        /** Serializes a page's statistics (none when null) into {@link #pageStats}; returns their size. */
        private int serializeStats(TsStatistics stats) {
            pageStats.reset();
            if (stats != null) {
                stats.writeTo(pageStats);
            }
            return pageStats.size();
        }

        /**
         * Writes a page header at {@code a[p]}: the page's size, its compressed size and the statistics
         * {@link #serializeStats} left in {@link #pageStats}; returns where the page's bytes start.
         */
        private int putPageHeader(byte[] a, int p, int len, int clen) {
            int q = ByteIO.putUnsignedVarInt(a, p, len);
            q = ByteIO.putUnsignedVarInt(a, q, clen);
            System.arraycopy(pageStats.array(), 0, a, q, pageStats.size());
            return q + pageStats.size();
        }

        /** Bytes of the finished chunk: its header and its pages. */
        long size() {
            return (long) out.size() + chunk.size();
        }

        /** Writes the finished chunk: its header, then its pages. */
        void writeTo(OutputStream stream) throws IOException {
            stream.write(out.array(), 0, out.size());
            stream.write(chunk.array(), 0, chunk.size());
        }

        /** Writes the chunk header for {@link #chunk} to {@link #out}. */
        void writeChunk(int mask, String name, TsDataType type, Compression c, TsEncoding e, int pages) {
            int marker = mask | (pages > 1 ? TsChunkHeader.CHUNK_HEADER : TsChunkHeader.ONLY_ONE_PAGE_CHUNK_HEADER);
            new TsChunkHeader(marker, name, chunk.size(), type, c, e, 0).writeTo(out);
        }
    }

    static void writeDeviceId(ByteSink s, String[] id) {
        s.writeUnsignedVarInt(id.length);
        for (String seg : id) {
            TsStrings.writeVarString(s, seg);
        }
    }

    /** Device order of TsFile's index: segment by segment, null first, then by segment count. */
    static int compareDeviceIds(String[] a, String[] b) {
        int n = Math.min(a.length, b.length);
        for (int i = 0; i < n; i++) {
            if (a[i] == null || b[i] == null) {
                if (a[i] != b[i]) {
                    return a[i] == null ? -1 : 1;
                }
                continue;
            }
            int c = a[i].compareTo(b[i]);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.length, b.length);
    }

    // ---- metadata ------------------------------------------------------------------------------

    /** Writes the metadata and the tail; the stream stays open. */
    @Override
    public void close() throws IOException {
        if (closed) {
            if (closeFailure != null) {
                // a second close (try-with-resources after an explicit one) must not report a good file
                throw new IOException("the file was not finished: an earlier close failed", closeFailure);
            }
            return;
        }
        closed = true;
        try {
            if (!ownsStream) {
                writeMetadata();
                return;
            }
            try (OutputStream owned = out) {
                writeMetadata();
            }
        } catch (IOException | RuntimeException | Error e) {
            closeFailure = e;
            throw e;
        }
    }

    /** The file's tail: the metadata index of every table, the file metadata, the bloom filter. */
    private void writeMetadata() throws IOException {
        long metaOffset = position;
        sink.write(TsFileReader.SEPARATOR);
        flushSink();
        // laid out as tsfile 2.4.0 lays its index out: the timeseries metadata of every device first (tables
        // by name, each table's devices in id order), the levels of a device's measurement index below its
        // root right after its series; then per table each device's measurement root where its device entry
        // points, and the levels of the device index below the table's root; a table without devices gets
        // no index
        List<String> tables = new ArrayList<>(devices.keySet());
        tables.sort(null);
        Map<String, List<DeviceState>> byTable = new LinkedHashMap<>();
        Map<DeviceState, byte[]> measurementRoots = new java.util.IdentityHashMap<>();
        for (String table : tables) {
            List<DeviceState> devs = new ArrayList<>(devices.get(table).values());
            devs.sort((x, y) -> compareDeviceIds(x.id, y.id));
            byTable.put(table, devs);
            for (DeviceState d : devs) {
                measurementRoots.put(d, writeDeviceSeries(d));
            }
        }
        Map<String, byte[]> tableRoots = new LinkedHashMap<>();
        for (Map.Entry<String, List<DeviceState>> te : byTable.entrySet()) {
            if (te.getValue().isEmpty()) {
                continue;
            }
            List<Object> keys = new ArrayList<>();
            List<Long> offsets = new ArrayList<>();
            for (DeviceState d : te.getValue()) {
                keys.add(d.id);
                offsets.add(position);
                byte[] root = measurementRoots.get(d);
                sink.write(root, 0, root.length);
                flushSink();
            }
            tableRoots.put(te.getKey(), buildTree(keys, offsets, position, true));
        }
        // file metadata
        long metaStart = position;
        sink.writeUnsignedVarInt(tableRoots.size());
        for (Map.Entry<String, byte[]> e : tableRoots.entrySet()) {
            TsStrings.writeVarString(sink, e.getKey());
            sink.write(e.getValue(), 0, e.getValue().length);
        }
        sink.writeUnsignedVarInt(schemas.size());
        for (TsTableSchema s : schemas.values()) {
            TsStrings.writeVarString(sink, s.tableName());
            s.writeTo(sink);
        }
        sink.writeLongBE(metaOffset);
        writeBloomFilter(sink);
        // the properties, always with their count (the C++ reader of the Python tsfile package reads the
        // count and fails on a file that ends after the bloom filter); a zigzag count, as tsfile writes it
        sink.writeZigZagVarInt(properties.size());
        for (Map.Entry<String, String> e : properties.entrySet()) {
            TsStrings.writeVarString(sink, e.getKey());
            TsStrings.writeVarString(sink, e.getValue());
        }
        int metaSize = (int) (position + sink.size() - metaStart);
        sink.writeIntBE(metaSize);
        sink.write(TsFileReader.MAGIC, 0, TsFileReader.MAGIC.length);
        flushSink();
        out.flush();
    }

    /**
     * Writes the bloom filter tsfile 2.4.0 writes: every series path ({@link TsBloomFilter#seriesPath}),
     * sized for the number of chunks at the default error rate. A file without series gets the empty
     * form with a zero bit count and hash count, which both tsfile's Java and C++ readers accept.
     */
    private void writeBloomFilter(ByteSink s) {
        int chunks = 0;
        for (Map<List<String>, DeviceState> table : devices.values()) {
            for (DeviceState d : table.values()) {
                for (List<ChunkMeta> c : d.series.values()) {
                    chunks += c.size();
                }
            }
        }
        if (chunks == 0) {
            s.writeUnsignedVarInt(0);
            s.writeUnsignedVarInt(0);
            s.writeUnsignedVarInt(0);
            return;
        }
        TsBloomFilter filter = TsBloomFilter.sizedFor(chunks, TsBloomFilter.DEFAULT_ERROR_RATE);
        for (Map<List<String>, DeviceState> table : devices.values()) {
            for (DeviceState d : table.values()) {
                for (String name : d.series.keySet()) {
                    filter.add(TsBloomFilter.seriesPath(d.id, name));
                }
            }
        }
        filter.writeTo(s);
    }

    /**
     * Writes a device's timeseries metadata and the levels of its measurement index below the root; returns
     * the root, not written.
     */
    private byte[] writeDeviceSeries(DeviceState d) throws IOException {
        List<String> names = new ArrayList<>(d.series.keySet());
        names.sort(null); // "" (time) first
        // the index has an entry for every 256th series, as tsfile's (a reader finds a series after its
        // group's entry)
        List<Object> keys = new ArrayList<>();
        List<Long> offsets = new ArrayList<>();
        for (int n = 0; n < names.size(); n++) {
            String name = names.get(n);
            List<ChunkMeta> chunks = d.series.get(name);
            TsDataType type = d.types.get(name);
            boolean time = name.isEmpty();
            boolean multi = chunks.size() > 1;
            TsStatistics total = new TsStatistics(type);
            ByteSink list = new ByteSink();
            for (ChunkMeta cm : chunks) {
                total.merge(cm.stats);
                list.writeLongBE(cm.offset);
                if (multi) {
                    cm.stats.writeTo(list);
                }
            }
            if (n % MAX_INDEX_DEGREE == 0) {
                keys.add(name);
                offsets.add(position + sink.size());
            }
            sink.write((time ? TsChunkHeader.TIME_COLUMN_MASK : TsChunkHeader.VALUE_COLUMN_MASK) | (multi ? 1 : 0));
            TsStrings.writeVarString(sink, name);
            sink.write(type.serialized());
            sink.writeUnsignedVarInt(list.size());
            total.writeTo(sink);
            sink.write(list);
        }
        long end = position + sink.size();
        flushSink();
        return buildTree(keys, offsets, end, false);
    }

    /**
     * Writes every level of an index below its root and returns the serialized root. Leaves hold up to
     * 256 entries (key, child offset); {@code end} is where the last child ends.
     */
    private byte[] buildTree(List<Object> keys, List<Long> offsets, long end, boolean deviceLevel) throws IOException {
        int leafType = deviceLevel ? TsFileReader.LEAF_DEVICE : TsFileReader.LEAF_MEASUREMENT;
        int internalType = deviceLevel ? TsFileReader.INTERNAL_DEVICE : TsFileReader.INTERNAL_MEASUREMENT;
        int type = leafType;
        while (true) {
            int groups = Math.max(1, (keys.size() + MAX_INDEX_DEGREE - 1) / MAX_INDEX_DEGREE);
            if (groups == 1) {
                ByteSink root = new ByteSink();
                writeNode(root, keys, offsets, 0, keys.size(), end, type, deviceLevel);
                return root.toByteArray();
            }
            List<Object> nextKeys = new ArrayList<>();
            List<Long> nextOffsets = new ArrayList<>();
            for (int g = 0; g < groups; g++) {
                int a = g * MAX_INDEX_DEGREE;
                int b = Math.min(keys.size(), a + MAX_INDEX_DEGREE);
                long nodeEnd = b < keys.size() ? offsets.get(b) : end;
                nextKeys.add(keys.get(a));
                nextOffsets.add(position);
                writeNode(sink, keys, offsets, a, b, nodeEnd, type, deviceLevel);
                flushSink();
            }
            keys = nextKeys;
            offsets = nextOffsets;
            end = position;
            type = internalType;
        }
    }

    private static void writeNode(
            ByteSink s, List<Object> keys, List<Long> offsets, int a, int b, long end, int type, boolean deviceLevel) {
        s.writeUnsignedVarInt(b - a);
        for (int i = a; i < b; i++) {
            if (deviceLevel) {
                writeDeviceId(s, (String[]) keys.get(i));
            } else {
                TsStrings.writeVarString(s, (String) keys.get(i));
            }
            s.writeLongBE(offsets.get(i));
        }
        s.writeLongBE(end);
        s.write(type);
    }
}
