package dev.colcodec.format.parquet;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.compress.CompressionCodecs;
import dev.colcodec.format.io.FanOut;
import dev.colcodec.format.io.MappedFile;
import dev.colcodec.format.io.SharedChannel;
import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.PhysicalType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnIndex;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.KeyValue;
import org.apache.parquet.format.OffsetIndex;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SchemaElement;

/**
 * Reads Parquet files: the footer, the schema (leaf columns with their levels, nested schemas
 * included), row groups, and column chunks on demand (so a projection reads only the chunks asked for).
 *
 * <p>Every offset and size in the footer is checked against the file before anything is read or
 * allocated; inconsistencies give {@link CorruptInputException} with the file offset. I/O errors are
 * reported as {@link IOException}. Encrypted files are not supported (reported as corrupt input).
 *
 * <p>Threads may share one reader: column chunks, statistics, indexes and Bloom filters are read with
 * positional reads or from the mapping, and each {@link #readColumn} returns a reader of its own (which
 * is for one thread). Set {@link #maxPageBytes} and {@link #verifyCrc} before sharing it.
 */
public final class ParquetFileReader implements AutoCloseable {
    private static final int MAGIC = 0x31524150; // "PAR1" little-endian
    private static final int MAX_SCHEMA_DEPTH = 64;

    /** Random-access bytes of a file. */
    private interface Input extends AutoCloseable {
        long length() throws IOException;

        void read(long pos, byte[] dst, int off, int len) throws IOException;

        /** The file's mapping, or null when it is not memory-mapped. */
        default MappedFile mapping() {
            return null;
        }

        @Override
        void close() throws IOException;
    }

    private final Input input;
    private final long fileLength;
    /** File offset of the footer (set by {@link #readFooter}). */
    private long footerStart;

    private final FileMetaData metadata;
    private final List<ParquetColumn> columns;
    /** Per leaf column, the order of its min/max statistics. */
    private final List<ColumnStatistics.Order> orders = new ArrayList<>();
    /** Per leaf: the annotation colcodec does not hold in a {@link ParquetLogicalType}, or null. */
    private final List<String> unknownAnnotations = new ArrayList<>();
    /** Per leaf: the definition level of each repeated node on its path, outermost first. */
    private final List<int[]> repeatedLevels = new ArrayList<>();

    private final Kernels kernels;
    private int maxPageBytes = CompressionCodecs.DEFAULT_MAX_PAGE_BYTES;
    private boolean verifyCrc = true;

    private ParquetFileReader(Input input, Kernels kernels) throws IOException {
        this.input = input;
        this.kernels = kernels;
        this.fileLength = input.length();
        try {
            this.metadata = readFooter();
            this.columns = parseSchema(metadata.getSchema());
            applyColumnOrders();
            validateRowGroups();
        } catch (IOException | RuntimeException e) {
            input.close();
            throw e;
        }
    }

    /** Opens a file held in memory. */
    public static ParquetFileReader open(byte[] file) throws IOException {
        return open(file, KernelProvider.best());
    }

    public static ParquetFileReader open(byte[] file, Kernels k) throws IOException {
        return new ParquetFileReader(
                new Input() {
                    @Override
                    public long length() {
                        return file.length;
                    }

                    @Override
                    public void read(long pos, byte[] dst, int off, int len) {
                        System.arraycopy(file, (int) pos, dst, off, len);
                    }

                    @Override
                    public void close() {}
                },
                k);
    }

    /**
     * Opens a file. Files up to 2 GiB are memory-mapped (read-only): a chunk's pages are copied out of the
     * mapping as they are read, or decompressed from it (after a check, per chunk, that the file has not
     * shrunk since it was opened); larger files are read with positional reads. The file stays open until
     * {@link #close()}.
     */
    public static ParquetFileReader open(Path path) throws IOException {
        return open(path, KernelProvider.best());
    }

    public static ParquetFileReader open(Path path, Kernels k) throws IOException {
        FileChannel ch = MappedFile.openForReading(path);
        MappedFile mapped;
        try {
            mapped = MappedFile.mapIfSmall(ch);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
        if (mapped != null) {
            return new ParquetFileReader(
                    new Input() {
                        @Override
                        public long length() {
                            return mapped.length();
                        }

                        @Override
                        public void read(long pos, byte[] dst, int off, int len) {
                            mapped.checkNotShrunk(pos);
                            mapped.copy(pos, dst, off, len);
                        }

                        @Override
                        public MappedFile mapping() {
                            return mapped;
                        }

                        @Override
                        public void close() throws IOException {
                            ch.close();
                        }
                    },
                    k);
        }
        return new ParquetFileReader(
                new Input() {
                    @Override
                    public long length() throws IOException {
                        return SharedChannel.size(ch);
                    }

                    @Override
                    public void read(long pos, byte[] dst, int off, int len) throws IOException {
                        ByteBuffer bb = ByteBuffer.wrap(dst, off, len);
                        while (bb.hasRemaining()) {
                            int n = SharedChannel.read(ch, bb, pos + bb.position() - off);
                            if (n < 0) {
                                throw new CorruptInputException(pos + bb.position() - off, "more bytes (file shrank)");
                            }
                        }
                    }

                    @Override
                    public void close() throws IOException {
                        ch.close();
                    }
                },
                k);
    }

    /** Refuse pages declaring more than {@code bytes} uncompressed bytes (default 1 GiB). */
    public ParquetFileReader maxPageBytes(int bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("max page bytes must be at least 1: " + bytes);
        }
        this.maxPageBytes = bytes;
        return this;
    }

    /** Whether page CRCs are verified (default true). */
    public ParquetFileReader verifyCrc(boolean verify) {
        this.verifyCrc = verify;
        return this;
    }

