package dev.colcodec.bench.parquet.delta;

import dev.colcodec.parquet.delta.DeltaBinaryPackedIntReader;
import dev.colcodec.parquet.delta.DeltaBinaryPackedLongReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesReader;
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
 * DELTA_BINARY_PACKED decoding of one 100k-value page (written by parquet-java) into an int[] or
 * long[]; ops/s = values/s. colcodec uses its batch read; parquet-java its reader's per-value loop.
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
public class DeltaBinaryPackedDecodeBenchmark {
    @Param({"colcodec", "colcodec-scalar", "parquet-java", "memcpy"})
    public String impl;

    @Param({"TIMESTAMPS", "BW1", "BW4", "BW8", "BW12", "BW16", "BW20", "BW32", "CONSTANT_STEP"})
    public String shape;

    int[] ints;
    long[] longs;
    byte[] intPage;
    byte[] longPage;
    private Impl which;
    private int[] intOut;
    private long[] longOut;
    private DeltaBinaryPackedIntReader intReader;
    private DeltaBinaryPackedLongReader longReader;

    @Setup
    public void setup() throws IOException {
        which = Impl.of(impl);
        long[] asInts = BenchData.series(shape, BenchData.N, true);
        ints = BenchData.toInts(asInts);
        longs = BenchData.series(shape, BenchData.N, false);
        DeltaBinaryPackingValuesWriterForInteger iw =
                new DeltaBinaryPackingValuesWriterForInteger(1 << 16, 1 << 20, new HeapByteBufferAllocator());
        for (int v : ints) {
            iw.writeInteger(v);
        }
        intPage = iw.getBytes().toByteArray();
        DeltaBinaryPackingValuesWriterForLong lw =
                new DeltaBinaryPackingValuesWriterForLong(1 << 16, 1 << 20, new HeapByteBufferAllocator());
        for (long v : longs) {
            lw.writeLong(v);
        }
        longPage = lw.getBytes().toByteArray();
        intOut = new int[BenchData.N];
        longOut = new long[BenchData.N];
        intReader = new DeltaBinaryPackedIntReader(which.kernels());
        longReader = new DeltaBinaryPackedLongReader(which.kernels());
    }

    @Benchmark
    public int[] decodeInt32() {
        int n = BenchData.N;
        switch (which) {
            case COLCODEC:
            case COLCODEC_SCALAR:
                intReader.init(n, intPage, 0, intPage.length);
                intReader.readIntegers(intOut, 0, n);
                return intOut;
            case PARQUET_JAVA:
                DeltaBinaryPackingValuesReader reader = parquetReader(intPage);
                for (int i = 0; i < n; i++) {
                    intOut[i] = reader.readInteger();
                }
                return intOut;
            default:
                System.arraycopy(ints, 0, intOut, 0, n);
                return intOut;
        }
    }

    @Benchmark
    public long[] decodeInt64() {
        int n = BenchData.N;
        switch (which) {
            case COLCODEC:
            case COLCODEC_SCALAR:
                longReader.init(n, longPage, 0, longPage.length);
                longReader.readLongs(longOut, 0, n);
                return longOut;
            case PARQUET_JAVA:
                DeltaBinaryPackingValuesReader reader = parquetReader(longPage);
                for (int i = 0; i < n; i++) {
                    longOut[i] = reader.readLong();
                }
                return longOut;
            default:
                System.arraycopy(longs, 0, longOut, 0, n);
                return longOut;
        }
    }

    /** parquet-java's reader does not reset its state in initFromPage: one reader per page, as its column reader does. */
    private static DeltaBinaryPackingValuesReader parquetReader(byte[] page) {
        try {
            DeltaBinaryPackingValuesReader reader = new DeltaBinaryPackingValuesReader();
            reader.initFromPage(BenchData.N, ByteBufferInputStream.wrap(ByteBuffer.wrap(page)));
            return reader;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
