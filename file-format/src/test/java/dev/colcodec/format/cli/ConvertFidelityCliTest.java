package dev.colcodec.format.cli;

import static dev.colcodec.format.cli.CliFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileWriter;
import dev.colcodec.format.parquet.ParquetLogicalType;
import dev.colcodec.format.parquet.ParquetWriteOptions;
import dev.colcodec.format.tsfile.TsFileWriter;
import dev.colcodec.format.tsfile.TsTableSchema;
import dev.colcodec.format.tsfile.TsTablet;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import dev.colcodec.values.BinaryBatch;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code convert} leaves nothing out and changes nothing without a word (a review of session 40): options
 * given twice or empty, a TsFile of several tables, tags that are not strings, NaN payloads as tags, and
 * TEXT bytes that a Parquet STRING cannot hold.
 */
class ConvertFidelityCliTest {
    @TempDir
    Path tmp;

    private static void assertOneLine(CliFixtures.Result r, int status, String prefix) {
        assertThat(r.status()).as(r.err()).isEqualTo(status);
        assertThat(r.errLines()).singleElement().asString().startsWith(prefix);
    }

    @Test
    void anOptionGivenTwiceOrEmptyIsRefused() throws IOException {
        Path in = CliFixtures.sensors(tmp, Compression.UNCOMPRESSED);
        String out = tmp.resolve("o.tsfile").toString();
        assertOneLine(
                run("convert", in.toString(), out, "--time", "count", "--time", "ts", "--tags", "site"),
                2,
                "colcodec: convert: option --time given more than once ('count' and 'ts')");
        assertOneLine(
                run("convert", in.toString(), out, "--time", "ts", "--tags", "site", "--table", ""),
                2,
                "colcodec: convert: option --table needs a value, got an empty one");
        assertOneLine(
                run(
                        "convert",
                        in.toString(),
                        out,
                        "--time",
                        "ts",
                        "--encoding",
                        "temp=GORILLA",
                        "--encoding",
                        "temp=CHIMP"),
                2,
                "colcodec: convert: --encoding names column temp twice ('GORILLA' and 'CHIMP')");
        assertThat(tmp.resolve("o.tsfile")).doesNotExist();
    }

    private static TsTableSchema table(String name, TsDataType fieldType) {
        return new TsTableSchema(name, List.of(CliFixtures.tag("dev", Compression.LZ4_RAW), field("s", fieldType)));
    }

    /** A PLAIN, LZ4 FIELD column. */
    private static TsTableSchema.Column field(String name, TsDataType type) {
        return new TsTableSchema.Column(
                name, type, TsEncoding.PLAIN, Compression.LZ4_RAW, TsTableSchema.Category.FIELD);
    }

    /**
     * Parquet types TsFile has no type for are written as the nearest one it has, each with a note: 8- and
     * 16-bit integers as INT32, JSON and ENUM as STRING, INT96 and unannotated fixed-length bytes as BLOB.
     */
    @Test
    void typesTsFileCannotHoldAreNoted() throws IOException {
        Path in = tmp.resolve("types.parquet");
        BinaryBatch json = new BinaryBatch();
        BinaryBatch fixed = new BinaryBatch();
        BinaryBatch int96 = new BinaryBatch();
        for (int i = 0; i < 2; i++) {
            byte[] j = ("{\"a\":" + i + "}").getBytes(StandardCharsets.UTF_8);
            json.append(j, 0, j.length);
            fixed.append(new byte[] {1, 2, 3, (byte) i}, 0, 4);
            int96.append(new byte[12], 0, 12);
        }
        try (OutputStream os = Files.newOutputStream(in);
                ParquetFileWriter w = new ParquetFileWriter(
                        os,
                        List.of(
                                ParquetColumn.flat("ts", PhysicalType.INT64, 0, false),
                                ParquetColumn.flat("small", PhysicalType.INT32, 0, false)
                                        .withLogicalType(ParquetLogicalType.integer(8, true)),
                                ParquetColumn.flat("doc", PhysicalType.BYTE_ARRAY, 0, false)
                                        .withLogicalType(ParquetLogicalType.json()),
                                ParquetColumn.flat("fixed", PhysicalType.FIXED_LEN_BYTE_ARRAY, 4, false),
                                ParquetColumn.flat("legacy", PhysicalType.INT96, 12, false)),
                        ParquetWriteOptions.defaults())) {
            w.write(new Object[] {new long[] {1, 2}, new int[] {-3, 4}, json, fixed, int96}, new boolean[5][], 2);
        }
        CliFixtures.Result r =
                run("convert", in.toString(), tmp.resolve("o.tsfile").toString(), "--time", "ts");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("note: column small is INT(8, signed) in Parquet, which TsFile cannot hold: its values are"
                        + " written as INT32")
                .contains(
                        "note: column doc is JSON in Parquet, which TsFile cannot hold: its text is written as STRING")
                .contains("note: column fixed is FIXED_LEN_BYTE_ARRAY(4) in Parquet, which TsFile cannot hold")
                .contains("note: column legacy is INT96 in Parquet, which TsFile cannot hold");
        assertThat(run("inspect", tmp.resolve("o.tsfile").toString()).out())
                .contains("small: INT32 FIELD")
                .contains("doc: STRING FIELD")
                .contains("fixed: BLOB FIELD")
                .contains("legacy: BLOB FIELD");
    }

