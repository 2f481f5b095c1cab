package dev.colcodec.format.parquet;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.compress.CompressionCodecs;
import dev.colcodec.format.io.MappedFile;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.ParquetValues;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.parquet.dictionary.DictionaryIdsReader;
import dev.colcodec.parquet.rle.BitWidths;
import dev.colcodec.parquet.rle.RleFraming;
import dev.colcodec.parquet.rle.RleHybridReader;
import dev.colcodec.values.BinaryValuesReader;
import dev.colcodec.values.BinaryViewsReader;
import dev.colcodec.values.BooleanValuesReader;
import dev.colcodec.values.DoubleValuesReader;
import dev.colcodec.values.FloatValuesReader;
import dev.colcodec.values.IntValuesReader;
import dev.colcodec.values.LongValuesReader;
import dev.colcodec.values.ValuesReader;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.DictionaryPageHeader;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;

/**
 * Decodes the pages of one column chunk into caller-owned {@link ColumnBatch}es.
 *
 * <p>The chunk is {@code buf[offset, offset + length)}; {@code fileOffset} is the file position of
 * {@code buf[offset]} and is added to the offsets of every {@link CorruptInputException}. Pages are read
 * one at a time: the header is decoded, its sizes are checked against the bytes that exist, the CRC (if
 * present) is verified, the body is decompressed (checked against the declared size and {@code
 * maxPageBytes}), and then levels and values are decoded straight into the batch in as many steps as
 * there are page boundaries. Dictionary pages set up the chunk's dictionary; index pages are skipped.
 * Data page V1 levels must be RLE (deprecated BIT_PACKED levels are rejected as unsupported input).
 *
 * <p>Not thread-safe. The array must not change while the reader uses it.
 */
public final class ColumnChunkReader {
    private static final int SKIP_STEP = 1024;

    private final ParquetColumn column;
    /** The column is annotated UNKNOWN: a page holding a value is corrupt. */
    private final boolean alwaysNull;

    private final Compression codec;
    private final Kernels kernels;
    /**
     * The chunk's bytes: all of them, or with a mapping ({@link #source}) a window of them (see {@link
     * #fill}). Chunk position {@code p} is at {@code buf[p - shift]}.
     */
    private byte[] buf;

    private int shift;
    private final long base;
    private final int end;
    /** The chunk's length in bytes. */
    private final int length;

    private final int maxPageBytes;
    private int pos;
    private boolean verifyCrc = true;
    private long valueLimit = Long.MAX_VALUE;
    private boolean valueCountDeclared;
    private long pageValues;

    private final int maxDef;
    private final int maxRep;
    private final RleHybridReader defPrefixed;
    private final RleHybridReader repPrefixed;
    private final RleHybridReader defBare;
    private final RleHybridReader repBare;
    private RleHybridReader defReader;
    private RleHybridReader repReader;
    private final ValuesReader[] plainReaders = new ValuesReader[ParquetEncoding.values().length];
    private ValuesReader dictionaryReader;
    /** See {@link #keepDictionaryIds}. */
    private boolean keepIds;
    /** See {@link #keepBinaryViews}. */
    private boolean keepViews;
    /** The dictionary as a batch, made the first time ids are kept ({@link ColumnBatch#dictionary()}). */
    private ColumnBatch dictionaryBatch;

    private ValuesReader values;
    private int pageRemaining;
    /** Chunk position of the current data page's header, for error offsets. */
    private int pageAt;
    /**
     * A repeated column's V2 page: the rows its header states, which its repetition levels must begin
     * (the offset index and whole-page skips count on them); -1 for other pages.
     */
    private int pageRowsStated = -1;
    /** Of the current page: entries whose repetition levels are decoded, and rows they begin. */
    private int pageLevelsDecoded;
    /** Whether this reader has decoded a repetition level yet (the first must be 0). */
    private boolean levelsBegun;

    private long pageRowsBegun;
    /** Entries of the current page. */
    private int pageEntries;

    private int[] scratch;
    /** Decompressed data pages (see {@link #dataBody}). */
    private byte[] pageBuffer = new byte[0];
    /**
     * Levels of the current page decoded ahead by a skip of a repeated column (it must look at the
     * repetition level of the next row's first entry to stop there): entries {@code [pendingFrom,
     * pendingTo)} come before anything still in the level readers and are part of {@code pageRemaining}.
     */
    private int[] pendingReps;

    private int[] pendingDefs;
    private int pendingFrom;
    private int pendingTo;

    /**
     * The memory-mapped file the chunk's bytes come from, or null when {@link #buf} holds them all. With
     * a mapping, {@link #buf} holds a window of the chunk that moves forward as the pages are read ({@link
     * #fill}): headers and pages read in place are copied into it, pages a codec takes from the mapping
     * ({@link CompressionCodecs#decompressesFromBuffer(Compression, int, int)}) are not copied at all. The
     * window grows to the largest page read in place, not to the chunk: readers of many chunks at once
     * (one per column, decoded in parallel) each hold a page's worth of bytes.
     */
    private final MappedFile source;
    /**
     * Chunk positions {@code [filledFrom, filledTo)} are in {@link #buf} (everything when there is no
     * source; with one, {@code filledFrom == shift}).
     */
    private int filledFrom;

    private int filledTo;

