package dev.colcodec.format.fuzz;

import dev.colcodec.format.fuzz.ParquetModel.Col;
import dev.colcodec.format.fuzz.ParquetModel.Kind;
import dev.colcodec.format.parquet.ColumnBatch;
import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileReader;
import dev.colcodec.format.parquet.ParquetLogicalType;
import dev.colcodec.format.tsfile.TsBlock;
import dev.colcodec.format.tsfile.TsFileReader;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.tsfile.TsDataType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.tsfile.enums.ColumnCategory;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.TableSchema;
import org.apache.tsfile.read.query.dataset.ResultSet;
import org.apache.tsfile.read.v4.ITsFileReader;
import org.apache.tsfile.read.v4.TsFileReaderBuilder;
import org.apache.tsfile.write.schema.IMeasurementSchema;

/**
 * {@code colcodec convert} of foreign files, against the foreign library's own reading.
 *
 * <p>{@link Mode#TSFILE_TO_PARQUET}: tsfile 2.4.0 writes a table-model file (one to three tags, fields of
 * every table-model type with any encoding and codec, nulls, several devices); {@code convert IN
 * OUT.parquet} (random {@code --time} name, {@code --codec}, {@code --table}) and colcodec's Parquet reader
 * reads OUT: its schema is the one ConvertCommand documents (time INT64 required, tags STRING, TEXT and
 * STRING as STRING, BLOB unannotated, DATE as days, TIMESTAMP as MILLIS UTC) and its rows are tsfile's
 * own query's. Refusals: a time name that collides with a column, and {@code --tags}.
 *
 * <p>{@link Mode#PARQUET_TO_TSFILE}: parquet-java writes a random flat schema (a time column INT64,
 * INT32, TIMESTAMP(MILLIS) or DATE, up to two tag columns, fields of every flat kind, nulls, several
 * writer settings); {@code convert IN OUT.tsfile --time ts --tags ...} and tsfile 2.4.0 reads OUT: each
 * field has the TsFile type ConvertCommand promises (unsigned 32-bit as INT64, FLOAT16 as FLOAT, DATE as
 * yyyyMMdd or, out of TsFile's years, INT32 days, TIMESTAMP(MILLIS) as TIMESTAMP, text as STRING, other
 * binaries as BLOB, annotations TsFile cannot hold noted on stdout), and its rows (one device per tag
 * tuple, rows by time) hold the values; {@code --encoding} of fields with encodings tsfile reads back exactly,
 * and of the time column. Refusals: a repeated time of a device, a null time, an unsigned
 * 64-bit value over INT64's maximum, a nested column, a time column neither INT32 nor INT64, a time
 * column that is a tag too, an encoding for no column, DICTIONARY for a BLOB.
 */
final class ConvertFuzz extends FuzzHarness {
    enum Mode {
        TSFILE_TO_PARQUET,
        PARQUET_TO_TSFILE
    }

    private final Mode mode;
    private final Path dir;

    ConvertFuzz(Mode mode, Path dir) {
        this.mode = mode;
        this.dir = dir;
    }

