package dev.colcodec.format.fuzz;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded differential fuzzing of colcodec against the reference implementations, tsfile 2.4.0 and
 * parquet-java 1.18.1. Each test runs one harness in one mode over a fixed number of deterministic seeds
 * (base seed + case index; even seeds with {@code KernelProvider.best()}, odd ones with the scalar
 * kernels) and fails with every failing case's harness, seed, one-line description and first exception.
 *
 * <ul>
 *   <li>{@link TsCodecFuzz}: every (encoding, type) pair colcodec supports, page by page. VALUES:
 *       colcodec reads tsfile's pages (by count: per value, batches, skips; and with an unknown count),
 *       writes tsfile's bytes (documented differences aside) which tsfile reads back, and reads its own
 *       pages back. DAMAGED: truncated or bit-flipped pages of either writer, read with right and wrong
 *       counts, give values or {@code CorruptInputException} only.
 *   <li>{@link TsTableFileFuzz}: table-model files. TSFILE_WRITES: colcodec's query, block iterator and
 *       scan read tsfile's files, and ranged, projected, device-filtered reads equal the full read
 *       filtered. COLCODEC_WRITES: tsfile's table query reads colcodec's files (full and time ranged), and
 *       colcodec reads them back. A third of the files of both modes are also damaged and read.
 *   <li>{@link TsTreeFileFuzz}: tree-model files (aligned and non-aligned devices, tablets and records)
 *       tsfile writes: colcodec's device and measurement listing, statistics, series and aligned queries.
 *   <li>{@link ParquetFileFuzz}: random flat and LIST schemas and writer settings. PARQUET_JAVA_WRITES:
 *       colcodec's chunk reads, row group decodes, pruning and Bloom filter probes. COLCODEC_WRITES:
 *       parquet-java reads the values, statistics, column and offset indexes and Bloom filters colcodec
 *       wrote, and its filtered read returns the matching rows. DAMAGED: damaged files read through
 *       every reader call give values or {@code CorruptInputException} only.
 *   <li>{@link BloomFilterFuzz}: Bloom filters of every covered physical type, written by parquet-java or
 *       colcodec: colcodec's reader has no false negatives, parquet-java reads colcodec's filters bit for
 *       bit, and damaged filter bytes give an answer or {@code CorruptInputException}.
 *   <li>{@link CliDamagedFuzz}: the command line tool (inspect, dump, rewrite, convert, in process) on
 *       damaged files of five writers: exit 0, or non-zero with one stderr line and no stack trace, and
 *       no exception but corrupt input (or the tool's own refusals) behind the line.
 *   <li>{@link ConvertFuzz}: {@code convert} of tsfile's table files to Parquet (against the data and
 *       tsfile's own query) and of parquet-java's flat files to TsFile (read by tsfile: the promised
 *       types, notes and values), and its documented refusals.
 * </ul>
 *
 * <p>Known differences of the reference implementations are excluded where they apply, each pointing
 * at the test that documents it. The default budget (about 35 s of tests on two cores) runs in {@code
 * verify}, in its own surefire execution ({@code fuzz-vector} in file-format's pom) whose JVM has the
 * vector module, so "best" kernels are the vector ones there. A long run, e.g. ten minutes per harness
 * from another base seed:
 *
 * <pre>
 * ./mvnw -B -ntp -o -pl codec-core,codec-simd,file-format verify -DskipITs \
 *     -Dtest=DifferentialFuzzTest -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dcolcodec.fuzz.seconds=600 -Dcolcodec.fuzz.seed=1000000
 * </pre>
 *
 * ({@code -Dcolcodec.fuzz.cases=N} runs N cases per harness instead; {@code -Dtest=DifferentialFuzzTest#tsTree}
 * runs one harness.) Replaying one failing case, verbosely, with the exception's full stack:
 *
 * <pre>
 * ./mvnw -B -ntp -o -pl codec-core,codec-simd,file-format verify -DskipITs \
 *     -Dtest=DifferentialFuzzTest -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dcolcodec.fuzz.replay=tsTableColcodecWrites:20261134
 * </pre>
 *
 * (the output is in {@code
 * file-format/target/surefire-reports/dev.colcodec.format.fuzz.DifferentialFuzzTest-vector-output.txt}).
 *
 * <p>The tag {@value #TAG} keeps the suite in the {@code fuzz-vector} execution and every other test
 * out of it (but those tagged {@code both-kernels}, which run in both), whatever {@code -Dtest} names.
 */
@org.junit.jupiter.api.Tag(DifferentialFuzzTest.TAG)
class DifferentialFuzzTest {
    /** The surefire group of the {@code fuzz-vector} execution. */
    static final String TAG = "differential-fuzz";

    @TempDir
    static Path dir;

    private static void fuzz(String harness, Supplier<? extends FuzzHarness> factory, int defaultCases) {
        Fuzzing.replayRequest()
                .ifPresent(replay -> Assumptions.assumeTrue(
                        replay.harness().equals(harness), "replaying " + replay.harness() + " only"));
        Fuzzing.Report report = Fuzzing.run(harness, factory, defaultCases);
        System.out.println(report.summary());
        if (!report.failures().isEmpty()) {
            fail(report.summary());
        }
    }

    @Test
    void tsCodecValues() {
        fuzz("tsCodecValues", () -> new TsCodecFuzz(TsCodecFuzz.Mode.VALUES), 250);
    }

    @Test
    void tsCodecDamaged() {
        fuzz("tsCodecDamaged", () -> new TsCodecFuzz(TsCodecFuzz.Mode.DAMAGED), 400);
    }

    @Test
    void tsTableTsFileWrites() {
        fuzz("tsTableTsFileWrites", () -> new TsTableFileFuzz(TsTableFileFuzz.Mode.TSFILE_WRITES, dir), 30);
    }

    @Test
    void tsTableColcodecWrites() {
        fuzz("tsTableColcodecWrites", () -> new TsTableFileFuzz(TsTableFileFuzz.Mode.COLCODEC_WRITES, dir), 30);
    }

    @Test
    void tsTree() {
        fuzz("tsTree", () -> new TsTreeFileFuzz(dir), 30);
    }

    @Test
    void parquetJavaWrites() {
        fuzz("parquetJavaWrites", () -> new ParquetFileFuzz(ParquetFileFuzz.Mode.PARQUET_JAVA_WRITES, dir), 25);
    }

    @Test
    void parquetColcodecWrites() {
        fuzz("parquetColcodecWrites", () -> new ParquetFileFuzz(ParquetFileFuzz.Mode.COLCODEC_WRITES, dir), 25);
    }

    @Test
    void parquetDamaged() {
        fuzz("parquetDamaged", () -> new ParquetFileFuzz(ParquetFileFuzz.Mode.DAMAGED, dir), 30);
    }

    @Test
    void cliDamaged() {
        fuzz("cliDamaged", () -> new CliDamagedFuzz(dir), 50);
    }

    @Test
    void convertFromTsFile() {
        fuzz("convertFromTsFile", () -> new ConvertFuzz(ConvertFuzz.Mode.TSFILE_TO_PARQUET, dir), 40);
    }

    @Test
    void convertFromParquet() {
        fuzz("convertFromParquet", () -> new ConvertFuzz(ConvertFuzz.Mode.PARQUET_TO_TSFILE, dir), 120);
    }

    @Test
    void parquetBloomFilters() {
        fuzz("parquetBloomFilters", () -> new BloomFilterFuzz(dir), 80);
    }
}
