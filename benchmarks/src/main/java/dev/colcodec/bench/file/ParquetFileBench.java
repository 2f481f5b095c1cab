package dev.colcodec.bench.file;

import dev.colcodec.bench.BenchSupport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Whole Parquet files: {@code rows} rows of {@code columns} INT64 columns plus one STRING column (see
 * {@link ParquetWorkload}), written to a temporary file and read back with every value consumed. colcodec
 * on 1 thread or a ForkJoinPool ({@code threads}: a count or {@code all} cores; columns are encoded and
 * decoded in parallel) vs parquet-java 1.18.1 (parquet-hadoop's writer with a record consumer fed from the
 * arrays, and its column readers; always one thread, so run it with {@code threads=1} only). Both read
 * the same file, written by parquet-java.
 *
 * <p>The score is whole files per second; the report multiplies it by {@code rows} (rows/s). The {@code
 * fileBytes} secondary metric is the file bytes written or read per second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {
            BenchSupport.ADD_VECTOR,
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow",
            "-Xmx8g",
            BenchSupport.FIXED_HEAP,
            BenchSupport.PRE_TOUCH
        })
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class ParquetFileBench {
    @Param({"colcodec", "parquet-java"})
    public String impl;

    @Param({"1", "all"})
    public String threads;

    @Param({"500000"})
    public int rows;

    @Param({"4", "8", "16"})
    public int columns;

    @Param({"random", "sorted"})
    public String data;

    @Param({"PLAIN", "DICTIONARY", "DELTA"})
    public String encoding;

    @Param({"SNAPPY", "ZSTD", "UNCOMPRESSED"})
    public String codec;

    ParquetWorkload workload;
    Path dir;
    Path readFile;
    Path writeFile;
    long readFileSize;
    private ForkJoinPool pool;

    /** File bytes per second, as a secondary metric. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class FileBytes {
        public long fileBytes;

        @Setup(Level.Iteration)
        public void reset() {
            fileBytes = 0;
        }
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) throws IOException {
        prepare(params.getBenchmark().endsWith(".read"));
    }

    /** Generates the data and, for the read benchmark, writes the file both libraries read. */
    public void prepare(boolean forRead) throws IOException {
        if (!impl.equals("colcodec") && !impl.equals("parquet-java")) {
            throw new IllegalArgumentException("impl must be colcodec or parquet-java: " + impl);
        }
        workload = ParquetWorkload.generate(rows, columns, data);
        dir = Files.createTempDirectory("colcodec-filebench");
        writeFile = dir.resolve("written.parquet");
        readFile = dir.resolve("read.parquet");
        pool = impl.equals("colcodec") ? Threads.pool(threads) : null;
        if (forRead) {
            readFileSize = workload.writeParquetJava(readFile, encoding, codec);
        }
    }

    /**
     * Removes the file a {@code write} left, outside the measured time, so that every write creates a new
     * file as a real writer does, instead of truncating the previous one (on ext4 that frees the old
     * file's blocks inside the timed open, the same cost for both libraries but no work of theirs).
     */
    @TearDown(Level.Invocation)
    public void removeWrittenFile() throws IOException {
        Files.deleteIfExists(writeFile);
    }

    /** With a pool, prints the two threads' placement before each iteration ({@link Threads#printPlacement}). */
    @Setup(Level.Iteration)
    public void printPlacement() throws InterruptedException {
        Threads.printPlacement(pool);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        Threads.close(pool);
        Files.deleteIfExists(writeFile);
        Files.deleteIfExists(readFile);
        Files.deleteIfExists(dir);
    }

    /** Writes the whole file; returns its size. */
    @Benchmark
    public long write(FileBytes counter) throws IOException {
        long size = impl.equals("colcodec")
                ? workload.writeColcodec(writeFile, encoding, codec, pool)
                : workload.writeParquetJava(writeFile, encoding, codec);
        counter.fileBytes += size;
        return size;
    }

    /** Reads the whole file, every value consumed. */
    @Benchmark
    public ParquetWorkload.ReadResult read(FileBytes counter) throws IOException {
        counter.fileBytes += readFileSize;
        return impl.equals("colcodec")
                ? ParquetWorkload.readColcodec(readFile, pool)
                : ParquetWorkload.readParquetJava(readFile);
    }
}