    /** A reader with the default page size limit ({@link CompressionCodecs#DEFAULT_MAX_PAGE_BYTES}). */
    public ColumnChunkReader(
            ParquetColumn column, Compression codec, byte[] buf, int offset, int length, long fileOffset, Kernels k) {
        this(column, codec, buf, offset, length, fileOffset, k, CompressionCodecs.DEFAULT_MAX_PAGE_BYTES);
    }

    /** A reader refusing pages that declare more than {@code maxPageBytes} uncompressed bytes. */
    public ColumnChunkReader(
            ParquetColumn column,
            Compression codec,
            byte[] buf,
            int offset,
            int length,
            long fileOffset,
            Kernels k,
            int maxPageBytes) {
        this(column, codec, checkChunk(buf, offset, length), offset, length, fileOffset, k, maxPageBytes, null);
    }

    private static byte[] checkChunk(byte[] buf, int offset, int length) {
        if (offset < 0 || length < 0 || offset > buf.length - length) {
            throw new IndexOutOfBoundsException("chunk [" + offset + ", +" + length + ") of " + buf.length);
        }
        return buf;
    }

    /** With a {@code source}, {@code buf} is the first window ({@link #overMapping}) and {@code offset} is 0. */
    private ColumnChunkReader(
            ParquetColumn column,
            Compression codec,
            byte[] buf,
            int offset,
            int length,
            long fileOffset,
            Kernels k,
            int maxPageBytes,
            MappedFile source) {
        this.column = column;
        this.alwaysNull = column.isAlwaysNull();
        this.codec = codec;
        this.kernels = k;
        this.buf = buf;
        this.pos = offset;
        this.end = offset + length;
        this.length = length;
        this.base = fileOffset - offset;
        this.maxPageBytes = maxPageBytes;
        this.source = source;
        this.filledFrom = source == null ? offset : 0;
        this.filledTo = source == null ? end : 0;
        this.maxDef = column.maxDefinitionLevel();
        this.maxRep = column.maxRepetitionLevel();
        int dw = BitWidths.forMaxValue(maxDef);
        int rw = BitWidths.forMaxValue(maxRep);
        defPrefixed = new RleHybridReader(dw, RleFraming.LENGTH_PREFIXED, k);
        repPrefixed = new RleHybridReader(rw, RleFraming.LENGTH_PREFIXED, k);
        defBare = new RleHybridReader(dw, RleFraming.UNPREFIXED, k);
        repBare = new RleHybridReader(rw, RleFraming.UNPREFIXED, k);
    }

    /**
     * A reader of the chunk at file position {@code fileOffset} ({@code length} bytes) of a mapped file,
     * whose bytes are copied into a window ({@code window} to start with, of any length; a larger array
     * when a page needs it, see {@link #buffer()}) only as far as they are read in place: pages that
     * {@link CompressionCodecs#decompressesFromBuffer(Compression, int, int)} accepts are decompressed
     * straight from the mapping.
     */
    static ColumnChunkReader overMapping(
            ParquetColumn column,
            Compression codec,
            MappedFile source,
            byte[] window,
            int length,
            long fileOffset,
            Kernels k,
            int maxPageBytes) {
        return new ColumnChunkReader(column, codec, window, 0, length, fileOffset, k, maxPageBytes, source);
    }

    /** Whether chunk positions {@code [at, at + len)} are in {@link #buf}. */
    private boolean filled(int at, int len) {
        return at >= filledFrom && at + len <= filledTo;
    }

    /**
     * Makes sure chunk positions {@code [at, at + len)} are in {@link #buf}, copied from the mapping as
     * needed. The window moves forward: bytes before {@code at} may be dropped, bytes from {@code at} on
     * already in the window are not copied again unless the window is full (then they move to its front),
     * and the array grows (doubling, up to the chunk's size) only when {@code len} bytes do not fit in it.
     */
    private void fill(int at, int len) {
        int to = at + len;
        if (filled(at, len)) {
            return;
        }
        if (at >= filledFrom && at <= filledTo) {
            if (to - filledFrom > buf.length) {
                // move [at, filledTo) to the front, into a larger array if the range does not fit
                byte[] dst = len > buf.length ? new byte[windowSize(len)] : buf;
                System.arraycopy(buf, at - shift, dst, 0, filledTo - at);
                buf = dst;
                shift = at;
                filledFrom = at;
            }
            source.copy(base + filledTo, buf, filledTo - shift, to - filledTo);
        } else {
            if (len > buf.length) {
                buf = new byte[windowSize(len)];
            }
            source.copy(base + at, buf, 0, len);
            shift = at;
            filledFrom = at;
        }
        filledTo = to;
    }

    /** A window length of at least {@code need} bytes: twice the current one, at most the chunk's length. */
    private int windowSize(int need) {
        return Math.max(need, (int) Math.min(end, 2L * buf.length));
    }

    /** Whether the page body at {@code at} is read from the mapping rather than from {@link #buf}. */
    private boolean fromMapping(int at, int csize, int usize) {
        return source != null && !filled(at, csize) && CompressionCodecs.decompressesFromBuffer(codec, csize, usize);
    }

