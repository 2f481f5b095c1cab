package dev.colcodec.format.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.tsfile.TsBlock;
import dev.colcodec.format.tsfile.TsFileReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.tsfile.common.conf.TSFileConfig;
import org.apache.tsfile.common.conf.TSFileDescriptor;
import org.apache.tsfile.enums.ColumnCategory;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.TableSchema;
import org.apache.tsfile.file.metadata.enums.CompressionType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.apache.tsfile.write.record.Tablet;
import org.apache.tsfile.write.schema.IMeasurementSchema;
import org.apache.tsfile.write.schema.MeasurementSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lossy TsFile encodings (TS_2DIFF and RLE of FLOAT and DOUBLE, which keep {@code max_point_number}
 * decimal digits, and CAMEL) in {@code rewrite} and {@code convert}: a column keeps the digits its property
 * says, and values the encoding would change are refused with one line, never written changed.
 */
class LossyEncodingCliTest {
    private static final double[] VALUES = {3.14159, 2.71828, 1.41421, -0.5};

    @TempDir
    Path tmp;

    /**
     * A TsFile written by tsfile 2.4.0 with a TS_2DIFF DOUBLE and an RLE FLOAT column of five decimal
     * digits: through the column property ({@code props}), or tsfile's global {@code float_precision},
     * which the file does not record.
     */
    private Path tsfileOfFiveDigits(String name, boolean props) throws Exception {
        return tsfileOfDigits(name, props, 5, VALUES);
    }

    private Path tsfileOfDigits(String name, boolean props, int digitsKept, double[] values) throws Exception {
        Path p = tmp.resolve(name);
        TSFileConfig conf = TSFileDescriptor.getInstance().getConfig();
        int old = conf.getFloatPrecision();
        if (!props) {
            conf.setFloatPrecision(digitsKept);
        }
        Map<String, String> digits = props ? Map.of("max_point_number", Integer.toString(digitsKept)) : Map.of();
        try (org.apache.tsfile.write.TsFileWriter w = new org.apache.tsfile.write.TsFileWriter(p.toFile())) {
            TableSchema s = new TableSchema(
                    "t",
                    List.<IMeasurementSchema>of(
                            new MeasurementSchema("id", TSDataType.STRING),
                            new MeasurementSchema(
                                    "v", TSDataType.DOUBLE, TSEncoding.TS_2DIFF, CompressionType.LZ4, digits),
                            new MeasurementSchema("f", TSDataType.FLOAT, TSEncoding.RLE, CompressionType.LZ4, digits)),
                    List.of(ColumnCategory.TAG, ColumnCategory.FIELD, ColumnCategory.FIELD));
            w.registerTableSchema(s);
            Tablet tab = new Tablet(
                    "t",
                    List.of("id", "v", "f"),
                    List.of(TSDataType.STRING, TSDataType.DOUBLE, TSDataType.FLOAT),
                    List.of(ColumnCategory.TAG, ColumnCategory.FIELD, ColumnCategory.FIELD),
                    values.length);
            for (int i = 0; i < values.length; i++) {
                tab.addTimestamp(i, i + 1);
                tab.addValue("id", i, "d1");
                tab.addValue("v", i, values[i]);
                tab.addValue("f", i, (float) values[i]);
            }
            w.writeTable(tab);
        } finally {
            conf.setFloatPrecision(old);
        }
        return p;
    }

    /** Every value of the file's table {@code t}, columns v and f, as their bits. */
    private static List<Long> bits(Path file) throws IOException {
        List<Long> out = new ArrayList<>();
        try (TsFileReader r = TsFileReader.open(file)) {
            for (TsBlock b : r.query("t", List.of("v", "f"), Long.MIN_VALUE, Long.MAX_VALUE)) {
                for (int i = 0; i < b.size(); i++) {
                    out.add(Double.doubleToRawLongBits(b.column(0).doubles()[i]));
                    out.add((long) Float.floatToRawIntBits(b.column(1).floats()[i]));
                }
            }
        }
        return out;
    }

    @Test
    void rewriteKeepsTheDigitsAColumnsMaxPointNumberSays() throws Exception {
        Path in = tsfileOfFiveDigits("in.tsfile", true);
        List<Long> before = bits(in);
        assertThat(before).contains(Double.doubleToRawLongBits(3.14159));
        for (String[] extra : new String[][] {{}, {"--codec", "zstd"}, {"--encoding", "v=RLE"}}) {
            Path out = tmp.resolve("out" + extra.length + ".tsfile");
            List<String> args = new ArrayList<>(List.of("rewrite", in.toString(), out.toString()));
            args.addAll(List.of(extra));
            CliFixtures.Result r = CliFixtures.run(args.toArray(String[]::new));
            assertThat(r.status()).as(r.err()).isZero();
            assertThat(bits(out)).as(String.join(" ", extra)).isEqualTo(before);
        }
    }

