package dev.colcodec.bench.parquet;

import dev.colcodec.parquet.rle.RleFraming;
import dev.colcodec.parquet.rle.RleHybridReader;
import dev.colcodec.parquet.rle.RleHybridWriter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridDecoder;
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
 * RLE/bit-packing hybrid decoding (no length prefix, as for dictionary ids) of 100k values into an
 * int[]; ops/s = values/s. colcodec: one batch read; parquet-java: a {@code
 * RunLengthBitPackingHybridDecoder.readInt()} loop; memcpy: copying the 100k ints.
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
public class RleDecodeBenchmark {
    @Param({"colcodec", "colcodec-scalar", "parquet-java", "memcpy"})
    public String impl;

    @Param({"1", "4", "8", "12", "16", "20", "32"})
    public int bitWidth;

    @Param({"random", "runs"})
    public String shape;

    int[] values;
    byte[] page;
    private Impl which;
    private int[] out;
    private RleHybridReader reader;

    @Setup
    public void setup() {
        which = Impl.of(impl);
        values = BasicBenchData.rleValues(shape, bitWidth, 42);
        RleHybridWriter writer = new RleHybridWriter(bitWidth, RleFraming.UNPREFIXED);
        writer.writeIntegers(values, 0, values.length);
        page = writer.toByteArray();
        out = new int[BasicBenchData.N];
        reader = new RleHybridReader(bitWidth, RleFraming.UNPREFIXED, which.kernels());
    }

    @Benchmark
    public int[] decode() throws IOException {
        int n = BasicBenchData.N;
        switch (which) {
            case PARQUET_JAVA:
                RunLengthBitPackingHybridDecoder d =
                        new RunLengthBitPackingHybridDecoder(bitWidth, new ByteArrayInputStream(page));
                for (int i = 0; i < n; i++) {
                    out[i] = d.readInt();
                }
                return out;
            case MEMCPY:
                System.arraycopy(values, 0, out, 0, n);
                return out;
            default:
                reader.init(n, page, 0, page.length);
                reader.readIntegers(out, 0, n);
                return out;
        }
    }
}
