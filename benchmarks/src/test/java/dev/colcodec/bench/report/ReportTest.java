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
        // scores within one decade: linear axis; a slow baseline spreads them over two: log axis
        assertThat(widths.getStyler().isYAxisLogarithmic()).isFalse();
        String spread = sample().replace("2588423342.333146", "25884233.42333146");
        Report.Table wide = Report.tables(Report.points(spread)).get(0);
        assertThat(Charts.bitWidthChart(wide).getStyler().isYAxisLogarithmic()).isTrue();
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

    private static double score(List<Report.Point> pts, String width, String impl) {
        return pts.stream()
                .filter(p ->
                        p.params().get("bitWidth").equals(width) && p.impl().equals(impl))
                .findFirst()
                .orElseThrow()
                .score();
    }
}