    /**
     * The page header at {@link #pos}: with a mapping, read from a window of the bytes that grows until
     * the header fits in it.
     */
    private ParquetThrift.Decoded<PageHeader> readHeader() {
        if (source == null) {
            return ParquetThrift.readPageHeader(buf, pos, end - pos, base);
        }
        int window = HEADER_WINDOW;
        while (true) {
            int n = Math.min(window, end - pos);
            fill(pos, n);
            try {
                return ParquetThrift.readPageHeader(buf, pos - shift, n, base + shift);
            } catch (CorruptInputException e) {
                if (n == end - pos) {
                    throw e;
                }
                window = (int) Math.min(end - pos, 16L * window);
            }
        }
    }

    /** Bytes first copied for a page header read from a mapping (most headers are 20 to 60 bytes). */
    private static final int HEADER_WINDOW = 256;

    /** Whether page CRCs are checked (default true). */
    public ColumnChunkReader verifyCrc(boolean verify) {
        this.verifyCrc = verify;
        return this;
    }

    /**
     * The chunk's declared value count (the footer's {@code num_values}): data pages declaring more
     * values in total are corrupt input, which bounds the work a lying page header can cause, and so is
     * a chunk whose pages end before declaring that many (a truncated chunk or a lying chunk size).
     */
    public ColumnChunkReader expectValues(long count) {
        this.valueLimit = count;
        this.valueCountDeclared = true;
        return this;
    }

    /** The chunk's length in bytes, as stored (compressed pages and their headers). */
    long chunkLength() {
        return length;
    }

    /** The value count {@link #expectValues} declared, or {@code Long.MAX_VALUE} when none was. */
    long declaredValues() {
        return valueCountDeclared ? valueLimit : Long.MAX_VALUE;
    }

    /**
     * Whether values of dictionary-encoded pages are read as their dictionary ids (default false): a
     * batch then holds either ids ({@link ColumnBatch#dictionary()} not null, the values in {@link
     * ColumnBatch#dictionaryIds()}) or values, never both. A batch of ids ends in front of the first page
     * that is not dictionary-encoded (a writer that fell back to another encoding), a batch of values in
     * front of the first dictionary-encoded page; so a batch may hold fewer entries than asked for while
     * the chunk has more. Levels, skips and everything else are as without it. Ids are checked against
     * the dictionary's size, no entry is copied per value, and the dictionary is copied into a batch once
     * per chunk.
     */
    public ColumnChunkReader keepDictionaryIds(boolean keep) {
        this.keepIds = keep;
        return this;
    }

    /**
     * Whether values of PLAIN BYTE_ARRAY pages are read as views into the page (default false): a batch
     * then holds views ({@link ColumnBatch#viewArray()} not null, each value's start and length in {@link
     * ColumnBatch#viewStarts()} and {@link ColumnBatch#viewLengths()}) or values (or dictionary ids, with
     * {@link #keepDictionaryIds}), never a mix, and a batch of views holds values of one page only: it ends
     * at the end of its page. So a batch may hold fewer entries than asked for while the chunk has more.
     * The views are valid until the next read or skip (the next page is decompressed into the same
     * array); levels, skips and everything else are as without it. Every length is checked, no byte is
     * copied: as parquet-java's {@code getBinary} hands out slices of the page.
     */
    public ColumnChunkReader keepBinaryViews(boolean keep) {
        this.keepViews = keep;
        return this;
    }

    private void countPage(int numValues, int headerAt) {
        pageValues += numValues;
        if (pageValues > valueLimit) {
            throw new CorruptInputException(
                    base + headerAt, "at most " + valueLimit + " values in the chunk, pages declare " + pageValues);
        }
    }

    public ParquetColumn column() {
        return column;
    }

    /**
     * The array the chunk is read from (as given to the constructor; for a chunk of a memory-mapped file,
     * the window its pages read in place are copied into: the array given, or a larger one once a page
     * needed it), for the caller to hand to the next reader.
     */
    public byte[] buffer() {
        return buf;
    }

    /**
     * Clears {@code batch} and fills it with up to {@code maxEntries} entries (at most its capacity).
     * Returns the number of entries read; 0 means the chunk is exhausted. A batch made for a column of
     * another physical type or other level maxima, or a negative {@code maxEntries}, is refused ({@link
     * IllegalArgumentException}) before anything is read.
     */
    public int readBatch(ColumnBatch batch, int maxEntries) {
        checkBatch(batch, maxEntries);
        try {
            return readBatchUnchecked(batch, maxEntries, Long.MAX_VALUE);
        } catch (CorruptInputException e) {
            throw inPage(e);
        }
    }

    /**
     * As {@link #readBatch}, stopping in front of the first entry of row {@code maxRows + 1}, counting the
     * rows this call begins (entries with repetition level 0), so that a run of calls reads whole rows:
     * after calls that began {@code n} rows in all, the reader stands at the start of row {@code n + 1}
     * (a batch full of entries may end inside a row; the next call goes on with it). A non-repeated column
     * has one entry per row, so this is {@code readBatch(batch, min(maxEntries, maxRows))}. Returns the
     * number of entries read; 0 means the chunk is exhausted, or {@code maxEntries} is 0, or {@code
     * maxRows} is 0 or less (for {@code maxRows}, when the next entry begins a row: a row's rest is still
     * read). A negative {@code maxEntries} or a batch of another column is refused as by {@link #readBatch}.
     */
    public int readRows(ColumnBatch batch, int maxEntries, long maxRows) {
        checkBatch(batch, maxEntries);
        maxRows = Math.max(0, maxRows);
        if (maxRep == 0) {
            return readBatch(batch, (int) Math.max(0, Math.min(maxEntries, maxRows)));
        }
        try {
            return readBatchUnchecked(batch, maxEntries, maxRows);
        } catch (CorruptInputException e) {
            throw inPage(e);
        }
    }

