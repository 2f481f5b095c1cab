package dev.colcodec.format.cli;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileReader;
import dev.colcodec.format.parquet.ParquetFileWriter;
import dev.colcodec.format.parquet.ParquetLogicalType;
import dev.colcodec.format.parquet.ParquetWriteOptions;
import dev.colcodec.format.tsfile.TsFileReader;
import dev.colcodec.format.tsfile.TsFileWriter;
import dev.colcodec.format.tsfile.TsTableSchema;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code convert IN OUT [--time COLUMN] [--tags a,b] [--table T] [--encoding COLUMN=ENCODING ...] [--codec
 * C]}: a Parquet table into a TsFile table (the {@code --time} column as time, the {@code --tags} columns
 * as TAG columns, one device per distinct tag tuple, every other column a FIELD), or a TsFile table into
 * Parquet (time, tags and fields as columns; the time column is named by {@code --time}, default {@code
 * time}).
 */
final class ConvertCommand {
    static final String USAGE =
            "convert IN OUT [--time COLUMN] [--tags a,b] [--table T] [--encoding COLUMN=ENCODING ...] [--codec C]";

    private ConvertCommand() {}

    static int run(List<String> argList, PrintStream out) throws IOException {
        CliArgs args = new CliArgs(
                "convert", argList, Set.of("--time", "--tags", "--table", "--encoding", "--codec"), Set.of());
        List<String> files = args.positional(2, "IN OUT");
        Path in = Path.of(files.get(0));
        Writers.Target target = new Writers.Target(Path.of(files.get(1)));
        FileFormat format = FileFormat.detect(in);
        if (Files.exists(target.path()) && Files.isSameFile(in, target.path())) {
            throw new UsageException("convert: OUT must differ from IN");
        }
        FileFormat named = FileFormat.named(target.path());
        if (named == format) {
            // the output is always the other format: a name saying otherwise would mislead its readers
            throw new UsageException("convert: IN is " + format.label() + ", so OUT is written as "
                    + format.other().label() + ", but its name " + target.path().getFileName() + " says "
                    + named.label());
        }
        Compression codec = args.option("--codec") == null ? null : Names.codec(args.option("--codec"), format.other());
        try {
            if (format == FileFormat.PARQUET) {
                toTsFile(in, target, args, codec, out);
            } else {
                toParquet(in, target, args, codec, out);
            }
            target.commit();
        } catch (IOException | RuntimeException | Error e) {
            // an OutOfMemoryError too, which the CLI reports as one line: no part-written OUT stays
            try {
                target.deleteIfCreated();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
        return 0;
    }

    private static void toTsFile(Path in, Writers.Target target, CliArgs args, Compression codec, PrintStream out)
            throws IOException {
        String timeName = args.option("--time");
        if (timeName == null) {
            throw new UsageException("convert: a Parquet input needs --time COLUMN");
        }
        List<String> tagNames = args.list("--tags") == null ? List.of() : args.list("--tags");
        for (int i = 0; i < tagNames.size(); i++) {
            if (tagNames.subList(0, i).contains(tagNames.get(i))) {
                throw new UsageException("convert: --tags names " + tagNames.get(i) + " twice");
            }
        }
        try (ParquetFileReader r = ParquetFileReader.open(in)) {
            ParquetTables.requireFlat(r, "convert");
            ParquetRows rows = new ParquetRows(r, tagNames, timeName);
            int groups = r.rowGroupCount();
            // a row group at a time when each row group can be converted alone (a first pass over the rows
            // tells, see planRowGroups), so that a file of any size converts in the memory of its largest
            // row group; else the whole file at once, each device's rows sorted and written as one chunk group
            try (TsConvertWriter w = new TsConvertWriter(in, target, args, codec, out, rows)) {
                if (groups > 1 && rows.planRowGroups()) {
                    long base = 0;
                    for (int g = 0; g < groups; g++) {
                        List<ColumnValues> part = ParquetTables.readRowGroup(r, g, rows.all());
                        w.write(rows.convert(part, base, g == 0 ? out : NO_NOTES), base);
                        base += part.get(0).rows;
                    }
                } else {
                    w.write(rows.convert(rows.readAll(), 0, out), 0);
                }
                w.finish();
                out.println("wrote TsFile table " + w.tableName + ": " + w.rows + " rows, " + w.devices.size()
                        + " devices");
            }
        }
    }

    /** Where the notes of the row groups after the first go: each note is said once, for the first. */
    private static final PrintStream NO_NOTES = new PrintStream(java.io.OutputStream.nullOutputStream());

    /**
     * The columns of a Parquet file being converted, and what the conversion must know of the whole file
     * before it converts a row group alone: whether each DATE column has a day TsFile's DATE cannot hold
     * (then the column stays INT32 days, in every row group).
     */
    private static final class ParquetRows {
        final ParquetFileReader r;
        final List<ParquetColumn> columns;
        final List<String> unknownAnnotations = new ArrayList<>();
        final String timeName;
        final int timeColumn;
        final int[] tagColumns;
        /**
         * Per column: null while the rows decide (the whole file at once); else, for a DATE column, the
         * first day over the whole file that TsFile's DATE cannot hold, or {@link #IN_RANGE}.
         */
        Long[] outsideDays;

        /** In {@link #outsideDays}: every day of the column is one TsFile's DATE holds. */
        static final long IN_RANGE = Long.MIN_VALUE;

        ParquetRows(ParquetFileReader r, List<String> tagNames, String timeName) {
            this.r = r;
            this.columns = r.columns();
            this.timeName = timeName;
            for (int i = 0; i < columns.size(); i++) {
                unknownAnnotations.add(r.unknownAnnotation(i));
            }
            tagColumns = new int[tagNames.size()];
            for (int t = 0; t < tagColumns.length; t++) {
                tagColumns[t] = column(tagNames.get(t));
            }
            timeColumn = column(timeName);
            if (tagNames.contains(timeName)) {
                throw new UsageException("convert: the time column cannot be a tag too");
            }
        }

        private int column(String name) {
            for (int i = 0; i < columns.size(); i++) {
                if (ParquetTables.name(columns.get(i)).equals(name)) {
                    return i;
                }
            }
            throw new UsageException("convert: no column " + name);
        }

        boolean isTag(int column) {
            for (int t : tagColumns) {
                if (t == column) {
                    return true;
                }
            }
            return false;
        }

        int[] all() {
            int[] all = new int[columns.size()];
            for (int i = 0; i < all.length; i++) {
                all[i] = i;
            }
            return all;
        }

        /** Every row of the file, each column as one array. */
        List<ColumnValues> readAll() throws IOException {
            int[] all = all();
            List<List<ColumnValues>> parts = new ArrayList<>();
            for (int i = 0; i < all.length; i++) {
                parts.add(new ArrayList<>());
            }
            for (int g = 0; g < r.rowGroupCount(); g++) {
                List<ColumnValues> v = ParquetTables.readRowGroup(r, g, all);
                for (int i = 0; i < all.length; i++) {
                    parts.get(i).add(v.get(i));
                }
            }
            List<ColumnValues> columnValues = new ArrayList<>();
            for (int i = 0; i < all.length; i++) {
                ParquetColumn c = columns.get(i);
                columnValues.add(
                        parts.get(i).isEmpty()
                                ? new ColumnValues(
                                        ParquetTables.name(c),
                                        ParquetTables.kind(c),
                                        ParquetTables.meaning(c),
                                        ColumnValues.newArray(ParquetTables.kind(c), 0),
                                        null,
                                        0)
                                : ColumnValues.concat(parts.get(i)));
            }
            return columnValues;
        }

        /** Whether column {@code i} is a FIELD that {@link #forTsFile} takes as a DATE. */
        private boolean dateField(int i) {
            ParquetLogicalType lt = columns.get(i).logicalType();
            return i != timeColumn
                    && !isTag(i)
                    && unknownAnnotations.get(i) == null
                    && lt != null
                    && lt.kind() == ParquetLogicalType.Kind.DATE;
        }

        /**
         * The first pass over the rows, a row group at a time: true when each row group can be converted
         * alone, with {@link #outsideDays} found. That takes every device's rows of a row group to come after
         * its rows of the row groups before, and no device to have a FIELD column null in all its rows of
         * one row group and not in a later one: tsfile 2.4.0's table query reads such a column as null in
         * every later chunk group of the device when it starts reading at the group where it is null (the
         * device's first, or the first in a query's time range; its reader's bug; the file is as tsfile
         * writes it, see {@code TsFileWriterTest.aColumnNullInAWholeEarlierChunkGroupIsWrittenAsTsFileWritesIt}),
         * where the whole file at once writes a device as one chunk group. A null time stamp fails here,
         * before anything is written.
         */
        boolean planRowGroups() throws IOException {
            int[] all = all();
            List<Integer> fieldList = new ArrayList<>();
            for (int i = 0; i < columns.size(); i++) {
                if (i != timeColumn && !isTag(i)) {
                    fieldList.add(i);
                }
            }
            int[] fields = fieldList.stream().mapToInt(Integer::intValue).toArray();
            Long[] outside = new Long[columns.size()];
            for (int i = 0; i < columns.size(); i++) {
                outside[i] = dateField(i) ? IN_RANGE : null;
            }
            Map<List<String>, Long> lastTime = new HashMap<>();
            // per device: the FIELD columns with no value in all its rows of one of the row groups so far
            Map<List<String>, boolean[]> emptyBefore = new HashMap<>();
            long base = 0;
            for (int g = 0; g < r.rowGroupCount(); g++) {
                List<ColumnValues> v = ParquetTables.readRowGroup(r, g, all);
                long[] times = times(timeOf(v.get(timeColumn), NO_NOTES, base), base);
                // per device of the row group: its least and greatest time, and the FIELD columns with a value
                Map<List<String>, long[]> range = new HashMap<>();
                Map<List<String>, boolean[]> valued = new HashMap<>();
                List<ColumnValues> tags = new ArrayList<>(tagColumns.length);
                for (int t : tagColumns) {
                    tags.add(v.get(t));
                }
                for (int i = 0; i < times.length; i++) {
                    List<String> key = deviceKey(tags, i);
                    long[] mm = range.computeIfAbsent(key, k -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
                    mm[0] = Math.min(mm[0], times[i]);
                    mm[1] = Math.max(mm[1], times[i]);
                    boolean[] has = valued.computeIfAbsent(key, k -> new boolean[fields.length]);
                    for (int f = 0; f < fields.length; f++) {
                        has[f] |= !v.get(fields[f]).isNull(i);
                    }
                }
                for (Map.Entry<List<String>, long[]> e : range.entrySet()) {
                    Long last = lastTime.put(e.getKey(), e.getValue()[1]);
                    if (last != null && e.getValue()[0] <= last) {
                        return false;
                    }
                    boolean[] has = valued.get(e.getKey());
                    boolean[] empty = emptyBefore.computeIfAbsent(e.getKey(), k -> new boolean[fields.length]);
                    for (int f = 0; f < fields.length; f++) {
                        if (empty[f] && has[f]) {
                            return false;
                        }
                        empty[f] |= !has[f];
                    }
                }
                for (int i = 0; i < columns.size(); i++) {
                    if (outside[i] != null && outside[i] == IN_RANGE) {
                        outside[i] = outsideDay(v.get(i));
                    }
                }
                base += times.length;
            }
            outsideDays = outside;
            return true;
        }

        /** The time column as TsFile takes it (unsigned 32-bit times widened; DATE and TIMESTAMP as stored). */
        private ColumnValues timeOf(ColumnValues c, PrintStream notes, long base) {
            if (noteTimeUnit(columns.get(timeColumn), c.name, notes)) {
                return c;
            }
            ColumnValues held =
                    forTsFile(columns.get(timeColumn), unknownAnnotations.get(timeColumn), c, notes, null, base);
            if (held.kind != ColumnValues.Kind.INT64 && held.kind != ColumnValues.Kind.INT32) {
                throw new UsageException("convert: the time column " + timeName + " must be INT32 or INT64");
            }
            return held;
        }

        /** The time stamps of a time column ({@link #timeOf}) whose first row is row {@code base} of the file. */
        long[] times(ColumnValues time, long base) {
            long[] times = new long[time.rows];
            for (int i = 0; i < time.rows; i++) {
                if (time.isNull(i)) {
                    throw new IllegalArgumentException("the time column " + timeName + " is null at row " + (base + i));
                }
                times[i] = time.kind == ColumnValues.Kind.INT64 ? ((long[]) time.values)[i] : ((int[]) time.values)[i];
            }
            return times;
        }

        /**
         * Rows of every column (the file's rows from row {@code base}) as TsFile holds them: time stamps,
         * tags as they are, FIELD columns widened or relabelled by {@link #forTsFile} (notes on {@code
         * notes}).
         */
        Converted convert(List<ColumnValues> columnValues, long base, PrintStream notes) {
            List<ColumnValues> held = new ArrayList<>(columnValues);
            for (int i = 0; i < held.size(); i++) {
                if (i == timeColumn) {
                    held.set(i, timeOf(held.get(i), notes, base));
                } else if (!isTag(i)) {
                    held.set(
                            i,
                            forTsFile(
                                    columns.get(i),
                                    unknownAnnotations.get(i),
                                    held.get(i),
                                    notes,
                                    outsideDays == null ? null : outsideDays[i],
                                    base));
                }
            }
            List<ColumnValues> tags = new ArrayList<>();
            for (int t : tagColumns) {
                tags.add(held.get(t));
            }
            List<ColumnValues> fields = new ArrayList<>();
            for (int i = 0; i < held.size(); i++) {
                if (i != timeColumn && !isTag(i)) {
                    fields.add(held.get(i));
                }
            }
            return new Converted(times(held.get(timeColumn), base), tags, fields);
        }
    }

    /** Rows as TsFile takes them: time stamps, tag columns, FIELD columns. */
    private record Converted(long[] times, List<ColumnValues> tags, List<ColumnValues> fields) {}

    /**
     * The TsFile being written by a convert, made for the first rows it is given (their FIELD columns'
     * types); rows go in as tablets, one per device of the rows, each device's rows by time.
     */
    private static final class TsConvertWriter implements AutoCloseable {
        private final Path in;
        private final Writers.Target target;
        private final CliArgs args;
        private final Compression codec;
        private final String timeName;
        private final PrintStream out;
        /** The TsFile name of each tag and FIELD column: its Parquet name in lower case. */
        private final Map<String, String> tsNames = new HashMap<>();

        private TsFileWriter w;
        private TsTableSchema schema;
        String tableName;
        long rows;
        final Set<List<String>> devices = new HashSet<>();

        TsConvertWriter(
                Path in, Writers.Target target, CliArgs args, Compression codec, PrintStream out, ParquetRows rows) {
            this.in = in;
            this.out = out;
            this.target = target;
            this.args = args;
            this.codec = codec;
            this.timeName = rows.timeName;
        }

        private void open(Converted c) throws IOException {
            Map<String, String> encodings = args.encodings();
            for (String name : encodings.keySet()) {
                if (!name.equals(timeName) && c.fields().stream().noneMatch(f -> f.name.equals(name))) {
                    throw new UsageException(
                            "convert: no FIELD column " + name + " (or the time column " + timeName + ")");
                }
            }
            Compression comp = codec == null ? Compression.LZ4_RAW : codec;
            // TsFile names are lower case (tsfile reads them so): Parquet names in lower case, with a note
            List<ColumnValues> named = new ArrayList<>(c.tags());
            named.addAll(c.fields());
            Map<String, String> byTsName = new HashMap<>();
            for (ColumnValues v : named) {
                String lower = TsTables.tsFileName(out, "column", v.name);
                TsTables.claimTsFileName(byTsName, "convert", "columns", v.name, lower);
                tsNames.put(v.name, lower);
            }
            List<TsTableSchema.Column> schemaColumns = new ArrayList<>();
            for (ColumnValues t : c.tags()) {
                if (t.kind != ColumnValues.Kind.BINARY || t.meaning != ColumnValues.Meaning.STRING) {
                    // TsFile tags are strings: say that the type is not kept
                    out.println("note: tag " + t.name + " holds " + t.kind
                            + (t.meaning == ColumnValues.Meaning.NONE ? "" : " " + t.meaning)
                            + " values; a TsFile tag is a STRING, so each is written as its text as dump prints it");
                }
                schemaColumns.add(new TsTableSchema.Column(
                        tsNames.get(t.name), TsDataType.STRING, TsEncoding.PLAIN, comp, TsTableSchema.Category.TAG));
            }
            if (c.fields().isEmpty()) {
                out.println("note: the table has no FIELD column (every column is the time or a tag): tsfile's"
                        + " reader returns no rows of such a table, though its times and tags are written");
            }
            for (ColumnValues f : c.fields()) {
                TsDataType type = TsTables.typeFor(f);
                TsEncoding enc = encodings.containsKey(f.name)
                        ? Names.tsEncoding(encodings.get(f.name))
                        : TsTables.defaultEncoding(type);
                schemaColumns.add(
                        new TsTableSchema.Column(tsNames.get(f.name), type, enc, comp, TsTableSchema.Category.FIELD));
            }
            tableName = TsTables.tsFileName(
                    out, "table", args.option("--table") != null ? args.option("--table") : tableName(in));
            schema = new TsTableSchema(tableName, schemaColumns);
            TsFileWriter.Options options = new TsFileWriter.Options().timeCompression(comp);
            if (encodings.containsKey(timeName)) {
                Writers.timeEncoding("convert", options, Names.tsEncoding(encodings.get(timeName)));
            }
            w = Writers.tsfile("convert", target, List.of(schema), options);
        }

        /** Writes rows whose first is row {@code base} of the file: a tablet per device, in order of first appearance. */
        void write(Converted c, long base) throws IOException {
            int n = c.times().length;
            // one device per distinct tag tuple, in order of first appearance; rows of a device by time
            Map<List<String>, int[]> byDevice = new LinkedHashMap<>();
            Map<List<String>, Integer> counts = new LinkedHashMap<>();
            List<List<String>> keyOfRow = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                List<String> key = deviceKey(c.tags(), i);
                keyOfRow.add(key);
                counts.merge(key, 1, Integer::sum);
            }
            Map<List<String>, Integer> filled = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                List<String> key = keyOfRow.get(i);
                int[] idx = byDevice.computeIfAbsent(key, k -> new int[counts.get(k)]);
                int at = filled.merge(key, 1, Integer::sum) - 1;
                idx[at] = i;
            }
            if (w == null) {
                // after the tags are checked: a refused file prints no notes first
                open(c);
            }
            long[] times = c.times();
            for (Map.Entry<List<String>, int[]> d : byDevice.entrySet()) {
                int[] order = byTime(d.getValue(), times, d.getKey());
                long[] t = new long[order.length];
                for (int i = 0; i < order.length; i++) {
                    t[i] = times[order[i]];
                }
                List<ColumnValues> f = new ArrayList<>(c.fields().size());
                for (ColumnValues col : c.fields()) {
                    f.add(col.gather(order, order.length));
                }
                // the fields keep their Parquet names (which --encoding takes), mapped to the TsFile ones
                w.write(TsTables.tablet(
                        "convert",
                        schema,
                        new TsTables.DeviceRows(d.getKey().toArray(new String[0]), t, f),
                        tsNames::get,
                        w));
                devices.add(d.getKey());
            }
            rows += n;
        }

        /** Writes the file's metadata: the file is complete. */
        void finish() throws IOException {
            w.close();
        }

        @Override
        public void close() throws IOException {
            if (w != null) {
                w.close();
            }
        }
    }

    /**
     * Parquet column {@code c} as a TsFile column holds it, which has no unsigned or half-precision types:
     * unsigned 8- and 16-bit integers stay INT32, unsigned 32-bit ones become INT64, unsigned 64-bit ones
     * stay INT64 unless a value is over its maximum (refused), FLOAT16 becomes FLOAT (exactly). An
     * annotation TsFile cannot hold (DECIMAL, TIME, UUID, INTERVAL, BSON, ...) leaves the stored values as
     * they are, with a note on {@code out}.
     */
    static ColumnValues forTsFile(
            ParquetColumn pc, String unknownAnnotation, ColumnValues c, PrintStream out, Long outsideDay, long base) {
        ParquetLogicalType lt = pc.logicalType();
        if (unknownAnnotation != null) {
            out.println("note: column " + c.name + " has the annotation " + unknownAnnotation
                    + ", which TsFile cannot hold: its " + pc.type() + " values are written as they are");
            return c;
        }
        if (lt == null) {
            if (pc.type() == PhysicalType.INT96 || pc.type() == PhysicalType.FIXED_LEN_BYTE_ARRAY) {
                out.println("note: column " + c.name + " is " + pc.type()
                        + (pc.type() == PhysicalType.INT96 ? "" : "(" + pc.typeLength() + ")")
                        + " in Parquet, which TsFile cannot hold: its values are written as they are, as BLOB");
            }
            return c;
        }
        switch (lt.kind()) {
            case STRING:
                return c;
            case JSON:
            case ENUM:
                out.println("note: column " + c.name + " is " + lt.kind()
                        + " in Parquet, which TsFile cannot hold: its text is written as STRING");
                return c;
            case DATE:
                return datesForTsFile(c, out, outsideDay);
            case TIMESTAMP:
                if (lt.unit() != ParquetLogicalType.Unit.MILLIS) {
                    // TsFile's TIMESTAMP is milliseconds: other units stay numbers, not relabelled instants
                    out.println("note: column " + c.name + " is TIMESTAMP(" + lt.unit() + ") in Parquet, and TsFile's"
                            + " time stamps are milliseconds: its values are written as they are, as INT64");
                    return new ColumnValues(c.name, c.kind, ColumnValues.Meaning.NONE, c.values, c.nulls, c.rows);
                }
                if (!lt.adjustedToUtc()) {
                    out.println("note: column " + c.name + " is a local TIMESTAMP(MILLIS) in Parquet, and TsFile's"
                            + " time stamps are instants: its values are written as they are");
                }
                return c;
            case INTEGER: {
                if (lt.bitWidth() < 32) {
                    out.println("note: column " + c.name + " is INT(" + lt.bitWidth() + ", "
                            + (lt.signed() ? "signed" : "unsigned") + ") in Parquet, which TsFile cannot hold: its"
                            + " values are written as INT32");
                }
                if (lt.signed() || lt.bitWidth() < 32) {
                    return new ColumnValues(c.name, c.kind, ColumnValues.Meaning.NONE, c.values, c.nulls, c.rows);
                }
                if (lt.bitWidth() == 32) {
                    int[] v = (int[]) c.values;
                    long[] wide = new long[c.rows];
                    for (int i = 0; i < c.rows; i++) {
                        wide[i] = Integer.toUnsignedLong(v[i]);
                    }
                    return new ColumnValues(
                            c.name, ColumnValues.Kind.INT64, ColumnValues.Meaning.NONE, wide, c.nulls, c.rows);
                }
                long[] v = (long[]) c.values;
                for (int i = 0; i < c.rows; i++) {
                    if (v[i] < 0 && !c.isNull(i)) {
                        throw new IllegalArgumentException(
                                "column " + c.name + " holds the unsigned 64-bit value " + Long.toUnsignedString(v[i])
                                        + " (row " + (base + i) + "), over the maximum of TsFile's INT64");
                    }
                }
                return new ColumnValues(c.name, c.kind, ColumnValues.Meaning.NONE, v, c.nulls, c.rows);
            }
            case FLOAT16: {
                byte[][] b = (byte[][]) c.values;
                float[] f = new float[c.rows];
                for (int i = 0; i < c.rows; i++) {
                    if (!c.isNull(i)) {
                        f[i] = ColumnValues.float16((b[i][0] & 0xFF) | (b[i][1] & 0xFF) << 8);
                    }
                }
                return new ColumnValues(c.name, ColumnValues.Kind.FLOAT, ColumnValues.Meaning.NONE, f, c.nulls, c.rows);
            }
            default:
                out.println(
                        "note: column " + c.name + " is " + lt.kind() + " in Parquet, which TsFile cannot hold: its "
                                + pc.type() + " values are written as they are");
                return c;
        }
    }

    /**
     * Whether the time column is a DATE or TIMESTAMP, whose stored values become TsFile's times as they
     * are; with a note when they are not milliseconds since the epoch, which TsFile readers take times for.
     */
    private static boolean noteTimeUnit(ParquetColumn pc, String name, PrintStream out) {
        ParquetLogicalType lt = pc.logicalType();
        if (lt == null) {
            return false;
        }
        if (lt.kind() == ParquetLogicalType.Kind.DATE) {
            out.println("note: the time column " + name + " is DATE in Parquet: its days since 1970-01-01 are"
                    + " written as they are, as TsFile times (which readers take for milliseconds)");
            return true;
        }
        if (lt.kind() == ParquetLogicalType.Kind.TIMESTAMP) {
            if (lt.unit() != ParquetLogicalType.Unit.MILLIS) {
                out.println("note: the time column " + name + " is TIMESTAMP(" + lt.unit() + ") in Parquet: its"
                        + " values are written as they are, as TsFile times (which readers take for milliseconds)");
            }
            return true;
        }
        return false;
    }

    /** The first and last day TsFile's DATE (yyyyMMdd) holds: years 1000 to 9999. */
    private static final long FIRST_TSFILE_DAY = LocalDate.of(1000, 1, 1).toEpochDay();

    private static final long LAST_TSFILE_DAY = LocalDate.of(9999, 12, 31).toEpochDay();

    /**
     * A Parquet DATE column (days since 1970-01-01) as TsFile's DATE (yyyyMMdd), or as INT32 days with a note
     * when a day falls outside the years TsFile's DATE holds.
     */
    private static ColumnValues datesForTsFile(ColumnValues c, PrintStream out, Long outsideDay) {
        long outside = outsideDay != null ? outsideDay : outsideDay(c);
        if (outside != ParquetRows.IN_RANGE) {
            out.println("note: column " + c.name + " has the date " + LocalDate.ofEpochDay(outside)
                    + ", outside the years 1000 to 9999 of TsFile's DATE: its values are written as INT32 days"
                    + " since 1970-01-01");
            return new ColumnValues(c.name, c.kind, ColumnValues.Meaning.NONE, c.values, c.nulls, c.rows);
        }
        int[] days = (int[]) c.values;
        int[] ymd = new int[c.rows];
        for (int i = 0; i < c.rows; i++) {
            if (!c.isNull(i)) {
                LocalDate d = LocalDate.ofEpochDay(days[i]);
                ymd[i] = d.getYear() * 10_000 + d.getMonthValue() * 100 + d.getDayOfMonth();
            }
        }
        return new ColumnValues(c.name, c.kind, ColumnValues.Meaning.DATE, ymd, c.nulls, c.rows);
    }

    /**
     * The first day of a Parquet DATE column (days since 1970-01-01) outside the years TsFile's DATE holds,
     * or {@link ParquetRows#IN_RANGE}.
     */
    private static long outsideDay(ColumnValues c) {
        int[] days = (int[]) c.values;
        for (int i = 0; i < c.rows; i++) {
            if (!c.isNull(i) && (days[i] < FIRST_TSFILE_DAY || days[i] > LAST_TSFILE_DAY)) {
                return days[i];
            }
        }
        return ParquetRows.IN_RANGE;
    }

    /** A TsFile DATE column (yyyyMMdd) as Parquet's DATE (days since 1970-01-01). */
    private static ColumnValues datesForParquet(ColumnValues c) {
        int[] ymd = (int[]) c.values;
        int[] days = new int[c.rows];
        for (int i = 0; i < c.rows; i++) {
            if (!c.isNull(i)) {
                int v = ymd[i];
                // a calendar date (TsTables.DateCheck)
                days[i] = (int) LocalDate.of(v / 10_000, v / 100 % 100, v % 100).toEpochDay();
            }
        }
        return new ColumnValues(c.name, c.kind, ColumnValues.Meaning.DATE, days, c.nulls, c.rows);
    }

    private static int[] byTime(int[] rows, long[] times, List<String> device) {
        boolean ascending = true;
        for (int i = 1; i < rows.length && ascending; i++) {
            ascending = times[rows[i]] > times[rows[i - 1]];
        }
        if (ascending) {
            return rows;
        }
        Integer[] boxed = new Integer[rows.length];
        for (int i = 0; i < rows.length; i++) {
            boxed[i] = rows[i];
        }
        Arrays.sort(boxed, (a, b) -> Long.compare(times[a], times[b]));
        int[] out = new int[rows.length];
        for (int i = 0; i < rows.length; i++) {
            out[i] = boxed[i];
            if (i > 0 && times[out[i]] == times[out[i - 1]]) {
                throw new IllegalArgumentException(
                        "time " + times[out[i]] + " occurs twice for the device with tags " + device);
            }
        }
        return out;
    }

    /**
     * The first row of a TEXT or STRING value of {@code f} that is not valid UTF-8, which a Parquet STRING
     * must be (TsFile's writers take any bytes), counting {@code before} rows written before; -1 if none.
     */
    private static long firstNotUtf8(ColumnValues f, long before) {
        if (f.kind != ColumnValues.Kind.BINARY || f.meaning != ColumnValues.Meaning.STRING) {
            return -1;
        }
        byte[][] v = (byte[][]) f.values;
        for (int i = 0; i < f.rows; i++) {
            if ((f.nulls == null || !f.nulls[i])
                    && v[i] != null
                    && !dev.colcodec.format.io.Utf8.isValid(v[i], 0, v[i].length)) {
                return before + i;
            }
        }
        return -1;
    }

    /**
     * TEXT or STRING columns holding values that are not valid UTF-8, with the row of the first (all such
     * columns of the rows at hand): the file is written again with them without the annotation.
     */
    private static final class NotUtf8 extends RuntimeException {
        final Map<String, Long> firstRows;

        NotUtf8(Map<String, Long> firstRows) {
            super(null, null, false, false);
            this.firstRows = firstRows;
        }
    }

    /** Whether row {@code row} of {@code t} is a FLOAT16, FLOAT or DOUBLE NaN other than the canonical one. */
    private static boolean isNanWithPayload(ColumnValues t, int row) {
        if (t.kind == ColumnValues.Kind.DOUBLE) {
            double d = ((double[]) t.values)[row];
            return Double.isNaN(d) && Double.doubleToRawLongBits(d) != Double.doubleToRawLongBits(Double.NaN);
        }
        if (t.kind == ColumnValues.Kind.FLOAT) {
            float f = ((float[]) t.values)[row];
            return Float.isNaN(f) && Float.floatToRawIntBits(f) != Float.floatToRawIntBits(Float.NaN);
        }
        if (t.kind == ColumnValues.Kind.BINARY && t.meaning == ColumnValues.Meaning.FLOAT16) {
            byte[] b = ((byte[][]) t.values)[row];
            int h = (b[0] & 0xFF) | (b[1] & 0xFF) << 8;
            return (h & 0x7C00) == 0x7C00 && (h & 0x3FF) != 0 && h != 0x7E00;
        }
        return false;
    }

    private static String tableName(Path in) {
        String name = in.getFileName().toString();
        int dot = name.indexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    /**
     * The device of row {@code row}: the text of each tag column, in order. A STRING tag whose bytes are
     * not valid UTF-8 is refused: a device id is text, which cannot hold them.
     */
    private static List<String> deviceKey(List<ColumnValues> tags, int row) {
        List<String> key = new ArrayList<>(tags.size());
        for (ColumnValues t : tags) {
            String text = Csv.text(t, row);
            if (text != null
                    && t.kind == ColumnValues.Kind.BINARY
                    && t.meaning == ColumnValues.Meaning.STRING
                    && !dev.colcodec.format.io.Utf8.decodedWhole(text, ((byte[][]) t.values)[row])) {
                throw new IllegalArgumentException("convert: a value of the tag column " + t.name
                        + " is not valid UTF-8, which a TsFile device id (text) cannot hold");
            }
            if (text != null && isNanWithPayload(t, row)) {
                // its text would be every NaN's, so two devices would become one
                throw new IllegalArgumentException("convert: a value of the tag column " + t.name
                        + " is a NaN with a payload, whose text (a TsFile device id) would be every NaN's");
            }
            key.add(text);
        }
        return key;
    }

    private static void toParquet(Path in, Writers.Target target, CliArgs args, Compression codec, PrintStream out)
            throws IOException {
        if (args.option("--tags") != null) {
            throw new UsageException("convert: --tags applies to Parquet input; a TsFile's tags come from its schema");
        }
        String timeOption = args.option("--time");
        try (TsFileReader r = TsFileReader.open(in)) {
            if (args.option("--table") == null) {
                List<String> tables = new ArrayList<>();
                for (String t : r.tables()) {
                    if (r.schema(t) != null) {
                        tables.add(t);
                    }
                }
                if (tables.size() > 1) {
                    // a Parquet file holds one table: the others would be left out without a word
                    throw new UsageException("convert: the file holds " + tables.size() + " tables " + tables
                            + " and a Parquet file one: name it with --table");
                }
            }
            String table = TsTables.table(r, args.option("--table"));
            if (!r.treeDevices().isEmpty()) {
                out.println("note: " + r.treeDevices().size()
                        + " tree-model device(s) of the file are not converted (a Parquet file holds one table): "
                        + RewriteCommand.abbreviated(r.treeDevices()));
            }
            TsTableSchema schema = r.schema(table);
            // without --time, the name the schema gives its time column (tsfile's schemas may), else "time"
            List<TsTableSchema.Column> timeColumns = TsTables.columns(schema, TsTableSchema.Category.TIME);
            String timeName = timeOption != null
                    ? timeOption
                    : timeColumns.isEmpty() ? "time" : timeColumns.get(0).name();
            List<TsTableSchema.Column> tagColumns = TsTables.columns(schema, TsTableSchema.Category.TAG);
            List<TsTableSchema.Column> fieldColumns = TsTables.columns(schema, TsTableSchema.Category.FIELD);
            List<String> names = new ArrayList<>();
            names.add(timeName);
            tagColumns.forEach(c -> names.add(c.name()));
            fieldColumns.forEach(c -> names.add(c.name()));
            if (names.stream().distinct().count() != names.size()) {
                throw new UsageException("convert: the time column name " + timeName
                        + " collides with another column; pick another" + " with --time");
            }
            ParquetWriteOptions options = ParquetWriteOptions.defaults();
            if (codec != null) {
                options = options.withCompression(codec);
            }
            for (Map.Entry<String, String> e : args.encodings().entrySet()) {
                if (!names.contains(e.getKey())) {
                    throw new UsageException("convert: no column " + e.getKey());
                }
                options = options.withEncoding(e.getKey(), Names.parquetEncoding(e.getValue()));
            }
            // a TEXT or STRING column holding bytes that are not UTF-8 is written unannotated (a Parquet STRING
            // must be UTF-8): found while writing, it starts the file again with that column so
            Set<String> asBytes = new HashSet<>();
            Copied copied;
            while (true) {
                try {
                    copied = copyToParquet(r, in, table, timeName, target, options, asBytes);
                    break;
                } catch (NotUtf8 e) {
                    target.deleteIfCreated();
                    for (Map.Entry<String, Long> bad : e.firstRows.entrySet()) {
                        asBytes.add(bad.getKey());
                        out.println("note: column " + bad.getKey()
                                + " holds values that are not valid UTF-8 (the first at row " + bad.getValue()
                                + "), so it is written as BYTE_ARRAY without the STRING annotation, its bytes as"
                                + " they are");
                    }
                }
            }
            out.println("wrote Parquet, " + copied.rows() + " rows of table " + table + " from " + copied.devices()
                    + " devices");
        }
    }

    /** What {@link #copyToParquet} wrote: rows, and devices counted by their tag values. */
    private record Copied(long rows, int devices) {}

    /**
     * Writes one TsFile table to {@code target} as Parquet, one chunk group's rows at a time (a file of any size
     * in the memory of its largest chunk group): time, tags, fields. The TEXT/STRING columns named in
     * {@code asBytes} are written without the STRING annotation; another one holding bytes that are not UTF-8
     * stops the copy with {@link NotUtf8}, naming every such column of the chunk group.
     */
    private static Copied copyToParquet(
            TsFileReader r,
            Path in,
            String table,
            String timeName,
            Writers.Target target,
            ParquetWriteOptions options,
            Set<String> asBytes)
            throws IOException {
        TsTableSchema schema = r.schema(table);
        List<TsTableSchema.Column> tagColumns = TsTables.columns(schema, TsTableSchema.Category.TAG);
        List<TsTableSchema.Column> fieldColumns = TsTables.columns(schema, TsTableSchema.Category.FIELD);
        // the Parquet schema from the TsFile one (an empty column of each type)
        List<ParquetColumn> parquetSchema = new ArrayList<>();
        parquetSchema.add(ParquetTables.columnFor(emptyColumn(timeName, TsDataType.INT64, false), false));
        for (TsTableSchema.Column c : tagColumns) {
            parquetSchema.add(ParquetTables.columnFor(emptyColumn(c.name(), TsDataType.STRING, true), true));
        }
        for (TsTableSchema.Column c : fieldColumns) {
            boolean annotated = !asBytes.contains(c.name());
            parquetSchema.add(ParquetTables.columnFor(emptyColumn(c.name(), c.type(), annotated), true));
        }
        long rows = 0;
        // devices counted by their tag values, in whatever order their chunk groups come (a device id is stored
        // without trailing null tags, so ids that differ only there are one device, as in tsfile)
        Set<List<String>> devices = new HashSet<>();
        try (ParquetFileWriter w = Writers.parquet("convert", target, parquetSchema, options)) {
            TsTables.DateCheck dates = new TsTables.DateCheck(
                    schema, TsTables::isCalendarDate, "a yyyyMMdd date", () -> TsTables.layout(in));
            for (Iterator<TsTables.DeviceRows> it = TsTables.stream(r, table); it.hasNext(); ) {
                TsTables.DeviceRows d = it.next();
                dates.check(d);
                int n = d.rows();
                Map<String, Long> notUtf8 = new LinkedHashMap<>();
                for (ColumnValues f : d.fields()) {
                    long bad = asBytes.contains(f.name) ? -1 : firstNotUtf8(f, rows);
                    if (bad >= 0) {
                        notUtf8.put(f.name, bad);
                    }
                }
                if (!notUtf8.isEmpty()) {
                    throw new NotUtf8(notUtf8);
                }
                List<ColumnValues> columns = new ArrayList<>(parquetSchema.size());
                columns.add(new ColumnValues(
                        timeName, ColumnValues.Kind.INT64, ColumnValues.Meaning.NONE, d.times(), null, n));
                for (int t = 0; t < tagColumns.size(); t++) {
                    columns.add(DumpCommand.constantTag(tagColumns.get(t).name(), d.tags()[t], n));
                }
                for (ColumnValues f : d.fields()) {
                    if (asBytes.contains(f.name)) {
                        columns.add(
                                new ColumnValues(f.name, f.kind, ColumnValues.Meaning.NONE, f.values, f.nulls, f.rows));
                    } else {
                        columns.add(f.meaning == ColumnValues.Meaning.DATE ? datesForParquet(f) : f);
                    }
                }
                ParquetTables.write(w, columns, n);
                rows += n;
                devices.add(Arrays.asList(d.tags()));
            }
        }
        return new Copied(rows, devices.size());
    }

    /** An empty column of a TsFile type, which {@link ParquetTables#columnFor} turns into a Parquet column. */
    private static ColumnValues emptyColumn(String name, TsDataType type, boolean annotated) {
        ColumnValues.Kind kind = TsTables.kind(type);
        ColumnValues.Meaning meaning = annotated ? TsTables.meaning(type) : ColumnValues.Meaning.NONE;
        return new ColumnValues(name, kind, meaning, ColumnValues.newArray(kind, 0), null, 0);
    }
}
