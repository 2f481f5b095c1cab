package dev.colcodec.format.tsfile;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.compress.CompressionCodecs;
import dev.colcodec.format.io.FanOut;
import dev.colcodec.format.io.MappedFile;
import dev.colcodec.format.io.SharedChannel;
import dev.colcodec.io.ByteCursor;
import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Predicate;

/**
 * Reads a TsFile v4: magic and version, the file metadata at the tail (table index roots and table
 * schemas), the metadata index tree down to each device's timeseries metadata, and the chunks.
 *
 * <p>Table model: {@link #query(String, List, long, long)} answers with one columnar {@link TsBlock} per
 * device, {@link #blocks(String, List, long, long, ForkJoinPool)} with one block per chunk group.
 *
 * <p>Tree model (devices such as {@code root.sg1.d1}, which tsfile indexes under tables without a
 * schema): {@link #treeDevices()} and {@link #measurements(String)} list them;
 * {@link #seriesQuery(String, String, long, long)} reads one series (aligned or not) into a one-column
 * block with its own times, {@link #alignedQuery(String, List, long, long)} several series of an aligned
 * device into one block. Chunk and page statistics prune by time as in table queries.
 *
 * <p>A reader made by {@link #of(byte[])} works on a file held in memory. One made by {@link
 * #open(Path)} keeps only the metadata area (from the metadata separator to the end) in memory and
 * reads each chunk a query needs with a positional read, so a query over a small time range reads a
 * small part of the file; close it when done.
 *
 * <p>Every offset and size read from the file is checked against the bytes that exist; index nodes
 * must point backwards (children are written before their parents), so a corrupt index cannot loop.
 * Offsets in {@link CorruptInputException}s are file offsets, except inside decompressed pages, where
 * they index the decompressed page.
 *
 * <p>Queries may run concurrently on one reader (each builds its own decode state).
 */
public final class TsFileReader implements Closeable {
    static final byte[] MAGIC = "TsFile".getBytes(StandardCharsets.US_ASCII);
    static final int VERSION = 4;
    static final int SEPARATOR = 0x02;
    static final int INTERNAL_DEVICE = 0;
    static final int LEAF_DEVICE = 1;
    static final int INTERNAL_MEASUREMENT = 2;
    static final int LEAF_MEASUREMENT = 3;
    private static final int MAX_DEPTH = 64;
    /** Bytes first read at a chunk offset to parse its header; a longer header is read again whole. */
    private static final int CHUNK_HEADER_WINDOW = 512;
    /** The longest chunk header accepted (a measurement name of up to about 64 KiB). */
    private static final int MAX_CHUNK_HEADER = 1 << 16;

    /** The whole file (in memory), or the metadata area {@code [bufBase, fileLength)} (channel). */
    private byte[] buf;
    /** File offset of {@code buf[0]}. */
    private long bufBase;

    private final long fileLength;
    /** Positional reads of chunks; null when the whole file is in {@link #buf}. */
    private final FileChannel channel;
    /** The kernels of every chunk reader this reader makes. */
    private final Kernels kernels;
    /** The file mapped (1 byte to 2 GiB, opened from disk), read instead of {@link #channel}; or null. */
    private final MappedFile mapped;
    /** Bytes read through {@link #channel} since opening (tests check that narrow queries read little). */
    private final AtomicLong bytesRead = new AtomicLong();
    /** What the queries of this reader left unread, counted from all their threads. */
    private final SkipCounts skips = new SkipCounts();

    /** Counts of what queries skipped, added to by their chunk readers from any thread. */
    static final class SkipCounts {
        final LongAdder chunks = new LongAdder();
        final LongAdder pages = new LongAdder();
        final LongAdder timeBlocks = new LongAdder();
    }

    /**
     * What the queries of a reader have read and left unread since it was opened.
     *
     * @param bytesRead bytes read from the file for chunks and metadata after the file's tail (0 for a
     *     reader of an array)
     * @param chunksSkipped time chunks left unread, with the value chunks of their chunk group, because the
     *     statistics of their device or chunk put them outside the time range asked for (non-aligned
     *     series: chunks of the series)
     * @param pagesSkipped pages left undecoded because their statistics put them outside the time range
     *     (aligned chunks: time pages, whose value pages are skipped with them)
     * @param timeBlocksSkipped TS_2DIFF blocks of time pages skipped undecoded by peeking at their headers
     */
    public record ReadCounts(long bytesRead, long chunksSkipped, long pagesSkipped, long timeBlocksSkipped) {}

    /** What this reader's queries have read and skipped so far (a snapshot; safe from any thread). */
    public ReadCounts readCounts() {
        return new ReadCounts(bytesRead.get(), skips.chunks.sum(), skips.pages.sum(), skips.timeBlocks.sum());
    }

    private final long metaOffset;
    private final long fileMetaStart;
    private final Map<String, Long> tableRoots = new LinkedHashMap<>();
    private final Map<String, Long> tableRootEnds = new LinkedHashMap<>();
    private final Map<String, TsTableSchema> schemas = new LinkedHashMap<>();
    private final Map<String, String> properties;

