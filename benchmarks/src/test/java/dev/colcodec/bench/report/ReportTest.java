package dev.colcodec.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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

    @Test
    void encodingBenchmarksKeepValuesPerSecond() throws Exception {
        assertThat(Report.points(sample())).extracting(Report.Point::unit).containsOnly(Report.VALUES_PER_S);
        assertThat(Report.render(sample())).contains("### BitUnpackBench.unpack (values/s)");
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
