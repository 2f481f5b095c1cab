package dev.colcodec.format.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Runs the packaged {@code target/colcodec-cli.jar} as a subprocess with the JDK running this test. */
class CliJarIT {
    private static final Path JAR = Path.of(System.getProperty("cli.jar", "target/colcodec-cli.jar"));
    private static final Path GOLDEN = Path.of("src/test/resources/parquet/pyarrow/v2_zstd_dict.parquet");

    private record Outcome(int status, String out, String err) {}

    private static Outcome java(String... args) throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new java.util.ArrayList<>(List.of(java.toString(), "-jar", JAR.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).start();
        p.getOutputStream().close();
        // small outputs: reading stdout to the end before stderr cannot block the child
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
        return new Outcome(p.exitValue(), out, err);
    }

    @Test
    void jarIsRunnableAndInspectsAGoldenFile() throws Exception {
        assertThat(JAR).isRegularFile();
        Outcome r = java("inspect", GOLDEN.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("format: Parquet")
                .contains("created_by: parquet-cpp-arrow version 26.0.1")
                .contains("row groups: 3")
                .contains("str: codec=ZSTD");
    }

    @Test
    void jarReportsAMissingFileInOneLine() throws Exception {
        Outcome r = java("dump", "no-such-file.parquet");
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err().lines().filter(l -> l.startsWith("colcodec: ")).toList())
                .containsExactly("colcodec: no such file: no-such-file.parquet");
        assertThat(r.err()).doesNotContain("\tat ");
        assertThat(Files.exists(Path.of("no-such-file.parquet"))).isFalse();
    }
}
