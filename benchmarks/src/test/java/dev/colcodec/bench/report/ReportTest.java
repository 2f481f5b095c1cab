package dev.colcodec.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportTest {
    private static String sample() throws Exception {
        try (InputStream in = ReportTest.class.getResourceAsStream("/sample-jmh.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void readsEveryPointOfTheCommittedSample() throws Exception {
        List<Report.Point> pts = Report.points(sample());
        assertThat(pts).hasSize(8);
        assertThat(pts).extracting(Report.Point::benchmark).containsOnly("BitUnpackBench.unpack");
        assertThat(pts)
                .extracting(Report.Point::impl)
                .contains("colcodec-vector", "colcodec-scalar", "parquet-java", "memcpy");
    }

    @Test
    void tableRowsMatchTheJsonScoresAndRatios() throws Exception {
        String json = sample();
        String md = Report.render(json);
        List<Report.Point> pts = Report.points(json);
        double vec = score(pts, "1", "colcodec-vector");
        double pj = score(pts, "1", "parquet-java");
        String row = md.lines().filter(l -> l.startsWith("| 1 |")).findFirst().orElseThrow();
        assertThat(row).contains(Report.human(vec)).contains(Report.human(pj));
        assertThat(row).contains(String.format(java.util.Locale.ROOT, "%.2fx", vec / pj));
        assertThat(md).contains("| bitWidth | colcodec-vector | colcodec-scalar | parquet-java | memcpy |");
    }

    @Test
    void mergingPartsKeepsEveryPoint() throws Exception {
        String one = sample();
        String merged = Report.merge(List.of(one, "[\n]\n\n", one + "\n\n"));
        assertThat(Report.points(merged)).hasSize(16);
    }

    @Test
    void chartsAreWrittenNextToTheMarkdownAndReferencedFromIt(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("results.json");
        Files.writeString(json, sample(), StandardCharsets.UTF_8);
        Path md = dir.resolve("report.md");
        Report.main(new String[] {"--out", md.toString(), json.toString()});

        String text = Files.readString(md, StandardCharsets.UTF_8);
        Path ratios = dir.resolve("BitUnpackBench.unpack-ratios.png");
        Path widths = dir.resolve("BitUnpackBench.unpack-bitwidth.png");
        assertThat(text)
                .contains("![BitUnpackBench.unpack-ratios.png](BitUnpackBench.unpack-ratios.png)")
                .contains("![BitUnpackBench.unpack-bitwidth.png](BitUnpackBench.unpack-bitwidth.png)");
        for (Path png : List.of(ratios, widths)) {
            assertThat(png).exists();
            var image = ImageIO.read(png.toFile());
            assertThat(image).as(png.toString()).isNotNull();
            assertThat(image.getWidth()).isEqualTo(Charts.WIDTH);
            assertThat(image.getHeight()).isEqualTo(Charts.HEIGHT);
        }
        // the tables are unchanged by the charts
        assertThat(text).startsWith(Report.render(sample()).substring(0, 200));
    }

    @Test
    void chartLinksAreRelativeToTheMarkdownFile(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("results.json");
        Files.writeString(json, sample(), StandardCharsets.UTF_8);
        Path md = dir.resolve("report.md");
        Report.main(new String[] {
            "--out", md.toString(), "--charts", dir.resolve("charts").toString(), json.toString()
        });
        assertThat(Files.readString(md, StandardCharsets.UTF_8)).contains("](charts/BitUnpackBench.unpack-ratios.png)");
        assertThat(dir.resolve("charts/BitUnpackBench.unpack-ratios.png")).isNotEmptyFile();
    }

    @Test
    void chartSeriesFollowTheTable() throws Exception {
        Report.Table t = Report.tables(Report.points(sample())).get(0);
        var ratios = Charts.ratioChart(t);
        assertThat(ratios.getSeriesMap().keySet())
                .containsExactly("vs colcodec-scalar", "vs parquet-java", "vs memcpy");
        var widths = Charts.bitWidthChart(t);
        assertThat(widths.getSeriesMap().keySet())
                .containsExactly("colcodec-vector", "colcodec-scalar", "parquet-java", "memcpy");
        List<Report.Point> pts = Report.points(sample());
        double vec = score(pts, "1", "colcodec-vector");
        double pj = score(pts, "1", "parquet-java");
        var bars = ratios.getSeriesMap().get("vs parquet-java");
        assertThat(bars.getYData().iterator().next().doubleValue()).isEqualTo(vec / pj);
        // always a linear axis, also when a slow baseline spreads the scores over two decades (XChart
        // would put log-scaled points under the linear human-readable labels)
        assertThat(widths.getStyler().isYAxisLogarithmic()).isFalse();
        String spread = sample().replace("2588423342.333146", "25884233.42333146");
        Report.Table wide = Report.tables(Report.points(spread)).get(0);
        assertThat(Charts.bitWidthChart(wide).getStyler().isYAxisLogarithmic()).isFalse();
    }

    @Test
    void benchmarksWithoutBitWidthGetOnlyRatioBars(@TempDir Path dir) throws Exception {
        String json = sample().replace("bitWidth", "size");
        String md = Report.render(json, dir);
        assertThat(md).contains("-ratios.png").doesNotContain("-bitwidth.png");
        try (var files = Files.list(dir)) {
            assertThat(files)
                    .hasSize(1)
                    .allSatisfy(f -> assertThat(Files.size(f)).isPositive());
        }
    }

    private static String filePoint(String method, String impl, String threads, double score) {
        return "{\"benchmark\": \"dev.colcodec.bench.file.TsSeedBench." + method + "\", \"params\": {\"impl\": \""
                + impl + "\", \"threads\": \"" + threads + "\", \"rows\": \"5000\", \"fields\": \"4\"},"
                + " \"primaryMetric\": {\"score\": " + score + ", \"scoreError\": 0.5}}";
    }

    @Test
    void wholeFileBenchmarksAreShownInRowsPerSecondWithThreadedColumns() {
        String json = "["
                + String.join(
                        ",",
                        filePoint("read", "colcodec", "1", 10),
                        filePoint("read", "colcodec", "2", 16),
                        filePoint("read", "tsfile", "1", 4),
                        filePoint("read", "tsfile", "2", 99),
                        filePoint("query", "colcodec", "1", 200),
                        filePoint("query", "tsfile", "1", 100))
                + "]";
        List<Report.Point> pts = Report.points(json);
        // the tsfile run at 2 threads is the same work as at 1: left out
        assertThat(pts).hasSize(5);
        assertThat(pts)
                .extracting(Report.Point::impl)
                .containsExactly("colcodec", "colcodec-2t", "tsfile", "colcodec", "tsfile");
        assertThat(pts).extracting(Report.Point::unit).containsOnly(Report.ROWS_PER_S);
        // read: files/s x rows; query: x 1% of rows
        assertThat(pts)
                .extracting(Report.Point::score)
                .containsExactly(50_000.0, 80_000.0, 20_000.0, 10_000.0, 5_000.0);
        assertThat(pts.get(0).error()).isEqualTo(2_500.0);
        assertThat(pts.get(0).params()).doesNotContainKey("threads").containsEntry("rows", "5000");

        String md = Report.render(json);
        assertThat(md)
                .contains("### TsSeedBench.read (rows/s)")
                .contains(
                        "| rows | fields | colcodec | colcodec-2t | tsfile | colcodec / tsfile | colcodec-2t / tsfile |")
                .contains("| 5000 | 4 | 50.0 k | 80.0 k | 20.0 k | 2.50x | 4.00x |")
                .contains("### TsSeedBench.query (rows/s)")
                .contains("| 5000 | 4 | 10.0 k | 5.0 k | 2.00x |");
    }

    private static String parquetPoint(String impl, String threads, double score, double bytesPerSecond) {
        return "{\"benchmark\": \"dev.colcodec.bench.file.ParquetFileBench.write\", \"params\": {\"impl\": \""
                + impl + "\", \"threads\": \"" + threads + "\", \"rows\": \"1000\", \"columns\": \"8\"},"
                + " \"primaryMetric\": {\"score\": " + score + ", \"scoreError\": 0.5},"
                + " \"secondaryMetrics\": {\"fileBytes\": {\"score\": " + bytesPerSecond
                + ", \"scoreUnit\": \"ops/s\"}}}";
    }

    /** ParquetFileBench's file-bytes counter becomes one MB/s column per implementation, after the ratios. */
    @Test
    void fileBytesAreShownInMegabytesPerSecond() {
        String json = "["
                + String.join(
                        ",",
                        parquetPoint("colcodec", "1", 5, 2_261_984_561.2),
                        parquetPoint("colcodec", "all", 8, 3_600_000_000.0),
                        parquetPoint("parquet-java", "1", 1, 45_250_000.0))
                + "]";
        List<Report.Point> pts = Report.points(json);
        assertThat(pts)
                .extracting(Report.Point::bytesPerSecond)
                .containsExactly(2_261_984_561.2, 3_600_000_000.0, 45_250_000.0);
        assertThat(Report.render(json))
                .contains("| rows | columns | colcodec | colcodec-all | parquet-java | colcodec / parquet-java"
                        + " | colcodec-all / parquet-java | colcodec MB/s | colcodec-all MB/s | parquet-java MB/s |")
                .contains("| 1000 | 8 | 5.0 k | 8.0 k | 1.0 k | 5.00x | 8.00x | 2262 | 3600 | 45.3 |");
        // benchmarks without the counter get no MB/s columns
        assertThat(Report.render("[" + filePoint("read", "colcodec", "1", 10) + "]"))
                .doesNotContain("MB/s");
        assertThat(Report.points("[" + filePoint("read", "colcodec", "1", 10) + "]")
                        .get(0)
                        .bytesPerSecond())
                .isNaN();
    }

    @Test
    void encodingBenchmarksKeepValuesPerSecond() throws Exception {
        assertThat(Report.points(sample())).extracting(Report.Point::unit).containsOnly(Report.VALUES_PER_S);
        assertThat(Report.render(sample())).contains("### BitUnpackBench.unpack (values/s)");
    }

    /**
     * A smoke run of the whole-file benchmarks (JMH -f 0 -wi 0 -i 1 -r 200ms at 20,000 rows, trimmed to the
     * fields the report reads): TsSeedBench at 4/8/16 fields (TS_2DIFF_LZ4; colcodec on 1 and 2 threads,
     * tsfile) plus 8 fields PLAIN_UNCOMPRESSED on one thread, and ParquetFileBench at 4/8/16 columns
     * (colcodec on 1 thread and every core, parquet-java). Its scores mean nothing; its shape is real.
     */
    private static String fileSample() throws Exception {
        try (InputStream in = ReportTest.class.getResourceAsStream("/file-jmh.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static Report.Table table(String json, String bench) {
        return Report.tables(Report.points(json)).stream()
                .filter(t -> t.bench().equals(bench))
                .findFirst()
                .orElseThrow();
    }

    /** The report's rows/s of one whole-file point. */
    private static double fileScore(
            List<Report.Point> pts, String bench, String columnParam, String columns, String encoding, String impl) {
        return pts.stream()
                .filter(p -> p.benchmark().equals(bench)
                        && p.params().get(columnParam).equals(columns)
                        && p.params().get("encoding").equals(encoding)
                        && p.impl().equals(impl))
                .findFirst()
                .orElseThrow()
                .score();
    }

    @Test
    void seedWorkloadChartsRowsPerSecondByColumnCountPerThreadCount() throws Exception {
        String json = fileSample();
        List<Report.Point> pts = Report.points(json);
        for (String method : List.of("read", "write", "query")) {
            String bench = "TsSeedBench." + method;
            List<Charts.ColumnScaling> charts = Charts.columnScaling(table(json, bench));
            // one chart per encoding
            assertThat(charts)
                    .extracting(c -> c.others().get("encoding"))
                    .containsExactly("TS_2DIFF_LZ4", "PLAIN_UNCOMPRESSED");
            Charts.ColumnScaling lz4 = charts.get(0);
            assertThat(lz4.columnParam()).isEqualTo("fields");
            assertThat(lz4.fileSuffix()).isEqualTo("-encoding_TS_2DIFF_LZ4");
            assertThat(lz4.columnCounts()).containsExactly("4", "8", "16");
            assertThat(lz4.series().keySet())
                    .containsExactly("colcodec 1 thread", "colcodec 2 threads", "tsfile 1 thread");
            Map<String, String> impls = Map.of(
                    "colcodec 1 thread", "colcodec", "colcodec 2 threads", "colcodec-2t", "tsfile 1 thread", "tsfile");
            for (Map.Entry<String, String> e : impls.entrySet()) {
                List<Double> expected = new ArrayList<>();
                for (String fields : List.of("4", "8", "16")) {
                    expected.add(fileScore(pts, bench, "fields", fields, "TS_2DIFF_LZ4", e.getValue()));
                }
                assertThat(lz4.series().get(e.getKey()))
                        .as(bench + " " + e.getKey())
                        .isEqualTo(expected);
            }
            // PLAIN was measured at 8 fields on one thread only
            Charts.ColumnScaling plain = charts.get(1);
            assertThat(plain.columnCounts()).containsExactly("8");
            assertThat(plain.series().keySet()).containsExactly("colcodec 1 thread", "tsfile 1 thread");
            assertThat(plain.series().get("tsfile 1 thread"))
                    .containsExactly(fileScore(pts, bench, "fields", "8", "PLAIN_UNCOMPRESSED", "tsfile"));

            // the chart draws exactly that data
            var chart = Charts.columnScalingChart(lz4);
            assertThat(chart.getSeriesMap().keySet())
                    .containsExactlyElementsOf(lz4.series().keySet());
            for (var s : chart.getSeriesMap().values()) {
                assertThat(new ArrayList<Object>(s.getXData())).containsExactly("4", "8", "16");
                assertThat(new ArrayList<Object>(s.getYData()))
                        .containsExactlyElementsOf(lz4.series().get(s.getName()));
            }
        }
    }

    @Test
    void parquetFileBenchChartsRowsPerSecondByColumnCountWithEveryCore() throws Exception {
        String json = fileSample();
        List<Report.Point> pts = Report.points(json);
        for (String method : List.of("read", "write")) {
            String bench = "ParquetFileBench." + method;
            List<Charts.ColumnScaling> charts = Charts.columnScaling(table(json, bench));
            assertThat(charts).hasSize(1);
            Charts.ColumnScaling c = charts.get(0);
            assertThat(c.columnParam()).isEqualTo("columns");
            assertThat(c.fileSuffix()).isEmpty();
            assertThat(c.others())
                    .containsEntry("codec", "SNAPPY")
                    .containsEntry("data", "random")
                    .containsEntry("encoding", "DICTIONARY")
                    .containsEntry("rows", "20000");
            assertThat(c.columnCounts()).containsExactly("4", "8", "16");
            assertThat(c.series().keySet())
                    .containsExactly("colcodec 1 thread", "colcodec all cores", "parquet-java 1 thread");
            assertThat(c.series().get("colcodec all cores").get(2))
                    .isEqualTo(fileScore(pts, bench, "columns", "16", "DICTIONARY", "colcodec-all"));
            assertThat(c.series().get("parquet-java 1 thread").get(0))
                    .isEqualTo(fileScore(pts, bench, "columns", "4", "DICTIONARY", "parquet-java"));
        }
    }

    @Test
    void columnCountChartsAreWrittenAndLinked(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("results.json");
        Files.writeString(json, fileSample(), StandardCharsets.UTF_8);
        Path md = dir.resolve("report.md");
        Report.main(new String[] {"--out", md.toString(), json.toString()});
        String text = Files.readString(md, StandardCharsets.UTF_8);
        List<String> expected = new ArrayList<>();
        for (String method : List.of("read", "write", "query")) {
            for (String encoding : List.of("TS_2DIFF_LZ4", "PLAIN_UNCOMPRESSED")) {
                expected.add("TsSeedBench." + method + "-columns-encoding_" + encoding + ".png");
            }
        }
        expected.add("ParquetFileBench.read-columns.png");
        expected.add("ParquetFileBench.write-columns.png");
        for (String name : expected) {
            Path png = dir.resolve(name);
            assertThat(text).contains("![" + name + "](" + name + ")");
            var image = ImageIO.read(png.toFile());
            assertThat(image).as(name).isNotNull();
            assertThat(image.getWidth()).isEqualTo(Charts.WIDTH);
            assertThat(image.getHeight()).isEqualTo(Charts.HEIGHT);
        }
        // the ratio bars are still drawn for the same tables
        assertThat(dir.resolve("TsSeedBench.read-ratios.png")).isNotEmptyFile();
    }

    @Test
    void aColumnCountMissingForOneImplementationIsAGapNotAZero(@TempDir Path dir) {
        String json = "["
                + String.join(
                        ",",
                        filePoint("read", "colcodec", "1", 10),
                        filePoint("read", "colcodec", "2", 16),
                        filePoint("read", "tsfile", "1", 4),
                        filePoint("read", "colcodec", "1", 12).replace("\"fields\": \"4\"", "\"fields\": \"16\""))
                + "]";
        Charts.ColumnScaling c =
                Charts.columnScaling(table(json, "TsSeedBench.read")).get(0);
        assertThat(c.columnCounts()).containsExactly("4", "16");
        assertThat(c.series().get("colcodec 1 thread")).containsExactly(50_000.0, 60_000.0);
        assertThat(c.series().get("colcodec 2 threads")).containsExactly(80_000.0, null);
        assertThat(c.series().get("tsfile 1 thread")).containsExactly(20_000.0, null);
        List<Path> written = Charts.write(table(json, "TsSeedBench.read"), dir);
        assertThat(written).contains(dir.resolve("TsSeedBench.read-columns.png"));
        assertThat(dir.resolve("TsSeedBench.read-columns.png")).isNotEmptyFile();
    }

    @Test
    void encodingBenchmarksGetNoColumnCountChart() throws Exception {
        assertThat(Charts.columnScaling(Report.tables(Report.points(sample())).get(0)))
                .isEmpty();
    }

    private static double score(List<Report.Point> pts, String width, String impl) {
        return pts.stream()
                .filter(p ->
                        p.params().get("bitWidth").equals(width) && p.impl().equals(impl))
                .findFirst()
                .orElseThrow()
                .score();
    }
}