    /**
     * An error as the caller sees it: errors raised by this reader carry file offsets already; an error
     * of a level or value decoder ({@link #decoding}) carries an index into the array it reads, which is
     * a file offset once {@link #levelsBase} or {@link #valuesBase} is added (pages read in place) or an
     * offset into the decompressed page body (reported as such, at the page's header).
     */
    private CorruptInputException inPage(CorruptInputException e) {
        int d = decoding;
        decoding = NOT_DECODING;
        if (d == NOT_DECODING) {
            return e;
        }
        long indexBase = d == DECODING_LEVELS ? levelsBase : valuesBase;
        if (indexBase >= 0) {
            return new CorruptInputException(indexBase + e.offset(), e.expected(), e);
        }
        return new CorruptInputException(
                base + pageAt, "a valid page (" + e.expected() + " at body offset " + e.offset() + ")", e);
    }

    private static final int NOT_DECODING = 0;
    private static final int DECODING_LEVELS = 1;
    private static final int DECODING_VALUES = 2;
    /** Which decoders of the current page run now (their errors carry array indexes, see {@link #inPage}). */
    private int decoding;
    /**
     * File offset of index 0 of the array the current page's level decoders read ({@link #buf} when read
     * in place), or -1 when they read the decompressed body.
     */
    private long levelsBase = -1;
    /** As {@link #levelsBase}, for the value decoder. */
    private long valuesBase = -1;

    /** Throws unless {@code batch} can hold this column's entries and {@code maxEntries} is not negative. */
    private void checkBatch(ColumnBatch batch, int maxEntries) {
        ParquetColumn b = batch.column();
        if (b.type() != column.type() || b.maxDefinitionLevel() != maxDef || b.maxRepetitionLevel() != maxRep) {
            throw new IllegalArgumentException("a batch for column " + b.name() + " (" + b.type() + ", levels "
                    + b.maxDefinitionLevel() + "/" + b.maxRepetitionLevel() + ") cannot hold column " + column.name()
                    + " (" + column.type() + ", levels " + maxDef + "/" + maxRep + ")");
        }
        if (maxEntries < 0) {
            throw new IllegalArgumentException("negative maxEntries " + maxEntries);
        }
    }

    /**
     * {@link #readBatch}, and with {@code maxRows} below {@code Long.MAX_VALUE} (repeated columns only)
     * {@link #readRows}: the levels are then decoded ahead, to stop in front of row {@code maxRows + 1}.
     */
    private int readBatchUnchecked(ColumnBatch batch, int maxEntries, long maxRows) {
        batch.clear();
        int want = Math.min(maxEntries, batch.capacity());
        int[] defs = batch.definitionLevels();
        int[] reps = batch.repetitionLevels();
        boolean rowLimited = maxRows != Long.MAX_VALUE;
        int levels = 0;
        int present = 0;
        long rows = 0;
        boolean rowsDone = false;
        while (levels < want && !rowsDone) {
            if (pendingFrom == pendingTo) {
                if (pageRemaining == 0 && levels > 0 && batch.viewArray != null) {
                    break; // the views lie in this page's bytes, which the next page replaces
                }
                if (pageRemaining == 0 && loadPage(-1) < 0) {
                    break;
                }
                if (rowLimited) {
                    decodeLevelsAhead(); // to find where the rows begin
                }
            }
            if (keepIds || keepViews) {
                // a batch holds ids, views or values: it takes the kind of its first page and ends before
                // a page of another kind (which stays loaded for the next call)
                boolean ids = keepIds && values instanceof DictionaryIdsReader;
                boolean views = !ids && keepViews && values instanceof BinaryViewsReader;
                if (levels == 0) {
                    batch.dictionary = ids ? dictionaryBatch((DictionaryIdsReader) values) : null;
                    batch.viewArray = views ? ((BinaryViewsReader) values).viewArray() : null;
                } else if (ids != (batch.dictionary != null) || views != (batch.viewArray != null)) {
                    break;
                }
            }
            int n = Math.min(want - levels, pageRemaining);
            int p = n;
            int pending = pendingTo - pendingFrom;
            if (pending > 0) {
                // levels decoded ahead, by a skip or to find rows (repeated columns only, so both level
                // kinds exist)
                n = Math.min(n, pending);
                if (rowLimited) {
                    int i = pendingFrom;
                    for (int end = pendingFrom + n; i < end; i++) {
                        if (pendingReps[i] == 0) {
                            if (rows == maxRows) {
                                rowsDone = true;
                                break;
                            }
                            rows++;
                        }
                    }
                    n = i - pendingFrom;
                }
                System.arraycopy(pendingReps, pendingFrom, reps, levels, n);
                System.arraycopy(pendingDefs, pendingFrom, defs, levels, n);
                pendingFrom += n;
                p = countPresent(defs, levels, n);
            } else {
                decoding = DECODING_LEVELS;
                if (maxRep > 0) {
                    repReader.readIntegers(reps, levels, n);
                    countPageRows(reps, levels, n);
                }
                if (maxDef > 0) {
                    defReader.readIntegers(defs, levels, n);
                    decoding = NOT_DECODING;
                    p = countPresent(defs, levels, n);
                }
            }
            if (p > 0 && alwaysNull) {
                // the footer says no value exists: a page holding one contradicts it (as a damaged footer may)
                throw new CorruptInputException(
                        base + pageAt,
                        "only nulls in column " + column.name() + ", annotated UNKNOWN (always null); the page"
                                + " holds a value");
            }
            decoding = DECODING_VALUES;
            readValues(batch, present, p);
            decoding = NOT_DECODING;
            levels += n;
            present += p;
            pageRemaining -= n;
            batch.levelCount = levels;
            batch.valueCount = present;
        }
        return levels;
    }

