package dev.colcodec.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

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

    private static double score(List<Report.Point> pts, String width, String impl) {
        return pts.stream()
                .filter(p ->
                        p.params().get("bitWidth").equals(width) && p.impl().equals(impl))
                .findFirst()
                .orElseThrow()
                .score();
    }
}
