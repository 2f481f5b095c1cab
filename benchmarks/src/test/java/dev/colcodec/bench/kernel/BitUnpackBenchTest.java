package dev.colcodec.bench.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BitUnpackBenchTest {
    @ParameterizedTest
    @ValueSource(strings = {"colcodec-vector", "colcodec-scalar", "parquet-java", "memcpy"})
    void everyWidthDecodesTheExpectedValues(String impl) {
        KernelBenchTwins.assumeRunnable(impl);
        for (int w = 1; w <= 32; w++) {
            BitUnpackBench b = new BitUnpackBench();
            b.bitWidth = w;
            b.impl = impl;
            b.setup();
            assertThat(b.unpack()).as(impl + " width " + w).isEqualTo(b.expected);
        }
    }
}
