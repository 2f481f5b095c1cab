package dev.colcodec.format.tsfile;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.ByteCursor;
import dev.colcodec.io.ByteIO;
import dev.colcodec.tsfile.TsDataType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a TsFile v4 (table model) held in memory: magic and version, the file metadata at the tail
 * (table index roots and table schemas), the metadata index tree down to each device's timeseries
 * metadata, and the aligned chunks, answering {@link #query(String, List, long, long)} with one
 * columnar {@link TsBlock} per device.
 *
 * <p>Every offset and size read from the file is checked against the bytes that exist; index nodes
 * must point backwards (children are written before their parents), so a corrupt index cannot loop.
 */
public final class TsFileReader {
    static final byte[] MAGIC = "TsFile".getBytes(StandardCharsets.US_ASCII);
    static final int VERSION = 4;
    static final int SEPARATOR = 0x02;
    static final int INTERNAL_DEVICE = 0;
    static final int LEAF_DEVICE = 1;
    static final int INTERNAL_MEASUREMENT = 2;
    static final int LEAF_MEASUREMENT = 3;
    private static final int MAX_DEPTH = 64;

    private final byte[] buf;
    private final int metaOffset;
    private final int fileMetaStart;
    private final Map<String, Integer> tableRoots = new LinkedHashMap<>();
    private final Map<String, Integer> tableRootEnds = new LinkedHashMap<>();
    private final Map<String, TsTableSchema> schemas = new LinkedHashMap<>();
    private final TsChunkReader chunkReader = new TsChunkReader();

    private TsFileReader(byte[] buf) {
        this.buf = buf;
        int len = buf.length;
        if (len < MAGIC.length * 2 + 1 + 4 || !startsWithMagic(0)) {
            throw new CorruptInputException(0, "the TsFile magic \"TsFile\" at the start");
        }
        if (buf[MAGIC.length] != VERSION) {
            throw new CorruptInputException(MAGIC.length, "TsFile version 4 (got " + buf[MAGIC.length] + ")");
        }
        if (!startsWithMagic(len - MAGIC.length)) {
            throw new CorruptInputException(len - MAGIC.length, "the TsFile magic at the end (an unclosed file?)");
        }
        int sizeAt = len - MAGIC.length - 4;
        int metaSize = ByteIO.getIntBE(buf, sizeAt);
        if (metaSize < 0 || metaSize > sizeAt - MAGIC.length - 1) {
            throw new CorruptInputException(sizeAt, "a file metadata size within the file (got " + metaSize + ")");
        }
        fileMetaStart = sizeAt - metaSize;
        ByteCursor in = new ByteCursor(buf, fileMetaStart, metaSize);
        int tables = in.readCount(metaSize, "table count");
        String[] names = new String[tables];
        int[] roots = new int[tables];
        for (int i = 0; i < tables; i++) {
            names[i] = TsStrings.readVarString(in, "table name");
            roots[i] = in.position();
            skipIndexNode(in, true);
            tableRootEnds.put(names[i], in.position());
            tableRoots.put(names[i], roots[i]);
        }
        int schemaCount = in.readCount(in.remaining(), "table schema count");
        for (int i = 0; i < schemaCount; i++) {
            String name = TsStrings.readVarString(in, "table schema name");
            schemas.put(name, TsTableSchema.read(name, in));
        }
        int moAt = in.position();
        long mo = in.readLongBE("metadata offset");
        if (mo < MAGIC.length + 1 || mo >= fileMetaStart || buf[(int) mo] != SEPARATOR) {
            throw new CorruptInputException(
                    moAt, "a metadata offset at the separator before the file metadata (got " + mo + ")");
        }
        metaOffset = (int) mo;
        // the bloom filter and properties that follow are not needed for reading
    }

    private boolean startsWithMagic(int at) {
        return at >= 0 && Arrays.equals(buf, at, at + MAGIC.length, MAGIC, 0, MAGIC.length);
    }

    /** Parses a whole TsFile held in {@code bytes} (not copied). */
    public static TsFileReader of(byte[] bytes) {
        return new TsFileReader(bytes);
    }

    /** Reads {@code file} into memory and parses it. */
    public static TsFileReader open(Path file) throws IOException {
        return new TsFileReader(Files.readAllBytes(file));
    }

    /** Table names in file order. */
    public List<String> tables() {
        return new ArrayList<>(tableRoots.keySet());
    }

    /** The schema of {@code table}, or null. */
    public TsTableSchema schema(String table) {
        return schemas.get(table);
    }

    /** Every table schema stored in the file. */
    public Map<String, TsTableSchema> schemas() {
        return Collections.unmodifiableMap(schemas);
    }

    /** Offset of the metadata separator (the end of the chunk groups). */
    public int metadataOffset() {
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
            if (node.offsets[i] < metaOffsetOrHead()
                    || node.offsets[i] >= start
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
        if (node.endOffset > start || (node.count > 0 && node.endOffset <= node.offsets[node.count - 1])) {
            throw new CorruptInputException(
                    at, "an index node end offset after its entries (got " + node.endOffset + ")");
        }
        return node;
    }

    private int metaOffsetOrHead() {
        // during construction metaOffset is not known yet; the constructor only skips nodes
        return metaOffset == 0 ? MAGIC.length + 1 : metaOffset;
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
        return new ByteCursor(buf, (int) from, (int) (to - from));
    }

    /** Devices of {@code table} (each the id segments: table name then tag values) with their measurement-index ranges. */
    private void collectDevices(Node node, int depth, List<String[]> ids, List<long[]> ranges) {
        if (depth > MAX_DEPTH) {
            throw new CorruptInputException(node.endOffset, "a metadata index at most " + MAX_DEPTH + " levels deep");
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
            throw new CorruptInputException(node.endOffset, "a metadata index at most " + MAX_DEPTH + " levels deep");
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

    private Node tableRoot(String table) {
        Integer root = tableRoots.get(table);
        if (root == null) {
            throw new IllegalArgumentException("no table '" + table + "' in this file");
        }
        return readNode(cursorAt(root, tableRootEnds.get(table)), true);
    }

    /** The device ids of {@code table}: each {@code [tableName, tag1, tag2, ...]}, a null tag as null. */
    public List<String[]> devices(String table) {
        List<String[]> ids = new ArrayList<>();
        collectDevices(tableRoot(table), 0, ids, new ArrayList<>());
        return ids;
    }

    /**
     * The series statistics of every device of {@code table}, in {@link #devices(String)} order: per
     * device, measurement id to statistics (the time series under the id {@code ""}).
     */
    public List<Map<String, TsStatistics>> deviceStatistics(String table) {
        List<String[]> ids = new ArrayList<>();
        List<long[]> ranges = new ArrayList<>();
        collectDevices(tableRoot(table), 0, ids, ranges);
        List<Map<String, TsStatistics>> out = new ArrayList<>(ranges.size());
        for (long[] range : ranges) {
            Map<String, TsStatistics> stats = new LinkedHashMap<>();
            for (Series s : readSeries(range).values()) {
                stats.put(s.name, s.stats);
            }
            out.add(stats);
        }
        return out;
    }

    // ---- timeseries metadata ---------------------------------------------------------------------

    /** One series of a device: its chunk header offsets and per-chunk time ranges. */
    static final class Series {
        String name;
        TsDataType type;
        boolean time;
        TsStatistics stats;
        int chunkCount;
        long[] chunkOffsets;
        long[] chunkStart;
        long[] chunkEnd;
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
        while (list.hasRemaining()) {
            int at = list.position();
            long off = list.readLongBE("chunk header offset");
            if (off <= MAGIC.length || off >= metaOffset) {
                throw new CorruptInputException(at, "a chunk offset before the metadata (got " + off + ")");
            }
            long st;
            long en;
            if (multi) {
                TsStatistics cs = TsStatistics.read(s.type, list);
                st = cs.startTime;
                en = cs.endTime;
            } else {
                st = s.stats.startTime;
                en = s.stats.endTime;
            }
            if (s.chunkCount == s.chunkOffsets.length) {
                int cap = s.chunkCount * 2;
                s.chunkOffsets = Arrays.copyOf(s.chunkOffsets, cap);
                s.chunkStart = Arrays.copyOf(s.chunkStart, cap);
                s.chunkEnd = Arrays.copyOf(s.chunkEnd, cap);
            }
            s.chunkOffsets[s.chunkCount] = off;
            s.chunkStart[s.chunkCount] = st;
            s.chunkEnd[s.chunkCount] = en;
            s.chunkCount++;
            if (!multi && list.hasRemaining()) {
                throw new CorruptInputException(list.position(), "one chunk for a single-chunk series");
            }
        }
        return s;
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
    public List<TsBlock> query(
            String table, List<String> columns, long minTime, long maxTime, java.util.concurrent.ForkJoinPool pool) {
        TsTableSchema schema = schemas.get(table);
        if (schema == null) {
            throw new IllegalArgumentException("no table schema '" + table + "' in this file");
        }
        List<String> tags = schema.tagNames();
        TsTableSchema.Column[] cols = new TsTableSchema.Column[columns.size()];
        for (int i = 0; i < cols.length; i++) {
            cols[i] = schema.column(columns.get(i));
            if (cols[i] == null || cols[i].category() == TsTableSchema.Category.ATTRIBUTE) {
                throw new IllegalArgumentException("no TAG or FIELD column '" + columns.get(i) + "' in table " + table);
            }
        }
        List<String[]> ids = new ArrayList<>();
        List<long[]> ranges = new ArrayList<>();
        collectDevices(tableRoot(table), 0, ids, ranges);
        List<TsBlock> out = new ArrayList<>();
        for (int d = 0; d < ids.size(); d++) {
            Map<String, Series> series = readSeries(ranges.get(d));
            Series time = series.get("");
            if (time == null || !time.time) {
                throw new CorruptInputException(ranges.get(d)[0], "a time series for an aligned device");
            }
            if (time.stats.count == 0 || time.stats.startTime > maxTime || time.stats.endTime < minTime) {
                continue;
            }
            List<TsColumn> fieldCols = new ArrayList<>();
            List<Series> fieldSeries = new ArrayList<>();
            for (TsTableSchema.Column c : cols) {
                if (c.category() == TsTableSchema.Category.FIELD) {
                    fieldCols.add(new TsColumn(c.name(), c.type()));
                    Series s = series.get(c.name());
                    if (s != null && s.type != c.type()) {
                        throw new CorruptInputException(
                                ranges.get(d)[0], "series " + c.name() + " of type " + c.type());
                    }
                    fieldSeries.add(s);
                }
            }
            TsBlock fields = new TsBlock(fieldCols);
            int[] valueOffsets = new int[fieldCols.size()];
            for (int k = 0; k < time.chunkCount; k++) {
                if (time.chunkStart[k] > maxTime || time.chunkEnd[k] < minTime) {
                    continue;
                }
                long tOff = time.chunkOffsets[k];
                long next = k + 1 < time.chunkCount ? time.chunkOffsets[k + 1] : metaOffset;
                for (int i = 0; i < valueOffsets.length; i++) {
                    valueOffsets[i] = findValueChunk(fieldSeries.get(i), tOff, next);
                }
                chunkReader.readAligned(buf, metaOffset, (int) tOff, valueOffsets, minTime, maxTime, fields, pool);
            }
            if (fields.size() == 0) {
                continue;
            }
            out.add(assemble(ids.get(d), tags, cols, fields));
        }
        return out;
    }

    /** The value chunk of {@code s} in the chunk group of the time chunk at {@code timeOff} (before {@code next}), or -1. */
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
        return lo < s.chunkCount && o[lo] < next ? (int) o[lo] : -1;
    }

    private static TsBlock assemble(String[] id, List<String> tags, TsTableSchema.Column[] cols, TsBlock fields) {
        int n = fields.size();
        List<TsColumn> all = new ArrayList<>(cols.length);
        int f = 0;
        for (TsTableSchema.Column c : cols) {
            if (c.category() == TsTableSchema.Category.FIELD) {
                all.add(fields.column(f++));
                continue;
            }
            TsColumn tc = new TsColumn(c.name(), TsDataType.STRING);
            int seg = tags.indexOf(c.name()) + 1;
            String v = seg < id.length ? id[seg] : null;
            tc.ensureMore(n);
            byte[] bytes = v == null ? new byte[0] : v.getBytes(StandardCharsets.UTF_8);
            for (int i = 0; i < n; i++) {
                tc.binaries.append(bytes, 0, bytes.length);
            }
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
