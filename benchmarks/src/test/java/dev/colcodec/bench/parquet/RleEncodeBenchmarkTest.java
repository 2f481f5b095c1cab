package dev.colcodec.bench.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.util.Map;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.rle.RunLengthBitPackingHybridEncoder;
import org.junit.jupiter.api.Test;

class RleEncodeBenchmarkTest {
    @Test
    void everyCombinationProducesParquetJavasBytes() throws Exception {
        int runs = 0;
        for (Map<Field, String> params : ParamCombinations.of(RleEncodeBenchmark.class)) {
            RleEncodeBenchmark b = ParamCombinations.apply(new RleEncodeBenchmark(), params);
            b.setup();
            RunLengthBitPackingHybridEncoder oracle =
                    new RunLengthBitPackingHybridEncoder(b.bitWidth, 64, 1 << 20, new HeapByteBufferAllocator());
            for (int v : b.values) {
                oracle.writeInt(v);
            }
            byte[] expected = oracle.toBytes().toByteArray();
            assertThat(b.encode()).as(ParamCombinations.describe(params)).isEqualTo(expected);
            assertThat(b.encode()).as("second call").isEqualTo(expected);
            runs++;
        }
        assertThat(runs).isEqualTo(3 * 7 * 2);
    }
}
