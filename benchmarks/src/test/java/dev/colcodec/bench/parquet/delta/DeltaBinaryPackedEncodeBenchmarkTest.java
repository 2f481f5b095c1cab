package dev.colcodec.bench.parquet.delta;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.parquet.delta.DeltaBinaryPackedIntReader;
import dev.colcodec.parquet.delta.DeltaBinaryPackedLongReader;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesReader;
import org.junit.jupiter.api.Test;

class DeltaBinaryPackedEncodeBenchmarkTest {
    @Test
    void everyCombinationEncodesTheSeries() throws Exception {
        for (String[] p : BenchParams.combinations(DeltaBinaryPackedEncodeBenchmark.class)) {
            DeltaBinaryPackedEncodeBenchmark b = new DeltaBinaryPackedEncodeBenchmark();
            b.impl = p[0];
            b.shape = p[1];
            b.setup();
            for (int call = 0; call < 2; call++) { // writers are reset between calls
                int n = b.ints.length;
                // memcpy returns one shared array: check each result before the next call
                byte[] ints = b.encodeInt32();
                DeltaBinaryPackedIntReader ir = new DeltaBinaryPackedIntReader(KernelProvider.scalar());
                ir.init(n, ints, 0, ints.length);
                int[] gotInts = new int[n];
                ir.readIntegers(gotInts, 0, n);
                assertThat(gotInts).as("%s %s INT32", p[0], p[1]).isEqualTo(b.ints);
                byte[] longs = b.encodeInt64();
                DeltaBinaryPackedLongReader lr = new DeltaBinaryPackedLongReader(KernelProvider.scalar());
                lr.init(n, longs, 0, longs.length);
                long[] gotLongs = new long[n];
                lr.readLongs(gotLongs, 0, n);
                assertThat(gotLongs).as("%s %s INT64", p[0], p[1]).isEqualTo(b.longs);
                if (!p[0].equals("memcpy")) {
                    DeltaBinaryPackingValuesReader oracle = new DeltaBinaryPackingValuesReader();
                    oracle.initFromPage(n, ByteBufferInputStream.wrap(ByteBuffer.wrap(longs)));
                    for (int i = 0; i < n; i += 997) {
                        oracle.skip(i == 0 ? 0 : 996);
                        assertThat(oracle.readLong()).isEqualTo(b.longs[i]);
                    }
                }
            }
        }
    }
}
