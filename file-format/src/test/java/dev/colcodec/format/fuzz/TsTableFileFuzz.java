package dev.colcodec.format.fuzz;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.tsfile.TsBlock;
import dev.colcodec.format.tsfile.TsFileLayout;
import dev.colcodec.format.tsfile.TsFileReader;
import dev.colcodec.format.tsfile.TsFileWriter;
import dev.colcodec.format.tsfile.TsScan;
import dev.colcodec.format.tsfile.TsTableSchema;
import dev.colcodec.format.tsfile.TsTablet;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apache.tsfile.enums.ColumnCategory;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.TableSchema;
import org.apache.tsfile.file.metadata.enums.CompressionType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.apache.tsfile.read.query.dataset.ResultSet;
import org.apache.tsfile.read.v4.ITsFileReader;
import org.apache.tsfile.read.v4.TsFileReaderBuilder;
import org.apache.tsfile.write.record.Tablet;
import org.apache.tsfile.write.schema.IMeasurementSchema;
import org.apache.tsfile.write.schema.MeasurementSchema;
import org.apache.tsfile.write.v4.ITsFileWriter;
import org.apache.tsfile.write.v4.TsFileWriterBuilder;

/**
 * Table-model TsFiles (one table: one to three TAG columns, one to eight FIELD columns of any type,
 * encoding and compression, one to six devices, nulls) written by one side and read by the other.
 *
 * <p>{@link Mode#TSFILE_WRITES}: tsfile 2.4.0 writes (random tablet sizes, page points, page bytes and
 * memory thresholds); colcodec's query, block iterator and scan (with and without a pool, projections,
 * device filters, time ranges) must return the data, and every ranged read must equal the full read
 * filtered.
 *
 * <p>{@link Mode#COLCODEC_WRITES}: colcodec writes (random tablet sizes, to a stream or a file, with and
 * without a pool); colcodec reads it back, tsfile 2.4.0's table query must read the data (full and time
 * ranged), and colcodec's ranged reads must equal its full read filtered.
 *
 * <p>In both modes a third of the files are also damaged (truncated, bits flipped) and read: only values
 * or {@link CorruptInputException}.
 */
final class TsTableFileFuzz extends FuzzHarness {
    /** The kernels colcodec writes and reads with in the current case ({@link Fuzzing#kernels}). */
    private Kernels kernels = KernelProvider.best();

    enum Mode {
        TSFILE_WRITES,
        COLCODEC_WRITES
    }

    private final Mode mode;
    private final Path dir;

    TsTableFileFuzz(Mode mode, Path dir) {
        this.mode = mode;
        this.dir = dir;
    }

    /** A device: its tag values (trailing nulls trimmed in its key), times, and cells per field. */
    record Device(String[] tags, long[] times, Object[][] cells) {
        List<String> key() {
            return key(tags);
        }

        static List<String> key(String[] tags) {
            int n = tags.length;
            while (n > 0 && tags[n - 1] == null) {
                n--;
            }
            return Arrays.asList(Arrays.copyOf(tags, n));
        }
    }

    static final class Dataset {
        String table;
        String[] tagNames;
        final List<TsValues.Field> fields = new ArrayList<>();
        final List<Device> devices = new ArrayList<>();
        int pagePoints;
        TsEncoding timeEncoding;
        Compression timeCompression;
        /** Per device and field: the cells a reader must return (lossy columns as tsfile scales them). */
        final Map<Device, Object[][]> expected = new HashMap<>();
        /**
         * Per device, the fields null in a whole chunk group (one colcodec tablet) before a value: tsfile
         * 2.4.0's reader reads that field's later values as null (TsFileWriterTest
         * .aColumnNullInAWholeEarlierChunkGroupIsWrittenAsTsFileWritesIt).
         */
        final Map<Device, Set<Integer>> nullGroups = new HashMap<>();
        /**
         * Whether some chunk group colcodec wrote has a field null in every row: the same tsfile bug can
         * instead throw a NullPointerException ("vector" is null) from the full query, also when a later
         * chunk group of another device has values in that field.
         */
        boolean anyNullGroup;
        /**
         * Device key and field name of the SPRINTZ columns whose values a check stopped comparing at the
         * documented minimum residual (see {@link #check}): later checks of the same reader side skip them,
         * and ranged reads are compared with the full read instead.
         */
        final Set<String> sprintzStopped = new HashSet<>();
        /** Per device, the tablets tsfile's writer was given: first row to row count. */
        final Map<Device, TreeMap<Integer, Integer>> tsfileTablets = new HashMap<>();
        /**
         * Per device, the rows that end a page of colcodec's file holding a multiple of 9 rows, read from the
         * file (pages of tablets with strings are cut by size, not only by {@link #pagePoints}).
         */
        final Map<Device, Set<Integer>> pageOfNinesEnds = new HashMap<>();

        List<String> allColumns() {
            List<String> all = new ArrayList<>(Arrays.asList(tagNames));
            fields.forEach(f -> all.add(f.name()));
            return all;
        }

