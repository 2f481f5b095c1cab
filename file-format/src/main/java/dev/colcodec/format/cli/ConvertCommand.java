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
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
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
        List<ColumnValues> columns = new ArrayList<>();
        // per column (in order): its Parquet column and the annotation colcodec does not hold
        List<ParquetColumn> parquetColumns;
        List<String> unknownAnnotations = new ArrayList<>();
        int rows;
        try (ParquetFileReader r = ParquetFileReader.open(in)) {
            parquetColumns = r.columns();
            for (int i = 0; i < parquetColumns.size(); i++) {
                unknownAnnotations.add(r.unknownAnnotation(i));
            }
            ParquetTables.requireFlat(r, "convert");
            int[] all = new int[r.columns().size()];
            for (int i = 0; i < all.length; i++) {
                all[i] = i;
            }
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
            for (int i = 0; i < all.length; i++) {
                ColumnValues c = parts.get(i).isEmpty()
                        ? new ColumnValues(
                                ParquetTables.name(r.columns().get(i)),
                                ParquetTables.kind(r.columns().get(i)),
                                ParquetTables.meaning(r.columns().get(i)),
                                ColumnValues.newArray(
                                        ParquetTables.kind(r.columns().get(i)), 0),
                                null,
                                0)
                        : ColumnValues.concat(parts.get(i));
                columns.add(c);
            }
            rows = (int) Math.min(Integer.MAX_VALUE, r.rowCount());
        }
        ColumnValues time = null;
        List<ColumnValues> tags = new ArrayList<>();
        List<ColumnValues> fields = new ArrayList<>();
        for (String t : tagNames) {
            tags.add(find(columns, t));
        }
        time = find(columns, timeName);
        // time and FIELD columns as TsFile holds them (tags become text, unsigned numbers as such)
        for (int i = 0; i < columns.size(); i++) {
            ColumnValues c = columns.get(i);
            if (c == time && noteTimeUnit(parquetColumns.get(i), c.name, out)) {
                continue; // a DATE or TIMESTAMP time column's values are TsFile's times as they are stored
            }
            if (!tags.contains(c)) {
                ColumnValues held = forTsFile(parquetColumns.get(i), unknownAnnotations.get(i), c, out);
                columns.set(i, held);
                if (c == time) {
                    time = held;
                }
            }
        }
        if (tagNames.contains(timeName)) {
            throw new UsageException("convert: the time column cannot be a tag too");
        }
        if (time.kind != ColumnValues.Kind.INT64 && time.kind != ColumnValues.Kind.INT32) {
            throw new UsageException("convert: the time column " + timeName + " must be INT32 or INT64");
        }
        for (ColumnValues c : columns) {
            if (c != time && !tags.contains(c)) {
                fields.add(c);
            }
        }
        long[] times = new long[rows];
        for (int i = 0; i < rows; i++) {
            if (time.isNull(i)) {
                throw new IllegalArgumentException("the time column " + timeName + " is null at row " + i);
            }
            times[i] = time.kind == ColumnValues.Kind.INT64 ? ((long[]) time.values)[i] : ((int[]) time.values)[i];
        }
        Map<String, String> encodings = args.encodings();
        for (String name : encodings.keySet()) {
            if (!name.equals(timeName) && fields.stream().noneMatch(f -> f.name.equals(name))) {
                throw new UsageException("convert: no FIELD column " + name + " (or the time column " + timeName + ")");
            }
        }
        Compression comp = codec == null ? Compression.LZ4_RAW : codec;
        List<TsTableSchema.Column> schemaColumns = new ArrayList<>();
        for (ColumnValues t : tags) {
            schemaColumns.add(new TsTableSchema.Column(
                    t.name, TsDataType.STRING, TsEncoding.PLAIN, comp, TsTableSchema.Category.TAG));
        }
        for (ColumnValues f : fields) {
            TsDataType type = TsTables.typeFor(f);
            TsEncoding enc = encodings.containsKey(f.name)
                    ? Names.tsEncoding(encodings.get(f.name))
                    : TsTables.defaultEncoding(type);
            schemaColumns.add(new TsTableSchema.Column(f.name, type, enc, comp, TsTableSchema.Category.FIELD));
        }
        String tableName = args.option("--table") != null ? args.option("--table") : tableName(in);
        TsTableSchema schema = new TsTableSchema(tableName, schemaColumns);
        TsFileWriter.Options options = new TsFileWriter.Options().timeCompression(comp);
        if (encodings.containsKey(timeName)) {
            Writers.timeEncoding("convert", options, Names.tsEncoding(encodings.get(timeName)));
        }
        // one device per distinct tag tuple, in order of first appearance; rows of a device by time
        Map<List<String>, int[]> devices = new LinkedHashMap<>();
        Map<List<String>, Integer> counts = new LinkedHashMap<>();
        List<List<String>> keyOfRow = new ArrayList<>(rows);
        for (int i = 0; i < rows; i++) {
            List<String> key = new ArrayList<>(tags.size());
            for (ColumnValues t : tags) {
                key.add(Csv.text(t, i));
            }
            keyOfRow.add(key);
            counts.merge(key, 1, Integer::sum);
        }
        Map<List<String>, Integer> filled = new LinkedHashMap<>();
        for (int i = 0; i < rows; i++) {
            List<String> key = keyOfRow.get(i);
            int[] idx = devices.computeIfAbsent(key, k -> new int[counts.get(k)]);
            int at = filled.merge(key, 1, Integer::sum) - 1;
            idx[at] = i;
        }
        try (TsFileWriter w = Writers.tsfile("convert", target, List.of(schema), options)) {
            for (Map.Entry<List<String>, int[]> d : devices.entrySet()) {
                int[] order = byTime(d.getValue(), times, d.getKey());
                long[] t = new long[order.length];
                for (int i = 0; i < order.length; i++) {
                    t[i] = times[order[i]];
                }
                List<ColumnValues> f = new ArrayList<>(fields.size());
                for (ColumnValues c : fields) {
                    f.add(c.gather(order, order.length));
                }
                w.write(TsTables.tablet(
                        schema, new TsTables.DeviceRows(d.getKey().toArray(new String[0]), t, f)));
            }
        }
        out.println("wrote table " + tableName + ": " + rows + " rows, " + devices.size() + " devices");
    }

    /**
     * Parquet column {@code c} as a TsFile column holds it, which has no unsigned or half-precision types:
     * unsigned 8- and 16-bit integers stay INT32, unsigned 32-bit ones become INT64, unsigned 64-bit ones
     * stay INT64 unless a value is over its maximum (refused), FLOAT16 becomes FLOAT (exactly). An
     * annotation TsFile cannot hold (DECIMAL, TIME, UUID, INTERVAL, BSON, ...) leaves the stored values as
     * they are, with a note on {@code out}.
     */
    static ColumnValues forTsFile(ParquetColumn pc, String unknownAnnotation, ColumnValues c, PrintStream out) {
        ParquetLogicalType lt = pc.logicalType();
        if (unknownAnnotation != null) {
            out.println("note: column " + c.name + " has the annotation " + unknownAnnotation
                    + ", which TsFile cannot hold: its " + pc.type() + " values are written as they are");
            return c;
        }
        if (lt == null) {
            return c;
        }
        switch (lt.kind()) {
            case STRING:
            case JSON:
            case ENUM:
                return c;
            case DATE:
                return datesForTsFile(c, out);
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
                        throw new IllegalArgumentException("column " + c.name + " holds the unsigned 64-bit value "
                                + Long.toUnsignedString(v[i]) + " (row " + i + "), over the maximum of TsFile's INT64");
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
    private static ColumnValues datesForTsFile(ColumnValues c, PrintStream out) {
        int[] days = (int[]) c.values;
        int[] ymd = new int[c.rows];
        for (int i = 0; i < c.rows; i++) {
            if (c.isNull(i)) {
                continue;
            }
            if (days[i] < FIRST_TSFILE_DAY || days[i] > LAST_TSFILE_DAY) {
                out.println("note: column " + c.name + " has the date " + LocalDate.ofEpochDay(days[i])
                        + ", outside the years 1000 to 9999 of TsFile's DATE: its values are written as INT32 days"
                        + " since 1970-01-01");
                return new ColumnValues(c.name, c.kind, ColumnValues.Meaning.NONE, c.values, c.nulls, c.rows);
            }
            LocalDate d = LocalDate.ofEpochDay(days[i]);
            ymd[i] = d.getYear() * 10_000 + d.getMonthValue() * 100 + d.getDayOfMonth();
        }
        return new ColumnValues(c.name, c.kind, ColumnValues.Meaning.DATE, ymd, c.nulls, c.rows);
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

    private static String tableName(Path in) {
        String name = in.getFileName().toString();
        int dot = name.indexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    private static ColumnValues find(List<ColumnValues> columns, String name) {
        for (ColumnValues c : columns) {
            if (c.name.equals(name)) {
                return c;
            }
        }
        throw new UsageException("convert: no column " + name);
    }

    private static void toParquet(Path in, Writers.Target target, CliArgs args, Compression codec, PrintStream out)
            throws IOException {
        if (args.option("--tags") != null) {
            throw new UsageException("convert: --tags applies to Parquet input; a TsFile's tags come from its schema");
        }
        String timeName = args.option("--time") == null ? "time" : args.option("--time");
        try (TsFileReader r = TsFileReader.open(in)) {
            String table = TsTables.table(r, args.option("--table"));
            TsTableSchema schema = r.schema(table);
            List<TsTableSchema.Column> tagColumns = TsTables.columns(schema, TsTableSchema.Category.TAG);
            List<TsTableSchema.Column> fieldColumns = TsTables.columns(schema, TsTableSchema.Category.FIELD);
            // the Parquet schema from the TsFile one: time, tags, fields (an empty column of each type)
            List<ParquetColumn> parquetSchema = new ArrayList<>();
            List<String> names = new ArrayList<>();
            for (int i = 0; i < 1 + tagColumns.size() + fieldColumns.size(); i++) {
                String name = i == 0
                        ? timeName
                        : i <= tagColumns.size()
                                ? tagColumns.get(i - 1).name()
                                : fieldColumns.get(i - 1 - tagColumns.size()).name();
                TsDataType type = i == 0
                        ? TsDataType.INT64
                        : i <= tagColumns.size()
                                ? TsDataType.STRING
                                : fieldColumns.get(i - 1 - tagColumns.size()).type();
                ColumnValues.Kind kind = TsTables.kind(type);
                ColumnValues.Meaning meaning = i == 0 ? ColumnValues.Meaning.NONE : TsTables.meaning(type);
                parquetSchema.add(ParquetTables.columnFor(
                        new ColumnValues(name, kind, meaning, ColumnValues.newArray(kind, 0), null, 0), i > 0));
                names.add(name);
            }
            if (names.stream().distinct().count() != names.size()) {
                throw new UsageException("convert: the time column name " + timeName + " collides with another"
                        + " column; pick another with --time");
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
            // one chunk group's rows at a time: a file of any size in the memory of its largest chunk group
            long rows = 0;
            // devices counted by their tag values, in whatever order their chunk groups come (a device id is
            // stored without trailing null tags, so ids that differ only there are one device, as in tsfile)
            Set<List<String>> devices = new HashSet<>();
            try (ParquetFileWriter w = Writers.parquet("convert", target, parquetSchema, options)) {
                TsTables.DateCheck dates = new TsTables.DateCheck(
                        schema, TsTables::isCalendarDate, "a yyyyMMdd date", () -> TsTables.layout(in));
                for (Iterator<TsTables.DeviceRows> it = TsTables.stream(r, table); it.hasNext(); ) {
                    TsTables.DeviceRows d = it.next();
                    dates.check(d);
                    int n = d.rows();
                    List<ColumnValues> columns = new ArrayList<>(names.size());
                    columns.add(new ColumnValues(
                            timeName, ColumnValues.Kind.INT64, ColumnValues.Meaning.NONE, d.times(), null, n));
                    for (int t = 0; t < tagColumns.size(); t++) {
                        columns.add(DumpCommand.constantTag(tagColumns.get(t).name(), d.tags()[t], n));
                    }
                    for (ColumnValues f : d.fields()) {
                        columns.add(f.meaning == ColumnValues.Meaning.DATE ? datesForParquet(f) : f);
                    }
                    ParquetTables.write(w, columns, n);
                    rows += n;
                    devices.add(Arrays.asList(d.tags()));
                }
            }
            out.println("wrote " + rows + " rows of table " + table + " from " + devices.size() + " devices");
        }
    }
}