    private int countPresent(int[] defs, int from, int n) {
        int p = 0;
        int bad = 0;
        for (int i = from; i < from + n; i++) {
            int d = defs[i];
            p += d == maxDef ? 1 : 0;
            bad |= d > maxDef ? 1 : 0;
        }
        if (bad != 0) {
            throw new CorruptInputException(base + pos, "definition levels <= " + maxDef);
        }
        return p;
    }

    /** The chunk's dictionary as a batch (see {@link ColumnBatch#dictionary()}), made once. */
    private ColumnBatch dictionaryBatch(DictionaryIdsReader reader) {
        if (dictionaryBatch == null) {
            dictionaryBatch = ColumnBatch.ofDictionary(column, reader);
        }
        return dictionaryBatch;
    }

    private void readValues(ColumnBatch b, int at, int n) {
        if (n == 0) {
            return;
        }
        if (b.dictionary != null) {
            ((DictionaryIdsReader) values).readIds(b.idsForReading(), at, n);
            return;
        }
        if (b.viewArray != null) {
            ((BinaryViewsReader) values).readViews(b.viewStartsForReading(), b.viewLengthsForReading(), at, n);
            return;
        }
        switch (column.type()) {
            case INT32:
                ((IntValuesReader) values).readIntegers(b.ints(), at, n);
                break;
            case INT64:
                ((LongValuesReader) values).readLongs(b.longs(), at, n);
                break;
            case FLOAT:
                ((FloatValuesReader) values).readFloats(b.floats(), at, n);
                break;
            case DOUBLE:
                ((DoubleValuesReader) values).readDoubles(b.doubles(), at, n);
                break;
            case BOOLEAN:
                ((BooleanValuesReader) values).readBooleans(b.booleans(), at, n);
                break;
            default:
                ((BinaryValuesReader) values).readBinaries(b.binaries(), n);
                break;
        }
    }

    /**
     * Skips {@code n} rows; returns the rows skipped (less than {@code n} only at the end of the chunk).
     * {@code n <= 0} skips nothing.
     *
     * <p>A non-repeated column has one entry per row; pages lying wholly inside the skipped range are
     * passed over without decompressing them. In a repeated column a row is an entry with repetition
     * level 0 and the entries after it up to the next one: the skip stops in front of the first entry of
     * the row after the last one skipped, so the next {@link #readBatch} starts at a row boundary. If a
     * batch ended inside a row, the rest of that row is dropped too (it is not counted as a row). V2 data
     * pages, which begin at row boundaries and state their row count, are passed over without
     * decompressing them when they lie wholly inside the skipped range; other pages have their
     * repetition levels decoded to find the row boundaries.
     */
    public long skipRows(long n) {
        if (n <= 0) {
            return 0;
        }
        try {
            return maxRep > 0 ? skipRepeatedRowsUnchecked(n) : skipRowsUnchecked(n);
        } catch (CorruptInputException e) {
            throw inPage(e);
        }
    }

    private long skipRepeatedRowsUnchecked(long n) {
        long rows = 0; // rows started (entries with repetition level 0 passed)
        while (true) {
            if (pendingFrom == pendingTo) {
                if (pageRemaining == 0) {
                    int skipped = loadPage(n - rows);
                    if (skipped < 0) {
                        return rows;
                    }
                    rows += skipped;
                    if (rows == n && skipped > 0) {
                        return rows; // a whole page ended exactly at the last row skipped
                    }
                    continue;
                }
                decodeLevelsAhead();
            }
            int i = pendingFrom;
            int[] reps = pendingReps;
            while (i < pendingTo) {
                if (reps[i] == 0) {
                    if (rows == n) {
                        break;
                    }
                    rows++;
                }
                i++;
            }
            int consumed = i - pendingFrom;
            int present = countPresent(pendingDefs, pendingFrom, consumed);
            if (present > 0) {
                decoding = DECODING_VALUES;
                values.skip(present);
                decoding = NOT_DECODING;
            }
            pageRemaining -= consumed;
            pendingFrom = i;
            if (i < pendingTo) {
                return rows; // stopped in front of the first entry of row n + 1
            }
        }
    }

    /**
     * Decodes the page's next levels (up to {@link #SKIP_STEP} entries) into the pending buffers, which
     * {@link #readBatch} takes its levels from before the page's decoders (repeated columns only).
     */
    private void decodeLevelsAhead() {
        if (pendingReps == null) {
            pendingReps = new int[SKIP_STEP];
            pendingDefs = new int[SKIP_STEP];
        }
        int step = Math.min(SKIP_STEP, pageRemaining);
        decoding = DECODING_LEVELS;
        repReader.readIntegers(pendingReps, 0, step);
        countPageRows(pendingReps, 0, step);
        defReader.readIntegers(pendingDefs, 0, step);
        decoding = NOT_DECODING;
        pendingFrom = 0;
        pendingTo = step;
    }