    private FileMetaData readFooter() throws IOException {
        if (fileLength < 12) {
            throw new CorruptInputException(0, "a Parquet file of at least 12 bytes, got " + fileLength);
        }
        byte[] tail = new byte[8];
        input.read(fileLength - 8, tail, 0, 8);
        byte[] head = new byte[4];
        input.read(0, head, 0, 4);
        if (ByteIO.getIntLE(head, 0) != MAGIC) {
            throw new CorruptInputException(0, "the magic PAR1");
        }
        if (ByteIO.getIntLE(tail, 4) != MAGIC) {
            throw new CorruptInputException(fileLength - 4, "the magic PAR1 (encrypted footers are not supported)");
        }
        int footerLength = ByteIO.getIntLE(tail, 0);
        if (footerLength <= 0 || footerLength > fileLength - 12) {
            throw new CorruptInputException(
                    fileLength - 8, "a footer length in [1, " + (fileLength - 12) + "], got " + footerLength);
        }
        footerStart = fileLength - 8 - footerLength;
        byte[] footer = new byte[footerLength];
        input.read(footerStart, footer, 0, footerLength);
        return ParquetThrift.readFileMetaData(footer, 0, footerLength, footerStart)
                .value();
    }

    /**
     * A column whose file {@code column_orders} entry is neither the type-defined order nor, for FLOAT
     * and DOUBLE, IEEE 754 total order (a kind this reader does not know) has no order colcodec relies on.
     * parquet-java 1.18 writes FLOAT and DOUBLE in total order: bounds that leave NaN out unless a chunk
     * holds nothing else, and keep -0.0 and +0.0 apart. Such bounds are read as type-defined ones are
     * (bounds holding a NaN say nothing, a zero minimum may stand for -0.0 and a zero maximum for +0.0),
     * which keeps every row group and page that may hold a value asked for.
     */
    private void applyColumnOrders() {
        if (!metadata.isSetColumn_orders()) {
            return; // as parquet-java reads such files: the type-defined order
        }
        List<org.apache.parquet.format.ColumnOrder> fileOrders = metadata.getColumn_orders();
        for (int i = 0; i < orders.size(); i++) {
            org.apache.parquet.format.ColumnOrder o = i < fileOrders.size() ? fileOrders.get(i) : null;
            PhysicalType t = columns.get(i).type();
            boolean totalOrderOfFloats =
                    o != null && o.isSetIEEE_754_TOTAL_ORDER() && (t == PhysicalType.FLOAT || t == PhysicalType.DOUBLE);
            if (o == null || !(o.isSetTYPE_ORDER() || totalOrderOfFloats)) {
                orders.set(i, ColumnStatistics.Order.UNDEFINED);
            }
        }
    }

    /**
     * The name of the schema's root element ({@code "schema"} as colcodec and parquet-java write it, {@code
     * "spark_schema"} from Spark, ...).
     */
    public String schemaName() {
        return metadata.getSchema().get(0).getName();
    }

    private List<ParquetColumn> parseSchema(List<SchemaElement> schema) {
        if (schema == null || schema.isEmpty()) {
            throw new CorruptInputException(fileLength, "a schema with a root element");
        }
        List<ParquetColumn> leaves = new ArrayList<>();
        int[] next = {1};
        SchemaElement root = schema.get(0);
        int children = root.isSetNum_children() ? root.getNum_children() : 0;
        for (int i = 0; i < children; i++) {
            parseElement(schema, next, new ArrayList<>(), new int[0], 0, 1, leaves);
        }
        if (next[0] != schema.size()) {
            throw new CorruptInputException(
                    fileLength, "a schema of " + next[0] + " elements, it has " + schema.size());
        }
        return Collections.unmodifiableList(leaves);
    }

    private void parseElement(
            List<SchemaElement> schema,
            int[] next,
            List<String> path,
            int[] repeated,
            int def,
            int depth,
            List<ParquetColumn> leaves) {
        if (next[0] >= schema.size() || depth > MAX_SCHEMA_DEPTH) {
            throw new CorruptInputException(fileLength, "a schema whose num_children match its elements");
        }
        SchemaElement e = schema.get(next[0]++);
        FieldRepetitionType r = e.getRepetition_type();
        if (r == FieldRepetitionType.OPTIONAL) {
            def++;
        } else if (r == FieldRepetitionType.REPEATED) {
            def++;
            repeated = Arrays.copyOf(repeated, repeated.length + 1);
            repeated[repeated.length - 1] = def;
        }
        List<String> p = new ArrayList<>(path);
        p.add(e.getName());
        int children = e.isSetNum_children() ? e.getNum_children() : 0;
        if (children > 0 || !e.isSetType()) {
            if (children < 0 || children > schema.size()) {
                throw new CorruptInputException(fileLength, "a group with a valid num_children, got " + children);
            }
            for (int i = 0; i < children; i++) {
                parseElement(schema, next, p, repeated, def, depth + 1, leaves);
            }
            return;
        }
        PhysicalType t;
        try {
            t = PhysicalType.fromThriftId(e.getType().getValue());
        } catch (IllegalArgumentException ex) {
            throw new CorruptInputException(fileLength, "a known physical type", ex);
        }
        int len = e.isSetType_length() ? e.getType_length() : 0;
        if (t == PhysicalType.FIXED_LEN_BYTE_ARRAY && len < 1) {
            throw new CorruptInputException(fileLength, "a FIXED_LEN_BYTE_ARRAY type length >= 1, got " + len);
        }
        ParquetLogicalType lt = ParquetLogicalType.of(e);
        String unknown = null;
        if (lt != null) {
            try {
                lt.check(t, len);
            } catch (IllegalArgumentException ex) {
                // an annotation that does not fit the physical type is ignored
                unknown = ParquetLogicalType.describe(e) + " on " + t;
                lt = null;
            }
        } else {
            unknown = ParquetLogicalType.describe(e);
        }
        if (unknown == null && e.isSetLogicalType() && e.getLogicalType().getSetField() == null) {
            // a LogicalType member newer than the Thrift classes: the converted type gives the values'
            // meaning, but a copy would lose the annotation
            unknown = ParquetLogicalType.describe(e);
        }
        ParquetColumn leaf = new ParquetColumn(
                p, t, len, def, repeated.length, lt, e.isSetField_id() ? Integer.valueOf(e.getField_id()) : null);
        leaves.add(leaf);
        unknownAnnotations.add(unknown);
        repeatedLevels.add(repeated);
        // an annotation colcodec does not know may order values its own way
        orders.add(unknown != null ? ColumnStatistics.Order.UNDEFINED : ColumnStatistics.Order.of(leaf));
    }

