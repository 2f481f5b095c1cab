package dev.colcodec.format.cli;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.tsfile.TsBlock;
import dev.colcodec.format.tsfile.TsColumn;
import dev.colcodec.format.tsfile.TsFileLayout;
import dev.colcodec.format.tsfile.TsFileReader;
import dev.colcodec.format.tsfile.TsFileWriter;
import dev.colcodec.format.tsfile.TsMeasurement;
import dev.colcodec.format.tsfile.TsTableSchema;
import dev.colcodec.format.tsfile.TsTablet;
import dev.colcodec.format.tsfile.TsValueCodecs;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import dev.colcodec.tsfile.TsFileValues;
import dev.colcodec.values.DoubleValuesReader;
import dev.colcodec.values.DoubleValuesWriter;
import dev.colcodec.values.FloatValuesReader;
import dev.colcodec.values.FloatValuesWriter;
import dev.colcodec.values.ValuesReader;
import dev.colcodec.values.ValuesWriter;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

/** TsFile tables to and from {@link ColumnValues}. */
final class TsTables {
    private TsTables() {}

    /** The rows of one device: its tag values, time stamps and FIELD columns (schema order). */
    record DeviceRows(String[] tags, long[] times, List<ColumnValues> fields) {
        int rows() {
            return times.length;
        }
    }

    /** The table {@code --table} names, or the file's first table. */
    static String table(TsFileReader r, String requested) {
        if (requested != null) {
            if (r.schema(requested) == null) {
                throw new UsageException("no table '" + requested + "' in this file; tables: " + r.tables());
            }
            return requested;
        }
        for (String t : r.tables()) {
            if (r.schema(t) != null) {
                return t;
            }
        }
        List<String> tree = r.treeDevices();
        throw new UsageException(
                tree.isEmpty()
                        ? "the file has no table schema"
                        : "the file has no table schema; dump one of its tree-model devices with --device: " + tree);
    }

    /** The device {@code --device} names, checked against the file's tree-model devices. */
    static String treeDevice(TsFileReader r, String requested) {
        if (!r.treeDevices().contains(requested)) {
            throw new UsageException(
                    "no tree-model device '" + requested + "' in this file; devices: " + r.treeDevices());
        }
        return requested;
    }

    /** Whether tree-model device {@code device} is aligned (its series share a time chunk). */
    static boolean isAlignedTreeDevice(TsFileReader r, String device) {
        return aligned(r.measurements(device));
    }

    private static boolean aligned(List<TsMeasurement> ms) {
        return !ms.isEmpty() && ms.get(0).aligned();
    }

    /**
     * Every point of tree-model device {@code device}, one column per measurement (index order): an aligned
     * device row by row; a non-aligned one with one row per distinct time stamp of its series, null where a
     * series has no point at that time, its time stamps decoded as {@code timeEncoding} (the file does
     * not record the time encoding of non-aligned series).
     */
    static DeviceRows readTreeDevice(TsFileReader r, String device, TsEncoding timeEncoding) {
        List<TsMeasurement> ms = r.measurements(device);
        List<String> names = new ArrayList<>();
        for (TsMeasurement m : ms) {
            names.add(m.name());
        }
        List<ColumnValues> cols = new ArrayList<>(names.size());
        if (aligned(ms)) {
            TsBlock b = r.alignedQuery(device, names, Long.MIN_VALUE, Long.MAX_VALUE);
            for (int i = 0; i < b.columnCount(); i++) {
                cols.add(values(b.column(i), b.size()));
            }
            return new DeviceRows(new String[0], Arrays.copyOf(b.times(), b.size()), cols);
        }
        List<TsBlock> blocks = new ArrayList<>(names.size());
        int total = 0;
        for (String name : names) {
            TsBlock b = r.seriesQuery(device, name, Long.MIN_VALUE, Long.MAX_VALUE, timeEncoding);
            long[] t = b.times();
            for (int i = 1; i < b.size(); i++) {
                if (t[i] <= t[i - 1]) {
                    // one row per time stamp needs one point per time stamp in each series
                    throw new IllegalArgumentException("series " + name + " of device " + device + " has time "
                            + t[i] + " after " + t[i - 1] + " (point " + i
                            + "): merging the series of a device needs increasing times in each");
                }
            }
            blocks.add(b);
            total += b.size();
        }
        // the distinct time stamps of all series, ascending
        long[] all = new long[total];
        int k = 0;
        for (TsBlock b : blocks) {
            System.arraycopy(b.times(), 0, all, k, b.size());
            k += b.size();
        }
        Arrays.sort(all);
        int n = 0;
        for (int i = 0; i < all.length; i++) {
            if (n == 0 || all[i] != all[n - 1]) {
                all[n++] = all[i];
            }
        }
        long[] times = Arrays.copyOf(all, n);
        for (TsBlock b : blocks) {
            cols.add(spread(values(b.column(0), b.size()), b.times(), times));
        }
        return new DeviceRows(new String[0], times, cols);
    }

