package dev.colcodec.format.tsfile;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.compress.CompressionCodecs;
import dev.colcodec.format.io.FanOut;
import dev.colcodec.io.ByteCursor;
import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import dev.colcodec.tsfile.sprintz.SprintzReader;
import dev.colcodec.tsfile.ts2diff.Ts2DiffLongReader;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesReader;
import dev.colcodec.values.BooleanValuesReader;
import dev.colcodec.values.DoubleValuesReader;
import dev.colcodec.values.FloatValuesReader;
import dev.colcodec.values.IntValuesReader;
import dev.colcodec.values.LongValuesReader;
import dev.colcodec.values.ValuesReader;
import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Decodes TsFile chunks held in a byte array into {@link TsBlock}s, keeping only rows whose time is in
 * {@code [minTime, maxTime]}.
 *
 * <p>Aligned chunks (a time chunk plus one value chunk per column, pages cut at the same rows) are
 * decoded page by page: the time page once, pruned by its statistics and, under TS_2DIFF, by block
 * peeking (blocks wholly before {@code minTime} are skipped undecoded, decoding stops at the first
 * block after {@code maxTime}); the kept row range is then shared by every value page, whose null
 * bitmap (MSB-first, bit set = present) places the non-null values. Times in a chunk must be
 * non-decreasing, so the kept rows of a page are one contiguous range.
 *
 * <p>An instance holds scratch buffers and is not thread-safe; reuse it across chunks.
 */
public final class TsChunkReader {
    /** Largest decompressed page accepted. */
    public static final int MAX_PAGE_BYTES = 1 << 28;
    /** Largest row count of one page accepted. */
    public static final int MAX_PAGE_ROWS = 1 << 22;

    /** Pages left undecoded because their statistics lie outside the time range (aligned: time pages). */
    private long pagesSkipped;
    /** TS_2DIFF blocks of time pages skipped undecoded by peeking at their headers. */
    private long timeBlocksSkipped;
    /** The file reader's counts, which this reader adds to as well; or null. */
    private final TsFileReader.SkipCounts fileCounts;

    /** The kernels of the value readers: the same values whichever set. */
    private final Kernels kernels;

    /** A reader decoding with {@link KernelProvider#best()}. */
    public TsChunkReader() {
        this(KernelProvider.best());
    }

    /** A reader decoding values with {@code kernels}. */
    public TsChunkReader(Kernels kernels) {
        this(null, kernels);
    }

    /** A reader that adds what it skips to {@code fileCounts} as well (the file reader's queries). */
    TsChunkReader(TsFileReader.SkipCounts fileCounts, Kernels kernels) {
        this.fileCounts = fileCounts;
        this.kernels = java.util.Objects.requireNonNull(kernels, "kernels");
    }

    private void skippedPages(int n) {
        pagesSkipped += n;
        if (fileCounts != null) {
            fileCounts.pages.add(n);
        }
    }

    /**
     * Pages this reader has left undecoded since it was made because their statistics put them outside
     * the time range asked for (for aligned chunks, time pages, whose value pages are skipped with them).
     */
    public long pagesSkipped() {
        return pagesSkipped;
    }

    /**
     * Blocks of TS_2DIFF time pages this reader has skipped since it was made without decoding them: blocks
     * whose following block starts before the range, seen by peeking at block headers.
     */
    public long timeBlocksSkipped() {
        return timeBlocksSkipped;
    }

    private final ByteCursor cursor = new ByteCursor();
    private long[] timeScratch = new long[0];
    private final Page timePage = new Page();

    /** A chunk's header and page table. */
    static final class Chunk {
        /**
         * The bytes holding the chunk (the whole file, or just this chunk); page offsets index into it.
         * Null for a chunk whose page payloads are read from {@link #file} when needed.
         */
        byte[] data;
        /** Reads page payloads of a chunk without {@link #data}. */
        FileBytes file;

        /**
         * The file offset of index 0 of {@link #data} (0 when it holds the whole file), or, for a chunk
         * without data, of the offsets in {@link #payloadOffsets}: a page's payload starts at file offset
         * {@code base + payloadOffsets[i]}.
         */
        long base;

        TsChunkHeader header;
        /**
         * The last time an aligned read kept from this time chunk's pages so far: the next page's times
         * must not start before it (a chunk's pages follow in time order, which page pruning relies on).
         */
        long lastKeptTime = Long.MIN_VALUE;

        /**
         * The chunk's row count from the file's metadata (its chunk statistics), or -1 when the chunk was
         * not found through the metadata. The one page of a single-page chunk has no statistics of its
         * own: this is then its row count, which a time page of an encoding that does not say how many
         * values it holds needs when no value page gives it.
         */
        int metadataRows = -1;

        /**
         * The chunk's statistics from the file's metadata, or null when the chunk was not found through the
         * metadata: the statistics of the one page of a single-page chunk.
         */
        TsStatistics metadataStatistics;

        /** Page {@code p}'s statistics: its own, or for the one page of a single-page chunk the chunk's; null when neither is known. */
        TsStatistics pageStatistics(int p) {
            TsStatistics st = pages[p].statistics();
            return st != null ? st : pageCount == 1 ? metadataStatistics : null;
        }

        /**
         * Page {@code p}'s row count: its statistics, or for the one page of a single-page chunk (which has
         * none) the chunk's statistics; -1 when neither is known.
         */
        int pageRows(int p) {
            TsStatistics st = pages[p].statistics();
            return st != null ? st.count : pageCount == 1 ? metadataRows : -1;
        }

        int pageCount;
        TsPageHeader[] pages = new TsPageHeader[4];
        int[] payloadOffsets = new int[4];

        void addPage(TsPageHeader ph, int payloadOffset) {
            if (pageCount == pages.length) {
                pages = Arrays.copyOf(pages, pageCount * 2);
                payloadOffsets = Arrays.copyOf(payloadOffsets, pageCount * 2);
            }
            pages[pageCount] = ph;
            payloadOffsets[pageCount] = payloadOffset;
            pageCount++;
        }
    }

    /** Positional reads of a file: {@code len} bytes at file offset {@code offset} into {@code dst[off, off + len)}. */
    interface FileBytes {
        void read(long offset, byte[] dst, int off, int len);

        /**
         * Decompresses the {@code len} bytes of {@code codec} at file {@code offset} into {@code dst[0,
         * size)} straight from the file's bytes, without copying them out first, if this source can (a
         * memory-mapped file and a codec {@link CompressionCodecs#decompressesFromBuffer} accepts);
         * returns false, having done nothing, otherwise.
         */
        default boolean decompressInPlace(Compression codec, long offset, int len, byte[] dst, int size) {
            return false;
        }
    }