    private void validateRowGroups() {
        List<RowGroup> groups = metadata.getRow_groups();
        if (groups == null) {
            throw new CorruptInputException(fileLength, "a row group list");
        }
        long rows = 0;
        for (RowGroup g : groups) {
            if (g.getColumns() == null || g.getColumns().size() != columns.size() || g.getNum_rows() < 0) {
                throw new CorruptInputException(
                        fileLength, "row groups with " + columns.size() + " column chunks and num_rows >= 0");
            }
            rows += g.getNum_rows();
            if (rows < 0) {
                throw new CorruptInputException(fileLength, "row group num_rows adding up to a long");
            }
            for (int i = 0; i < columns.size(); i++) {
                ColumnMetaData md = g.getColumns().get(i).getMeta_data();
                if (md == null) {
                    throw new CorruptInputException(fileLength, "column chunk metadata in the footer");
                }
                if (columns.get(i).maxRepetitionLevel() == 0 && md.getNum_values() != g.getNum_rows()) {
                    // one level entry per row in a non-repeated column, nulls included
                    throw new CorruptInputException(
                            fileLength,
                            "num_values " + g.getNum_rows() + " (the row group's rows) in chunk "
                                    + columns.get(i).path() + ", got " + md.getNum_values());
                }
                if (md.getType() == null
                        || md.getType().getValue() != columns.get(i).type().thriftId()) {
                    throw new CorruptInputException(
                            fileLength, "chunk type " + columns.get(i).type());
                }
            }
        }
        if (rows != metadata.getNum_rows()) {
            throw new CorruptInputException(
                    fileLength, "row groups adding up to num_rows " + metadata.getNum_rows() + ", got " + rows);
        }
    }

    /**
     * A copy of the decoded footer, made at each call: changing it changes nothing this reader (or another
     * thread reading through it) reads.
     */
    public FileMetaData metadata() {
        return metadata.deepCopy();
    }

    /** The leaf columns in schema order. */
    public List<ParquetColumn> columns() {
        return columns;
    }

    /** Index of the leaf with this dotted path ({@code "a.b"}), or -1. */
    public int columnIndex(String dottedPath) {
        for (int i = 0; i < columns.size(); i++) {
            if (String.join(".", columns.get(i).path()).equals(dottedPath)) {
                return i;
            }
        }
        return -1;
    }

    public long rowCount() {
        return metadata.getNum_rows();
    }

    public int rowGroupCount() {
        return metadata.getRow_groups().size();
    }

    public long rowGroupRowCount(int rowGroup) {
        return metadata.getRow_groups().get(rowGroup).getNum_rows();
    }

    public String createdBy() {
        return metadata.getCreated_by();
    }

    /** The footer's key-value metadata in file order. */
    public Map<String, String> keyValueMetadata() {
        Map<String, String> m = new LinkedHashMap<>();
        if (metadata.getKey_value_metadata() != null) {
            for (KeyValue kv : metadata.getKey_value_metadata()) {
                m.put(kv.getKey(), kv.getValue());
            }
        }
        return Collections.unmodifiableMap(m);
    }

    private ColumnMetaData chunkMeta(int rowGroup, int column) {
        ColumnChunk cc = metadata.getRow_groups().get(rowGroup).getColumns().get(column);
        return cc.getMeta_data();
    }

    /**
     * Chunk statistics ({@code nullCount} -1 and no min/max when absent).
     *
     * @throws CorruptInputException (at the footer) if a min or max is not as wide as the column's type
     *     makes every value (1 byte for BOOLEAN, 4 for INT32 and FLOAT, 8 for INT64 and DOUBLE, the type
     *     length for FIXED_LEN_BYTE_ARRAY, or fewer when truncated in the unsigned lexicographic order)
     */
    public ColumnStatistics statistics(int rowGroup, int column) {
        ColumnStatistics s = rawStatistics(rowGroup, column);
        ParquetColumn c = columns.get(column);
        for (byte[] b : new byte[][] {s.min(), s.max()}) {
            if (b != null && !validBound(column, b)) {
                throw new CorruptInputException(
                        footerStart,
                        "statistics of " + c.type() + " values in row group " + rowGroup + ", column " + c.name()
                                + " (got a bound of " + b.length + " bytes)");
            }
        }
        return s;
    }

    /** The footer's chunk statistics as they are, bounds of any width. */
    private ColumnStatistics rawStatistics(int rowGroup, int column) {
        return ColumnStatistics.fromThrift(
                chunkMeta(rowGroup, column).getStatistics(), columns.get(column), orders.get(column));
    }

    /**
     * The row groups whose chunk statistics for {@code column} allow a value in {@code [lo, hi]}
     * (PLAIN-encoded bounds compared in the column's {@link #order}, see {@link ColumnStatistics};
     * {@code null} means unbounded), in order. Row groups without min/max (or with a min above their
     * max in the column's order, as writers that compared in another order left them), and every row group of a
     * column without an order ({@link ColumnStatistics.Order#UNDEFINED}: INT96, INTERVAL, FLOAT16, ...),
     * are kept; a row group whose column holds only nulls is dropped.
     *
     * @throws IllegalArgumentException if a bound is not the PLAIN width of the column's type (1 byte for
     *     BOOLEAN, 4 for INT32 and FLOAT, 8 for INT64 and DOUBLE)
     */
    public int[] rowGroupsOverlapping(int column, byte[] lo, byte[] hi) {
        checkBounds(column, lo, hi);
        int[] keep = new int[rowGroupCount()];
        int n = 0;
        for (int g = 0; g < keep.length; g++) {
            if (rowGroupMayOverlap(g, column, lo, hi)) {
                keep[n++] = g;
            }
        }
        return java.util.Arrays.copyOf(keep, n);
    }