    /**
     * Values read from a lossy column are written back unchanged at its digits, also where tsfile's encoder
     * would move them by a unit in the last place (4501090.342589513 at 9 digits reads back as a value that
     * 10^9 times rounds to the integer above the one stored): rewrite accepts them and keeps their bits.
     */
    @Test
    void rewriteKeepsValuesALossyColumnGaveBackAtManyDigits() throws Exception {
        java.util.SplittableRandom r = new java.util.SplittableRandom(40);
        double[] values = new double[3000];
        values[0] = 4501090.342589513;
        for (int i = 1; i < values.length; i++) {
            values[i] = (r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(0, 8));
        }
        Path in = tsfileOfDigits("nine.tsfile", true, 9, values);
        Path out = tmp.resolve("out.tsfile");
        CliFixtures.Result res = CliFixtures.run("rewrite", in.toString(), out.toString());
        assertThat(res.status()).as(res.err()).isZero();
        assertThat(bits(out)).isEqualTo(bits(in));
    }

    /**
     * A file whose columns keep five digits by tsfile's global setting says nothing of them: rewrite, which
     * would write them with the default two, refuses instead, naming the column and a way out.
     */
    @Test
    void rewriteRefusesValuesItsLossyEncodingWouldChange() throws Exception {
        Path in = tsfileOfFiveDigits("in.tsfile", false);
        Path out = tmp.resolve("out.tsfile");
        CliFixtures.Result r = CliFixtures.run("rewrite", in.toString(), out.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err().strip())
                .startsWith("colcodec: rewrite: column v: TS_2DIFF keeps 2 decimal digits of DOUBLE values")
                .contains("3.14159 would become 3.14")
                .contains("--encoding v=GORILLA")
                .doesNotContain("\n");
        assertThat(out).doesNotExist();
        Path lossless = tmp.resolve("lossless.tsfile");
        CliFixtures.Result ok = CliFixtures.run(
                "rewrite", in.toString(), lossless.toString(), "--encoding", "v=GORILLA", "--encoding", "f=GORILLA");
        assertThat(ok.status()).as(ok.err()).isZero();
        assertThat(bits(lossless)).isEqualTo(bits(in));
    }

