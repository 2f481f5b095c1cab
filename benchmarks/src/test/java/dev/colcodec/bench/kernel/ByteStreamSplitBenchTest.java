package dev.colcodec.bench.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ByteStreamSplitBenchTest {
    @ParameterizedTest
    @ValueSource(strings = {"colcodec-vector", "colcodec-scalar", "parquet-java", "memcpy"})
    void runsOnceAndRoundTrips(String impl) throws Exception {
        KernelBenchTwins.assumeRunnable(impl);
        ByteStreamSplitBench b = new ByteStreamSplitBench();
        b.impl = impl;
        b.setup();
        assertThat(b.decodeFloat()).isEqualTo(b.floats);
        assertThat(b.decodeDouble()).isEqualTo(b.doubles);
        Object encoded = b.encodeDouble();
        byte[] bytes = encoded instanceof org.apache.parquet.bytes.BytesInput in ? in.toByteArray() : (byte[]) encoded;
        assertThat(bytes).isEqualTo(b.doubleStreams);
        // the reused writer writes the same streams again
        Object again = b.encodeDouble();
        byte[] bytesAgain = again instanceof org.apache.parquet.bytes.BytesInput in ? in.toByteArray() : (byte[]) again;
        assertThat(bytesAgain).isEqualTo(b.doubleStreams);
    }
}