    private void checkBounds(int column, byte[] lo, byte[] hi) {
        PhysicalType t = columns.get(column).type();
        for (byte[] bound : new byte[][] {lo, hi}) {
            if (bound != null && !exactWidth(columns.get(column), bound)) {
                throw new IllegalArgumentException("a bound of " + bound.length + " bytes for " + t + " column "
                        + column + ": not its PLAIN width");
            }
        }
    }

    /** Whether the chunk statistics of {@code column} in row group {@code g} allow a value in [lo, hi]. */
    private boolean rowGroupMayOverlap(int g, int column, byte[] lo, byte[] hi) {
        ColumnStatistics s = rawStatistics(g, column);
        // null_count counts level entries, not rows: a repeated column's null elements (and, as
        // parquet-java writes it, empty lists) are counted, so only a count equal to the chunk's entries
        // says it holds no value
        long entries = chunkMeta(g, column).getNum_values();
        boolean allNull = s.nullCount() >= 0 && s.nullCount() == entries && entries > 0;
        if (allNull && !s.hasMinMax()) {
            return false;
        }
        // a bound of the wrong width in the file is not used (the row group is kept)
        return !s.hasMinMax()
                || !validBound(column, s.min())
                || !validBound(column, s.max())
                || mayOverlap(column, s.min(), s.max(), lo, hi);
    }

    /** Whether values in {@code [min, max]} of {@code column} may lie in {@code [lo, hi]} (null: unbounded). */
    private boolean mayOverlap(int column, byte[] min, byte[] max, byte[] lo, byte[] hi) {
        ColumnStatistics.Order order = orders.get(column);
        if (order == ColumnStatistics.Order.UNDEFINED) {
            return true;
        }
        PhysicalType t = columns.get(column).type();
        if (t == PhysicalType.FLOAT || t == PhysicalType.DOUBLE) {
            // min and max leave NaN out: a NaN asked for may be anywhere
            if ((lo != null && Double.isNaN(floating(t, lo))) || (hi != null && Double.isNaN(floating(t, hi)))) {
                return true;
            }
            // as the format asks of readers: bounds with a NaN say nothing (older writers wrote them), a
            // zero minimum may stand for -0.0 and a zero maximum for +0.0
            double mn = floating(t, min);
            double mx = floating(t, max);
            if (Double.isNaN(mn) || Double.isNaN(mx)) {
                return true;
            }
            if (mn == 0) {
                min = t == PhysicalType.FLOAT ? ColumnStatistics.plain(-0.0f) : ColumnStatistics.plain(-0.0);
            }
            if (mx == 0) {
                max = t == PhysicalType.FLOAT ? ColumnStatistics.plain(0.0f) : ColumnStatistics.plain(0.0);
            }
        }
        if (ColumnStatistics.compare(t, order, min, max) > 0) {
            // no honest chunk or page has its minimum above its maximum: a writer that compared in another
            // order (DECIMAL bytes compared unsigned, say) wrote them, and they say nothing here
            return true;
        }
        return (lo == null || ColumnStatistics.compare(t, order, max, lo) >= 0)
                && (hi == null || ColumnStatistics.compare(t, order, min, hi) <= 0);
    }

    private static double floating(PhysicalType t, byte[] b) {
        return t == PhysicalType.FLOAT
                ? Float.intBitsToFloat(ByteIO.getIntLE(b, 0))
                : Double.longBitsToDouble(ByteIO.getLongLE(b, 0));
    }

    /**
     * The rows of row group {@code rowGroup} whose pages of {@code column} may hold a value in {@code
     * [lo, hi]} (bounds as for {@link #rowGroupsOverlapping}), from the chunk's column index (each page's
     * min and max, and whether it holds only nulls) and offset index (each page's first row). A row group
     * the chunk statistics rule out gives no rows; a chunk without both indexes, or a column without an
     * order, gives every row of the row group. Pages whose bounds are not of the column's width are kept.
     *
     * @throws IllegalArgumentException if a bound is not the PLAIN width of the column's type
     * @throws CorruptInputException if the indexes do not describe the same pages, or the pages' first rows
     *     do not start at 0 and rise within the row group
     */
    public RowRanges rowRangesOverlapping(int rowGroup, int column, byte[] lo, byte[] hi) throws IOException {
        checkBounds(column, lo, hi);
        long rows = rowGroupRowCount(rowGroup);
        if (!rowGroupMayOverlap(rowGroup, column, lo, hi)) {
            return RowRanges.empty();
        }
        if (orders.get(column) == ColumnStatistics.Order.UNDEFINED) {
            return RowRanges.all(rows);
        }
        ColumnIndex ci = readColumnIndex(rowGroup, column);
        OffsetIndex oi = ci == null ? null : readOffsetIndex(rowGroup, column);
        if (oi == null) {
            return RowRanges.all(rows);
        }
        ColumnChunk cc = metadata.getRow_groups().get(rowGroup).getColumns().get(column);
        List<org.apache.parquet.format.PageLocation> locations = oi.getPage_locations();
        int pages = locations == null ? 0 : locations.size();
        if (pages == 0
                || ci.getNull_pagesSize() != pages
                || ci.getMin_valuesSize() != pages
                || ci.getMax_valuesSize() != pages) {
            throw new CorruptInputException(
                    cc.getColumn_index_offset(),
                    "a column index with an entry per page of the offset index (" + pages + " pages)");
        }
        long[] first = new long[pages + 1];
        for (int i = 0; i < pages; i++) {
            first[i] = locations.get(i).getFirst_row_index();
            // a page of no rows (pyarrow writes some in repeated columns) starts where the next one does
            if (i == 0 ? first[i] != 0 : first[i] < first[i - 1] || first[i] > rows) {
                throw new CorruptInputException(
                        cc.getOffset_index_offset(),
                        "pages whose first rows start at 0, never fall and stay within the row group's " + rows
                                + " rows (page " + i + " starts at " + first[i] + ")");
            }
        }
        first[pages] = rows;
        RowRanges.Builder out = new RowRanges.Builder();
        for (int i = 0; i < pages; i++) {
            if (ci.getNull_pages().get(i)) {
                continue; // only nulls: no value to match
            }
            byte[] min = bytes(ci.getMin_values().get(i));
            byte[] max = bytes(ci.getMax_values().get(i));
            if (!validBound(column, min) || !validBound(column, max) || mayOverlap(column, min, max, lo, hi)) {
                if (first[i] == first[i + 1]) {
                    // a page indexed as holding no rows but with values that may match: keep the rows it can
                    // only belong to, the one before and the one at its index
                    out.add(Math.max(0, first[i] - 1), Math.min(rows, first[i] + 1));
                } else {
                    out.add(first[i], first[i + 1]);
                }
            }
        }
        return out.build();
    }

