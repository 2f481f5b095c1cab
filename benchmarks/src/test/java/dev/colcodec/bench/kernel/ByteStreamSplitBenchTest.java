package dev.colcodec.bench.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ByteStreamSplitBenchTest {
    @ParameterizedTest
    @ValueSource(strings = {"colcodec-vector", "colcodec-scalar", "parquet-java", "memcpy"})
    void runsOnceAndRoundTrips(String impl) {
        KernelBenchTwins.assumeRunnable(impl);
        ByteStreamSplitBench b = new ByteStreamSplitBench();
        b.impl = impl;
        b.setup();
        assertThat(b.decodeFloat()).isEqualTo(b.floats);
        assertThat(b.decodeDouble()).isEqualTo(b.doubles);
        assertThat(b.encodeDouble()).isEqualTo(b.doubleStreams);
    }
}