    /** Bytes first read for a page header; a longer header (long string statistics) is read again. */
    private static final int PAGE_HEADER_WINDOW = 256;

    /** Bytes read for the page headers that follow a page of fewer than {@link #PAGE_HEADER_WINDOW} bytes. */
    private static final int SMALL_PAGES_WINDOW = 8192;

    /**
     * A chunk whose page headers are read from {@code file} one by one, and whose payloads are read only
     * when {@link #loadPage} needs them: for chunks of which a query wants a few pages. {@code header}
     * was read at file offset {@code base}; its data starts {@code dataStart} bytes later. Exceptions
     * carry offsets relative to {@code base}. Payloads go into the {@link Page}'s reused buffer, so a
     * chunk read page by page stays in the cache between its read, decompression and decoding.
     */
    static Chunk parsePageHeaders(TsChunkHeader header, long base, int dataStart, FileBytes file) {
        Chunk c = new Chunk();
        c.header = header;
        c.base = base;
        c.file = file;
        boolean single = header.singlePage();
        TsDataType statsType = header.dataType();
        int pos = dataStart;
        int end = dataStart + header.dataSize();
        // b holds the chunk's bytes [bufStart, bufStart + bufLen): the headers of small pages that it holds
        // are parsed without reading again
        byte[] b = new byte[PAGE_HEADER_WINDOW];
        int bufStart = pos;
        int bufLen = 0;
        boolean smallPages = false;
        while (pos < end) {
            if (single && c.pageCount == 1) {
                throw new CorruptInputException(pos, "one page in a single-page chunk");
            }
            TsPageHeader ph;
            int headerLen;
            if (pos >= bufStart + bufLen) {
                // after a small page, many headers at once (the next pages are likely small too)
                bufLen = Math.min(smallPages ? SMALL_PAGES_WINDOW : PAGE_HEADER_WINDOW, end - pos);
                if (b.length < bufLen) {
                    b = new byte[bufLen];
                }
                bufStart = pos;
                file.read(base + pos, b, 0, bufLen);
            }
            while (true) {
                int rel = pos - bufStart;
                ByteCursor in = new ByteCursor(b, rel, bufLen - rel);
                try {
                    ph = TsPageHeader.readHeaderOnly(in, statsType, !single);
                    headerLen = in.position() - rel;
                    break;
                } catch (CorruptInputException e) {
                    if (bufStart + bufLen == end) {
                        throw new CorruptInputException(bufStart + e.offset(), e.expected(), e);
                    }
                    // the header goes on past the bytes held: read from it, 16 times what was left of them
                    // (long string statistics)
                    int window = (int) Math.min(end - pos, Math.max(PAGE_HEADER_WINDOW, (bufLen - rel) * 16L));
                    if (b.length < window) {
                        b = new byte[window];
                    }
                    bufStart = pos;
                    bufLen = window;
                    file.read(base + pos, b, 0, window);
                }
            }
            int payload = pos + headerLen;
            if (ph.compressedSize() > end - payload) {
                throw new CorruptInputException(
                        pos,
                        "a page of " + ph.compressedSize() + " compressed bytes, but " + (end - payload) + " remain");
            }
            c.addPage(ph, payload);
            pos = payload + ph.compressedSize();
            smallPages = headerLen + ph.compressedSize() < PAGE_HEADER_WINDOW;
        }
        return c;
    }

    private static final byte[] NO_BYTES = new byte[0];

    /** A decompressed page payload. */
    static final class Page {
        byte[] buf = new byte[0];
        int off;
        int len;
        byte[] scratch = new byte[0];
        /** The compressed payload of a page read from a file ({@link Chunk#file}), reused. */
        byte[] raw = NO_BYTES;
        /** The file offset of {@code buf[0]} when {@code buf} holds the file's bytes; -1 for a decompressed page. */
        long bufBase;
        /** The file offset of the page's payload (its compressed bytes). */
        long payloadAt;

        /**
         * An error of decoding this page, whose offset indexes {@link #buf}, as the caller sees it: at its
         * file offset when the page was read in place, else at the page's payload with the offset in the
         * decompressed bytes.
         */
        CorruptInputException inFile(CorruptInputException e) {
            if (bufBase >= 0) {
                return new CorruptInputException(bufBase + e.offset(), e.expected(), e);
            }
            return new CorruptInputException(
                    payloadAt,
                    "a valid page (" + e.expected() + " at offset " + (e.offset() - off) + " of its " + len
                            + " decompressed bytes)",
                    e);
        }
    }

    /**
     * Parses the chunk header at {@code offset} and its page headers; every byte stays before {@code limit}.
     * Uses no state of the reader, so chunks may be parsed on several threads at once.
     */
    static Chunk parseChunk(byte[] file, int offset, int limit) {
        if (offset < 0 || offset >= limit || limit > file.length) {
            throw new CorruptInputException(offset, "a chunk offset inside the data area [0, " + limit + ")");
        }
        ByteCursor in = new ByteCursor(file, offset, limit - offset);
        Chunk c = new Chunk();
        c.data = file;
        c.header = TsChunkHeader.read(in);
        int dataStart = in.position();
        ByteCursor pages = in.reset(file, dataStart, c.header.dataSize());
        boolean single = c.header.singlePage();
        TsDataType statsType = c.header.dataType();
        while (pages.hasRemaining()) {
            if (single && c.pageCount == 1) {
                throw new CorruptInputException(pages.position(), "one page in a single-page chunk");
            }
            TsPageHeader ph = TsPageHeader.read(pages, statsType, !single);
            c.addPage(ph, pages.position());
            pages.skip(ph.compressedSize(), "page payload");
        }
        return c;
    }

    /**
     * Rows the page headers of time chunk {@code c} state, bounded by 64 rows per byte of the chunk
     * group ({@code groupBytes}), or 0 when a page states none: a capacity hint, never trusted for
     * decoding, and never an allocation the file's bytes cannot justify.
     */
    static int plausibleRows(Chunk c, long groupBytes) {
        long rows = 0;
        for (int i = 0; i < c.pageCount; i++) {
            TsStatistics st = c.pages[i].statistics();
            if (st == null) {
                return 0;
            }
            rows += Math.max(0, st.count);
        }
        return (int) Math.min(rows, Math.min(MAX_PAGE_ROWS, 64L * groupBytes + 1024));
    }