    /** {@code c} (one value per time in {@code own}) placed at its times among {@code times}, null elsewhere. */
    private static ColumnValues spread(ColumnValues c, long[] own, long[] times) {
        int n = times.length;
        Object dst = java.lang.reflect.Array.newInstance(c.values.getClass().getComponentType(), n);
        boolean[] nulls = new boolean[n];
        Arrays.fill(nulls, true);
        int row = 0;
        int k = 0;
        while (k < c.rows) {
            row = Arrays.binarySearch(times, row, n, own[k]);
            if (row < 0) {
                // the series' times increase (checked above) and are all among the merged ones
                throw new AssertionError("time " + own[k] + " missing from the merged times");
            }
            // a run of consecutive rows is copied at once
            int run = 1;
            while (k + run < c.rows && row + run < n && times[row + run] == own[k + run]) {
                run++;
            }
            System.arraycopy(c.values, k, dst, row, run);
            for (int i = 0; i < run; i++) {
                nulls[row + i] = c.nulls != null && c.nulls[k + i];
            }
            k += run;
            row += run;
        }
        return new ColumnValues(c.name, c.kind, c.meaning, dst, nulls, n);
    }

    static List<TsTableSchema.Column> columns(TsTableSchema schema, TsTableSchema.Category category) {
        List<TsTableSchema.Column> out = new ArrayList<>();
        for (TsTableSchema.Column c : schema.columns()) {
            if (c.category() == category) {
                out.add(c);
            }
        }
        return out;
    }

    /**
     * The rows of {@code table} one chunk group at a time, devices in index order (a device's chunk groups
     * one after another, in file order): only one chunk group's values are held at a time.
     */
    static Iterator<DeviceRows> stream(TsFileReader r, String table) {
        List<String> tags = r.schema(table).tagNames();
        Iterator<TsBlock> blocks = r.blocks(table, fieldNames(r, table), Long.MIN_VALUE, Long.MAX_VALUE, null);
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return blocks.hasNext();
            }

