package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.io.ByteIO;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.values.BinaryBatch;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParquetFileRoundTripTest {
    @TempDir
    Path tmp;

    static final class Written {
        List<ParquetColumn> schema = new ArrayList<>();
        List<TestData> data = new ArrayList<>();
        ParquetWriteOptions options;
        byte[] file;
        int rows;
    }

    static Written randomFile(Random r) throws IOException {
        Written w = new Written();
        int cols = 1 + r.nextInt(6);
        ParquetWriteOptions o = ColumnChunkRoundTripTest.randomOptions(r)
                .withRowGroupSize(r.nextBoolean() ? 128L << 20 : 2000 + r.nextInt(50_000))
                .withKeyValueMetadata(Map.of("k" + r.nextInt(10), "v", "writer", "test"));
        w.rows = r.nextInt(4) == 0 ? r.nextInt(3) : r.nextInt(12_000);
        for (int i = 0; i < cols; i++) {
            ParquetColumn c = ColumnChunkRoundTripTest.randomColumn(r, "col" + i);
            ParquetEncoding e = ColumnChunkRoundTripTest.randomEncoding(r, c.type());
            if (e != null) {
                o = o.withEncoding(c.name(), e);
            }
            w.schema.add(c);
            w.data.add(TestData.random(c, w.rows, r));
        }
        w.options = o;
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ParquetFileWriter fw = new ParquetFileWriter(bos, w.schema, o)) {
            int at = 0;
            while (at < w.rows) {
                int n = Math.min(w.rows - at, 1 + r.nextInt(5000));
                Object[] vals = new Object[cols];
                boolean[][] nulls = new boolean[cols][];
                for (int i = 0; i < cols; i++) {
                    TestData d = w.data.get(i);
                    vals[i] = slice(d, at, n);
                    nulls[i] = d.nulls == null ? null : java.util.Arrays.copyOfRange(d.nulls, at, at + n);
                }
                fw.write(vals, nulls, n);
                at += n;
            }
        }
        w.file = bos.toByteArray();
        return w;
    }

    static Object slice(TestData d, int from, int n) {
        switch (d.column.type()) {
            case INT32:
                return java.util.Arrays.copyOfRange((int[]) d.values, from, from + n);
            case INT64:
                return java.util.Arrays.copyOfRange((long[]) d.values, from, from + n);
            case FLOAT:
                return java.util.Arrays.copyOfRange((float[]) d.values, from, from + n);
            case DOUBLE:
                return java.util.Arrays.copyOfRange((double[]) d.values, from, from + n);
            case BOOLEAN:
                return java.util.Arrays.copyOfRange((boolean[]) d.values, from, from + n);
            default: {
                dev.colcodec.values.BinaryBatch src = (dev.colcodec.values.BinaryBatch) d.values;
                dev.colcodec.values.BinaryBatch b = new dev.colcodec.values.BinaryBatch();
                for (int i = from; i < from + n; i++) {
                    b.append(src.data(), src.offset(i), src.length(i));
                }
                return b;
            }
        }
    }

    static void assertFile(ParquetFileReader reader, Written w, int[] projection) throws IOException {
        assertFile(reader, w, projection, -1);
    }

    /**
     * {@code firstWindow >= 0}: every chunk is read through a new array of that many bytes ({@link
     * ParquetFileReader#readColumn(int, int, byte[])}; from a mapping, the window pages are copied into).
     */
    static void assertFile(ParquetFileReader reader, Written w, int[] projection, int firstWindow) throws IOException {
        assertThat(reader.columns()).isEqualTo(w.schema);
        assertThat(reader.rowCount()).isEqualTo(w.rows);
        assertThat(reader.keyValueMetadata()).containsEntry("writer", "test");
        for (int col : projection) {
            TestData d = w.data.get(col);
            ColumnBatch batch = new ColumnBatch(d.column, 777);
            int row = 0;
            long nulls = 0;
            for (int g = 0; g < reader.rowGroupCount(); g++) {
                ColumnChunkReader cr =
                        firstWindow < 0 ? reader.readColumn(g, col) : reader.readColumn(g, col, new byte[firstWindow]);
                int groupStart = row;
                int n;
                while ((n = cr.readBatch(batch, 777)) > 0) {
                    d.assertBatch(batch, row);
                    row += n;
                }
                assertThat((long) row - groupStart).isEqualTo(reader.rowGroupRowCount(g));
                assertPageIndexes(reader, w.file, g, col, d, groupStart, row);
                ColumnStatistics s = reader.statistics(g, col);
                nulls += s.nullCount();
                assertStatsCover(s, d, groupStart, row);
            }
            assertThat(row).isEqualTo(w.rows);
            long expectedNulls = 0;
            for (int i = 0; i < w.rows; i++) {
                expectedNulls += d.isNull(i) ? 1 : 0;
            }
            assertThat(nulls).isEqualTo(expectedNulls);
        }
    }

    /** Offset index entries point at the data pages; column index bounds hold for each page's rows. */
    static void assertPageIndexes(ParquetFileReader reader, byte[] file, int g, int col, TestData d, int from, int to)
            throws IOException {
        if (file == null) {
            return;
        }
        org.apache.parquet.format.OffsetIndex oi = reader.readOffsetIndex(g, col);
        assertThat(oi).isNotNull();
        List<org.apache.parquet.format.PageLocation> locs = oi.getPage_locations();
        assertThat(locs.get(0).getFirst_row_index()).isZero();
        for (int p = 0; p < locs.size(); p++) {
            org.apache.parquet.format.PageLocation loc = locs.get(p);
            ParquetThrift.Decoded<org.apache.parquet.format.PageHeader> h =
                    ParquetThrift.readPageHeader(file, (int) loc.getOffset(), loc.getCompressed_page_size(), 0);
            assertThat(h.value().getType().name()).startsWith("DATA_PAGE");
            assertThat(h.length() + h.value().getCompressed_page_size()).isEqualTo(loc.getCompressed_page_size());
        }
        org.apache.parquet.format.ColumnIndex ci = reader.readColumnIndex(g, col);
        if (ci == null) {
            assertThat(d.column.type() == PhysicalType.INT96
                            || d.column.type() == PhysicalType.FLOAT
                            || d.column.type() == PhysicalType.DOUBLE
                            || ColumnStatistics.Order.of(d.column) == ColumnStatistics.Order.UNDEFINED)
                    .isTrue();
            return;
        }
        assertThat(ci.getNull_pages()).hasSize(locs.size());
        for (int p = 0; p < locs.size(); p++) {
            int first = from + (int) locs.get(p).getFirst_row_index();
            int last = p + 1 < locs.size() ? from + (int) locs.get(p + 1).getFirst_row_index() : to;
            long nulls = 0;
            for (int i = first; i < last; i++) {
                nulls += d.isNull(i) ? 1 : 0;
            }
            assertThat(ci.getNull_counts().get(p)).isEqualTo(nulls);
            assertThat(ci.getNull_pages().get(p)).isEqualTo(nulls == last - first);
            if (!ci.getNull_pages().get(p)) {
                byte[] min = bytes(ci.getMin_values().get(p));
                byte[] max = bytes(ci.getMax_values().get(p));
                assertStatsCover(new ColumnStatistics(nulls, min, max), d, first, last);
            }
        }
    }

    static byte[] bytes(java.nio.ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }

    /** min and max are values of the row group and bound every non-NaN value. */
    static void assertStatsCover(ColumnStatistics s, TestData d, int from, int to) {
        PhysicalType t = d.column.type();
        ColumnStatistics.Order order = ColumnStatistics.Order.of(d.column);
        if (order == ColumnStatistics.Order.UNDEFINED) {
            // no bounds, but for INT96 values that are all equal (parquet-java's bounds: that value)
            if (s.hasMinMax()) {
                assertThat(t).isEqualTo(PhysicalType.INT96);
                assertThat(s.min()).isEqualTo(s.max());
                for (int i = from; i < to; i++) {
                    if (!d.isNull(i)) {
                        assertThat(plain(d, i)).isEqualTo(s.min());
                    }
                }
            }
            return;
        }
        if (!s.hasMinMax()) {
            return;
        }
        boolean minSeen = false;
        boolean maxSeen = false;
        for (int i = from; i < to; i++) {
            if (d.isNull(i)) {
                continue;
            }
            byte[] v = plain(d, i);
            if ((t == PhysicalType.FLOAT || t == PhysicalType.DOUBLE) && isNaN(t, v)) {
                continue;
            }
            assertThat(ColumnStatistics.compare(t, order, v, s.min())).isGreaterThanOrEqualTo(0);
            assertThat(ColumnStatistics.compare(t, order, v, s.max())).isLessThanOrEqualTo(0);
            minSeen |= sameValue(t, v, s.min());
            maxSeen |= sameValue(t, v, s.max());
        }
        assertThat(minSeen && maxSeen).isTrue();
    }

    /** Equal, counting -0.0 and +0.0 as one value (zero bounds are written as -0.0 / +0.0). */
    static boolean sameValue(PhysicalType t, byte[] a, byte[] b) {
        if (t == PhysicalType.FLOAT) {
            return Float.intBitsToFloat(ByteIO.getIntLE(a, 0)) == Float.intBitsToFloat(ByteIO.getIntLE(b, 0));
        }
        if (t == PhysicalType.DOUBLE) {
            return Double.longBitsToDouble(ByteIO.getLongLE(a, 0)) == Double.longBitsToDouble(ByteIO.getLongLE(b, 0));
        }
        return ColumnStatistics.compare(t, a, b) == 0;
    }

    static boolean isNaN(PhysicalType t, byte[] v) {
        return t == PhysicalType.FLOAT
                ? Float.isNaN(Float.intBitsToFloat(ByteIO.getIntLE(v, 0)))
                : Double.isNaN(Double.longBitsToDouble(ByteIO.getLongLE(v, 0)));
    }

    static byte[] plain(TestData d, int i) {
        byte[] b;
        switch (d.column.type()) {
            case INT32:
                b = new byte[4];
                ByteIO.putIntLE(b, 0, ((int[]) d.values)[i]);
                return b;
            case INT64:
                b = new byte[8];
                ByteIO.putLongLE(b, 0, ((long[]) d.values)[i]);
                return b;
            case FLOAT:
                b = new byte[4];
                ByteIO.putIntLE(b, 0, Float.floatToRawIntBits(((float[]) d.values)[i]));
                return b;
            case DOUBLE:
                b = new byte[8];
                ByteIO.putLongLE(b, 0, Double.doubleToRawLongBits(((double[]) d.values)[i]));
                return b;
            case BOOLEAN:
                return new byte[] {(byte) (((boolean[]) d.values)[i] ? 1 : 0)};
            default:
                return ((dev.colcodec.values.BinaryBatch) d.values).get(i);
        }
    }

    /**
     * Large strings do not make pages of 512 rows whatever their size: a page grows past its target size
     * by at most as much again and one value (512 strings of 2 MiB made 1 GiB pages, which readers refuse).
     */
    @Test
    void pagesOfLargeStringsStayNearTheirTargetSize() throws IOException {
        int rows = 600;
        int len = 10_000;
        int pageSize = 64 << 10;
        BinaryBatch b = new BinaryBatch();
        Random r = new Random(5);
        for (int i = 0; i < rows; i++) {
            byte[] v = new byte[len];
            r.nextBytes(v);
            b.append(v, 0, v.length);
        }
        byte[] file = ParquetTestFiles.write(
                List.of(ParquetColumn.flat("s", PhysicalType.BYTE_ARRAY, 0, false)),
                ParquetWriteOptions.defaults()
                        .withPageSize(pageSize)
                        .withDictionary(false)
                        .withCompression(Compression.SNAPPY),
                new Object[] {b},
                new boolean[1][],
                rows,
                rows);
        try (ParquetFileReader reader = ParquetFileReader.open(file)) {
            org.apache.parquet.format.ColumnMetaData md =
                    reader.metadata().getRow_groups().get(0).getColumns().get(0).getMeta_data();
            long at = md.getData_page_offset();
            long end = at + md.getTotal_compressed_size();
            int pages = 0;
            while (at < end) {
                ParquetThrift.Decoded<org.apache.parquet.format.PageHeader> d =
                        ParquetThrift.readPageHeader(file, (int) at, (int) (end - at), 0);
                assertThat(d.value().getUncompressed_page_size()).isLessThanOrEqualTo(2 * pageSize + len + 4);
                pages++;
                at += d.length() + d.value().getCompressed_page_size();
            }
            assertThat(pages).isGreaterThanOrEqualTo(rows * (len + 4) / (2 * pageSize + len + 4));
            ColumnChunkReader cr = reader.readColumn(0, 0, null);
            ColumnBatch batch = new ColumnBatch(cr.column(), rows);
            int read = 0;
            int n;
            while ((n = cr.readBatch(batch, rows)) > 0) {
                for (int i = 0; i < n; i++) {
                    assertThat(batch.binaries().length(i)).isEqualTo(len);
                    assertThat(batch.binaries().data()[batch.binaries().offset(i)])
                            .isEqualTo(b.data()[b.offset(read + i)]);
                }
                read += n;
            }
            assertThat(read).isEqualTo(rows);
        }
    }

    /**
     * A column's chunk is finished before it grows past the writer's chunk limit, whatever the row-group
     * size (a chunk is one array: at 2 GiB a write failed half-way and lost the file), and a write of large
     * values is taken a slice of bounded bytes at a time, so no chunk passes the limit by more than a slice
     * and a page. Here both limits are lowered: 10 KB values, chunks of at most 300 KB.
     */
    /** A close that fails writing the footer fails again when called again: the file is not good. */
    @Test
    void aSecondCloseAfterAFailedOneFailsToo() throws IOException {
        dev.colcodec.format.io.FailingStream out = new dev.colcodec.format.io.FailingStream();
        ParquetFileWriter w = new ParquetFileWriter(
                out, List.of(ParquetColumn.flat("a", PhysicalType.INT64, 0, false)), ParquetWriteOptions.defaults());
        w.write(new Object[] {new long[] {1, 2, 3}}, null, 3);
        w.flushRowGroup();
        out.fail = true;
        assertThatThrownBy(w::close).isInstanceOf(IOException.class).hasMessage("no space left on device");
        assertThatThrownBy(w::close)
                .isInstanceOf(IOException.class)
                .hasMessage("the file was not finished: an earlier close failed")
                .hasRootCauseMessage("no space left on device");
    }

    /**
     * A thread that reads with its interrupt flag set (a cancelled query) does not close the file under the
     * other threads sharing the reader, and keeps its flag.
     */
    @Test
    void anInterruptedReaderThreadLeavesTheFileOpenForTheOthers() throws Exception {
        Path f = tmp.resolve("shared.parquet");
        long[] a = new long[5000];
        for (int i = 0; i < a.length; i++) {
            a[i] = i * 7L;
        }
        try (ParquetFileWriter w = ParquetFileWriter.create(
                f, List.of(ParquetColumn.flat("a", PhysicalType.INT64, 0, false)), ParquetWriteOptions.defaults())) {
            w.write(new Object[] {a}, null, a.length);
        }
        try (ParquetFileReader r = ParquetFileReader.open(f)) {
            Thread.currentThread().interrupt();
            List<List<ColumnBatch>> cancelled;
            try {
                cancelled = r.decodeRowGroup(0, new int[] {0}, 1 << 20, null);
            } finally {
                assertThat(Thread.interrupted()).as("the flag is kept").isTrue();
            }
            List<List<ColumnBatch>> other = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                        try {
                            return r.decodeRowGroup(0, new int[] {0}, 1 << 20, null);
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    })
                    .get();
            assertThat(other.get(0).get(0).valueCount()).isEqualTo(a.length);
            assertThat(cancelled.get(0).get(0).valueCount()).isEqualTo(a.length);
        }
    }

    /**
     * A column that fails part-way through taking rows (past the checks: an OutOfMemoryError, say) leaves
     * the columns out of step, so the writer fails for good: later writes, flushes and closes throw, and no
     * footer is written (parquet-java would read such a file with its columns shifted). With and without a
     * pool.
     */
    @Test
    void aColumnFailingPartWayFailsTheWriterForGood() throws IOException {
        for (ForkJoinPool pool : new ForkJoinPool[] {null, new ForkJoinPool(2)}) {
            long[] a = new long[1000];
            long[] b = new long[1000];
            for (int i = 0; i < a.length; i++) {
                a[i] = i;
                b[i] = -i;
            }
            java.io.ByteArrayOutputStream bos = new java.io.ByteArrayOutputStream();
            ParquetFileWriter w = new ParquetFileWriter(
                    bos,
                    List.of(
                            ParquetColumn.flat("a", PhysicalType.INT64, 0, false),
                            ParquetColumn.flat("b", PhysicalType.INT64, 0, false)),
                    ParquetWriteOptions.defaults().withPool(pool));
            w.write(new Object[] {a, b}, null, a.length);
            w.appendHook = i -> {
                if (i == 1) {
                    throw new OutOfMemoryError("simulated");
                }
            };
            assertThatThrownBy(() -> w.write(new Object[] {a, b}, null, a.length))
                    .isInstanceOf(OutOfMemoryError.class);
            w.appendHook = null;
            assertThatThrownBy(() -> w.write(new Object[] {a, b}, null, a.length))
                    .isInstanceOf(IOException.class)
                    .satisfies(e -> assertThat(e.getCause()).hasMessageContaining("the file cannot be finished"));
            assertThatThrownBy(w::flushRowGroup).isInstanceOf(IOException.class);
            assertThatThrownBy(w::close).isInstanceOf(IOException.class);
            assertThatThrownBy(w::close).as("a second close too").isInstanceOf(IOException.class);
            byte[] file = bos.toByteArray();
            assertThatThrownBy(() -> ParquetFileReader.open(file))
                    .as("no footer")
                    .isInstanceOf(CorruptInputException.class);
            if (pool != null) {
                pool.shutdown();
            }
        }
    }

    @Test
    void chunksAreFinishedBeforeTheyGrowTooLarge() throws IOException {
        int rows = 400;
        BinaryBatch b = new BinaryBatch();
        Random r = new Random(9);
        for (int i = 0; i < rows; i++) {
            byte[] v = new byte[10_000];
            r.nextBytes(v);
            v[0] = (byte) i;
            b.append(v, 0, v.length);
        }
        java.io.ByteArrayOutputStream bos = new java.io.ByteArrayOutputStream();
        try (ParquetFileWriter w = new ParquetFileWriter(
                bos,
                List.of(ParquetColumn.flat("s", PhysicalType.BYTE_ARRAY, 0, false)),
                ParquetWriteOptions.defaults().withDictionary(false).withRowGroupSize(1L << 40))) {
            w.maxChunkBuffer = 300_000;
            w.maxSliceBytes = 50_000;
            w.write(new Object[] {b}, null, rows);
        }
        byte[] file = bos.toByteArray();
        try (ParquetFileReader reader = ParquetFileReader.open(file)) {
            assertThat(reader.rowGroupCount()).isGreaterThanOrEqualTo(rows * 10_000 / 360_000);
            int read = 0;
            for (int g = 0; g < reader.rowGroupCount(); g++) {
                long size = reader.metadata()
                        .getRow_groups()
                        .get(g)
                        .getColumns()
                        .get(0)
                        .getMeta_data()
                        .getTotal_compressed_size();
                assertThat(size).as("row group " + g).isLessThanOrEqualTo(300_000 + 50_000 + 10_100);
                ColumnChunkReader cr = reader.readColumn(g, 0, null);
                ColumnBatch batch = new ColumnBatch(cr.column(), rows);
                int n = cr.readBatch(batch, rows);
                for (int i = 0; i < n; i++) {
                    assertThat(java.util.Arrays.copyOfRange(
                                    batch.binaries().data(),
                                    batch.binaries().offset(i),
                                    batch.binaries().offset(i)
                                            + batch.binaries().length(i)))
                            .isEqualTo(b.get(read + i));
                }
                read += n;
            }
            assertThat(read).isEqualTo(rows);
        }
    }

    /** The footer a reader hands out is a copy: emptying it leaves what the reader reads as it was. */
    @Test
    void theFooterHandedOutIsACopy() throws IOException {
        long[] values = {5, -1, Long.MAX_VALUE};
        byte[] file = ParquetTestFiles.write(
                List.of(ParquetColumn.flat("v", PhysicalType.INT64, 0, false)),
                ParquetWriteOptions.defaults(),
                new Object[] {values},
                new boolean[1][],
                3,
                3);
        try (ParquetFileReader reader = ParquetFileReader.open(file)) {
            org.apache.parquet.format.FileMetaData footer = reader.metadata();
            footer.getRow_groups().get(0).getColumns().get(0).getMeta_data().setData_page_offset(0);
            footer.getRow_groups().clear();
            footer.setNum_rows(0);
            assertThat(reader.metadata().getRow_groups()).hasSize(1);
            assertThat(reader.rowCount()).isEqualTo(3);
            ColumnChunkReader cr = reader.readColumn(0, 0, null);
            ColumnBatch batch = new ColumnBatch(cr.column(), 3);
            assertThat(cr.readBatch(batch, 3)).isEqualTo(3);
            assertThat(java.util.Arrays.copyOf(batch.longs(), 3)).containsExactly(values);
        }
    }

    private static final byte[] MAGIC = {'P', 'A', 'R', '1'};

    /**
     * A valid file may hold a column chunk of 2 GiB or more, which this reader does not read (a chunk is
     * one array): that is said as unsupported, naming the column, not as corrupt input. The file is
     * sparse: a real footer pointing at a chunk of 2^31 + 100 bytes of holes.
     */
    @Test
    void aChunkOf2GiBOrMoreIsUnsupportedNotCorrupt() throws IOException {
        byte[] small = ParquetTestFiles.write(
                List.of(ParquetColumn.flat("v", PhysicalType.INT64, 0, false)),
                ParquetWriteOptions.defaults(),
                new Object[] {new long[] {1, 2, 3}},
                new boolean[1][],
                3,
                3);
        org.apache.parquet.format.FileMetaData fmd = ParquetTestFiles.footer(small);
        org.apache.parquet.format.ColumnMetaData md =
                fmd.getRow_groups().get(0).getColumns().get(0).getMeta_data();
        long len = (1L << 31) + 100;
        md.setData_page_offset(4);
        md.unsetDictionary_page_offset();
        md.setTotal_compressed_size(len);
        ByteArrayOutputStream footer = new ByteArrayOutputStream();
        org.apache.parquet.format.Util.writeFileMetaData(fmd, footer);
        Path file = tmp.resolve("sparse.parquet");
        try (java.io.RandomAccessFile raf = new java.io.RandomAccessFile(file.toFile(), "rw")) {
            raf.write(MAGIC);
            raf.seek(4 + len);
            raf.write(footer.toByteArray());
            byte[] tail = new byte[8];
            ByteIO.putIntLE(tail, 0, footer.size());
            System.arraycopy(MAGIC, 0, tail, 4, 4);
            raf.write(tail);
        }
        try (ParquetFileReader r = ParquetFileReader.open(file)) {
            assertThatThrownBy(() -> r.readColumn(0, 0, null))
                    .isInstanceOf(UnsupportedOperationException.class)
                    .hasMessage("column chunks of 2 GiB or more are not supported: column v of row group 0 holds " + len
                            + " bytes");
        } finally {
            Files.delete(file);
        }
    }

    @Test
    void randomFilesRoundTrip() throws IOException {
        Random r = new Random(2026);
        for (int iter = 0; iter < 40; iter++) {
            Written w = randomFile(r);
            int[] all = new int[w.schema.size()];
            for (int i = 0; i < all.length; i++) {
                all[i] = i;
            }
            try (ParquetFileReader reader = ParquetFileReader.open(w.file)) {
                assertFile(reader, w, all);
                assertThat(reader.createdBy()).isEqualTo(ParquetFileWriter.CREATED_BY);
            }
            // from disk: memory-mapped, pages copied as read or decompressed from the mapping
            Path p = tmp.resolve("random" + iter + ".parquet");
            Files.write(p, w.file);
            try (ParquetFileReader reader = ParquetFileReader.open(p)) {
                assertFile(reader, w, all);
                // windows that must grow and move on almost every page
                assertFile(reader, w, all, iter % 3);
                assertFile(reader, w, all, 1 + r.nextInt(300));
            }
        }
    }

    /**
     * A chunk of a mapped file is read through a window that grows to its largest page read in place, not
     * to the chunk: uncompressed and compressible SNAPPY pages, V1 and V2 (levels read from the window,
     * values from it or decompressed), with a dictionary (read in place when uncompressed) or without one.
     */
    @Test
    void mappedChunksAreReadThroughAWindowOfAPage() throws IOException {
        List<ParquetColumn> schema = List.of(ParquetColumn.flat("steps", PhysicalType.INT64, 0, true));
        int rows = 50_000;
        long[] steps = new long[rows];
        boolean[] nulls = new boolean[rows];
        for (int i = 0; i < rows; i++) {
            steps[i] = (i * 7L) % 200;
            nulls[i] = i % 13 == 0;
        }
        int cases = 0;
        for (dev.colcodec.format.compress.Compression c : List.of(
                dev.colcodec.format.compress.Compression.UNCOMPRESSED,
                dev.colcodec.format.compress.Compression.SNAPPY)) {
            for (ParquetWriteOptions.PageVersion v : ParquetWriteOptions.PageVersion.values()) {
                for (boolean dictionary : new boolean[] {false, true}) {
                    ByteArrayOutputStream bos = new ByteArrayOutputStream();
                    ParquetWriteOptions o = ParquetWriteOptions.defaults()
                            .withCompression(c)
                            .withDictionary(dictionary)
                            .withPageVersion(v)
                            .withPageRowLimit(2_000);
                    try (ParquetFileWriter fw = new ParquetFileWriter(bos, schema, o)) {
                        fw.write(new Object[] {steps}, new boolean[][] {nulls}, rows);
                    }
                    Path p = tmp.resolve("window-" + c + "-" + v + "-" + dictionary + ".parquet");
                    Files.write(p, bos.toByteArray());
                    try (ParquetFileReader disk = ParquetFileReader.open(p)) {
                        assertThat(disk.rowGroupCount()).isEqualTo(1);
                        long chunk = disk.metadata()
                                .getRow_groups()
                                .get(0)
                                .getColumns()
                                .get(0)
                                .getMeta_data()
                                .getTotal_compressed_size();
                        ColumnChunkReader cr = disk.readColumn(0, 0, new byte[8]);
                        ColumnBatch s = new ColumnBatch(schema.get(0), 3_000);
                        int row = 0;
                        int k;
                        while ((k = cr.readBatch(s, 3_000)) > 0) {
                            int present = 0;
                            for (int i = 0; i < k; i++) {
                                assertThat(s.isPresent(i)).isEqualTo(!nulls[row + i]);
                                if (!nulls[row + i]) {
                                    assertThat(s.longs()[present++]).isEqualTo(steps[row + i]);
                                }
                            }
                            assertThat(s.valueCount()).isEqualTo(present);
                            row += k;
                        }
                        assertThat(row).isEqualTo(rows);
                        // 25 data pages of 2,000 rows: the window holds about one of them (doubling), not 25
                        assertThat((long) cr.buffer().length)
                                .as("%s %s dictionary %s: window of a %d-byte chunk", c, v, dictionary, chunk)
                                .isLessThan(chunk / 4);
                        cases++;
                    }
                }
            }
        }
        assertThat(cases).isEqualTo(8);
    }

    /**
     * SNAPPY pages of random numbers (mostly literals) are decompressed straight from the mapping of a file
     * read from disk, next to a compressible column decompressed natively, in V1 and V2 pages: the same
     * values as from memory, and a damaged byte in such a page fails its CRC.
     */
    @Test
    void literalSnappyPagesOfAMappedFileAreReadFromTheMapping() throws IOException {
        Random r = new Random(77);
        List<ParquetColumn> schema = List.of(
                ParquetColumn.flat("random", PhysicalType.INT64, 0, false),
                ParquetColumn.flat("steps", PhysicalType.INT64, 0, true));
        int rows = 60_000;
        long[] random = new long[rows];
        long[] steps = new long[rows];
        boolean[] nulls = new boolean[rows];
        for (int i = 0; i < rows; i++) {
            random[i] = r.nextLong();
            steps[i] = i / 100;
            nulls[i] = i % 17 == 0;
        }
        for (ParquetWriteOptions.PageVersion v : ParquetWriteOptions.PageVersion.values()) {
            ByteArrayOutputStream bos = new ByteArrayOutputStream();
            ParquetWriteOptions o = ParquetWriteOptions.defaults()
                    .withCompression(dev.colcodec.format.compress.Compression.SNAPPY)
                    .withDictionary(false)
                    .withPageVersion(v)
                    .withPageRowLimit(7_000);
            try (ParquetFileWriter fw = new ParquetFileWriter(bos, schema, o)) {
                fw.write(new Object[] {random, steps}, new boolean[][] {null, nulls}, rows);
            }
            byte[] file = bos.toByteArray();
            Path p = tmp.resolve("snappy-" + v + ".parquet");
            Files.write(p, file);
            try (ParquetFileReader disk = ParquetFileReader.open(p)) {
                ColumnBatch b = new ColumnBatch(schema.get(0), rows);
                ColumnChunkReader cr = disk.readColumn(0, 0);
                assertThat(cr.readBatch(b, rows)).isEqualTo(rows);
                assertThat(java.util.Arrays.copyOf(b.longs(), rows)).isEqualTo(random);
                ColumnBatch s = new ColumnBatch(schema.get(1), rows);
                assertThat(disk.readColumn(0, 1).readBatch(s, rows)).isEqualTo(rows);
                int k = 0;
                for (int i = 0; i < rows; i++) {
                    assertThat(s.isPresent(i)).isEqualTo(!nulls[i]);
                    if (!nulls[i]) {
                        assertThat(s.longs()[k++]).isEqualTo(steps[i]);
                    }
                }
                assertThat(s.valueCount()).isEqualTo(k);
            }
            // a flipped bit in the middle of the random column's pages: the CRC, checked over the mapping
            file[(int) (file.length * 0.25)] ^= 4;
            Files.write(p, file);
            try (ParquetFileReader disk = ParquetFileReader.open(p)) {
                ColumnBatch b = new ColumnBatch(schema.get(0), rows);
                assertThatThrownBy(() -> disk.readColumn(0, 0).readBatch(b, rows))
                        .isInstanceOf(CorruptInputException.class)
                        .hasMessageContaining("CRC");
            }
        }
    }

    @Test
    void projectionFromDisk() throws IOException {
        Random r = new Random(5);
        Written w = randomFile(r);
        while (w.schema.size() < 2) {
            w = randomFile(r);
        }
        Path p = tmp.resolve("t.parquet");
        Files.write(p, w.file);
        try (ParquetFileReader reader = ParquetFileReader.open(p)) {
            assertFile(reader, w, new int[] {w.schema.size() - 1, 0});
            assertThat(reader.columnIndex("col0")).isEqualTo(0);
            assertThat(reader.columnIndex("nope")).isEqualTo(-1);
        }
    }

    /** Page sizes stay within what readers take by default; sizes out of range are refused, not clamped. */
    @Test
    void pageSizeIsBounded() {
        ParquetWriteOptions o = ParquetWriteOptions.defaults().withPageSize(ParquetWriteOptions.MAX_PAGE_SIZE);
        assertThat(o.pageSize()).isEqualTo(ParquetWriteOptions.MAX_PAGE_SIZE);
        assertThatThrownBy(() -> o.withPageSize(ParquetWriteOptions.MAX_PAGE_SIZE + 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(String.valueOf(ParquetWriteOptions.MAX_PAGE_SIZE + 1));
        assertThatThrownBy(() -> o.withPageSize(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void manyRowGroupsWhenSmall() throws IOException {
        ParquetColumn c = ParquetColumn.flat("x", PhysicalType.INT64, 0, false);
        long[] v = new long[50_000];
        for (int i = 0; i < v.length; i++) {
            v[i] = i * 7919L;
        }
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ParquetFileWriter fw = new ParquetFileWriter(
                bos,
                List.of(c),
                ParquetWriteOptions.defaults().withRowGroupSize(100_000).withDictionary(false))) {
            fw.write(new Object[] {v}, null, v.length);
        }
        try (ParquetFileReader reader = ParquetFileReader.open(bos.toByteArray())) {
            assertThat(reader.rowGroupCount()).isGreaterThan(2);
            long first = 0;
            for (int g = 0; g < reader.rowGroupCount(); g++) {
                ColumnStatistics s = reader.statistics(g, 0);
                assertThat(ByteIO.getLongLE(s.min(), 0)).isEqualTo(first * 7919L);
                first += reader.rowGroupRowCount(g);
                assertThat(ByteIO.getLongLE(s.max(), 0)).isEqualTo((first - 1) * 7919L);
                assertThat(s.nullCount()).isZero();
            }
            assertThat(first).isEqualTo(v.length);

            // pruning: only row groups holding values in [lo, hi] remain
            long lo = 20_000L * 7919L;
            long hi = 20_001L * 7919L;
            int[] kept = reader.rowGroupsOverlapping(0, ColumnStatistics.plain(lo), ColumnStatistics.plain(hi));
            assertThat(kept).hasSizeBetween(1, 2);
            for (int g : kept) {
                ColumnStatistics s = reader.statistics(g, 0);
                assertThat(ByteIO.getLongLE(s.min(), 0)).isLessThanOrEqualTo(hi);
                assertThat(ByteIO.getLongLE(s.max(), 0)).isGreaterThanOrEqualTo(lo);
            }
            assertThat(reader.rowGroupsOverlapping(0, null, null)).hasSize(reader.rowGroupCount());
            assertThat(reader.rowGroupsOverlapping(0, ColumnStatistics.plain(Long.MAX_VALUE), null))
                    .isEmpty();
            // a bound that is not an INT64 is the caller's mistake, said as such
            assertThatThrownBy(() -> reader.rowGroupsOverlapping(0, new byte[0], null))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("0 bytes for INT64");
            assertThatThrownBy(() -> reader.rowGroupsOverlapping(0, null, ColumnStatistics.plain(7)))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void badFootersAreCorruptInput() throws IOException {
        Written w = randomFile(new Random(11));
        byte[] f = w.file;
        assertThatThrownBy(() -> ParquetFileReader.open(java.util.Arrays.copyOf(f, 8)))
                .isInstanceOf(CorruptInputException.class);
        byte[] lying = f.clone();
        ByteIO.putIntLE(lying, lying.length - 8, Integer.MAX_VALUE);
        assertThatThrownBy(() -> ParquetFileReader.open(lying))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("footer length");
        byte[] truncated = java.util.Arrays.copyOfRange(f, 0, f.length - 3);
        assertThatThrownBy(() -> ParquetFileReader.open(truncated)).isInstanceOf(CorruptInputException.class);
    }

    /**
     * Damaged pages (footer intact, CRCs not checked, so decoders meet the damage) read from memory and from
     * a mapped file through small windows: the same values, or the same corrupt-input offset (a file
     * offset for pages read in place, the page's for decompressed ones).
     */
    @Test
    void damagedPagesFailAtTheSameOffsetFromMemoryAndThroughAWindow() throws IOException {
        Random r = new Random(1234);
        int failures = 0;
        for (int iter = 0; iter < 120; iter++) {
            Written w = randomFile(r);
            byte[] f = w.file.clone();
            int footerStart = f.length - 8 - ByteIO.getIntLE(f, f.length - 8);
            if (footerStart <= 4) {
                continue;
            }
            for (int k = 1 + r.nextInt(3); k > 0; k--) {
                f[4 + r.nextInt(footerStart - 4)] ^= (byte) (1 + r.nextInt(255));
            }
            Path p = tmp.resolve("damaged" + iter + ".parquet");
            Files.write(p, f);
            try (ParquetFileReader memory = ParquetFileReader.open(f).verifyCrc(false);
                    ParquetFileReader disk = ParquetFileReader.open(p).verifyCrc(false)) {
                for (int g = 0; g < memory.rowGroupCount(); g++) {
                    for (int c = 0; c < memory.columns().size(); c++) {
                        String fromMemory = outcome(memory, g, c, null);
                        String fromDisk = outcome(disk, g, c, new byte[1 + r.nextInt(64)]);
                        assertThat(fromDisk)
                                .as("iteration %d, group %d, column %d", iter, g, c)
                                .isEqualTo(fromMemory);
                        failures += fromMemory.startsWith("corrupt") ? 1 : 0;
                    }
                }
            }
        }
        assertThat(failures).isGreaterThan(20);
    }

    /** "values N hash H" for a chunk read to its end, "corrupt at OFFSET after N" for one that fails. */
    private static String outcome(ParquetFileReader reader, int g, int c, byte[] window) throws IOException {
        ColumnBatch b = new ColumnBatch(reader.columns().get(c), 333);
        long n = 0;
        long hash = 0;
        try {
            ColumnChunkReader cr = window == null ? reader.readColumn(g, c) : reader.readColumn(g, c, window);
            int k;
            while ((k = cr.readBatch(b, 333)) > 0) {
                n += k;
                for (int i = 0; i < b.valueCount(); i++) {
                    Object v = dev.colcodec.format.interop.ParquetMatrix.physicalValue(b, i);
                    hash = hash * 31 + (v instanceof byte[] bytes ? java.util.Arrays.hashCode(bytes) : v.hashCode());
                }
                for (int i = 0; i < k && b.definitionLevels() != null; i++) {
                    hash = hash * 7 + b.definitionLevels()[i];
                }
            }
            return "values " + n + " hash " + hash;
        } catch (CorruptInputException e) {
            return "corrupt at " + e.offset() + " after " + n;
        }
    }

    @Test
    void damagedFilesGiveOnlyCorruptInput() throws IOException {
        Random r = new Random(99);
        for (int iter = 0; iter < 60; iter++) {
            Written w = randomFile(r);
            byte[] f = w.file.clone();
            int footerLen = ByteIO.getIntLE(f, f.length - 8);
            int flips = 1 + r.nextInt(4);
            for (int k = 0; k < flips; k++) {
                // damage the footer half the time, anywhere otherwise
                int at = r.nextBoolean() ? f.length - 8 - 1 - r.nextInt(Math.max(1, footerLen)) : r.nextInt(f.length);
                f[Math.max(0, at)] = (byte) r.nextInt();
            }
            try (ParquetFileReader reader = ParquetFileReader.open(f)) {
                reader.maxPageBytes(1 << 24);
                for (int g = 0; g < reader.rowGroupCount(); g++) {
                    for (int c = 0; c < reader.columns().size(); c++) {
                        ColumnChunkReader cr = reader.readColumn(g, c);
                        ColumnBatch b = new ColumnBatch(reader.columns().get(c), 1000);
                        while (cr.readBatch(b, 1000) > 0) {
                            // keep reading
                        }
                    }
                }
            } catch (CorruptInputException expected) {
                // the only acceptable failure, at a position inside the file
                assertThat(expected.offset()).isBetween(0L, (long) f.length);
            }
        }
    }
}
