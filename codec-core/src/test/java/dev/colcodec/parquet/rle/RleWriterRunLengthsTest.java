package dev.colcodec.parquet.rle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The writer's run decisions against parquet-java's encoder for runs of the lengths around a group
 * (8), a one-byte bit-packed header (63 groups = 504 values) and 64, starting at every offset within a
 * group, at every bit width: one batch, random batch splits, and value by value must all give the
 * oracle's bytes.
 */
class RleWriterRunLengthsTest {
    private static final int[] LENGTHS = {1, 2, 7, 8, 9, 15, 16, 17, 63, 64, 65, 504, 505, 1000};

    @Test
    void runsOfEveryLengthAtEveryOffsetAndWidthMatchTheOracle() {
        SplittableRandom r = new SplittableRandom(11);
        Kernels[] kernels = {KernelProvider.best(), KernelProvider.scalar()};
        int cases = 0;
        for (int w = 0; w <= 32; w++) {
            long mask = w == 32 ? 0xFFFF_FFFFL : (1L << w) - 1;
            for (int shift = 0; shift < 8; shift++) {
                int[] values = runs(r, mask, shift);
                byte[] oracle = RleOracle.encode(w, values, RleFraming.UNPREFIXED);
                for (Kernels k : kernels) {
                    String what = "width " + w + " offset " + shift + " " + k;
                    assertThat(encodeBatch(w, values, k)).as(what).isEqualTo(oracle);
                    assertThat(encodeSplit(w, values, r, k)).as(what + " split").isEqualTo(oracle);
                    assertThat(encodePerValue(w, values, k))
                            .as(what + " per value")
                            .isEqualTo(oracle);
                    cases++;
                }
            }
        }
        assertThat(cases).isEqualTo(33 * 8 * 2);
    }

    /**
     * {@code shift} distinct values, then every length of {@link #LENGTHS} in random order as runs
     * alternating with short stretches of distinct values (so runs start off group boundaries too),
     * each run's value differing from its neighbours where the width allows.
     */
    private static int[] runs(SplittableRandom r, long mask, int shift) {
        int[] lengths = LENGTHS.clone();
        for (int i = lengths.length - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int t = lengths[i];
            lengths[i] = lengths[j];
            lengths[j] = t;
        }
        int[] out = new int[0];
        int previous = -1;
        int at = 0;
        for (int p = -1; p < lengths.length; p++) {
            int len = p < 0 ? shift : lengths[p];
            int between = p < 0 ? 0 : r.nextInt(4);
            out = Arrays.copyOf(out, at + len + between);
            for (int k = 0; k < len + between; k++) {
                boolean inRun = p >= 0 && k > 0 && k < len;
                int v = inRun ? out[at - 1] : next(r, mask, previous);
                out[at++] = v;
                previous = v;
            }
        }
        return out;
    }

    private static int next(SplittableRandom r, long mask, int previous) {
        int v = (int) (r.nextLong() & mask);
        return v == previous && mask != 0 ? (int) ((v + 1) & mask) : v;
    }

    private static byte[] encodeBatch(int w, int[] values, Kernels k) {
        RleHybridWriter writer = new RleHybridWriter(w, RleFraming.UNPREFIXED, k);
        writer.writeIntegers(values, 0, values.length);
        return writer.toByteArray();
    }

    private static byte[] encodeSplit(int w, int[] values, SplittableRandom r, Kernels k) {
        RleHybridWriter writer = new RleHybridWriter(w, RleFraming.UNPREFIXED, k);
        for (int i = 0; i < values.length; ) {
            int n = Math.min(values.length - i, 1 + r.nextInt(r.nextBoolean() ? 9 : 600));
            writer.writeIntegers(values, i, n);
            i += n;
        }
        return writer.toByteArray();
    }

    private static byte[] encodePerValue(int w, int[] values, Kernels k) {
        RleHybridWriter writer = new RleHybridWriter(w, RleFraming.UNPREFIXED, k);
        for (int v : values) {
            writer.writeInteger(v);
        }
        return writer.toByteArray();
    }
}