    private static byte[] bytes(ByteBuffer b) {
        if (b == null) {
            return new byte[0];
        }
        byte[] a = new byte[b.remaining()];
        b.duplicate().get(a);
        return a;
    }

    /**
     * Whether {@code b} can be a min or max of {@code column}: the width every PLAIN value of its type
     * has, any width for BYTE_ARRAY, and for FIXED_LEN_BYTE_ARRAY the type length or, in the unsigned
     * lexicographic order, fewer bytes but at least one: a bound truncated as parquet-java's {@code
     * statisticsTruncateLength} writes it (a prefix of the minimum, a maximum's prefix rounded up), which
     * still bounds every value in that order.
     */
    private boolean validBound(int column, byte[] b) {
        ParquetColumn c = columns.get(column);
        if (c.type() == PhysicalType.FIXED_LEN_BYTE_ARRAY
                && b.length > 0
                && b.length < c.typeLength()
                && orders.get(column) == ColumnStatistics.Order.PHYSICAL) {
            return true;
        }
        return exactWidth(c, b);
    }

    /**
     * Whether {@code b} has the width every PLAIN value of column {@code c} has (any width for BYTE_ARRAY):
     * what a bound given to {@link #rowGroupsOverlapping} and {@link #rowRangesOverlapping} must have.
     */
    private static boolean exactWidth(ParquetColumn c, byte[] b) {
        switch (c.type()) {
            case FIXED_LEN_BYTE_ARRAY:
                return b.length == c.typeLength();
            case BOOLEAN:
                return b.length == 1;
            case INT32:
            case FLOAT:
                return b.length == 4;
            case INT64:
            case DOUBLE:
                return b.length == 8;
            default:
                return true;
        }
    }

    /**
     * The order of {@code column}'s min and max statistics (and of the bounds {@link
     * #rowGroupsOverlapping} takes), from its physical type, its annotations and the file's column
     * orders.
     */
    public ColumnStatistics.Order order(int column) {
        return orders.get(column);
    }

    /**
     * The annotation of leaf {@code column} that its {@link ParquetColumn#logicalType} does not hold, or
     * {@code null}: one colcodec does not know ({@code "GEOMETRY"}, {@code "VARIANT"}, ...) or one that does
     * not fit the physical type ({@code "INTEGER on FIXED_LEN_BYTE_ARRAY"}). Its values read as the
     * physical type; a copy written from {@link #columns} would lose the annotation.
     */
    public String unknownAnnotation(int column) {
        return unknownAnnotations.get(column);
    }

    /**
     * For each repeated node on the path of leaf {@code column}, outermost first, its definition level: an
     * entry defined up to it is in a list with at least one element, one defined one less is in an empty
     * list, and one defined less still is in a null list (or under a null ancestor). As many as the
     * column's {@link ParquetColumn#maxRepetitionLevel()}.
     */
    public int[] repeatedDefinitionLevels(int column) {
        return repeatedLevels.get(column).clone();
    }

    /** Bytes read for a Bloom filter header whose length the file does not state. */
    private static final int BLOOM_HEADER_WINDOW = 64;

    /**
     * The Bloom filter of {@code column} in {@code rowGroup}, or {@code null} when the chunk has none or
     * has one of an algorithm, hash or compression other than the split block, XXH64, uncompressed filter
     * the format defines today.
     *
     * @throws CorruptInputException if the filter does not lie in the file, or its header or size is bad
     */
    public SplitBlockBloomFilter bloomFilter(int rowGroup, int column) throws IOException {
        ColumnMetaData md = chunkMeta(rowGroup, column);
        if (!md.isSetBloom_filter_offset()) {
            return null;
        }
        long at = md.getBloom_filter_offset();
        long room = fileLength - 8 - at;
        if (md.isSetBloom_filter_length()) {
            int stated = md.getBloom_filter_length();
            if (stated < 0 || stated > room) {
                throw new CorruptInputException(
                        footerStart, "a Bloom filter inside the file, got offset " + at + " length " + stated);
            }
            room = stated;
        }
        if (at < 4 || room <= 0) {
            throw new CorruptInputException(footerStart, "a Bloom filter inside the file, got offset " + at);
        }
        byte[] head = new byte[(int) Math.min(room, BLOOM_HEADER_WINDOW)];
        input.read(at, head, 0, head.length);
        ParquetThrift.Decoded<org.apache.parquet.format.BloomFilterHeader> d =
                ParquetThrift.readBloomFilterHeader(head, 0, head.length, at);
        org.apache.parquet.format.BloomFilterHeader h = d.value();
        if (h.getAlgorithm() == null
                || !h.getAlgorithm().isSetBLOCK()
                || h.getHash() == null
                || !h.getHash().isSetXXHASH()
                || h.getCompression() == null
                || !h.getCompression().isSetUNCOMPRESSED()) {
            return null; // a kind of filter this reader does not know
        }
        int bytes = h.getNumBytes();
        if (bytes < SplitBlockBloomFilter.MIN_BYTES || (bytes & (bytes - 1)) != 0 || bytes > room - d.length()) {
            throw new CorruptInputException(
                    at,
                    "a Bloom filter of a power of two bytes, at least " + SplitBlockBloomFilter.MIN_BYTES + ", within "
                            + (room - d.length()) + " bytes, got " + bytes);
        }
        if (bytes > SplitBlockBloomFilter.MAX_BYTES) {
            return null; // larger than colcodec loads
        }
        byte[] bits = new byte[bytes];
        input.read(at + d.length(), bits, 0, bytes);
        return SplitBlockBloomFilter.of(bits, 0, bytes);
    }

