package dev.colcodec.bench.kernel;

import dev.colcodec.bench.BenchSupport;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.column.values.bitpacking.BytePacker;
import org.apache.parquet.column.values.bitpacking.Packer;
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
 * LSB-first (Parquet) bit unpacking of 100,000 values into {@code int[]}: colcodec vector and scalar
 * kernels, parquet-java's generated {@code BytePacker} (32 values per call), and System.arraycopy of
 * the output size as the memcpy ceiling. Score = values per second.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {
            BenchSupport.ADD_VECTOR,
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow"
        })
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class BitUnpackBench {
    public static final int N = 100_000;

    @Param({
        "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "20",
        "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31", "32"
    })
    public int bitWidth;

    @Param({"colcodec-vector", "colcodec-scalar", "parquet-java", "memcpy"})
    public String impl;

    byte[] packed;
    int[] expected;
    int[] out;
    Kernels kernels;
    BytePacker packer;
    int mode;

    @Setup
    public void setup() {
        BenchSupport.XorShift r = new BenchSupport.XorShift(bitWidth * 31L + 7);
        expected = new int[N];
        long mask = (1L << bitWidth) - 1;
        for (int i = 0; i < N; i++) {
            expected[i] = (int) (r.next() & mask);
        }
        packed = new byte[N * bitWidth / 8];
        KernelProvider.scalar().packLsb(expected, 0, N, bitWidth, packed, 0);
        out = new int[N];
        switch (impl) {
            case "parquet-java":
                packer = Packer.LITTLE_ENDIAN.newBytePacker(bitWidth);
                mode = 1;
                break;
            case "memcpy":
                mode = 2;
                break;
            default:
                kernels = BenchSupport.kernels(impl);
                mode = 0;
        }
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public int[] unpack() {
        switch (mode) {
            case 0:
                kernels.unpackLsb(packed, 0, bitWidth, out, 0, N);
                break;
            case 1:
                for (int i = 0, p = 0; i < N; i += 32, p += 4 * bitWidth) {
                    packer.unpack32Values(packed, p, out, i);
                }
                break;
            default:
                System.arraycopy(expected, 0, out, 0, N);
        }
        return out;
    }
}
