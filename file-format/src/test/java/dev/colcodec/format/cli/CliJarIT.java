package dev.colcodec.format.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileWriter;
import dev.colcodec.format.parquet.ParquetLogicalType;
import dev.colcodec.format.parquet.ParquetWriteOptions;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.values.BinaryBatch;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the packaged {@code target/colcodec-cli.jar} as a subprocess with the JDK running this test. */
class CliJarIT {
    private static final Path JAR = Path.of(System.getProperty("cli.jar", "target/colcodec-cli.jar"));
    private static final Path GOLDEN = Path.of("src/test/resources/parquet/pyarrow/v2_zstd_dict.parquet");

    private record Outcome(int status, String out, String err) {}

    private static Outcome java(String... args) throws IOException, InterruptedException {
        return java(List.of(), args);
    }

    /** Runs the jar with {@code jvmOptions} before {@code -jar}, in the C locale. */
    private static Outcome java(List<String> jvmOptions, String... args) throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new java.util.ArrayList<>(List.of(java.toString()));
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", JAR.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("LC_ALL", "C");
        pb.environment().put("LANG", "C");
        Process p = pb.start();
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

    /** dump writes UTF-8 even where the locale and the JVM's stdout charset are ASCII. */
    @Test
    void dumpWritesUtf8WhateverTheLocale(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("utf8.parquet");
        BinaryBatch s = new BinaryBatch();
        byte[] v = "caf\u00e9 \u6771\u4eac".getBytes(StandardCharsets.UTF_8);
        s.append(v, 0, v.length);
        try (ParquetFileWriter w = ParquetFileWriter.create(
                file,
                List.of(ParquetColumn.flat("s", PhysicalType.BYTE_ARRAY, 0, false)
                        .withLogicalType(ParquetLogicalType.string())),
                ParquetWriteOptions.defaults())) {
            w.write(new Object[] {s}, null, 1);
        }
        Outcome r =
                java(List.of("-Dstdout.encoding=US-ASCII", "-Dsun.stdout.encoding=US-ASCII"), "dump", file.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out().lines().toList()).containsExactly("s", "caf\u00e9 \u6771\u4eac");
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
