package dev.colcodec.format.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.ByteIO;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.values.BinaryBatch;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.junit.jupiter.api.Test;

/** Bloom filters written per row group and column, read back, and used to rule out row groups. */
class BloomFilterFileTest {
    static final int ROWS = 9000;
    static final int PER_GROUP = 3000;

    static List<ParquetColumn> schema() {
        return List.of(
                ParquetColumn.flat("i", PhysicalType.INT32, 0, false),
                ParquetColumn.flat("l", PhysicalType.INT64, 0, true),
                ParquetColumn.flat("d", PhysicalType.DOUBLE, 0, false),
                ParquetColumn.flat("s", PhysicalType.BYTE_ARRAY, 0, true).withLogicalType(ParquetLogicalType.string()),
                ParquetColumn.flat("u", PhysicalType.FIXED_LEN_BYTE_ARRAY, 16, false)
                        .withLogicalType(ParquetLogicalType.uuid()),
                ParquetColumn.flat("b", PhysicalType.BOOLEAN, 0, false));
    }

    /** The data: row r holds i = 7r, l = r * 1e9 (null every 5th row), d = r / 3, s = "v" + r, u = 16 bytes of r. */
    static Object[] columns() {
        int[] i = new int[ROWS];
        long[] l = new long[ROWS];
        double[] d = new double[ROWS];
        BinaryBatch s = new BinaryBatch();
        BinaryBatch u = new BinaryBatch();
        boolean[] b = new boolean[ROWS];
        for (int r = 0; r < ROWS; r++) {
            i[r] = 7 * r;
            l[r] = r * 1_000_000_000L;
            d[r] = r / 3.0;
            byte[] str = ("v" + r).getBytes(StandardCharsets.UTF_8);
            s.append(str, 0, str.length);
            byte[] id = uuid(r);
            u.append(id, 0, 16);
            b[r] = r % 2 == 0;
        }
        return new Object[] {i, l, d, s, u, b};
    }

    static boolean[][] nulls() {
        boolean[] ln = new boolean[ROWS];
        boolean[] sn = new boolean[ROWS];
        for (int r = 0; r < ROWS; r++) {
            ln[r] = r % 5 == 0;
            sn[r] = r % 11 == 0;
        }
        return new boolean[][] {null, ln, null, sn, null, null};
    }

    static byte[] uuid(long r) {
        byte[] id = new byte[16];
        ByteIO.putLongLE(id, 0, r * 0x9E3779B97F4A7C15L);
        ByteIO.putLongLE(id, 8, r);
        return id;
    }

    static byte[] write(ParquetWriteOptions opts) throws IOException {
        return ParquetTestFiles.write(schema(), opts, columns(), nulls(), ROWS, PER_GROUP);
    }

    static ParquetWriteOptions withFilters() {
        ParquetWriteOptions o = ParquetWriteOptions.defaults();
        for (String c : List.of("i", "l", "d", "s", "u")) {
            o = o.withBloomFilter(c, PER_GROUP, 0.01);
        }
        return o;
    }

    /** The PLAIN bytes of row r's value in column c. */
    static byte[] plain(int c, long r) {
        switch (c) {
            case 0:
                return ColumnStatistics.plain((int) (7 * r));
            case 1:
                return ColumnStatistics.plain(r * 1_000_000_000L);
            case 2:
                return ColumnStatistics.plain(r / 3.0);
            case 3:
                return ("v" + r).getBytes(StandardCharsets.UTF_8);
            default:
                return uuid(r);
        }
    }

