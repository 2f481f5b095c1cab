package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.values.BinaryBatch;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Chunk and page min/max of BYTE_ARRAY columns (unsigned byte order, shorter prefix first) on values
 * built to trip an 8-byte prefix comparison: prefixes of each other, trailing zero bytes, bytes with
 * the sign bit set, lengths around 8.
 */
class BinaryStatisticsTest {
    private static final byte[] ALPHABET = {0, 1, 0x7F, (byte) 0x80, (byte) 0xFF};

    @Test
    void minAndMaxFollowUnsignedByteOrder() {
        Random r = new Random(2026);
        ParquetColumn col = ParquetColumn.flat("b", PhysicalType.BYTE_ARRAY, 0, false);
        for (int iter = 0; iter < 200; iter++) {
            int n = 1 + r.nextInt(300);
            byte[] common = new byte[r.nextInt(10)];
            for (int i = 0; i < common.length; i++) {
                common[i] = ALPHABET[r.nextInt(ALPHABET.length)];
            }
            BinaryBatch values = new BinaryBatch(n, 64);
            byte[] min = null;
            byte[] max = null;
            for (int i = 0; i < n; i++) {
                byte[] v = Arrays.copyOf(common, r.nextInt(common.length + 1) + r.nextInt(4));
                for (int j = common.length; j < v.length; j++) {
                    v[j] = ALPHABET[r.nextInt(ALPHABET.length)];
                }
                values.append(v, 0, v.length);
                if (min == null || Arrays.compareUnsigned(v, min) < 0) {
                    min = v;
                }
                if (max == null || Arrays.compareUnsigned(v, max) > 0) {
                    max = v;
                }
            }
            ColumnChunkWriter w = new ColumnChunkWriter(
                    col,
                    ParquetWriteOptions.defaults().withDictionary(iter % 2 == 0).withPageRowLimit(1 + r.nextInt(n)));
            w.write(values, null, 0, n);
            ColumnChunkWriter.Chunk chunk = w.finish();
            assertThat(chunk.statistics().min()).as("iteration %d", iter).isEqualTo(min);
            assertThat(chunk.statistics().max()).as("iteration %d", iter).isEqualTo(max);
        }
    }

    @Test
    void prefixOrdersLikeTheBytes() {
        byte[][] vs = {{}, {0}, {0, 0}, {1}, {1, 0, 0, 0, 0, 0, 0, 0, 0}, {(byte) 0xFF}, {0x7F, (byte) 0x80}};
        for (byte[] a : vs) {
            for (byte[] b : vs) {
                long pa = ColumnChunkWriter.prefix(a, 0, a.length);
                long pb = ColumnChunkWriter.prefix(b, 0, b.length);
                if (pa != pb) {
                    assertThat(Integer.signum(Long.compareUnsigned(pa, pb)))
                            .isEqualTo(Integer.signum(Arrays.compareUnsigned(a, b)));
                }
            }
        }
    }
}