    /**
     * The row groups that may hold the value whose PLAIN bytes are {@code plain} in {@code column}: those
     * whose chunk statistics allow it ({@link #rowGroupsOverlapping} with {@code [plain, plain]}) and whose
     * Bloom filter, if the chunk has one, may contain it. For FLOAT and DOUBLE the filter is asked for the
     * value's bits as they are (a row group holding -0.0 may be missed when asking for 0.0).
     *
     * @throws IllegalArgumentException if {@code plain} is not the PLAIN width of the column's type
     */
    public int[] rowGroupsMightContain(int column, byte[] plain) throws IOException {
        java.util.Objects.requireNonNull(plain, "plain value");
        int[] byStats = rowGroupsOverlapping(column, plain, plain);
        long hash = SplitBlockBloomFilter.hash(plain, 0, plain.length);
        int[] keep = new int[byStats.length];
        int n = 0;
        for (int g : byStats) {
            SplitBlockBloomFilter f = bloomFilter(g, column);
            if (f == null || f.mightContain(hash)) {
                keep[n++] = g;
            }
        }
        return java.util.Arrays.copyOf(keep, n);
    }

    /** The chunk's offset index (page locations), or {@code null} if the file has none. */
    public OffsetIndex readOffsetIndex(int rowGroup, int column) throws IOException {
        ColumnChunk cc = metadata.getRow_groups().get(rowGroup).getColumns().get(column);
        if (!cc.isSetOffset_index_offset() || !cc.isSetOffset_index_length()) {
            return null;
        }
        long at = cc.getOffset_index_offset();
        byte[] b = readIndex(at, cc.getOffset_index_length());
        return ParquetThrift.readOffsetIndex(b, 0, b.length, at).value();
    }

    /** The chunk's column index (page min/max and null counts), or {@code null} if the file has none. */
    public ColumnIndex readColumnIndex(int rowGroup, int column) throws IOException {
        ColumnChunk cc = metadata.getRow_groups().get(rowGroup).getColumns().get(column);
        if (!cc.isSetColumn_index_offset() || !cc.isSetColumn_index_length()) {
            return null;
        }
        long at = cc.getColumn_index_offset();
        byte[] b = readIndex(at, cc.getColumn_index_length());
        return ParquetThrift.readColumnIndex(b, 0, b.length, at).value();
    }

    private byte[] readIndex(long at, int len) throws IOException {
        if (at < 4 || len < 0 || len > fileLength - 8 - at) {
            throw new CorruptInputException(
                    fileLength, "a page index inside the file, got offset " + at + " length " + len);
        }
        byte[] b = new byte[len];
        input.read(at, b, 0, len);
        return b;
    }

    /**
     * The chunk's compression codec.
     *
     * @throws CorruptInputException (at the footer) for a codec colcodec does not read: LZO, which the
     *     format defines (the message names the column, as a file that holds it may be valid), or an id
     *     the format does not define
     */
    public Compression compression(int rowGroup, int column) {
        ColumnMetaData md = chunkMeta(rowGroup, column);
        try {
            return Compression.fromParquetId(
                    md.getCodec() == null ? -1 : md.getCodec().getValue());
        } catch (UnsupportedOperationException e) {
            throw new CorruptInputException(
                    footerStart,
                    "a compression codec colcodec reads (column "
                            + String.join(".", columns.get(column).path())
                            + " of row group " + rowGroup + " is " + md.getCodec()
                            + "-compressed, which colcodec does not read)",
                    e);
        } catch (IllegalArgumentException e) {
            throw new CorruptInputException(footerStart, "a compression codec the Parquet format defines", e);
        }
    }

    /** Reads one column chunk's bytes into a new array and returns a reader over them. */
    public ColumnChunkReader readColumn(int rowGroup, int column) throws IOException {
        return readColumn(rowGroup, column, null);
    }

    /** The first window of a reader over a memory-mapped chunk (it grows to the largest page read in place). */
    private static final int FIRST_WINDOW = 64 << 10;

