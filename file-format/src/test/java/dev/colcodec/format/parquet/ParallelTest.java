package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.parquet.PhysicalType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;

class ParallelTest {
    static byte[] write(List<ParquetColumn> schema, List<TestData> data, int rows, ParquetWriteOptions o)
            throws IOException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        write(bos, schema, data, rows, o);
        return bos.toByteArray();
    }

    static void write(
            java.io.OutputStream out, List<ParquetColumn> schema, List<TestData> data, int rows, ParquetWriteOptions o)
            throws IOException {
        try (ParquetFileWriter w = new ParquetFileWriter(out, schema, o)) {
            Object[] vals = values(data);
            boolean[][] nulls = nulls(data);
            w.write(vals, nulls, rows);
        }
    }

    /** The value arrays of the columns, as {@link ParquetFileWriter#write} takes them. */
    static Object[] values(List<TestData> data) {
        Object[] vals = new Object[data.size()];
        for (int i = 0; i < vals.length; i++) {
            vals[i] = data.get(i).values;
        }
        return vals;
    }

    /** The null flags of the columns (null for a column without), as {@link ParquetFileWriter#write} takes them. */
    static boolean[][] nulls(List<TestData> data) {
        boolean[][] nulls = new boolean[data.size()][];
        for (int i = 0; i < nulls.length; i++) {
            nulls[i] = data.get(i).nulls;
        }
        return nulls;
    }

    /** {@code n} random columns of {@code rows} rows into {@code schema} and {@code data}. */
    static void randomColumns(Random r, int n, int rows, List<ParquetColumn> schema, List<TestData> data) {
        for (int i = 0; i < n; i++) {
            ParquetColumn c = ColumnChunkRoundTripTest.randomColumn(r, "c" + i);
            schema.add(c);
            data.add(TestData.random(c, rows, r));
        }
    }

    /**
     * A row group with two damaged chunks (a small one decoded quickly, a large one decoded first): with a
     * pool, as without, the error is the first damaged column's, every time (fuzzing saw the pool give
     * either).
     */
    @Test
    void theSameErrorForAnyThreadCount() throws IOException {
        int rows = 1_000_000;
        long[] big = new long[rows];
        int[] small = new int[rows];
        Random r = new Random(3);
        for (int i = 0; i < rows; i++) {
            big[i] = r.nextLong();
            small[i] = i & 1;
        }
        List<ParquetColumn> schema = List.of(
                ParquetColumn.flat("a", PhysicalType.INT32, 0, false),
                ParquetColumn.flat("big", PhysicalType.INT64, 0, false),
                ParquetColumn.flat("b", PhysicalType.INT32, 0, false),
                ParquetColumn.flat("small", PhysicalType.INT32, 0, false));
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        // pages of 1,000 rows: the large chunk fails at its last of 1,000 pages
        try (ParquetFileWriter w = new ParquetFileWriter(
                bos, schema, ParquetWriteOptions.defaults().withPageRowLimit(1000))) {
            w.write(new Object[] {small, big, small, small}, null, rows);
        }
        byte[] file = bos.toByteArray();
        try (ParquetFileReader good = ParquetFileReader.open(file)) {
            // a byte near the end of each damaged chunk: the CRC of its last page fails
            for (int c : new int[] {1, 3}) {
                org.apache.parquet.format.ColumnMetaData md = good.metadata()
                        .getRow_groups()
                        .get(0)
                        .getColumns()
                        .get(c)
                        .getMeta_data();
                long start =
                        md.isSetDictionary_page_offset() ? md.getDictionary_page_offset() : md.getData_page_offset();
                long end = start + md.getTotal_compressed_size();
                file[(int) end - 3] ^= 0x10;
            }
        }
        int[] all = {0, 1, 2, 3};
        String serial;
        try (ParquetFileReader bad = ParquetFileReader.open(file)) {
            serial = org.junit.jupiter.api.Assertions.assertThrows(
                            dev.colcodec.CorruptInputException.class, () -> bad.decodeRowGroup(0, all, 4096, null))
                    .getMessage();
            // the small chunk is damaged too
            org.junit.jupiter.api.Assertions.assertThrows(
                    dev.colcodec.CorruptInputException.class, () -> bad.decodeRowGroup(0, new int[] {3}, 4096, null));
            ForkJoinPool pool = new ForkJoinPool(4);
            try {
                for (int k = 0; k < 20; k++) {
                    String parallel = org.junit.jupiter.api.Assertions.assertThrows(
                                    dev.colcodec.CorruptInputException.class,
                                    () -> bad.decodeRowGroup(0, all, 4096, pool))
                            .getMessage();
                    assertThat(parallel).isEqualTo(serial);
                }
            } finally {
                pool.shutdownNow();
            }
        }
        long bigStart;
        long smallStart;
        try (ParquetFileReader good = ParquetFileReader.open(file)) {
            bigStart = good.metadata()
                    .getRow_groups()
                    .get(0)
                    .getColumns()
                    .get(1)
                    .getMeta_data()
                    .getData_page_offset();
            smallStart = good.metadata()
                    .getRow_groups()
                    .get(0)
                    .getColumns()
                    .get(3)
                    .getMeta_data()
                    .getData_page_offset();
        }
        long at = Long.parseLong(serial.replaceAll("corrupt input at offset (\\d+):.*", "$1"));
        assertThat(at).isBetween(bigStart, smallStart - 1);
        // the last chunk also lies outside the file: its read fails before any decode on the pool, and the
        // error is still the first damaged column's
        org.apache.parquet.format.FileMetaData fmd = ParquetTestFiles.footer(file);
        fmd.getRow_groups().get(0).getColumns().get(3).getMeta_data().setTotal_compressed_size(1L << 40);
        byte[] worse = ParquetTestFiles.withFooter(file, fmd);
        try (ParquetFileReader bad = ParquetFileReader.open(worse)) {
            String first = org.junit.jupiter.api.Assertions.assertThrows(
                            dev.colcodec.CorruptInputException.class, () -> bad.decodeRowGroup(0, all, 4096, null))
                    .getMessage();
            assertThat(first).isEqualTo(serial);
            ForkJoinPool pool = new ForkJoinPool(4);
            try {
                assertThat(org.junit.jupiter.api.Assertions.assertThrows(
                                        dev.colcodec.CorruptInputException.class,
                                        () -> bad.decodeRowGroup(0, all, 4096, pool))
                                .getMessage())
                        .isEqualTo(serial);
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void literalRunPagesOfSnappyAndLz4AreTheSameForAnyThreadCount() throws IOException {
        // random INT64 pages do not compress: after the first, pages are literal runs of the codec
        // (AdaptivePageCompressor), decided per column in page order, never per thread
        Random r = new Random(78);
        List<ParquetColumn> schema = new ArrayList<>();
        List<TestData> data = new ArrayList<>();
        int rows = 60_000;
        randomColumns(r, 5, rows, schema, data);
        for (Compression codec : new Compression[] {Compression.SNAPPY, Compression.LZ4_RAW}) {
            ParquetWriteOptions o =
                    ParquetWriteOptions.defaults().withCompression(codec).withRowGroupSize(300_000);
            byte[] sequential = write(schema, data, rows, o);
            ForkJoinPool three = new ForkJoinPool(3);
            try {
                assertThat(write(schema, data, rows, o.withPool(three))).isEqualTo(sequential);
            } finally {
                three.shutdownNow();
            }
            try (ParquetFileReader reader = ParquetFileReader.open(sequential)) {
                int[] cols = {0, 1, 2, 3, 4};
                int[] firstRow = new int[cols.length];
                for (int g = 0; g < reader.rowGroupCount(); g++) {
                    List<List<ColumnBatch>> batches = reader.decodeRowGroup(g, cols, 4096, null);
                    for (int k = 0; k < cols.length; k++) {
                        for (ColumnBatch b : batches.get(k)) {
                            data.get(cols[k]).assertBatch(b, firstRow[k]);
                            firstRow[k] += b.levelCount();
                        }
                    }
                }
                for (int k = 0; k < cols.length; k++) {
                    assertThat(firstRow[k]).isEqualTo(rows);
                }
            }
        }
    }

    @Test
    void sameBytesAndValuesForAnyThreadCount() throws IOException {
        Random r = new Random(77);
        List<ParquetColumn> schema = new ArrayList<>();
        List<TestData> data = new ArrayList<>();
        int rows = 40_000;
        randomColumns(r, 6, rows, schema, data);
        ParquetWriteOptions o = ParquetWriteOptions.defaults()
                .withCompression(Compression.ZSTD)
                .withRowGroupSize(150_000)
                .withPageVersion(ParquetWriteOptions.PageVersion.V2);
        byte[] sequential = write(schema, data, rows, o);
        ForkJoinPool one = new ForkJoinPool(1);
        ForkJoinPool three = new ForkJoinPool(3);
        try {
            assertThat(write(schema, data, rows, o.withPool(one))).isEqualTo(sequential);
            assertThat(write(schema, data, rows, o.withPool(three))).isEqualTo(sequential);
            assertThat(write(schema, data, rows, o.withPool(ForkJoinPool.commonPool())))
                    .isEqualTo(sequential);

            try (ParquetFileReader reader = ParquetFileReader.open(sequential)) {
                assertThat(reader.rowGroupCount()).isGreaterThan(1);
                int[] cols = {5, 0, 3};
                int[] firstRow = new int[cols.length];
                int[] firstSeqRow = new int[cols.length];
                for (int g = 0; g < reader.rowGroupCount(); g++) {
                    List<List<ColumnBatch>> par = reader.decodeRowGroup(g, cols, 1000, three);
                    List<List<ColumnBatch>> seq = reader.decodeRowGroup(g, cols, 1000, null);
                    for (int k = 0; k < cols.length; k++) {
                        assertThat(par.get(k)).hasSameSizeAs(seq.get(k));
                        for (ColumnBatch b : par.get(k)) {
                            data.get(cols[k]).assertBatch(b, firstRow[k]);
                            firstRow[k] += b.levelCount();
                        }
                        // the sequential path reads every chunk through one reused buffer
                        for (ColumnBatch b : seq.get(k)) {
                            data.get(cols[k]).assertBatch(b, firstSeqRow[k]);
                            firstSeqRow[k] += b.levelCount();
                        }
                    }
                }
                for (int k = 0; k < cols.length; k++) {
                    assertThat(firstRow[k]).isEqualTo(rows);
                    assertThat(firstSeqRow[k]).isEqualTo(rows);
                }
            }
        } finally {
            one.shutdown();
            three.shutdown();
        }
    }

    /**
     * One reader of a memory-mapped file serves threads that read its row groups at once (each its own
     * chunks, statistics and indexes), as an engine reading a file's row groups in parallel does.
     */
    @Test
    void oneReaderServesThreadsReadingRowGroupsAtOnce(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        Random r = new Random(78);
        List<ParquetColumn> schema = new ArrayList<>();
        List<TestData> data = new ArrayList<>();
        int rows = 60_000;
        randomColumns(r, 5, rows, schema, data);
        ParquetWriteOptions o = ParquetWriteOptions.defaults()
                .withCompression(Compression.SNAPPY)
                .withRowGroupSize(100_000);
        java.nio.file.Path file = dir.resolve("groups.parquet");
        java.nio.file.Files.write(file, write(schema, data, rows, o));
        try (ParquetFileReader reader = ParquetFileReader.open(file)) {
            int groups = reader.rowGroupCount();
            assertThat(groups).isGreaterThan(3);
            int[] cols = {0, 1, 2, 3, 4};
            long[] firstRows = new long[groups];
            for (int g = 1; g < groups; g++) {
                firstRows[g] = firstRows[g - 1] + reader.rowGroupRowCount(g - 1);
            }
            java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newFixedThreadPool(4);
            try {
                for (int round = 0; round < 3; round++) {
                    List<java.util.concurrent.Future<?>> done = new ArrayList<>();
                    for (int g = 0; g < groups; g++) {
                        int group = g;
                        done.add(threads.submit(() -> {
                            List<List<ColumnBatch>> batches = reader.decodeRowGroup(group, cols, 777, null);
                            for (int k = 0; k < cols.length; k++) {
                                int row = (int) firstRows[group];
                                for (ColumnBatch b : batches.get(k)) {
                                    data.get(cols[k]).assertBatch(b, row);
                                    row += b.levelCount();
                                }
                                assertThat((long) row - firstRows[group]).isEqualTo(reader.rowGroupRowCount(group));
                                assertThat(reader.statistics(group, cols[k])).isNotNull();
                                assertThat(reader.readOffsetIndex(group, cols[k]))
                                        .isNotNull();
                            }
                            return null;
                        }));
                    }
                    for (java.util.concurrent.Future<?> f : done) {
                        f.get();
                    }
                }
            } finally {
                threads.shutdownNow();
            }
        }
    }

    /**
     * The slabs of a written row group are recycled for the next (their old bytes still in them): three
     * row groups of the same rows, each chunk several full-size slabs long, have byte-identical chunks, the
     * same with and without a pool.
     */
    @Test
    void rowGroupsInRecycledSlabsAreTheSameBytes() throws IOException {
        Random r = new Random(79);
        int rows = 3 * PageSlabs.MAX_SLAB / 8 + 1000;
        List<ParquetColumn> schema = new ArrayList<>();
        List<TestData> data = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            long[] v = new long[rows];
            for (int k = 0; k < rows; k++) {
                v[k] = r.nextLong();
            }
            schema.add(ParquetColumn.flat("l" + i, PhysicalType.INT64, 0, false));
            data.add(new TestData(schema.get(i), v, null, rows));
        }
        dev.colcodec.values.BinaryBatch strings = new dev.colcodec.values.BinaryBatch();
        boolean[] nulls = new boolean[rows];
        byte[] tmp = new byte[40];
        for (int k = 0; k < rows; k++) {
            nulls[k] = r.nextInt(10) == 0;
            r.nextBytes(tmp);
            strings.append(tmp, 0, r.nextInt(tmp.length));
        }
        schema.add(ParquetColumn.flat("s", PhysicalType.BYTE_ARRAY, 0, true));
        data.add(new TestData(schema.get(2), strings, nulls, rows));
        ParquetWriteOptions o = ParquetWriteOptions.defaults()
                .withCompression(Compression.UNCOMPRESSED)
                .withDictionary(false);
        byte[] serial = writeGroups(schema, data, rows, o);
        ForkJoinPool two = new ForkJoinPool(2);
        try {
            assertThat(writeGroups(schema, data, rows, o.withPool(two))).isEqualTo(serial);
        } finally {
            two.shutdown();
        }
        try (ParquetFileReader reader = ParquetFileReader.open(serial)) {
            assertThat(reader.rowGroupCount()).isEqualTo(3);
            for (int c = 0; c < schema.size(); c++) {
                byte[] first = chunkBytes(serial, reader, 0, c);
                assertThat(first.length).isGreaterThan(2 * PageSlabs.MAX_SLAB);
                for (int g = 1; g < 3; g++) {
                    assertThat(chunkBytes(serial, reader, g, c)).isEqualTo(first);
                }
                int firstRow = 0;
                for (int g = 0; g < 3; g++) {
                    for (ColumnBatch b : reader.decodeRowGroup(g, new int[] {c}, 50_000, null)
                            .get(0)) {
                        data.get(c).assertBatch(b, firstRow % rows);
                        firstRow += b.levelCount();
                    }
                }
                assertThat(firstRow).isEqualTo(3 * rows);
            }
        }
    }

    /** {@link ParquetFileWriter#create} writes the bytes the stream constructor writes, to a file. */
    @Test
    void createWritesTheSameBytesToAFile(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws IOException {
        Random r = new Random(81);
        List<ParquetColumn> schema = new ArrayList<>();
        List<TestData> data = new ArrayList<>();
        int rows = 30_000;
        randomColumns(r, 4, rows, schema, data);
        ParquetWriteOptions o = ParquetWriteOptions.defaults().withRowGroupSize(100_000);
        byte[] expected = write(schema, data, rows, o);
        java.nio.file.Path file = dir.resolve("created.parquet");
        java.nio.file.Files.write(file, new byte[expected.length * 2]); // replaced, not overwritten in place
        try (ParquetFileWriter w = ParquetFileWriter.create(file, schema, o)) {
            Object[] vals = values(data);
            boolean[][] nulls = nulls(data);
            w.write(vals, nulls, rows);
        }
        assertThat(java.nio.file.Files.readAllBytes(file)).isEqualTo(expected);
    }

    /**
     * A pool shut down before or between the writes (shutdown or shutdownNow) leaves the encoding and the
     * row-group writes to the caller: the bytes are those of a writer without a pool.
     */
    @Test
    @org.junit.jupiter.api.Timeout(value = 120, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
    void aShutDownPoolWritesTheSameBytes() throws IOException {
        Random r = new Random(80);
        List<ParquetColumn> schema = new ArrayList<>();
        List<TestData> data = new ArrayList<>();
        int rows = 20_000;
        randomColumns(r, 5, rows, schema, data);
        ParquetWriteOptions o = ParquetWriteOptions.defaults().withRowGroupSize(40_000);
        byte[] sequential = writeInSteps(schema, data, rows, o, null, -1, false);
        for (int when : new int[] {-1, 0, 3}) {
            for (boolean now : new boolean[] {false, true}) {
                ForkJoinPool pool = new ForkJoinPool(3);
                try {
                    assertThat(writeInSteps(schema, data, rows, o.withPool(pool), pool, when, now))
                            .as("shut down after step %d%s", when, now ? ", now" : "")
                            .isEqualTo(sequential);
                } finally {
                    pool.shutdownNow();
                }
            }
        }
    }

    /** Writes the rows 8 times (fewer each time); shuts {@code pool} down after step {@code when} (-1: first). */
    private static byte[] writeInSteps(
            List<ParquetColumn> schema,
            List<TestData> data,
            int rows,
            ParquetWriteOptions o,
            ForkJoinPool pool,
            int when,
            boolean now)
            throws IOException {
        if (pool != null && when < 0) {
            if (now) {
                pool.shutdownNow();
            } else {
                pool.shutdown();
            }
        }
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ParquetFileWriter w = new ParquetFileWriter(bos, schema, o)) {
            Object[] vals = values(data);
            boolean[][] nulls = nulls(data);
            for (int k = 0; k < 8; k++) {
                w.write(vals, nulls, rows - k * 1000);
                if (k == when) {
                    if (now) {
                        pool.shutdownNow();
                    } else {
                        pool.shutdown();
                    }
                }
            }
        }
        return bos.toByteArray();
    }

    private static byte[] writeGroups(List<ParquetColumn> schema, List<TestData> data, int rows, ParquetWriteOptions o)
            throws IOException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ParquetFileWriter w = new ParquetFileWriter(bos, schema, o)) {
            Object[] vals = values(data);
            boolean[][] nulls = nulls(data);
            for (int g = 0; g < 3; g++) {
                w.write(vals, nulls, rows);
                w.flushRowGroup();
            }
        }
        return bos.toByteArray();
    }

    private static byte[] chunkBytes(byte[] file, ParquetFileReader reader, int group, int column) {
        org.apache.parquet.format.ColumnMetaData md = reader.metadata()
                .getRow_groups()
                .get(group)
                .getColumns()
                .get(column)
                .getMeta_data();
        long start = md.isSetDictionary_page_offset() ? md.getDictionary_page_offset() : md.getData_page_offset();
        return java.util.Arrays.copyOfRange(file, (int) start, (int) (start + md.getTotal_compressed_size()));
    }

    /**
     * With a pool, row groups are written to the stream on it while the next is encoded: a stream that
     * fails part-way makes a later write or close fail with that IOException, as without a pool.
     */
    @Test
    void streamFailuresOnThePoolReachTheCaller() throws IOException {
        Random r = new Random(5);
        List<ParquetColumn> schema = new ArrayList<>();
        List<TestData> data = new ArrayList<>();
        int rows = 40_000;
        randomColumns(r, 4, rows, schema, data);
        ParquetWriteOptions o = ParquetWriteOptions.defaults().withRowGroupSize(100_000);
        byte[] sequential = write(schema, data, rows, o);
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            for (int failAt : new int[] {4, sequential.length / 3, sequential.length - 10}) {
                for (ForkJoinPool p : new ForkJoinPool[] {null, pool}) {
                    java.io.OutputStream failing = new java.io.OutputStream() {
                        long written;

                        @Override
                        public void write(int b) throws IOException {
                            write(new byte[] {(byte) b}, 0, 1);
                        }

                        @Override
                        public void write(byte[] b, int off, int len) throws IOException {
                            if (written + len > failAt) {
                                throw new IOException("disk full at " + failAt);
                            }
                            written += len;
                        }
                    };
                    org.assertj.core.api.Assertions.assertThatThrownBy(
                                    () -> write(failing, schema, data, rows, o.withPool(p)))
                            .as("failing at %d with pool %s", failAt, p)
                            .isInstanceOf(IOException.class)
                            .satisfies(e -> assertThat(e.getMessage() + " " + e.getCause())
                                    .contains("disk full at " + failAt));
                }
            }
        } finally {
            pool.shutdown();
        }
    }
}
