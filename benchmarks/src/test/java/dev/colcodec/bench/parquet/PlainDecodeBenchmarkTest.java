package dev.colcodec.bench.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlainDecodeBenchmarkTest {
    @Test
    void everyCombinationDecodesTheValues() throws Exception {
        int runs = 0;
        for (Map<Field, String> params : ParamCombinations.of(PlainDecodeBenchmark.class)) {
            PlainDecodeBenchmark b = ParamCombinations.apply(new PlainDecodeBenchmark(), params);
            b.setup();
            String what = ParamCombinations.describe(params);
            Object out = b.decode();
            switch (b.type) {
                case "INT32" -> assertThat((int[]) out).as(what).isEqualTo(b.ints);
                case "INT64" -> assertThat((long[]) out).as(what).isEqualTo(b.longs);
                case "DOUBLE" -> assertThat((double[]) out).as(what).isEqualTo(b.doubles);
                default -> DictionaryDecodeBenchmarkTest.checkBinaries(out, b.binaries, what);
            }
            runs++;
        }
        assertThat(runs).isEqualTo(4 * 4);
    }
}