    /** Whether the values are of fixed width (not text or blobs): it picks colcodec's SNAPPY decoder. */
    private static boolean fixedWidth(TsDataType t) {
        return t.storageType() != TsDataType.TEXT && t != TsDataType.OBJECT;
    }

    /**
     * Makes page {@code i} of {@code c} readable in {@code p}: in place, read from the file, or
     * decompressed. Errors carry file offsets (for a chunk in an array, offsets of {@link Chunk#base}
     * plus indexes into it).
     */
    private static void loadPage(Chunk c, int i, Page p) {
        byte[] file = c.data;
        TsPageHeader ph = c.pages[i];
        int at = c.payloadOffsets[i];
        long payloadAt = c.base + at;
        // the file offset of file[0]
        long fileBase = c.base;
        p.payloadAt = payloadAt;
        if (file == null) {
            file = NO_BYTES;
            Compression codec = c.header.compression();
            if (!ph.isEmpty()
                    && CompressionCodecs.decompressesFromBuffer(codec, ph.compressedSize(), ph.uncompressedSize())) {
                int size = checkedScratch(p, ph, codec, payloadAt);
                // errors carry file offsets: the source indexes the file
                if (c.file.decompressInPlace(codec, payloadAt, ph.compressedSize(), p.scratch, size)) {
                    p.buf = p.scratch;
                    p.off = 0;
                    p.len = size;
                    p.bufBase = -1;
                    return;
                }
            }
            if (!ph.isEmpty()) {
                int n = ph.compressedSize(); // parsePageHeaders checked it against the chunk's data size
                if (p.raw.length < n) {
                    p.raw = new byte[Math.max(n, Math.min(MAX_PAGE_BYTES, p.raw.length * 2))];
                }
                c.file.read(payloadAt, p.raw, 0, n);
                file = p.raw;
            }
            at = 0;
            fileBase = payloadAt;
        }
        if (ph.isEmpty()) {
            p.buf = file;
            p.off = at;
            p.len = 0;
            p.bufBase = fileBase;
            return;
        }
        int size = ph.uncompressedSize();
        if (size > MAX_PAGE_BYTES) {
            throw new CorruptInputException(
                    payloadAt, "a page of at most " + MAX_PAGE_BYTES + " bytes (header says " + size + ")");
        }
        Compression comp = c.header.compression();
        if (comp == Compression.UNCOMPRESSED) {
            if (size != ph.compressedSize()) {
                throw new CorruptInputException(payloadAt, "equal sizes in an uncompressed page header");
            }
            p.buf = file;
            p.off = at;
            p.len = size;
            p.bufBase = fileBase;
            return;
        }
        // a snappy block or zstd frame states its size: checked before allocating for the header's claim
        // (as a page decompressed from a mapped file is)
        try {
            CompressionCodecs.checkFrameHeader(comp, file, at, ph.compressedSize(), size);
        } catch (CorruptInputException e) {
            throw new CorruptInputException(fileBase + e.offset(), e.expected(), e);
        }
        checkedScratch(p, ph, comp, payloadAt);
        try {
            CompressionCodecs.decompressInto(
                    comp, file, at, ph.compressedSize(), p.scratch, 0, size, fixedWidth(c.header.dataType()));
        } catch (CorruptInputException e) {
            throw new CorruptInputException(fileBase + e.offset(), e.expected(), e);
        }
        p.buf = p.scratch;
        p.off = 0;
        p.len = size;
        p.bufBase = -1;
    }

    /**
     * Makes {@code p.scratch} hold the page's uncompressed size, after checking that size against the page
     * limit and what {@code comp} can honestly expand the compressed bytes to; returns the size.
     */
    private static int checkedScratch(Page p, TsPageHeader ph, Compression comp, long at) {
        int size = ph.uncompressedSize();
        if (size > MAX_PAGE_BYTES) {
            throw new CorruptInputException(
                    at, "a page of at most " + MAX_PAGE_BYTES + " bytes (header says " + size + ")");
        }
        if (p.scratch.length < size) {
            // bounded by the codec's ratio check inside decompressInto before anything is written
            long honest = (long) ph.compressedSize() * comp.maxRatio() + 64;
            if (size > honest) {
                throw new CorruptInputException(at, "at most " + honest + " bytes from a " + comp + " page");
            }
            p.scratch = new byte[Math.max(size, Math.min(MAX_PAGE_BYTES, p.scratch.length * 2))];
        }
        return size;
    }

    // ---- aligned ---------------------------------------------------------------------------------

    /**
     * Appends to {@code out} the rows of an aligned chunk group part whose time is in {@code [minTime,
     * maxTime]}: the time chunk at {@code timeChunkOffset} and, for block column {@code i}, the value
     * chunk at {@code valueChunkOffsets[i]} ({@code -1}: the column has no chunk here, all rows null).
     * {@code limit} bounds every read (the end of the chunk area). A chunk read by offset has no metadata:
     * a single-page time chunk whose encoding is neither TS_2DIFF nor PLAIN (such pages do not say how
     * many times they hold) needs a value chunk with a page to count its rows; {@link TsFileReader} takes
     * the count from the chunk's statistics instead.
     */
    public void readAligned(
            byte[] file,
            int limit,
            int timeChunkOffset,
            int[] valueChunkOffsets,
            long minTime,
            long maxTime,
            TsBlock out) {
        readAligned(file, limit, timeChunkOffset, valueChunkOffsets, minTime, maxTime, out, null);
    }

    /** Per-column decode state, so columns can be decoded on different threads. */
    private static final class ColumnState {
        final Page page = new Page();
        final BinaryBatch binaryScratch = new BinaryBatch();
        /** The reader of the last chunk this column decoded, reused while the encoding and type stay. */
        ValuesReader reader;

        TsEncoding encoding;
        TsDataType type;
        /** For SPRINTZ pages, made when first needed. */
        SprintzSigns signs;

        SprintzSigns signs(Kernels kernels) {
            if (signs == null) {
                signs = new SprintzSigns(kernels);
            }
            return signs;
        }

        ValuesReader reader(TsChunkReader owner, TsEncoding e, TsDataType t, long chunkOffset) {
            if (reader == null || e != encoding || t != type) {
                reader = owner.codec(e, t, chunkOffset);
                encoding = e;
                type = t;
            }
            return reader;
        }
    }

    private final ColumnState timeState = new ColumnState();
    /** The value reader and SPRINTZ check's arrays of {@link #readNonAligned}, kept from chunk to chunk. */
    private final ColumnState nonAlignedState = new ColumnState();
    /** The time reader of {@link #readNonAligned}, kept from chunk to chunk. */
    private final ColumnState nonAlignedTimeState = new ColumnState();

