package dev.colcodec.bench.parquet;

import dev.colcodec.parquet.plain.PlainBinaryWriter;
import dev.colcodec.parquet.plain.PlainDoubleWriter;
import dev.colcodec.parquet.plain.PlainIntWriter;
import dev.colcodec.parquet.plain.PlainLongWriter;
import dev.colcodec.values.BinaryBatch;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.io.api.Binary;
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
 * Encoding 100k values as a PLAIN page; ops/s = values/s. colcodec: one batch write on a reused writer;
 * parquet-java: {@code PlainValuesWriter}, one value at a time, reused; memcpy: copying the page.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(BasicBenchData.N)
@Fork(
        value = 1,
        jvmArgsAppend = {
            "--add-modules=jdk.incubator.vector",
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow"
        })
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class PlainEncodeBenchmark {
    @Param({"colcodec", "colcodec-scalar", "parquet-java", "memcpy"})
    public String impl;

    @Param({"INT32", "INT64", "DOUBLE", "BYTE_ARRAY"})
    public String type;

    int[] ints;
    long[] longs;
    double[] doubles;
    BinaryBatch binaries;
    byte[] page;

    private Impl which;
    private Binary[] parquetBinaries;
    private PlainIntWriter intWriter;
    private PlainLongWriter longWriter;
    private PlainDoubleWriter doubleWriter;
    private PlainBinaryWriter binaryWriter;
    private PlainValuesWriter parquetWriter;
    private byte[] copy;

    @Setup
    public void setup() {
        which = Impl.of(impl);
        int n = BasicBenchData.N;
        intWriter = new PlainIntWriter(which.kernels());
        longWriter = new PlainLongWriter(which.kernels());
        doubleWriter = new PlainDoubleWriter(which.kernels());
        binaryWriter = new PlainBinaryWriter();
        parquetWriter = new PlainValuesWriter(1 << 16, 1 << 22, new HeapByteBufferAllocator());
        switch (type) {
            case "INT32":
                ints = BasicBenchData.randomInts(5);
                break;
            case "INT64":
                longs = BasicBenchData.randomLongs(5);
                break;
            case "DOUBLE":
                doubles = BasicBenchData.randomDoubles(5);
                break;
            case "BYTE_ARRAY":
                byte[][] values = BasicBenchData.randomBinaries(5);
                binaries = new BinaryBatch(n, 16 * n);
                parquetBinaries = new Binary[n];
                for (int i = 0; i < n; i++) {
                    binaries.append(values[i], 0, values[i].length);
                    parquetBinaries[i] = Binary.fromConstantByteArray(values[i]);
                }
                break;
            default:
                throw new IllegalArgumentException("unknown type " + type);
        }
        page = encodeColcodec();
        copy = new byte[page.length];
    }

    @Benchmark
    public byte[] encode() throws IOException {
        switch (which) {
            case PARQUET_JAVA:
                return encodeParquetJava();
            case MEMCPY:
                System.arraycopy(page, 0, copy, 0, page.length);
                return copy;
            default:
                return encodeColcodec();
        }
    }

    private byte[] encodeColcodec() {
        int n = BasicBenchData.N;
        switch (type) {
            case "INT32":
                intWriter.reset();
                intWriter.writeIntegers(ints, 0, n);
                return intWriter.toByteArray();
            case "INT64":
                longWriter.reset();
                longWriter.writeLongs(longs, 0, n);
                return longWriter.toByteArray();
            case "DOUBLE":
                doubleWriter.reset();
                doubleWriter.writeDoubles(doubles, 0, n);
                return doubleWriter.toByteArray();
            default:
                binaryWriter.reset();
                binaryWriter.writeBinaries(binaries, 0, n);
                return binaryWriter.toByteArray();
        }
    }

    private byte[] encodeParquetJava() throws IOException {
        int n = BasicBenchData.N;
        PlainValuesWriter w = parquetWriter;
        w.reset();
        switch (type) {
            case "INT32":
                for (int i = 0; i < n; i++) {
                    w.writeInteger(ints[i]);
                }
                break;
            case "INT64":
                for (int i = 0; i < n; i++) {
                    w.writeLong(longs[i]);
                }
                break;
            case "DOUBLE":
                for (int i = 0; i < n; i++) {
                    w.writeDouble(doubles[i]);
                }
                break;
            default:
                for (int i = 0; i < n; i++) {
                    w.writeBytes(parquetBinaries[i]);
                }
        }
        return w.getBytes().toByteArray();
    }
}
