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

    /**
     * Sizes are parquet-java's, byte for byte, for both maxima (its default 1 MiB and colcodec's 128 MiB):
     * every distinct count up to 20,000 and then every 97th up to 2.5 million (the windows around powers of
     * two where a rounding of its own put colcodec at half or twice parquet-java's size, 2,727 of 274,644
     * pairs, review `diff41`), and large counts.
     */
    @Test
    void sizesAreParquetJavas() {
        double[] fpps = {0.0001, 0.001, 0.005, 0.01, 0.05, 0.1, 0.2, 0.5, 0.9};
        java.util.List<Long> ndvs = new java.util.ArrayList<>();
        for (long n = 0; n <= 20_000; n++) {
            ndvs.add(n);
        }
        for (long n = 20_000; n <= 2_500_000; n += 97) {
            ndvs.add(n);
        }
        for (long n : new long[] {10_000_000, 50_000_000, 1L << 31, 1L << 40}) {
            ndvs.add(n);
        }
        for (int i = 0; i < ndvs.size(); i++) {
            long ndv = ndvs.get(i);
            for (double fpp : fpps) {
                int bits = BlockSplitBloomFilter.optimalNumOfBits(ndv, fpp);
                if (bits != SplitBlockBloomFilter.optimalBits(ndv, fpp)) {
                    assertEquals(bits, SplitBlockBloomFilter.optimalBits(ndv, fpp), ndv + " " + fpp);
                }
                // the filter parquet-java's writer makes of those bits (allocated: every 50th count)
                if (i % 50 == 0 || ndv > 2_500_000) {
                    int ref = new BlockSplitBloomFilter(bits / 8, 1 << 20).getBitsetSize();
                    assertEquals(ref, SplitBlockBloomFilter.optimalBytes(ndv, fpp, 1 << 20), ndv + " " + fpp);
                }
                int bytes = SplitBlockBloomFilter.optimalBytes(ndv, fpp, SplitBlockBloomFilter.MAX_BYTES);
                // (not always bits / 8 or more: parquet-java's (bits + 255) & ~256 can take 256 bits off)
                assertTrue(SplitBlockBloomFilter.validSize(bytes));
            }
        }
        // at the 1 MiB cap, where the review found parquet-java's and colcodec's sizes apart
        for (long[] c : new long[][] {{287113, 1000}, {287130, 1000}, {433203, 100}, {19, 1000}}) {
            double fpp = 1.0 / c[1];
            int ref = new BlockSplitBloomFilter(BlockSplitBloomFilter.optimalNumOfBits(c[0], fpp) / 8, 1 << 20)
                    .getBitsetSize();
            assertEquals(ref, SplitBlockBloomFilter.optimalBytes(c[0], fpp, 1 << 20), c[0] + " " + fpp);
        }
        assertThrows(IllegalArgumentException.class, () -> SplitBlockBloomFilter.optimalBytes(10, 0, 1 << 20));
        assertThrows(IllegalArgumentException.class, () -> SplitBlockBloomFilter.optimalBytes(10, 0.01, 1000));
        assertThrows(IllegalArgumentException.class, () -> SplitBlockBloomFilter.empty(48));
        assertFalse(SplitBlockBloomFilter.validSize(16));
    }
}