    private ColumnState[] columnStates = new ColumnState[0];
    private int[] keptPage = new int[0];
    private int[] keptLo = new int[0];
    private int[] keptK = new int[0];
    private int[] keptRows = new int[0];

    /**
     * As {@link #readAligned(byte[], int, int, int[], long, long, TsBlock)}; with a non-null {@code
     * pool} the value columns are decoded in parallel by the calling thread and the pool's threads less
     * one, or less two with an {@link #externalHelper} (the time column is decoded first, once).
     * The result does not depend on the pool or its size.
     */
    public void readAligned(
            byte[] file,
            int limit,
            int timeChunkOffset,
            int[] valueChunkOffsets,
            long minTime,
            long maxTime,
            TsBlock out,
            ForkJoinPool pool) {
        int ncol = out.columnCount();
        if (valueChunkOffsets.length != ncol) {
            throw new IllegalArgumentException("one value chunk offset per block column");
        }
        Chunk time = parseChunk(file, timeChunkOffset, limit);
        Chunk[] values = new Chunk[ncol];
        long[] valueOffsets = new long[ncol];
        for (int i = 0; i < ncol; i++) {
            valueOffsets[i] = valueChunkOffsets[i];
            if (valueChunkOffsets[i] >= 0) {
                values[i] = parseChunk(file, valueChunkOffsets[i], limit);
            }
        }
        readAligned(time, timeChunkOffset, values, valueOffsets, minTime, maxTime, out, pool);
    }

    /**
     * The aligned read over parsed chunks: {@code time} (at file offset {@code timeChunkOffset}) and per
     * block column its value chunk (null: no chunk, all rows null) at {@code valueChunkOffsets[i]}.
     */
    void readAligned(
            Chunk time,
            long timeChunkOffset,
            Chunk[] valueChunks,
            long[] valueChunkOffsets,
            long minTime,
            long maxTime,
            TsBlock out,
            ForkJoinPool pool) {
        readAligned(
                time,
                timeChunkOffset,
                valueChunks,
                valueChunkOffsets,
                minTime,
                maxTime,
                out,
                pool,
                0,
                Integer.MAX_VALUE);
    }

    /**
     * As {@link #readAligned(Chunk, long, Chunk[], long[], long, long, TsBlock, ForkJoinPool)} over the
     * pages from {@code firstPage} on, stopping at a page boundary before the rows appended would exceed
     * {@code maxRows} (at least one page with rows in range is read, however large). Returns the index of
     * the next page to read, or the page count when the chunk group has nothing more in range.
     */
    int readAligned(
            Chunk time,
            long timeChunkOffset,
            Chunk[] valueChunks,
            long[] valueChunkOffsets,
            long minTime,
            long maxTime,
            TsBlock out,
            ForkJoinPool pool,
            int firstPage,
            int maxRows) {
        int ncol = out.columnCount();
        if (!time.header.isTimeChunk() || time.header.dataType() != TsDataType.VECTOR) {
            throw new CorruptInputException(timeChunkOffset, "an aligned time chunk (got " + time.header + ")");
        }
        if (time.pageCount == 0) {
            throw new CorruptInputException(timeChunkOffset, "at least one page in a time chunk");
        }
        Chunk[] values = new Chunk[ncol];
        ValuesReader[] readers = new ValuesReader[ncol];
        if (columnStates.length < ncol) {
            int old = columnStates.length;
            columnStates = Arrays.copyOf(columnStates, ncol);
            for (int i = old; i < ncol; i++) {
                columnStates[i] = new ColumnState();
            }
        }
        for (int i = 0; i < ncol; i++) {
            Chunk v = valueChunks[i];
            if (v == null) {
                continue;
            }
            TsColumn col = out.column(i);
            if (!v.header.isValueChunk() || v.header.dataType() != col.type()) {
                throw new CorruptInputException(
                        valueChunkOffsets[i], "an aligned value chunk of " + col.type() + " (got " + v.header + ")");
            }
            if (v.pageCount == 0) {
                continue; // tsfile writes a page-less value chunk for a column null in every row
            }
            if (v.pageCount != time.pageCount) {
                throw new CorruptInputException(
                        valueChunkOffsets[i],
                        time.pageCount + " pages in a value chunk, like its time chunk (got " + v.pageCount + ")");
            }
            values[i] = v;
            readers[i] = columnStates[i].reader(this, v.header.encoding(), v.header.dataType(), valueChunkOffsets[i]);
        }
        // phase 1: the time pages, once, giving each page's kept row range
        TsEncoding timeEncoding = time.header.encoding();
        ValuesReader timeReader = timeState.reader(this, timeEncoding, TsDataType.VECTOR, timeChunkOffset);
        if (keptPage.length < time.pageCount) {
            keptPage = new int[time.pageCount];
            keptLo = new int[time.pageCount];
            keptK = new int[time.pageCount];
            keptRows = new int[time.pageCount];
        }
        int kept = 0;
        int base = out.size;
        int next = time.pageCount;
        long taken = 0;
        for (int p = firstPage; p < time.pageCount; p++) {
            TsStatistics st = time.pages[p].statistics();
            if (st != null && st.startTime > maxTime) {
                skippedPages(time.pageCount - p);
                break; // pages follow in time order
            }
            if (st != null && st.endTime < minTime) {
                skippedPages(1);
                continue;
            }
            int rows = time.pageRows(p);
            if (kept > 0 && rows >= 0 && taken + rows > maxRows) {
                next = p;
                break;
            }
            if (rows < 0 && timeEncoding != TsEncoding.TS_2DIFF && timeEncoding != TsEncoding.PLAIN) {
                // only these two time encodings can be decoded without a count: take it from a value page
                for (int i = 0; i < ncol && rows < 0; i++) {
                    if (values[i] != null) {
                        Page vp = columnStates[i].page;
                        loadPage(values[i], p, vp);
                        if (vp.len > 0) {
                            try {
                                rows = pageRowCount(vp);
                            } catch (CorruptInputException e) {
                                throw vp.inFile(e);
                            }
                        }
                    }
                }
            }
            loadPage(time, p, timePage);
            if (timePage.len == 0) {
                throw new CorruptInputException(timePage.payloadAt, "a non-empty time page");
            }
            long range;
            try {
                range = decodeTimes(
                        timeReader,
                        timeEncoding,
                        timePage.buf,
                        timePage.off,
                        timePage.len,
                        rows,
                        minTime,
                        maxTime,
                        out);
            } catch (CorruptInputException e) {
                throw timePage.inFile(e);
            }
            int k = (int) range;
            if (k == 0) {
                continue;
            }
            if (out.times[out.size] < time.lastKeptTime) {
                throw new CorruptInputException(
                        timePage.payloadAt,
                        "times from " + time.lastKeptTime + " on, after the chunk's previous page (got "
                                + out.times[out.size] + ")");
            }
            time.lastKeptTime = out.times[out.size + k - 1];
            keptPage[kept] = p;
            keptLo[kept] = (int) (range >>> 32);
            keptK[kept] = k;
            keptRows[kept] = rows;
            kept++;
            out.size += k;
            taken += k;
        }
        out.size = base;
        // phase 2: every value column over the kept ranges, independently
        int keptPages = kept;
        if (pool == null || ncol < 2) {
            for (int i = 0; i < ncol; i++) {
                decodeColumn(values[i], readers[i], out.column(i), columnStates[i], keptPages);
            }
        } else {
            ColumnFanOut f = new ColumnFanOut(values, readers, out, keptPages);
            active = f;
            try {
                f.run(pool);
            } finally {
                active = null;
            }
        }
        for (int j = 0; j < keptPages; j++) {
            out.size += keptK[j];
        }
        return next;
    }

