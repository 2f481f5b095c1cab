package dev.colcodec.bench;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;

/** Shared helpers for benchmarks: kernel selection by the {@code impl} parameter, data generators. */
public final class BenchSupport {
    /** JVM flags every fork gets (vector module, quiet native access and JMH's Unsafe use). */
    public static final String ADD_VECTOR = "--add-modules=jdk.incubator.vector";

    /**
     * The whole-file benchmarks' heap: 8 GiB from the start, every page touched before the first
     * iteration. With {@code -Xmx8g} alone G1 grows and shrinks the heap, and on this project's VMs the
     * first touch of each new page is slow: write iterations ran in phases at 1.7x their time, all of it
     * system time in page faults of GC copies and allocations (measured: 1M-row Parquet write, 59-65 ms
     * against phases at 100-110 ms; none with this heap). It applies to both implementations.
     */
    public static final String FIXED_HEAP = "-Xms8g";

    /** See {@link #FIXED_HEAP}. */
    public static final String PRE_TOUCH = "-XX:+AlwaysPreTouch";

    private BenchSupport() {}

    /**
     * Kernels for an impl label: {@code colcodec} = the provider's choice, {@code colcodec-vector} = the
     * vector kernels (fails if unavailable), {@code colcodec-scalar} = scalar.
     */
    public static Kernels kernels(String impl) {
        switch (impl) {
            case "colcodec":
                return KernelProvider.best();
            case "colcodec-scalar":
                return KernelProvider.scalar();
            case "colcodec-vector":
                return KernelProvider.vector()
                        .orElseThrow(() ->
                                new IllegalStateException("vector kernels unavailable: " + KernelProvider.decision()));
            default:
                throw new IllegalArgumentException("not a colcodec impl: " + impl);
        }
    }

    /** xorshift64 generator, deterministic across runs. */
    public static final class XorShift {
        private long s;

        public XorShift(long seed) {
            s = seed == 0 ? 0x9E3779B97F4A7C15L : seed;
        }

        public long next() {
            s ^= s << 13;
            s ^= s >>> 7;
            s ^= s << 17;
            return s;
        }
    }
}
