package dev.colcodec.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BenchMainTest {
    @Test
    void onlyAFirstArgumentBenchSelectsBenchFile() {
        assertThat(BenchMain.runsBenchFile(new String[] {"bench", "x.parquet"})).isTrue();
        assertThat(BenchMain.runsBenchFile(new String[] {"bench"})).isTrue();
        // JMH's own command lines
        assertThat(BenchMain.runsBenchFile(new String[] {})).isFalse();
        assertThat(BenchMain.runsBenchFile(new String[] {"-l"})).isFalse();
        assertThat(BenchMain.runsBenchFile(new String[] {"BitUnpackBench", "-p", "bitWidth=8"}))
                .isFalse();
        assertThat(BenchMain.runsBenchFile(new String[] {"file\\.TsSeedBench", "bench"}))
                .isFalse();
        assertThat(BenchMain.runsBenchFile(new String[] {"Bench"})).isFalse();
    }

    @Test
    void benchRunsBenchFileOnTheFileWithTheRestOfTheOptions() throws Exception {
        String file = BenchFileGoldenFilesTest.GOLDEN
                .resolve("parquet/pyarrow/v1_lz4_dlba.parquet")
                .toString();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            System.setOut(out);
            BenchMain.main(new String[] {"bench", "--warmup", "0", "--warmup-seconds", "0", "--runs", "1", file});
        } finally {
            System.setOut(saved);
        }
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertThat(text)
                .contains("Parquet, 2 columns")
                .contains("0 warm-up runs")
                .contains("the median of 1 timed runs")
                .contains("| column | type | rows | colcodec rows/s | parquet-java rows/s | speed-up |");
        assertThat(text.lines().filter(l -> l.startsWith("| str | BYTE_ARRAY | 1000 |")))
                .hasSize(1);
        assertThat(text.lines().filter(l -> l.startsWith("| i32 | INT32 | 1000 |")))
                .hasSize(1);
    }
}
