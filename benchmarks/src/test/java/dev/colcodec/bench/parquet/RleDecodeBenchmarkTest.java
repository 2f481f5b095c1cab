package dev.colcodec.bench.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RleDecodeBenchmarkTest {
    @Test
    void everyCombinationDecodesTheValues() throws Exception {
        int runs = 0;
        for (Map<Field, String> params : ParamCombinations.of(RleDecodeBenchmark.class)) {
            RleDecodeBenchmark b = ParamCombinations.apply(new RleDecodeBenchmark(), params);
            b.setup();
            assertThat(b.decode()).as(ParamCombinations.describe(params)).isEqualTo(b.values);
            runs++;
        }
        assertThat(runs).isEqualTo(4 * 7 * 2);
    }
}