    /**
     * The fan-out decoding value columns now, or null: a thread outside the pool that {@link
     * #helpDecode helps} joins it.
     */
    private volatile ColumnFanOut active;

    /**
     * Whether a thread outside the pool helps decode ({@link #helpDecode}, as a {@link TsScan} reading
     * ahead on the pool does): the fan-outs then ask one pool thread fewer.
     */
    boolean externalHelper;

    /**
     * Decodes value columns of the window being decoded on another thread (by {@link #readAligned} with a
     * pool) that no thread has taken yet; false when there is none (no fan-out running, or all of its
     * columns taken).
     */
    boolean helpDecode() {
        ColumnFanOut f = active;
        return f != null && f.runIfUnclaimed();
    }

    /**
     * One window's value columns, decoded by the calling thread and {@code parallelism - 1} helpers on the
     * pool (so a pool of {@code n} threads decodes on {@code n} threads, the caller one of them; with an
     * {@link #externalHelper}, {@code parallelism - 2} helpers and that thread), each claiming the next
     * column not yet taken. The caller waits only for columns a helper has claimed: a
     * helper that starts after every column is taken finds nothing to do, so no decode waits for a
     * helper thread to wake up.
     */
    private final class ColumnFanOut implements Runnable {
        private final Chunk[] values;
        private final ValuesReader[] readers;
        private final TsBlock out;
        private final int keptPages;
        /** The columns not yet taken, {@code [lo, hi)} as {@code lo << 32 | hi}. */
        private final AtomicLong untaken;
        /** Columns not yet decoded; the thread that decodes the last one wakes {@link #caller}. */
        private final AtomicInteger left;

        private final Thread caller = Thread.currentThread();
        /** Each column's failure, or null (written before the column is counted done). */
        private final Throwable[] failures;

        ColumnFanOut(Chunk[] values, ValuesReader[] readers, TsBlock out, int keptPages) {
            this.values = values;
            this.readers = readers;
            this.out = out;
            this.keptPages = keptPages;
            this.left = new AtomicInteger(out.columnCount());
            this.untaken = new AtomicLong(out.columnCount());
            this.failures = new Throwable[out.columnCount()];
        }

        void run(ForkJoinPool pool) {
            int ncol = out.columnCount();
            int helpers = externalHelper
                    ? Math.min(ncol - 1, pool.getParallelism() - 2)
                    : Math.min(ncol - 1, Math.max(1, pool.getParallelism() - 1));
            try {
                for (int h = 0; h < helpers; h++) {
                    pool.execute(this);
                }
            } catch (RejectedExecutionException e) {
                // a pool shutting down: the columns no helper takes are decoded here
            }
            run();
            int spins = 0;
            while (left.get() > 0) {
                if (++spins < 1 << 10) {
                    Thread.onSpinWait();
                } else {
                    FanOut.parkKeepingInterrupt(this, 100_000L);
                }
            }
            // every column was decoded: the failure of the first column that failed, as without a pool
            Throwable t = null;
            for (Throwable f : failures) {
                if (f != null) {
                    t = f;
                    break;
                }
            }
            if (t instanceof RuntimeException) {
                throw (RuntimeException) t;
            }
            if (t instanceof Error) {
                throw (Error) t;
            }
        }

        /**
         * Decodes columns taken from the high end while any is left (an external helper: the fan-out's
         * threads take from the low end, so in window after window each side tends to decode the same
         * columns, whose page buffers stay in its cache); false if none was left.
         */
        boolean runIfUnclaimed() {
            boolean any = false;
            for (int c = take(false); c >= 0; c = take(false)) {
                decode(c);
                any = true;
            }
            return any;
        }

        /** The next column not yet taken, from the low or the high end of those left; -1 when none is. */
        private int take(boolean low) {
            while (true) {
                long r = untaken.get();
                int lo = (int) (r >>> 32);
                int hi = (int) r;
                if (lo >= hi) {
                    return -1;
                }
                long next = low ? r + (1L << 32) : r - 1;
                if (untaken.compareAndSet(r, next)) {
                    return low ? lo : hi - 1;
                }
            }
        }

        @Override
        public void run() {
            for (int c = take(true); c >= 0; c = take(true)) {
                decode(c);
            }
        }

        private void decode(int c) {
            try {
                decodeColumn(values[c], readers[c], out.column(c), columnStates[c], keptPages);
            } catch (RuntimeException | Error e) {
                failures[c] = e;
            } finally {
                if (left.decrementAndGet() == 0 && Thread.currentThread() != caller) {
                    LockSupport.unpark(caller);
                }
            }
        }
    }

    private void decodeColumn(Chunk chunk, ValuesReader r, TsColumn col, ColumnState cs, int keptPages) {
        SprintzSigns signs = r instanceof SprintzReader ? cs.signs(kernels) : null;
        for (int j = 0; j < keptPages; j++) {
            int k = keptK[j];
            if (chunk == null) {
                appendNulls(col, k);
                continue;
            }
            loadPage(chunk, keptPage[j], cs.page);
            if (cs.page.len == 0) {
                appendNulls(col, k);
            } else {
                try {
                    TsStatistics st = signs == null ? null : chunk.pageStatistics(keptPage[j]);
                    decodeAlignedValues(r, col, cs.page, keptRows[j], keptLo[j], k, cs.binaryScratch, signs, st);
                } catch (CorruptInputException e) {
                    throw cs.page.inFile(e);
                }
            }
        }
    }

