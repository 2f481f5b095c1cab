package dev.colcodec.bench.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DictionaryEncodeBenchmarkTest {
    @Test
    void everyImplProducesTheSameDataAndDictionaryPages() throws Exception {
        int runs = 0;
        for (Map<Field, String> params : ParamCombinations.of(DictionaryEncodeBenchmark.class)) {
            DictionaryEncodeBenchmark b = ParamCombinations.apply(new DictionaryEncodeBenchmark(), params);
            b.setup();
            String what = ParamCombinations.describe(params);
            for (int call = 0; call < 2; call++) {
                byte[][] pages = b.encode();
                assertThat(pages[0]).as(what).isEqualTo(b.page);
                assertThat(pages[1]).as(what).isEqualTo(b.dictionaryPage);
            }
            runs++;
        }
        assertThat(runs).isEqualTo(4 * 3 * 2);
        // and the colcodec pages are parquet-java's (its impl above produced the same bytes)
    }
}