    private TsFileReader(
            byte[] initial,
            long initialBase,
            long fileLength,
            FileChannel channel,
            MappedFile mapped,
            Kernels kernels) {
        this.kernels = java.util.Objects.requireNonNull(kernels, "kernels");
        this.buf = initial;
        this.bufBase = initialBase;
        this.fileLength = fileLength;
        this.channel = channel;
        this.mapped = mapped;
        long len = fileLength;
        if (len < MAGIC.length * 2 + 1 + 4) {
            throw new CorruptInputException(0, "the TsFile magic \"TsFile\" at the start");
        }
        byte[] head = channel == null ? buf : readAt(0, MAGIC.length + 1);
        if (!Arrays.equals(head, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
            throw new CorruptInputException(0, "the TsFile magic \"TsFile\" at the start");
        }
        if (head[MAGIC.length] != VERSION) {
            throw new CorruptInputException(MAGIC.length, "TsFile version 4 (got " + head[MAGIC.length] + ")");
        }
        int tailMagic = index(len - MAGIC.length);
        if (!Arrays.equals(buf, tailMagic, tailMagic + MAGIC.length, MAGIC, 0, MAGIC.length)) {
            throw new CorruptInputException(len - MAGIC.length, "the TsFile magic at the end (an unclosed file?)");
        }
        long sizeAt = len - MAGIC.length - 4;
        int metaSize = ByteIO.getIntBE(buf, index(sizeAt));
        if (metaSize < 0 || metaSize > sizeAt - MAGIC.length - 1) {
            throw new CorruptInputException(sizeAt, "a file metadata size within the file (got " + metaSize + ")");
        }
        fileMetaStart = sizeAt - metaSize;
        if (fileMetaStart < bufBase) {
            // a channel: the tail read so far holds only the size and magic
            extendTo(fileMetaStart);
        }
        long mo;
        try {
            ByteCursor in = new ByteCursor(buf, index(fileMetaStart), metaSize);
            int tables = in.readCount(metaSize, "table count");
            for (int i = 0; i < tables; i++) {
                String name = tableName(in, "table name");
                long root = offsetOf(in);
                skipIndexNode(in, true);
                tableRootEnds.put(name, offsetOf(in));
                tableRoots.put(name, root);
            }
            int schemaCount = in.readCount(in.remaining(), "table schema count");
            for (int i = 0; i < schemaCount; i++) {
                String name = tableName(in, "table schema name");
                schemas.put(name, TsTableSchema.read(name, in));
            }
            long moAt = offsetOf(in);
            mo = in.readLongBE("metadata offset");
            if (mo < MAGIC.length + 1 || mo >= fileMetaStart) {
                throw new CorruptInputException(
                        moAt - bufBase, "a metadata offset at the separator before the file metadata (got " + mo + ")");
            }
            properties = readProperties(in);
        } catch (CorruptInputException e) {
            throw rebased(e);
        }
        if (mo < bufBase) {
            extendTo(mo);
        }
        if (buf[index(mo)] != SEPARATOR) {
            throw new CorruptInputException(mo, "the metadata separator at the metadata offset");
        }
        metaOffset = mo;
    }

    /** The encryption setting of the file properties: level "0" (or none) is an unencrypted file. */
    static final String ENCRYPT_LEVEL = "encryptLevel";

    /** Whether file properties say the file is encrypted (an {@link #ENCRYPT_LEVEL} other than "0"). */
    static boolean encrypted(Map<String, String> properties) {
        String level = properties.get(ENCRYPT_LEVEL);
        return level != null && !level.equals("0");
    }

    /**
     * Skips the bloom filter and reads the file properties that follow the metadata offset; as tsfile 2.4.0
     * does, each only if bytes remain, a negative property count meaning none. Refuses an encrypted file.
     */
    private static Map<String, String> readProperties(ByteCursor in) {
        if (in.hasRemaining()) {
            // byte length, BitSet bytes, bit count, hash count; tsfile writes four zero bytes for no filter
            int n = in.readCount(in.remaining(), "bloom filter byte length");
            in.skip(n, "bloom filter bits");
            in.readUnsignedVarInt("bloom filter bit count");
            in.readUnsignedVarInt("bloom filter hash count");
        }
        if (!in.hasRemaining()) {
            return Map.of();
        }
        int at = in.position();
        int count = in.readZigZagVarInt("file property count");
        if (count > in.remaining() / 2) {
            // a pair takes two bytes at least
            throw new CorruptInputException(
                    at, "a file property count of at most " + in.remaining() / 2 + " (got " + count + ")");
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            String k = TsStrings.readVarString(in, "file property key");
            m.put(k, TsStrings.readVarString(in, "file property value"));
        }
        if (encrypted(m)) {
            throw new CorruptInputException(
                    at,
                    "an unencrypted TsFile (encryptLevel 0 or none), got encryptLevel " + m.get(ENCRYPT_LEVEL)
                            + ": colcodec reads no encrypted TsFiles");
        }
        return Collections.unmodifiableMap(m);
    }

    /** The index in {@link #buf} of file offset {@code fileOffset} (which must lie in it). */
    private int index(long fileOffset) {
        return (int) (fileOffset - bufBase);
    }

    /** The file offset of a cursor's position in {@link #buf}. */
    private long offsetOf(ByteCursor in) {
        return bufBase + in.position();
    }

    /** A metadata exception, whose offset indexes {@link #buf}, with the file offset instead. */
    private CorruptInputException rebased(CorruptInputException e) {
        return bufBase == 0 ? e : new CorruptInputException(e.offset() + bufBase, e.expected(), e);
    }

    /** Reads the file from {@code from} up to what {@link #buf} holds, making {@code buf} start there. */
    private void extendTo(long from) {
        int more = (int) (bufBase - from);
        byte[] joined = new byte[more + buf.length];
        System.arraycopy(buf, 0, joined, more, buf.length);
        readInto(from, joined, 0, more);
        buf = joined;
        bufBase = from;
    }

    /**
     * Chunk pages read page by page come from here: copies, or pages decompressed from the mapping (LZ4,
     * and SNAPPY or ZSTD pages that hardly compress).
     */
    private final TsChunkReader.FileBytes fileBytes = new TsChunkReader.FileBytes() {
        @Override
        public void read(long offset, byte[] dst, int off, int len) {
            readInto(offset, dst, off, len);
        }

        @Override
        public boolean decompressInPlace(Compression codec, long offset, int len, byte[] dst, int size) {
            if (mapped == null || !CompressionCodecs.decompressesFromBuffer(codec, len, size)) {
                return false;
            }
            if (offset < 0 || len < 0 || offset + len > fileLength) {
                throw new CorruptInputException(offset, len + " bytes within the file of " + fileLength + " bytes");
            }
            CompressionCodecs.decompressInto(codec, mapped.buffer(), (int) offset, len, dst, 0, size);
            bytesRead.addAndGet(len);
            return true;
        }
    };

    /**
     * A table name of the file metadata: a string, not the null a length of -1 stands for. Its exception's
     * offset indexes {@link #buf}, as the other metadata exceptions' do until {@link #rebased}.
     */
    private static String tableName(ByteCursor in, String what) {
        int at = in.position();
        String name = TsStrings.readVarString(in, what);
        if (name == null) {
            throw new CorruptInputException(at, "a " + what + ", not a null string");
        }
        return name;
    }

    /** {@code len} bytes of the file at {@code from} (channel readers). */
    private byte[] readAt(long from, int len) {
        if (mapped != null) {
            // once per chunk: see MappedFile on faults in a mapping of a truncated file
            mapped.checkNotShrunk(from);
        }
        byte[] b = new byte[Math.max(0, len)];
        readInto(from, b, 0, len);
        return b;
    }

    /** Reads {@code len} bytes of the file at {@code from} into {@code dst[off, off + len)} (channel readers). */
    private void readInto(long from, byte[] dst, int off, int len) {
        if (from < 0 || len < 0 || from + len > fileLength) {
            throw new CorruptInputException(from, len + " bytes within the file of " + fileLength + " bytes");
        }
        if (mapped != null) {
            mapped.copy(from, dst, off, len);
        } else {
            try {
                readFully(channel, from, dst, off, len);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        bytesRead.addAndGet(len);
    }

    /**
     * Positional reads until {@code len} bytes at {@code from} are in {@code dst}; a shorter file is corrupt
     * input. Reads go in pieces of at most {@value #READ_PIECE} bytes: the JDK reads a heap buffer through
     * a temporary direct buffer of the request's size, and a small one stays in the cache between the two
     * copies.
     */
    private static void readFully(FileChannel ch, long from, byte[] dst, int off, int len) throws IOException {
        ByteBuffer bb = ByteBuffer.wrap(dst, off, len);
        int end = off + len;
        while (bb.hasRemaining()) {
            long at = from + (bb.position() - off);
            bb.limit((int) Math.min(end, (long) bb.position() + READ_PIECE));
            if (SharedChannel.read(ch, bb, at) < 0) {
                throw new CorruptInputException(at, "more bytes (the file shrank while it was read)");
            }
            bb.limit(end);
        }
    }

    private static final int READ_PIECE = 1 << 18;

    /** Parses a whole TsFile held in {@code bytes} (not copied). */
    public static TsFileReader of(byte[] bytes) {
        return of(bytes, KernelProvider.best());
    }

    /** As {@link #of(byte[])}, decoding values with {@code kernels} (the same values whichever set). */
    public static TsFileReader of(byte[] bytes, Kernels kernels) {
        return new TsFileReader(bytes, 0, bytes.length, null, null, kernels);
    }

    /**
     * Opens {@code file}: reads its metadata area now and each chunk when a query needs it. Files of up
     * to 2 GiB are memory-mapped ({@link MappedFile}) and each chunk a query needs is copied (LZ4 pages:
     * decompressed) out of the mapping; larger files are read with positional reads. Close the reader
     * when done.
     */
    public static TsFileReader open(Path file) throws IOException {
        return open(file, KernelProvider.best());
    }

    /** As {@link #open(Path)}, decoding values with {@code kernels} (the same values whichever set). */
    public static TsFileReader open(Path file, Kernels kernels) throws IOException {
        java.util.Objects.requireNonNull(kernels, "kernels");
        FileChannel ch = MappedFile.openForReading(file);
        try {
            long len = ch.size();
            int tail = (int) Math.min(len, MAGIC.length + 4);
            byte[] b = new byte[tail];
            readFully(ch, len - tail, b, 0, tail);
            return new TsFileReader(b, len - tail, len, ch, MappedFile.mapIfSmall(ch), kernels);
        } catch (IOException | RuntimeException | Error e) {
            ch.close();
            throw e;
        }
    }

    /** Bytes read from the file after the initial tail read (0 for an in-memory reader). */
    long bytesRead() {
        return bytesRead.get();
    }

    /** Closes the file of a reader made by {@link #open(Path)}; a no-op for one made by {@link #of(byte[])}. */
    @Override
    public void close() throws IOException {
        if (channel != null) {
            channel.close();
        }
    }

    /**
     * Table names: those with devices in file order, then those with a schema and no devices (tsfile writes
     * no device index for a table it had a schema of and no rows).
     */
    public List<String> tables() {
        List<String> names = new ArrayList<>(tableRoots.keySet());
        for (String table : schemas.keySet()) {
            if (!tableRoots.containsKey(table)) {
                names.add(table);
            }
        }
        return names;
    }

    /** The schema of {@code table}, or null. */
    public TsTableSchema schema(String table) {
        return schemas.get(table);
    }

    /** Every table schema stored in the file. */
    public Map<String, TsTableSchema> schemas() {
        return Collections.unmodifiableMap(schemas);
    }

    /**
     * The file properties stored after the bloom filter, in file order (keys and values may be null);
     * tsfile 2.4.0 writes {@code encryptLevel}, {@code encryptKey} and {@code encryptType} there.
     */
    public Map<String, String> properties() {
        return properties;
    }

    /** Offset of the metadata separator (the end of the chunk groups). */
    public long metadataOffset() {
        return metaOffset;
    }

    // ---- index nodes -----------------------------------------------------------------------------

    /** A parsed MetadataIndexNode. */
    private static final class Node {
        int count;
        String[][] devices;
        long[] offsets;
        long endOffset;
        int type;
    }

    private static String[] readDeviceId(ByteCursor in) {
        int n = in.readCount(in.remaining(), "device id segment count");
        String[] seg = new String[n];
        for (int i = 0; i < n; i++) {
            seg[i] = TsStrings.readVarString(in, "device id segment");
        }
        return seg;
    }

    private Node readNode(ByteCursor in, boolean deviceLevel) {
        int start = in.position();
        Node node = new Node();
        // an entry takes at least 9 bytes
        node.count = in.readCount(in.remaining() / 9, "index node child count");
        node.devices = deviceLevel ? new String[node.count][] : null;
        node.offsets = new long[node.count];
        for (int i = 0; i < node.count; i++) {
            if (deviceLevel) {
                node.devices[i] = readDeviceId(in);
            } else {
                TsStrings.readVarString(in, "measurement index name");
            }
            int at = in.position();
            node.offsets[i] = in.readLongBE("index entry offset");
            if (node.offsets[i] < metaOffset
                    || node.offsets[i] >= start + bufBase
                    || (i > 0 && node.offsets[i] <= node.offsets[i - 1])) {
                throw new CorruptInputException(
                        at, "an index entry offset in the metadata area before its node (got " + node.offsets[i] + ")");
            }
        }
        int at = in.position();
        node.endOffset = in.readLongBE("index node end offset");
        node.type = in.readUnsignedByte("index node type");
        boolean ok = deviceLevel
                ? node.type == INTERNAL_DEVICE || node.type == LEAF_DEVICE
                : node.type == INTERNAL_MEASUREMENT || node.type == LEAF_MEASUREMENT;
        if (!ok) {
            throw new CorruptInputException(at + 8, "an index node type for this level (got " + node.type + ")");
        }
        if (node.endOffset > start + bufBase || (node.count > 0 && node.endOffset <= node.offsets[node.count - 1])) {
            throw new CorruptInputException(
                    at, "an index node end offset after its entries (got " + node.endOffset + ")");
        }
        return node;
    }

    private void skipIndexNode(ByteCursor in, boolean deviceLevel) {
        int n = in.readCount(in.remaining() / 9, "index node child count");
        for (int i = 0; i < n; i++) {
            if (deviceLevel) {
                readDeviceId(in);
            } else {
                TsStrings.readVarString(in, "measurement index name");
            }
            in.skip(8, "index entry offset");
        }
        in.skip(9, "index node end offset and type");
    }

    private ByteCursor cursorAt(long from, long to) {
        return new ByteCursor(buf, index(from), (int) (to - from));
    }

    /** Devices of {@code table} (each the id segments: table name then tag values) with their measurement-index ranges. */
    private void collectDevices(Node node, int depth, List<String[]> ids, List<long[]> ranges) {
        if (depth > MAX_DEPTH) {
            throw new CorruptInputException(
                    node.endOffset - bufBase, "a metadata index at most " + MAX_DEPTH + " levels deep");
        }
        for (int i = 0; i < node.count; i++) {
            long from = node.offsets[i];
            long to = i + 1 < node.count ? node.offsets[i + 1] : node.endOffset;
            if (node.type == LEAF_DEVICE) {
                ids.add(node.devices[i]);
                ranges.add(new long[] {from, to});
            } else {
                collectDevices(readNode(cursorAt(from, to), true), depth + 1, ids, ranges);
            }
        }
    }

    private void collectSeriesRanges(Node node, int depth, List<long[]> ranges) {
        if (depth > MAX_DEPTH) {
            throw new CorruptInputException(
                    node.endOffset - bufBase, "a metadata index at most " + MAX_DEPTH + " levels deep");
        }
        for (int i = 0; i < node.count; i++) {
            long from = node.offsets[i];
            long to = i + 1 < node.count ? node.offsets[i + 1] : node.endOffset;
            if (node.type == LEAF_MEASUREMENT) {
                ranges.add(new long[] {from, to});
            } else {
                collectSeriesRanges(readNode(cursorAt(from, to), false), depth + 1, ranges);
            }
        }
    }

    /**
     * An empty column for a series or FIELD column of {@code type}, whose type byte (or table schema) is at
     * file offset {@code at}: a type no column holds (OBJECT, or VECTOR and UNKNOWN where a value type
     * belongs) is input colcodec cannot read.
     */
    private static TsColumn valueColumn(String name, TsDataType type, long at) {
        checkValueType(name, type, at);
        return new TsColumn(name, type);
    }

    /** See {@link #valueColumn}. */
    private static void checkValueType(String name, TsDataType type, long at) {
        if (!TsColumn.holds(type)) {
            throw new CorruptInputException(
                    at, "a value type colcodec reads for column " + name + " (got " + type + ")");
        }
    }

    /**
     * The root of {@code table}'s device index, or null for a table with a schema and no devices (tsfile
     * writes no index for a table it was given a schema of and no rows).
     */
    private Node tableRoot(String table) {
        Long root = tableRoots.get(table);
        if (root == null) {
            if (schemas.containsKey(table)) {
                return null;
            }
            throw new IllegalArgumentException("no table '" + table + "' in this file");
        }
        return readNode(cursorAt(root, tableRootEnds.get(table)), true);
    }

    /** The device ids of {@code table} and their series metadata ranges (none for a table without devices). */
    private void collectTableDevices(String table, List<String[]> ids, List<long[]> ranges) {
        Node root = tableRoot(table);
        if (root != null) {
            collectDevices(root, 0, ids, ranges);
        }
    }

    /** The device ids of {@code table}: each {@code [tableName, tag1, tag2, ...]}, a null tag as null. */
    public List<String[]> devices(String table) {
        List<String[]> ids = new ArrayList<>();
        try {
            collectTableDevices(table, ids, new ArrayList<>());
        } catch (CorruptInputException e) {
            throw rebased(e);
        }
        return ids;
    }

    /**
     * The series statistics of every device of {@code table}, in {@link #devices(String)} order: per
     * device, measurement id to statistics (the time series under the id {@code ""}).
     */
    public List<Map<String, TsStatistics>> deviceStatistics(String table) {
        List<String[]> ids = new ArrayList<>();
        List<long[]> ranges = new ArrayList<>();
        List<Map<String, TsStatistics>> out = new ArrayList<>();
        try {
            collectTableDevices(table, ids, ranges);
            for (long[] range : ranges) {
                Map<String, TsStatistics> stats = new LinkedHashMap<>();
                for (Series s : readSeries(range).values()) {
                    stats.put(s.name, s.stats);
                }
                out.add(stats);
            }
        } catch (CorruptInputException e) {
            throw rebased(e);
        }
        return out;
    }

    // ---- timeseries metadata ---------------------------------------------------------------------

    /** One series of a device: its chunk header offsets and per-chunk time ranges. */
    static final class Series {
        String name;
        TsDataType type;
        /** File offset of the data type byte. */
        long typeAt;

        boolean time;
        TsStatistics stats;
        int chunkCount;
        long[] chunkOffsets;
        long[] chunkStart;
        long[] chunkEnd;
        /** Each chunk's row count from its statistics (see {@link TsChunkReader.Chunk#metadataRows}). */
        int[] chunkRows;
        /** Each chunk's statistics (see {@link TsChunkReader.Chunk#metadataStatistics}). */
        TsStatistics[] chunkStats;
    }

    private Map<String, Series> readSeries(long[] range) {
        Map<String, Series> out = new LinkedHashMap<>();
        List<long[]> ranges = new ArrayList<>();
        collectSeriesRanges(readNode(cursorAt(range[0], range[1]), false), 0, ranges);
        for (long[] r : ranges) {
            ByteCursor in = cursorAt(r[0], r[1]);
            while (in.hasRemaining()) {
                Series s = readOneSeries(in);
                out.put(s.name, s);
            }
        }
        return out;
    }

    private Series readOneSeries(ByteCursor in) {
        int start = in.position();
        int kind = in.readUnsignedByte("timeseries metadata type");
        Series s = new Series();
        s.name = TsStrings.readVarString(in, "timeseries measurement id");
        int tAt = in.position();
        s.type = TsEnums.dataType(in.readUnsignedByte("timeseries data type"), tAt);
        s.typeAt = bufBase + tAt;
        if (s.name == null || (kind & 0x3E) != 0) {
            throw new CorruptInputException(start, "a timeseries metadata header");
        }
        // tsfile Java marks the time series with the time-column bit; the C++ writer (tsfile-python
        // 2.5.0) writes type 0 for every series, so the nameless VECTOR series is the time column too
        s.time = (kind & TsChunkHeader.TIME_COLUMN_MASK) != 0 || (s.name.isEmpty() && s.type == TsDataType.VECTOR);
        int listSize = in.readCount(in.remaining(), "chunk metadata list size");
        s.stats = TsStatistics.read(s.type, in);
        ByteCursor list = new ByteCursor(buf, in.skip(listSize, "chunk metadata list"), listSize);
        boolean multi = (kind & 1) != 0;
        int max = Math.max(1, listSize / 8);
        s.chunkOffsets = new long[Math.min(max, 16)];
        s.chunkStart = new long[s.chunkOffsets.length];
        s.chunkEnd = new long[s.chunkOffsets.length];
        s.chunkRows = new int[s.chunkOffsets.length];
        s.chunkStats = new TsStatistics[s.chunkOffsets.length];
        while (list.hasRemaining()) {
            int at = list.position();
            long off = list.readLongBE("chunk header offset");
            if (off <= MAGIC.length || off >= metaOffset) {
                throw new CorruptInputException(at, "a chunk offset before the metadata (got " + off + ")");
            }
            TsStatistics cs = multi ? TsStatistics.read(s.type, list) : s.stats;
            if (s.chunkCount == s.chunkOffsets.length) {
                int cap = s.chunkCount * 2;
                s.chunkOffsets = Arrays.copyOf(s.chunkOffsets, cap);
                s.chunkStart = Arrays.copyOf(s.chunkStart, cap);
                s.chunkEnd = Arrays.copyOf(s.chunkEnd, cap);
                s.chunkRows = Arrays.copyOf(s.chunkRows, cap);
                s.chunkStats = Arrays.copyOf(s.chunkStats, cap);
            }
            s.chunkOffsets[s.chunkCount] = off;
            s.chunkStart[s.chunkCount] = cs.startTime;
            s.chunkEnd[s.chunkCount] = cs.endTime;
            s.chunkRows[s.chunkCount] = cs.count;
            s.chunkStats[s.chunkCount] = cs;
            s.chunkCount++;
            if (!multi && list.hasRemaining()) {
                throw new CorruptInputException(list.position(), "one chunk for a single-chunk series");
            }
        }
        return s;
    }

    // ---- tree model ------------------------------------------------------------------------------

    /** A tree-model device: its id segments and the range of its measurement index root. */
    private record TreeDevice(String[] id, long[] range) {}

    /** Tree-model devices by path, built on first use. */
    private Map<String, TreeDevice> treeIndex;

    /**
     * The tree-model devices by path: the devices of every index table without a table schema, or with the
     * schema tsfile generates for tree-model devices ({@link #generatedTreeSchema}) (tsfile keys a tree
     * device such as {@code root.sg1.d1} under the table {@code root.sg1}, its first three path levels at
     * most, with id segments {@code [root.sg1, d1]}).
     */
    private synchronized Map<String, TreeDevice> treeIndex() {
        if (treeIndex == null) {
            Map<String, TreeDevice> index = new LinkedHashMap<>();
            try {
                for (String table : tableRoots.keySet()) {
                    if (schemas.containsKey(table) && !generatedTreeSchema(schemas.get(table))) {
                        continue;
                    }
                    List<String[]> ids = new ArrayList<>();
                    List<long[]> ranges = new ArrayList<>();
                    collectTableDevices(table, ids, ranges);
                    for (int i = 0; i < ids.size(); i++) {
                        index.putIfAbsent(String.join(".", ids.get(i)), new TreeDevice(ids.get(i), ranges.get(i)));
                    }
                }
            } catch (CorruptInputException e) {
                throw rebased(e);
            }
            treeIndex = index;
        }
        return treeIndex;
    }

    /**
     * Whether {@code schema} is one tsfile generates for the tree-model devices under a table (its writer's
     * {@code setGenerateTableSchema(true)}): TAG columns, at least one, all named {@code __level} and a
     * number (the device path's levels after the table), so that its table query reads them too.
     */
    static boolean generatedTreeSchema(TsTableSchema schema) {
        List<String> tags = schema.tagNames();
        return !tags.isEmpty() && tags.stream().allMatch(t -> t.matches("__level[0-9]+"));
    }

    private TreeDevice treeDevice(String device) {
        TreeDevice d = treeIndex().get(device);
        if (d == null) {
            throw new IllegalArgumentException("no tree-model device '" + device + "' in this file");
        }
        return d;
    }

    /** The series of a tree device (rebasing metadata exceptions to file offsets). */
    private Map<String, Series> treeSeries(TreeDevice d) {
        try {
            return readSeries(d.range());
        } catch (CorruptInputException e) {
            throw rebased(e);
        }
    }

    /** The time series of an aligned device's series, or null for a non-aligned device. */
    private static Series timeSeries(Map<String, Series> series) {
        Series t = series.get("");
        return t != null && t.time ? t : null;
    }

    /**
     * The paths of the tree-model devices (such as {@code root.sg1.d1}: the device id segments joined by
     * dots), in index order. Devices of table-model tables are not listed; see {@link #devices(String)}.
     */
    public List<String> treeDevices() {
        return new ArrayList<>(treeIndex().keySet());
    }

    /**
     * The measurements of tree-model device {@code device}, in index order (the time column of an
     * aligned device is not listed): type, encoding and compression (read from each series' first chunk
     * header), whether the device is aligned, and the statistics over the file.
     *
     * @throws IllegalArgumentException for an unknown device
     */
    public List<TsMeasurement> measurements(String device) {
        Map<String, Series> series = treeSeries(treeDevice(device));
        boolean aligned = timeSeries(series) != null;
        List<TsMeasurement> out = new ArrayList<>(series.size());
        for (Series s : series.values()) {
            if (s.time) {
                continue;
            }
            TsChunkHeader h = s.chunkCount == 0 ? null : chunkHeaderAt(s.chunkOffsets[0]);
            if (h != null && (h.dataType() != s.type || h.isTimeChunk() || h.isValueChunk() != aligned)) {
                throw new CorruptInputException(
                        s.chunkOffsets[0],
                        (aligned ? "an aligned value" : "a non-aligned") + " chunk of " + s.type + " (got " + h + ")");
            }
            out.add(new TsMeasurement(
                    s.name,
                    s.type,
                    h == null ? null : h.encoding(),
                    h == null ? null : h.compression(),
                    aligned,
                    s.stats));
        }
        return out;
    }

    /**
     * The points of series {@code measurement} of tree-model device {@code device} with time in {@code
     * [minTime, maxTime]}, as one block with one column: its own times, one row per point (a series of an
     * aligned device gives the rows where it is not null). Time stamps of non-aligned series are taken to
     * be TS_2DIFF, TsFile's default time encoding; see {@link #seriesQuery(String, String, long, long,
     * TsEncoding)}.
     *
     * @throws IllegalArgumentException for an unknown device or measurement
     */
    public TsBlock seriesQuery(String device, String measurement, long minTime, long maxTime) {
        return seriesQuery(device, measurement, minTime, maxTime, TsEncoding.TS_2DIFF);
    }

    /**
     * As {@link #seriesQuery(String, String, long, long)}, decoding the time stamps of a non-aligned
     * series with {@code timeEncoding}: the file does not record it (tsfile writes them with its
     * configured {@code timeEncoder}, TS_2DIFF unless changed). Aligned devices record theirs.
     */
    public TsBlock seriesQuery(String device, String measurement, long minTime, long maxTime, TsEncoding timeEncoding) {
        if (timeEncoding == null || !dev.colcodec.tsfile.TsFileValues.supports(timeEncoding, TsDataType.INT64)) {
            throw new IllegalArgumentException("time stamps cannot be " + timeEncoding + ": it has no INT64 reader");
        }
        TreeDevice d = treeDevice(device);
        Map<String, Series> series = treeSeries(d);
        Series s = series.get(measurement);
        if (s == null || s.time) {
            throw new IllegalArgumentException("no measurement '" + measurement + "' of device " + device);
        }
        TsBlock out;
        if (timeSeries(series) != null) {
            out = alignedRead(d, series, List.of(measurement), minTime, maxTime);
            TsBlocks.dropNullRows(out);
        } else {
            out = new TsBlock(valueColumn(s.name, s.type, s.typeAt));
            TsChunkReader reader = new TsChunkReader(skips, kernels);
            byte[][] buffers = new byte[1][];
            for (int k = 0; k < s.chunkCount; k++) {
                if (s.chunkStart[k] > maxTime || s.chunkEnd[k] < minTime) {
                    skips.chunks.increment();
                    continue;
                }
                long off = s.chunkOffsets[k];
                boolean whole = s.chunkStart[k] >= minTime && s.chunkEnd[k] <= maxTime;
                TsChunkReader.Chunk c = chunkAt(off, !whole, buffers, 0);
                c.metadataRows = s.chunkRows[k];
                c.metadataStatistics = s.chunkStats[k];
                reader.readNonAligned(c, off, timeEncoding, minTime, maxTime, out);
            }
        }
        out.device = d.id().clone();
        return out;
    }

    /**
     * The rows of aligned tree-model device {@code device} with time in {@code [minTime, maxTime]}: one
     * block, one row per time stamp of the device's time column in the range, one column per name in
     * {@code measurements} (null where the measurement has no value at that time).
     *
     * @throws IllegalArgumentException for an unknown or non-aligned device, or an unknown measurement
     */
    public TsBlock alignedQuery(String device, List<String> measurements, long minTime, long maxTime) {
        TreeDevice d = treeDevice(device);
        Map<String, Series> series = treeSeries(d);
        if (timeSeries(series) == null) {
            throw new IllegalArgumentException(
                    "device " + device + " is not aligned: read its series with seriesQuery");
        }
        TsBlock out = alignedRead(d, series, measurements, minTime, maxTime);
        out.device = d.id().clone();
        return out;
    }

    private TsBlock alignedRead(
            TreeDevice d, Map<String, Series> series, List<String> measurements, long minTime, long maxTime) {
        Series time = timeSeries(series);
        Series[] values = new Series[measurements.size()];
        List<TsColumn> cols = new ArrayList<>(values.length);
        for (int i = 0; i < values.length; i++) {
            values[i] = series.get(measurements.get(i));
            if (values[i] == null || values[i].time) {
                throw new IllegalArgumentException(
                        "no measurement '" + measurements.get(i) + "' of device " + String.join(".", d.id()));
            }
            cols.add(valueColumn(values[i].name, values[i].type, values[i].typeAt));
        }
        TsBlock out = new TsBlock(cols);
        if (time.stats.count == 0 || time.stats.startTime > maxTime || time.stats.endTime < minTime) {
            skipsDevice(time);
            return out;
        }
        TsChunkReader reader = new TsChunkReader(skips, kernels);
        byte[][] buffers = new byte[values.length + 1][];
        for (int k = 0; k < time.chunkCount; k++) {
            readAlignedGroup(reader, time, values, k, minTime, maxTime, out, null, buffers);
        }
        return out;
    }

    /** Counts the time chunks of a device the statistics of its time series put outside a query's range. */
    private void skipsDevice(Series time) {
        if (time.stats.count > 0) {
            skips.chunks.add(time.chunkCount);
        }
    }

    /** The header of the chunk at file offset {@code off} (its data is not read). */
    private TsChunkHeader chunkHeaderAt(long off) {
        if (off < MAGIC.length + 1 || off >= metaOffset) {
            throw new CorruptInputException(off, "a chunk offset inside the data area");
        }
        long avail = metaOffset - off;
        if (channel == null) {
            // in memory the cursor indexes the file
            return TsChunkHeader.readHeaderOnly(new ByteCursor(buf, (int) off, (int) avail));
        }
        int window = (int) Math.min(avail, CHUNK_HEADER_WINDOW);
        try {
            try {
                return TsChunkHeader.readHeaderOnly(new ByteCursor(readAt(off, window), 0, window));
            } catch (CorruptInputException e) {
                if (window == avail || window >= MAX_CHUNK_HEADER) {
                    throw e;
                }
                window = (int) Math.min(avail, MAX_CHUNK_HEADER);
                return TsChunkHeader.readHeaderOnly(new ByteCursor(readAt(off, window), 0, window));
            }
        } catch (CorruptInputException e) {
            throw new CorruptInputException(off + e.offset(), e.expected(), e);
        }
    }

    // ---- query -----------------------------------------------------------------------------------

    /**
     * Rows of {@code table} with time in {@code [minTime, maxTime]}: one block per device (devices in
     * index order, devices without such rows left out), with one column per name in {@code columns}
     * (FIELD columns decoded from chunks; TAG columns filled from the device id, as STRING).
     *
     * @throws IllegalArgumentException for an unknown table or column
     */
    public List<TsBlock> query(String table, List<String> columns, long minTime, long maxTime) {
        return query(table, columns, minTime, maxTime, null);
    }

    /**
     * As {@link #query(String, List, long, long)}, decoding the value columns of each chunk group in
     * parallel on {@code pool} (null: on the calling thread). Results do not depend on the pool.
     */
    public List<TsBlock> query(String table, List<String> columns, long minTime, long maxTime, ForkJoinPool pool) {
        return query(table, columns, minTime, maxTime, null, pool);
    }

    /**
     * As {@link #query(String, List, long, long, ForkJoinPool)}, over the devices {@code devices} accepts
     * (null: every device). It is called once per device of the table, in index order, with a copy of the
     * device id ({@code [tableName, tag1, tag2, ...]}, a null tag as null, as {@link #devices(String)}
     * lists them); a device it refuses is skipped before any of its metadata or chunks is read.
     */
    public List<TsBlock> query(
            String table,
            List<String> columns,
            long minTime,
            long maxTime,
            Predicate<String[]> devices,
            ForkJoinPool pool) {
        Scan scan = new Scan(table, columns, minTime, maxTime, devices, pool);
        List<TsBlock> out = new ArrayList<>();
        while (scan.nextDevice()) {
            TsBlock fields = scan.newFieldBlock();
            while (scan.nextWindow(fields, Integer.MAX_VALUE)) {
                // every chunk group of the device appends to the one block
            }
            if (fields.size() > 0) {
                out.add(scan.assemble(fields));
            }
        }
        return out;
    }

    /**
     * The rows of {@link #query(String, List, long, long, ForkJoinPool)}, one block per chunk group
     * (a device's rows of one time chunk), produced as the iterator advances: only one chunk group's
     * values are decoded and held at a time. Blocks without rows in the range are left out; each block is
     * new (never reused by later calls).
     *
     * @throws IllegalArgumentException for an unknown table or column
     */
    public Iterator<TsBlock> blocks(String table, List<String> columns, long minTime, long maxTime, ForkJoinPool pool) {
        return blocks(table, columns, minTime, maxTime, null, pool);
    }

    /**
     * As {@link #blocks(String, List, long, long, ForkJoinPool)}, over the devices {@code devices} accepts
     * (null: every device; see {@link #query(String, List, long, long, Predicate, ForkJoinPool)}).
     */
    public Iterator<TsBlock> blocks(
            String table,
            List<String> columns,
            long minTime,
            long maxTime,
            Predicate<String[]> devices,
            ForkJoinPool pool) {
        Scan scan = new Scan(table, columns, minTime, maxTime, devices, pool);
        return new Iterator<>() {
            private TsBlock next;
            private boolean done;

            @Override
            public boolean hasNext() {
                if (next == null && !done) {
                    next = scan.nextBlock(scan.newFieldBlock(), Integer.MAX_VALUE, null);
                    done = next == null;
                }
                return next != null;
            }

            @Override
            public TsBlock next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                TsBlock b = next;
                next = null;
                return b;
            }
        };
    }

    /**
     * A streaming scan of the rows of {@code table} with time in {@code [minTime, maxTime]}, for callers
     * that consume rows block by block as a query engine does: each {@link TsScan#next()} refills one
     * block with at most {@code maxRowsPerBlock} rows (cut at page boundaries; a single larger page makes
     * a larger block) of one device. Without a {@code pool} each call decodes on the calling thread; with
     * one, the next block is decoded on the pool while the caller consumes the current one, the caller
     * joining that decoding when it asks for the block (see {@link TsScan}). The blocks and their arrays
     * are refilled (one block, or two alternating with a pool), so a scan allocates only while blocks grow,
     * and blocks small enough to stay in the processor's cache are consumed while still there. Rows come in the order
     * and with the values of {@link #blocks(String, List, long, long, ForkJoinPool)}.
     *
     * @throws IllegalArgumentException for an unknown table or column, or {@code maxRowsPerBlock < 1}
     */
    public TsScan scan(
            String table, List<String> columns, long minTime, long maxTime, ForkJoinPool pool, int maxRowsPerBlock) {
        return scan(table, columns, minTime, maxTime, null, pool, maxRowsPerBlock);
    }

    /**
     * As {@link #scan(String, List, long, long, ForkJoinPool, int)}, over the devices {@code devices}
     * accepts (null: every device; see {@link #query(String, List, long, long, Predicate, ForkJoinPool)}).
     * With a pool, {@code devices} may be called on a pool thread.
     */
    public TsScan scan(
            String table,
            List<String> columns,
            long minTime,
            long maxTime,
            Predicate<String[]> devices,
            ForkJoinPool pool,
            int maxRowsPerBlock) {
        if (maxRowsPerBlock < 1) {
            throw new IllegalArgumentException("maxRowsPerBlock must be at least 1: " + maxRowsPerBlock);
        }
        return new TsScan(new Scan(table, columns, minTime, maxTime, devices, pool), maxRowsPerBlock);
    }

    /**
     * Part {@code part} of {@code parts} of {@link #scan(String, List, long, long, Predicate, ForkJoinPool,
     * int)}, decoded on the calling thread: the scans of parts {@code 0} to {@code parts - 1} together
     * return every row of that scan exactly once, so a caller with {@code n} threads runs {@code n} parts,
     * one on each (queries may run concurrently on one reader), and each thread decodes and consumes its
     * own rows, which never move from one core to another as they do when one scan decodes on a pool.
     *
     * <p>Each device's chunk groups are cut into {@code parts} runs of consecutive chunk groups, holding
     * as even a number as they can of the chunk groups with times in range, and a part reads one run of
     * every device: which run turns from device to device, so devices of a single chunk group are dealt out
     * in turn. Within a part, a device's rows come
     * in the scan's order; rows of different parts may interleave in any way the caller consumes them.
     *
     * @throws IllegalArgumentException for an unknown table or column, {@code parts < 1}, {@code part}
     *     outside {@code [0, parts)}, or {@code maxRowsPerBlock < 1}
     */
    public TsScan scanPart(
            String table,
            List<String> columns,
            long minTime,
            long maxTime,
            Predicate<String[]> devices,
            int part,
            int parts,
            int maxRowsPerBlock) {
        if (parts < 1 || part < 0 || part >= parts) {
            throw new IllegalArgumentException(
                    "part must be in [0, parts) with parts >= 1: part " + part + " of " + parts);
        }
        if (maxRowsPerBlock < 1) {
            throw new IllegalArgumentException("maxRowsPerBlock must be at least 1: " + maxRowsPerBlock);
        }
        Scan scan = new Scan(table, columns, minTime, maxTime, devices, null);
        scan.part = part;
        scan.parts = parts;
        return new TsScan(scan, maxRowsPerBlock);
    }

    /** A query's walk over devices and their chunk groups, with its own decode state. */
    final class Scan {
        private final long minTime;
        private final long maxTime;
        /** The devices to read (null: all). */
        private final Predicate<String[]> deviceFilter;

        private final ForkJoinPool pool;
        private final String table;
        private final List<String> tags;
        private final TsTableSchema.Column[] cols;
        private final List<String[]> ids = new ArrayList<>();
        private final List<long[]> ranges = new ArrayList<>();
        private final TsChunkReader chunkReader = new TsChunkReader(skips, kernels);
        /** Chunk bytes read from the file, reused from chunk group to chunk group (time, then fields). */
        private final byte[][] chunkBuffers;

        private int device = -1;
        private Series time;
        private Series[] fieldSeries;
        private int chunk;
        /** The end (exclusive) of the device's chunk groups this scan reads. */
        private int chunkEnd;
        /** Which part of {@link #parts} this scan reads ({@link #scanPart}; 0 of 1: the whole scan). */
        private int part;

        private int parts = 1;
        /** Whether {@link #nextBlock} is inside a device (between {@link #nextDevice} and its end). */
        private boolean inDevice;
        /** The chunk group {@link #nextWindow} is in, or null between chunk groups. */
        private AlignedGroup group;

        Scan(
                String table,
                List<String> columns,
                long minTime,
                long maxTime,
                Predicate<String[]> deviceFilter,
                ForkJoinPool pool) {
            TsTableSchema schema = schemas.get(table);
            if (schema == null) {
                throw new IllegalArgumentException("no table schema '" + table + "' in this file");
            }
            this.minTime = minTime;
            this.maxTime = maxTime;
            this.deviceFilter = deviceFilter;
            this.pool = pool;
            this.table = table;
            this.tags = schema.tagNames();
            cols = new TsTableSchema.Column[columns.size()];
            int fields = 0;
            for (int i = 0; i < cols.length; i++) {
                cols[i] = schema.column(columns.get(i));
                if (cols[i] == null
                        || cols[i].category() != TsTableSchema.Category.TAG
                                && cols[i].category() != TsTableSchema.Category.FIELD) {
                    throw new IllegalArgumentException(
                            "no TAG or FIELD column '" + columns.get(i) + "' in table " + table);
                }
                if (cols[i].category() == TsTableSchema.Category.FIELD) {
                    checkValueType(cols[i].name(), cols[i].type(), fileMetaStart); // the schema is in the file metadata
                    fields++;
                }
            }
            fieldSeries = new Series[fields];
            chunkBuffers = new byte[fields + 1][];
            try {
                collectTableDevices(table, ids, ranges);
            } catch (CorruptInputException e) {
                throw rebased(e);
            }
        }

        /** Moves to the next device with rows in the time range; false when there is none. */
        boolean nextDevice() {
            while (++device < ids.size()) {
                if (deviceFilter != null && !deviceFilter.test(ids.get(device).clone())) {
                    continue;
                }
                long[] range = ranges.get(device);
                try {
                    Map<String, Series> series = readSeries(range);
                    time = series.get("");
                    if (time == null && !series.isEmpty()) {
                        // series with times of their own: tsfile's tree model under a table schema it
                        // generated (TsFileWriter.setGenerateTableSchema), not damage
                        String path = String.join(".", ids.get(device));
                        throw new UnsupportedOperationException("device " + path + " of table " + table
                                + " is a non-aligned (tree-model) device, which colcodec does not read as table"
                                + " rows: read its series with seriesQuery(\"" + path + "\", ...)");
                    }
                    if (time == null || !time.time) {
                        throw new CorruptInputException(range[0] - bufBase, "a time series for an aligned device");
                    }
                    int f = 0;
                    for (TsTableSchema.Column c : cols) {
                        if (c.category() == TsTableSchema.Category.FIELD) {
                            Series s = series.get(c.name());
                            if (s != null && s.type != c.type()) {
                                throw new CorruptInputException(
                                        range[0] - bufBase, "series " + c.name() + " of type " + c.type());
                            }
                            fieldSeries[f++] = s;
                        }
                    }
                } catch (CorruptInputException e) {
                    throw rebased(e);
                }
                if (time.stats.count == 0 || time.stats.startTime > maxTime || time.stats.endTime < minTime) {
                    if (part == 0) {
                        skipsDevice(time); // counted once, not by every part
                    }
                    continue;
                }
                if (parts == 1) {
                    chunk = 0;
                    chunkEnd = time.chunkCount;
                } else if (!partOfDevice()) {
                    continue;
                }
                group = null;
                return true;
            }
            return false;
        }

        /**
         * Sets {@link #chunk} and {@link #chunkEnd} to this part's run of the device's chunk groups: run
         * {@code (part + device) % parts} of {@link #parts}, the runs cut so that each holds as even a share
         * as it can of the chunk groups with times in range (a time-range query's chunk groups are dealt out
         * as evenly as a whole scan's). The runs together cover every chunk group once, those out of range
         * too, so each is skipped (and counted) by one part. False when the run is empty.
         */
        private boolean partOfDevice() {
            int count = time.chunkCount;
            int inRange = 0;
            for (int k = 0; k < count; k++) {
                if (time.chunkStart[k] <= maxTime && time.chunkEnd[k] >= minTime) {
                    inRange++;
                }
            }
            int run = (int) ((part + (long) device) % parts);
            int from = (int) ((long) inRange * run / parts);
            int to = (int) ((long) inRange * (run + 1) / parts);
            // the run starts at the chunk group in range with ordinal from (0 for the first run) and ends
            // before the one with ordinal to (the device's end for the last)
            chunk = run == 0 ? 0 : -1;
            chunkEnd = to == inRange ? count : -1;
            for (int k = 0, ordinal = 0; k < count && (chunk < 0 || chunkEnd < 0); k++) {
                if (time.chunkStart[k] <= maxTime && time.chunkEnd[k] >= minTime) {
                    if (ordinal == from && chunk < 0) {
                        chunk = k;
                    }
                    if (ordinal == to && chunkEnd < 0) {
                        chunkEnd = k;
                    }
                    ordinal++;
                }
            }
            if (chunk < 0) {
                chunk = count; // from == inRange: no chunk group in range left for this run
            }
            return chunk < chunkEnd;
        }

        /** An empty block of the FIELD columns asked for. */
        TsBlock newFieldBlock() {
            List<TsColumn> fieldCols = new ArrayList<>(fieldSeries.length);
            for (TsTableSchema.Column c : cols) {
                if (c.category() == TsTableSchema.Category.FIELD) {
                    fieldCols.add(new TsColumn(c.name(), c.type())); // a type checked by the constructor
                }
            }
            return new TsBlock(fieldCols);
        }

        /**
         * Appends to {@code fields} the rows in range of the next pages of the device's chunk groups, cut at
         * a page boundary before {@code maxRows} rows would be exceeded (one page, however large, at
         * least); false when the device has no more chunk groups in range. May append nothing (pages out
         * of range) and still return true.
         */
        boolean nextWindow(TsBlock fields, int maxRows) {
            if (group == null) {
                while (group == null) {
                    if (chunk >= chunkEnd) {
                        return false;
                    }
                    group = openAlignedGroup(
                            time, fieldSeries, chunk++, minTime, maxTime, chunkBuffers, alone ? null : pool);
                }
                if (fields.size() == 0 && group.whole) {
                    fields.reserveMore(Math.min(maxRows, TsChunkReader.plausibleRows(group.time, group.bytes)));
                }
            }
            AlignedGroup g = group;
            g.nextPage = chunkReader.readAligned(
                    g.time,
                    g.timeOffset,
                    g.values,
                    g.valueOffsets,
                    minTime,
                    maxTime,
                    fields,
                    alone ? null : pool,
                    g.nextPage,
                    maxRows);
            if (g.nextPage >= g.time.pageCount) {
                group = null;
            }
            return true;
        }

        TsBlock assemble(TsBlock fields) {
            return TsFileReader.assemble(ids.get(device), tags, cols, fields, null);
        }

        /**
         * The next rows of the scan with something in range, of one device and at most {@code maxRows}
         * unless one page holds more, decoded into {@code fields} (cleared first) and assembled with the TAG
         * columns (refilled in {@code tagColumns} when not null, else new); null when the scan is over.
         */
        TsBlock nextBlock(TsBlock fields, int maxRows, TsColumn[] tagColumns) {
            while (true) {
                if (!inDevice) {
                    if (!nextDevice()) {
                        return null;
                    }
                    inDevice = true;
                }
                fields.clear();
                if (!nextWindow(fields, maxRows)) {
                    inDevice = false;
                } else if (fields.size() > 0) {
                    return TsFileReader.assemble(ids.get(device), tags, cols, fields, tagColumns);
                }
            }
        }

        /** The number of columns asked for (TAG and FIELD). */
        int columnCount() {
            return cols.length;
        }

        /** The pool value columns are decoded on (null: the calling thread only). */
        ForkJoinPool pool() {
            return pool;
        }

        /**
         * Whether the next blocks are decoded by a task of the pool while another thread helps ({@link
         * #helpDecode}): the value columns are then decoded by that thread, the task's thread and the
         * pool's threads less two (false: the decoding thread and the pool's threads less one).
         */
        void decodingOnPool(boolean onPool) {
            chunkReader.externalHelper = onPool;
        }

        /** Whether the next blocks are decoded by the calling thread alone, without the pool. */
        private boolean alone;

        void decodingAlone(boolean alone) {
            this.alone = alone;
        }

        /** Decodes value columns no thread has taken of the block being decoded on the pool (see {@link TsChunkReader#helpDecode}). */
        boolean helpDecode() {
            return chunkReader.helpDecode();
        }
    }

    /**
     * Appends to {@code fields} the rows in {@code [minTime, maxTime]} of the aligned chunk group of time
     * chunk {@code k} of {@code time}, with the value chunk of each {@code valueSeries} (null: a column
     * without chunks, all null) in that group; false (nothing read) when the chunk's statistics put it
     * outside the range. Chunks read from the file go into {@code buffers} (see {@link #openAlignedGroup}).
     */
    private boolean readAlignedGroup(
            TsChunkReader chunkReader,
            Series time,
            Series[] valueSeries,
            int k,
            long minTime,
            long maxTime,
            TsBlock fields,
            ForkJoinPool pool,
            byte[][] buffers) {
        AlignedGroup g = openAlignedGroup(time, valueSeries, k, minTime, maxTime, buffers, pool);
        if (g == null) {
            return false;
        }
        if (fields.size() == 0 && g.whole) {
            // the whole chunk group is in range: size the block once
            fields.reserveMore(TsChunkReader.plausibleRows(g.time, g.bytes));
        }
        chunkReader.readAligned(g.time, g.timeOffset, g.values, g.valueOffsets, minTime, maxTime, fields, pool);
        return true;
    }

    /** The parsed chunks of one aligned chunk group, and the next page of it to decode. */
    private static final class AlignedGroup {
        final TsChunkReader.Chunk time;
        final long timeOffset;
        final TsChunkReader.Chunk[] values;
        final long[] valueOffsets;
        /** True when every row of the group is in the time range. */
        final boolean whole;
        /** The data bytes of all its chunks. */
        final long bytes;

        int nextPage;

        AlignedGroup(
                TsChunkReader.Chunk time,
                long timeOffset,
                TsChunkReader.Chunk[] values,
                long[] valueOffsets,
                boolean whole,
                long bytes) {
            this.time = time;
            this.timeOffset = timeOffset;
            this.values = values;
            this.valueOffsets = valueOffsets;
            this.whole = whole;
            this.bytes = bytes;
        }
    }

    /**
     * Reads and parses the aligned chunk group of time chunk {@code k} of {@code time}, with the value
     * chunk of each {@code valueSeries} (null: a column without chunks, all null) in that group; null when
     * the chunk's statistics put it outside {@code [minTime, maxTime]}. Chunks read from the file go into
     * {@code buffers} (slot 0 the time chunk, slot {@code i + 1} value chunk {@code i}), which grow as
     * needed and are reused by the next call: the group is valid until then. From a file, value chunks
     * are parsed page by page (their page headers now, each payload when decoded), as is the time chunk of
     * a group partly in range. With a {@code pool}, the chunks of a group wholly in range are read and
     * parsed in parallel on it.
     */
    private AlignedGroup openAlignedGroup(
            Series time, Series[] valueSeries, int k, long minTime, long maxTime, byte[][] buffers, ForkJoinPool pool) {
        if (time.chunkStart[k] > maxTime || time.chunkEnd[k] < minTime) {
            skips.chunks.increment();
            return null;
        }
        long tOff = time.chunkOffsets[k];
        long next = k + 1 < time.chunkCount ? time.chunkOffsets[k + 1] : metaOffset;
        // from a file, value chunks are read page by page (each page's payload into its column's reused
        // buffer when decoded, so it is still in the cache when decompressed and decoded), and so is a
        // time chunk of a group partly in range; the time chunk of a group wholly in range is read whole
        boolean whole = time.chunkStart[k] >= minTime && time.chunkEnd[k] <= maxTime;
        int n = valueSeries.length;
        long[] valueOffsets = new long[n];
        int[] valueChunkIndexes = new int[n];
        for (int i = 0; i < n; i++) {
            int j = findValueChunk(valueSeries[i], tOff, next);
            valueChunkIndexes[i] = j;
            valueOffsets[i] = j < 0 ? -1 : valueSeries[i].chunkOffsets[j];
        }
        // slot 0 the time chunk, slot i + 1 value chunk i
        TsChunkReader.Chunk[] chunks = new TsChunkReader.Chunk[n + 1];
        // one task per chunk on the pool (its threads and this one, see FanOut), so the reads of chunks and
        // page headers overlap; each task has its own buffer slot
        ForkJoinPool readers = whole && channel != null ? pool : null;
        FanOut.run(readers, n + 1, i -> {
            long off = i == 0 ? tOff : valueOffsets[i - 1];
            if (off >= 0) {
                chunks[i] = chunkAt(off, !whole || i > 0, buffers, i);
            }
        });
        chunks[0].metadataRows = time.chunkRows[k];
        for (int i = 0; i < n; i++) {
            if (chunks[i + 1] != null) {
                chunks[i + 1].metadataStatistics = valueSeries[i].chunkStats[valueChunkIndexes[i]];
            }
        }
        TsChunkReader.Chunk[] valueChunks = Arrays.copyOfRange(chunks, 1, n + 1);
        long groupBytes = 0;
        for (TsChunkReader.Chunk c : chunks) {
            if (c != null) {
                groupBytes += c.header.dataSize();
            }
        }
        return new AlignedGroup(chunks[0], tOff, valueChunks, valueOffsets, whole, groupBytes);
    }

    /**
     * Parses the chunk at file offset {@code off}: in place in memory; from the file, either read whole
     * or, when {@code pageByPage}, its page headers only (payloads are read when decoded). A chunk read
     * whole goes into {@code buffers[slot]} when it fits (the slot is replaced by a larger array when
     * not), so a scan does not allocate and zero a new array per chunk.
     */
    private TsChunkReader.Chunk chunkAt(long off, boolean pageByPage, byte[][] buffers, int slot) {
        if (channel == null) {
            return TsChunkReader.parseChunk(buf, (int) off, (int) metaOffset);
        }
        if (off < MAGIC.length + 1 || off >= metaOffset) {
            throw new CorruptInputException(off, "a chunk offset inside the data area");
        }
        long avail = metaOffset - off;
        try {
            int window = (int) Math.min(avail, CHUNK_HEADER_WINDOW);
            byte[] head = readAt(off, window);
            ByteCursor in = new ByteCursor(head, 0, window);
            TsChunkHeader h;
            try {
                h = TsChunkHeader.readHeaderOnly(in);
            } catch (CorruptInputException e) {
                if (window == avail || window >= MAX_CHUNK_HEADER) {
                    throw e;
                }
                window = (int) Math.min(avail, MAX_CHUNK_HEADER);
                head = readAt(off, window);
                in = new ByteCursor(head, 0, window);
                h = TsChunkHeader.readHeaderOnly(in);
            }
            long total = (long) in.position() + h.dataSize();
            if (total > avail) {
                // at the chunk's header, as from memory (TsChunkHeader.read)
                throw new CorruptInputException(
                        0, "chunk data of " + h.dataSize() + " bytes, but " + (avail - in.position()) + " remain");
            }
            if (pageByPage && total > window) {
                TsChunkHeader header = h;
                int dataStart = in.position();
                return TsChunkReader.parsePageHeaders(header, off, dataStart, fileBytes);
            }
            byte[] bytes;
            if (total <= window) {
                bytes = head;
            } else {
                bytes = buffers[slot];
                if (bytes == null || bytes.length < total) {
                    bytes = new byte[(int) total];
                    buffers[slot] = bytes;
                }
                System.arraycopy(head, 0, bytes, 0, window);
                readInto(off + window, bytes, window, (int) (total - window));
            }
            TsChunkReader.Chunk c = TsChunkReader.parseChunk(bytes, 0, (int) total);
            c.base = off; // its pages' errors carry file offsets
            return c;
        } catch (CorruptInputException e) {
            throw new CorruptInputException(off + e.offset(), e.expected(), e);
        }
    }

    /** The index of the value chunk of {@code s} in the chunk group of the time chunk at {@code timeOff} (before {@code next}), or -1. */
    private static int findValueChunk(Series s, long timeOff, long next) {
        if (s == null) {
            return -1;
        }
        long[] o = s.chunkOffsets;
        int lo = 0;
        int hi = s.chunkCount - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (o[mid] <= timeOff) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return lo < s.chunkCount && o[lo] < next ? lo : -1;
    }

    private static TsBlock assemble(
            String[] id, List<String> tags, TsTableSchema.Column[] cols, TsBlock fields, TsColumn[] tagColumns) {
        int n = fields.size();
        List<TsColumn> all = new ArrayList<>(cols.length);
        int f = 0;
        for (int i = 0; i < cols.length; i++) {
            TsTableSchema.Column c = cols[i];
            if (c.category() == TsTableSchema.Category.FIELD) {
                all.add(fields.column(f++));
                continue;
            }
            TsColumn tc = tagColumns == null ? null : tagColumns[i];
            if (tc == null) {
                tc = new TsColumn(c.name(), TsDataType.STRING);
                if (tagColumns != null) {
                    tagColumns[i] = tc;
                }
            } else {
                tc.clear();
            }
            int seg = tags.indexOf(c.name()) + 1;
            String v = seg < id.length ? id[seg] : null;
            tc.ensureMore(n);
            byte[] bytes = v == null ? new byte[0] : v.getBytes(StandardCharsets.UTF_8);
            tc.binaries.appendRepeated(bytes, 0, bytes.length, n);
            Arrays.fill(tc.nulls, 0, n, v == null);
            tc.anyNull = v == null && n > 0;
            tc.size = n;
            all.add(tc);
        }
        TsBlock b = new TsBlock(all);
        b.times = fields.times;
        b.size = n;
        b.device = id.clone();
        return b;
    }
}