        TsValues.Field field(String column) {
            return fields.stream()
                    .filter(f -> f.name().equals(column))
                    .findFirst()
                    .orElse(null);
        }

        List<Long> someTimes() {
            List<Long> ts = new ArrayList<>();
            for (Device d : devices) {
                ts.add(d.times()[0]);
                ts.add(d.times()[d.times().length / 2]);
                ts.add(d.times()[d.times().length - 1]);
            }
            return ts;
        }

        @Override
        public String toString() {
            return "table " + table + " tags " + tagNames.length + " fields " + fields + " devices "
                    + devices.stream()
                            .map(d -> d.key() + "x" + d.times().length)
                            .collect(Collectors.toList())
                    + " pagePoints " + pagePoints + " time " + timeEncoding + "/" + timeCompression;
        }
    }

    @Override
    void run(long seed) throws Exception {
        kernels = Fuzzing.kernels(seed);
        SplittableRandom r = new SplittableRandom(seed);
        // tsfile's reader reads values equal to a GORILLA/CHIMP end marker as the end of the page
        // (GorillaCodecTest.valuesEqualToTheEndMarkerRoundTripByCountButTsFileTruncatesThem), so data
        // that tsfile reads holds none
        Dataset ds = dataset(r, mode == Mode.COLCODEC_WRITES);
        describe(mode + " " + ds);
        if (verbose) {
            for (Device d : ds.devices) {
                for (int i = 0; i < Math.min(20, d.times().length); i++) {
                    StringBuilder row = new StringBuilder("  " + d.key() + " " + d.times()[i]);
                    for (Object[] column : d.cells()) {
                        row.append(' ').append(FuzzData.show(column[i]));
                    }
                    log(row.toString());
                }
            }
        }
        Path file = dir.resolve("table-" + seed + ".tsfile");
        try {
            byte[] bytes = mode == Mode.TSFILE_WRITES
                    ? tsfileWritesColcodecReads(ds, file, r)
                    : colcodecWritesTsFileReads(ds, file, r);
            if (r.nextInt(3) == 0) {
                damaged(bytes, ds, r);
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static Dataset dataset(SplittableRandom r, boolean avoidMarkers) throws Exception {
        return dataset(r, avoidMarkers, false);
    }

    /** A dataset; {@code small}: devices of at most 1,200 rows (the two large size classes become 300 rows). */
    static Dataset dataset(SplittableRandom r, boolean avoidMarkers, boolean small) throws Exception {
        Dataset ds = new Dataset();
        ds.table = "t" + r.nextInt(3);
        ds.tagNames = new String[1 + r.nextInt(3)];
        for (int i = 0; i < ds.tagNames.length; i++) {
            ds.tagNames[i] = "tag" + i;
        }
        int nf = 1 + r.nextInt(8);
        for (int i = 0; i < nf; i++) {
            ds.fields.add(TsValues.randomField("f" + i + "_" + r.nextInt(100), r));
        }
        int nd = 1 + r.nextInt(r.nextBoolean() ? 2 : 6);
        Set<List<String>> seen = new HashSet<>();
        int sizeClass = r.nextInt(5);
        if (small && (sizeClass == 2 || sizeClass == 3)) {
            sizeClass = 1;
        }
        long cells = 0;
        for (int d = 0; d < nd; d++) {
            String[] tags = new String[ds.tagNames.length];
            for (int k = 0; k < tags.length; k++) {
                tags[k] = k > 0 && r.nextInt(5) == 0 ? null : "v" + r.nextInt(4) + (r.nextInt(8) == 0 ? "\u00e9" : "");
            }
            if (!seen.add(Device.key(tags))) {
                continue;
            }
            int n = TsValues.rows(sizeClass, r);
            Object[][] columns = new Object[nf][];
            for (int c = 0; c < nf; c++) {
                columns[c] = TsValues.column(ds.fields.get(c), n, r, avoidMarkers);
            }
            ds.devices.add(new Device(tags, TsValues.times(n, r), columns));
            cells += (long) n * (nf + 1);
        }
        ds.pagePoints = TsValues.pagePoints(r);
        ds.timeEncoding = r.nextBoolean()
                ? TsEncoding.TS_2DIFF
                : TsValues.TIME_ENCODINGS[r.nextInt(TsValues.TIME_ENCODINGS.length)];
        ds.timeCompression = TsOracle.tameLzma(
                TsValues.COMPRESSIONS[r.nextInt(TsValues.COMPRESSIONS.length)], cells, ds.pagePoints, r);
        for (int c = 0; c < nf; c++) {
            TsValues.Field f = ds.fields.get(c);
            ds.fields.set(c, f.withCompression(TsOracle.tameLzma(f.compression(), cells, ds.pagePoints, r)));
        }
        for (Device d : ds.devices) {
            Object[][] exp = new Object[nf][];
            for (int c = 0; c < nf; c++) {
                exp[c] = ds.fields.get(c).lossy()
                        ? TsOracle.lossyRoundTrip(ds.fields.get(c), d.cells()[c])
                        : d.cells()[c];
            }
            ds.expected.put(d, exp);
        }
        return ds;
    }

    // ------------------------------------------------------------------------------- the two modes

    private byte[] tsfileWritesColcodecReads(Dataset ds, Path file, SplittableRandom r) throws Exception {
        writeWithTsFile(ds, file, r);
        byte[] bytes = Files.readAllBytes(file);
        List<String> all = ds.allColumns();
        Rows full;
        try (TsFileReader reader = TsFileReader.of(bytes, kernels)) {
            full = readColcodec(reader, ds, all, Long.MIN_VALUE, Long.MAX_VALUE, null, r, "full");
        }
        check(ds, full, all, Long.MIN_VALUE, Long.MAX_VALUE, null, true, "colcodec reads tsfile's file, full");
        for (int q = 0; q < 4; q++) {
            List<String> cols = r.nextInt(3) == 0 ? all : FuzzData.someOf(all, r);
            long[] rg = TsValues.range(ds.someTimes(), r);
            Predicate<List<String>> devices = deviceFilter(ds, r);
            String what = "colcodec reads tsfile's file, cols=" + cols + " range=" + Arrays.toString(rg);
            try (TsFileReader reader =
                    r.nextBoolean() ? TsFileReader.open(file, kernels) : TsFileReader.of(bytes, kernels)) {
                Rows got = readColcodec(reader, ds, cols, rg[0], rg[1], devices, r, what);
                check(ds, got, cols, rg[0], rg[1], devices, true, what);
                checkSubset(full, all, got, cols, rg[0], rg[1], devices, what + " vs the full read");
            }
        }
        return bytes;
    }

    private byte[] colcodecWritesTsFileReads(Dataset ds, Path file, SplittableRandom r) throws Exception {
        byte[] bytes = writeWithColcodec(ds, file, r);
        Files.write(file, bytes);
        List<String> all = ds.allColumns();
        Rows own;
        try (TsFileReader reader = TsFileReader.of(bytes, kernels)) {
            own = readColcodec(reader, ds, all, Long.MIN_VALUE, Long.MAX_VALUE, null, r, "full");
        }
        check(ds, own, all, Long.MIN_VALUE, Long.MAX_VALUE, null, false, "colcodec reads its own file");
        Rows theirs;
        try {
            theirs = readWithTsFile(file, ds, all, Long.MIN_VALUE, Long.MAX_VALUE);
            check(ds, theirs, all, Long.MIN_VALUE, Long.MAX_VALUE, null, true, "tsfile reads colcodec's file");
        } catch (NullPointerException e) {
            // tsfile 2.4.0's null chunk group bug in its throwing form (Dataset.anyNullGroup)
            if (!TsOracle.isRangeBetweenRowsBug(e) || !ds.anyNullGroup) {
                throw e;
            }
            log("  tsfile's query fails after a chunk group with a null field: " + e);
            return bytes;
        }
        long[] rg = TsValues.range(ds.someTimes(), r);
        try {
            Rows ranged = readWithTsFile(file, ds, all, rg[0], rg[1]);
            check(
                    ds,
                    ranged,
                    all,
                    rg[0],
                    rg[1],
                    null,
                    true,
                    "tsfile reads colcodec's file, range " + Arrays.toString(rg));
            if (!ds.sprintzStopped.isEmpty() && !ds.anyNullGroup) {
                // the SPRINTZ columns the checks stopped at a minimum residual, compared with the full read
                checkSubset(
                        theirs,
                        all,
                        ranged,
                        all,
                        rg[0],
                        rg[1],
                        null,
                        "tsfile reads colcodec's file, range " + Arrays.toString(rg) + " vs its full read");
            }
        } catch (NullPointerException e) {
            // tsfile 2.4.0's table query throws this for a time range that falls between two rows of a
            // device, in its own files too (TsFileOracleTest.aRangeBetweenTwoRowsThrowsInTsFile, in this package)
            // (and the null chunk group bug's throwing form, Dataset.anyNullGroup)
            // (and a range whose rows of a device are only ones tsfile's SPRINTZ decoder loses, the bug's
            // throwing form in TsFileOracleTest.aRangeOfOnlyARowLostToSprintzThrowsInTsFile)
            if (!TsOracle.isRangeBetweenRowsBug(e)
                    || !ds.anyNullGroup
                            && ds.devices.stream().noneMatch(d -> between(d.times(), rg))
                            && ds.devices.stream().noneMatch(d -> onlyRowsLostToSprintz(ds, d, rg))) {
                throw e;
            }
            log("  tsfile's ranged query fails (a range between two rows or of rows its SPRINTZ decoder loses,"
                    + " or a null chunk group): " + e);
        }
        for (int q = 0; q < 2; q++) {
            List<String> cols = FuzzData.someOf(all, r);
            long[] rg2 = TsValues.range(ds.someTimes(), r);
            Predicate<List<String>> devices = deviceFilter(ds, r);
            String what = "colcodec reads its own file, cols=" + cols + " range=" + Arrays.toString(rg2);
            try (TsFileReader reader =
                    r.nextBoolean() ? TsFileReader.open(file, kernels) : TsFileReader.of(bytes, kernels)) {
                Rows part = readColcodec(reader, ds, cols, rg2[0], rg2[1], devices, r, what);
                checkSubset(own, all, part, cols, rg2[0], rg2[1], devices, what + " vs the full read");
            }
        }
        return bytes;
    }

    // ------------------------------------------------------------------------------- writing

    static void writeWithTsFile(Dataset ds, Path file, SplittableRandom r) throws Exception {
        List<IMeasurementSchema> schemas = new ArrayList<>();
        List<ColumnCategory> categories = new ArrayList<>();
        for (String tag : ds.tagNames) {
            schemas.add(new MeasurementSchema(tag, TSDataType.STRING, TSEncoding.PLAIN, CompressionType.UNCOMPRESSED));
            categories.add(ColumnCategory.TAG);
        }
        for (TsValues.Field f : ds.fields) {
            schemas.add(new MeasurementSchema(
                    f.name(),
                    TsOracle.theirs(f.type()),
                    TsOracle.theirs(f.encoding()),
                    TsOracle.theirs(f.compression())));
            categories.add(ColumnCategory.FIELD);
        }
        List<String> names = new ArrayList<>();
        List<TSDataType> types = new ArrayList<>();
        for (IMeasurementSchema s : schemas) {
            names.add(s.getMeasurementName());
            types.add(s.getType());
        }
        int pageBytes = r.nextInt(3) == 0 ? 256 + r.nextInt(8192) : 0;
        long memory = r.nextInt(3) == 0 ? 1024 + r.nextInt(100_000) : 32 << 20;
        int maxRows = 1 + r.nextInt(r.nextBoolean() ? 100 : 5000);
        try (TsOracle.Settings settings =
                        new TsOracle.Settings(ds.pagePoints, ds.timeEncoding, ds.timeCompression, pageBytes);
                ITsFileWriter w = new TsFileWriterBuilder()
                        .file(file.toFile())
                        .tableSchema(new TableSchema(ds.table, schemas, categories))
                        .memoryThreshold(memory)
                        .build()) {
            int tags = ds.tagNames.length;
            for (int[] slice : interleave(ds, maxRows, r)) {
                Device dev = ds.devices.get(slice[0]);
                int start = slice[1];
                int n = slice[2];
                ds.tsfileTablets.computeIfAbsent(dev, x -> new TreeMap<>()).put(start, n);
                Tablet tab = new Tablet(ds.table, names, types, categories, n);
                for (int row = 0; row < n; row++) {
                    tab.addTimestamp(row, dev.times()[start + row]);
                    for (int k = 0; k < tags; k++) {
                        if (dev.tags()[k] != null) {
                            tab.addValue(row, k, dev.tags()[k]);
                        }
                    }
                    for (int c = 0; c < ds.fields.size(); c++) {
                        Object v = dev.cells()[c][start + row];
                        if (v != null) {
                            TsOracle.addValue(
                                    tab, row, tags + c, ds.fields.get(c).type(), v);
                        }
                    }
                }
                tab.setRowSize(n);
                w.write(tab);
            }
        }
    }

    /** Slices {device, first row, rows} of at most {@code maxRows}, devices interleaved at random. */
    private static List<int[]> interleave(Dataset ds, int maxRows, SplittableRandom r) {
        List<int[]> out = new ArrayList<>();
        int[] pos = new int[ds.devices.size()];
        int left = ds.devices.size();
        while (left > 0) {
            int d = r.nextInt(ds.devices.size());
            int rows = ds.devices.get(d).times().length;
            if (pos[d] >= rows) {
                continue;
            }
            int n = Math.min(maxRows, rows - pos[d]);
            out.add(new int[] {d, pos[d], n});
            pos[d] += n;
            if (pos[d] >= rows) {
                left--;
            }
        }
        return out;
    }

    byte[] writeWithColcodec(Dataset ds, Path file, SplittableRandom r) throws Exception {
        List<TsTableSchema.Column> cols = new ArrayList<>();
        for (String tag : ds.tagNames) {
            cols.add(new TsTableSchema.Column(
                    tag, TsDataType.STRING, TsEncoding.PLAIN, Compression.UNCOMPRESSED, TsTableSchema.Category.TAG));
        }
        for (TsValues.Field f : ds.fields) {
            cols.add(new TsTableSchema.Column(
                    f.name(), f.type(), f.encoding(), f.compression(), TsTableSchema.Category.FIELD));
        }
        TsTableSchema schema = new TsTableSchema(ds.table, cols);
        TsFileWriter.Options o = new TsFileWriter.Options()
                .kernels(kernels)
                .maxPointsPerPage(ds.pagePoints)
                .timeEncoding(ds.timeEncoding)
                .timeCompression(ds.timeCompression);
        boolean pooled = r.nextBoolean();
        if (pooled) {
            o.pool(Fuzzing.POOL);
        }
        boolean toFile = r.nextBoolean();
        int maxRows = 1 + r.nextInt(r.nextBoolean() ? 100 : 20000);
        log("  colcodec writes tablets of up to " + maxRows + " rows" + (toFile ? " to a file" : "")
                + (pooled ? " with a pool" : "") + ", " + kernels.name() + " kernels");
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        List<Object[]> written = new ArrayList<>();
        try (TsFileWriter w =
                toFile ? TsFileWriter.create(file, List.of(schema), o) : new TsFileWriter(bos, List.of(schema), o)) {
            for (int[] slice : interleave(ds, maxRows, r)) {
                Device dev = ds.devices.get(slice[0]);
                int start = slice[1];
                int n = slice[2];
                // times(array, rowCount) takes the first rowCount times of a longer array
                long[] times = Arrays.copyOfRange(dev.times(), start, start + n + (r.nextInt(3) == 0 ? 2 : 0));
                TsTablet tab = new TsTablet(schema).device(dev.tags()).times(times, n);
                for (int c = 0; c < ds.fields.size(); c++) {
                    fill(tab, ds.fields.get(c), dev.cells()[c], start, n, r);
                    if (allNull(dev.cells()[c], start, n)) {
                        ds.anyNullGroup = true;
                        if (!allNull(dev.cells()[c], start + n, dev.times().length - start - n)) {
                            ds.nullGroups
                                    .computeIfAbsent(dev, x -> new HashSet<>())
                                    .add(c);
                        }
                    }
                }
                w.write(tab);
                written.add(new Object[] {dev, start, n});
            }
        }
        byte[] out = toFile ? Files.readAllBytes(file) : bos.toByteArray();
        // one chunk group per tablet, in write order: where its time chunk's pages end
        List<TsFileLayout.ChunkGroup> groups =
                TsFileLayout.scan(out, (int) TsFileReader.of(out).metadataOffset());
        for (int g = 0; g < groups.size(); g++) {
            Device dev = (Device) written.get(g)[0];
            int row = (Integer) written.get(g)[1];
            int n = (Integer) written.get(g)[2];
            for (TsFileLayout.Chunk c : groups.get(g).chunks()) {
                if (!c.header().isTimeChunk()) {
                    continue;
                }
                for (TsFileLayout.Page p : c.pages()) {
                    int rows = p.header().statistics() == null ? n : p.header().statistics().count;
                    row += rows;
                    if (rows % 9 == 0) {
                        ds.pageOfNinesEnds
                                .computeIfAbsent(dev, x -> new HashSet<>())
                                .add(row - 1);
                    }
                }
            }
        }
        return out;
    }

    /** Whether [rg[0], rg[1]] holds no time of {@code times} but lies between two of them. */
    private static boolean between(long[] times, long[] rg) {
        int at = Arrays.binarySearch(times, rg[0]);
        int next = at >= 0 ? at : -at - 1;
        return at < 0 && next > 0 && next < times.length && times[next] > rg[1];
    }

    private static boolean allNull(Object[] cells, int start, int n) {
        for (int i = start; i < start + n; i++) {
            if (cells[i] != null) {
                return false;
            }
        }
        return true;
    }

    /** Sets a column of a colcodec tablet; null rows hold junk, or (binaries) null without flags. */
    private static void fill(TsTablet tab, TsValues.Field f, Object[] cells, int start, int n, SplittableRandom r) {
        boolean[] nulls = new boolean[n];
        boolean any = false;
        for (int i = 0; i < n; i++) {
            nulls[i] = cells[start + i] == null;
            any |= nulls[i];
        }
        boolean[] flags = any || r.nextBoolean() ? nulls : null;
        switch (f.type().storageType()) {
            case BOOLEAN -> {
                boolean[] a = new boolean[n];
                for (int i = 0; i < n; i++) {
                    a[i] = nulls[i] ? r.nextBoolean() : (Boolean) cells[start + i];
                }
                tab.booleans(f.name(), a, flags);
            }
            case INT32 -> {
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = nulls[i] ? r.nextInt() : (Integer) cells[start + i];
                }
                tab.ints(f.name(), a, flags);
            }
            case INT64 -> {
                long[] a = new long[n];
                for (int i = 0; i < n; i++) {
                    a[i] = nulls[i] ? r.nextLong() : (Long) cells[start + i];
                }
                tab.longs(f.name(), a, flags);
            }
            case FLOAT -> {
                float[] a = new float[n];
                for (int i = 0; i < n; i++) {
                    a[i] = nulls[i] ? 7 : (Float) cells[start + i];
                }
                tab.floats(f.name(), a, flags);
            }
            case DOUBLE -> {
                double[] a = new double[n];
                for (int i = 0; i < n; i++) {
                    a[i] = nulls[i] ? 7 : (Double) cells[start + i];
                }
                tab.doubles(f.name(), a, flags);
            }
            default -> {
                byte[][] a = new byte[n][];
                boolean withFlags = r.nextBoolean();
                for (int i = 0; i < n; i++) {
                    a[i] = nulls[i] ? (withFlags ? new byte[] {1} : null) : (byte[]) cells[start + i];
                }
                tab.binaries(f.name(), a, withFlags ? nulls : null);
            }
        }
    }

    // ------------------------------------------------------------------------------- reading

    /** Rows by device key, then time: one cell per requested column. */
    static final class Rows {
        final Map<List<String>, TreeMap<Long, Object[]>> byDevice = new HashMap<>();
        int count;

        void put(List<String> device, long t, Object[] row, String who) {
            if (byDevice.computeIfAbsent(device, x -> new TreeMap<>()).put(t, row) != null) {
                throw new AssertionError(who + ": two rows at time " + t + " of device " + device);
            }
            count++;
        }
    }

    private static Predicate<List<String>> deviceFilter(Dataset ds, SplittableRandom r) {
        if (r.nextInt(4) != 0) {
            return null;
        }
        Set<List<String>> keep = new HashSet<>();
        for (Device d : ds.devices) {
            if (r.nextBoolean()) {
                keep.add(d.key());
            }
        }
        return keep::contains;
    }

    /** colcodec's query, block iterator or scan (blocks of random sizes), with or without a pool. */
    private static Rows readColcodec(
            TsFileReader reader,
            Dataset ds,
            List<String> cols,
            long lo,
            long hi,
            Predicate<List<String>> devices,
            SplittableRandom r,
            String what) {
        Rows rows = new Rows();
        ForkJoinPool pool = r.nextBoolean() ? Fuzzing.POOL : null;
        Predicate<String[]> filter =
                devices == null ? null : id -> devices.test(Device.key(Arrays.copyOfRange(id, 1, id.length)));
        int how = r.nextInt(3);
        String who =
                what + (how == 0 ? " query" : how == 1 ? " blocks" : " scan") + (pool != null ? " with a pool" : "");
        if (how == 0) {
            List<TsBlock> blocks = filter == null && r.nextBoolean()
                    ? reader.query(ds.table, cols, lo, hi, pool)
                    : reader.query(ds.table, cols, lo, hi, filter, pool);
            blocks.forEach(b -> add(rows, b, cols, lo, hi, who));
        } else if (how == 1) {
            Iterator<TsBlock> it = reader.blocks(ds.table, cols, lo, hi, filter, pool);
            it.forEachRemaining(b -> add(rows, b, cols, lo, hi, who));
        } else {
            int max = r.nextInt(3) == 0 ? 1 + r.nextInt(5) : 1 + r.nextInt(5000);
            try (TsScan scan = reader.scan(ds.table, cols, lo, hi, filter, pool, max)) {
                for (TsBlock b = scan.next(); b != null; b = scan.next()) {
                    if (b.size() == 0) {
                        throw new AssertionError(who + ": an empty block");
                    }
                    add(rows, b, cols, lo, hi, who);
                }
            }
        }
        return rows;
    }

    private static void add(Rows rows, TsBlock b, List<String> cols, long lo, long hi, String who) {
        String[] id = b.device();
        List<String> key = Device.key(Arrays.copyOfRange(id, 1, id.length));
        if (b.columnCount() != cols.size()) {
            throw new AssertionError(who + ": " + b.columnCount() + " columns, " + cols.size() + " asked");
        }
        for (int i = 0; i < b.size(); i++) {
            long t = b.times()[i];
            if (t < lo || t > hi) {
                throw new AssertionError(who + ": time " + t + " outside [" + lo + ", " + hi + "]");
            }
            if (i > 0 && t <= b.times()[i - 1]) {
                throw new AssertionError(who + ": time " + t + " after " + b.times()[i - 1]);
            }
            Object[] row = new Object[cols.size()];
            for (int c = 0; c < cols.size(); c++) {
                if (!b.column(c).name().equals(cols.get(c)) || b.column(c).size() != b.size()) {
                    throw new AssertionError(
                            who + ": column " + c + " is " + b.column(c).name() + " of "
                                    + b.column(c).size() + " rows, expected " + cols.get(c) + " of " + b.size());
                }
                row[c] = TsValues.cell(b.column(c), i);
            }
            rows.put(key, t, row, who);
        }
    }

    static Rows readWithTsFile(Path file, Dataset ds, List<String> cols, long lo, long hi) throws Exception {
        Rows rows = new Rows();
        List<String> tagNames = Arrays.asList(ds.tagNames);
        try (ITsFileReader reader =
                        new TsFileReaderBuilder().file(file.toFile()).build();
                ResultSet rs = reader.query(ds.table, cols, lo, hi)) {
            while (rs.next()) {
                Object[] row = new Object[cols.size()];
                String[] tags = new String[ds.tagNames.length];
                for (int c = 0; c < cols.size(); c++) {
                    int idx = c + 2; // after the time column
                    if (rs.isNull(idx)) {
                        continue;
                    }
                    int tag = tagNames.indexOf(cols.get(c));
                    if (tag >= 0) {
                        tags[tag] = rs.getString(idx);
                        row[c] = tags[tag].getBytes(StandardCharsets.UTF_8);
                        continue;
                    }
                    row[c] = switch (ds.field(cols.get(c)).type()) {
                        case BOOLEAN -> rs.getBoolean(idx);
                        case INT32 -> rs.getInt(idx);
                        case DATE -> TsOracle.yyyymmdd(rs.getDate(idx));
                        case INT64, TIMESTAMP -> rs.getLong(idx);
                        case FLOAT -> rs.getFloat(idx);
                        case DOUBLE -> rs.getDouble(idx);
                        default -> rs.getBinary(idx);
                    };
                }
                rows.put(Device.key(tags), rs.getLong(1), row, "tsfile's query");
            }
        }
        return rows;
    }

    // ------------------------------------------------------------------------------- checks

    /**
     * {@code got} holds exactly the data's rows in [lo, hi] of the devices {@code devices} accepts, with
     * the expected cells. With {@code tsfileSide} (tsfile wrote the pages or reads them), a SPRINTZ value
     * that differs from the expected one in its sign bit alone is the documented minimum residual: tsfile
     * writes 0 for it, and reads colcodec's code for it as it reads its own page
     * (SprintzCodecTest.aResidualOfTheTypesMinimumRoundTrips, codec-core); that column of that device is
     * not compared further, as the values after it are predicted from the changed one.
     */
    static void check(
            Dataset ds,
            Rows got,
            List<String> cols,
            long lo,
            long hi,
            Predicate<List<String>> devices,
            boolean tsfileSide,
            String who) {
        int expectedRows = 0;
        List<String> tagNames = Arrays.asList(ds.tagNames);
        for (Device dev : ds.devices) {
            if (devices != null && !devices.test(dev.key())) {
                continue;
            }
            TreeMap<Long, Object[]> rows = got.byDevice.getOrDefault(dev.key(), new TreeMap<>());
            Object[][] exp = ds.expected.get(dev);
            boolean[] stop = new boolean[cols.size()];
            for (int i = 0; i < dev.times().length; i++) {
                long t = dev.times()[i];
                if (t < lo || t > hi) {
                    continue;
                }
                expectedRows++;
                Object[] row = rows.get(t);
                Set<Integer> nullGroups = tsfileSide ? ds.nullGroups.getOrDefault(dev, Set.of()) : Set.of();
                if (row == null && !nullGroups.isEmpty() && onlyNullGroupValues(ds, exp, nullGroups, cols, i)) {
                    expectedRows--; // tsfile reads the row's values as null, and leaves it out
                    continue;
                }
                if (row == null
                        && tsfileSide
                        && ds.timeEncoding == TsEncoding.SPRINTZ
                        && lastOfAPageOfNines(ds, dev, i)) {
                    // tsfile's SPRINTZ decoder loses the last value of a page of whole 9-value blocks
                    // (SprintzCodecTest.tsfileLosesTheLastValueOfAPageOfNineButWeDoNot): here a time
                    expectedRows--;
                    continue;
                }
                if (row == null) {
                    throw new AssertionError(who + ": no row at time " + t + " of device " + dev.key() + " (row " + i
                            + " of " + dev.times().length + ")");
                }
                for (int c = 0; c < cols.size(); c++) {
                    int tag = tagNames.indexOf(cols.get(c));
                    TsValues.Field f = ds.field(cols.get(c));
                    Object e = tag >= 0
                            ? dev.tags()[tag] == null ? null : dev.tags()[tag].getBytes(StandardCharsets.UTF_8)
                            : exp[ds.fields.indexOf(f)][i];
                    if (stop[c] || FuzzData.same(e, row[c])) {
                        continue;
                    }
                    String stopKey = dev.key() + "/" + cols.get(c);
                    if (f != null && tsfileSide && ds.sprintzStopped.contains(stopKey)) {
                        // a full read stopped this column at a minimum residual: the values after it are
                        // predicted from the changed one (a ranged read is compared with the full read)
                        stop[c] = true;
                        continue;
                    }
                    if (row[c] == null && f != null && nullGroups.contains(ds.fields.indexOf(f))) {
                        continue; // tsfile's null chunk group bug (see Dataset.nullGroups)
                    }
                    if (f != null && tsfileSide && TsValues.sprintzSignFlip(f.encoding(), e, row[c])) {
                        stop[c] = true;
                        ds.sprintzStopped.add(stopKey);
                        continue;
                    }
                    throw new AssertionError(who + ": device " + dev.key() + " time " + t + " (row " + i + ") column "
                            + (f == null ? cols.get(c) + " (tag)" : f) + " is " + FuzzData.show(row[c]) + ", expected "
                            + FuzzData.show(e));
                }
            }
        }
        if (got.count != expectedRows) {
            throw new AssertionError(who + ": " + got.count + " rows, expected " + expectedRows);
        }
    }

    /**
     * Whether the rows of {@code dev} in {@code [rg[0], rg[1]]} are at least one, and all last rows of a
     * page of whole 9-value blocks, which tsfile's SPRINTZ time decoder loses.
     */
    private static boolean onlyRowsLostToSprintz(Dataset ds, Device dev, long[] rg) {
        if (ds.timeEncoding != TsEncoding.SPRINTZ) {
            return false;
        }
        long[] times = dev.times();
        int from = Arrays.binarySearch(times, rg[0]);
        from = from >= 0 ? from : -from - 1;
        int rows = 0;
        for (int i = from; i < times.length && times[i] <= rg[1]; i++) {
            if (!lastOfAPageOfNines(ds, dev, i)) {
                return false;
            }
            rows++;
        }
        return rows > 0;
    }

    /** Whether row {@code i} ends a page colcodec wrote whose row count is a multiple of 9. */
    private static boolean lastOfAPageOfNines(Dataset ds, Device dev, int i) {
        return ds.pageOfNinesEnds.getOrDefault(dev, Set.of()).contains(i);
    }

    /** Whether every requested field of row {@code i} is null or one tsfile reads as null. */
    private static boolean onlyNullGroupValues(
            Dataset ds, Object[][] exp, Set<Integer> nullGroups, List<String> cols, int i) {
        for (String col : cols) {
            TsValues.Field f = ds.field(col);
            int c = ds.fields.indexOf(f);
            if (f != null && exp[c][i] != null && !nullGroups.contains(c)) {
                return false;
            }
        }
        return true;
    }

    /** A ranged, projected, device-filtered read equals the full read filtered the same way. */
    private static void checkSubset(
            Rows full,
            List<String> allCols,
            Rows got,
            List<String> cols,
            long lo,
            long hi,
            Predicate<List<String>> devices,
            String who) {
        int expected = 0;
        for (Map.Entry<List<String>, TreeMap<Long, Object[]>> e : full.byDevice.entrySet()) {
            if (devices != null && !devices.test(e.getKey())) {
                continue;
            }
            TreeMap<Long, Object[]> g = got.byDevice.getOrDefault(e.getKey(), new TreeMap<>());
            for (Map.Entry<Long, Object[]> row :
                    e.getValue().subMap(lo, true, hi, true).entrySet()) {
                expected++;
                Object[] gr = g.get(row.getKey());
                if (gr == null) {
                    throw new AssertionError(who + ": no row at time " + row.getKey() + " of device " + e.getKey());
                }
                for (int c = 0; c < cols.size(); c++) {
                    Object want = row.getValue()[allCols.indexOf(cols.get(c))];
                    if (!FuzzData.same(want, gr[c])) {
                        throw new AssertionError(
                                who + ": device " + e.getKey() + " time " + row.getKey() + " column " + cols.get(c)
                                        + " is " + FuzzData.show(gr[c]) + ", the full read has " + FuzzData.show(want));
                    }
                }
            }
        }
        if (got.count != expected) {
            throw new AssertionError(who + ": " + got.count + " rows, the full read filtered has " + expected);
        }
    }

    // ------------------------------------------------------------------------------- damaged files

    /**
     * Damaged copies read in full or in part (memory or disk, query/blocks/scan): values or corrupt input.
     * A damaged name may also make a table or column unknown: IllegalArgumentException("no ..."), as in
     * TsFileFuzzTest.
     */
    private void damaged(byte[] good, Dataset ds, SplittableRandom r) {
        List<String> all = ds.allColumns();
        for (int k = 0; k < 20; k++) {
            FuzzData.Damage d = FuzzData.damage(good, r, 0, good.length);
            List<String> cols = r.nextBoolean() ? all : FuzzData.someOf(all, r);
            long[] rg = TsValues.range(ds.someTimes(), r);
            try (TsFileReader reader = TsFileReader.of(d.bytes(), kernels)) {
                ForkJoinPool pool = r.nextBoolean() ? Fuzzing.POOL : null;
                switch (r.nextInt(3)) {
                    case 0 -> reader.query(ds.table, cols, rg[0], rg[1], pool);
                    case 1 ->
                        reader.blocks(ds.table, cols, rg[0], rg[1], null, pool).forEachRemaining(b -> {});
                    default -> {
                        try (TsScan scan = reader.scan(ds.table, cols, rg[0], rg[1], null, pool, 1 + r.nextInt(3000))) {
                            while (scan.next() != null) {
                                // read every block
                            }
                        }
                    }
                }
            } catch (CorruptInputException expected) {
                // reported as damaged
            } catch (IllegalArgumentException e) {
                if (!String.valueOf(e.getMessage()).startsWith("no ")) {
                    throw new AssertionError("damaged file (" + d.how() + "): " + e, e);
                }
            } catch (Exception | Error e) {
                throw new AssertionError("damaged file (" + d.how() + "): " + e, e);
            }
        }
    }
}
