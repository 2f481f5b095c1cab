package dev.colcodec.bench.kernel;

import dev.colcodec.bench.BenchSupport;
import dev.colcodec.kernel.Kernels;
import java.util.concurrent.TimeUnit;
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
 * In-place prefix sum with min-delta (the delta-decoding step) over 100,000 ints or longs: vector and
 * scalar kernels, and System.arraycopy of the same array as the memcpy ceiling. The sum runs in place
 * again on each invocation (the cost does not depend on the values).
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
public class PrefixSumBench {
    public static final int N = 100_000;

    @Param({"colcodec-vector", "colcodec-scalar", "memcpy"})
    public String impl;

    int[] ints;
    long[] longs;
    int[] intCopy;
    long[] longCopy;
    Kernels kernels;

    @Setup
    public void setup() {
        BenchSupport.XorShift r = new BenchSupport.XorShift(3);
        ints = new int[N];
        longs = new long[N];
        for (int i = 0; i < N; i++) {
            ints[i] = (int) (r.next() & 1023);
            longs[i] = ints[i];
        }
        intCopy = new int[N];
        longCopy = new long[N];
        kernels = impl.equals("memcpy") ? null : BenchSupport.kernels(impl);
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public int prefixSumInt() {
        if (kernels == null) {
            System.arraycopy(ints, 0, intCopy, 0, N);
            return intCopy[N - 1];
        }
        return kernels.prefixSum(ints, 0, N, 17, -3);
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public long prefixSumLong() {
        if (kernels == null) {
            System.arraycopy(longs, 0, longCopy, 0, N);
            return longCopy[N - 1];
        }
        return kernels.prefixSum(longs, 0, N, 1_700_000_000_000L, 990L);
    }
}