    @Test
    void everyWrittenValueIsFoundAndFewOthersAre() throws IOException {
        byte[] file = write(withFilters());
        try (ParquetFileReader r = ParquetFileReader.open(file)) {
            assertEquals(3, r.rowGroupCount());
            assertNull(r.bloomFilter(0, 5), "no filter asked for the BOOLEAN column");
            for (int c = 0; c < 5; c++) {
                for (int g = 0; g < 3; g++) {
                    SplitBlockBloomFilter f = r.bloomFilter(g, c);
                    assertNotNull(f);
                    assertEquals(
                            SplitBlockBloomFilter.optimalBytes(PER_GROUP, 0.01, SplitBlockBloomFilter.MAX_BYTES),
                            f.sizeBytes());
                    int falsePositives = 0;
                    for (long row = g * PER_GROUP; row < (g + 1) * PER_GROUP; row++) {
                        boolean isNull = (c == 1 && row % 5 == 0) || (c == 3 && row % 11 == 0);
                        byte[] v = plain(c, row);
                        long h = SplitBlockBloomFilter.hash(v, 0, v.length);
                        if (!isNull) {
                            assertTrue(f.mightContain(h), "column " + c + " row " + row);
                        }
                        // values of another row group's rows, absent here
                        byte[] other = plain(c, row + 3 * PER_GROUP);
                        falsePositives += f.mightContain(SplitBlockBloomFilter.hash(other, 0, other.length)) ? 1 : 0;
                    }
                    assertTrue(falsePositives < PER_GROUP * 0.03, falsePositives + " false positives, column " + c);
                }
                // a value of the second row group: its statistics keep groups whose range holds it, the
                // Bloom filters only the second
                long row = PER_GROUP + 1234;
                assertArrayEquals(new int[] {1}, r.rowGroupsMightContain(c, plain(c, row)), "column " + c);
            }
            // strings and UUIDs: the statistics alone would keep every row group for some absent values
            int kept = 0;
            for (int k = 0; k < 200; k++) {
                kept += r.rowGroupsMightContain(3, ("v" + (ROWS + k)).getBytes(StandardCharsets.UTF_8)).length;
            }
            assertTrue(kept < 20, kept + " row groups kept for 200 absent strings");
            assertThrows(IllegalArgumentException.class, () -> r.rowGroupsMightContain(0, new byte[8]));
        }
        // without filters: the statistics decide
        try (ParquetFileReader r = ParquetFileReader.open(write(ParquetWriteOptions.defaults()))) {
            assertNull(r.bloomFilter(0, 0));
            for (String v : List.of("v9", "v5", "v31", "x")) {
                byte[] b = v.getBytes(StandardCharsets.UTF_8);
                assertArrayEquals(r.rowGroupsOverlapping(3, b, b), r.rowGroupsMightContain(3, b), v);
            }
            assertEquals(2, r.rowGroupsMightContain(3, "v5".getBytes(StandardCharsets.UTF_8)).length);
        }
    }

    @org.junit.jupiter.api.io.TempDir
    java.nio.file.Path dir;