            @Override
            public DeviceRows next() {
                return rows(blocks.next(), tags);
            }
        };
    }

    /**
     * Offers the rows of {@code table}, chunk group by chunk group in file order, to the advisor's samples:
     * the time stamps to {@code times} (null: none) and FIELD column i to {@code fields[i]} (null: none),
     * until every sample is full; a table with nothing left to sample is not read. The samples keep only
     * their values, so this reads a file of any size in the memory of its largest chunk group.
     */
    static void sample(TsFileReader r, String table, Samples.Collector times, Samples.Collector[] fields) {
        if (full(times, fields)) {
            return;
        }
        for (Iterator<DeviceRows> it = stream(r, table); !full(times, fields) && it.hasNext(); ) {
            DeviceRows d = it.next();
            if (times != null) {
                times.add(new ColumnValues(
                        RewriteCommand.TIME,
                        ColumnValues.Kind.INT64,
                        ColumnValues.Meaning.TIMESTAMP,
                        d.times(),
                        null,
                        d.rows()));
            }
            for (int i = 0; i < fields.length; i++) {
                if (fields[i] != null) {
                    fields[i].add(d.fields().get(i));
                }
            }
        }
    }

    /** Whether {@code times} (if any) and every collector of {@code fields} (null: none) are full. */
    private static boolean full(Samples.Collector times, Samples.Collector[] fields) {
        boolean full = times == null || times.full();
        for (Samples.Collector c : fields) {
            full &= c == null || c.full();
        }
        return full;
    }

    private static List<String> fieldNames(TsFileReader r, String table) {
        List<String> fields = new ArrayList<>();
        for (TsTableSchema.Column c : columns(r.schema(table), TsTableSchema.Category.FIELD)) {
            fields.add(c.name());
        }
        return fields;
    }

    private static DeviceRows rows(TsBlock b, List<String> tags) {
        String[] id = b.device();
        String[] tagValues = new String[tags.size()];
        for (int i = 0; i < tagValues.length; i++) {
            tagValues[i] = i + 1 < id.length ? id[i + 1] : null;
        }
        List<ColumnValues> cols = new ArrayList<>(b.columnCount());
        for (int i = 0; i < b.columnCount(); i++) {
            cols.add(values(b.column(i), b.size()));
        }
        return new DeviceRows(tagValues, Arrays.copyOf(b.times(), b.size()), cols);
    }

    static ColumnValues.Kind kind(TsDataType type) {
        switch (type.storageType()) {
            case BOOLEAN:
                return ColumnValues.Kind.BOOLEAN;
            case INT32:
                return ColumnValues.Kind.INT32;
            case INT64:
                return ColumnValues.Kind.INT64;
            case FLOAT:
                return ColumnValues.Kind.FLOAT;
            case DOUBLE:
                return ColumnValues.Kind.DOUBLE;
            default:
                return ColumnValues.Kind.BINARY;
        }
    }

    static ColumnValues.Meaning meaning(TsDataType type) {
        switch (type) {
            case TEXT:
            case STRING:
                return ColumnValues.Meaning.STRING;
            case DATE:
                return ColumnValues.Meaning.DATE;
            case TIMESTAMP:
                return ColumnValues.Meaning.TIMESTAMP;
            default:
                return ColumnValues.Meaning.NONE;
        }
    }

    static ColumnValues values(TsColumn c, int n) {
        ColumnValues.Kind kind = kind(c.type());
        Object v;
        switch (kind) {
            case BOOLEAN:
                v = Arrays.copyOf(c.booleans(), n);
                break;
            case INT32:
                v = Arrays.copyOf(c.ints(), n);
                break;
            case INT64:
                v = Arrays.copyOf(c.longs(), n);
                break;
            case FLOAT:
                v = Arrays.copyOf(c.floats(), n);
                break;
            case DOUBLE:
                v = Arrays.copyOf(c.doubles(), n);
                break;
            default: {
                byte[][] b = new byte[n][];
                for (int i = 0; i < n; i++) {
                    b[i] = c.isNull(i) ? null : c.binaries().get(i);
                }
                v = b;
            }
        }
        boolean[] nulls = c.hasNulls() ? Arrays.copyOf(c.nulls(), n) : null;
        return new ColumnValues(c.name(), kind, meaning(c.type()), v, nulls, n);
    }

    /** The TsFile data type holding {@code c}. */
    static TsDataType typeFor(ColumnValues c) {
        switch (c.kind) {
            case BOOLEAN:
                return TsDataType.BOOLEAN;
            case INT32:
                return c.meaning == ColumnValues.Meaning.DATE ? TsDataType.DATE : TsDataType.INT32;
            case INT64:
                return c.meaning == ColumnValues.Meaning.TIMESTAMP ? TsDataType.TIMESTAMP : TsDataType.INT64;
            case FLOAT:
                return TsDataType.FLOAT;
            case DOUBLE:
                return TsDataType.DOUBLE;
            case BINARY:
                return c.meaning == ColumnValues.Meaning.STRING ? TsDataType.STRING : TsDataType.BLOB;
            default:
                throw new UsageException("nested column " + c.name + " cannot be written to a TsFile");
        }
    }

    /** TsFile's default encoding of a data type: TS_2DIFF integers, GORILLA floats, RLE booleans, PLAIN bytes. */
    static TsEncoding defaultEncoding(TsDataType type) {
        switch (type.storageType()) {
            case INT32:
            case INT64:
                return TsEncoding.TS_2DIFF;
            case FLOAT:
            case DOUBLE:
                return TsEncoding.GORILLA;
            case BOOLEAN:
                return TsEncoding.RLE;
            default:
                return TsEncoding.PLAIN;
        }
    }

    /** A tablet of one device's rows. */
    /**
     * {@code name} in lower case, as TsFile names are (tsfile looks tables and columns up in lower case and
     * finds no rows under other names), with a note on {@code out} when that changes it.
     */
    static String tsFileName(java.io.PrintStream out, String what, String name) {
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        if (!lower.equals(name)) {
            out.println("note: the " + what + " " + name + " is named " + lower
                    + " in the TsFile, whose names are lower case");
        }
        return lower;
    }

    /**
     * Records that {@code name} (a {@code what} of the input) is {@code lower} in the TsFile, refusing
     * ({@code command}: ...) a second name that is {@code lower} too.
     */
    static void claimTsFileName(Map<String, String> byLower, String command, String what, String name, String lower) {
        String other = byLower.put(lower, name);
        if (other != null) {
            throw new UsageException(command + ": " + what + " " + other + " and " + name + " are both " + lower
                    + " in a TsFile, whose names are lower case");
        }
    }

    /** The tablet of {@code d}'s rows: each field of {@code d} the column {@code name} names in {@code schema}. */
    static TsTablet tablet(
            String command,
            TsTableSchema schema,
            DeviceRows d,
            java.util.function.UnaryOperator<String> name,
            TsFileWriter writer) {
        TsTablet t = new TsTablet(schema).device(d.tags()).times(d.times(), d.rows());
        int[] pageStarts = null;
        for (ColumnValues c : d.fields()) {
            String n = name.apply(c.name);
            switch (c.kind) {
                case BOOLEAN:
                    t.booleans(n, (boolean[]) c.values, c.nulls);
                    break;
                case INT32:
                    t.ints(n, (int[]) c.values, c.nulls);
                    break;
                case INT64:
                    t.longs(n, (long[]) c.values, c.nulls);
                    break;
                case FLOAT:
                    t.floats(n, (float[]) c.values, c.nulls);
                    break;
                case DOUBLE:
                    t.doubles(n, (double[]) c.values, c.nulls);
                    break;
                case BINARY:
                    t.binaries(n, (byte[][]) c.values, c.nulls);
                    break;
                default:
                    throw new UsageException("nested column " + c.name + " cannot be written to a TsFile");
            }
        }
        // values a lossy encoding would change, checked in the pages the writer will cut the tablet into
        for (ColumnValues c : d.fields()) {
            TsTableSchema.Column lossy = lossyColumn(schema, name.apply(c.name), c);
            if (lossy != null) {
                if (pageStarts == null) {
                    pageStarts = writer.pageStarts(t);
                }
                checkKeptByLossyEncoding(command, lossy, c.name, c, pageStarts);
            }
        }
        return t;
    }

    /** The schema's column {@code name} if {@code c}'s FLOAT or DOUBLE values go to a lossy encoding there. */
    private static TsTableSchema.Column lossyColumn(TsTableSchema schema, String name, ColumnValues c) {
        if (c.kind != ColumnValues.Kind.FLOAT && c.kind != ColumnValues.Kind.DOUBLE) {
            return null;
        }
        for (TsTableSchema.Column k : schema.columns()) {
            if (k.name().equals(name)) {
                return TsFileValues.isLossy(k.encoding(), k.type()) ? k : null;
            }
        }
        return null;
    }

    /**
     * Refuses, as bad usage, FLOAT or DOUBLE values of column {@code name} that its encoding would change:
     * TS_2DIFF and RLE keep the decimal digits of the column's {@code max_point_number} (2 without one),
     * CAMEL writes NaN as 0.0 ({@link TsFileValues#isLossy}). Nothing the commands copy is changed
     * silently: values a lossy column of the input gave back, at its digits, pass. The non-null values are
     * encoded and read back in the pages the writer cuts the rows into ({@code pageStarts}, the first row
     * of each and the row count last; CAMEL stores a page's first value exactly). {@code col}: the lossy
     * column; {@code shown}: its name as the command's {@code --encoding} takes it.
     */
    private static void checkKeptByLossyEncoding(
            String command, TsTableSchema.Column col, String shown, ColumnValues c, int[] pageStarts) {
        int digits = TsValueCodecs.maxPointNumber(col);
        boolean isFloat = c.kind == ColumnValues.Kind.FLOAT;
        ValuesWriter w = TsValueCodecs.writer(col.encoding(), col.type(), KernelProvider.scalar(), digits);
        ValuesReader r = TsValueCodecs.reader(col.encoding(), col.type(), KernelProvider.scalar());
        int most = 0;
        for (int p = 0; p + 1 < pageStarts.length; p++) {
            most = Math.max(most, pageStarts[p + 1] - pageStarts[p]);
        }
        float[] fv = isFloat ? new float[most] : null;
        double[] dv = isFloat ? null : new double[most];
        float[] fBack = isFloat ? new float[most] : null;
        double[] dBack = isFloat ? null : new double[most];
        for (int p = 0; p + 1 < pageStarts.length; p++) {
            // the page's non-null values (a page holds rows, nulls included)
            int from = pageStarts[p];
            int to = pageStarts[p + 1];
            int m = 0;
            for (int i = from; i < to; i++) {
                if (c.nulls == null || !c.nulls[i]) {
                    if (isFloat) {
                        fv[m++] = ((float[]) c.values)[i];
                    } else {
                        dv[m++] = ((double[]) c.values)[i];
                    }
                }
            }
            if (m == 0) {
                continue;
            }
            w.reset();
            if (isFloat) {
                ((FloatValuesWriter) w).writeFloats(fv, 0, m);
            } else {
                ((DoubleValuesWriter) w).writeDoubles(dv, 0, m);
            }
            byte[] page = w.toByteArray();
            r.init(m, page, 0, page.length);
            if (isFloat) {
                ((FloatValuesReader) r).readFloats(fBack, 0, m);
            } else {
                ((DoubleValuesReader) r).readDoubles(dBack, 0, m);
            }
            for (int k = 0; k < m; k++) {
                long in = isFloat ? Float.floatToRawIntBits(fv[k]) : Double.doubleToRawLongBits(dv[k]);
                long out = isFloat ? Float.floatToRawIntBits(fBack[k]) : Double.doubleToRawLongBits(dBack[k]);
                if (out != in) {
                    throw lossy(command, col, shown, digits, isFloat, in, out);
                }
            }
        }
    }

    private static UsageException lossy(
            String command, TsTableSchema.Column col, String shown, int digits, boolean isFloat, long in, long out) {
        String was =
                isFloat ? Float.toString(Float.intBitsToFloat((int) in)) : Double.toString(Double.longBitsToDouble(in));
        String got = isFloat
                ? Float.toString(Float.intBitsToFloat((int) out))
                : Double.toString(Double.longBitsToDouble(out));
        String keeps = col.encoding() == TsEncoding.CAMEL
                ? "CAMEL writes NaN as 0.0 and some values one unit off in their last decimal"
                : col.encoding() + " keeps " + digits + " decimal digits of " + col.type() + " values"
                        + (command.equals("rewrite")
                                ? " (the column's " + TsValueCodecs.MAX_POINT_NUMBER + ", "
                                        + TsFileValues.DEFAULT_FLOAT_PRECISION + " without one)"
                                : "");
        return new UsageException(command + ": column " + shown + ": " + keeps + ", so " + was
                + (was.equals(got) ? " (its bits)" : "") + " would become " + got
                + "; choose a lossless encoding for it, such as --encoding " + shown + "=GORILLA");
    }

    /** The chunk groups of the file being read, scanned when first needed. */
    @FunctionalInterface
    interface Layout {
        List<TsFileLayout.ChunkGroup> groups() throws IOException;
    }

    /**
     * Checks the DATE values of a table's chunk groups as {@link #stream} gives them: a value {@code valid}
     * refuses (a damaged page can decode to one) is corrupt input at the chunk of its column that follows
     * the time chunk of its block, {@code expected} saying what a value must be: {@code rewrite} takes the dates a
     * TsFile writer writes ({@link TsFileWriter#isDate}), {@code convert} any calendar date ({@link
     * #isCalendarDate}), which Parquet's DATE holds. {@link #stream} gives a block per time chunk, a
     * device's in the order of the file (a chunk group may hold several time chunks, each with the value
     * chunks after it), so the n-th block of a device is its n-th time chunk. Not thread-safe.
     */
    static final class DateCheck {
        private final TsTableSchema schema;
        private final IntPredicate valid;
        private final String expected;
        private final Layout layout;
        /** Blocks seen so far per device id (table name, then tag values without trailing nulls). */
        private final Map<List<String>, Integer> seen = new HashMap<>();

        DateCheck(TsTableSchema schema, IntPredicate valid, String expected, Layout layout) {
            this.schema = schema;
            this.valid = valid;
            this.expected = expected;
            this.layout = layout;
        }

        /** Checks the next block of the stream. */
        void check(DeviceRows d) throws IOException {
            List<String> id = Arrays.asList(deviceId(schema.tableName(), d.tags()));
            int occurrence = seen.merge(id, 1, Integer::sum) - 1;
            for (ColumnValues c : d.fields()) {
                TsTableSchema.Column col = schema.column(c.name);
                if (col == null || col.type() != TsDataType.DATE || c.kind != ColumnValues.Kind.INT32) {
                    continue;
                }
                int[] v = (int[]) c.values;
                for (int i = 0; i < d.rows(); i++) {
                    if (!c.isNull(i) && !valid.test(v[i])) {
                        throw new CorruptInputException(
                                chunkOffset(id, occurrence, c.name, layout.groups()),
                                expected + " in column " + c.name + ", got " + v[i]);
                    }
                }
            }
        }
    }

    /** Whether {@code ymd} is a yyyyMMdd date of the proleptic Gregorian calendar, of any year. */
    static boolean isCalendarDate(int ymd) {
        try {
            LocalDate.of(ymd / 10_000, ymd / 100 % 100, ymd % 100);
            return true;
        } catch (DateTimeException e) {
            return false;
        }
    }

    /** The chunk groups of the TsFile {@code file}, its headers read without reading it whole. */
    static List<TsFileLayout.ChunkGroup> layout(Path file) throws IOException {
        try (TsFileReader r = TsFileReader.open(file);
                FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            return TsFileLayout.scan(channel, r.metadataOffset());
        }
    }

    /** The id of a table device as chunk groups store it: the table name, then the tags without trailing nulls. */
    private static String[] deviceId(String table, String[] tags) {
        int segs = tags.length;
        while (segs > 0 && tags[segs - 1] == null) {
            segs--;
        }
        String[] id = new String[segs + 1];
        id[0] = table;
        System.arraycopy(tags, 0, id, 1, segs);
        return id;
    }

    /**
     * The offset of the chunk of {@code column} that follows the {@code occurrence}-th time chunk (from 0)
     * of device {@code id} in the file, before the next time chunk (a time chunk's measurement id is
     * empty); that time chunk's own offset if no such chunk follows it; the device's first chunk of the
     * column if it has fewer time chunks; 0 if none holds the column.
     */
    private static long chunkOffset(
            List<String> id, int occurrence, String column, List<TsFileLayout.ChunkGroup> groups) {
        String[] device = id.toArray(new String[0]);
        long first = 0;
        int timeChunks = 0;
        long target = -1; // the offset of the occurrence-th time chunk, once met
        for (TsFileLayout.ChunkGroup g : groups) {
            if (!Arrays.equals(g.device(), device)) {
                continue;
            }
            for (TsFileLayout.Chunk c : g.chunks()) {
                String m = c.header().measurementId();
                if (m.isEmpty()) {
                    if (target >= 0) {
                        return target;
                    }
                    if (timeChunks++ == occurrence) {
                        target = c.offset();
                    }
                } else if (m.equals(column)) {
                    if (target >= 0) {
                        return c.offset();
                    }
                    if (first == 0) {
                        first = c.offset();
                    }
                }
            }
            if (target >= 0) {
                return target;
            }
        }
        return first;
    }
}