    @Override
    void run(long seed) throws Exception {
        SplittableRandom r = new SplittableRandom(seed);
        Path work = Files.createDirectories(dir.resolve("convert-" + seed));
        try {
            if (mode == Mode.TSFILE_TO_PARQUET) {
                tsfileToParquet(r, work);
            } else {
                parquetToTsFile(r, work, seed);
            }
        } finally {
            try (var s = Files.walk(work)) {
                for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    // ------------------------------------------------------------------------------- TsFile to Parquet

    private void tsfileToParquet(SplittableRandom r, Path work) throws Exception {
        if (r.nextInt(15) == 0) {
            treeFileRefused(r, work);
            return;
        }
        // tsfile's reader is the oracle: no GORILLA/CHIMP end-marker values, which it reads as the end
        // of a page (GorillaCodecTest.valuesEqualToTheEndMarkerRoundTripByCountButTsFileTruncatesThem)
        TsTableFileFuzz.Dataset ds = TsTableFileFuzz.dataset(r, true, true);
        Path in = work.resolve("in.tsfile");
        Path out = work.resolve("out.parquet");
        List<String> all = ds.allColumns();
        int refusal = r.nextInt(12);
        String timeName = r.nextBoolean() ? null : r.nextBoolean() ? "ts" : "Time_" + r.nextInt(10);
        if (refusal == 0) {
            timeName = all.get(r.nextInt(all.size()));
        }
        List<String> args = new ArrayList<>(List.of("convert", in.toString(), out.toString()));
        if (timeName != null) {
            args.addAll(List.of("--time", timeName));
        }
        if (r.nextBoolean()) {
            args.addAll(List.of("--table", ds.table));
        }
        if (r.nextInt(3) == 0) {
            args.addAll(List.of("--codec", FuzzData.pick(r, 0, 1, 2, 3, 4) == 0 ? "ZSTD" : "SNAPPY"));
        }
        if (refusal == 1) {
            args.addAll(List.of("--tags", ds.tagNames[0]));
        }
        describe("tsfile writes " + ds + ", then " + String.join(" ", args.subList(3, args.size())));
        TsTableFileFuzz.writeWithTsFile(ds, in, r);
        CliRun run = CliRun.run(args.toArray(new String[0]));
        log("  " + run.show() + " " + run.out().strip());
        if (refusal == 0) {
            run.checkRefused(2, "the time column name " + timeName + " collides with another column");
            return;
        }
        if (refusal == 1) {
            run.checkRefused(2, "--tags applies to Parquet input");
            return;
        }
        run.checkSuccess();
        String time = timeName == null ? "time" : timeName;
        TsTableFileFuzz.Rows theirs;
        try {
            theirs = TsTableFileFuzz.readWithTsFile(in, ds, all, Long.MIN_VALUE, Long.MAX_VALUE);
        } catch (NullPointerException e) {
            if (!TsOracle.isRangeBetweenRowsBug(e)) {
                throw e;
            }
            // tsfile 2.4.0's query NPE after a chunk group with a field null in every row (see
            // TsTableFileFuzz.Dataset.anyNullGroup): colcodec's reading of the TsFile is compared instead
            log("  tsfile's query throws " + e + "; colcodec's TsFile reader instead");
            theirs = readTsFileWithColcodec(in, ds, all);
        }
        try (ParquetFileReader pr = ParquetFileReader.open(out)) {
            checkParquetSchema(pr, ds, time);
            Map<List<String>, TreeMap<Long, Object[]>> parquet = readParquet(pr, ds, all);
            // the data tsfile was given (documented differences of tsfile's pages aside)
            TsTableFileFuzz.Rows asRows = new TsTableFileFuzz.Rows();
            parquet.forEach((d, rows) -> rows.forEach((t, row) -> asRows.put(d, t, row, "parquet")));
            TsTableFileFuzz.check(
                    ds, asRows, all, Long.MIN_VALUE, Long.MAX_VALUE, null, true, "convert's Parquet vs the data");
            compareWithTsFile(ds, parquet, theirs.byDevice);
        }
    }

    /**
     * convert's rows are tsfile's query's, but for two documented bugs of tsfile 2.4.0's SPRINTZ decoder:
     * it loses the last value of a page of whole 9-value blocks (SprintzCodecTest
     * .tsfileLosesTheLastValueOfAPageOfNineButWeDoNot, codec-core): with SPRINTZ times, tsfile's query may
     * miss rows; and it reads a block with a residual of the type's minimum with the first value's sign bit
     * changed (SprintzCodecTest.aResidualOfTheTypesMinimumRoundTrips): that SPRINTZ column of that device
     * is not compared further.
     */
    private static void compareWithTsFile(
            TsTableFileFuzz.Dataset ds,
            Map<List<String>, TreeMap<Long, Object[]>> parquet,
            Map<List<String>, TreeMap<Long, Object[]>> tsfile) {
        String who = "convert's Parquet vs tsfile's query";
        boolean sprintzTimes = ds.timeEncoding == dev.colcodec.tsfile.TsEncoding.SPRINTZ;
        int nt = ds.tagNames.length;
        Set<List<String>> devices = new HashSet<>(parquet.keySet());
        devices.addAll(tsfile.keySet());
        for (List<String> d : devices) {
            TreeMap<Long, Object[]> p = parquet.getOrDefault(d, new TreeMap<>());
            TreeMap<Long, Object[]> t = tsfile.getOrDefault(d, new TreeMap<>());
            if (!p.keySet().containsAll(t.keySet()) || !sprintzTimes && p.size() != t.size()) {
                Set<Long> extra = new HashSet<>(t.keySet());
                extra.removeAll(p.keySet());
                Set<Long> missing = new HashSet<>(p.keySet());
                missing.removeAll(t.keySet());
                throw new AssertionError(who + ": device " + d + " has " + p.size() + " rows, tsfile " + t.size()
                        + "; times only tsfile has " + first(extra) + ", only convert has " + first(missing));
            }
            boolean[] stop = new boolean[nt + ds.fields.size()];
            for (Map.Entry<Long, Object[]> e : t.entrySet()) {
                Object[] a = p.get(e.getKey());
                Object[] b = e.getValue();
                for (int c = 0; c < b.length; c++) {
                    if (stop[c] || FuzzData.same(a[c], b[c])) {
                        continue;
                    }
                    TsValues.Field f = c >= nt ? ds.fields.get(c - nt) : null;
                    if (f != null && TsValues.sprintzSignFlip(f.encoding(), a[c], b[c])) {
                        stop[c] = true;
                        continue;
                    }
                    if (f != null && b[c] == null && nullInAnEarlierTablet(ds, d, c - nt, e.getKey())) {
                        // tsfile 2.4.0 reads the values after a chunk group whose field is all null as null,
                        // in its own files too (TsFileWriterTest
                        // .aColumnNullInAWholeEarlierChunkGroupIsWrittenAsTsFileWritesIt, Dataset.nullGroups)
                        continue;
                    }
                    throw new AssertionError(who + ": device " + d + " time " + e.getKey() + " column "
                            + (f == null ? ds.tagNames[c] : f) + " is " + FuzzData.show(a[c]) + ", tsfile reads "
                            + FuzzData.show(b[c]));
                }
            }
        }
    }

    /** A tree-model file (no table schema) is refused, naming its devices. */
    private void treeFileRefused(SplittableRandom r, Path work) throws Exception {
        List<TsTreeFileFuzz.Device> devices = TsTreeFileFuzz.devices(r, true);
        describe("tsfile writes tree devices " + devices + ", then convert");
        Path in = work.resolve("tree.tsfile");
        try {
            TsTreeFileFuzz.write(
                    devices,
                    in,
                    r,
                    1000,
                    dev.colcodec.tsfile.TsEncoding.TS_2DIFF,
                    dev.colcodec.format.compress.Compression.SNAPPY);
        } catch (ArithmeticException | AssertionError e) {
            // tsfile 2.4.0's writer bug in checkMemorySizeAndMayFlushChunks (see TsTreeFileFuzz.run)
            if (Arrays.stream(e.getStackTrace())
                    .noneMatch(st -> st.getMethodName().equals("checkMemorySizeAndMayFlushChunks"))) {
                throw e;
            }
            return;
        }
        List<String> written;
        try (TsFileReader reader = TsFileReader.open(in)) {
            written = reader.treeDevices();
        }
        CliRun run = CliRun.run(
                "convert", in.toString(), work.resolve("tree.parquet").toString());
        log("  " + run.show());
        run.checkRefused(
                2,
                written.isEmpty()
                        ? "the file has no table schema"
                        : "the file has no table schema; dump one of its tree-model devices with --device: " + written);
        if (Files.exists(work.resolve("tree.parquet"))) {
            throw new AssertionError("a refused convert left its output: " + run.show());
        }
    }

    /** The Parquet schema ConvertCommand documents for the dataset's table. */
    private static void checkParquetSchema(ParquetFileReader pr, TsTableFileFuzz.Dataset ds, String time) {
        List<ParquetColumn> cols = pr.columns();
        int nt = ds.tagNames.length;
        if (cols.size() != 1 + nt + ds.fields.size()) {
            throw new AssertionError("Parquet columns " + cols);
        }
        expectColumn(cols.get(0), time, PhysicalType.INT64, false, null);
        for (int i = 0; i < nt; i++) {
            expectColumn(
                    cols.get(1 + i), ds.tagNames[i], PhysicalType.BYTE_ARRAY, true, ParquetLogicalType.Kind.STRING);
        }
        for (int i = 0; i < ds.fields.size(); i++) {
            TsValues.Field f = ds.fields.get(i);
            PhysicalType pt;
            ParquetLogicalType.Kind lt = null;
            switch (f.type()) {
                case BOOLEAN -> pt = PhysicalType.BOOLEAN;
                case INT32 -> pt = PhysicalType.INT32;
                case DATE -> {
                    pt = PhysicalType.INT32;
                    lt = ParquetLogicalType.Kind.DATE;
                }
                case INT64 -> pt = PhysicalType.INT64;
                case TIMESTAMP -> {
                    pt = PhysicalType.INT64;
                    lt = ParquetLogicalType.Kind.TIMESTAMP;
                }
                case FLOAT -> pt = PhysicalType.FLOAT;
                case DOUBLE -> pt = PhysicalType.DOUBLE;
                case TEXT, STRING -> {
                    pt = PhysicalType.BYTE_ARRAY;
                    // a column holding bytes that are not UTF-8 is written without the annotation, with a note
                    lt = allUtf8(ds, i) ? ParquetLogicalType.Kind.STRING : null;
                }
                default -> pt = PhysicalType.BYTE_ARRAY;
            }
            expectColumn(cols.get(1 + nt + i), f.name(), pt, true, lt);
            if (lt == ParquetLogicalType.Kind.TIMESTAMP) {
                ParquetLogicalType l = cols.get(1 + nt + i).logicalType();
                if (l.unit() != ParquetLogicalType.Unit.MILLIS || !l.adjustedToUtc()) {
                    throw new AssertionError("TIMESTAMP column " + f + " is " + l);
                }
            }
        }
    }

    /** Whether every value of field {@code f} of the dataset is valid UTF-8 (or null). */
    private static boolean allUtf8(TsTableFileFuzz.Dataset ds, int f) {
        for (TsTableFileFuzz.Device d : ds.devices) {
            for (Object v : d.cells()[f]) {
                if (v instanceof byte[] b && !dev.colcodec.format.io.Utf8.isValid(b, 0, b.length)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static void expectColumn(
            ParquetColumn c, String name, PhysicalType type, boolean optional, ParquetLogicalType.Kind lt) {
        ParquetLogicalType.Kind got =
                c.logicalType() == null ? null : c.logicalType().kind();
        if (!c.name().equals(name) || c.type() != type || c.isNullable() != optional || got != lt) {
            throw new AssertionError("Parquet column " + c.name() + " " + c.type() + (c.isNullable() ? "?" : "") + " "
                    + got + ", expected " + name + " " + type + (optional ? "?" : "") + " " + lt);
        }
    }

    /** The Parquet rows by device (tags, trailing nulls trimmed) and time; cells as tsfile's query gives them. */
    private static Map<List<String>, TreeMap<Long, Object[]>> readParquet(
            ParquetFileReader pr, TsTableFileFuzz.Dataset ds, List<String> all) throws Exception {
        int ncols = pr.columns().size();
        int[] idx = new int[ncols];
        Arrays.setAll(idx, i -> i);
        Map<List<String>, TreeMap<Long, Object[]>> out = new HashMap<>();
        int nt = ds.tagNames.length;
        for (int g = 0; g < pr.rowGroupCount(); g++) {
            List<List<ColumnBatch>> batches = pr.decodeRowGroup(g, idx, 1 + (int) (pr.rowGroupRowCount(g) % 977), null);
            List<List<Object>> columns = new ArrayList<>();
            for (List<ColumnBatch> bs : batches) {
                List<Object> rows = new ArrayList<>();
                bs.forEach(b -> ParquetModel.flatRows(b, rows));
                columns.add(rows);
            }
            for (int i = 0; i < columns.get(0).size(); i++) {
                String[] tags = new String[nt];
                Object[] row = new Object[all.size()];
                for (int t = 0; t < nt; t++) {
                    byte[] b = (byte[]) columns.get(1 + t).get(i);
                    tags[t] = b == null ? null : new String(b, StandardCharsets.UTF_8);
                    row[t] = b;
                }
                for (int f = 0; f < ds.fields.size(); f++) {
                    Object v = columns.get(1 + nt + f).get(i);
                    if (v != null && ds.fields.get(f).type() == TsDataType.DATE) {
                        v = TsOracle.yyyymmdd(LocalDate.ofEpochDay((Integer) v));
                    }
                    row[nt + f] = v;
                }
                long t = (Long) columns.get(0).get(i);
                if (out.computeIfAbsent(TsTableFileFuzz.Device.key(tags), k -> new TreeMap<>())
                                .put(t, row)
                        != null) {
                    throw new AssertionError("two Parquet rows of device " + Arrays.toString(tags) + " at time " + t);
                }
            }
        }
        return out;
    }

    private static TsTableFileFuzz.Rows readTsFileWithColcodec(Path in, TsTableFileFuzz.Dataset ds, List<String> all)
            throws Exception {
        TsTableFileFuzz.Rows rows = new TsTableFileFuzz.Rows();
        try (TsFileReader reader = TsFileReader.open(in)) {
            for (TsBlock b : reader.query(ds.table, all, Long.MIN_VALUE, Long.MAX_VALUE, null)) {
                String[] id = b.device();
                for (int i = 0; i < b.size(); i++) {
                    Object[] row = new Object[all.size()];
                    for (int c = 0; c < all.size(); c++) {
                        row[c] = TsValues.cell(b.column(c), i);
                    }
                    rows.put(
                            TsTableFileFuzz.Device.key(Arrays.copyOfRange(id, 1, id.length)),
                            b.times()[i],
                            row,
                            "colcodec");
                }
            }
        }
        return rows;
    }

    private static void compareRows(
            Map<List<String>, TreeMap<Long, Object[]>> got,
            Map<List<String>, TreeMap<Long, Object[]>> want,
            String who) {
        Set<List<String>> devices = new HashSet<>(got.keySet());
        devices.addAll(want.keySet());
        for (List<String> d : devices) {
            TreeMap<Long, Object[]> g = got.getOrDefault(d, new TreeMap<>());
            TreeMap<Long, Object[]> w = want.getOrDefault(d, new TreeMap<>());
            if (!g.keySet().equals(w.keySet())) {
                Set<Long> missing = new HashSet<>(w.keySet());
                missing.removeAll(g.keySet());
                Set<Long> extra = new HashSet<>(g.keySet());
                extra.removeAll(w.keySet());
                throw new AssertionError(who + ": device " + d + " has " + g.size() + " rows, expected " + w.size()
                        + "; missing times " + first(missing) + ", extra " + first(extra));
            }
            for (Map.Entry<Long, Object[]> e : w.entrySet()) {
                Object[] a = g.get(e.getKey());
                Object[] b = e.getValue();
                for (int c = 0; c < b.length; c++) {
                    if (!FuzzData.same(a[c], b[c])) {
                        throw new AssertionError(who + ": device " + d + " time " + e.getKey() + " column " + c + " is "
                                + FuzzData.show(a[c]) + ", expected " + FuzzData.show(b[c]));
                    }
                }
            }
        }
    }

    /** Whether field {@code f} is null in every row of a tablet tsfile wrote before time {@code t} of the device. */
    private static boolean nullInAnEarlierTablet(TsTableFileFuzz.Dataset ds, List<String> key, int f, long t) {
        for (TsTableFileFuzz.Device dev : ds.devices) {
            if (!dev.key().equals(key)) {
                continue;
            }
            int row = Arrays.binarySearch(dev.times(), t);
            for (Map.Entry<Integer, Integer> tab :
                    ds.tsfileTablets.getOrDefault(dev, new TreeMap<>()).entrySet()) {
                if (tab.getKey() + tab.getValue() > row) {
                    break;
                }
                boolean allNull = true;
                for (int i = tab.getKey(); i < tab.getKey() + tab.getValue() && allNull; i++) {
                    allNull = dev.cells()[f][i] == null;
                }
                if (allNull) {
                    return true;
                }
            }
        }
        return false;
    }

    private static List<Long> first(Set<Long> s) {
        return s.stream().sorted().limit(5).toList();
    }

    // ------------------------------------------------------------------------------- Parquet to TsFile

    /** Field kinds: every flat kind ParquetModel writes. */
    private static final Kind[] FIELD_KINDS = Kind.values();

    private static final Kind[] TAG_KINDS = {Kind.STR, Kind.I32, Kind.BOOL, Kind.BIN, Kind.I64, Kind.U32};

    private void parquetToTsFile(SplittableRandom r, Path work, long seed) throws Exception {
        int n = r.nextInt(10) == 0 ? 0 : 1 + r.nextInt(r.nextBoolean() ? 30 : 1500);
        // the refusal this case tests (most test none)
        int refusal = r.nextInt(14);
        boolean dupTime = refusal == 0 && n > 1;
        boolean nullTime = refusal == 1 && n > 0;
        boolean nested = refusal == 2;
        boolean badTimeType = refusal == 3;
        boolean timeIsTag = refusal == 4;
        boolean bigU64 = refusal == 5;
        // the time column
        Kind timeKind = badTimeType
                ? (r.nextBoolean() ? Kind.F64 : Kind.STR)
                : new Kind[] {Kind.I64, Kind.I32, Kind.TS, Kind.DATE}[r.nextInt(4)];
        Col time = new Col("ts", timeKind);
        time.optional = nullTime || r.nextInt(4) == 0;
        // tags and their values: a few distinct per tag
        int ntags = r.nextInt(3);
        List<Col> tags = new ArrayList<>();
        for (int i = 0; i < ntags; i++) {
            Col t = ParquetModel.randomCol(r, "tag" + i, TAG_KINDS[r.nextInt(TAG_KINDS.length)]);
            Object[] pool = new Object[1 + r.nextInt(4)];
            for (int k = 0; k < pool.length; k++) {
                pool[k] = t.kind == Kind.STR
                        ? ("v" + r.nextInt(9) + (r.nextInt(5) == 0 ? "\u00e9" : "")).getBytes(StandardCharsets.UTF_8)
                        : ParquetModel.value(t, r, r.nextInt(4));
            }
            t.values = new Object[n];
            for (int k = 0; k < n; k++) {
                t.values[k] = t.optional && r.nextInt(6) == 0 ? null : pool[r.nextInt(pool.length)];
            }
            tags.add(t);
        }
        // fields
        int nf = 1 + r.nextInt(6);
        List<Col> fields = new ArrayList<>();
        for (int i = 0; i < nf; i++) {
            Kind k = FIELD_KINDS[r.nextInt(FIELD_KINDS.length)];
            Col c = ParquetModel.randomCol(r, "f" + i, k);
            ParquetModel.fill(c, n, r);
            if (k == Kind.U64 && !bigU64) {
                // values TsFile's INT64 holds
                for (int j = 0; j < n; j++) {
                    if (c.values[j] != null) {
                        c.values[j] = (Long) c.values[j] >>> 1;
                    }
                }
            }
            fields.add(c);
        }
        if (bigU64) {
            Col c = ParquetModel.randomCol(r, "f" + nf, Kind.U64);
            c.optional = false;
            c.values = new Object[n];
            for (int j = 0; j < n; j++) {
                c.values[j] = r.nextLong(1000);
            }
            if (n > 0) {
                c.values[r.nextInt(n)] = Long.MIN_VALUE | r.nextLong(1000);
            }
            fields.add(c);
        }
        Col list = null;
        if (nested) {
            list = ParquetModel.randomCol(r, "l", Kind.I32);
            list.list = true;
            ParquetModel.fillList(list, n, r);
        }
        // times: distinct per device (a shuffled walk), as the time kind holds them
        long[] times = new long[n];
        long base = timeKind == Kind.I64 || timeKind == Kind.TS
                ? r.nextLong(-(1L << 50), 1L << 50)
                : r.nextInt(-100_000, 100_000);
        int step = 1 + r.nextInt(r.nextBoolean() ? 3 : 5000);
        for (int i = 0; i < n; i++) {
            times[i] = base + (long) i * step;
        }
        for (int i = n - 1; i > 0 && r.nextBoolean(); i--) {
            int j = r.nextInt(i + 1);
            long t = times[i];
            times[i] = times[j];
            times[j] = t;
        }
        time.values = new Object[n];
        for (int i = 0; i < n; i++) {
            time.values[i] = switch (timeKind) {
                case I64, TS -> times[i];
                case I32, DATE -> (int) times[i];
                case F64 -> (double) times[i];
                default -> Long.toString(times[i]).getBytes(StandardCharsets.UTF_8);
            };
        }
        int dupRow = -1;
        if (dupTime) {
            // a row repeating the time of another row of its device
            int a = r.nextInt(n);
            int b = r.nextInt(n);
            if (a == b) {
                b = (a + 1) % n;
            }
            time.values[b] = time.values[a];
            for (Col t : tags) {
                t.values[b] = t.values[a];
            }
            dupRow = b;
        }
        int nullRow = nullTime ? r.nextInt(n) : -1;
        if (nullTime) {
            time.values[nullRow] = null;
        }

        List<Col> cols = new ArrayList<>();
        cols.add(time);
        cols.addAll(tags);
        cols.addAll(fields);
        // the columns in random order
        for (int i = cols.size() - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            Col t = cols.get(i);
            cols.set(i, cols.get(j));
            cols.set(j, t);
        }
        if (list != null) {
            cols.add(r.nextInt(cols.size() + 1), list);
        }
        String table = "pq" + seed;
        Path in = work.resolve(table + ".parquet");
        Path out = work.resolve("out.tsfile");
        String settings = writeParquet(cols, n, in, r);
        List<String> args = new ArrayList<>(List.of("convert", in.toString(), out.toString(), "--time", "ts"));
        List<String> tagNames = new ArrayList<>();
        tags.forEach(t -> tagNames.add(t.name));
        if (timeIsTag) {
            tagNames.add(r.nextInt(tagNames.size() + 1), "ts");
        }
        if (!tagNames.isEmpty()) {
            args.addAll(List.of("--tags", String.join(",", tagNames)));
        }
        String tableName = table;
        if (r.nextInt(4) == 0) {
            tableName = "tab" + r.nextInt(10);
            args.addAll(List.of("--table", tableName));
        }
        if (r.nextInt(4) == 0) {
            args.addAll(List.of("--codec", new String[] {"SNAPPY", "GZIP", "ZSTD", "UNCOMPRESSED"}[r.nextInt(4)]));
        }
        // GORILLA (the default for floats) values equal to its end marker (NaN) tsfile reads as the end of
        // the page (GorillaCodecTest.valuesEqualToTheEndMarkerRoundTripByCountButTsFileTruncatesThem): PLAIN
        for (Col c : fields) {
            boolean nan = Arrays.stream(c.values)
                    .anyMatch(v ->
                            ParquetModel.isNaN(v) || v != null && c.kind == Kind.F16 && Float.isNaN(half((byte[]) v)));
            if (nan || (c.kind == Kind.F32 || c.kind == Kind.F64 || c.kind == Kind.F16) && r.nextInt(4) == 0) {
                args.addAll(List.of("--encoding", c.name + "=PLAIN"));
            } else if (r.nextInt(3) == 0) {
                String e = encodingFor(c, r);
                if (e != null) {
                    args.addAll(List.of("--encoding", c.name + "=" + (r.nextBoolean() ? e : e.toLowerCase())));
                }
            }
        }
        if (refusal == 6) {
            args.addAll(List.of("--encoding", "nosuch=PLAIN"));
        }
        Col blob = fields.stream()
                .filter(c -> tsType(c) == TSDataType.BLOB)
                .findFirst()
                .orElse(null);
        if (refusal == 8 && blob != null) {
            // DICTIONARY holds TEXT and STRING, not BLOB (instead of an encoding chosen above: a column
            // named twice is refused for that)
            for (int k = args.size() - 2; k >= 0; k--) {
                if (args.get(k).equals("--encoding") && args.get(k + 1).startsWith(blob.name + "=")) {
                    args.remove(k + 1);
                    args.remove(k);
                }
            }
            args.addAll(List.of("--encoding", blob.name + "=DICTIONARY"));
        }
        if (refusal == 7) {
            // the time column's encoding
            args.addAll(
                    List.of("--encoding", "ts=" + new String[] {"PLAIN", "GORILLA", "ZIGZAG", "RLE"}[r.nextInt(4)]));
        }
        describe("parquet-java writes " + n + " rows " + cols + " | " + settings + " | "
                + String.join(" ", args.subList(3, args.size())));
        CliRun run = CliRun.run(args.toArray(new String[0]));
        log("  " + run.show() + " " + run.out().strip());
        if (nested) {
            run.checkRefused(2, "convert handles flat columns only, not the nested column l");
            return;
        }
        if (refusal == 6) {
            run.checkRefused(2, "convert: no FIELD column nosuch (or the time column ts)");
            return;
        }
        if (refusal == 8 && blob != null) {
            run.checkRefused(2, "DICTIONARY cannot hold BLOB values");
            return;
        }
        if (badTimeType) {
            run.checkRefused(2, "the time column ts must be INT32 or INT64");
            return;
        }
        if (timeIsTag) {
            run.checkRefused(2, "the time column cannot be a tag too");
            return;
        }
        if (bigU64 && n > 0) {
            run.checkRefused(1, "over the maximum of TsFile's INT64");
            return;
        }
        if (nullTime) {
            run.checkRefused(1, "the time column ts is null at row " + nullRow);
            return;
        }
        if (dupTime) {
            run.checkRefused(1, "time " + times(time, dupRow) + " occurs twice for the device with tags");
            return;
        }
        run.checkSuccess();
        // notes for annotations TsFile cannot hold
        for (Col c : fields) {
            boolean noted = run.out().contains("note: column " + c.name + " ");
            boolean mustNote = switch (c.kind) {
                // and (since session 40) the narrower integers, JSON, INT96 and unannotated fixed-length bytes
                case DEC_I32, DEC_I64, DEC_BIN, DEC_FLBA, UUID, I8, U8, I16, U16, JSON, INT96, FLBA -> true;
                case DATE -> !datesFit(c);
                default -> false;
            };
            if (noted != mustNote) {
                throw new AssertionError("column " + c + (mustNote ? " has no note: " : " has a note: ") + run.out());
            }
        }
        // expected: per device (tag texts), per time, the fields as TsFile holds them
        Map<List<String>, TreeMap<Long, Object[]>> want = new HashMap<>();
        for (int i = 0; i < n; i++) {
            String[] key = new String[tags.size()];
            for (int t = 0; t < tags.size(); t++) {
                key[t] = tagText(tags.get(t), tags.get(t).values[i]);
            }
            Object[] row = new Object[fields.size()];
            for (int f = 0; f < fields.size(); f++) {
                row[f] = held(fields.get(f), fields.get(f).values[i]);
            }
            want.computeIfAbsent(TsTableFileFuzz.Device.key(key), k -> new TreeMap<>())
                    .put(times(time, i), row);
        }
        Map<List<String>, TreeMap<Long, Object[]>> got = readTsFile(out, tableName, tags, fields);
        compareRows(got, want, "tsfile reads convert's TsFile");
    }

    /**
     * A TsFile encoding for a field that tsfile reads back exactly, or null: supported for the type, not
     * lossy; not SPRINTZ (tsfile's decoder loses values, SprintzCodecTest), not CAMEL (not every double
     * round-trips in tsfile), and GORILLA, GORILLA_V1, CHIMP and RLBE only without their end-marker value
     * (the type's minimum; floats have PLAIN when they hold a NaN, and no RLBE), which tsfile reads as the
     * end of the page (GorillaCodecTest.valuesEqualToTheEndMarkerRoundTripByCountButTsFileTruncatesThem).
     */
    private static String encodingFor(Col c, SplittableRandom r) {
        TSDataType theirs = tsType(c);
        TsDataType type = TsDataType.valueOf(theirs.name());
        TsDataType st = type.storageType();
        boolean floating = st == TsDataType.FLOAT || st == TsDataType.DOUBLE;
        boolean hasMin = false;
        for (Object v : c.values) {
            Object h = v == null ? null : held(c, v);
            hasMin |= h instanceof Integer i && i == Integer.MIN_VALUE || h instanceof Long l && l == Long.MIN_VALUE;
        }
        List<String> ok = new ArrayList<>();
        for (dev.colcodec.tsfile.TsEncoding e : dev.colcodec.tsfile.TsEncoding.values()) {
            if (!dev.colcodec.tsfile.TsFileValues.supports(e, type)
                    || dev.colcodec.tsfile.TsFileValues.isLossy(e, type)
                    || e == dev.colcodec.tsfile.TsEncoding.SPRINTZ
                    || e == dev.colcodec.tsfile.TsEncoding.CAMEL
                    || e == dev.colcodec.tsfile.TsEncoding.RLBE && floating) {
                continue;
            }
            boolean marker = e == dev.colcodec.tsfile.TsEncoding.GORILLA
                    || e == dev.colcodec.tsfile.TsEncoding.GORILLA_V1
                    || e == dev.colcodec.tsfile.TsEncoding.CHIMP
                    || e == dev.colcodec.tsfile.TsEncoding.RLBE;
            if (marker && hasMin) {
                continue;
            }
            ok.add(e.name());
        }
        return ok.isEmpty() ? null : ok.get(r.nextInt(ok.size()));
    }

    private static long times(Col time, int row) {
        Object v = time.values[row];
        return v instanceof Integer i ? i : (Long) v;
    }

    /** parquet-java writes the columns; returns its settings. */
    private static String writeParquet(List<Col> cols, int n, Path file, SplittableRandom r) throws Exception {
        StringBuilder schema = new StringBuilder("message m {");
        for (Col c : cols) {
            if (c.list) {
                schema.append(c.optional ? " optional" : " required")
                        .append(" group ")
                        .append(c.name)
                        .append(" (LIST) { repeated group list { required ")
                        .append(c.parquetJavaPrimitive("element"))
                        .append("; } }");
            } else {
                schema.append(c.optional ? " optional " : " required ")
                        .append(c.parquetJavaPrimitive(c.name))
                        .append(";");
            }
        }
        MessageType mt = MessageTypeParser.parseMessageType(schema.append(" }").toString());
        ParquetProperties.WriterVersion version = r.nextBoolean()
                ? ParquetProperties.WriterVersion.PARQUET_1_0
                : ParquetProperties.WriterVersion.PARQUET_2_0;
        CompressionCodecName codec = new CompressionCodecName[] {
                    CompressionCodecName.UNCOMPRESSED,
                    CompressionCodecName.SNAPPY,
                    CompressionCodecName.GZIP,
                    CompressionCodecName.ZSTD,
                    CompressionCodecName.LZ4_RAW
                }
                [r.nextInt(5)];
        boolean dict = r.nextBoolean();
        int rgRows = r.nextInt(3) == 0 ? 1 + r.nextInt(500) : Integer.MAX_VALUE;
        int page = FuzzData.pick(r, 64, 1024, 1 << 20);
        ExampleParquetWriter.Builder b = ExampleParquetWriter.builder(new LocalOutputFile(file))
                .withConf(new PlainParquetConfiguration())
                .withCodecFactory(new ParquetJavaCodecs())
                .withType(mt)
                .withWriterVersion(version)
                .withCompressionCodec(codec)
                .withDictionaryEncoding(dict)
                .withPageSize(page)
                .withWriteMode(org.apache.parquet.hadoop.ParquetFileWriter.Mode.OVERWRITE);
        if (rgRows != Integer.MAX_VALUE) {
            b.withRowGroupRowCountLimit(rgRows);
        }
        try (ParquetWriter<Group> w = b.build()) {
            SimpleGroupFactory f = new SimpleGroupFactory(mt);
            for (int i = 0; i < n; i++) {
                Group g = f.newGroup();
                for (Col c : cols) {
                    Object v = c.values[i];
                    if (v == null) {
                        continue;
                    }
                    if (c.list) {
                        Group l = g.addGroup(c.name);
                        for (Object e : (List<?>) v) {
                            if (e != null) {
                                ParquetFileFuzz.put(l.addGroup("list"), "element", e);
                            }
                        }
                    } else {
                        ParquetFileFuzz.put(g, c.name, v);
                    }
                }
                w.write(g);
            }
        }
        return version + " " + codec + " dict=" + dict + " page=" + page + " rgRows=" + rgRows;
    }

    /** A tag value as convert renders it (the dump's CSV text, unquoted). */
    private static String tagText(Col c, Object v) {
        if (v == null) {
            return null;
        }
        return switch (c.kind) {
            case STR -> new String((byte[]) v, StandardCharsets.UTF_8);
            case U32 -> Integer.toUnsignedString((Integer) v);
            case BOOL, I32, I64 -> String.valueOf(v);
            default -> HexFormat.of().formatHex((byte[]) v);
        };
    }

    private static final long FIRST_DAY = LocalDate.of(1000, 1, 1).toEpochDay();
    private static final long LAST_DAY = LocalDate.of(9999, 12, 31).toEpochDay();

    /** Whether every date of a DATE column falls in TsFile's years 1000 to 9999. */
    private static boolean datesFit(Col c) {
        return Arrays.stream(c.values).allMatch(v -> v == null || (Integer) v >= FIRST_DAY && (Integer) v <= LAST_DAY);
    }

    /** The TsFile type convert gives a field. */
    private static TSDataType tsType(Col c) {
        return switch (c.kind) {
            case BOOL -> TSDataType.BOOLEAN;
            case I32, I8, U8, I16, U16, DEC_I32 -> TSDataType.INT32;
            case DATE -> datesFit(c) ? TSDataType.DATE : TSDataType.INT32;
            case U32, I64, U64, DEC_I64 -> TSDataType.INT64;
            case TS -> TSDataType.TIMESTAMP;
            case F32, F16 -> TSDataType.FLOAT;
            case F64 -> TSDataType.DOUBLE;
            case STR, JSON -> TSDataType.STRING;
            default -> TSDataType.BLOB;
        };
    }

    /** A field value as the TsFile holds it, in the form of {@link #readTsFile}. */
    private static Object held(Col c, Object v) {
        if (v == null) {
            return null;
        }
        return switch (c.kind) {
            case U32 -> Integer.toUnsignedLong((Integer) v);
            case DATE -> datesFit(c) ? TsOracle.yyyymmdd(LocalDate.ofEpochDay((Integer) v)) : v;
            case F16 -> half((byte[]) v);
            default -> v;
        };
    }

    /** An IEEE half-precision value (2 little-endian bytes) as a float, exactly, NaN payloads kept. */
    static float half(byte[] b) {
        int h = (b[0] & 0xFF) | (b[1] & 0xFF) << 8;
        int sign = (h & 0x8000) << 16;
        int exp = (h >> 10) & 0x1F;
        int mant = h & 0x3FF;
        if (exp == 0x1F) {
            return Float.intBitsToFloat(sign | 0x7F800000 | mant << 13);
        }
        if (exp == 0) {
            float f = mant * 0x1p-24f;
            return sign != 0 ? -f : f;
        }
        return Float.intBitsToFloat(sign | (exp - 15 + 127) << 23 | mant << 13);
    }

    /** tsfile 2.4.0 reads the converted file: its schema's types, then every row. */
    private static Map<List<String>, TreeMap<Long, Object[]>> readTsFile(
            Path file, String table, List<Col> tags, List<Col> fields) throws Exception {
        Map<List<String>, TreeMap<Long, Object[]>> out = new HashMap<>();
        try (ITsFileReader reader =
                new TsFileReaderBuilder().file(file.toFile()).build()) {
            List<TableSchema> schemas = reader.getAllTableSchema();
            if (schemas.size() != 1 || !schemas.get(0).getTableName().equals(table)) {
                throw new AssertionError("tables "
                        + schemas.stream().map(TableSchema::getTableName).toList() + ", expected " + table);
            }
            TableSchema ts = schemas.get(0);
            Map<String, IMeasurementSchema> byName = new LinkedHashMap<>();
            Map<String, ColumnCategory> category = new HashMap<>();
            for (int i = 0; i < ts.getColumnSchemas().size(); i++) {
                IMeasurementSchema m = ts.getColumnSchemas().get(i);
                byName.put(m.getMeasurementName(), m);
                category.put(m.getMeasurementName(), ts.getColumnTypes().get(i));
            }
            List<String> cols = new ArrayList<>();
            for (Col t : tags) {
                if (category.get(t.name) != ColumnCategory.TAG
                        || byName.get(t.name).getType() != TSDataType.STRING) {
                    throw new AssertionError("tag " + t + " is " + category.get(t.name) + " " + byName.get(t.name));
                }
                cols.add(t.name);
            }
            for (Col f : fields) {
                IMeasurementSchema m = byName.get(f.name);
                if (m == null || category.get(f.name) != ColumnCategory.FIELD || m.getType() != tsType(f)) {
                    throw new AssertionError(
                            "field " + f + " is " + category.get(f.name) + " " + m + ", expected " + tsType(f));
                }
                cols.add(f.name);
            }
            if (byName.size() != cols.size()) {
                throw new AssertionError("TsFile columns " + byName.keySet() + ", expected " + cols);
            }
            if (tags.isEmpty() && fields.isEmpty()) {
                return out;
            }
            try (ResultSet rs = reader.query(table, cols, Long.MIN_VALUE, Long.MAX_VALUE)) {
                while (rs.next()) {
                    String[] key = new String[tags.size()];
                    Object[] row = new Object[fields.size()];
                    for (int c = 0; c < cols.size(); c++) {
                        int idx = c + 2;
                        if (rs.isNull(idx)) {
                            continue;
                        }
                        if (c < tags.size()) {
                            key[c] = rs.getString(idx);
                            continue;
                        }
                        Col f = fields.get(c - tags.size());
                        row[c - tags.size()] = switch (tsType(f)) {
                            case BOOLEAN -> rs.getBoolean(idx);
                            case INT32 -> rs.getInt(idx);
                            case DATE -> TsOracle.yyyymmdd(rs.getDate(idx));
                            case INT64, TIMESTAMP -> rs.getLong(idx);
                            case FLOAT -> rs.getFloat(idx);
                            case DOUBLE -> rs.getDouble(idx);
                            default -> rs.getBinary(idx);
                        };
                    }
                    long t = rs.getLong(1);
                    if (out.computeIfAbsent(TsTableFileFuzz.Device.key(key), k -> new TreeMap<>())
                                    .put(t, row)
                            != null) {
                        throw new AssertionError("tsfile: two rows at time " + t + " of " + Arrays.toString(key));
                    }
                }
            }
        }
        return out;
    }
}