    /** A table of no FIELD column is written with a note (tsfile's reader returns none of its rows); a tag named twice is refused. */
    @Test
    void aTableWithoutFieldsIsNotedAndATagNamedTwiceRefused() throws IOException {
        Path in = CliFixtures.sensors(tmp, Compression.UNCOMPRESSED);
        CliFixtures.Result r = run(
                "convert",
                in.toString(),
                tmp.resolve("o.tsfile").toString(),
                "--time",
                "ts",
                "--tags",
                "site,temp,count,note");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("note: the table has no FIELD column");
        assertOneLine(
                run(
                        "convert",
                        in.toString(),
                        tmp.resolve("p.tsfile").toString(),
                        "--time",
                        "ts",
                        "--tags",
                        "site,site"),
                2,
                "colcodec: convert: --tags names site twice");
    }

    /** In a file with a FIELD column named time, {@code rewrite --encoding time=E} would set two columns: refused. */
    @Test
    void rewriteRefusesAnEncodingThatNamesTheTimeColumnAndAFieldAlike() throws IOException {
        Path in = tmp.resolve("time-field.tsfile");
        TsTableSchema t = new TsTableSchema(
                "t", List.of(CliFixtures.tag("dev", Compression.LZ4_RAW), field("time", TsDataType.INT64)));
        try (OutputStream os = Files.newOutputStream(in);
                TsFileWriter w = new TsFileWriter(os, List.of(t), new TsFileWriter.Options())) {
            w.write(new TsTablet(t).device("d").times(new long[] {1}, 1).longs("time", new long[] {5}, null));
        }
        Path out = tmp.resolve("o.tsfile");
        assertOneLine(
                run("rewrite", in.toString(), out.toString(), "--encoding", "time=GORILLA"),
                2,
                "colcodec: rewrite: --encoding time=... names both the time column and the FIELD column time");
        assertThat(out).doesNotExist();
        CliFixtures.Result ok = run("rewrite", in.toString(), out.toString(), "--codec", "zstd");
        assertThat(ok.status()).as(ok.err()).isZero();
    }

