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
 * the dictionary page first, data page encodings in the order they first appear), {@code
 * size_statistics} (the values' bytes for BYTE_ARRAY columns without their length prefixes; no level
 * histograms for flat columns) and the offset index (page locations and each page's value bytes).
 */
class ParquetJavaMetadataTest {
    private static final int ROWS = 1000;

    @TempDir
    Path tmp;

    private static final MessageType SCHEMA = MessageTypeParser.parseMessageType("message m {"
            + " required int64 i64; optional binary s (STRING); required fixed_len_byte_array(3) f;"
            + " optional boolean b; optional binary e; optional int32 i32; }");

    private static List<ParquetColumn> columns() {
        return List.of(
                ParquetColumn.flat("i64", PhysicalType.INT64, 0, false),
                ParquetColumn.flat("s", PhysicalType.BYTE_ARRAY, 0, true).withLogicalType(ParquetLogicalType.string()),
                ParquetColumn.flat("f", PhysicalType.FIXED_LEN_BYTE_ARRAY, 3, false),
                ParquetColumn.flat("b", PhysicalType.BOOLEAN, 0, true),
                ParquetColumn.flat("e", PhysicalType.BYTE_ARRAY, 0, true),
                ParquetColumn.flat("i32", PhysicalType.INT32, 0, true));
    }

    /** Rows: repeated values first (a dictionary holds them), then distinct ones (it falls back). */
    private record Rows(long[] i64, byte[][] s, byte[][] f, boolean[] b, int[] i32) {
        static Rows make(long seed) {
            Random r = new Random(seed);
            Rows rows = new Rows(new long[ROWS], new byte[ROWS][], new byte[ROWS][], new boolean[ROWS], new int[ROWS]);
            for (int i = 0; i < ROWS; i++) {
                rows.i64[i] = i < 300 ? i % 7 : r.nextLong();
                rows.s[i] = i % 3 == 0
                        ? null
                        : ("v" + (i < 300 ? i % 5 : r.nextInt(1 << 20) + "-" + i)).getBytes(StandardCharsets.UTF_8);
                rows.f[i] = new byte[] {(byte) (i < 400 ? i % 3 : i), (byte) r.nextInt(i < 400 ? 1 : 256), 2};
                rows.b[i] = r.nextBoolean();
                rows.i32[i] = i < 500 ? i % 11 : r.nextInt();
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
                }
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
        for (int i = 0; i < ROWS; i++) {
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
                    new Object[] {rows.i64, s, f, rows.b, e, rows.i32},
                    new boolean[][] {null, sNull, null, bNull, eNull, iNull},
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
                        assertThat(om.getSize_statistics()).as(col).isEqualTo(tm.getSize_statistics());
                        OffsetIndex ti = tr.readOffsetIndex(0, c);
                        OffsetIndex oi = or.readOffsetIndex(0, c);
                        assertThat(oi.getUnencoded_byte_array_data_bytes())
                                .as(col)
                                .isEqualTo(ti.getUnencoded_byte_array_data_bytes());
                        assertThat(firstRows(oi)).as(col).isEqualTo(firstRows(ti));
                        compared++;
                        if (tm.getEncoding_statsSize() == 3) {
                            fallbacks++; // a dictionary page, dictionary-encoded pages, then the fallback's
                        }
                    }
                }
            }
        }
        assertThat(compared).isEqualTo(24);
        assertThat(fallbacks).as("chunks whose dictionary fell back").isGreaterThanOrEqualTo(4);
    }

    private static List<Long> firstRows(OffsetIndex oi) {
        List<Long> rows = new ArrayList<>();
        for (PageLocation p : oi.getPage_locations()) {
            rows.add(p.getFirst_row_index());
        }
        return rows;
    }
}