    /**
     * Reads one column chunk's bytes and returns a reader over them: into {@code reuse} if it is large
     * enough (the chunk then starts at index 0, and whatever reader used the array before must no longer
     * be used), otherwise into a new array. Reading chunk after chunk through one buffer saves an
     * allocation (and the clearing of it) per chunk; {@link ColumnChunkReader#buffer()} is the array used.
     * From a memory-mapped file the chunk is not copied whole: the reader copies the pages it reads in
     * place into a window of a page's size ({@code reuse}, of any size, or a new array; larger ones when a
     * page needs it), and pages the codec takes from the mapping (LZ4_RAW, SNAPPY pages of mostly literals,
     * ZSTD pages of raw blocks) are not copied at all.
     */
    public ColumnChunkReader readColumn(int rowGroup, int column, byte[] reuse) throws IOException {
        ColumnMetaData md = chunkMeta(rowGroup, column);
        if (md.getNum_values() == 0 && rowGroupRowCount(rowGroup) == 0) {
            // a chunk of no values in a row group of no rows (pyarrow writes an empty table so, with a data
            // page offset of 0): no pages to read, wherever the metadata points
            return new ColumnChunkReader(
                            columns.get(column),
                            compression(rowGroup, column),
                            new byte[0],
                            0,
                            0,
                            0,
                            kernels,
                            maxPageBytes)
                    .expectValues(0);
        }
        long start = md.getData_page_offset();
        if (md.isSetDictionary_page_offset()
                && md.getDictionary_page_offset() > 0
                && md.getDictionary_page_offset() < start) {
            start = md.getDictionary_page_offset();
        }
        long len = md.getTotal_compressed_size();
        long dataEnd = fileLength - 8;
        if (start < 4 || len < 0 || len > dataEnd - start) {
            throw new CorruptInputException(
                    fileLength, "a column chunk inside the file, got offset " + start + " size " + len);
        }
        if (len > Integer.MAX_VALUE - 16) {
            // a valid file, but a chunk is read as one array
            throw new UnsupportedOperationException("column chunks of 2 GiB or more are not supported: column "
                    + String.join(".", columns.get(column).path()) + " of row group " + rowGroup + " holds " + len
                    + " bytes");
        }
        Compression codec = compression(rowGroup, column);
        MappedFile mapped = input.mapping();
        ColumnChunkReader r;
        if (mapped != null) {
            // the reader copies what it reads in place into a window and decompresses the rest from the mapping
            mapped.checkNotShrunk(start);
            byte[] window = reuse != null ? reuse : new byte[(int) Math.min(len, FIRST_WINDOW)];
            r = ColumnChunkReader.overMapping(
                    columns.get(column), codec, mapped, window, (int) len, start, kernels, maxPageBytes);
        } else {
            byte[] bytes = reuse != null && reuse.length >= len ? reuse : new byte[(int) len];
            input.read(start, bytes, 0, (int) len);
            r = new ColumnChunkReader(columns.get(column), codec, bytes, 0, (int) len, start, kernels, maxPageBytes);
        }
        return r.verifyCrc(verifyCrc).expectValues(md.getNum_values());
    }