    /** A TsFile schema that names its time column (tsfile 2.4.0's may) gives the Parquet time column that name. */
    @Test
    void theTimeColumnKeepsTheNameTheSchemaGivesIt() throws Exception {
        Path in = tmp.resolve("named.tsfile");
        try (org.apache.tsfile.write.TsFileWriter w = new org.apache.tsfile.write.TsFileWriter(in.toFile())) {
            w.registerTableSchema(new org.apache.tsfile.file.metadata.TableSchema(
                    "t",
                    List.<org.apache.tsfile.write.schema.IMeasurementSchema>of(
                            new org.apache.tsfile.write.schema.MeasurementSchema(
                                    "ts", org.apache.tsfile.enums.TSDataType.TIMESTAMP),
                            new org.apache.tsfile.write.schema.MeasurementSchema(
                                    "id", org.apache.tsfile.enums.TSDataType.STRING),
                            new org.apache.tsfile.write.schema.MeasurementSchema(
                                    "v", org.apache.tsfile.enums.TSDataType.INT64)),
                    List.of(
                            org.apache.tsfile.enums.ColumnCategory.TIME,
                            org.apache.tsfile.enums.ColumnCategory.TAG,
                            org.apache.tsfile.enums.ColumnCategory.FIELD)));
            org.apache.tsfile.write.record.Tablet tab = new org.apache.tsfile.write.record.Tablet(
                    "t",
                    List.of("id", "v"),
                    List.of(org.apache.tsfile.enums.TSDataType.STRING, org.apache.tsfile.enums.TSDataType.INT64),
                    List.of(org.apache.tsfile.enums.ColumnCategory.TAG, org.apache.tsfile.enums.ColumnCategory.FIELD),
                    1);
            tab.addTimestamp(0, 1);
            tab.addValue("id", 0, "d1");
            tab.addValue("v", 0, 5L);
            w.writeTable(tab);
        }
        Path out = tmp.resolve("n.parquet");
        CliFixtures.Result r = run("convert", in.toString(), out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(run("dump", out.toString()).outLines()).containsExactly("ts,id,v", "1,d1,5");
        Path renamed = tmp.resolve("m.parquet");
        assertThat(run("convert", in.toString(), renamed.toString(), "--time", "at")
                        .status())
                .isZero();
        assertThat(run("dump", renamed.toString()).outLines()).first().isEqualTo("at,id,v");
    }

    /** A FLOAT16 NaN with a payload as a tag is refused, as a FLOAT or DOUBLE one is. */
    @Test
    void aFloat16NanWithAPayloadAsATagIsRefused() throws IOException {
        Path in = tmp.resolve("half.parquet");
        BinaryBatch k = new BinaryBatch();
        k.append(new byte[] {0x00, 0x7e}, 0, 2);
        k.append(new byte[] {0x01, 0x7e}, 0, 2);
        try (OutputStream os = Files.newOutputStream(in);
                ParquetFileWriter w = new ParquetFileWriter(
                        os,
                        List.of(
                                ParquetColumn.flat("ts", PhysicalType.INT64, 0, false),
                                ParquetColumn.flat("k", PhysicalType.FIXED_LEN_BYTE_ARRAY, 2, false)
                                        .withLogicalType(ParquetLogicalType.float16()),
                                ParquetColumn.flat("v", PhysicalType.INT64, 0, false)),
                        ParquetWriteOptions.defaults())) {
            w.write(new Object[] {new long[] {1, 2}, k, new long[] {5, 6}}, new boolean[3][], 2);
        }
        assertOneLine(
                run("convert", in.toString(), tmp.resolve("o.tsfile").toString(), "--time", "ts", "--tags", "k"),
                1,
                "colcodec: convert: a value of the tag column k is a NaN with a payload");
    }

    /** Options other than --encoding given twice are refused by every command; so are two --encoding names one TsFile column takes. */
    @Test
    void repeatedOptionsAreRefusedByEveryCommand() throws IOException {
        Path in = CliFixtures.sensors(tmp, Compression.UNCOMPRESSED);
        assertOneLine(
                run("advise", in.toString(), "--table", "a", "--table", "b"),
                2,
                "colcodec: advise: option --table given more than once ('a' and 'b')");
        Path ts = CliFixtures.tsfile(tmp);
        assertOneLine(
                run(
                        "rewrite",
                        ts.toString(),
                        tmp.resolve("o.tsfile").toString(),
                        "--encoding",
                        "V=PLAIN",
                        "--encoding",
                        "v=GORILLA"),
                2,
                "colcodec: rewrite: --encoding names V and v, one column in a TsFile");
    }

    /** Several string columns holding bytes that are not UTF-8 are all noted, each once. */
    @Test
    void severalColumnsThatAreNotUtf8AreAllNoted() throws IOException {
        Path in = tmp.resolve("texts.tsfile");
        TsTableSchema t = new TsTableSchema(
                "t",
                List.of(
                        CliFixtures.tag("dev", Compression.LZ4_RAW),
                        field("a", TsDataType.TEXT),
                        field("b", TsDataType.STRING)));
        try (OutputStream os = Files.newOutputStream(in);
                TsFileWriter w = new TsFileWriter(os, List.of(t), new TsFileWriter.Options())) {
            byte[][] bad = {{(byte) 0xff}, "ok".getBytes(StandardCharsets.UTF_8)};
            byte[][] good = {"x".getBytes(StandardCharsets.UTF_8), "y".getBytes(StandardCharsets.UTF_8)};
            w.write(new TsTablet(t)
                    .device("d1")
                    .times(new long[] {1, 2}, 2)
                    .binaries("a", bad, null)
                    .binaries("b", good, null));
            w.write(new TsTablet(t)
                    .device("d2")
                    .times(new long[] {1, 2}, 2)
                    .binaries("a", good, null)
                    .binaries("b", bad, null));
        }
        CliFixtures.Result r =
                run("convert", in.toString(), tmp.resolve("o.parquet").toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.outLines().stream().filter(l -> l.startsWith("note: column a holds")))
                .hasSize(1);
        assertThat(r.outLines().stream().filter(l -> l.startsWith("note: column b holds")))
                .hasSize(1);
        assertThat(run("dump", tmp.resolve("o.parquet").toString()).outLines())
                .containsExactly("time,dev,a,b", "1,d1,ff,78", "2,d1,6f6b,79", "1,d2,78,ff", "2,d2,79,6f6b");
    }

    /** A Parquet file holds one table: a TsFile of two is converted only with the one named. */
    @Test
    void aTsFileOfSeveralTablesConvertsOnlyTheTableNamed() throws IOException {
        Path in = tmp.resolve("two.tsfile");
        TsTableSchema t = table("t", TsDataType.STRING);
        TsTableSchema u = table("u", TsDataType.STRING);
        try (OutputStream os = Files.newOutputStream(in);
                TsFileWriter w = new TsFileWriter(os, List.of(t, u), new TsFileWriter.Options())) {
            for (TsTableSchema s : List.of(t, u)) {
                byte[][] v = {s.tableName().getBytes(StandardCharsets.UTF_8)};
                w.write(new TsTablet(s).device("d").times(new long[] {1}, 1).binaries("s", v, null));
            }
        }
        Path out = tmp.resolve("o.parquet");
        assertOneLine(
                run("convert", in.toString(), out.toString()),
                2,
                "colcodec: convert: the file holds 2 tables [t, u] and a Parquet file one: name it with --table");
        assertThat(out).doesNotExist();
        CliFixtures.Result ok = run("convert", in.toString(), out.toString(), "--table", "u");
        assertThat(ok.status()).as(ok.err()).isZero();
        assertThat(run("dump", out.toString()).outLines()).containsExactly("time,dev,s", "1,d,u");
    }

    /** A tag that is not a string is written as its text, with a note; a NaN whose text hides its payload is refused. */
    @Test
    void tagsThatAreNotStringsAreNotedAndNanPayloadsRefused() throws IOException {
        Path in = tmp.resolve("tags.parquet");
        double nanWithPayload = Double.longBitsToDouble(0x7ff8_0000_0000_0001L);
        try (OutputStream os = Files.newOutputStream(in);
                ParquetFileWriter w = new ParquetFileWriter(
                        os,
                        List.of(
                                ParquetColumn.flat("ts", PhysicalType.INT64, 0, false),
                                ParquetColumn.flat("k", PhysicalType.INT32, 0, false),
                                ParquetColumn.flat("x", PhysicalType.DOUBLE, 0, false),
                                ParquetColumn.flat("v", PhysicalType.INT64, 0, false)),
                        ParquetWriteOptions.defaults())) {
            w.write(
                    new Object[] {
                        new long[] {1, 2, 3},
                        new int[] {7, 7, 8},
                        new double[] {0.5, Double.NaN, nanWithPayload},
                        new long[] {10, 20, 30}
                    },
                    new boolean[4][],
                    3);
        }
        CliFixtures.Result ok =
                run("convert", in.toString(), tmp.resolve("k.tsfile").toString(), "--time", "ts", "--tags", "k");
        assertThat(ok.status()).as(ok.err()).isZero();
        assertThat(ok.out())
                .contains("note: tag k holds INT32 values; a TsFile tag is a STRING, so each is written as its text");
        Path bad = tmp.resolve("x.tsfile");
        assertOneLine(
                run("convert", in.toString(), bad.toString(), "--time", "ts", "--tags", "x"),
                1,
                "colcodec: convert: a value of the tag column x is a NaN with a payload");
        assertThat(bad).doesNotExist();
    }

    /**
     * TsFile's writers take any bytes as TEXT; a Parquet STRING must be UTF-8, so a column holding other bytes
     * is written as BYTE_ARRAY without the annotation, with a note, its bytes as they are.
     */
    @Test
    void textThatIsNotUtf8IsWrittenAsBytesWithANote() throws IOException {
        Path in = tmp.resolve("text.tsfile");
        TsTableSchema t = table("t", TsDataType.TEXT);
        try (OutputStream os = Files.newOutputStream(in);
                TsFileWriter w = new TsFileWriter(os, List.of(t), new TsFileWriter.Options())) {
            byte[][] v = {"ok".getBytes(StandardCharsets.UTF_8), {(byte) 0xff, (byte) 0xfe}};
            w.write(new TsTablet(t).device("d").times(new long[] {1, 2}, 2).binaries("s", v, null));
        }
        Path out = tmp.resolve("o.parquet");
        CliFixtures.Result r = run("convert", in.toString(), out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("note: column s holds values that are not valid UTF-8 (the first at row 1), so it is written"
                        + " as BYTE_ARRAY without the STRING annotation");
        assertThat(run("inspect", out.toString()).out())
                .contains("s: BYTE_ARRAY")
                .doesNotContain("s: BYTE_ARRAY STRING");
        assertThat(run("dump", out.toString()).outLines()).containsExactly("time,dev,s", "1,d,6f6b", "2,d,fffe");
        try (var files = Files.list(tmp)) {
            assertThat(files.filter(p -> p.getFileName().toString().contains("colcodec-tmp")))
                    .isEmpty();
        }
    }
}
