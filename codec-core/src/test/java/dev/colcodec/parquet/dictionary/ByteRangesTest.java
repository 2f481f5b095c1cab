package dev.colcodec.parquet.dictionary;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ByteRanges} against {@link Arrays#equals(byte[], int, int, byte[], int, int)}: every length
 * from 0 to 40, values in the middle of an array (the masked-word path) and at its very end (the
 * byte-by-byte path), and a difference at every byte position.
 */
class ByteRangesTest {
    private static final int MAX_LENGTH = 40;

    /** {@code value} copied to {@code at} in an array of random bytes that ends {@code tail} bytes after it. */
    private static byte[] placed(byte[] value, int at, int tail, SplittableRandom r) {
        byte[] a = randomValue(at + value.length + tail, r);
        System.arraycopy(value, 0, a, at, value.length);
        return a;
    }

    private static byte[] randomValue(int len, SplittableRandom r) {
        byte[] v = new byte[len];
        for (int i = 0; i < len; i++) {
            v[i] = (byte) r.nextInt(256);
        }
        return v;
    }

    @Test
    void equalBytesAreEqualAndHashAlikeWhateverSurroundsThem() {
        SplittableRandom r = new SplittableRandom(1);
        for (int len = 0; len <= MAX_LENGTH; len++) {
            byte[] value = randomValue(len, r);
            int expectedHash = ByteRanges.hash(value, 0, len);
            for (int tail : new int[] {0, 1, 7, 8, 15, 16, 17, 30}) {
                for (int at : new int[] {0, 3, 8}) {
                    byte[] a = placed(value, at, tail, r);
                    byte[] b = placed(value, 5, 16 - Math.min(tail, 16), r);
                    assertThat(ByteRanges.equal(a, at, b, 5, len))
                            .as("length %d, %d bytes after it", len, tail)
                            .isTrue();
                    assertThat(ByteRanges.hash(a, at, len))
                            .as("hash of length %d, %d bytes after it", len, tail)
                            .isEqualTo(expectedHash);
                }
            }
        }
    }

    @Test
    void aDifferenceAtAnyPositionIsFound() {
        SplittableRandom r = new SplittableRandom(2);
        for (int len = 1; len <= MAX_LENGTH; len++) {
            byte[] value = randomValue(len, r);
            for (int pos = 0; pos < len; pos++) {
                byte[] other = value.clone();
                other[pos] ^= (byte) (1 << r.nextInt(8));
                for (int tail : new int[] {0, 4, 20}) {
                    byte[] a = placed(value, 2, tail, r);
                    byte[] b = placed(other, 6, 20 - tail, r);
                    assertThat(ByteRanges.equal(a, 2, b, 6, len))
                            .as("length %d, difference at %d, %d bytes after it", len, pos, tail)
                            .isEqualTo(Arrays.equals(a, 2, 2 + len, b, 6, 6 + len))
                            .isFalse();
                }
            }
        }
    }

    @Test
    void bytesAfterTheValueDoNotCount() {
        SplittableRandom r = new SplittableRandom(3);
        for (int len = 0; len <= MAX_LENGTH; len++) {
            byte[] value = randomValue(len, r);
            byte[] a = placed(value, 0, 24, r);
            byte[] b = placed(value, 0, 24, r);
            for (int i = len; i < a.length; i++) {
                b[i] = (byte) ~a[i];
            }
            assertThat(ByteRanges.equal(a, 0, b, 0, len)).as("length %d", len).isTrue();
            assertThat(ByteRanges.hash(a, 0, len)).isEqualTo(ByteRanges.hash(b, 0, len));
        }
    }

    @Test
    void hashesSpreadShortAndLongValuesAndTheirLengths() {
        SplittableRandom r = new SplittableRandom(4);
        Set<Integer> lowBits = new HashSet<>();
        int values = 0;
        for (int len = 2; len <= MAX_LENGTH; len++) {
            for (int i = 0; i < 50; i++) {
                byte[] v = randomValue(len, r);
                lowBits.add(ByteRanges.hash(v, 0, len) & 0xFFFF);
                values++;
            }
        }
        // zero-filled prefixes of different lengths differ only in their length
        Set<Integer> zeros = new HashSet<>();
        byte[] zero = new byte[MAX_LENGTH + 16];
        for (int len = 0; len <= MAX_LENGTH; len++) {
            zeros.add(ByteRanges.hash(zero, 0, len));
        }
        assertThat(zeros).hasSize(MAX_LENGTH + 1);
        // 1950 random values in 65536 buckets: about 30 collisions expected of a good hash
        assertThat(lowBits.size()).isGreaterThan(values - 100);
    }
}
