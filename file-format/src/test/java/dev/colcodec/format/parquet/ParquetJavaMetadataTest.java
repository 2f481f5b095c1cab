package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.values.BinaryBatch;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.OffsetIndex;
import org.apache.parquet.format.PageLocation;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The footer fields parquet-java 1.18.1 writes about a chunk's pages, compared field by field with
 * colcodec's for the same rows and settings (V1 and V2 pages, with and without dictionaries, a dictionary
 * that falls back, an all-null string column): {@code encoding_stats} (pages per page type and encoding,
 * the dictionary page first, data page encodings in the order they first appear), {@code encodings}
 * (as a set; level encodings of V1 pages, none of V2), each V2 page's {@code is_compressed}, {@code
 * size_statistics} (the values' bytes for BYTE_ARRAY columns without their length prefixes; no level
 * histograms for flat columns) and the offset index (page locations and each page's value bytes).
 */
class ParquetJavaMetadataTest {
    private static final int ROWS = 1000;

    @TempDir
    Path tmp;

    private static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message m {"
            + " required int64 i64; optional binary s (STRING); required fixed_len_byte_array(3) f;"
            + " optional boolean b; optional binary e; optional int32 i32; optional binary one (STRING);"
            + " optional binary big; optional int32 u (INTEGER(32,false));"
            + " required fixed_len_byte_array(5) dec (DECIMAL(10,2)); optional int32 dec32 (DECIMAL(9,2));"
            + " optional int64 ts (TIMESTAMP(MILLIS,true)); }");

    private static List<ParquetColumn> columns() {
        return List.of(
                ParquetColumn.flat("i64", PhysicalType.INT64, 0, false),
                ParquetColumn.flat("s", PhysicalType.BYTE_ARRAY, 0, true).withLogicalType(ParquetLogicalType.string()),
                ParquetColumn.flat("f", PhysicalType.FIXED_LEN_BYTE_ARRAY, 3, false),
                ParquetColumn.flat("b", PhysicalType.BOOLEAN, 0, true),
                ParquetColumn.flat("e", PhysicalType.BYTE_ARRAY, 0, true),
                ParquetColumn.flat("i32", PhysicalType.INT32, 0, true),
                ParquetColumn.flat("one", PhysicalType.BYTE_ARRAY, 0, true)
                        .withLogicalType(ParquetLogicalType.string()),
                ParquetColumn.flat("big", PhysicalType.BYTE_ARRAY, 0, true),
                ParquetColumn.flat("u", PhysicalType.INT32, 0, true)
                        .withLogicalType(ParquetLogicalType.integer(32, false)),
                ParquetColumn.flat("dec", PhysicalType.FIXED_LEN_BYTE_ARRAY, 5, false)
                        .withLogicalType(ParquetLogicalType.decimal(10, 2)),
                ParquetColumn.flat("dec32", PhysicalType.INT32, 0, true)
                        .withLogicalType(ParquetLogicalType.decimal(9, 2)),
                ParquetColumn.flat("ts", PhysicalType.INT64, 0, true)
                        .withLogicalType(ParquetLogicalType.timestamp(ParquetLogicalType.Unit.MILLIS, true)));
    }

    /** Rows: repeated values first (a dictionary holds them), then distinct ones (it falls back). */
    private record Rows(long[] i64, byte[][] s, byte[][] f, boolean[] b, int[] i32, byte[][] big, byte[][] dec) {
        static Rows make(long seed) {
            Random r = new Random(seed);
            Rows rows = new Rows(
                    new long[ROWS],
                    new byte[ROWS][],
                    new byte[ROWS][],
                    new boolean[ROWS],
                    new int[ROWS],
                    new byte[ROWS][],
                    new byte[ROWS][]);
            for (int i = 0; i < ROWS; i++) {
                rows.i64[i] = i < 300 ? i % 7 : r.nextLong();
                rows.s[i] = i % 3 == 0
                        ? null
                        : ("v" + (i < 300 ? i % 5 : r.nextInt(1 << 20) + "-" + i)).getBytes(StandardCharsets.UTF_8);
                rows.f[i] = new byte[] {(byte) (i < 400 ? i % 3 : i), (byte) r.nextInt(i < 400 ? 1 : 256), 2};
                rows.b[i] = r.nextBoolean();
                rows.i32[i] = i < 500 ? i % 11 : r.nextInt();
                // bounds of 2,049 bytes each: 4,098 together, over parquet-java's 4,096 for statistics
                rows.big[i] = new byte[2049 + r.nextInt(40)];
                r.nextBytes(rows.big[i]);
                rows.dec[i] = new byte[5];
                r.nextBytes(rows.dec[i]);
            }
            return rows;
        }
    }

    private static void writeParquetJava(Path file, Rows rows, ParquetProperties.WriterVersion v, boolean dict)
            throws IOException {
        try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file))
                .withConf(new PlainParquetConfiguration())
                .withType(SCHEMA)
                .withWriterVersion(v)
                .withDictionaryEncoding(dict)
                .withDictionaryPageSize(600)
                .withPageRowCountLimit(100)
                .build()) {
            SimpleGroupFactory f = new SimpleGroupFactory(SCHEMA);
            for (int i = 0; i < ROWS; i++) {
                Group g = f.newGroup().append("i64", rows.i64[i]);
                if (rows.s[i] != null) {
                    g.append("s", Binary.fromConstantByteArray(rows.s[i]));
                }
                g.append("f", Binary.fromConstantByteArray(rows.f[i]));
                if (i % 4 != 0) {
                    g.append("b", rows.b[i]);
                }
                if (i % 5 != 0) {
                    g.append("i32", rows.i32[i]);
                    g.append("u", rows.i32[i]);
                    g.append("dec32", rows.i32[i]);
                    g.append("ts", rows.i64[i]);
                }
                if (i % 2 != 0) {
                    g.append("one", "same");
                }
                g.append("big", Binary.fromConstantByteArray(rows.big[i]));
                g.append("dec", Binary.fromConstantByteArray(rows.dec[i]));
                w.write(g);
            }
        }
    }

    private static void writeColcodec(Path file, Rows rows, ParquetProperties.WriterVersion v, boolean dict)
            throws IOException {
        BinaryBatch s = new BinaryBatch();
        BinaryBatch f = new BinaryBatch();
        BinaryBatch e = new BinaryBatch();
        boolean[] sNull = new boolean[ROWS];
        boolean[] bNull = new boolean[ROWS];
        boolean[] eNull = new boolean[ROWS];
        boolean[] iNull = new boolean[ROWS];
        BinaryBatch one = new BinaryBatch();
        boolean[] oneNull = new boolean[ROWS];
        BinaryBatch big = new BinaryBatch();
        BinaryBatch dec = new BinaryBatch();
        byte[] same = "same".getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < ROWS; i++) {
            one.append(same, 0, same.length);
            oneNull[i] = i % 2 == 0;
            big.append(rows.big[i], 0, rows.big[i].length);
            dec.append(rows.dec[i], 0, 5);
            sNull[i] = rows.s[i] == null;
            byte[] sv = sNull[i] ? new byte[0] : rows.s[i];
            s.append(sv, 0, sv.length);
            f.append(rows.f[i], 0, 3);
            e.append(new byte[0], 0, 0);
            eNull[i] = true;
            bNull[i] = i % 4 == 0;
            iNull[i] = i % 5 == 0;
        }
        ParquetWriteOptions o = ParquetWriteOptions.defaults()
                .withPageVersion(
                        v == ParquetProperties.WriterVersion.PARQUET_2_0
                                ? ParquetWriteOptions.PageVersion.V2
                                : ParquetWriteOptions.PageVersion.V1)
                .withDictionary(dict)
                .withMaxDictionaryBytes(600)
                .withPageRowLimit(100);
        try (ParquetFileWriter w = ParquetFileWriter.create(file, columns(), o)) {
            w.write(
                    new Object[] {rows.i64, s, f, rows.b, e, rows.i32, one, big, rows.i32, dec, rows.i32, rows.i64},
                    new boolean[][] {null, sNull, null, bNull, eNull, iNull, oneNull, null, iNull, null, iNull, iNull},
                    ROWS);
        }
    }

    @Test
    void pageEncodingStatsSizeStatisticsAndOffsetIndexesAreParquetJavas() throws IOException {
        Rows rows = Rows.make(99);
        int compared = 0;
        int fallbacks = 0;
        for (ParquetProperties.WriterVersion v : ParquetProperties.WriterVersion.values()) {
            for (boolean dict : new boolean[] {true, false}) {
                String what = v + (dict ? " dictionary" : " no dictionary");
                Path theirs = tmp.resolve("java-" + v + dict + ".parquet");
                Path ours = tmp.resolve("colcodec-" + v + dict + ".parquet");
                writeParquetJava(theirs, rows, v, dict);
                writeColcodec(ours, rows, v, dict);
                FileMetaData tf = ParquetTestFiles.footer(Files.readAllBytes(theirs));
                FileMetaData of = ParquetTestFiles.footer(Files.readAllBytes(ours));
                assertThat(of.getRow_groupsSize()).as(what).isEqualTo(1).isEqualTo(tf.getRow_groupsSize());
                try (ParquetFileReader tr = ParquetFileReader.open(theirs);
                        ParquetFileReader or = ParquetFileReader.open(ours)) {
                    for (int c = 0; c < columns().size(); c++) {
                        String col = what + " column " + columns().get(c).name();
                        ColumnChunk tc = tf.getRow_groups().get(0).getColumns().get(c);
                        ColumnChunk oc = of.getRow_groups().get(0).getColumns().get(c);
                        ColumnMetaData tm = tc.getMeta_data();
                        ColumnMetaData om = oc.getMeta_data();
                        assertThat(om.getEncoding_stats()).as(col).isEqualTo(tm.getEncoding_stats());
                        // parquet-java lists them from a hash set: the same set, in an order of its own
                        assertThat(new java.util.HashSet<>(om.getEncodings()))
                                .as(col)
                                .isEqualTo(new java.util.HashSet<>(tm.getEncodings()));
                        assertThat(om.getStatistics()).as(col).isEqualTo(tm.getStatistics());
                        assertThat(om.getSize_statistics()).as(col).isEqualTo(tm.getSize_statistics());
                        OffsetIndex ti = tr.readOffsetIndex(0, c);
                        OffsetIndex oi = or.readOffsetIndex(0, c);
                        assertThat(oi.getUnencoded_byte_array_data_bytes())
                                .as(col)
                                .isEqualTo(ti.getUnencoded_byte_array_data_bytes());
                        assertThat(firstRows(oi)).as(col).isEqualTo(firstRows(ti));
                        assertThat(v2Compressed(ours, oi)).as(col).isEqualTo(v2Compressed(theirs, ti));
                        assertThat(or.readColumnIndex(0, c)).as(col).isEqualTo(tr.readColumnIndex(0, c));
                        compared++;
                        if (tm.getEncoding_statsSize() == 3) {
                            fallbacks++; // a dictionary page, dictionary-encoded pages, then the fallback's
                        }
                    }
                }
            }
        }
        assertThat(compared).isEqualTo(48);
        assertThat(fallbacks).as("chunks whose dictionary fell back").isGreaterThanOrEqualTo(4);
    }

    /**
     * INT96 has no order, but parquet-java writes a chunk's bounds (min, max and the deprecated pair) when
     * all its values are equal; colcodec's chunk statistics are parquet-java's for equal values, values that
     * differ in one byte, nulls only, and one value among nulls.
     */
    @Test
    void int96ChunkStatisticsAreParquetJavas() throws IOException {
        byte[] a = new byte[12];
        byte[] b = new byte[12];
        for (int i = 0; i < 12; i++) {
            a[i] = (byte) (i * 17 + 3);
            b[i] = a[i];
        }
        b[11] ^= 1;
        byte[][][] cases = {{a, a, a}, {a, a, b}, {b, a}, {null, null}, {null, a, null}, {a}};
        org.apache.parquet.schema.PrimitiveType int96 = org.apache.parquet.schema.Types.optional(
                        org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT96)
                .named("t");
        for (byte[][] values : cases) {
            org.apache.parquet.column.statistics.Statistics<?> theirs =
                    org.apache.parquet.column.statistics.Statistics.createStats(int96);
            BinaryBatch batch = new BinaryBatch();
            boolean[] nulls = new boolean[values.length];
            for (int i = 0; i < values.length; i++) {
                if (values[i] == null) {
                    theirs.incrementNumNulls();
                    nulls[i] = true;
                    batch.append(new byte[0], 0, 0);
                } else {
                    theirs.updateStats(Binary.fromConstantByteArray(values[i]));
                    batch.append(values[i], 0, 12);
                }
            }
            byte[] file = ParquetTestFiles.write(
                    List.of(ParquetColumn.flat("t", PhysicalType.INT96, 0, true)),
                    ParquetWriteOptions.defaults(),
                    new Object[] {batch},
                    new boolean[][] {nulls},
                    values.length,
                    values.length);
            org.apache.parquet.format.Statistics ours = ParquetTestFiles.footer(file)
                    .getRow_groups()
                    .get(0)
                    .getColumns()
                    .get(0)
                    .getMeta_data()
                    .getStatistics();
            assertThat(ours)
                    .as(java.util.Arrays.deepToString(values))
                    .isEqualTo(
                            org.apache.parquet.format.converter.ParquetMetadataConverter.toParquetStatistics(theirs));
        }
    }

    /** Each V2 data page's {@code is_compressed} (empty for V1 pages). */
    private static List<Boolean> v2Compressed(Path file, OffsetIndex index) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        List<Boolean> flags = new java.util.ArrayList<>();
        for (org.apache.parquet.format.PageLocation loc : index.getPage_locations()) {
            org.apache.parquet.format.PageHeader h = ParquetThrift.readPageHeader(
                            bytes, (int) loc.getOffset(), loc.getCompressed_page_size(), 0)
                    .value();
            if (h.isSetData_page_header_v2()) {
                flags.add(h.getData_page_header_v2().isIs_compressed());
            }
        }
        return flags;
    }

    /**
     * Page bounds of long byte values in the column index are parquet-java's byte for byte: UTF-8 text cut
     * at a character boundary and raised as a character (non-ASCII and DEL last), other bytes cut at 64 and
     * raised with a carry, unannotated FIXED_LEN_BYTE_ARRAY(80) values as well.
     */
    @Test
    void truncatedColumnIndexBoundsAreParquetJavas() throws IOException {
        MessageType schema = MessageTypeParser.parseMessageType(
                "message m { optional binary s (STRING); optional binary raw; required fixed_len_byte_array(80) w; }");
        List<ParquetColumn> cols = List.of(
                ParquetColumn.flat("s", PhysicalType.BYTE_ARRAY, 0, true).withLogicalType(ParquetLogicalType.string()),
                ParquetColumn.flat("raw", PhysicalType.BYTE_ARRAY, 0, true),
                ParquetColumn.flat("w", PhysicalType.FIXED_LEN_BYTE_ARRAY, 80, false));
        Random r = new Random(5);
        String[] alphabet = {"a", "z", "~", "\u007f", "\u00e9", "\u00ff", "\u4e2d", "\ud83d\ude00", "\uffff"};
        int rows = 3000;
        byte[][] s = new byte[rows][];
        byte[][] raw = new byte[rows][];
        byte[][] w = new byte[rows][];
        for (int i = 0; i < rows; i++) {
            StringBuilder sb = new StringBuilder("prefix-");
            int len = 50 + r.nextInt(40);
            while (sb.length() < len) {
                sb.append(alphabet[r.nextInt(alphabet.length)]);
            }
            s[i] = sb.toString().getBytes(StandardCharsets.UTF_8);
            raw[i] = new byte[60 + r.nextInt(20)];
            r.nextBytes(raw[i]);
            if (i % 7 == 0) {
                java.util.Arrays.fill(raw[i], 40, raw[i].length, (byte) 0xFF);
            }
            w[i] = new byte[80];
            r.nextBytes(w[i]);
            if (i % 5 == 0) {
                java.util.Arrays.fill(w[i], 10, 80, (byte) 0xFF);
            }
        }
        Path theirs = tmp.resolve("java-long.parquet");
        try (ParquetWriter<Group> pw = ExampleParquetWriter.builder(new LocalOutputFile(theirs))
                .withConf(new PlainParquetConfiguration())
                .withType(schema)
                .withDictionaryEncoding(false)
                .withPageRowCountLimit(100)
                .build()) {
            SimpleGroupFactory f = new SimpleGroupFactory(schema);
            for (int i = 0; i < rows; i++) {
                Group g = f.newGroup();
                g.append("s", Binary.fromConstantByteArray(s[i]));
                g.append("raw", Binary.fromConstantByteArray(raw[i]));
                g.append("w", Binary.fromConstantByteArray(w[i]));
                pw.write(g);
            }
        }
        BinaryBatch sb = new BinaryBatch();
        BinaryBatch rb = new BinaryBatch();
        BinaryBatch wb = new BinaryBatch();
        for (int i = 0; i < rows; i++) {
            sb.append(s[i], 0, s[i].length);
            rb.append(raw[i], 0, raw[i].length);
            wb.append(w[i], 0, 80);
        }
        Path ours = tmp.resolve("colcodec-long.parquet");
        try (ParquetFileWriter pw = ParquetFileWriter.create(
                ours, cols, ParquetWriteOptions.defaults().withDictionary(false).withPageRowLimit(100))) {
            pw.write(new Object[] {sb, rb, wb}, new boolean[3][], rows);
        }
        int truncated = 0;
        try (ParquetFileReader tr = ParquetFileReader.open(theirs);
                ParquetFileReader or = ParquetFileReader.open(ours)) {
            for (int c = 0; c < cols.size(); c++) {
                org.apache.parquet.format.ColumnIndex ti = tr.readColumnIndex(0, c);
                assertThat(or.readColumnIndex(0, c)).as(cols.get(c).name()).isEqualTo(ti);
                for (java.nio.ByteBuffer b : ti.getMax_values()) {
                    truncated += b.remaining() <= 64 ? 1 : 0;
                }
            }
        }
        assertThat(truncated).as("pages whose max was truncated").isGreaterThan(60);
    }

    /**
     * A writer older than {@code min_value} and {@code max_value} left only the deprecated {@code min} and
     * {@code max}: they are read, and prune, where the bounds are signed numbers, as parquet-java reads
     * them, and ignored elsewhere (here a string column whose bounds are equal, where both are written).
     */
    @Test
    void deprecatedBoundsAreReadForSignedNumbersOnly() throws IOException {
        Path ours = tmp.resolve("colcodec.parquet");
        Rows rows = Rows.make(5);
        writeColcodec(ours, rows, ParquetProperties.WriterVersion.PARQUET_1_0, true);
        byte[] file = Files.readAllBytes(ours);
        FileMetaData fmd = ParquetTestFiles.footer(file);
        org.apache.parquet.format.Statistics i64 =
                fmd.getRow_groups().get(0).getColumns().get(0).getMeta_data().getStatistics();
        org.apache.parquet.format.Statistics one =
                fmd.getRow_groups().get(0).getColumns().get(6).getMeta_data().getStatistics();
        assertThat(i64.getMin()).isEqualTo(i64.getMin_value());
        assertThat(one.getMin()).isEqualTo(one.getMax()).isEqualTo("same".getBytes(StandardCharsets.UTF_8));
        for (ColumnChunk cc : fmd.getRow_groups().get(0).getColumns()) {
            cc.getMeta_data().getStatistics().unsetMin_value();
            cc.getMeta_data().getStatistics().unsetMax_value();
        }
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (long v : rows.i64) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        try (ParquetFileReader r = ParquetFileReader.open(ParquetTestFiles.withFooter(file, fmd))) {
            ColumnStatistics s = r.statistics(0, 0);
            assertThat(s.min()).isEqualTo(ColumnStatistics.plain(min));
            assertThat(s.max()).isEqualTo(ColumnStatistics.plain(max));
            assertThat(r.rowGroupsOverlapping(0, ColumnStatistics.plain(min), ColumnStatistics.plain(min)))
                    .containsExactly(0);
            if (max < Long.MAX_VALUE) {
                assertThat(r.rowGroupsOverlapping(0, ColumnStatistics.plain(max + 1), null))
                        .isEmpty();
            }
            assertThat(r.statistics(0, 6).hasMinMax()).isFalse();
            assertThat(r.statistics(0, 6).nullCount()).isEqualTo(ROWS / 2);
        }
    }

    private static List<Long> firstRows(OffsetIndex oi) {
        List<Long> rows = new ArrayList<>();
        for (PageLocation p : oi.getPage_locations()) {
            rows.add(p.getFirst_row_index());
        }
        return rows;
    }
}
