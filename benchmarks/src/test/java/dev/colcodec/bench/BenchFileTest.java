package dev.colcodec.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.colcodec.bench.file.ParquetWorkload;
import dev.colcodec.bench.file.TsSeedWorkload;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchFileTest {
    private static String runTool(Path file, List<BenchFile.ColumnResult>[] results) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            results[0] = BenchFile.run(file, new BenchFile.Repetitions(1, 0, 2), out);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static void checkTable(String text, List<BenchFile.ColumnResult> results, List<String> columns, long rows) {
        assertThat(results).extracting(BenchFile.ColumnResult::column).containsExactlyElementsOf(columns);
        for (BenchFile.ColumnResult r : results) {
            assertThat(r.rows()).as(r.column()).isEqualTo(rows);
            assertThat(r.colcodecRowsPerSecond()).as(r.column()).isPositive();
            assertThat(r.referenceRowsPerSecond()).as(r.column()).isPositive();
            assertThat(r.sameValues()).as(r.column()).isTrue();
            String line = text.lines()
                    .filter(l -> l.startsWith("| " + r.column() + " |"))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no row for " + r.column() + " in\n" + text));
            assertThat(line)
                    .contains("| " + rows + " |")
                    .contains(BenchFile.human(r.colcodecRowsPerSecond()))
                    .contains(BenchFile.human(r.referenceRowsPerSecond()))
                    .endsWith(String.format(java.util.Locale.ROOT, "%.2fx |", r.speedUp()));
        }
        assertThat(text).doesNotContain("values differ");
    }

    @Test
    @SuppressWarnings("unchecked")
    void listsEveryParquetColumnWithBothLibrariesRates(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("t.parquet");
        ParquetWorkload w = ParquetWorkload.generate(20_000, 4, "random");
        w.writeParquetJava(file, "DICTIONARY", "SNAPPY");
        List<BenchFile.ColumnResult>[] results = new List[1];
        String text = runTool(file, results);
        assertThat(text)
                .contains("Parquet, 5 columns")
                .contains("| column | type | rows | colcodec rows/s | parquet-java rows/s | speed-up |");
        checkTable(text, results[0], List.of("c0", "c1", "c2", "c3", "s"), 20_000);
    }

    @Test
    @SuppressWarnings("unchecked")
    void listsEveryTsFileColumnWithBothLibrariesRates(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("t.tsfile");
        TsSeedWorkload w = TsSeedWorkload.generate(70_000, 4, "TS_2DIFF_LZ4");
        w.writeTsFile(file, false);
        List<BenchFile.ColumnResult>[] results = new List[1];
        String text = runTool(file, results);
        assertThat(text).contains("TsFile, 4 columns").contains("| colcodec rows/s | tsfile rows/s | speed-up |");
        checkTable(text, results[0], List.of("seed.s0", "seed.s1", "seed.s2", "seed.s3"), 70_000);
    }

    @Test
    void rejectsOtherFiles(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("x.csv"), "a,b\n1,2\n");
        assertThrows(IllegalArgumentException.class, () -> BenchFile.detect(file));
    }
}