    /**
     * CAMEL stores each page's first value exactly: the check encodes the column in the writer's pages, so a
     * value CAMEL would change elsewhere but keeps there passes, as it comes back unchanged.
     */
    @Test
    void camelIsCheckedPageByPage() throws Exception {
        int n = 20_000;
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = i * 0.5;
        }
        v[10_000] = 54.278999999999996;
        assertRewrittenWithCamelUnchanged(tableOf(v, null), v);
    }

    /**
     * The check cuts the rows into the pages the writer will: large strings beside the column make every
     * row a page, where CAMEL stores each value exactly, so a value CAMEL would change inside a longer page
     * is taken, and comes back unchanged.
     */
    @Test
    void camelIsCheckedInThePagesTheWriterCuts() throws Exception {
        int n = 12;
        double[] v = new double[n];
        byte[][] big = new byte[n][];
        for (int i = 0; i < n; i++) {
            v[i] = 4994.5 + i * 0.5;
            big[i] = new byte[40_000];
        }
        v[10] = 54.278999999999996;
        // one page of these values, as without the strings, changes v[10]
        dev.colcodec.tsfile.camel.CamelWriter camel = new dev.colcodec.tsfile.camel.CamelWriter();
        camel.writeDoubles(v, 0, n);
        byte[] page = camel.toByteArray();
        dev.colcodec.tsfile.camel.CamelReader reader = new dev.colcodec.tsfile.camel.CamelReader();
        reader.init(n, page, 0, page.length);
        double[] back = new double[n];
        reader.readDoubles(back, 0, n);
        assertThat(back[10]).isNotEqualTo(v[10]);
        assertRewrittenWithCamelUnchanged(tableOf(v, big), v);
    }

    /**
     * A colcodec TsFile of table t, device d, rows at times 1, 2, ...: DOUBLE {@code v} (GORILLA) and, with
     * {@code strings}, STRING {@code s}.
     */
    private Path tableOf(double[] v, byte[][] strings) throws IOException {
        int n = v.length;
        List<dev.colcodec.format.tsfile.TsTableSchema.Column> cols = new ArrayList<>();
        cols.add(CliFixtures.tag("id", Compression.LZ4_RAW));
        cols.add(lz4Field("v", dev.colcodec.tsfile.TsDataType.DOUBLE, dev.colcodec.tsfile.TsEncoding.GORILLA));
        if (strings != null) {
            cols.add(lz4Field("s", dev.colcodec.tsfile.TsDataType.STRING, dev.colcodec.tsfile.TsEncoding.PLAIN));
        }
        dev.colcodec.format.tsfile.TsTableSchema schema = new dev.colcodec.format.tsfile.TsTableSchema("t", cols);
        long[] times = new long[n];
        for (int i = 0; i < n; i++) {
            times[i] = i + 1;
        }
        Path in = tmp.resolve("in" + n + ".tsfile");
        try (java.io.OutputStream os = Files.newOutputStream(in);
                dev.colcodec.format.tsfile.TsFileWriter w = new dev.colcodec.format.tsfile.TsFileWriter(
                        os, List.of(schema), new dev.colcodec.format.tsfile.TsFileWriter.Options())) {
            dev.colcodec.format.tsfile.TsTablet t = new dev.colcodec.format.tsfile.TsTablet(schema)
                    .device("d")
                    .times(times, n)
                    .doubles("v", v, null);
            if (strings != null) {
                t.binaries("s", strings, null);
            }
            w.write(t);
        }
        return in;
    }

    /** A FIELD column of {@code type} and {@code encoding}, LZ4_RAW-compressed. */
    private static dev.colcodec.format.tsfile.TsTableSchema.Column lz4Field(
            String name, dev.colcodec.tsfile.TsDataType type, dev.colcodec.tsfile.TsEncoding encoding) {
        return new dev.colcodec.format.tsfile.TsTableSchema.Column(
                name, type, encoding, Compression.LZ4_RAW, dev.colcodec.format.tsfile.TsTableSchema.Category.FIELD);
    }

    /** {@code rewrite --encoding v=CAMEL} of {@code in} succeeds and gives column v back as {@code v}, bit for bit. */
    private void assertRewrittenWithCamelUnchanged(Path in, double[] v) throws IOException {
        Path out = tmp.resolve("camel.tsfile");
        CliFixtures.Result r = CliFixtures.run("rewrite", in.toString(), out.toString(), "--encoding", "v=CAMEL");
        assertThat(r.status()).as(r.err()).isZero();
        List<Long> got = new ArrayList<>();
        try (TsFileReader b = TsFileReader.open(out)) {
            for (TsBlock y : b.query("t", List.of("v"), Long.MIN_VALUE, Long.MAX_VALUE)) {
                for (int i = 0; i < y.size(); i++) {
                    got.add(Double.doubleToRawLongBits(y.column(0).doubles()[i]));
                }
            }
        }
        assertThat(got)
                .containsExactlyElementsOf(java.util.Arrays.stream(v)
                        .mapToObj(Double::doubleToRawLongBits)
                        .toList());
    }

    /** convert's hint names the column as convert's --encoding takes it: by its Parquet name. */
    @Test
    void convertsHintNamesTheParquetColumn() throws IOException {
        Path in = tmp.resolve("Upper.parquet");
        try (java.io.OutputStream os = Files.newOutputStream(in);
                dev.colcodec.format.parquet.ParquetFileWriter w = new dev.colcodec.format.parquet.ParquetFileWriter(
                        os,
                        List.of(
                                dev.colcodec.format.parquet.ParquetColumn.flat(
                                        "ts", dev.colcodec.parquet.PhysicalType.INT64, 0, false),
                                dev.colcodec.format.parquet.ParquetColumn.flat(
                                        "Temp", dev.colcodec.parquet.PhysicalType.DOUBLE, 0, false)),
                        dev.colcodec.format.parquet.ParquetWriteOptions.defaults())) {
            w.write(new Object[] {new long[] {1, 2}, new double[] {1.5, 3.14159}}, new boolean[2][], 2);
        }
        CliFixtures.Result r = CliFixtures.run(
                "convert",
                in.toString(),
                tmp.resolve("o.tsfile").toString(),
                "--time",
                "ts",
                "--encoding",
                "Temp=TS_2DIFF");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err())
                .contains("column Temp: TS_2DIFF keeps 2 decimal digits of DOUBLE values, so 3.14159")
                .contains("--encoding Temp=GORILLA")
                .doesNotContain("max_point_number");
    }

    @Test
    void convertRefusesALossyEncodingThatWouldChangeValues() throws IOException {
        Path in = CliFixtures.sensors(tmp, Compression.UNCOMPRESSED);
        for (String enc : new String[] {"TS_2DIFF", "RLE"}) {
            Path out = tmp.resolve(enc + ".tsfile");
            CliFixtures.Result r = CliFixtures.run(
                    "convert",
                    in.toString(),
                    out.toString(),
                    "--time",
                    "ts",
                    "--tags",
                    "site",
                    "--encoding",
                    "temp=" + enc);
            assertThat(r.status()).as(r.err()).isEqualTo(2);
            assertThat(r.err().strip())
                    .startsWith("colcodec: convert: column temp: " + enc + " keeps 2 decimal digits of DOUBLE values")
                    .doesNotContain("\n");
            assertThat(out).doesNotExist();
        }
        assertThat(Files.list(tmp).filter(p -> p.toString().endsWith(".tsfile")))
                .isEmpty();
    }
}