    private static int pageRowCount(Page vp) {
        if (vp.len < 4) {
            throw new CorruptInputException(vp.off, "an aligned value page row count (4 bytes)");
        }
        int rc = dev.colcodec.io.ByteIO.getIntBE(vp.buf, vp.off);
        if (rc < 0 || (long) (rc + 7) / 8 > vp.len - 4 || rc > MAX_PAGE_ROWS) {
            throw new CorruptInputException(vp.off, "a row count with its bitmap in the page (got " + rc + ")");
        }
        return rc;
    }

    private static void appendNulls(TsColumn col, int k) {
        col.ensureMore(k);
        int s = col.size;
        Arrays.fill(col.nulls, s, s + k, true);
        switch (col.storageType()) {
            case BOOLEAN:
                Arrays.fill(col.booleans, s, s + k, false);
                break;
            case INT32:
                Arrays.fill(col.ints, s, s + k, 0);
                break;
            case INT64:
                Arrays.fill(col.longs, s, s + k, 0L);
                break;
            case FLOAT:
                Arrays.fill(col.floats, s, s + k, 0f);
                break;
            case DOUBLE:
                Arrays.fill(col.doubles, s, s + k, 0d);
                break;
            default:
                for (int i = 0; i < k; i++) {
                    col.binaries.reserve(0);
                }
                break;
        }
        col.anyNull = true;
        col.size = s + k;
    }

    /** Number of set bits among bits {@code [from, to)} of an MSB-first bitmap at {@code start}. */
    static int countBits(byte[] b, int start, int from, int to) {
        int n = 0;
        int i = from;
        while (i < to && (i & 7) != 0) {
            n += (b[start + (i >>> 3)] >>> (7 - (i & 7))) & 1;
            i++;
        }
        while (i + 64 <= to) {
            n += Long.bitCount(ByteIO.getLongLE(b, start + (i >>> 3)));
            i += 64;
        }
        while (i + 8 <= to) {
            n += Integer.bitCount(b[start + (i >>> 3)] & 0xFF);
            i += 8;
        }
        while (i < to) {
            n += (b[start + (i >>> 3)] >>> (7 - (i & 7))) & 1;
            i++;
        }
        return n;
    }

    /**
     * Appends rows {@code [lo, lo + k)} of aligned value page {@code vp}. A SPRINTZ page is read through
     * {@code signs} (null for other encodings) with its statistics {@code st} (null when unknown).
     */
    private static void decodeAlignedValues(
            ValuesReader r,
            TsColumn col,
            Page vp,
            int rows,
            int lo,
            int k,
            BinaryBatch binaryScratch,
            SprintzSigns signs,
            TsStatistics st) {
        int rc = pageRowCount(vp);
        if ((rows >= 0 && rc != rows) || lo + k > rc) {
            throw new CorruptInputException(vp.off, rows + " rows in an aligned value page (got " + rc + ")");
        }
        int bitmap = vp.off + 4;
        int valuesAt = bitmap + (rc + 7) / 8;
        int nonNull = countBits(vp.buf, bitmap, 0, rc);
        int before = countBits(vp.buf, bitmap, 0, lo);
        // the whole page (the common case) needs no second count
        int inRange = lo == 0 && k == rc ? nonNull : countBits(vp.buf, bitmap, lo, lo + k);
        if (signs != null) {
            r = signs.init((SprintzReader) r, st, nonNull, vp.buf, valuesAt, vp.off + vp.len - valuesAt);
        } else {
            r.init(nonNull, vp.buf, valuesAt, vp.off + vp.len - valuesAt);
        }
        if (before > 0) {
            r.skip(before);
        }
        col.ensureMore(k);
        int s = col.size;
        if (inRange == k) {
            readValues(r, col, s, k);
            Arrays.fill(col.nulls, s, s + k, false);
            col.size = s + k;
            return;
        }
        col.anyNull = true;
        byte[] b = vp.buf;
        if (col.storageType() == TsDataType.TEXT) {
            binaryScratch.clear();
            ((BinaryValuesReader) r).readBinaries(binaryScratch, inRange);
            BinaryBatch dst = col.binaries;
            int[] o = binaryScratch.offsets();
            int j = 0;
            for (int i = 0; i < k; i++) {
                int bit = lo + i;
                boolean present = ((b[bitmap + (bit >>> 3)] >>> (7 - (bit & 7))) & 1) != 0;
                col.nulls[s + i] = !present;
                if (present) {
                    dst.append(binaryScratch.data(), o[j], o[j + 1] - o[j]);
                    j++;
                } else {
                    dst.reserve(0);
                }
            }
            col.size = s + k;
            return;
        }
        readValues(r, col, s, inRange);
        // spread the packed values over their rows, from the end so nothing is overwritten early
        int j = s + inRange - 1;
        boolean[] nulls = col.nulls;
        switch (col.storageType()) {
            case BOOLEAN: {
                boolean[] a = col.booleans;
                for (int i = k - 1; i >= 0; i--) {
                    int bit = lo + i;
                    boolean present = ((b[bitmap + (bit >>> 3)] >>> (7 - (bit & 7))) & 1) != 0;
                    nulls[s + i] = !present;
                    a[s + i] = present && a[j--];
                }
                break;
            }
            case INT32: {
                int[] a = col.ints;
                for (int i = k - 1; i >= 0; i--) {
                    int bit = lo + i;
                    boolean present = ((b[bitmap + (bit >>> 3)] >>> (7 - (bit & 7))) & 1) != 0;
                    nulls[s + i] = !present;
                    a[s + i] = present ? a[j--] : 0;
                }
                break;
            }
            case INT64: {
                long[] a = col.longs;
                for (int i = k - 1; i >= 0; i--) {
                    int bit = lo + i;
                    boolean present = ((b[bitmap + (bit >>> 3)] >>> (7 - (bit & 7))) & 1) != 0;
                    nulls[s + i] = !present;
                    a[s + i] = present ? a[j--] : 0L;
                }
                break;
            }
            case FLOAT: {
                float[] a = col.floats;
                for (int i = k - 1; i >= 0; i--) {
                    int bit = lo + i;
                    boolean present = ((b[bitmap + (bit >>> 3)] >>> (7 - (bit & 7))) & 1) != 0;
                    nulls[s + i] = !present;
                    a[s + i] = present ? a[j--] : 0f;
                }
                break;
            }
            case DOUBLE: {
                double[] a = col.doubles;
                for (int i = k - 1; i >= 0; i--) {
                    int bit = lo + i;
                    boolean present = ((b[bitmap + (bit >>> 3)] >>> (7 - (bit & 7))) & 1) != 0;
                    nulls[s + i] = !present;
                    a[s + i] = present ? a[j--] : 0d;
                }
                break;
            }
            default:
                throw new IllegalStateException(col.storageType().toString());
        }
        col.size = s + k;
    }