    /**
     * Reads the chunks of {@code columns} in {@code rowGroup} and decodes them completely, each column on
     * its own task of {@code pool} ({@code null}: on the calling thread), into batches of up to {@code
     * batchSize} entries. {@code result.get(i)} holds the batches of {@code columns[i]} in order; the
     * result is the same for any pool. A non-repeated column yielding more entries than the row group's
     * {@code num_rows} is corrupt input. No batch is larger than the entries the footer declares, nor
     * than the chunk's bytes justify (8 entries a byte, at least 2^20): a chunk of long runs in few bytes
     * (or a footer claiming more rows than it holds) comes in batches of that size, whatever {@code
     * batchSize}.
     */
    public List<List<ColumnBatch>> decodeRowGroup(
            int rowGroup, int[] columns, int batchSize, java.util.concurrent.ForkJoinPool pool) throws IOException {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batch size must be at least 1: " + batchSize);
        }
        long rows = rowGroupRowCount(rowGroup);
        return decodeColumns(rowGroup, columns, pool, (c, r) -> decodeAll(r, batchSize, rows));
    }

    /**
     * As {@link #decodeRowGroup(int, int[], int, java.util.concurrent.ForkJoinPool)}, decoding only the
     * rows in {@code rows} (for example {@link #rowRangesOverlapping}'s, or their {@link
     * RowRanges#intersect intersection} over several columns): each column's batches hold those rows in
     * order, the rows of one range after another (a batch holds entries of one range, at most {@code
     * batchSize}; a repeated column's rows are whole, their entries possibly split between batches).
     * Pages wholly between the ranges are passed over without decompressing them (a repeated column's V1
     * pages have their repetition levels decoded to find the rows).
     *
     * @throws IllegalArgumentException if a range ends past the row group's rows
     * @throws CorruptInputException if a chunk holds fewer rows than its row group
     */
    public List<List<ColumnBatch>> decodeRowGroup(
            int rowGroup, int[] columns, RowRanges rows, int batchSize, java.util.concurrent.ForkJoinPool pool)
            throws IOException {
        long rowCount = rowGroupRowCount(rowGroup);
        if (rows.count() > 0 && rows.to(rows.count() - 1) > rowCount) {
            throw new IllegalArgumentException(
                    "rows up to " + rows.to(rows.count() - 1) + " of a row group of " + rowCount + " rows");
        }
        if (batchSize < 1) {
            throw new IllegalArgumentException("a batch size >= 1: " + batchSize);
        }
        if (rows.count() == 0) {
            List<List<ColumnBatch>> none = new ArrayList<>(columns.length);
            for (int i = 0; i < columns.length; i++) {
                none.add(new ArrayList<>());
            }
            return none;
        }
        return decodeColumns(
                rowGroup,
                columns,
                pool,
                (c, r) -> decodeRanges(
                        r, rows, batchSize, rowCount, chunkMeta(rowGroup, c).getData_page_offset()));
    }

    /**
     * Reads the chunks of {@code columns} in {@code rowGroup} and decodes each with {@code decode}, on
     * the calling thread one chunk after another through one buffer, or each on its own task of {@code
     * pool}, the largest first.
     */
    private List<List<ColumnBatch>> decodeColumns(
            int rowGroup,
            int[] columns,
            java.util.concurrent.ForkJoinPool pool,
            java.util.function.BiFunction<Integer, ColumnChunkReader, List<ColumnBatch>> decode)
            throws IOException {
        if (pool == null) {
            // one chunk at a time, all through one buffer (the batches do not refer to the chunk's bytes)
            List<List<ColumnBatch>> out = new ArrayList<>(columns.length);
            byte[] buffer = null;
            for (int column : columns) {
                ColumnChunkReader r = readColumn(rowGroup, column, buffer);
                out.add(decode.apply(column, r));
                buffer = r.buffer(); // after the decode: a mapped chunk's window may have grown
            }
            return out;
        }
        ColumnChunkReader[] readers = new ColumnChunkReader[columns.length];
        // a column's failure, from reading its chunk or decoding it: the first column's is thrown
        Throwable[] failures = new Throwable[columns.length];
        for (int i = 0; i < columns.length; i++) {
            try {
                readers[i] = readColumn(rowGroup, columns[i]);
            } catch (RuntimeException | Error e) {
                failures[i] = e;
            } catch (IOException e) {
                // a serial run would have stopped at an earlier column's failure
                for (int j = 0; j < i; j++) {
                    if (failures[j] != null) {
                        failures[j].addSuppressed(e);
                        throwUnchecked(failures[j]);
                    }
                }
                throw e;
            }
        }
        // the largest chunks first, so the pool's threads fill in around them
        Integer[] order = new Integer[columns.length];
        long[] sizes = new long[columns.length];
        for (int i = 0; i < columns.length; i++) {
            order[i] = i;
            sizes[i] = chunkMeta(rowGroup, columns[i]).getTotal_uncompressed_size();
        }
        java.util.Arrays.sort(order, (a, b) -> Long.compare(sizes[b], sizes[a]));
        // each task sets its own element (FanOut.run returns after every task, so all are visible here)
        List<List<ColumnBatch>> out = new ArrayList<>(Collections.nCopies(columns.length, null));
        FanOut.run(pool, readers.length, k -> {
            int i = order[k];
            if (readers[i] == null) {
                return; // its chunk could not be read
            }
            try {
                out.set(i, decode.apply(columns[i], readers[i]));
            } catch (RuntimeException | Error e) {
                failures[i] = e; // an Error too: which column's failure is thrown must not depend on the pool
            }
        });
        // the failure of the first column that failed, as without a pool
        for (Throwable e : failures) {
            if (e != null) {
                throwUnchecked(e);
            }
        }
        return out;
    }

    /** Rethrows a stored failure of a column task: a RuntimeException or an Error. */
    private static void throwUnchecked(Throwable t) {
        if (t instanceof RuntimeException re) {
            throw re;
        }
        throw (Error) t;
    }

    /**
     * The rows of a column's chunk (at file offset {@code chunkAt}) in {@code rows}, in batches of at most
     * {@code batchSize} entries of one range each.
     */
    private static List<ColumnBatch> decodeRanges(
            ColumnChunkReader r, RowRanges rows, int batchSize, long rowCount, long chunkAt) {
        List<ColumnBatch> batches = new ArrayList<>();
        boolean repeated = r.column().maxRepetitionLevel() > 0;
        long at = 0;
        for (int i = 0; i < rows.count(); i++) {
            long gap = rows.from(i) - at;
            boolean ended = r.skipRows(gap) != gap;
            long want = rows.to(i) - rows.from(i);
            // a repeated column's batch that ended full may have ended inside the range's last row
            boolean full = false;
            // a repeated column's batches: from one entry per row wanted (at least a few), doubling while
            // rows outgrow them, up to batchSize
            int cap = (int) Math.min(batchSize, Math.max(want, 64));
            while (!ended && (want > 0 || (repeated && full))) {
                if (!repeated) {
                    cap = (int) Math.min(batchSize, want);
                }
                ColumnBatch b = new ColumnBatch(r.column(), cap);
                int n = r.readRows(b, cap, want);
                if (n > 0) {
                    batches.add(b);
                }
                if (!repeated) {
                    ended = n != cap;
                    want -= n;
                    continue;
                }
                long began = 0;
                int[] reps = b.repetitionLevels();
                for (int k = 0; k < n; k++) {
                    began += reps[k] == 0 ? 1 : 0;
                }
                // the chunk ended inside the range (a last row's rest, want 0, may be nothing)
                ended = want > 0 && (n == 0 || (began == 0 && n < cap));
                full = n == cap;
                boolean probe = want == 0;
                want -= began;
                if (want == 0 && !probe) {
                    cap = Math.min(batchSize, 64); // the rest of the last row, if any: usually nothing
                } else {
                    cap = (int) (full ? Math.min(batchSize, 2L * cap) : Math.min(batchSize, Math.max(want, 64)));
                }
            }
            if (ended) {
                throw new CorruptInputException(
                        chunkAt,
                        rowCount + " rows in the chunk of " + r.column().name() + ", as in its row group");
            }
            at = rows.to(i);
        }
        return batches;
    }

    /** Entries of a batch {@link #decodeAll} allocates whatever the chunk's size. */
    private static final int JUSTIFIED_ENTRIES = 1 << 20;

    private static List<ColumnBatch> decodeAll(ColumnChunkReader r, int batchSize, long rows) {
        List<ColumnBatch> batches = new ArrayList<>();
        boolean flat = r.column().maxRepetitionLevel() == 0;
        long total = 0;
        while (true) {
            // no batch larger than the entries the footer declares are left (a repeated column's entries, a
            // flat column's rows): a caller asking for one batch of everything gets one of the chunk's size
            long left = flat ? rows - total : r.declaredValues() - total;
            // nor larger than the chunk's bytes justify (8 entries a byte, at least a million): a footer
            // claiming 2^31 rows for a chunk of a few bytes gets batches of a million entries, not a 16 GB one
            // (a chunk of runs of many values in few bytes is read in such batches too)
            long justified = Math.max(JUSTIFIED_ENTRIES, r.chunkLength() * 8);
            int cap = (int) Math.max(1, Math.min(Math.min(batchSize, left), justified));
            ColumnBatch b = new ColumnBatch(r.column(), cap);
            int n = r.readBatch(b, cap);
            if (n == 0) {
                return batches;
            }
            total += n;
            if (flat && total > rows) {
                throw new CorruptInputException(
                        0,
                        "at most " + rows + " values in the chunk of "
                                + r.column().name());
            }
            batches.add(b);
        }
    }

    @Override
    public void close() throws IOException {
        input.close();
    }
}
