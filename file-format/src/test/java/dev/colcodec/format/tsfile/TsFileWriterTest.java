package dev.colcodec.format.tsfile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.tsfile.TsFileFixtures.Dataset;
import dev.colcodec.format.tsfile.TsFileFixtures.Device;
import dev.colcodec.format.tsfile.TsFileFixtures.Field;
import dev.colcodec.kernel.ScalarKernels;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.tsfile.read.query.dataset.ResultSet;
import org.apache.tsfile.read.v4.ITsFileReader;
import org.apache.tsfile.read.v4.TsFileReaderBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TsFileWriterTest {
    @TempDir
    Path dir;

    static TsTableSchema schemaOf(Dataset ds) {
        List<TsTableSchema.Column> cols = new ArrayList<>();
        for (String tag : ds.tagNames) {
            cols.add(new TsTableSchema.Column(
                    tag, TsDataType.STRING, TsEncoding.PLAIN, Compression.UNCOMPRESSED, TsTableSchema.Category.TAG));
        }
        for (Field f : ds.fields) {
            cols.add(new TsTableSchema.Column(
                    f.name,
                    f.type,
                    TsEncoding.fromSerialized(f.encoding.serialize()),
                    Compression.fromTsFileId(f.compression.serialize()),
                    TsTableSchema.Category.FIELD));
        }
        return new TsTableSchema(ds.table, cols);
    }

    /** Writes {@code ds} with colcodec, {@code rowsPerWrite} rows per chunk group. */
    static byte[] writeWithColcodec(Dataset ds, int pagePoints, int rowsPerWrite) throws Exception {
        return writeWithColcodec(ds, pagePoints, rowsPerWrite, null);
    }

    static byte[] writeWithColcodec(
            Dataset ds, int pagePoints, int rowsPerWrite, java.util.concurrent.ForkJoinPool pool) throws Exception {
        return writeWithColcodec(ds, pagePoints, rowsPerWrite, pool, k -> {});
    }

    /** As above, calling {@code afterWrite} with k after the k-th {@code write} (from 0). */
    static byte[] writeWithColcodec(
            Dataset ds,
            int pagePoints,
            int rowsPerWrite,
            java.util.concurrent.ForkJoinPool pool,
            java.util.function.IntConsumer afterWrite)
            throws Exception {
        TsTableSchema schema = schemaOf(ds);
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        TsFileWriter.Options opts =
                new TsFileWriter.Options().maxPointsPerPage(pagePoints).pool(pool);
        try (TsFileWriter w = new TsFileWriter(bos, List.of(schema), opts)) {
            TsTablet tab = new TsTablet(schema);
            int writes = 0;
            for (Device dev : ds.devices) {
                for (int start = 0; start < dev.times.length; start += rowsPerWrite) {
                    int n = Math.min(rowsPerWrite, dev.times.length - start);
                    tab.device(dev.tags).times(Arrays.copyOfRange(dev.times, start, start + n), n);
                    for (int c = 0; c < ds.fields.size(); c++) {
                        setColumn(tab, ds.fields.get(c), dev.values[c], start, n);
                    }
                    w.write(tab);
                    afterWrite.accept(writes++);
                }
            }
        }
        return bos.toByteArray();
    }

    private static void setColumn(TsTablet tab, Field f, Object[] vals, int start, int n) {
        boolean[] nulls = new boolean[n];
        for (int i = 0; i < n; i++) {
            nulls[i] = vals[start + i] == null;
        }
        switch (f.type.storageType()) {
            case BOOLEAN: {
                boolean[] a = new boolean[n];
                for (int i = 0; i < n; i++) {
                    a[i] = !nulls[i] && (Boolean) vals[start + i];
                }
                tab.booleans(f.name, a, nulls);
                break;
            }
            case INT32: {
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = nulls[i] ? 0 : (Integer) vals[start + i];
                }
                tab.ints(f.name, a, nulls);
                break;
            }
            case INT64: {
                long[] a = new long[n];
                for (int i = 0; i < n; i++) {
                    a[i] = nulls[i] ? 0 : (Long) vals[start + i];
                }
                tab.longs(f.name, a, nulls);
                break;
            }
            case FLOAT: {
                float[] a = new float[n];
                for (int i = 0; i < n; i++) {
                    a[i] = nulls[i] ? 0 : (Float) vals[start + i];
                }
                tab.floats(f.name, a, nulls);
                break;
            }
            case DOUBLE: {
                double[] a = new double[n];
                for (int i = 0; i < n; i++) {
                    a[i] = nulls[i] ? 0 : (Double) vals[start + i];
                }
                tab.doubles(f.name, a, nulls);
                break;
            }
            default: {
                byte[][] a = new byte[n][];
                for (int i = 0; i < n; i++) {
                    a[i] = (byte[]) vals[start + i];
                }
                tab.binaries(f.name, a, null);
                break;
            }
        }
    }

    /** Reads the whole table with tsfile 2.4.0 and compares every cell. */
    static void checkWithTsFile(Dataset ds, File f) throws Exception {
        List<String> cols = TsFileReaderTest.allColumns(ds);
        Map<String, Device> byTag = new HashMap<>();
        int expectedRows = 0;
        for (Device d : ds.devices) {
            byTag.put(d.tags[1], d);
            expectedRows += d.times.length;
        }
        int rows = 0;
        try (ITsFileReader r = new TsFileReaderBuilder().file(f).build();
                ResultSet rs = r.query(ds.table, cols, Long.MIN_VALUE, Long.MAX_VALUE)) {
            while (rs.next()) {
                rows++;
                long t = rs.getLong(1);
                String tag = rs.getString(3);
                Device d = byTag.get(tag);
                assertEquals(d.tags[0], rs.getString(2));
                assertEquals(d.tags[2] == null, rs.isNull(4), tag + " extra");
                if (d.tags[2] != null) {
                    assertEquals(d.tags[2], rs.getString(4));
                }
                int i = Arrays.binarySearch(d.times, t);
                if (i < 0) {
                    throw new AssertionError("unexpected time " + t + " for " + tag);
                }
                for (int c = 0; c < ds.fields.size(); c++) {
                    int col = 2 + ds.tagNames.length + c;
                    Object expected = d.values[c][i];
                    String where = tag + " " + ds.fields.get(c).name + " t=" + t;
                    if (expected == null) {
                        assertEquals(true, rs.isNull(col), where);
                        continue;
                    }
                    assertEquals(false, rs.isNull(col), where);
                    Object got;
                    switch (ds.fields.get(c).type) {
                        case BOOLEAN:
                            got = rs.getBoolean(col);
                            break;
                        case INT32:
                            got = rs.getInt(col);
                            break;
                        case DATE: {
                            LocalDate ld = rs.getDate(col);
                            got = ld.getYear() * 10000 + ld.getMonthValue() * 100 + ld.getDayOfMonth();
                            break;
                        }
                        case INT64:
                        case TIMESTAMP:
                            got = rs.getLong(col);
                            break;
                        case FLOAT:
                            got = rs.getFloat(col);
                            break;
                        case DOUBLE:
                            got = rs.getDouble(col);
                            break;
                        default:
                            got = rs.getBinary(col);
                            break;
                    }
                    if (expected instanceof byte[]) {
                        assertEquals(TsFileFixtures.show(expected), TsFileFixtures.show(got), where);
                    } else {
                        assertEquals(expected, got, where);
                    }
                }
            }
        }
        assertEquals(expectedRows, rows);
    }

    @Test
    void tsfileReadsWhatWeWrite() throws Exception {
        Dataset ds = TsFileFixtures.dataset(31, TsFileFixtures.allTypes(), new int[] {1300, 1, 250, 64}, 0.2, 4);
        bothReadersRead(ds, writeWithColcodec(ds, 100, 100_000), "ours.tsfile");
    }

    /** tsfile 2.4.0 (from a file named {@code name}) and our own reader read {@code bytes} as {@code ds}. */
    private void bothReadersRead(Dataset ds, byte[] bytes, String name) throws Exception {
        File f = dir.resolve(name).toFile();
        Files.write(f.toPath(), bytes);
        checkWithTsFile(ds, f);
        List<String> cols = TsFileReaderTest.allColumns(ds);
        TsFileReaderTest.check(
                ds,
                TsFileReader.of(bytes).query("t", cols, Long.MIN_VALUE, Long.MAX_VALUE),
                cols,
                Long.MIN_VALUE,
                Long.MAX_VALUE);
    }

    @Test
    void incompressiblePagesWrittenAsLiteralRunsAreReadByTsFile() throws Exception {
        // random INT64 and DOUBLE pages of 8 KB: LZ4 and SNAPPY cannot shrink them, so after the first page
        // of a column most are literal runs of the codec (AdaptivePageCompressor)
        List<Field> fields = List.of(
                new Field(
                        "l",
                        TsDataType.INT64,
                        org.apache.tsfile.file.metadata.enums.TSEncoding.TS_2DIFF,
                        org.apache.tsfile.file.metadata.enums.CompressionType.LZ4),
                new Field(
                        "lp",
                        TsDataType.INT64,
                        org.apache.tsfile.file.metadata.enums.TSEncoding.PLAIN,
                        org.apache.tsfile.file.metadata.enums.CompressionType.SNAPPY),
                new Field(
                        "d",
                        TsDataType.DOUBLE,
                        org.apache.tsfile.file.metadata.enums.TSEncoding.PLAIN,
                        org.apache.tsfile.file.metadata.enums.CompressionType.LZ4));
        Dataset ds = TsFileFixtures.dataset(35, fields, new int[] {30_000, 2_500}, 0.05, -1);
        byte[] bytes = writeWithColcodec(ds, 1000, 12_000);
        bothReadersRead(ds, bytes, "literal.tsfile");
        // and on several threads the bytes are the same
        java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(3);
        try {
            assertArrayEquals(bytes, writeWithColcodec(ds, 1000, 12_000, pool));
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Pages stored as they are are built in place, but for LZ4 values too short for LZ4's end rules (a
     * last page of one INT32) and values with runs of one byte value (a column that turns constant):
     * those go the usual way, so both readers read every value and the runs stay matches.
     */
    @Test
    void inPlacePagesFallBackForShortValuesAndRuns() throws Exception {
        List<Field> fields = List.of(
                new Field(
                        "i",
                        TsDataType.INT32,
                        org.apache.tsfile.file.metadata.enums.TSEncoding.PLAIN,
                        org.apache.tsfile.file.metadata.enums.CompressionType.LZ4),
                new Field(
                        "z",
                        TsDataType.INT64,
                        org.apache.tsfile.file.metadata.enums.TSEncoding.PLAIN,
                        org.apache.tsfile.file.metadata.enums.CompressionType.LZ4),
                new Field(
                        "u",
                        TsDataType.INT64,
                        org.apache.tsfile.file.metadata.enums.TSEncoding.TS_2DIFF,
                        org.apache.tsfile.file.metadata.enums.CompressionType.UNCOMPRESSED));
        int rows = 12_001; // 12 pages of 1,000 rows and one of 1
        Dataset ds = TsFileFixtures.dataset(36, fields, new int[] {rows}, 0.0, -1);
        java.util.Random r = new java.util.Random(37);
        Object[][] v = ds.devices.get(0).values;
        for (int i = 0; i < rows; i++) {
            v[0][i] = r.nextInt() | 0x4000_0000; // five-byte varints LZ4 cannot shrink
            v[1][i] = i < 3000 ? r.nextLong() : 0L; // random, then a run of zeros
        }
        byte[] bytes = writeWithColcodec(ds, 1000, rows);
        bothReadersRead(ds, bytes, "inplace.tsfile");
        // i: 5 bytes a value as literals; z: 3,000 random longs, then runs LZ4 makes matches of (written as
        // literals they would add 72,000 bytes); u: about 8 bytes a value, stored as they are
        assertTrue(bytes.length < rows * 5 + 3000 * 8 + rows * 9 + 20_000, bytes.length + " bytes");
    }

    @Test
    void severalChunkGroupsPerDeviceAndSinglePages() throws Exception {
        Dataset ds = TsFileFixtures.dataset(32, TsFileFixtures.allTypes(), new int[] {700, 90, 5}, 0.3, 2);
        byte[] bytes = writeWithColcodec(ds, 64, 200);
        File f = dir.resolve("ours2.tsfile").toFile();
        Files.write(f.toPath(), bytes);
        checkWithTsFile(ds, f);
        List<String> cols = TsFileReaderTest.allColumns(ds);
        long[] t0 = ds.devices.get(0).times;
        TsFileReaderTest.check(ds, TsFileReader.of(bytes).query("t", cols, t0[100], t0[555]), cols, t0[100], t0[555]);
        // tsfile prunes by our statistics: a time-range query must see exactly the rows in range
        long lo = t0[100];
        long hi = t0[555];
        int expected = 0;
        for (Device d : ds.devices) {
            for (long t : d.times) {
                if (t >= lo && t <= hi) {
                    expected++;
                }
            }
        }
        int got = 0;
        try (ITsFileReader r = new TsFileReaderBuilder().file(f).build();
                ResultSet rs = r.query(ds.table, List.of("l", "s"), lo, hi)) {
            while (rs.next()) {
                long t = rs.getLong(1);
                if (t < lo || t > hi) {
                    throw new AssertionError("row outside the range: " + t);
                }
                got++;
            }
        }
        assertEquals(expected, got);
        byte[] single = writeWithColcodec(ds, 10_000, 10_000);
        Files.write(f.toPath(), single);
        checkWithTsFile(ds, f);
    }

    /**
     * A schema tsfile 2.4.0 could not read is refused before anything is written: a compression tsfile has
     * no id for, or the encoding FREQ (which tsfile lists but does not read), on a column of any category
     * (a TAG, ATTRIBUTE or TIME column's were written unchecked, and neither tsfile nor colcodec read the
     * file), and a FIELD column of type VECTOR (which no tsfile query reads as values).
     */
    @Test
    void schemasTsFileCannotReadAreRefused() throws Exception {
        TsTableSchema.Column field = TsFileReaderTest.plainColumn("v", TsDataType.INT64, TsTableSchema.Category.FIELD);
        List<Object[]> cases = new ArrayList<>();
        for (TsTableSchema.Category category : TsTableSchema.Category.values()) {
            TsDataType type = category == TsTableSchema.Category.FIELD ? TsDataType.INT64 : TsDataType.STRING;
            for (Compression c : List.of(Compression.LZ4_HADOOP, Compression.BROTLI)) {
                cases.add(new Object[] {
                    new TsTableSchema.Column("k", type, TsEncoding.PLAIN, c, category),
                    "column k: " + c + " is not a TsFile compression"
                });
            }
            cases.add(new Object[] {
                new TsTableSchema.Column("k", type, TsEncoding.FREQ, Compression.UNCOMPRESSED, category),
                "column k: tsfile 2.4.0 reads no table schema with the encoding FREQ"
            });
        }
        cases.add(new Object[] {
            new TsTableSchema.Column(
                    "k", TsDataType.VECTOR, TsEncoding.PLAIN, Compression.UNCOMPRESSED, TsTableSchema.Category.FIELD),
            "FIELD column k cannot be VECTOR"
        });
        for (Object[] c : cases) {
            TsTableSchema.Column column = (TsTableSchema.Column) c[0];
            List<TsTableSchema.Column> columns =
                    column.category() == TsTableSchema.Category.FIELD ? List.of(column) : List.of(column, field);
            TsTableSchema schema = new TsTableSchema("t", columns);
            ByteArrayOutputStream bos = new ByteArrayOutputStream();
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> new TsFileWriter(bos, List.of(schema)));
            assertEquals(c[1], e.getMessage(), column.category() + " " + column.compression() + " " + column.type());
            assertEquals(0, bos.size());
        }
    }

    /** A null argument is named by the NullPointerException it gives, before anything is written. */
    @Test
    void nullArgumentsAreNamed() {
        TsTableSchema schema =
                devAnd(TsFileReaderTest.plainColumn("x", TsDataType.INT32, TsTableSchema.Category.FIELD));
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        Map<String, org.junit.jupiter.api.function.Executable> calls = new LinkedHashMap<>();
        calls.put("options", () -> new TsFileWriter(bos, List.of(schema), null));
        calls.put("tables", () -> new TsFileWriter(bos, null, new TsFileWriter.Options()));
        calls.put("a table schema", () -> new TsFileWriter(bos, java.util.Collections.singletonList(null)));
        calls.put("time compression", () -> new TsFileWriter.Options().timeCompression(null));
        calls.put("time encoding", () -> new TsFileWriter.Options().timeEncoding(null));
        calls.put("properties", () -> new TsFileWriter.Options().properties(null));
        calls.put(
                "the properties of column c",
                () -> new TsTableSchema.Column(
                        "c",
                        TsDataType.INT32,
                        TsEncoding.PLAIN,
                        Compression.UNCOMPRESSED,
                        TsTableSchema.Category.FIELD,
                        null));
        calls.put("tag values", () -> new TsTablet(schema).device((String[]) null));
        calls.put("times", () -> new TsTablet(schema).times(null, 0));
        calls.put(
                "the values of column x",
                () -> new TsTablet(schema).times(new long[1], 1).ints("x", null, null));
        for (Map.Entry<String, org.junit.jupiter.api.function.Executable> call : calls.entrySet()) {
            NullPointerException e = assertThrows(NullPointerException.class, call.getValue(), call.getKey());
            assertEquals(call.getKey(), e.getMessage());
        }
        assertEquals(0, bos.size());
    }

    /**
     * Names with upper-case letters are refused before anything is written: tsfile 2.4.0 lower-cases a
     * table schema's names when it reads it and then looks for the table and its columns by those, so it
     * read no rows of such a table (or no values of such a column) from a file colcodec wrote. Lower-case
     * names are read by tsfile.
     */
    @Test
    void upperCaseTableAndColumnNamesAreRefusedAsTsFileWouldNotFindThem() throws Exception {
        for (String[] names :
                new String[][] {{"MyTable", "region", "temp"}, {"t", "Region", "temp"}, {"t", "region", "Temp"}}) {
            TsTableSchema schema = new TsTableSchema(
                    names[0],
                    List.of(
                            TsFileReaderTest.plainColumn(names[1], TsDataType.STRING, TsTableSchema.Category.TAG),
                            TsFileReaderTest.plainColumn(names[2], TsDataType.INT64, TsTableSchema.Category.FIELD)));
            ByteArrayOutputStream bos = new ByteArrayOutputStream();
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> new TsFileWriter(bos, List.of(schema)));
            String upper = Arrays.stream(names)
                    .filter(n -> !n.equals(n.toLowerCase(java.util.Locale.ROOT)))
                    .findFirst()
                    .orElseThrow();
            assertEquals(
                    "the " + (upper.equals(names[0]) ? "table" : "column") + " name '" + upper
                            + "' has upper-case letters, which tsfile reads as '"
                            + upper.toLowerCase(java.util.Locale.ROOT)
                            + "' and then does not find: name it '" + upper.toLowerCase(java.util.Locale.ROOT) + "'",
                    e.getMessage());
            assertEquals(0, bos.size());
        }
        TsTableSchema lower = new TsTableSchema(
                "mytable",
                List.of(
                        TsFileReaderTest.plainColumn("region", TsDataType.STRING, TsTableSchema.Category.TAG),
                        TsFileReaderTest.plainColumn("temp", TsDataType.INT64, TsTableSchema.Category.FIELD)));
        Path f = dir.resolve("lower.tsfile");
        try (TsFileWriter w = TsFileWriter.create(f, List.of(lower), new TsFileWriter.Options())) {
            w.write(new TsTablet(lower)
                    .device("a")
                    .times(new long[] {100, 110}, 2)
                    .longs("temp", new long[] {1, 2}, null));
        }
        List<String> rows = new ArrayList<>();
        try (ITsFileReader r = new TsFileReaderBuilder().file(f.toFile()).build();
                ResultSet rs = r.query("mytable", List.of("region", "temp"), Long.MIN_VALUE, Long.MAX_VALUE)) {
            while (rs.next()) {
                rows.add(rs.getLong(1) + "," + rs.getString(2) + "," + rs.getLong(3));
            }
        }
        assertEquals(List.of("100,a,1", "110,a,2"), rows);
    }

    /**
     * A tablet refused while it is encoded (a page over the limit) leaves no trace in the bytes of the
     * tablets after it, with or without a pool (with one, every column is encoded before the refusal is
     * seen; without, the columns after the refused one are not): the file is byte for byte that of a
     * writer never offered it, whichever column comes first.
     */
    @Test
    void aRefusedTabletLeavesTheLaterTabletsBytesAsTheyWere() throws Exception {
        for (boolean stringFirst : new boolean[] {true, false}) {
            TsTableSchema.Column s = new TsTableSchema.Column(
                    "s", TsDataType.STRING, TsEncoding.PLAIN, Compression.LZ4_RAW, TsTableSchema.Category.FIELD);
            TsTableSchema.Column x = new TsTableSchema.Column(
                    "x", TsDataType.INT64, TsEncoding.PLAIN, Compression.LZ4_RAW, TsTableSchema.Category.FIELD);
            TsTableSchema schema = stringFirst ? devAnd(s, x) : devAnd(x, s);
            java.util.Random rnd = new java.util.Random(37);
            List<TsTablet> good = new ArrayList<>();
            for (int k = 0; k < 3; k++) {
                good.add(tablet(schema, 10_000L * k, 1500, 4, false, rnd, -1));
            }
            // random values LZ4 cannot shrink: the compressor then writes the next pages as literal runs unasked;
            // row 700's string alone makes a page over the limit
            TsTablet refused = tablet(schema, 1_000_000L, 1000, 100, true, rnd, 700);
            byte[] never = write(schema, null, null, good);
            java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(2);
            try {
                assertArrayEquals(never, write(schema, null, refused, good), "no pool, string first " + stringFirst);
                assertArrayEquals(never, write(schema, pool, refused, good), "a pool, string first " + stringFirst);
                assertArrayEquals(never, write(schema, pool, null, good));
            } finally {
                pool.shutdown();
            }
        }
    }

    /** A close that fails writing the metadata fails again when called again: the file is not good. */
    @Test
    void aSecondCloseAfterAFailedOneFailsToo() throws Exception {
        TsTableSchema schema =
                devAnd(TsFileReaderTest.plainColumn("x", TsDataType.INT64, TsTableSchema.Category.FIELD));
        dev.colcodec.format.io.FailingStream out = new dev.colcodec.format.io.FailingStream();
        TsFileWriter w = new TsFileWriter(out, List.of(schema), new TsFileWriter.Options());
        w.write(new TsTablet(schema).device("d").times(new long[] {1, 2}, 2).longs("x", new long[] {5, 6}, null));
        out.fail = true;
        IOException first = assertThrows(IOException.class, w::close);
        assertEquals("no space left on device", first.getMessage());
        IOException second = assertThrows(IOException.class, w::close);
        assertEquals("the file was not finished: an earlier close failed", second.getMessage());
        assertEquals(first, second.getCause());
    }

    /** Table t: a STRING tag dev, then {@code fields}. */
    private static TsTableSchema devAnd(TsTableSchema.Column... fields) {
        List<TsTableSchema.Column> cols = new ArrayList<>();
        cols.add(TsFileReaderTest.plainColumn("dev", TsDataType.STRING, TsTableSchema.Category.TAG));
        cols.addAll(List.of(fields));
        return new TsTableSchema("t", cols);
    }

    private static TsTablet tablet(
            TsTableSchema schema, long t0, int n, int stringBytes, boolean randomX, java.util.Random rnd, int bigRow) {
        long[] times = new long[n];
        long[] xs = new long[n];
        byte[][] ss = new byte[n][];
        for (int i = 0; i < n; i++) {
            times[i] = t0 + i;
            xs[i] = randomX ? rnd.nextLong() : i % 7;
            ss[i] = new byte[i == bigRow ? 30_000 : stringBytes];
            rnd.nextBytes(ss[i]);
        }
        return new TsTablet(schema)
                .device("d")
                .times(times, n)
                .longs("x", xs, null)
                .binaries("s", ss, null);
    }

    /** The file of {@code good}, with {@code refused} (if any) offered first and refused, pages of at most 20,000 bytes. */
    private static byte[] write(
            TsTableSchema schema, java.util.concurrent.ForkJoinPool pool, TsTablet refused, List<TsTablet> good)
            throws Exception {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (TsFileWriter w = new TsFileWriter(bos, List.of(schema), new TsFileWriter.Options().pool(pool))) {
            w.maxPageBytes = 20_000;
            if (refused != null) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.write(refused));
                assertTrue(e.getMessage().contains("over the 20000 a reader takes"), e.getMessage());
            }
            for (TsTablet t : good) {
                w.write(t);
            }
        }
        return bos.toByteArray();
    }

    /**
     * A whole file, metadata included, is tsfile's byte for byte (with the default file properties, which
     * are tsfile's three unencrypted settings): tables given
     * out of name order, one without rows, devices of a table written in turns, and devices of {@code
     * fields} FIELD columns (3, and 300, so that a device's measurement index has an entry for every 256th
     * series as tsfile's has).
     */
    @ParameterizedTest
    @ValueSource(ints = {3, 300})
    void aWholeFileIsTsFilesWithItsFileProperties(int fields) throws Exception {
        Path ours = dir.resolve("whole-ours-" + fields + ".tsfile");
        Path theirs = dir.resolve("whole-theirs-" + fields + ".tsfile");
        String[] tables = {"zeta", "alpha", "empty"};
        int[] fieldCounts = {fields, 2, 1};
        List<TsTableSchema> schemas = new ArrayList<>();
        List<org.apache.tsfile.file.metadata.TableSchema> theirSchemas = new ArrayList<>();
        for (int k = 0; k < tables.length; k++) {
            List<TsTableSchema.Column> cols = new ArrayList<>();
            List<org.apache.tsfile.write.schema.IMeasurementSchema> ms = new ArrayList<>();
            List<org.apache.tsfile.enums.ColumnCategory> cats = new ArrayList<>();
            for (int c = -1; c < fieldCounts[k]; c++) {
                boolean tag = c < 0;
                String name = tag ? "dev" : "f" + c;
                cols.add(TsFileReaderTest.plainColumn(
                        name,
                        tag ? TsDataType.STRING : TsDataType.INT64,
                        tag ? TsTableSchema.Category.TAG : TsTableSchema.Category.FIELD));
                ms.add(new org.apache.tsfile.write.schema.MeasurementSchema(
                        name,
                        tag ? org.apache.tsfile.enums.TSDataType.STRING : org.apache.tsfile.enums.TSDataType.INT64,
                        org.apache.tsfile.file.metadata.enums.TSEncoding.PLAIN,
                        org.apache.tsfile.file.metadata.enums.CompressionType.UNCOMPRESSED));
                cats.add(
                        tag
                                ? org.apache.tsfile.enums.ColumnCategory.TAG
                                : org.apache.tsfile.enums.ColumnCategory.FIELD);
            }
            schemas.add(new TsTableSchema(tables[k], cols));
            theirSchemas.add(new org.apache.tsfile.file.metadata.TableSchema(tables[k], ms, cats));
        }
        try (TsFileWriter w = TsFileWriter.create(ours, schemas, new TsFileWriter.Options());
                org.apache.tsfile.write.TsFileWriter tw = new org.apache.tsfile.write.TsFileWriter(theirs.toFile())) {
            for (org.apache.tsfile.file.metadata.TableSchema ts : theirSchemas) {
                tw.registerTableSchema(ts);
            }
            int round = 0;
            for (String device : new String[] {"d2", "d1", "d3", "d2"}) {
                for (int k = 0; k < 2; k++) {
                    int rows = 5;
                    TsTableSchema schema = schemas.get(k);
                    List<String> names = new ArrayList<>();
                    List<org.apache.tsfile.enums.TSDataType> types = new ArrayList<>();
                    List<org.apache.tsfile.enums.ColumnCategory> cats = new ArrayList<>();
                    for (TsTableSchema.Column c : schema.columns()) {
                        names.add(c.name());
                        types.add(org.apache.tsfile.enums.TSDataType.deserialize(
                                (byte) c.type().serialized()));
                        cats.add(
                                c.category() == TsTableSchema.Category.TAG
                                        ? org.apache.tsfile.enums.ColumnCategory.TAG
                                        : org.apache.tsfile.enums.ColumnCategory.FIELD);
                    }
                    long[] times = new long[rows];
                    TsTablet tablet = new TsTablet(schema).device(device);
                    org.apache.tsfile.write.record.Tablet t =
                            new org.apache.tsfile.write.record.Tablet(tables[k], names, types, cats, rows);
                    for (int i = 0; i < rows; i++) {
                        times[i] = 100L * round + i;
                        t.addTimestamp(i, times[i]);
                        t.addValue(i, "dev", device);
                    }
                    tablet.times(times, rows);
                    for (int c = 0; c < fieldCounts[k]; c++) {
                        long[] v = new long[rows];
                        for (int i = 0; i < rows; i++) {
                            v[i] = 1000L * c + i + device.charAt(1) + round;
                            t.addValue(i, "f" + c, v[i]);
                        }
                        tablet.longs("f" + c, v, null);
                    }
                    w.write(tablet);
                    tw.writeTable(t);
                    tw.flush(); // one chunk group per tablet, as colcodec writes
                }
                round++;
            }
        }
        assertArrayEquals(Files.readAllBytes(theirs), Files.readAllBytes(ours));
        try (TsFileReader r = TsFileReader.open(ours)) {
            assertEquals(List.of("alpha", "zeta", "empty"), r.tables());
            assertEquals(List.of(), r.devices("empty"));
            assertEquals(3, r.devices("zeta").size());
        }
    }

    /**
     * A FIELD column null in every row of a device's earlier chunk group: colcodec writes it as tsfile
     * 2.4.0 writes it (a value chunk without pages), so the chunk groups of both files are the same
     * bytes. colcodec reads the column's later values from either file; tsfile 2.4.0 reads them as null
     * from either (its reader's bug, not the files': the statistics and chunk metadata say otherwise). If
     * this test fails on the tsfile side, a newer tsfile reads such files: drop that half.
     */
    @Test
    void aColumnNullInAWholeEarlierChunkGroupIsWrittenAsTsFileWritesIt() throws Exception {
        TsTableSchema schema = devAnd(
                TsFileReaderTest.plainColumn("x", TsDataType.INT32, TsTableSchema.Category.FIELD),
                TsFileReaderTest.plainColumn("y", TsDataType.INT32, TsTableSchema.Category.FIELD));
        Path ours = dir.resolve("null-group-ours.tsfile");
        try (TsFileWriter w = TsFileWriter.create(ours, List.of(schema), new TsFileWriter.Options())) {
            w.write(new TsTablet(schema)
                    .device("d1")
                    .times(new long[] {1, 2, 3}, 3)
                    .ints("x", new int[3], new boolean[] {true, true, true})
                    .ints("y", new int[] {7, 8, 9}, null));
            w.write(new TsTablet(schema)
                    .device("d1")
                    .times(new long[] {4, 5, 6}, 3)
                    .ints("x", new int[] {40, 50, 60}, null)
                    .ints("y", new int[] {10, 11, 12}, null));
        }
        Path theirs = dir.resolve("null-group-theirs.tsfile");
        List<org.apache.tsfile.write.schema.IMeasurementSchema> ms = new ArrayList<>();
        List<org.apache.tsfile.enums.ColumnCategory> cats = new ArrayList<>();
        for (String[] c : new String[][] {{"dev", "STRING", "TAG"}, {"x", "INT32", "FIELD"}, {"y", "INT32", "FIELD"}}) {
            ms.add(new org.apache.tsfile.write.schema.MeasurementSchema(
                    c[0],
                    org.apache.tsfile.enums.TSDataType.valueOf(c[1]),
                    org.apache.tsfile.file.metadata.enums.TSEncoding.PLAIN,
                    org.apache.tsfile.file.metadata.enums.CompressionType.UNCOMPRESSED));
            cats.add(org.apache.tsfile.enums.ColumnCategory.valueOf(c[2]));
        }
        List<org.apache.tsfile.enums.TSDataType> types = new ArrayList<>();
        for (org.apache.tsfile.write.schema.IMeasurementSchema m : ms) {
            types.add(m.getType());
        }
        try (org.apache.tsfile.write.TsFileWriter w = new org.apache.tsfile.write.TsFileWriter(theirs.toFile())) {
            w.registerTableSchema(new org.apache.tsfile.file.metadata.TableSchema("t", ms, cats));
            for (int g = 0; g < 2; g++) {
                org.apache.tsfile.write.record.Tablet t =
                        new org.apache.tsfile.write.record.Tablet("t", List.of("dev", "x", "y"), types, cats, 3);
                for (int i = 0; i < 3; i++) {
                    int row = g * 3 + i + 1;
                    t.addTimestamp(i, row);
                    t.addValue(i, "dev", "d1");
                    if (g == 1) {
                        t.addValue(i, "x", 10 * row);
                    }
                    t.addValue(i, "y", 6 + row);
                }
                w.writeTable(t);
                w.flush(); // one chunk group per tablet, as colcodec writes
            }
        }
        byte[] a = Files.readAllBytes(ours);
        byte[] b = Files.readAllBytes(theirs);
        int dataEnd;
        try (TsFileReader ra = TsFileReader.of(a);
                TsFileReader rb = TsFileReader.of(b)) {
            dataEnd = (int) ra.metadataOffset();
            assertEquals(dataEnd, rb.metadataOffset());
        }
        assertArrayEquals(Arrays.copyOf(a, dataEnd), Arrays.copyOf(b, dataEnd));
        for (Path f : List.of(ours, theirs)) {
            List<String> colcodec = new ArrayList<>();
            try (TsFileReader r = TsFileReader.open(f)) {
                for (TsBlock blk : r.query("t", List.of("x", "y"), Long.MIN_VALUE, Long.MAX_VALUE)) {
                    for (int i = 0; i < blk.size(); i++) {
                        TsColumn x = blk.column(0);
                        colcodec.add(x.isNull(i) ? "null" : String.valueOf(x.ints()[i]));
                    }
                }
            }
            assertEquals(List.of("null", "null", "null", "40", "50", "60"), colcodec, f.toString());
            List<String> tsfile = new ArrayList<>();
            try (ITsFileReader r = new TsFileReaderBuilder().file(f.toFile()).build();
                    ResultSet rs = r.query("t", List.of("x", "y"), Long.MIN_VALUE, Long.MAX_VALUE)) {
                while (rs.next()) {
                    tsfile.add(rs.isNull(2) ? "null" : String.valueOf(rs.getInt(2)));
                }
            }
            assertEquals(List.of("null", "null", "null", "null", "null", "null"), tsfile, f.toString());
        }
    }

    @Test
    void parallelEncodeWritesTheSameBytes() throws Exception {
        Dataset ds = TsFileFixtures.dataset(35, TsFileFixtures.allTypes(), new int[] {600, 40}, 0.2, 3);
        byte[] sequential = writeWithColcodec(ds, 100, 250);
        for (int threads = 1; threads <= 3; threads++) {
            java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(threads);
            try {
                org.junit.jupiter.api.Assertions.assertArrayEquals(sequential, writeWithColcodec(ds, 100, 250, pool));
            } finally {
                pool.shutdownNow();
            }
        }
    }

    /** {@link TsFileFixtures#allTypes()} without TEXT, STRING and BLOB. */
    private static List<Field> fixedWidthTypes() {
        List<Field> out = new ArrayList<>();
        for (Field f : TsFileFixtures.allTypes()) {
            if (f.type.storageType() != TsDataType.TEXT) {
                out.add(f);
            }
        }
        return out;
    }

    /**
     * Without a pool, chunk groups of fixed-width columns go to the stream a chunk at a time as they are
     * encoded, through one encoder; with a pool, they are encoded in parallel and written whole. Both
     * write the same bytes (nulls, an all-null column, several devices, multi-page and one-page chunks),
     * and tsfile reads them.
     */
    @Test
    void chunkGroupsWrittenAsTheyAreEncodedAreTheBytesOfWholeOnes() throws Exception {
        Dataset ds = TsFileFixtures.dataset(37, fixedWidthTypes(), new int[] {700, 45}, 0.2, 2);
        assertEquals(10, ds.fields.size());
        byte[] streamed = writeWithColcodec(ds, 100, 250);
        java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(2);
        try {
            assertArrayEquals(streamed, writeWithColcodec(ds, 100, 250, pool));
        } finally {
            pool.shutdownNow();
        }
        File f = dir.resolve("streamed.tsfile").toFile();
        Files.write(f.toPath(), streamed);
        checkWithTsFile(ds, f);
    }

    /**
     * Without a pool, a write to the stream that fails part way through a chunk group written as it is
     * encoded is rethrown, and so is every later call: nothing more reaches the stream.
     */
    @Test
    void aFailedWriteOfAChunkGroupWrittenAsItIsEncodedStopsTheWriter() throws Exception {
        Dataset ds = TsFileFixtures.dataset(38, fixedWidthTypes(), new int[] {900}, 0.1, -1);
        TsTableSchema schema = schemaOf(ds);
        Device dev = ds.devices.get(0);
        int[] calls = new int[1];
        // fails at the seventh write to the stream, the second value chunk's header: after the magic, the
        // group's header, the time chunk (header, pages) and the first value chunk (header, pages)
        java.io.OutputStream out = new java.io.OutputStream() {
            @Override
            public void write(int b) throws java.io.IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws java.io.IOException {
                if (++calls[0] == 7) {
                    throw new java.io.IOException("disk full");
                }
            }
        };
        TsFileWriter w = new TsFileWriter(out, List.of(schema), new TsFileWriter.Options());
        TsTablet tab = new TsTablet(schema);
        tab.device(dev.tags).times(Arrays.copyOfRange(dev.times, 0, 300), 300);
        for (int c = 0; c < ds.fields.size(); c++) {
            setColumn(tab, ds.fields.get(c), dev.values[c], 0, 300);
        }
        java.io.IOException e = assertThrows(java.io.IOException.class, () -> w.write(tab));
        assertEquals("disk full", e.getMessage());
        assertEquals(7, calls[0]);
        e = assertThrows(java.io.IOException.class, () -> w.write(tab));
        assertEquals("disk full", e.getCause().getMessage());
        assertThrows(java.io.IOException.class, w::close);
        assertEquals(7, calls[0]);
    }

    /** Table {@code t}: TAG {@code dev} with {@code tagProperties}, then {@code fields}. */
    private static TsTableSchema devTable(Map<String, String> tagProperties, TsTableSchema.Column... fields) {
        List<TsTableSchema.Column> cols = new ArrayList<>();
        cols.add(new TsTableSchema.Column(
                "dev",
                TsDataType.STRING,
                TsEncoding.PLAIN,
                Compression.UNCOMPRESSED,
                TsTableSchema.Category.TAG,
                tagProperties));
        cols.addAll(Arrays.asList(fields));
        return new TsTableSchema("t", cols);
    }

    /** A FIELD column compressed with LZ4. */
    private static TsTableSchema.Column field(String name, TsDataType type, TsEncoding e, Map<String, String> props) {
        return new TsTableSchema.Column(name, type, e, Compression.LZ4_RAW, TsTableSchema.Category.FIELD, props);
    }

    /**
     * Tablets the writer refuses (times that do not ascend, for a device not seen before or one already
     * written; a TEXT page no reader takes) leave no trace: the file is the one written without them.
     * Rows per page beyond what the readers take are refused up front.
     */
    /**
     * A caller may refill its string arrays once {@code write} has returned: the series statistics written
     * at {@code close} hold the strings of the rows written, not what the arrays hold by then.
     */
    @Test
    void stringArraysRefilledAfterWriteDoNotChangeTheStatistics() throws Exception {
        TsTableSchema schema = devTable(Map.of(), field("s", TsDataType.STRING, TsEncoding.PLAIN, Map.of()));
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (TsFileWriter w = new TsFileWriter(bos, List.of(schema), new TsFileWriter.Options())) {
            TsTablet tab = new TsTablet(schema);
            byte[][] s = {"m".getBytes(StandardCharsets.UTF_8), "b".getBytes(StandardCharsets.UTF_8)};
            w.write(tab.device("a").times(new long[] {1, 2}, 2).binaries("s", s, null));
            s[0][0] = 'z'; // the caller refills its arrays for the next tablet
            s[1][0] = 'a';
            s[0] = "x".getBytes(StandardCharsets.UTF_8);
            w.write(tab.device("a").times(new long[] {3, 4}, 2).binaries("s", s, null));
        }
        // one chunk per write; the series statistics merge the two at close
        try (TsFileReader r = TsFileReader.of(bos.toByteArray())) {
            TsStatistics st = r.deviceStatistics("t").get(0).get("s");
            assertEquals(4, st.count);
            assertEquals("m", new String(st.firstBinary, StandardCharsets.UTF_8));
            assertEquals("a", new String(st.minBinary, StandardCharsets.UTF_8)); // the second write's "a"
            assertEquals("x", new String(st.maxBinary, StandardCharsets.UTF_8));
            assertEquals("a", new String(st.lastBinary, StandardCharsets.UTF_8));
        }
    }

    /**
     * NaN payloads a caller wrote come back from every FLOAT and DOUBLE encoding that keeps them (every one
     * but the lossy ones, GORILLA_V1 and SPRINTZ; since session 40 also PLAIN, which tsfile's encoder
     * canonicalizes), in several pages.
     */
    @Test
    void nanPayloadsComeBackFromEveryEncodingThatKeepsThem() throws Exception {
        List<TsEncoding> encodings = new ArrayList<>();
        List<TsTableSchema.Column> fields = new ArrayList<>();
        for (TsEncoding e : TsEncoding.values()) {
            if (dev.colcodec.tsfile.TsFileValues.supports(e, TsDataType.DOUBLE)
                    && dev.colcodec.tsfile.TsFileValues.keepsNanPayloads(e, TsDataType.DOUBLE)) {
                encodings.add(e);
                String name = e.name().toLowerCase(java.util.Locale.ROOT);
                fields.add(field("d_" + name, TsDataType.DOUBLE, e, Map.of()));
                fields.add(field("f_" + name, TsDataType.FLOAT, e, Map.of()));
            }
        }
        int n = 250;
        long[] times = new long[n];
        double[] d = new double[n];
        float[] f = new float[n];
        for (int i = 0; i < n; i++) {
            times[i] = 1000 + i;
            boolean nan = i % 7 == 3 || i % 11 == 0;
            d[i] = nan ? Double.longBitsToDouble(0x7ff0_0000_0000_0001L + i) : i * 0.5;
            f[i] = nan ? Float.intBitsToFloat(0xffc0_0001 + i) : i * 0.5f;
        }
        TsTableSchema schema = devTable(Map.of(), fields.toArray(TsTableSchema.Column[]::new));
        TsFileWriter.Options options = new TsFileWriter.Options();
        options.maxPointsPerPage(100);
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (TsFileWriter w = new TsFileWriter(bos, List.of(schema), options)) {
            TsTablet tab = new TsTablet(schema).device("a").times(times, n);
            for (TsTableSchema.Column c : fields) {
                if (c.type() == TsDataType.DOUBLE) {
                    tab.doubles(c.name(), d, null);
                } else {
                    tab.floats(c.name(), f, null);
                }
            }
            w.write(tab);
        }
        List<String> names = fields.stream().map(TsTableSchema.Column::name).toList();
        org.assertj.core.api.Assertions.assertThat(encodings)
                .contains(TsEncoding.PLAIN, TsEncoding.GORILLA, TsEncoding.CHIMP, TsEncoding.RLBE)
                .doesNotContain(TsEncoding.GORILLA_V1, TsEncoding.SPRINTZ);
        try (TsFileReader r = TsFileReader.of(bos.toByteArray())) {
            int row = 0;
            for (TsBlock blk : r.query("t", names, Long.MIN_VALUE, Long.MAX_VALUE)) {
                for (int c = 0; c < names.size(); c++) {
                    TsColumn col = blk.column(c);
                    for (int i = 0; i < blk.size(); i++) {
                        if (fields.get(c).type() == TsDataType.DOUBLE) {
                            assertEquals(
                                    Double.doubleToRawLongBits(d[row + i]),
                                    Double.doubleToRawLongBits(col.doubles()[i]),
                                    names.get(c) + " row " + (row + i));
                        } else {
                            assertEquals(
                                    Float.floatToRawIntBits(f[row + i]),
                                    Float.floatToRawIntBits(col.floats()[i]),
                                    names.get(c) + " row " + (row + i));
                        }
                    }
                }
                row += blk.size();
            }
            assertEquals(n, row);
        }
    }

    /**
     * TS_2DIFF and RLE keep the decimal digits of a FLOAT or DOUBLE column's {@code max_point_number}
     * property, as tsfile does (2 without one); a property that is not a non-negative integer is refused
     * where the schema is given (tsfile logs it and keeps another number of digits).
     */
    @Test
    void lossyFloatEncodingsKeepTheDigitsOfMaxPointNumber() throws Exception {
        double[] v = {3.14159, 2.71828, -1.41421, 0.5};
        float[] f = {3.14159f, 2.71828f, -1.41421f, 0.5f};
        long[] times = {1, 2, 3, 4};
        for (String digits : new String[] {"5", "0", null}) {
            Map<String, String> props = digits == null ? Map.of() : Map.of("max_point_number", digits);
            TsTableSchema schema = devTable(
                    Map.of(),
                    field("d", TsDataType.DOUBLE, TsEncoding.TS_2DIFF, props),
                    field("f", TsDataType.FLOAT, TsEncoding.RLE, props));
            ByteArrayOutputStream bos = new ByteArrayOutputStream();
            try (TsFileWriter w = new TsFileWriter(bos, List.of(schema), new TsFileWriter.Options())) {
                w.write(new TsTablet(schema)
                        .device("a")
                        .times(times, 4)
                        .doubles("d", v, null)
                        .floats("f", f, null));
            }
            int p = digits == null ? 2 : Integer.parseInt(digits);
            double scale = Math.pow(10, p);
            try (TsFileReader r = TsFileReader.of(bos.toByteArray())) {
                TsBlock b = r.query("t", List.of("d", "f"), Long.MIN_VALUE, Long.MAX_VALUE)
                        .iterator()
                        .next();
                for (int i = 0; i < 4; i++) {
                    assertEquals(Math.round(v[i] * scale) / scale, b.column(0).doubles()[i], digits + " digits");
                    assertEquals(
                            (float) (Math.round(f[i] * scale) / scale),
                            b.column(1).floats()[i],
                            digits + " digits");
                }
            }
        }
        for (String bad : new String[] {"-1", "two", ""}) {
            TsTableSchema schema = devTable(
                    Map.of(), field("d", TsDataType.DOUBLE, TsEncoding.TS_2DIFF, Map.of("max_point_number", bad)));
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> new TsFileWriter(new ByteArrayOutputStream(), List.of(schema), new TsFileWriter.Options()));
            org.assertj.core.api.Assertions.assertThat(e.getMessage())
                    .contains("max_point_number must be a non-negative integer");
        }
    }

    /** A FIELD column not set since {@code times} is null in every row of the tablet. */
    @Test
    void aColumnNotSetAfterTimesIsNullInEveryRow() throws Exception {
        TsTableSchema schema = devTable(
                Map.of(),
                field("x", TsDataType.INT64, TsEncoding.PLAIN, Map.of()),
                field("y", TsDataType.INT64, TsEncoding.PLAIN, Map.of()));
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (TsFileWriter w = new TsFileWriter(bos, List.of(schema), new TsFileWriter.Options())) {
            TsTablet tab = new TsTablet(schema);
            tab.device("a")
                    .times(new long[] {1, 2}, 2)
                    .longs("x", new long[] {5, 6}, null)
                    .longs("y", new long[] {7, 8}, null);
            w.write(tab);
            tab.device("a").times(new long[] {3, 4}, 2).longs("x", new long[] {9, 10}, null); // y not set again
            w.write(tab);
        }
        try (TsFileReader r = TsFileReader.of(bos.toByteArray())) {
            org.assertj.core.api.Assertions.assertThat(
                            r.deviceStatistics("t").get(0).get("x").count)
                    .isEqualTo(4);
            org.assertj.core.api.Assertions.assertThat(
                            r.deviceStatistics("t").get(0).get("y").count)
                    .isEqualTo(2);
        }
    }

    /**
     * A DATE value must be a yyyyMMdd date of the years 1000 to 9999, as tsfile writes them: others are
     * refused with the column and row, and the tablet leaves no trace; null rows are not checked.
     */
    @Test
    void datesThatAreNotYyyyMmDdDatesAreRefused() throws Exception {
        TsTableSchema schema = devTable(Map.of(), field("d", TsDataType.DATE, TsEncoding.PLAIN, Map.of()));
        int[][] refused = {{20231340}, {20230229}, {9991231}, {100000101}, {-20240101}, {20240100}, {20241301}};
        for (int[] bad : refused) {
            ByteArrayOutputStream bos = new ByteArrayOutputStream();
            try (TsFileWriter w = new TsFileWriter(bos, List.of(schema), new TsFileWriter.Options())) {
                TsTablet tab = new TsTablet(schema);
                tab.device("a").times(new long[] {1, 2}, 2).ints("d", new int[] {20240101, bad[0]}, null);
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.write(tab));
                org.assertj.core.api.Assertions.assertThat(e)
                        .hasMessage("column d row 1: " + bad[0]
                                + " is not a yyyyMMdd date of the years 1000 to 9999 (TsFile's DATE)");
                // a null row is not a date to check; valid dates, leap days and the range's ends are taken
                tab.device("a")
                        .times(new long[] {1, 2, 3, 4, 5}, 5)
                        .ints("d", new int[] {10000101, 20240229, bad[0], 99991231, 20231231}, new boolean[] {
                            false, false, true, false, false
                        });
                w.write(tab);
            }
            try (TsFileReader r = TsFileReader.of(bos.toByteArray())) {
                org.assertj.core.api.Assertions.assertThat(r.devices("t")).hasSize(1);
                assertEquals(4, r.deviceStatistics("t").get(0).get("d").count);
            }
        }
    }

    /**
     * TEXT values cut a tablet's pages at {@code pageSizeInBytes} (tsfile's {@code page_size_in_byte}, 64 KiB
     * by default), every chunk of the group alike, a page closed before the row that would take it over,
     * while numbers alone are cut by rows only. 3,000 rows of 1,000-byte strings (1,002 bytes with their
     * length prefixes) make pages of 65 rows (66 would hold 66,132 bytes); with every other string null,
     * pages of 130 rows (131 would hold 66 strings); values larger than the page size, pages of one row;
     * all strings null, one page of 3,000 rows; 10,000 strings of 8 bytes with one of 70,000 bytes at row
     * 5,000, three pages: the rows before it, it alone, the rows after it (a uniform row count would have
     * cut every page to one row). tsfile 2.4.0 and colcodec's reader read every value.
     */
    @Test
    void textValuesCutPagesAtThePageSize() throws Exception {
        List<Field> fields = List.of(
                new Field(
                        "x",
                        TsDataType.INT64,
                        org.apache.tsfile.file.metadata.enums.TSEncoding.TS_2DIFF,
                        org.apache.tsfile.file.metadata.enums.CompressionType.LZ4),
                new Field(
                        "s",
                        TsDataType.TEXT,
                        org.apache.tsfile.file.metadata.enums.TSEncoding.PLAIN,
                        org.apache.tsfile.file.metadata.enums.CompressionType.LZ4));
        int[] pageCounts = {47, 24, 5, 1, 3};
        for (int variant = 0; variant < pageCounts.length; variant++) {
            int n = variant == 2 ? 5 : variant == 4 ? 10_000 : 3000;
            long[] times = new long[n];
            Object[][] values = new Object[2][n];
            for (int i = 0; i < n; i++) {
                times[i] = 1000L + i;
                values[0][i] = i * 7L;
                byte[] v = new byte[variant == 2 ? 65_536 + i : variant == 4 ? (i == 5000 ? 70_000 : 8) : 1000];
                Arrays.fill(v, (byte) ('a' + i % 26));
                values[1][i] = variant == 3 || variant == 1 && i % 2 == 1 ? null : v;
            }
            Dataset ds = new Dataset(
                    "t",
                    new String[] {"region", "dev", "extra"},
                    fields,
                    List.of(new TsFileFixtures.Device(new String[] {"r", "d", "e"}, times, values)));
            byte[] bytes = writeWithColcodec(ds, 10_000, n);
            List<TsFileLayout.ChunkGroup> groups = TsFileLayout.scan(
                    bytes, Math.toIntExact(TsFileReader.of(bytes).metadataOffset()));
            org.assertj.core.api.Assertions.assertThat(groups).hasSize(1);
            // the time chunk, x, and s unless it is null in every row (a chunk without pages)
            List<TsFileLayout.Chunk> chunks = groups.get(0).chunks();
            for (TsFileLayout.Chunk c : chunks.subList(0, variant == 3 ? 2 : 3)) {
                org.assertj.core.api.Assertions.assertThat(c.pages())
                        .as("variant %d", variant)
                        .hasSize(pageCounts[variant]);
            }
            bothReadersRead(ds, bytes, "text-pages-" + variant + ".tsfile");
        }
        assertThrows(IllegalArgumentException.class, () -> new TsFileWriter.Options().pageSizeInBytes(0));
    }

    /**
     * A page size above what a reader takes is capped at the reader's limit (less the row count and bitmap):
     * with the limit lowered to 1 MiB and pageSizeInBytes at 2 MiB, 20 values of 100,000 bytes make two
     * pages of 10 rows instead of a refused tablet.
     */
    @Test
    void thePageSizeIsCappedAtWhatAReaderTakes() throws Exception {
        TsTableSchema schema = devTable(Map.of(), field("s", TsDataType.TEXT, TsEncoding.PLAIN, Map.of()));
        byte[][] values = new byte[20][];
        long[] times = new long[20];
        for (int i = 0; i < 20; i++) {
            values[i] = new byte[100_000];
            times[i] = i;
        }
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (TsFileWriter w =
                new TsFileWriter(bos, List.of(schema), new TsFileWriter.Options().pageSizeInBytes(2 << 20))) {
            w.maxPageBytes = 1 << 20;
            w.write(new TsTablet(schema).device("a").times(times, 20).binaries("s", values, null));
        }
        byte[] bytes = bos.toByteArray();
        List<TsFileLayout.ChunkGroup> groups =
                TsFileLayout.scan(bytes, Math.toIntExact(TsFileReader.of(bytes).metadataOffset()));
        for (TsFileLayout.Chunk c : groups.get(0).chunks()) {
            org.assertj.core.api.Assertions.assertThat(c.pages()).hasSize(2);
        }
    }

    @Test
    void refusedTabletsLeaveNoTrace() throws Exception {
        TsTableSchema schema = devTable(
                Map.of(),
                field("x", TsDataType.INT64, TsEncoding.PLAIN, Map.of()),
                field("s", TsDataType.TEXT, TsEncoding.PLAIN, Map.of()));
        // with the page limit lowered to 1 MiB, a value of 2 MiB makes a page of one row over it
        byte[] big = new byte[2 << 20];
        byte[][] bigs = {big, big, big, big, big, big};
        byte[] withRefusals = null;
        byte[] without = null;
        for (boolean refuse : new boolean[] {true, false}) {
            ByteArrayOutputStream bos = new ByteArrayOutputStream();
            try (TsFileWriter w = new TsFileWriter(bos, List.of(schema), new TsFileWriter.Options())) {
                w.maxPageBytes = 1 << 20;
                TsTablet tab = new TsTablet(schema);
                long[] x = {1, 2, 3};
                byte[][] s = {{1}, null, {2, 3}};
                if (refuse) {
                    tab.device("new")
                            .times(new long[] {5, 4, 6}, 3)
                            .longs("x", x, null)
                            .binaries("s", s, null);
                    assertThrows(IllegalArgumentException.class, () -> w.write(tab));
                }
                tab.device("a")
                        .times(new long[] {10, 20, 30}, 3)
                        .longs("x", x, null)
                        .binaries("s", s, null);
                w.write(tab);
                if (refuse) {
                    tab.device("a")
                            .times(new long[] {40, 30, 50}, 3)
                            .longs("x", x, null)
                            .binaries("s", s, null);
                    assertThrows(IllegalArgumentException.class, () -> w.write(tab));
                    tab.device("b")
                            .times(new long[] {1, 2, 3, 4, 5, 6}, 6)
                            .longs("x", new long[6], null)
                            .binaries("s", bigs, null);
                    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.write(tab));
                    org.assertj.core.api.Assertions.assertThat(e)
                            .hasMessageContaining("column s: the value of row 0 alone makes a page of");
                }
                // the refused times of device a did not move its last time
                tab.device("a")
                        .times(new long[] {31, 32, 33}, 3)
                        .longs("x", x, null)
                        .binaries("s", s, null);
                w.write(tab);
            }
            if (refuse) {
                withRefusals = bos.toByteArray();
            } else {
                without = bos.toByteArray();
            }
        }
        assertArrayEquals(without, withRefusals);
        try (TsFileReader r = TsFileReader.of(withRefusals)) {
            org.assertj.core.api.Assertions.assertThat(r.devices("t"))
                    .extracting(id -> String.join("/", id))
                    .containsExactly("t/a");
        }
        TsFileWriter.Options o = new TsFileWriter.Options().maxPointsPerPage(TsChunkReader.MAX_PAGE_ROWS);
        assertThrows(IllegalArgumentException.class, () -> o.maxPointsPerPage(TsChunkReader.MAX_PAGE_ROWS + 1));
        assertThrows(IllegalArgumentException.class, () -> o.maxPointsPerPage(0));
    }

    /** Column properties are written and read back in order, nulls included, and tsfile reads the file. */
    @Test
    void columnPropertiesRoundTrip(@TempDir Path dir) throws Exception {
        Map<String, String> tagProps = new java.util.LinkedHashMap<>();
        tagProps.put("unit", "none");
        tagProps.put("empty", null);
        Map<String, String> fieldProps = new java.util.LinkedHashMap<>();
        fieldProps.put("z-first", "1");
        fieldProps.put("a-second", "\u00b0C");
        TsTableSchema schema = devTable(tagProps, field("x", TsDataType.INT64, TsEncoding.TS_2DIFF, fieldProps));
        File f = dir.resolve("props.tsfile").toFile();
        try (TsFileWriter w = TsFileWriter.create(f.toPath(), List.of(schema), new TsFileWriter.Options())) {
            w.write(new TsTablet(schema)
                    .device("d1")
                    .times(new long[] {1, 2, 3}, 3)
                    .longs("x", new long[] {7, 8, 9}, null));
        }
        try (TsFileReader r = TsFileReader.open(f.toPath())) {
            TsTableSchema read = r.schema("t");
            assertEquals(
                    List.copyOf(tagProps.entrySet()),
                    List.copyOf(read.column("dev").properties().entrySet()));
            assertEquals(
                    List.copyOf(fieldProps.entrySet()),
                    List.copyOf(read.column("x").properties().entrySet()));
        }
        long sum = 0;
        try (ITsFileReader r = new TsFileReaderBuilder().file(f).build();
                ResultSet rs = r.query("t", List.of("x"), Long.MIN_VALUE, Long.MAX_VALUE)) {
            while (rs.next()) {
                sum += rs.getLong(2);
            }
        }
        assertEquals(24, sum);
    }

    /**
     * File properties are written in order (nulls included) and read back; tsfile 2.4.0 reads them too, and
     * the properties tsfile writes itself (its unencrypted settings) are read from its files.
     */
    @Test
    void filePropertiesRoundTrip(@TempDir Path dir) throws Exception {
        Map<String, String> props = new java.util.LinkedHashMap<>();
        props.put("z-first", "1");
        props.put("encryptLevel", "0");
        props.put("no value", null);
        props.put(null, "no key");
        props.put("a-last", "\u00b0C");
        TsTableSchema schema = devTable(Map.of(), field("x", TsDataType.INT64, TsEncoding.TS_2DIFF, Map.of()));
        File f = dir.resolve("file-props.tsfile").toFile();
        try (TsFileWriter w =
                TsFileWriter.create(f.toPath(), List.of(schema), new TsFileWriter.Options().properties(props))) {
            props.put("added after", "not written");
            w.write(new TsTablet(schema).device("d1").times(new long[] {5}, 1).longs("x", new long[] {6}, null));
        }
        props.remove("added after");
        try (TsFileReader r = TsFileReader.open(f.toPath())) {
            assertEquals(
                    List.copyOf(props.entrySet()), List.copyOf(r.properties().entrySet()));
        }
        try (org.apache.tsfile.read.TsFileSequenceReader sr =
                new org.apache.tsfile.read.TsFileSequenceReader(f.getPath())) {
            Map<String, String> theirs = sr.readFileMetadata().getTsFileProperties();
            assertEquals("1", theirs.get("z-first"));
            assertEquals("no key", theirs.get(null));
            assertEquals("\u00b0C", theirs.get("a-last"));
            assertEquals(0, sr.readFileMetadata().getEncryptLevel());
        }
        // by default: tsfile's own three, in its order
        byte[] defaults =
                writeWithColcodec(TsFileFixtures.dataset(3, TsFileFixtures.allTypes(), new int[] {5}, 0, 1), 10, 5);
        try (TsFileReader r = TsFileReader.of(defaults)) {
            assertEquals(
                    List.copyOf(TsFileWriter.TSFILE_PROPERTIES.entrySet()),
                    List.copyOf(r.properties().entrySet()));
        }
        // none given: the count alone
        Path none = dir.resolve("no-properties.tsfile");
        try (TsFileWriter w =
                TsFileWriter.create(none, List.of(schema), new TsFileWriter.Options().properties(Map.of()))) {
            w.write(new TsTablet(schema).device("d").times(new long[] {1}, 1).longs("x", new long[] {2}, null));
        }
        try (TsFileReader r = TsFileReader.open(none)) {
            assertEquals(Map.of(), r.properties());
        }
        // tsfile's own file: its three encryption settings
        Dataset ds = TsFileFixtures.dataset(4, TsFileFixtures.allTypes(), new int[] {20}, 0.1, 1);
        File theirs = dir.resolve("theirs.tsfile").toFile();
        TsFileFixtures.writeWithTsFile(ds, theirs, 10, "TS_2DIFF");
        try (TsFileReader r = TsFileReader.open(theirs.toPath())) {
            assertEquals(
                    Map.of(
                            "encryptLevel",
                            "0",
                            "encryptKey",
                            "",
                            "encryptType",
                            "org.apache.tsfile.encrypt.UNENCRYPTED"),
                    r.properties());
        }
    }

    /** Scalar kernels that count the calls a writer makes for statistics and LZ4 runs. */
    private static final class CountingKernels extends ScalarKernels {
        final java.util.concurrent.atomic.AtomicInteger longMinMax = new java.util.concurrent.atomic.AtomicInteger();
        final java.util.concurrent.atomic.AtomicInteger intMinMax = new java.util.concurrent.atomic.AtomicInteger();
        final java.util.concurrent.atomic.AtomicInteger sums = new java.util.concurrent.atomic.AtomicInteger();
        final java.util.concurrent.atomic.AtomicInteger runs = new java.util.concurrent.atomic.AtomicInteger();
        final java.util.concurrent.atomic.AtomicInteger prefixSums = new java.util.concurrent.atomic.AtomicInteger();
        final java.util.concurrent.atomic.AtomicInteger bigEndianLongs =
                new java.util.concurrent.atomic.AtomicInteger();

        @Override
        public long unpackPrefixSum(
                byte[] src,
                int srcOff,
                int srcEnd,
                int bitWidth,
                boolean msbFirst,
                long[] dst,
                int dstOff,
                int count,
                long previous,
                long minDelta) {
            prefixSums.incrementAndGet();
            return super.unpackPrefixSum(
                    src, srcOff, srcEnd, bitWidth, msbFirst, dst, dstOff, count, previous, minDelta);
        }

        @Override
        public void readLongsBE(byte[] src, int srcOff, long[] dst, int dstOff, int count) {
            bigEndianLongs.incrementAndGet();
            super.readLongsBE(src, srcOff, dst, dstOff, count);
        }

        @Override
        public void minMax(long[] src, int off, int len, long flip, long[] minMax) {
            longMinMax.incrementAndGet();
            super.minMax(src, off, len, flip, minMax);
        }

        @Override
        public void minMax(int[] src, int off, int len, int flip, int[] minMax) {
            intMinMax.incrementAndGet();
            super.minMax(src, off, len, flip, minMax);
        }

        @Override
        public void serialSums(long[] src, int off, int stride, int lanes, int len, double[] out) {
            sums.incrementAndGet();
            super.serialSums(src, off, stride, lanes, len, out);
        }

        @Override
        public int findByteRun(byte[] src, int from, int to, int minRun) {
            runs.incrementAndGet();
            return super.findByteRun(src, from, to, minRun);
        }
    }

    /**
     * The kernels of {@link TsFileWriter.Options#kernels} take the statistics of INT32 and INT64 pages
     * (dense ones several pages at a time) and look for the runs of LZ4 pages, with and without a pool; the
     * file is the one the default kernels write. The kernels given to {@link TsFileReader#of(byte[],
     * dev.colcodec.kernel.Kernels)} and {@link TsFileReader#open(Path, dev.colcodec.kernel.Kernels)} decode
     * the values, which are the default reader's. Runs with the scalar kernels as the default and, in the
     * {@code fuzz-vector} execution, with the vector ones, so that scalar and vector files and reads are
     * compared.
     */
    @Test
    @org.junit.jupiter.api.Tag("both-kernels")
    void theKernelsGivenToWriterAndReaderDoTheirWork() throws Exception {
        TsTableSchema schema = devTable(
                Map.of(),
                field("x", TsDataType.INT64, TsEncoding.TS_2DIFF, Map.of()),
                field("i", TsDataType.INT32, TsEncoding.PLAIN, Map.of()),
                field("n", TsDataType.INT64, TsEncoding.PLAIN, Map.of()));
        int rows = 25_000;
        java.util.SplittableRandom r = new java.util.SplittableRandom(7);
        long[] times = new long[rows];
        long[] x = new long[rows];
        int[] ints = new int[rows];
        long[] n = new long[rows];
        boolean[] nulls = new boolean[rows];
        for (int k = 0; k < rows; k++) {
            times[k] = 1_700_000_000_000L + k;
            x[k] = r.nextLong();
            ints[k] = r.nextInt();
            n[k] = r.nextLong(1000);
            nulls[k] = k % 3 == 0;
        }
        KernelsCase c = new KernelsCase(schema, rows, times, x, ints, n, nulls);
        java.util.concurrent.ForkJoinPool two = new java.util.concurrent.ForkJoinPool(2);
        try {
            checkKernelsOption(c, null);
            checkKernelsOption(c, two);
        } finally {
            two.shutdown();
        }
        assertThrows(NullPointerException.class, () -> new TsFileWriter.Options().kernels(null));
        // the reader's kernels decode the TS_2DIFF and PLAIN values, to the same values
        byte[] file = c.write(new TsFileWriter.Options());
        Path onDisk = dir.resolve("kernels.tsfile");
        Files.write(onDisk, file);
        List<String> cols = List.of("x", "i", "n");
        String want = blocks(TsFileReader.of(file).query("t", cols, Long.MIN_VALUE, Long.MAX_VALUE));
        CountingKernels k = new CountingKernels();
        assertEquals(want, blocks(TsFileReader.of(file, k).query("t", cols, Long.MIN_VALUE, Long.MAX_VALUE)));
        int fromBytes = k.prefixSums.get();
        // x's 196 TS_2DIFF blocks, n's PLAIN pages in a few batches
        assertTrue(fromBytes >= 195, "TS_2DIFF blocks decoded by the reader's kernels: " + fromBytes);
        assertTrue(
                k.bigEndianLongs.get() > 0,
                "PLAIN INT64 pages decoded by the reader's kernels: " + k.bigEndianLongs.get() + ", TS_2DIFF blocks "
                        + fromBytes);
        try (TsFileReader fromDisk = TsFileReader.open(onDisk, k)) {
            assertEquals(want, blocks(fromDisk.query("t", cols, Long.MIN_VALUE, Long.MAX_VALUE)));
        }
        assertTrue(k.prefixSums.get() >= 2 * fromBytes, "and those of a file opened from disk");
        assertThrows(NullPointerException.class, () -> TsFileReader.of(file, null));
        assertThrows(NullPointerException.class, () -> TsFileReader.open(onDisk, null));
    }

    /** The times and values of query results, as text. */
    private static String blocks(List<TsBlock> blocks) {
        StringBuilder sb = new StringBuilder();
        for (TsBlock b : blocks) {
            for (int row = 0; row < b.size(); row++) {
                sb.append(b.times()[row]);
                for (int c = 0; c < b.columnCount(); c++) {
                    TsColumn col = b.column(c);
                    String v = col.isNull(row)
                            ? "null"
                            : col.storageType() == TsDataType.INT32
                                    ? String.valueOf(col.ints()[row])
                                    : String.valueOf(col.longs()[row]);
                    sb.append(',').append(v);
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    /** One tablet of TS_2DIFF INT64, PLAIN INT32 and PLAIN INT64 values with nulls. */
    private record KernelsCase(
            TsTableSchema schema, int rows, long[] times, long[] x, int[] ints, long[] n, boolean[] nulls) {
        byte[] write(TsFileWriter.Options o) throws java.io.IOException {
            ByteArrayOutputStream bos = new ByteArrayOutputStream();
            try (TsFileWriter w = new TsFileWriter(bos, List.of(schema), o)) {
                w.write(new TsTablet(schema)
                        .device("d1")
                        .times(times, rows)
                        .longs("x", x, null)
                        .ints("i", ints, null)
                        .longs("n", n, nulls));
            }
            return bos.toByteArray();
        }
    }

    private static void checkKernelsOption(KernelsCase c, java.util.concurrent.ForkJoinPool pool) throws Exception {
        byte[] want = null;
        for (boolean counted : new boolean[] {false, true}) {
            CountingKernels k = new CountingKernels();
            TsFileWriter.Options o =
                    new TsFileWriter.Options().maxPointsPerPage(1000).pool(pool);
            if (counted) {
                o.kernels(k);
            }
            byte[] got = c.write(o);
            if (want == null) {
                want = got;
            }
            assertArrayEquals(want, got, "pool " + pool + " counted " + counted);
            if (counted) {
                // 25 pages of x in groups of up to 8, then 25 of n one at a time
                assertEquals(4 + 25, k.sums.get(), "serial sums");
                assertEquals(25 + 25, k.longMinMax.get(), "long minMax");
                assertEquals(25, k.intMinMax.get(), "int minMax");
                assertTrue(k.runs.get() >= 25, "runs looked for: " + k.runs.get());
            } else {
                assertEquals(0, k.sums.get() + k.longMinMax.get() + k.intMinMax.get() + k.runs.get());
            }
        }
    }

    /**
     * colcodec writes no encrypted file and reads none: an encryption level other than 0 is refused by the
     * options and, in a file, by the reader with its offset; a property count the block cannot hold is
     * corrupt input.
     */
    @Test
    void encryptedOrBrokenPropertiesAreRefused() throws Exception {
        assertThrows(
                IllegalArgumentException.class,
                () -> new TsFileWriter.Options().properties(Map.of("encryptLevel", "2")));
        TsTableSchema schema = devTable(Map.of(), field("x", TsDataType.INT64, TsEncoding.PLAIN, Map.of()));
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (TsFileWriter w = new TsFileWriter(
                bos, List.of(schema), new TsFileWriter.Options().properties(Map.of("encryptLevel", "0")))) {
            w.write(new TsTablet(schema).device("d1").times(new long[] {5}, 1).longs("x", new long[] {6}, null));
        }
        byte[] file = bos.toByteArray();
        // the tail: ... count 02 (zigzag 1), 18 "encryptLevel", 02 "0", int32 size, "TsFile"
        int value = file.length - 6 - 4 - 1;
        assertEquals('0', file[value]);
        int count = value - 1 - 1 - "encryptLevel".length() - 1;
        assertEquals(2, file[count]);
        byte[] encrypted = file.clone();
        encrypted[value] = '2';
        dev.colcodec.CorruptInputException e =
                assertThrows(dev.colcodec.CorruptInputException.class, () -> TsFileReader.of(encrypted));
        assertEquals(count, e.offset());
        org.assertj.core.api.Assertions.assertThat(e.getMessage()).contains("encryptLevel 2");
        byte[] tooMany = file.clone();
        tooMany[count] = 0x7e; // 63 pairs in 16 bytes
        e = assertThrows(dev.colcodec.CorruptInputException.class, () -> TsFileReader.of(tooMany));
        assertEquals(count, e.offset());
        byte[] negative = file.clone();
        negative[count] = 0x03; // -2: none, as tsfile reads it
        try (TsFileReader r = TsFileReader.of(negative)) {
            assertEquals(Map.of(), r.properties());
        }
    }

    /** {@link TsFileWriter#create} writes the bytes the stream constructor writes, to a file it closes. */
    @Test
    void createWritesTheSameBytesToAFile(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        Dataset ds = TsFileFixtures.dataset(37, TsFileFixtures.allTypes(), new int[] {300, 20}, 0.2, 2);
        byte[] expected = writeWithColcodec(ds, 100, 120);
        TsTableSchema schema = schemaOf(ds);
        java.nio.file.Path file = dir.resolve("created.tsfile");
        java.nio.file.Files.write(file, new byte[expected.length * 2]); // replaced, not overwritten in place
        try (TsFileWriter w =
                TsFileWriter.create(file, List.of(schema), new TsFileWriter.Options().maxPointsPerPage(100))) {
            TsTablet tab = new TsTablet(schema);
            for (Device dev : ds.devices) {
                for (int start = 0; start < dev.times.length; start += 120) {
                    int n = Math.min(120, dev.times.length - start);
                    tab.device(dev.tags).times(Arrays.copyOfRange(dev.times, start, start + n), n);
                    for (int c = 0; c < ds.fields.size(); c++) {
                        setColumn(tab, ds.fields.get(c), dev.values[c], start, n);
                    }
                    w.write(tab);
                }
            }
        }
        assertArrayEquals(expected, java.nio.file.Files.readAllBytes(file));
        // closed: the file can be deleted and made again at once
        java.nio.file.Files.delete(file);
        TsFileWriter.create(file, List.of(schema), new TsFileWriter.Options()).close();
        org.junit.jupiter.api.Assertions.assertTrue(java.nio.file.Files.size(file) > 0);
    }

    /**
     * A pool shut down before or during the writes (shutdown or shutdownNow) leaves the encoding and the
     * stream writes to the caller: the bytes are those of a writer without a pool.
     */
    @Test
    @org.junit.jupiter.api.Timeout(value = 120, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
    void aShutDownPoolWritesTheSameBytes() throws Exception {
        Dataset ds = TsFileFixtures.dataset(36, TsFileFixtures.allTypes(), new int[] {600, 40}, 0.2, 3);
        byte[] sequential = writeWithColcodec(ds, 100, 50);
        for (int when : new int[] {-1, 0, 3}) {
            for (boolean now : new boolean[] {false, true}) {
                java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(3);
                if (when < 0) {
                    if (now) {
                        pool.shutdownNow();
                    } else {
                        pool.shutdown();
                    }
                }
                byte[] bytes = writeWithColcodec(ds, 100, 50, pool, k -> {
                    if (k == when) {
                        if (now) {
                            pool.shutdownNow();
                        } else {
                            pool.shutdown();
                        }
                    }
                });
                pool.shutdownNow();
                assertArrayEquals(sequential, bytes, "shut down after write " + when + (now ? ", now" : ""));
            }
        }
    }

    @Test
    void aFailedWriteOnThePoolIsRethrownAndNothingAfterItIsWritten() throws Exception {
        Dataset ds = TsFileFixtures.dataset(36, TsFileFixtures.allTypes(), new int[] {900}, 0.1, -1);
        TsTableSchema schema = schemaOf(ds);
        Device dev = ds.devices.get(0);
        // the stream fails once the magic, the version and 100 more bytes are written
        class FailingStream extends java.io.OutputStream {
            int written;

            @Override
            public void write(int b) throws java.io.IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws java.io.IOException {
                if (written + len > 107) {
                    throw new java.io.IOException("disk full");
                }
                written += len;
            }
        }
        java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(2);
        try {
            FailingStream out = new FailingStream();
            TsFileWriter w = new TsFileWriter(out, List.of(schema), new TsFileWriter.Options().pool(pool));
            java.io.IOException thrown = assertThrows(java.io.IOException.class, () -> {
                TsTablet tab = new TsTablet(schema);
                for (int start = 0; start < dev.times.length; start += 300) {
                    tab.device(dev.tags).times(Arrays.copyOfRange(dev.times, start, start + 300), 300);
                    for (int c = 0; c < ds.fields.size(); c++) {
                        setColumn(tab, ds.fields.get(c), dev.values[c], start, 300);
                    }
                    w.write(tab);
                }
                w.close();
            });
            Throwable cause = thrown.getMessage().equals("disk full") ? thrown : thrown.getCause();
            assertEquals("disk full", cause.getMessage());
            int before = out.written;
            assertThrows(java.io.IOException.class, w::close);
            assertEquals(before, out.written);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void manyDevicesBuildAnIndexTree() throws Exception {
        int[] rows = new int[300];
        Arrays.fill(rows, 2);
        List<Field> fields = List.of(TsFileFixtures.allTypes().get(4));
        Dataset ds = TsFileFixtures.dataset(33, fields, rows, 0.1, -1);
        byte[] bytes = writeWithColcodec(ds, 100, 100);
        File f = dir.resolve("tree.tsfile").toFile();
        Files.write(f.toPath(), bytes);
        checkWithTsFile(ds, f);
        assertEquals(300, TsFileReader.of(bytes).devices("t").size());
    }

    @Test
    void rejectsOutOfOrderTimes() throws Exception {
        Dataset ds = TsFileFixtures.dataset(34, TsFileFixtures.allTypes(), new int[] {3}, 0, -1);
        TsTableSchema schema = schemaOf(ds);
        try (TsFileWriter w = new TsFileWriter(new ByteArrayOutputStream(), List.of(schema))) {
            TsTablet tab = new TsTablet(schema).device("a", "b", null).times(new long[] {5, 4}, 2);
            assertThrows(IllegalArgumentException.class, () -> w.write(tab));
        }
    }
}