    /** Reads {@code n} values into the column arrays at {@code at} (binary values are appended). */
    private static void readValues(ValuesReader r, TsColumn col, int at, int n) {
        switch (col.storageType()) {
            case BOOLEAN:
                ((BooleanValuesReader) r).readBooleans(col.booleans, at, n);
                break;
            case INT32:
                ((IntValuesReader) r).readIntegers(col.ints, at, n);
                break;
            case INT64:
                ((LongValuesReader) r).readLongs(col.longs, at, n);
                break;
            case FLOAT:
                ((FloatValuesReader) r).readFloats(col.floats, at, n);
                break;
            case DOUBLE:
                ((DoubleValuesReader) r).readDoubles(col.doubles, at, n);
                break;
            default:
                ((BinaryValuesReader) r).readBinaries(col.binaries, n);
                break;
        }
    }

    // ---- times -----------------------------------------------------------------------------------

    /**
     * Decodes a time page ({@code count} values, or -1 when unknown), appending the times in {@code
     * [minTime, maxTime]} to {@code out.times} at {@code out.size} (without changing {@code out.size}).
     * Returns {@code (firstKeptRow << 32) | keptCount}.
     */
    long decodeTimes(
            ValuesReader r,
            TsEncoding enc,
            byte[] b,
            int off,
            int len,
            int count,
            long minTime,
            long maxTime,
            TsBlock out) {
        if (r instanceof Ts2DiffLongReader) {
            return decodeTs2DiffTimes((Ts2DiffLongReader) r, b, off, len, count, minTime, maxTime, out);
        }
        if (count < 0) {
            if (enc == TsEncoding.PLAIN) {
                if (len % 8 != 0) {
                    throw new CorruptInputException(
                            off, "a PLAIN time page of whole 8-byte values (" + len + " bytes)");
                }
                count = len / 8;
            } else {
                throw new CorruptInputException(off, "a row count for a " + enc + " time page");
            }
        }
        if (count > MAX_PAGE_ROWS || count > (long) len * 64 + 129) {
            throw new CorruptInputException(off, "a plausible time page row count (got " + count + ")");
        }
        if (timeScratch.length < count) {
            timeScratch = new long[count];
        }
        LongValuesReader lr = (LongValuesReader) r;
        lr.init(count, b, off, len);
        lr.readLongs(timeScratch, 0, count);
        long[] t = timeScratch;
        int lo = 0;
        long prev = Long.MIN_VALUE;
        for (int i = 0; i < count; i++) {
            if (t[i] < prev) {
                throw new CorruptInputException(off, "non-decreasing times in a page");
            }
            prev = t[i];
        }
        while (lo < count && t[lo] < minTime) {
            lo++;
        }
        int hi = lo;
        while (hi < count && t[hi] <= maxTime) {
            hi++;
        }
        int k = hi - lo;
        out.ensureMore(k);
        System.arraycopy(t, lo, out.times, out.size, k);
        return k == 0 ? 0 : ((long) lo << 32) | k;
    }

    /**
     * True when a TS_2DIFF block of {@code n} values from {@code first}, whose deltas are {@code minDelta}
     * plus a {@code width}-bit unsigned number, cannot decrease: every delta is non-negative and no running
     * sum can pass {@code Long.MAX_VALUE} (wrapping to negative times).
     */
    static boolean nonDecreasing(long first, int n, long minDelta, int width) {
        if (minDelta < 0 || width > 62) {
            return false;
        }
        long span = (1L << width) - 1;
        if (minDelta > Long.MAX_VALUE - span) {
            return false;
        }
        long maxDelta = minDelta + span;
        long room = first >= 0 ? Long.MAX_VALUE - first : Long.MAX_VALUE;
        return maxDelta == 0 || n - 1 <= room / maxDelta;
    }

    private long decodeTs2DiffTimes(
            Ts2DiffLongReader r, byte[] b, int off, int len, int count, long minTime, long maxTime, TsBlock out) {
        r.init(count < 0 ? ValuesReader.UNKNOWN_COUNT : count, b, off, len);
        int row = 0;
        int lo = -1;
        int k = 0;
        long prev = Long.MIN_VALUE;
        // a known count may end inside a block (then the reader is not at a block boundary)
        while ((count < 0 || row < count) && r.peekBlock()) {
            long n64 = r.peekedValueCount();
            if (n64 > MAX_PAGE_ROWS || row + n64 > MAX_PAGE_ROWS) {
                throw new CorruptInputException(off, "at most " + MAX_PAGE_ROWS + " rows in a time page");
            }
            int n = (int) n64;
            if (r.peekedFirstValue() < prev) {
                throw new CorruptInputException(off, "non-decreasing times in a page");
            }
            if (lo < 0 && r.peekedHasFollowingBlock() && r.peekedFollowingFirstValue() < minTime) {
                prev = r.peekedFirstValue();
                r.skipBlock();
                timeBlocksSkipped++;
                if (fileCounts != null) {
                    fileCounts.timeBlocks.increment();
                }
                row += n;
                continue;
            }
            if (r.peekedFirstValue() > maxTime) {
                break;
            }
            out.ensureMore(k + n);
            long[] t = out.times;
            int dst = out.size + k;
            long minDelta = r.peekedMinDelta();
            int width = r.peekedBitWidth();
            r.readLongs(t, dst, n);
            if (n > 0
                    && t[dst] >= prev
                    && t[dst] >= minTime
                    && t[dst + n - 1] <= maxTime
                    && nonDecreasing(t[dst], n, minDelta, width)) {
                // every time of the block is in range: no per-value check
                if (lo < 0) {
                    lo = row;
                }
                prev = t[dst + n - 1];
                k += n;
                row += n;
                continue;
            }
            boolean done = false;
            int w = dst;
            for (int i = 0; i < n; i++) {
                long v = t[dst + i];
                if (v < prev) {
                    throw new CorruptInputException(off, "non-decreasing times in a page");
                }
                prev = v;
                if (v < minTime) {
                    continue;
                }
                if (v > maxTime) {
                    done = true;
                    break;
                }
                if (lo < 0) {
                    lo = row + i;
                }
                t[w++] = v;
            }
            k = w - out.size;
            row += n;
            if (done) {
                break;
            }
        }
        if (count >= 0 && k > 0 && lo + k > count) {
            throw new CorruptInputException(off, count + " times in a page");
        }
        return k == 0 ? 0 : ((long) lo << 32) | k;
    }

