package dev.colcodec.bench.file;

import dev.colcodec.bench.BenchSupport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
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
 * The TsFile seed workload ({@link TsSeedWorkload}): one device, {@code fields} INT64 columns of
 * xorshift64 values, {@code rows} rows in tablets of 65,536. {@code write} writes the whole file,
 * {@code read} reads every row back, {@code query} reads the middle 1% of the rows by time range (colcodec
 * peeks at chunk and page statistics to skip the rest). colcodec on 1 thread or a ForkJoinPool of {@code
 * threads} (value columns encoded and decoded in parallel) vs tsfile 2.4.0 Java ({@code writeTable} of
 * Tablets, each with its device given; query API with {@code getLong} per value; always one thread, so run
 * it with {@code threads=1} only). {@code sync=true} makes every write force its file to the storage
 * device, as tsfile's writer does unless its output is told not to (by default neither does). {@code read} and {@code query} read the same file, written by tsfile. {@code colcodec-parts}
 * (run it by naming it: {@code -p impl=colcodec-parts}) reads in one part per thread instead ({@link
 * dev.colcodec.format.tsfile.TsFileReader#scanPart}).
 *
 * <p>{@code memcpy} is the floor under both libraries: the data moved with no encoding or decoding, on
 * one thread. Its {@code write} reads every time stamp and value of the rows once (summing them into
 * {@link #inputSum}) and puts the bytes of the file colcodec writes (encoded in the setup) into a new
 * file through colcodec's file stream; its {@code read} maps the file the libraries read and sums it as
 * longs; its {@code query} does that for the middle 1% of the file's bytes.
 *
 * <p>The score is operations per second; the report multiplies {@code write} and {@code read} by {@code
 * rows} (rows/s) and {@code query} by the 1% of rows it returns.
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
public class TsSeedBench {
    /**
     * An {@code impl} not in the default list: colcodec reading in {@code threads} parts ({@link
     * TsSeedWorkload#readColcodecParts}), each thread decoding and consuming its own rows, where {@code
     * colcodec} decodes one scan's value columns on the pool; it writes as {@code colcodec} does.
     */
    static final String COLCODEC_PARTS = "colcodec-parts";

    @Param({"colcodec", "tsfile", "memcpy"})
    public String impl;

    @Param({"1", "2"})
    public String threads;

    @Param({"500000"})
    public int rows;

    @Param({"4", "8", "16"})
    public int fields;

    @Param({"TS_2DIFF_LZ4", "PLAIN_UNCOMPRESSED"})
    public String encoding;

    /**
     * Whether every {@code write} forces its file to the storage device when it closes (tsfile's writer
     * does by default): true measures the device as much as the libraries; false (default) neither
     * library waits for it.
     */
    @Param({"false"})
    public boolean sync;

    TsSeedWorkload workload;
    Path dir;
    Path readFile;
    Path writeFile;
    long[] range;
    /** For {@code memcpy}'s write: the file colcodec writes. */
    byte[] colcodecBytes;
    /** The sum of the rows' time stamps and values that {@code memcpy}'s write reads. */
    public long inputSum;

    private ForkJoinPool pool;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) throws IOException {
        prepare(!params.getBenchmark().endsWith(".write"));
    }

    /** Generates the rows and, for the read and query benchmarks, writes the file both libraries read. */
    public void prepare(boolean forRead) throws IOException {
        if (!impl.equals("colcodec")
                && !impl.equals(COLCODEC_PARTS)
                && !impl.equals("tsfile")
                && !impl.equals("memcpy")) {
            throw new IllegalArgumentException("impl must be colcodec, colcodec-parts, tsfile or memcpy: " + impl);
        }
        workload = TsSeedWorkload.generate(rows, fields, encoding);
        range = workload.onePercentRange();
        dir = Files.createTempDirectory("colcodec-seedbench");
        writeFile = dir.resolve("written.tsfile");
        readFile = dir.resolve("read.tsfile");
        pool = impl.startsWith("colcodec") ? Threads.pool(threads) : null;
        if (forRead) {
            workload.writeTsFile(readFile, false);
        } else if (impl.equals("memcpy")) {
            workload.writeColcodec(writeFile, null, false);
            colcodecBytes = Files.readAllBytes(writeFile);
            Files.delete(writeFile);
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
    public long write() throws IOException {
        return switch (impl) {
            case "colcodec", COLCODEC_PARTS -> workload.writeColcodec(writeFile, pool, sync);
            case "tsfile" -> workload.writeTsFile(writeFile, sync);
            default -> {
                // a writer reads its input once, from memory at this size: the floor pays that too
                inputSum = workload.sumInput();
                yield TsSeedWorkload.writeBytes(writeFile, colcodecBytes, sync);
            }
        };
    }

    /** Reads every row, every time stamp and value consumed. */
    @Benchmark
    public TsSeedWorkload.ReadResult read() throws IOException {
        return switch (impl) {
            case "colcodec" -> workload.readColcodec(readFile, Long.MIN_VALUE, Long.MAX_VALUE, pool);
            case COLCODEC_PARTS ->
                workload.readColcodecParts(readFile, Long.MIN_VALUE, Long.MAX_VALUE, pool, Threads.count(threads));
            case "tsfile" -> workload.readTsFile(readFile, Long.MIN_VALUE, Long.MAX_VALUE);
            default -> TsSeedWorkload.sumMapped(readFile, 0, Files.size(readFile));
        };
    }

    /** Reads the middle 1% of the rows by time range, every time stamp and value consumed. */
    @Benchmark
    public TsSeedWorkload.ReadResult query() throws IOException {
        return switch (impl) {
            case "colcodec" -> workload.readColcodec(readFile, range[0], range[1], pool);
            case COLCODEC_PARTS ->
                workload.readColcodecParts(readFile, range[0], range[1], pool, Threads.count(threads));
            case "tsfile" -> workload.readTsFile(readFile, range[0], range[1]);
            default -> {
                long size = Files.size(readFile);
                yield TsSeedWorkload.sumMapped(readFile, size / 2 - size / 200, size / 100);
            }
        };
    }
}