    /**
     * Checks the repetition levels {@code reps[from, from + n)}, just decoded from the current page: each
     * at most the column's maximum, the first this reader decodes 0 (a chunk begins a row, and so does a
     * page a skip lands on); and counts the rows they begin: a V2 page must begin a row and begin as many
     * as its header states.
     */
    private void countPageRows(int[] reps, int from, int n) {
        if (n == 0) {
            return;
        }
        long begun = 0;
        int bad = 0;
        for (int i = from; i < from + n; i++) {
            int r = reps[i];
            begun += r == 0 ? 1 : 0;
            bad |= r > maxRep ? 1 : 0;
        }
        if (bad != 0) {
            throw pageError("repetition levels <= " + maxRep);
        }
        if (!levelsBegun && reps[from] != 0) {
            throw pageError("a column chunk that begins a row (repetition level 0 first)");
        }
        levelsBegun = true;
        if (pageRowsStated < 0) {
            return;
        }
        if (pageLevelsDecoded == 0 && reps[from] != 0) {
            throw pageError("a V2 data page that begins a row (repetition level 0)");
        }
        pageRowsBegun += begun;
        pageLevelsDecoded += n;
        if (pageLevelsDecoded == pageEntries && pageRowsBegun != pageRowsStated) {
            throw pageError("a V2 data page of " + pageRowsStated
                    + " rows, as its header states; its repetition levels begin " + pageRowsBegun);
        }
    }

    /**
     * Corrupt input at the current page's header, raised while its level decoders run: {@link #inPage}
     * must not take its offset for an index into the levels.
     */
    private CorruptInputException pageError(String expected) {
        decoding = NOT_DECODING;
        return new CorruptInputException(base + pageAt, expected);
    }

    private long skipRowsUnchecked(long n) {
        long done = 0;
        while (done < n) {
            if (pageRemaining == 0) {
                int skipped = loadPage(n - done);
                if (skipped < 0) {
                    break;
                }
                done += skipped;
                continue;
            }
            int k = (int) Math.min(n - done, pageRemaining);
            int present = k;
            if (maxDef > 0) {
                if (scratch == null) {
                    scratch = new int[SKIP_STEP];
                }
                present = 0;
                for (int left = k; left > 0; ) {
                    int step = Math.min(left, SKIP_STEP);
                    decoding = DECODING_LEVELS;
                    defReader.readIntegers(scratch, 0, step);
                    decoding = NOT_DECODING;
                    present += countPresent(scratch, 0, step);
                    left -= step;
                }
            }
            if (present > 0) {
                decoding = DECODING_VALUES;
                values.skip(present);
                decoding = NOT_DECODING;
            }
            pageRemaining -= k;
            done += k;
        }
        return done;
    }

    /**
     * Reads page headers until a data page is loaded (returns 0), a data page of at most {@code
     * skipBudget} rows is passed over (returns its row count), or the chunk ends (returns -1).
     */
    private int loadPage(long skipBudget) {
        while (pos < end) {
            int headerAt = pos;
            pageAt = headerAt;
            ParquetThrift.Decoded<PageHeader> d = readHeader();
            PageHeader h = d.value();
            int bodyAt = pos + d.length();
            int csize = h.getCompressed_page_size();
            int usize = h.getUncompressed_page_size();
            if (csize < 0 || csize > end - bodyAt || usize < 0) {
                throw new CorruptInputException(
                        base + headerAt,
                        "page sizes within the chunk, got compressed " + csize + ", uncompressed " + usize + " with "
                                + (end - bodyAt) + " bytes left");
            }
            pos = bodyAt + csize;
            if (h.getType() == null) {
                continue;
            }
            switch (h.getType()) {
                case DICTIONARY_PAGE:
                    checkCrc(h, bodyAt, csize);
                    readDictionary(h, bodyAt, csize, usize);
                    break;
                case DATA_PAGE: {
                    DataPageHeader dh = h.getData_page_header();
                    if (dh == null || dh.getNum_values() < 0) {
                        throw new CorruptInputException(base + headerAt, "a data page header with num_values >= 0");
                    }
                    countPage(dh.getNum_values(), headerAt);
                    if (maxRep == 0 && dh.getNum_values() <= skipBudget) {
                        return dh.getNum_values();
                    }
                    checkCrc(h, bodyAt, csize);
                    loadV1(dh, bodyAt, csize, usize);
                    if (pageRemaining > 0) {
                        return 0;
                    }
                    break;
                }
                case DATA_PAGE_V2: {
                    DataPageHeaderV2 dh = h.getData_page_header_v2();
                    if (dh == null || dh.getNum_values() < 0) {
                        throw new CorruptInputException(base + headerAt, "a V2 data page header with num_values >= 0");
                    }
                    countPage(dh.getNum_values(), headerAt);
                    if (dh.getNum_rows() < 0 || dh.getNum_rows() > dh.getNum_values()) {
                        throw new CorruptInputException(
                                base + headerAt,
                                "num_rows in [0, " + dh.getNum_values() + "], got " + dh.getNum_rows());
                    }
                    if (maxRep == 0 && dh.getNum_values() <= skipBudget) {
                        return dh.getNum_values();
                    }
                    if (maxRep > 0 && dh.getNum_rows() > 0 && dh.getNum_rows() <= skipBudget) {
                        return dh.getNum_rows(); // V2 pages begin at row boundaries
                    }
                    checkCrc(h, bodyAt, csize);
                    loadV2(dh, bodyAt, csize, usize);
                    if (pageRemaining > 0) {
                        return 0;
                    }
                    break;
                }
                default:
                    break;
            }
        }
        if (valueCountDeclared && pageValues < valueLimit) {
            // a chunk whose pages hold fewer values than its metadata declares lost data (or lies about its size)
            throw new CorruptInputException(
                    base + end, valueLimit + " values in the chunk, its pages end after " + pageValues);
        }
        return -1;
    }

