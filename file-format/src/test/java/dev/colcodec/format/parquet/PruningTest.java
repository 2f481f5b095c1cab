package dev.colcodec.format.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.colcodec.io.ByteIO;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.values.BinaryBatch;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.format.ConvertedType;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.IntType;
import org.apache.parquet.format.LogicalType;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Statistics in each column's sort order (unsigned integers, DECIMAL bytes as signed numbers), and
 * row-group and page pruning for a min-max predicate: the rows kept hold every matching row, and only
 * those rows are decoded.
 */
class PruningTest {

    /**
     * An INT32 column annotated as unsigned (as pyarrow writes uint32) has unsigned statistics: a row
     * group holding 1 and 0xFFFFFFFF (-1 signed) may hold 3, which a signed comparison of its min (1) and
     * max (-1) would rule out. Its pages (each of one sign here) are pruned in the same order.
     */
    /**
     * A list column's null count counts null elements, not rows: a row group of 2 rows, [1] and [null,
     * null], has a null count of 2 and still holds a value. Without min/max (as for INT96, or a writer
     * that writes none) it must be kept, by the row-group and by the page pruning; a chunk whose null
     * count equals its entries holds no value and is dropped.
     */
    @Test
    void aListColumnWithAsManyNullElementsAsRowsIsKept(@TempDir Path dir) throws IOException {
        MessageType schema = MessageTypeParser.parseMessageType(
                "message m { optional group l (LIST) {" + " repeated group list { optional int32 element; } } }");
        Path p = dir.resolve("lists.parquet");
        try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(p))
                .withConf(new PlainParquetConfiguration())
                .withType(schema)
                .build()) {
            SimpleGroupFactory f = new SimpleGroupFactory(schema);
            Group one = f.newGroup();
            one.addGroup("l").addGroup("list").append("element", 1);
            w.write(one);
            Group nulls = f.newGroup();
            Group l = nulls.addGroup("l");
            l.addGroup("list");
            l.addGroup("list");
            w.write(nulls);
        }
        FileMetaData fmd = ParquetTestFiles.footer(Files.readAllBytes(p));
        org.apache.parquet.format.ColumnChunk cc =
                fmd.getRow_groups().get(0).getColumns().get(0);
        assertEquals(3, cc.getMeta_data().getNum_values());
        org.apache.parquet.format.Statistics st = new org.apache.parquet.format.Statistics();
        st.setNull_count(2); // parquet-java's count: the two null elements
        cc.getMeta_data().setStatistics(st);
        byte[] file = ParquetTestFiles.withFooter(Files.readAllBytes(p), fmd);
        try (ParquetFileReader r = ParquetFileReader.open(file)) {
            assertEquals(2, r.rowGroupRowCount(0));
            assertArrayEquals(new int[] {0}, r.rowGroupsOverlapping(0, null, null));
            assertArrayEquals(new int[] {0}, r.rowGroupsOverlapping(0, ColumnStatistics.plain(0), null));
            assertEquals(2, r.rowRangesOverlapping(0, 0, null, null).rowCount());
        }
        st.setNull_count(3); // every entry null: no value to find
        try (ParquetFileReader r = ParquetFileReader.open(ParquetTestFiles.withFooter(Files.readAllBytes(p), fmd))) {
            assertArrayEquals(new int[0], r.rowGroupsOverlapping(0, null, null));
        }
    }

    @Test
    void unsignedIntegersArePrunedInUnsignedOrder() throws IOException {
        int n = 2000;
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = i < 1000 ? i + 1 : i - 2000; // 1..1000, then -1000..-1 (4294966296..4294967295 unsigned)
        }
        List<ParquetColumn> schema = List.of(ParquetColumn.flat("u", PhysicalType.INT32, 0, false));
        ParquetWriteOptions opts =
                ParquetWriteOptions.defaults().withPageRowLimit(500).withDictionary(false);
        byte[] signed = ParquetTestFiles.write(schema, opts, new Object[] {v}, new boolean[1][], n, n);
        FileMetaData fmd = ParquetTestFiles.footer(signed);
        LogicalType lt = new LogicalType();
        lt.setINTEGER(new IntType((byte) 32, false));
        fmd.getSchema().get(1).setLogicalType(lt);
        fmd.getSchema().get(1).setConverted_type(ConvertedType.UINT_32);
        // the chunk's statistics as an unsigned writer gives them: min 1, max 0xFFFFFFFF
        org.apache.parquet.format.Statistics st =
                fmd.getRow_groups().get(0).getColumns().get(0).getMeta_data().getStatistics();
        st.setMin_value(ColumnStatistics.plain(1));
        st.setMax_value(ColumnStatistics.plain(-1));
        byte[] file = ParquetTestFiles.withFooter(signed, fmd);
        try (ParquetFileReader r = ParquetFileReader.open(file)) {
            assertEquals(ColumnStatistics.Order.UNSIGNED_INTEGER, r.order(0));
            assertArrayEquals(
                    new int[] {0}, r.rowGroupsOverlapping(0, ColumnStatistics.plain(0), ColumnStatistics.plain(5)));
            assertArrayEquals(new int[] {0}, r.rowGroupsOverlapping(0, ColumnStatistics.plain(-5), null));
            assertArrayEquals(
                    new int[0], r.rowGroupsOverlapping(0, ColumnStatistics.plain(0), ColumnStatistics.plain(0)));
            assertEquals(
                    RowRanges.of(0, 500),
                    r.rowRangesOverlapping(0, 0, ColumnStatistics.plain(0), ColumnStatistics.plain(5)));
            // -5 and up, unsigned: the last page (-500..-1)
            assertEquals(RowRanges.of(1500, 2000), r.rowRangesOverlapping(0, 0, ColumnStatistics.plain(-5), null));
        }
        // the CLI prints unsigned bounds
        Path onDisk = Files.createTempFile("unsigned", ".parquet");
        try {
            Files.write(onDisk, file);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int rc = dev.colcodec.format.cli.ColcodecCli.run(
                    new String[] {"inspect", onDisk.toString()},
                    new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8),
                    new java.io.PrintStream(
                            new ByteArrayOutputStream(), true, java.nio.charset.StandardCharsets.UTF_8));
            assertEquals(0, rc);
            String text = out.toString(java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(text.contains(" min=1 max=4294967295"), text);
        } finally {
            Files.delete(onDisk);
        }
        try (ParquetFileReader r = ParquetFileReader.open(signed)) {
            assertEquals(ColumnStatistics.Order.PHYSICAL, r.order(0));
            assertArrayEquals(new int[0], r.rowGroupsOverlapping(0, ColumnStatistics.plain(1001), null));
        }
    }

    /**
     * Float bounds as the format asks readers to take them (other writers' files may hold such bounds): a
     * NaN bound says nothing, a +0.0 minimum may stand for -0.0 and a -0.0 maximum for +0.0.
     */
    @Test
    void floatBoundsWithNanOrZerosDoNotDropMatchingRowGroups() throws IOException {
        double[] v = {-0.0, 1.0, 2.0};
        List<ParquetColumn> schema = List.of(ParquetColumn.flat("x", PhysicalType.DOUBLE, 0, false));
        byte[] good = ParquetTestFiles.write(
                schema, ParquetWriteOptions.defaults(), new Object[] {v}, new boolean[1][], 3, 3);
        FileMetaData fmd = ParquetTestFiles.footer(good);
        org.apache.parquet.format.Statistics st =
                fmd.getRow_groups().get(0).getColumns().get(0).getMeta_data().getStatistics();
        st.setMin_value(ColumnStatistics.plain(0.0)); // +0.0, though -0.0 is in the row group
        try (ParquetFileReader r = ParquetFileReader.open(ParquetTestFiles.withFooter(good, fmd))) {
            assertArrayEquals(new int[] {0}, r.rowGroupsOverlapping(0, null, ColumnStatistics.plain(-0.0)));
            assertArrayEquals(new int[0], r.rowGroupsOverlapping(0, null, ColumnStatistics.plain(-1.0)));
        }
        st.setMin_value(ColumnStatistics.plain(Double.NaN));
        try (ParquetFileReader r = ParquetFileReader.open(ParquetTestFiles.withFooter(good, fmd))) {
            assertArrayEquals(new int[] {0}, r.rowGroupsOverlapping(0, null, ColumnStatistics.plain(-1.0)));
            assertArrayEquals(new int[] {0}, r.rowGroupsOverlapping(0, ColumnStatistics.plain(5.0), null));
        }
        // min and max leave NaN out: asking for NaN keeps the row group, and its Bloom filter holds NaN
        double[] withNan = {1.0, Double.NaN, 2.0};
        byte[] nanFile = ParquetTestFiles.write(
                schema,
                ParquetWriteOptions.defaults().withBloomFilter("x", 3, 0.01),
                new Object[] {withNan},
                new boolean[1][],
                3,
                3);
        try (ParquetFileReader r = ParquetFileReader.open(nanFile)) {
            byte[] nan = ColumnStatistics.plain(Double.NaN);
            assertArrayEquals(new int[] {0}, r.rowGroupsOverlapping(0, nan, nan));
            assertArrayEquals(new int[] {0}, r.rowGroupsMightContain(0, nan));
            assertEquals(RowRanges.all(3), r.rowRangesOverlapping(0, 0, nan, null));
            assertArrayEquals(new int[0], r.rowGroupsMightContain(0, ColumnStatistics.plain(7.0)));
        }
        st.setMin_value(ColumnStatistics.plain(-0.0));
        st.setMax_value(ColumnStatistics.plain(-0.0)); // a -0.0 maximum: +0.0 may be there
        try (ParquetFileReader r = ParquetFileReader.open(ParquetTestFiles.withFooter(good, fmd))) {
            assertArrayEquals(new int[] {0}, r.rowGroupsOverlapping(0, ColumnStatistics.plain(0.0), null));
            assertArrayEquals(new int[0], r.rowGroupsOverlapping(0, ColumnStatistics.plain(0.5), null));
        }
    }

    /**
     * parquet-java 1.18 writes FLOAT and DOUBLE columns in IEEE 754 total order (bounds without NaN unless
     * a chunk holds only NaN, -0.0 and +0.0 apart, a NaN count): colcodec prunes their row groups and pages
     * by them, keeping every row whose value lies in the range asked for (-0.0 and +0.0 equal), including
     * the row groups of only NaN, zeros of either sign, and both.
     */
    @Test
    void floatsInIeee754TotalOrderFromParquetJavaArePruned(@TempDir Path dir) throws IOException {
        MessageType schema = MessageTypeParser.parseMessageType("message m { required float f; required double d; }");
        int n = 1000;
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = i >= 300 && i < 400 ? Double.NaN : i >= 500 && i < 600 ? (i % 2 == 0 ? -0.0 : 0.0) : i - 500;
        }
        Path p = dir.resolve("floats.parquet");
        try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(p))
                .withConf(new PlainParquetConfiguration())
                .withType(schema)
                .withRowGroupSize(1024)
                .withPageRowCountLimit(20)
                .withDictionaryEncoding(false)
                .build()) {
            SimpleGroupFactory f = new SimpleGroupFactory(schema);
            for (double x : v) {
                w.write(f.newGroup().append("f", (float) x).append("d", x));
            }
        }
        double[][] ranges = {
            {-0.0, -0.0}, {0.0, 0.0}, {10, 20}, {-400, -390}, {-1, 1}, {450, Double.NaN}, {Double.NaN, -450}
        };
        try (ParquetFileReader r = ParquetFileReader.open(p)) {
            assertTrue(r.rowGroupCount() > 3, r.rowGroupCount() + " row groups");
            long[] firstRow = new long[r.rowGroupCount() + 1];
            for (int g = 0; g < r.rowGroupCount(); g++) {
                firstRow[g + 1] = firstRow[g] + r.rowGroupRowCount(g);
            }
            for (int c = 0; c < 2; c++) {
                assertEquals(ColumnStatistics.Order.PHYSICAL, r.order(c));
                int pruned = 0;
                for (double[] range : ranges) {
                    // NaN: unbounded on that side
                    byte[] lo = Double.isNaN(range[0])
                            ? null
                            : c == 0 ? ColumnStatistics.plain((float) range[0]) : ColumnStatistics.plain(range[0]);
                    byte[] hi = Double.isNaN(range[1])
                            ? null
                            : c == 0 ? ColumnStatistics.plain((float) range[1]) : ColumnStatistics.plain(range[1]);
                    int[] kept = r.rowGroupsOverlapping(c, lo, hi);
                    pruned += r.rowGroupCount() - kept.length;
                    for (int g = 0; g < r.rowGroupCount(); g++) {
                        boolean keptGroup = false;
                        for (int k : kept) {
                            keptGroup |= k == g;
                        }
                        RowRanges pages = keptGroup ? r.rowRangesOverlapping(g, c, lo, hi) : RowRanges.empty();
                        for (long row = firstRow[g]; row < firstRow[g + 1]; row++) {
                            double x = c == 0 ? (float) v[(int) row] : v[(int) row];
                            boolean match = (lo == null || x >= range[0]) && (hi == null || x <= range[1]);
                            if (match) {
                                assertTrue(
                                        pages.contains(row - firstRow[g]),
                                        "column " + c + " row " + row + " (" + x + ") in " + Arrays.toString(range));
                            }
                        }
                    }
                }
                assertTrue(pruned > ranges.length * r.rowGroupCount() / 2, pruned + " row groups pruned");
            }
        }
    }

    private static byte[] twosComplement(BigInteger v, int width) {
        byte[] b = v.toByteArray();
        if (width <= 0 || b.length == width) {
            return b;
        }
        byte[] out = new byte[width];
        Arrays.fill(out, 0, width - b.length, (byte) (v.signum() < 0 ? 0xFF : 0));
        System.arraycopy(b, 0, out, width - b.length, b.length);
        return out;
    }

    /**
     * DECIMAL stored as bytes (FIXED_LEN_BYTE_ARRAY and BYTE_ARRAY) has its min and max in the order of
     * the numbers: chunk statistics and column index bounds equal parquet-java's for the same values.
     */
    @Test
    void decimalBytesHaveSignedStatisticsAsParquetJavaComputes() throws IOException {
        Random rnd = new Random(17);
        int n = 3000;
        BinaryBatch fixed = new BinaryBatch();
        BinaryBatch varying = new BinaryBatch();
        boolean[] nulls = new boolean[n];
        List<BigInteger> values = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            BigInteger v = BigInteger.valueOf(
                    switch (i % 5) {
                        case 0 -> -rnd.nextInt(1000);
                        case 1 -> rnd.nextInt(1000);
                        case 2 -> rnd.nextLong() >> 25; // 39 bits: fits 5 bytes
                        default -> rnd.nextInt(200) - 100;
                    });
            nulls[i] = i % 7 == 3;
            values.add(nulls[i] ? null : v);
            byte[] f = twosComplement(v, 5);
            byte[] b = v.toByteArray(); // minimal: lengths vary
            fixed.append(f, 0, f.length);
            varying.append(b, 0, b.length);
        }
        ParquetColumn fixedCol = ParquetColumn.flat("f", PhysicalType.FIXED_LEN_BYTE_ARRAY, 5, true)
                .withLogicalType(ParquetLogicalType.decimal(11, 2));
        ParquetColumn varCol = ParquetColumn.flat("b", PhysicalType.BYTE_ARRAY, 0, true)
                .withLogicalType(ParquetLogicalType.decimal(20, 2));
        ParquetWriteOptions opts = ParquetWriteOptions.defaults().withPageRowLimit(400);
        byte[] file = ParquetTestFiles.write(
                List.of(fixedCol, varCol),
                opts,
                new Object[] {fixed, varying},
                new boolean[][] {nulls, nulls},
                n,
                1700);
        PrimitiveType[] types = {
            Types.optional(PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY)
                    .length(5)
                    .as(LogicalTypeAnnotation.decimalType(2, 11))
                    .named("f"),
            Types.optional(PrimitiveType.PrimitiveTypeName.BINARY)
                    .as(LogicalTypeAnnotation.decimalType(2, 20))
                    .named("b")
        };
        try (ParquetFileReader r = ParquetFileReader.open(file)) {
            assertEquals(2, r.rowGroupCount());
            for (int c = 0; c < 2; c++) {
                assertEquals(ColumnStatistics.Order.SIGNED_BINARY, r.order(c));
                long groupStart = 0;
                for (int g = 0; g < r.rowGroupCount(); g++) {
                    long rows = r.rowGroupRowCount(g);
                    Statistics<?> expected = Statistics.createStats(types[c]);
                    for (long i = groupStart; i < groupStart + rows; i++) {
                        BigInteger v = values.get((int) i);
                        if (v != null) {
                            expected.updateStats(Binary.fromConstantByteArray(twosComplement(v, c == 0 ? 5 : 0)));
                        }
                    }
                    ColumnStatistics s = r.statistics(g, c);
                    assertArrayEquals(expected.getMinBytes(), s.min(), "column " + c + " row group " + g);
                    assertArrayEquals(expected.getMaxBytes(), s.max(), "column " + c + " row group " + g);
                    // each page's bounds, the same way
                    org.apache.parquet.format.ColumnIndex ci = r.readColumnIndex(g, c);
                    org.apache.parquet.format.OffsetIndex oi = r.readOffsetIndex(g, c);
                    for (int p = 0; p < oi.getPage_locationsSize(); p++) {
                        long from = oi.getPage_locations().get(p).getFirst_row_index();
                        long to = p + 1 < oi.getPage_locationsSize()
                                ? oi.getPage_locations().get(p + 1).getFirst_row_index()
                                : rows;
                        Statistics<?> page = Statistics.createStats(types[c]);
                        for (long i = groupStart + from; i < groupStart + to; i++) {
                            BigInteger v = values.get((int) i);
                            if (v != null) {
                                page.updateStats(Binary.fromConstantByteArray(twosComplement(v, c == 0 ? 5 : 0)));
                            }
                        }
                        assertArrayEquals(
                                page.getMinBytes(), bytes(ci.getMin_values().get(p)));
                        assertArrayEquals(
                                page.getMaxBytes(), bytes(ci.getMax_values().get(p)));
                    }
                    groupStart += rows;
                }
                // a range of small negative numbers: kept where such values are
                byte[] lo = twosComplement(BigInteger.valueOf(-50), c == 0 ? 5 : 0);
                byte[] hi = twosComplement(BigInteger.valueOf(-40), c == 0 ? 5 : 0);
                assertEquals(2, r.rowGroupsOverlapping(c, lo, hi).length);
            }
        }
    }

    private static byte[] bytes(java.nio.ByteBuffer b) {
        byte[] a = new byte[b.remaining()];
        b.duplicate().get(a);
        return a;
    }

    /** One value per row of a non-repeated column's batches ({@code null} for a null). */
    private static List<Object> rowsOf(List<ColumnBatch> batches) {
        List<Object> out = new ArrayList<>();
        for (ColumnBatch b : batches) {
            int value = 0;
            for (int i = 0; i < b.levelCount(); i++) {
                if (!b.isPresent(i)) {
                    out.add(null);
                    continue;
                }
                switch (b.column().type()) {
                    case INT64 -> out.add(b.longs()[value]);
                    case DOUBLE -> out.add(b.doubles()[value]);
                    default -> out.add(new String(b.binaries().get(value), java.nio.charset.StandardCharsets.UTF_8));
                }
                value++;
            }
        }
        return out;
    }

    /**
     * Random min-max predicates over a sorted and a random column, in files of several row groups and
     * V1 or V2 pages: the row ranges kept hold every row whose value matches; on the sorted column they
     * hold little more than those rows; decoding just those ranges (with a pool or without) gives the
     * same rows as decoding everything and taking the rows in the ranges.
     */
    @Test
    void pageRangesHoldEveryMatchingRowAndDecodeToThem() throws IOException {
        Random rnd = new Random(23);
        int n = 25_000;
        long[] sorted = new long[n];
        double[] random = new double[n];
        BinaryBatch names = new BinaryBatch();
        boolean[] nameNulls = new boolean[n];
        long t = -5_000;
        for (int i = 0; i < n; i++) {
            t += rnd.nextInt(3);
            sorted[i] = t;
            random[i] = rnd.nextGaussian() * 100;
            nameNulls[i] = rnd.nextInt(5) == 0;
            byte[] s = ("name-" + rnd.nextInt(100)).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            names.append(s, 0, s.length);
        }
        List<ParquetColumn> schema = List.of(
                ParquetColumn.flat("t", PhysicalType.INT64, 0, false),
                ParquetColumn.flat("x", PhysicalType.DOUBLE, 0, false),
                ParquetColumn.flat("s", PhysicalType.BYTE_ARRAY, 0, true).withLogicalType(ParquetLogicalType.string()));
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            for (ParquetWriteOptions.PageVersion version : ParquetWriteOptions.PageVersion.values()) {
                ParquetWriteOptions opts =
                        ParquetWriteOptions.defaults().withPageRowLimit(700).withPageVersion(version);
                byte[] file = ParquetTestFiles.write(
                        schema,
                        opts,
                        new Object[] {sorted, random, names},
                        new boolean[][] {null, null, nameNulls},
                        n,
                        9_000);
                try (ParquetFileReader r = ParquetFileReader.open(file)) {
                    assertEquals(3, r.rowGroupCount());
                    int[] all = {0, 1, 2};
                    long groupStart = 0;
                    for (int g = 0; g < r.rowGroupCount(); g++) {
                        long rows = r.rowGroupRowCount(g);
                        List<List<Object>> full = new ArrayList<>();
                        for (List<ColumnBatch> c : r.decodeRowGroup(g, all, 1000, null)) {
                            full.add(rowsOf(c));
                        }
                        for (int k = 0; k < 30; k++) {
                            int column = k % 2;
                            byte[] lo;
                            byte[] hi;
                            long loT = sorted[0]
                                    + rnd.nextInt(
                                            sorted[n - 1] - sorted[0] > 0 ? (int) (sorted[n - 1] - sorted[0]) : 1);
                            long hiT = loT + rnd.nextInt(300);
                            double loX = rnd.nextGaussian() * 100;
                            double hiX = loX + 0.5;
                            if (column == 0) {
                                lo = ColumnStatistics.plain(loT);
                                hi = ColumnStatistics.plain(hiT);
                            } else {
                                lo = ColumnStatistics.plain(loX);
                                hi = ColumnStatistics.plain(hiX);
                            }
                            RowRanges ranges = r.rowRangesOverlapping(g, column, lo, hi);
                            int matching = 0;
                            for (int i = 0; i < rows; i++) {
                                int at = (int) groupStart + i;
                                boolean match = column == 0
                                        ? sorted[at] >= loT && sorted[at] <= hiT
                                        : random[at] >= loX && random[at] <= hiX;
                                if (match) {
                                    matching++;
                                    assertTrue(
                                            ranges.contains(i), "row " + i + " of group " + g + " matches: " + ranges);
                                }
                            }
                            if (column == 0) {
                                // sorted pages: at most the two pages at the ends beyond the matching rows
                                assertTrue(
                                        ranges.rowCount() <= matching + 2 * 700, ranges + " for " + matching + " rows");
                            }
                            List<List<ColumnBatch>> part =
                                    r.decodeRowGroup(g, all, ranges, 256, k % 3 == 0 ? pool : null);
                            for (int c = 0; c < 3; c++) {
                                List<Object> expected = new ArrayList<>();
                                for (int i = 0; i < ranges.count(); i++) {
                                    expected.addAll(full.get(c).subList((int) ranges.from(i), (int) ranges.to(i)));
                                }
                                assertEquals(expected, rowsOf(part.get(c)), "column " + c);
                                for (ColumnBatch b : part.get(c)) {
                                    assertTrue(b.levelCount() <= 256);
                                }
                            }
                        }
                        // a predicate no page can match, and the intersection of two predicates
                        assertEquals(
                                RowRanges.empty(),
                                r.rowRangesOverlapping(g, 0, ColumnStatistics.plain(Long.MAX_VALUE), null));
                        RowRanges a = r.rowRangesOverlapping(
                                g, 0, ColumnStatistics.plain(sorted[(int) groupStart + 100]), null);
                        RowRanges b = r.rowRangesOverlapping(
                                g, 0, null, ColumnStatistics.plain(sorted[(int) groupStart + 3000]));
                        RowRanges both = a.intersect(b);
                        for (int i = 0; i < rows; i++) {
                            assertEquals(a.contains(i) && b.contains(i), both.contains(i));
                            assertEquals(
                                    a.contains(i) || b.contains(i), a.union(b).contains(i));
                        }
                        groupStart += rows;
                    }
                    assertThrows(
                            IllegalArgumentException.class,
                            () -> r.decodeRowGroup(0, all, RowRanges.of(0, r.rowGroupRowCount(0) + 1), 10, null));
                    assertThrows(IllegalArgumentException.class, () -> r.rowRangesOverlapping(0, 0, new byte[4], null));
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** A file without page indexes (pyarrow writes none by default): every row of a row group may match. */
    @Test
    void withoutPageIndexesEveryRowIsKept() throws IOException {
        Path golden = Path.of("src/test/resources/parquet/pyarrow/v2_gzip_plain.parquet");
        try (ParquetFileReader r = ParquetFileReader.open(Files.readAllBytes(golden))) {
            for (int c = 0; c < r.columns().size(); c++) {
                if (r.columns().get(c).type() == PhysicalType.INT64
                        && r.columns().get(c).maxRepetitionLevel() == 0) {
                    assertEquals(null, r.readColumnIndex(0, c));
                    if (r.rowGroupsOverlapping(c, ColumnStatistics.plain(Long.MIN_VALUE), null).length > 0) {
                        assertEquals(
                                RowRanges.all(r.rowGroupRowCount(0)),
                                r.rowRangesOverlapping(0, c, ColumnStatistics.plain(Long.MIN_VALUE), null));
                        return;
                    }
                }
            }
        }
        throw new AssertionError("no INT64 column in " + golden);
    }

    /**
     * Column index bounds of long byte values are cut to 64 bytes (strings at character boundaries, still
     * UTF-8) and still hold every value of their page; pruning with them keeps every matching row.
     */
    @Test
    void longBinaryBoundsAreTruncatedAndStillHoldTheirPages() throws Exception {
        Random rnd = new Random(29);
        String[] alphabet = {"a", "b", "z", "~", "\u00e9", "\u4e2d", "\ud83d\ude00", "\u007f"};
        for (int k = 0; k < 3000; k++) {
            int len = rnd.nextInt(100);
            StringBuilder sb = new StringBuilder();
            while (sb.length() < len) {
                sb.append(alphabet[rnd.nextInt(alphabet.length)]);
            }
            byte[] v = sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
            byte[] raw = new byte[rnd.nextInt(100)];
            rnd.nextBytes(raw);
            if (k % 5 == 0) {
                Arrays.fill(raw, (byte) 0xFF);
            }
            for (boolean utf8 : new boolean[] {true, false}) {
                byte[] x = utf8 ? v : raw;
                byte[] lo = BoundTruncation.lower(x, 64);
                byte[] hi = BoundTruncation.upper(x, 64);
                // the bounds parquet-java 1.18.1 writes, byte for byte
                PrimitiveType binary =
                        Types.required(PrimitiveType.PrimitiveTypeName.BINARY).named("b");
                assertArrayEquals(
                        org.apache.parquet.internal.column.columnindex.ParquetJavaTruncation.lower(binary, x, 64), lo);
                assertArrayEquals(
                        org.apache.parquet.internal.column.columnindex.ParquetJavaTruncation.upper(binary, x, 64), hi);
                assertTrue(Arrays.compareUnsigned(lo, x) <= 0 && lo.length <= 64);
                assertTrue(Arrays.compareUnsigned(hi, x) >= 0);
                assertTrue(hi.length <= 64 || hi == x, "kept whole only when it cannot be raised");
                if (utf8) {
                    for (byte[] b : new byte[][] {lo, hi}) {
                        java.nio.charset.StandardCharsets.UTF_8
                                .newDecoder()
                                .decode(java.nio.ByteBuffer.wrap(b)); // throws if not UTF-8
                    }
                }
            }
        }
        int n = 4000;
        BinaryBatch names = new BinaryBatch();
        List<String> values = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String s = "prefix-shared-by-all-values-and-long-enough-to-pass-64-bytes-" + (char) ('a' + (i / 400))
                    + "\u00e9".repeat(rnd.nextInt(40)) + i;
            values.add(s);
            byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            names.append(b, 0, b.length);
        }
        ParquetColumn col =
                ParquetColumn.flat("s", PhysicalType.BYTE_ARRAY, 0, false).withLogicalType(ParquetLogicalType.string());
        ParquetWriteOptions opts =
                ParquetWriteOptions.defaults().withPageRowLimit(400).withDictionary(false);
        byte[] file = ParquetTestFiles.write(List.of(col), opts, new Object[] {names}, new boolean[1][], n, n);
        try (ParquetFileReader r = ParquetFileReader.open(file)) {
            org.apache.parquet.format.ColumnIndex ci = r.readColumnIndex(0, 0);
            assertEquals(10, ci.getMin_valuesSize());
            assertEquals(org.apache.parquet.format.BoundaryOrder.ASCENDING, ci.getBoundary_order());
            for (int p = 0; p < 10; p++) {
                assertTrue(bytes(ci.getMin_values().get(p)).length <= 64);
                assertTrue(bytes(ci.getMax_values().get(p)).length <= 64);
            }
            // chunk statistics stay whole
            assertEquals(
                    values.stream().max(String::compareTo).orElseThrow(),
                    new String(r.statistics(0, 0).max(), java.nio.charset.StandardCharsets.UTF_8));
            byte[] lo = "prefix-shared-by-all-values-and-long-enough-to-pass-64-bytes-c"
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8);
            byte[] hi = "prefix-shared-by-all-values-and-long-enough-to-pass-64-bytes-d"
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8);
            RowRanges ranges = r.rowRangesOverlapping(0, 0, lo, hi);
            for (int i = 0; i < n; i++) {
                byte[] v = values.get(i).getBytes(java.nio.charset.StandardCharsets.UTF_8);
                if (Arrays.compareUnsigned(v, lo) >= 0 && Arrays.compareUnsigned(v, hi) <= 0) {
                    assertTrue(ranges.contains(i), "row " + i);
                }
            }
            assertTrue(ranges.rowCount() <= 1200, ranges.toString());
        }
        // FIXED_LEN_BYTE_ARRAY bounds are truncated too, as parquet-java truncates them (a reader compares a
        // shorter bound as a prefix), and prune
        int width = 100;
        BinaryBatch fixed = new BinaryBatch();
        for (int i = 0; i < n; i++) {
            byte[] b = new byte[width];
            ByteIO.putIntBE(b, 0, i);
            fixed.append(b, 0, width);
        }
        ParquetColumn fixedCol = ParquetColumn.flat("f", PhysicalType.FIXED_LEN_BYTE_ARRAY, width, false);
        byte[] fixedFile =
                ParquetTestFiles.write(List.of(fixedCol), opts, new Object[] {fixed}, new boolean[1][], n, n);
        try (ParquetFileReader r = ParquetFileReader.open(fixedFile)) {
            org.apache.parquet.format.ColumnIndex ci = r.readColumnIndex(0, 0);
            assertEquals(64, bytes(ci.getMax_values().get(3)).length);
            byte[] v = new byte[width];
            ByteIO.putIntBE(v, 0, 1234);
            assertEquals(RowRanges.of(1200, 1600), r.rowRangesOverlapping(0, 0, v, v));
        }
    }

    @Test
    void rowRangesMergeIntersectAndUnite() {
        RowRanges a = RowRanges.of(0, 10, 10, 20, 30, 40);
        assertEquals(RowRanges.of(0, 20, 30, 40), a);
        assertEquals(2, a.count());
        assertEquals(30, a.rowCount());
        assertTrue(a.contains(0) && a.contains(19) && !a.contains(20) && a.contains(39) && !a.contains(40));
        RowRanges b = RowRanges.of(5, 35);
        assertEquals(RowRanges.of(5, 20, 30, 35), a.intersect(b));
        assertEquals(RowRanges.of(0, 40), a.union(b));
        assertEquals(RowRanges.empty(), a.intersect(RowRanges.empty()));
        assertEquals(a, a.union(RowRanges.empty()));
        assertFalse(RowRanges.empty().contains(0));
        assertThrows(IllegalArgumentException.class, () -> RowRanges.of(5, 3));
        assertThrows(IllegalArgumentException.class, () -> RowRanges.of(0, 10, 5, 20));
        assertThrows(IllegalArgumentException.class, () -> RowRanges.of(1));
        assertEquals("RowRanges[[0, 20), [30, 40)]", a.toString());
        assertTrue(Objects.equals(RowRanges.all(0), RowRanges.empty()));
    }

    /**
     * Chunk statistics whose minimum is above their maximum in the column's order (as writers that compare
     * DECIMAL bytes unsigned write -1, 0, 1: min 0x00, max 0xFF) prune nothing: the row holding 1 stays.
     */
    @Test
    void boundsThatContradictEachOtherPruneNothing() throws IOException {
        BinaryBatch b = new BinaryBatch();
        for (byte x : new byte[] {-1, 0, 1}) {
            b.append(new byte[] {x}, 0, 1);
        }
        ParquetColumn c = ParquetColumn.flat("d", PhysicalType.BYTE_ARRAY, 0, false)
                .withLogicalType(ParquetLogicalType.decimal(2, 0));
        byte[] file = ParquetTestFiles.write(
                List.of(c), ParquetWriteOptions.defaults(), new Object[] {b}, new boolean[1][], 3, 3);
        byte[] one = {1};
        byte[] two = {2};
        try (ParquetFileReader r = ParquetFileReader.open(file)) {
            // colcodec's own bounds: -1 and 1
            assertArrayEquals(new int[] {0}, r.rowGroupsOverlapping(0, one, one));
            assertArrayEquals(new int[0], r.rowGroupsOverlapping(0, two, two));
        }
        FileMetaData fmd = ParquetTestFiles.footer(file);
        org.apache.parquet.format.Statistics st =
                fmd.getRow_groups().get(0).getColumns().get(0).getMeta_data().getStatistics();
        st.setMin_value(new byte[] {0x00});
        st.setMax_value(new byte[] {(byte) 0xFF});
        try (ParquetFileReader r = ParquetFileReader.open(ParquetTestFiles.withFooter(file, fmd))) {
            assertEquals(ColumnStatistics.Order.SIGNED_BINARY, r.order(0));
            assertArrayEquals(new int[] {0}, r.rowGroupsOverlapping(0, one, one));
            assertArrayEquals(new int[] {0}, r.rowGroupsOverlapping(0, two, two), "nothing to go by");
            assertTrue(r.rowRangesOverlapping(0, 0, one, one).contains(2));
        }
    }
}
