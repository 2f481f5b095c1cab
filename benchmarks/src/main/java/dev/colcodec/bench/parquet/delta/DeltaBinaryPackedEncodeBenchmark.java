package dev.colcodec.bench.parquet.delta;

import dev.colcodec.parquet.delta.DeltaBinaryPackedIntWriter;
import dev.colcodec.parquet.delta.DeltaBinaryPackedLongWriter;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * DELTA_BINARY_PACKED encoding of 100k values into one page (a new byte[]); ops/s = values/s.
 * colcodec uses its batch write; parquet-java its writer's per-value calls.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(BenchData.N)
@Fork(
        value = 1,
        jvmArgsAppend = {
            "--add-modules=jdk.incubator.vector",
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow"
        })
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class DeltaBinaryPackedEncodeBenchmark {
    @Param({"colcodec", "colcodec-scalar", "parquet-java", "memcpy"})
    public String impl;

    @Param({"TIMESTAMPS", "BW1", "BW4", "BW8", "BW12", "BW16", "BW20", "BW32", "CONSTANT_STEP"})
    public String shape;

    int[] ints;
    long[] longs;
    private Impl which;
    private byte[] intPage;
    private byte[] longPage;
    private byte[] copyOut;
    private DeltaBinaryPackedIntWriter intWriter;
    private DeltaBinaryPackedLongWriter longWriter;
    private DeltaBinaryPackingValuesWriterForInteger parquetIntWriter;
    private DeltaBinaryPackingValuesWriterForLong parquetLongWriter;

    @Setup
    public void setup() throws IOException {
        which = Impl.of(impl);
        ints = BenchData.toInts(BenchData.series(shape, BenchData.N, true));
        longs = BenchData.series(shape, BenchData.N, false);
        intWriter = new DeltaBinaryPackedIntWriter(which.kernels());
        longWriter = new DeltaBinaryPackedLongWriter(which.kernels());
        parquetIntWriter =
                new DeltaBinaryPackingValuesWriterForInteger(1 << 16, 1 << 20, new HeapByteBufferAllocator());
        parquetLongWriter = new DeltaBinaryPackingValuesWriterForLong(1 << 16, 1 << 20, new HeapByteBufferAllocator());
        intWriter.writeIntegers(ints, 0, ints.length);
        intPage = intWriter.toByteArray();
        longWriter.writeLongs(longs, 0, longs.length);
        longPage = longWriter.toByteArray();
        copyOut = new byte[Math.max(intPage.length, longPage.length)];
    }

    @Benchmark
    public byte[] encodeInt32() throws IOException {
        switch (which) {
            case COLCODEC:
            case COLCODEC_SCALAR:
                intWriter.reset();
                intWriter.writeIntegers(ints, 0, ints.length);
                return intWriter.toByteArray();
            case PARQUET_JAVA:
                parquetIntWriter.reset();
                for (int v : ints) {
                    parquetIntWriter.writeInteger(v);
                }
                return parquetIntWriter.getBytes().toByteArray();
            default:
                System.arraycopy(intPage, 0, copyOut, 0, intPage.length);
                return copyOut;
        }
    }

    @Benchmark
    public byte[] encodeInt64() throws IOException {
        switch (which) {
            case COLCODEC:
            case COLCODEC_SCALAR:
                longWriter.reset();
                longWriter.writeLongs(longs, 0, longs.length);
                return longWriter.toByteArray();
            case PARQUET_JAVA:
                parquetLongWriter.reset();
                for (long v : longs) {
                    parquetLongWriter.writeLong(v);
                }
                return parquetLongWriter.getBytes().toByteArray();
            default:
                System.arraycopy(longPage, 0, copyOut, 0, longPage.length);
                return copyOut;
        }
    }
}