    private void checkCrc(PageHeader h, int at, int len) {
        if (!verifyCrc || !h.isSetCrc()) {
            return;
        }
        CRC32 c = new CRC32();
        if (source != null && !filled(at, len)) {
            ByteBuffer page = source.buffer().duplicate();
            page.limit(Math.toIntExact(base + at + len)).position(Math.toIntExact(base + at));
            try {
                c.update(page);
            } catch (InternalError e) {
                throw MappedFile.shrank(base + at, e);
            }
        } else {
            c.update(buf, at - shift, len);
        }
        if ((int) c.getValue() != h.getCrc()) {
            throw new CorruptInputException(
                    base + at,
                    "page CRC " + Integer.toHexString(h.getCrc()) + " but the page has "
                            + Long.toHexString(c.getValue()));
        }
    }

    /** Decompressed bytes of a dictionary page in a new array, or {@code null}: uncompressed, read in place. */
    private byte[] body(int at, int csize, int usize, boolean compressed) {
        if (source != null) {
            fill(at, csize);
        }
        if (!compressed || codec == Compression.UNCOMPRESSED) {
            if (usize != csize) {
                throw new CorruptInputException(
                        base + at, "an uncompressed page of " + usize + " bytes but it has " + csize);
            }
            return null;
        }
        try {
            // a dictionary of fixed-width values (not strings) picks colcodec's SNAPPY decoder
            return CompressionCodecs.decompress(
                    codec, buf, at - shift, csize, usize, maxPageBytes, column.type() != PhysicalType.BYTE_ARRAY);
        } catch (CorruptInputException e) {
            throw new CorruptInputException(base + at, "a valid " + codec + " page: " + e.expected(), e);
        }
    }

    /**
     * Decompressed bytes of a data page, or {@code null}: uncompressed, read in place. The bytes are in
     * {@link #pageBuffer} from offset 0, which every data page of the chunk reuses (a page's decoders
     * are done with it before the next page is loaded; the dictionary keeps its own array).
     */
    private byte[] dataBody(int at, int csize, int usize, boolean compressed, Encoding encoding) {
        if (!compressed || codec == Compression.UNCOMPRESSED) {
            return body(at, csize, usize, compressed);
        }
        try {
            CompressionCodecs.checkDeclaredSize(codec, at, csize, usize, maxPageBytes);
            // a snappy block or zstd frame states its size: checked before the page buffer grows for the
            // header's claim
            boolean mapped = fromMapping(at, csize, usize);
            if (mapped) {
                CompressionCodecs.checkFrameHeader(codec, source.buffer(), Math.toIntExact(base + at), csize, usize);
            } else {
                if (source != null) {
                    fill(at, csize);
                }
                CompressionCodecs.checkFrameHeader(codec, buf, at - shift, csize, usize);
            }
            if (pageBuffer.length < usize) {
                pageBuffer = new byte[Math.max(usize, (int) Math.min(maxPageBytes, 2L * pageBuffer.length))];
            }
            if (mapped) {
                CompressionCodecs.decompressInto(
                        codec, source.buffer(), Math.toIntExact(base + at), csize, pageBuffer, 0, usize);
            } else {
                // values of fixed width (numbers, booleans, dictionary ids) pick colcodec's SNAPPY decoder
                boolean fixedWidth = column.type() != PhysicalType.BYTE_ARRAY
                        || encoding == Encoding.RLE_DICTIONARY
                        || encoding == Encoding.PLAIN_DICTIONARY;
                CompressionCodecs.decompressInto(codec, buf, at - shift, csize, pageBuffer, 0, usize, fixedWidth);
            }
            return pageBuffer;
        } catch (CorruptInputException e) {
            throw new CorruptInputException(base + at, "a valid " + codec + " page: " + e.expected(), e);
        }
    }

    private void readDictionary(PageHeader h, int at, int csize, int usize) {
        DictionaryPageHeader dh = h.getDictionary_page_header();
        if (dh == null || dh.getNum_values() < 0) {
            throw new CorruptInputException(base + at, "a dictionary page header with num_values >= 0");
        }
        if (dictionaryReader != null) {
            throw new CorruptInputException(base + at, "at most one dictionary page per column chunk");
        }
        // read in place or not, the dictionary copies its entries (a window moves on)
        byte[] b = body(at, csize, usize, true);
        byte[] src = b == null ? buf : b;
        int off = b == null ? at - shift : 0;
        try {
            dictionaryReader = ParquetValues.newDictionaryReader(
                    column.type(), column.typeLength(), dh.getNum_values(), src, off, usize, kernels);
        } catch (IllegalArgumentException e) {
            throw new CorruptInputException(base + at, "a dictionary page for a " + column.type() + " column", e);
        } catch (CorruptInputException e) {
            // an index into src: a file offset for a page read in place (buf[i] is chunk position
            // i + shift), else an offset into the decompressed body, reported at the page
            throw b == null
                    ? new CorruptInputException(base + shift + e.offset(), e.expected(), e)
                    : new CorruptInputException(
                            base + at,
                            "a valid dictionary page (" + e.expected() + " at body offset " + e.offset() + ")",
                            e);
        }
    }

