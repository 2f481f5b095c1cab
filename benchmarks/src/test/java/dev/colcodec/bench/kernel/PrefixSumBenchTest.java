package dev.colcodec.bench.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.kernel.KernelProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PrefixSumBenchTest {
    @ParameterizedTest
    @ValueSource(strings = {"colcodec-vector", "colcodec-scalar", "memcpy"})
    void runsOnceAndMatchesScalar(String impl) {
        KernelBenchTwins.assumeRunnable(impl);
        PrefixSumBench b = new PrefixSumBench();
        b.impl = impl;
        b.setup();
        int[] ints = b.ints.clone();
        long[] longs = b.longs.clone();
        int lastInt = b.prefixSumInt();
        long lastLong = b.prefixSumLong();
        if (impl.equals("memcpy")) {
            assertThat(b.intCopy).isEqualTo(ints);
            assertThat(b.longCopy).isEqualTo(longs);
            return;
        }
        assertThat(lastInt).isEqualTo(KernelProvider.scalar().prefixSum(ints, 0, ints.length, 17, -3));
        assertThat(b.ints).isEqualTo(ints);
        assertThat(lastLong)
                .isEqualTo(KernelProvider.scalar().prefixSum(longs, 0, longs.length, 1_700_000_000_000L, 990L));
        assertThat(b.longs).isEqualTo(longs);
    }
}
