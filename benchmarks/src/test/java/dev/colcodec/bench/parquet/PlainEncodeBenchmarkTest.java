package dev.colcodec.bench.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlainEncodeBenchmarkTest {
    @Test
    void everyImplProducesTheSamePage() throws Exception {
        int runs = 0;
        for (Map<Field, String> params : ParamCombinations.of(PlainEncodeBenchmark.class)) {
            PlainEncodeBenchmark b = ParamCombinations.apply(new PlainEncodeBenchmark(), params);
            b.setup();
            String what = ParamCombinations.describe(params);
            assertThat(b.encode()).as(what).isEqualTo(b.page);
            assertThat(b.encode()).as(what).isEqualTo(b.page);
            runs++;
        }
        assertThat(runs).isEqualTo(4 * 4);
    }
}
