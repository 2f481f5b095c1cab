package dev.colcodec.bench.parquet.delta;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DeltaBinaryPackedDecodeBenchmarkTest {
    @Test
    void everyCombinationDecodesTheSeries() throws Exception {
        for (String[] p : BenchParams.combinations(DeltaBinaryPackedDecodeBenchmark.class)) {
            DeltaBinaryPackedDecodeBenchmark b = new DeltaBinaryPackedDecodeBenchmark();
            b.impl = p[0];
            b.shape = p[1];
            b.setup();
            assertThat(b.decodeInt32()).as("%s %s INT32", p[0], p[1]).isEqualTo(b.ints);
            assertThat(b.decodeInt64()).as("%s %s INT64", p[0], p[1]).isEqualTo(b.longs);
            // a second call re-initialises the same readers
            assertThat(b.decodeInt32()).isEqualTo(b.ints);
        }
    }
}
