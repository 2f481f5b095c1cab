package dev.colcodec.bench.parquet;

import dev.colcodec.parquet.rle.RleFraming;
import dev.colcodec.parquet.rle.RleHybridWriter;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
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
 * RLE/bit-packing hybrid encoding (no length prefix) of 100k ints into a page; ops/s = values/s.
 * colcodec: one batch write on a reused writer; parquet-java: a {@code
 * RunLengthBitPackingHybridEncoder.writeInt()} loop on a reused encoder; memcpy: copying the page. There
 * is no colcodec-scalar row: the writer packs with {@code LsbGroupPacker} whatever its kernels, so that
 * row would run the same code as colcodec's.
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
public class RleEncodeBenchmark {
    @Param({"colcodec", "parquet-java", "memcpy"})
    public String impl;

    @Param({"1", "4", "8", "12", "16", "20", "32"})
    public int bitWidth;

    @Param({"random", "runs"})
    public String shape;

    int[] values;
    byte[] page;
    private Impl which;
    private byte[] copy;
    private RleHybridWriter writer;
    private RunLengthBitPackingHybridEncoder encoder;

    @Setup
    public void setup() {
        which = Impl.of(impl);
        values = BasicBenchData.rleValues(shape, bitWidth, 42);
        writer = new RleHybridWriter(bitWidth, RleFraming.UNPREFIXED, which.kernels());
        writer.writeIntegers(values, 0, values.length);
        page = writer.toByteArray();
        copy = new byte[page.length];
        encoder = new RunLengthBitPackingHybridEncoder(bitWidth, 1 << 16, 1 << 20, new HeapByteBufferAllocator());
    }

    @Benchmark
    public byte[] encode() throws IOException {
        switch (which) {
            case PARQUET_JAVA:
                encoder.reset();
                for (int v : values) {
                    encoder.writeInt(v);
                }
                return encoder.toBytes().toByteArray();
            case MEMCPY:
                System.arraycopy(page, 0, copy, 0, page.length);
                return copy;
            default:
                writer.reset();
                writer.writeIntegers(values, 0, values.length);
                return writer.toByteArray();
        }
    }
}