    private ValuesReader valuesReader(Encoding e, int at) {
        ParquetEncoding pe;
        try {
            pe = ParquetEncoding.fromThriftId(e == null ? -1 : e.getValue());
        } catch (IllegalArgumentException ex) {
            throw new CorruptInputException(base + at, "a known value encoding", ex);
        }
        if (pe.usesDictionary()) {
            if (dictionaryReader == null) {
                throw new CorruptInputException(base + at, "a dictionary page before " + pe + " data pages");
            }
            return dictionaryReader;
        }
        ValuesReader r = plainReaders[pe.ordinal()];
        if (r == null) {
            try {
                r = ParquetValues.newReader(pe, column.type(), column.typeLength(), kernels);
            } catch (IllegalArgumentException ex) {
                throw new CorruptInputException(base + at, pe + " is not valid for " + column.type(), ex);
            }
            plainReaders[pe.ordinal()] = r;
        }
        return r;
    }

    private void loadV1(DataPageHeader dh, int at, int csize, int usize) {
        int n = dh.getNum_values();
        byte[] b = dataBody(at, csize, usize, true, dh.getEncoding());
        byte[] src = b == null ? buf : b;
        int off = b == null ? at - shift : 0;
        int stop = off + usize;
        levelsBase = b == null ? base + shift : -1;
        valuesBase = levelsBase;
        if (maxRep > 0) {
            requireRle(dh.getRepetition_level_encoding(), at, "repetition");
            decoding = DECODING_LEVELS;
            repPrefixed.init(n, src, off, stop - off);
            decoding = NOT_DECODING;
            off = repPrefixed.endOffset();
            repReader = repPrefixed;
        }
        if (maxDef > 0) {
            requireRle(dh.getDefinition_level_encoding(), at, "definition");
            decoding = DECODING_LEVELS;
            defPrefixed.init(n, src, off, stop - off);
            decoding = NOT_DECODING;
            off = defPrefixed.endOffset();
            defReader = defPrefixed;
        }
        values = valuesReader(dh.getEncoding(), at);
        decoding = DECODING_VALUES;
        values.init(n, src, off, stop - off);
        decoding = NOT_DECODING;
        pageRemaining = n;
        pageRowsStated = -1;
    }

    private void requireRle(Encoding e, int at, String what) {
        if (e != Encoding.RLE) {
            throw new CorruptInputException(base + at, "RLE " + what + " levels (got " + e + ")");
        }
    }

    private void loadV2(DataPageHeaderV2 dh, int at, int csize, int usize) {
        int n = dh.getNum_values();
        int rl = dh.getRepetition_levels_byte_length();
        int dl = dh.getDefinition_levels_byte_length();
        if (rl < 0 || dl < 0 || (long) rl + dl > csize || (long) rl + dl > usize) {
            throw new CorruptInputException(base + at, "level sections within the page, got " + rl + " + " + dl);
        }
        if (dh.getNum_nulls() < 0 || dh.getNum_nulls() > n || (maxDef == 0 && dh.getNum_nulls() != 0)) {
            throw new CorruptInputException(base + at, "num_nulls in [0, " + n + "], got " + dh.getNum_nulls());
        }
        int vAt = at + rl + dl;
        boolean compressed = !dh.isSetIs_compressed() || dh.isIs_compressed();
        int vc = csize - rl - dl;
        int vu = usize - rl - dl;
        if (source != null) {
            // the levels, and the values too unless they are decompressed from the mapping, in one window
            boolean valuesFromMapping = compressed && codec != Compression.UNCOMPRESSED && fromMapping(vAt, vc, vu);
            fill(at, valuesFromMapping ? rl + dl : csize);
        }
        byte[] b = dataBody(vAt, vc, vu, compressed, dh.getEncoding());
        levelsBase = base + shift;
        valuesBase = b == null ? base + shift : -1;
        decoding = DECODING_LEVELS;
        if (maxRep > 0) {
            repBare.init(n, buf, at - shift, rl);
            repReader = repBare;
        }
        if (maxDef > 0) {
            defBare.init(n, buf, at + rl - shift, dl);
            defReader = defBare;
        }
        decoding = NOT_DECODING;
        values = valuesReader(dh.getEncoding(), at);
        decoding = DECODING_VALUES;
        if (b == null) {
            values.init(n - dh.getNum_nulls(), buf, vAt - shift, vc);
        } else {
            values.init(n - dh.getNum_nulls(), b, 0, vu);
        }
        decoding = NOT_DECODING;
        pageRemaining = n;
        pageRowsStated = maxRep > 0 ? dh.getNum_rows() : -1;
        pageRowsBegun = 0;
        pageLevelsDecoded = 0;
        pageEntries = n;
    }
}