    private static String cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = dev.colcodec.format.cli.ColcodecCli.run(
                args,
                new java.io.PrintStream(out, true, StandardCharsets.UTF_8),
                new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, rc, err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The CLI shows each chunk's filter, and a rewrite keeps the filters (of the same size). */
    @Test
    void theCliShowsAndKeepsFilters() throws IOException {
        java.nio.file.Path in = dir.resolve("in.parquet");
        java.nio.file.Path out = dir.resolve("out.parquet");
        java.nio.file.Files.write(in, write(withFilters()));
        String inspected = cli("inspect", in.toString());
        assertEquals(15, inspected.split(" bloom_filter=", -1).length - 1, inspected);
        cli("rewrite", in.toString(), out.toString(), "--codec", "ZSTD");
        try (ParquetFileReader a = ParquetFileReader.open(in);
                ParquetFileReader b = ParquetFileReader.open(out)) {
            for (int g = 0; g < 3; g++) {
                for (int c = 0; c < 6; c++) {
                    assertEquals(a.bloomFilter(g, c), b.bloomFilter(g, c), "row group " + g + " column " + c);
                }
            }
        }
    }

    @Test
    void theWriterRefusesFiltersItCannotWrite() {
        assertThrows(
                IllegalArgumentException.class,
                () -> write(ParquetWriteOptions.defaults().withBloomFilter("nope", 10, 0.01)));
        assertThrows(
                IllegalArgumentException.class,
                () -> write(ParquetWriteOptions.defaults().withBloomFilter("b", 10, 0.01)));
        assertThrows(
                IllegalArgumentException.class,
                () -> ParquetWriteOptions.defaults().withBloomFilter("i", 10, 1.5));
        assertThrows(
                IllegalArgumentException.class,
                () -> ParquetWriteOptions.defaults().withBloomFilter("i", -1, 0.1));
    }

    /**
     * {@code withBloomFilter} sizes filters at most 1 MiB, as parquet-java's writer does by default (it
     * sized them up to 128 MiB: 16 MiB for 10 million distinct values at 1%, held for every row group until
     * the writer closed); {@code withBloomFilterOfSize} still takes larger ones.
     */
    @Test
    void filtersAreSizedUpToParquetJavasDefaultMaximum() {
        for (long ndv : new long[] {1, 1000, 100_000, 1_000_000, 10_000_000, 1L << 40}) {
            for (double fpp : new double[] {0.001, 0.01, 0.3}) {
                int ref = new org.apache.parquet.column.values.bloomfilter.BlockSplitBloomFilter(
                                org.apache.parquet.column.values.bloomfilter.BlockSplitBloomFilter.optimalNumOfBits(
                                                ndv, fpp)
                                        / 8,
                                org.apache.parquet.column.ParquetProperties.DEFAULT_MAX_BLOOM_FILTER_BYTES)
                        .getBitsetSize();
                int ours = ParquetWriteOptions.defaults()
                        .withBloomFilter("i", ndv, fpp)
                        .bloomFilterBytes("i");
                assertTrue(ours <= ParquetWriteOptions.DEFAULT_BLOOM_FILTER_MAX_BYTES, ndv + " " + fpp + ": " + ours);
                if (ref == 1 << 20) {
                    assertEquals(ref, ours, ndv + " " + fpp);
                }
            }
        }
        assertEquals(1 << 20, org.apache.parquet.column.ParquetProperties.DEFAULT_MAX_BLOOM_FILTER_BYTES);
        assertEquals(
                64 << 20,
                ParquetWriteOptions.defaults()
                        .withBloomFilterOfSize("i", 64 << 20)
                        .bloomFilterBytes("i"));
    }

    @Test
    void badFiltersAreCorruptInput() throws IOException {
        // one distinct value: a 32-byte filter, whose size is one byte of its header
        byte[] file = write(ParquetWriteOptions.defaults().withBloomFilter("i", 1, 0.5));
        FileMetaData fmd = ParquetTestFiles.footer(file);
        ColumnMetaData md = fmd.getRow_groups().get(0).getColumns().get(0).getMeta_data();
        int at = (int) md.getBloom_filter_offset();
        int header = md.getBloom_filter_length() - 32;
        assertTrue(header > 4 && header < 32, "a header and 32 bytes: " + md.getBloom_filter_length());
        // the length reaches past the file
        md.setBloom_filter_length(file.length);
        byte[] longer = ParquetTestFiles.withFooter(file, fmd);
        try (ParquetFileReader r = ParquetFileReader.open(longer)) {
            assertThrows(CorruptInputException.class, () -> r.bloomFilter(0, 0));
        }
        // a size that is not a power of two: 48 bytes (zigzag 96, one varint byte like 32's 64)
        byte[] bad = file.clone();
        Set<Integer> sizes = new HashSet<>();
        for (int k = at; k < at + 4; k++) {
            if (bad[k] == 64) {
                sizes.add(k);
            }
        }
        assertEquals(1, sizes.size(), "one byte holds the size");
        bad[sizes.iterator().next()] = 96;
        try (ParquetFileReader r = ParquetFileReader.open(bad)) {
            CorruptInputException e = assertThrows(CorruptInputException.class, () -> r.bloomFilter(0, 0));
            assertEquals(at, e.offset());
            assertTrue(e.getMessage().contains("got 48"), e.getMessage());
        }
    }
}
