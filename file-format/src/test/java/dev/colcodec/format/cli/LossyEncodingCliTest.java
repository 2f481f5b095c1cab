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
        Path p = tmp.resolve(name);
        TSFileConfig conf = TSFileDescriptor.getInstance().getConfig();
        int old = conf.getFloatPrecision();
        if (!props) {
            conf.setFloatPrecision(5);
        }
        Map<String, String> digits = props ? Map.of("max_point_number", "5") : Map.of();
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
                    VALUES.length);
            for (int i = 0; i < VALUES.length; i++) {
                tab.addTimestamp(i, i + 1);
                tab.addValue("id", i, "d1");
                tab.addValue("v", i, VALUES[i]);
                tab.addValue("f", i, (float) VALUES[i]);
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
