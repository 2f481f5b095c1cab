package dev.colcodec.bench.parquet.delta;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ByteStreamSplitBenchmarkTest {
    @Test
    void everyCombinationDecodesAndEncodes() throws Exception {
        for (String[] p : BenchParams.combinations(ByteStreamSplitBenchmark.class)) {
            ByteStreamSplitBenchmark b = new ByteStreamSplitBenchmark();
            b.impl = p[0];
            b.shape = p[1];
            b.setup();
            for (int call = 0; call < 2; call++) {
                assertThat(b.decodeFloat()).as("%s %s", p[0], p[1]).isEqualTo(b.floats);
                assertThat(b.decodeDouble()).as("%s %s", p[0], p[1]).isEqualTo(b.doubles);
                // BYTE_STREAM_SPLIT output is deterministic: every implementation writes the same bytes
                byte[] f = b.encodeFloat();
                assertThat(Arrays.copyOf(f, b.floatPage.length))
                        .as("%s %s", p[0], p[1])
                        .isEqualTo(b.floatPage);
                byte[] d = b.encodeDouble();
                assertThat(Arrays.copyOf(d, b.doublePage.length))
                        .as("%s %s", p[0], p[1])
                        .isEqualTo(b.doublePage);
            }
        }
    }
}
