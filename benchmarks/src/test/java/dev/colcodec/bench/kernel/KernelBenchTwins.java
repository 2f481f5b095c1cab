package dev.colcodec.bench.kernel;

import dev.colcodec.kernel.KernelProvider;
import org.junit.jupiter.api.Assumptions;

/** Shared by the test twins: skips the vector impl where this test JVM cannot run it. */
final class KernelBenchTwins {
    private KernelBenchTwins() {}

    static void assumeRunnable(String impl) {
        if (impl.equals("colcodec-vector")) {
            Assumptions.assumeTrue(
                    KernelProvider.vector().isPresent(), "vector kernels unavailable: " + KernelProvider.decision());
        }
    }
}
