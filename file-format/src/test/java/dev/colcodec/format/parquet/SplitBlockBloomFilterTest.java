package dev.colcodec.format.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.Random;
import org.apache.parquet.column.values.bloomfilter.BlockSplitBloomFilter;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;

/** The split block Bloom filter and its XXH64 hash, against parquet-java 1.18.1's. */
class SplitBlockBloomFilterTest {

    @Test
    void hashesAreParquetJavas() {
        // XXH64's published value for no input, seed 0
        assertEquals(0xEF46DB3751D8E999L, SplitBlockBloomFilter.hash(new byte[0], 0, 0));
        BlockSplitBloomFilter ref = new BlockSplitBloomFilter(32);
        Random r = new Random(5);
        for (int len = 0; len <= 200; len++) {
            byte[] b = new byte[len + 3];
            r.nextBytes(b);
            byte[] exact = java.util.Arrays.copyOfRange(b, 3, 3 + len);
            assertEquals(
                    ref.hash(Binary.fromConstantByteArray(exact)),
                    SplitBlockBloomFilter.hash(b, 3, len),
                    "length " + len);
        }
        for (int k = 0; k < 1000; k++) {
            int i = k < 4 ? new int[] {0, -1, Integer.MIN_VALUE, Integer.MAX_VALUE}[k] : r.nextInt();
            long l = k < 4 ? new long[] {0, -1, Long.MIN_VALUE, Long.MAX_VALUE}[k] : r.nextLong();
            float f = k == 0 ? -0.0f : k == 1 ? Float.NaN : r.nextFloat();
            double d = k == 0 ? -0.0 : k == 1 ? Double.NaN : r.nextGaussian();
            assertEquals(ref.hash(i), SplitBlockBloomFilter.hash(i));
            assertEquals(ref.hash(l), SplitBlockBloomFilter.hash(l));
            assertEquals(ref.hash(f), SplitBlockBloomFilter.hash(f));
            assertEquals(ref.hash(d), SplitBlockBloomFilter.hash(d));
        }
    }

    @Test
    void bitsetsAndAnswersAreParquetJavas() throws Exception {
        Random r = new Random(7);
        for (int bytes : new int[] {32, 64, 1024, 1 << 16}) {
            BlockSplitBloomFilter ref = new BlockSplitBloomFilter(bytes);
            SplitBlockBloomFilter ours = SplitBlockBloomFilter.empty(bytes);
            long[] inserted = new long[bytes / 8];
            for (int i = 0; i < inserted.length; i++) {
                inserted[i] = r.nextLong();
                ref.insertHash(inserted[i]);
                ours.insert(inserted[i]);
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ref.writeTo(out);
            assertArrayEquals(out.toByteArray(), ours.bitset());
            for (long h : inserted) {
                assertTrue(ours.mightContain(h));
            }
            int positives = 0;
            for (int i = 0; i < 10_000; i++) {
                long h = r.nextLong();
                assertEquals(ref.findHash(h), ours.mightContain(h));
                positives += ours.mightContain(h) ? 1 : 0;
            }
            assertTrue(positives < 10_000, "some hashes are not in the filter");
            byte[] bits = ours.bitset();
            assertEquals(ours, SplitBlockBloomFilter.of(bits, 0, bits.length));
        }
    }

    @Test
    void sizesFollowTheSpecFormula() {
        for (long ndv : new long[] {0, 1, 10, 1000, 100_000, 1_000_000, 50_000_000}) {
            for (double fpp : new double[] {0.001, 0.01, 0.05, 0.2}) {
                int bytes = SplitBlockBloomFilter.optimalBytes(ndv, fpp, 1 << 20);
                double bits = -8.0 * ndv / Math.log(1 - Math.pow(fpp, 1.0 / 8));
                assertTrue(SplitBlockBloomFilter.validSize(bytes));
                assertTrue(bytes == 1 << 20 || bytes * 8L >= bits, ndv + " " + fpp + ": " + bytes);
                assertTrue(
                        bytes == 32 || bytes * 4L < bits, ndv + " " + fpp + ": " + bytes + " is the next power of two");
                // parquet-java sizes the same way, up to its own rounding of the bit count
                int ref = new BlockSplitBloomFilter(BlockSplitBloomFilter.optimalNumOfBits(ndv, fpp) / 8, 1 << 20)
                        .getBitsetSize();
                assertTrue(
                        ref == bytes || ref == bytes * 2 || ref * 2 == bytes,
                        ndv + " " + fpp + ": " + ref + " vs " + bytes);
            }
        }
        assertThrows(IllegalArgumentException.class, () -> SplitBlockBloomFilter.optimalBytes(10, 0, 1 << 20));
        assertThrows(IllegalArgumentException.class, () -> SplitBlockBloomFilter.optimalBytes(10, 0.01, 1000));
        assertThrows(IllegalArgumentException.class, () -> SplitBlockBloomFilter.empty(48));
        assertFalse(SplitBlockBloomFilter.validSize(16));
    }
}
