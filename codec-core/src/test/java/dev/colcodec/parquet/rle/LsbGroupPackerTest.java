package dev.colcodec.parquet.rle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link LsbGroupPacker} against the scalar pack kernel, at every width, with and without a base. */
class LsbGroupPackerTest {
    private static final Kernels SCALAR = KernelProvider.scalar();
    private static final int FILLER = 0x5A;

    @Test
    void intsMatchThePackKernelAtEveryWidth() {
        SplittableRandom r = new SplittableRandom(1);
        for (int w = 0; w <= 32; w++) {
            for (int count : new int[] {8, 32, 128, 504}) {
                int base = r.nextInt();
                long mask = w == 32 ? 0xFFFFFFFFL : (1L << w) - 1;
                int[] values = new int[count + 3];
                int[] expectedValues = new int[count];
                for (int i = 0; i < count; i++) {
                    // garbage above the width: the int form keeps only the low w bits of value - base
                    int v = r.nextInt();
                    values[i + 3] = v;
                    expectedValues[i] = (int) ((v - base) & mask);
                }
                int expectedBytes = count / 8 * w;
                byte[] expected = new byte[expectedBytes];
                assertThat(SCALAR.packLsb(expectedValues, 0, count, w, expected, 0))
                        .isEqualTo(expectedBytes);

                byte[] out = new byte[5 + expectedBytes + LsbGroupPacker.SLACK];
                Arrays.fill(out, (byte) FILLER);
                assertThat(LsbGroupPacker.pack(values, 3, count, w, base, out, 5))
                        .as("width %d count %d", w, count)
                        .isEqualTo(expectedBytes);
                assertThat(Arrays.copyOfRange(out, 5, 5 + expectedBytes))
                        .as("width %d count %d", w, count)
                        .isEqualTo(expected);
                for (int i = 0; i < 5; i++) {
                    assertThat(out[i])
                            .as("bytes before the output are untouched")
                            .isEqualTo((byte) FILLER);
                }
            }
        }
    }

    @Test
    void inRangeIntsMatchThePackKernelAtEveryWidth() {
        SplittableRandom r = new SplittableRandom(3);
        for (int w = 0; w <= 32; w++) {
            for (int count : new int[] {8, 32, 128}) {
                int base = r.nextInt();
                long mask = w == 32 ? 0xFFFFFFFFL : (1L << w) - 1;
                int[] values = new int[count + 2];
                int[] expectedValues = new int[count];
                for (int i = 0; i < count; i++) {
                    // value - base is in [0, 2^w), wrapping like the deltas of DELTA_BINARY_PACKED
                    int packed = (int) (r.nextLong() & mask);
                    expectedValues[i] = packed;
                    values[i + 2] = packed + base;
                }
                int expectedBytes = count / 8 * w;
                byte[] expected = new byte[expectedBytes];
                SCALAR.packLsb(expectedValues, 0, count, w, expected, 0);

                byte[] out = new byte[3 + expectedBytes + LsbGroupPacker.SLACK];
                Arrays.fill(out, (byte) FILLER);
                assertThat(LsbGroupPacker.packInRange(values, 2, count, w, base, out, 3))
                        .isEqualTo(expectedBytes);
                assertThat(Arrays.copyOfRange(out, 3, 3 + expectedBytes))
                        .as("width %d count %d", w, count)
                        .isEqualTo(expected);
                assertThat(Arrays.copyOf(out, 3)).containsOnly((byte) FILLER);
            }
        }
    }

    @Test
    void longsMatchThePackKernelAtEveryWidth() {
        SplittableRandom r = new SplittableRandom(2);
        for (int w = 0; w <= 64; w++) {
            for (int count : new int[] {8, 32, 128}) {
                long base = w <= 32 ? r.nextLong() : 0;
                long mask = w == 64 ? -1L : (1L << w) - 1;
                long[] values = new long[count + 1];
                long[] expectedValues = new long[count];
                for (int i = 0; i < count; i++) {
                    long packed = r.nextLong() & mask;
                    expectedValues[i] = packed;
                    values[i + 1] = packed + base;
                }
                int expectedBytes = count / 8 * w;
                byte[] expected = new byte[expectedBytes];
                SCALAR.packLsb(expectedValues, 0, count, w, expected, 0);

                byte[] out = new byte[expectedBytes + LsbGroupPacker.SLACK];
                assertThat(LsbGroupPacker.pack(values, 1, count, w, base, out, 0, SCALAR))
                        .isEqualTo(expectedBytes);
                assertThat(Arrays.copyOf(out, expectedBytes))
                        .as("width %d count %d", w, count)
                        .isEqualTo(expected);
            }
        }
    }

    @Test
    void inRangeLongsMatchThePackKernelAtEveryWidth() {
        SplittableRandom r = new SplittableRandom(4);
        for (int w = 0; w <= 64; w++) {
            for (int count : new int[] {8, 32, 128}) {
                // bases with set high halves: the narrow widths pack from the low 32 bits only
                long base = w <= 32 ? r.nextLong() : 0;
                long mask = w == 64 ? -1L : (1L << w) - 1;
                long[] values = new long[count + 2];
                long[] expectedValues = new long[count];
                for (int i = 0; i < count; i++) {
                    // value - base is in [0, 2^w), wrapping like the deltas of DELTA_BINARY_PACKED
                    long packed = r.nextInt(4) == 0 ? mask : r.nextLong() & mask;
                    expectedValues[i] = packed;
                    values[i + 2] = packed + base;
                }
                int expectedBytes = count / 8 * w;
                byte[] expected = new byte[expectedBytes];
                SCALAR.packLsb(expectedValues, 0, count, w, expected, 0);

                byte[] out = new byte[3 + expectedBytes + LsbGroupPacker.SLACK];
                Arrays.fill(out, (byte) FILLER);
                assertThat(LsbGroupPacker.packInRange(values, 2, count, w, base, out, 3, SCALAR))
                        .isEqualTo(expectedBytes);
                assertThat(Arrays.copyOfRange(out, 3, 3 + expectedBytes))
                        .as("width %d count %d", w, count)
                        .isEqualTo(expected);
                assertThat(Arrays.copyOf(out, 3)).containsOnly((byte) FILLER);
            }
        }
    }

    @Test
    void aBaseIsRejectedAboveWidth32AndIntsAbove32Bits() {
        assertThatThrownBy(() -> LsbGroupPacker.pack(new long[8], 0, 8, 33, 1L, new byte[64], 0, SCALAR))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LsbGroupPacker.pack(new int[8], 0, 8, 33, 0, new byte[64], 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
