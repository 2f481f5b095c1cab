package dev.colcodec.bench.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.parquet.dictionary.BinaryDictionary;
import dev.colcodec.values.BinaryBatch;
import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.Map;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;

class DictionaryDecodeBenchmarkTest {
    @Test
    void everyCombinationDecodesTheValues() throws Exception {
        int runs = 0;
        for (Map<Field, String> params : ParamCombinations.of(DictionaryDecodeBenchmark.class)) {
            DictionaryDecodeBenchmark b = ParamCombinations.apply(new DictionaryDecodeBenchmark(), params);
            b.setup();
            String what = ParamCombinations.describe(params);
            Object out = b.decode();
            switch (b.type) {
                case "INT32" -> assertThat((int[]) out).as(what).isEqualTo(b.ints);
                case "INT64" -> assertThat((long[]) out).as(what).isEqualTo(b.longs);
                default -> {
                    if (out instanceof int[] ids) {
                        // ids into the dictionary: resolve them through it
                        BinaryDictionary d = b.binaryReader.dictionary();
                        BinaryBatch resolved = new BinaryBatch(ids.length, b.binaries.byteSize());
                        for (int id : ids) {
                            byte[] v = d.get(id);
                            resolved.append(v, 0, v.length);
                        }
                        checkBinaries(resolved, b.binaries, what);
                    } else {
                        checkBinaries(out, b.binaries, what);
                    }
                }
            }
            runs++;
        }
        assertThat(runs).isEqualTo(4 * 3 * 2);
    }

    static void checkBinaries(Object out, BinaryBatch expected, String what) {
        int n = expected.count();
        byte[] data = Arrays.copyOf(expected.data(), expected.byteSize());
        if (out instanceof BinaryBatch batch) {
            assertThat(batch.count()).as(what).isEqualTo(n);
            assertThat(Arrays.copyOf(batch.offsets(), n + 1)).isEqualTo(Arrays.copyOf(expected.offsets(), n + 1));
            assertThat(Arrays.copyOf(batch.data(), batch.byteSize())).as(what).isEqualTo(data);
        } else if (out instanceof Binary[] binaries) {
            for (int i = 0; i < n; i++) {
                assertThat(binaries[i].getBytes()).as(what).isEqualTo(expected.get(i));
            }
        } else {
            assertThat((byte[]) out).as(what).isEqualTo(data);
        }
    }
}