    /**
     * The number of times in a TS_2DIFF time section (from its block headers, no time decoded) or a PLAIN
     * one; -1 for other time encodings, whose pages do not say.
     */
    private static int countTimes(ValuesReader r, TsEncoding enc, byte[] b, int off, int len) {
        if (enc == TsEncoding.PLAIN) {
            return len % 8 == 0 ? len / 8 : -1; // decodeTimes says what is wrong with the other lengths
        }
        if (!(r instanceof Ts2DiffLongReader)) {
            return -1;
        }
        Ts2DiffLongReader t = (Ts2DiffLongReader) r;
        t.init(ValuesReader.UNKNOWN_COUNT, b, off, len);
        long n = 0;
        while (t.peekBlock()) {
            n += t.peekedValueCount();
            if (n > MAX_PAGE_ROWS) {
                throw new CorruptInputException(off, "at most " + MAX_PAGE_ROWS + " rows in a time page");
            }
            t.skipBlock();
        }
        return (int) n;
    }

    // ---- non-aligned -----------------------------------------------------------------------------

    /**
     * Appends to {@code out} (one column) the rows of the non-aligned chunk at {@code chunkOffset} whose
     * time is in {@code [minTime, maxTime]}; such pages hold {@code uvarint timeBytes | times | values}.
     * The file does not record how the times are encoded: TsFile uses its configured time encoder
     * ({@code timeEncoding}, TS_2DIFF by default). A chunk read by offset has no metadata: the one page
     * of a single-page chunk, which has no statistics, must then have TS_2DIFF or PLAIN times (pages that
     * say how many times they hold, and so how many values follow); {@link TsFileReader#seriesQuery} takes
     * the count from the chunk's statistics.
     */
    public void readNonAligned(
            byte[] file, int limit, int chunkOffset, TsEncoding timeEncoding, long minTime, long maxTime, TsBlock out) {
        if (out.columnCount() != 1) {
            throw new IllegalArgumentException("a non-aligned chunk fills a one-column block");
        }
        readNonAligned(parseChunk(file, chunkOffset, limit), chunkOffset, timeEncoding, minTime, maxTime, out);
    }

    /** As {@link #readNonAligned(byte[], int, int, TsEncoding, long, long, TsBlock)} over a parsed chunk. */
    void readNonAligned(Chunk c, long chunkOffset, TsEncoding timeEncoding, long minTime, long maxTime, TsBlock out) {
        TsColumn col = out.column(0);
        if (c.header.isTimeChunk() || c.header.isValueChunk() || c.header.dataType() != col.type()) {
            throw new CorruptInputException(
                    chunkOffset, "a non-aligned chunk of " + col.type() + " (got " + c.header + ")");
        }
        if (c.pageCount == 0) {
            throw new CorruptInputException(chunkOffset, "at least one page in a chunk");
        }
        // the readers of the last non-aligned chunk, reused while encoding and type stay (as aligned columns' are)
        ValuesReader vr = nonAlignedState.reader(this, c.header.encoding(), c.header.dataType(), chunkOffset);
        ValuesReader tr = nonAlignedTimeState.reader(this, timeEncoding, TsDataType.VECTOR, chunkOffset);
        SprintzSigns signs = vr instanceof SprintzReader ? nonAlignedState.signs(kernels) : null;
        // the last time kept from an earlier page of this chunk: a chunk's pages follow in time order
        long lastKept = Long.MIN_VALUE;
        for (int p = 0; p < c.pageCount; p++) {
            TsStatistics st = c.pages[p].statistics();
            if (st != null && (st.startTime > maxTime || st.endTime < minTime)) {
                skippedPages(1);
                continue;
            }
            loadPage(c, p, timePage);
            if (timePage.len == 0) {
                throw new CorruptInputException(timePage.payloadAt, "a non-empty page in a non-aligned chunk");
            }
            // the page's row count, which the value reader needs too (a GORILLA or CHIMP value equal to the
            // end marker, SPRINTZ's last block); without statistics (a chunk read by offset), the times counted
            int rows = c.pageRows(p);
            int base = out.size;
            int valuesAt;
            long range;
            try {
                ByteCursor in = cursor.reset(timePage.buf, timePage.off, timePage.len);
                int timeLen = in.readCount(timePage.len, "time bytes length");
                int timesAt = in.skip(timeLen, "time bytes");
                valuesAt = in.position();
                if (rows < 0) {
                    rows = countTimes(tr, timeEncoding, timePage.buf, timesAt, timeLen);
                }
                range = decodeTimes(tr, timeEncoding, timePage.buf, timesAt, timeLen, rows, minTime, maxTime, out);
            } catch (CorruptInputException e) {
                throw timePage.inFile(e);
            }
            int lo = (int) (range >>> 32);
            int k = (int) range;
            if (k == 0) {
                continue;
            }
            if (out.times[base] < lastKept) {
                throw new CorruptInputException(
                        timePage.payloadAt,
                        "times from " + lastKept + " on, after the chunk's previous page (got " + out.times[base]
                                + ")");
            }
            lastKept = out.times[base + k - 1];
            col.ensureMore(k);
            try {
                int valuesLen = timePage.off + timePage.len - valuesAt;
                ValuesReader page = vr;
                if (signs != null && rows >= 0) {
                    page = signs.init((SprintzReader) vr, c.pageStatistics(p), rows, timePage.buf, valuesAt, valuesLen);
                } else {
                    vr.init(rows < 0 ? ValuesReader.UNKNOWN_COUNT : rows, timePage.buf, valuesAt, valuesLen);
                }
                if (lo > 0) {
                    page.skip(lo);
                }
                readValues(page, col, col.size, k);
            } catch (CorruptInputException e) {
                throw timePage.inFile(e);
            }
            Arrays.fill(col.nulls, col.size, col.size + k, false);
            col.size += k;
            out.size = base + k;
        }
    }

    /** The value reader a chunk header asks for; a pair colcodec cannot decode is bad input. */
    private ValuesReader codec(TsEncoding encoding, TsDataType type, long chunkOffset) {
        try {
            return TsValueCodecs.reader(encoding, type, kernels);
        } catch (IllegalArgumentException e) {
            throw new CorruptInputException(
                    chunkOffset, "an encoding and data type colcodec can decode (" + e.getMessage() + ")");
        }
    }
}
