package dev.colcodec.format.compress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class CompressionCodecsTest {
    private static byte[] sample(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (r.nextInt(4) == 0 ? r.nextInt() : i / 16);
        }
        return b;
    }

    @ParameterizedTest
    @EnumSource(Compression.class)
    void roundTripsEmptySmallAndLargePages(Compression c) {
        for (int n : new int[] {0, 1, 100, 70_000}) {
            byte[] raw = sample(n, n);
            byte[] packed = CompressionCodecs.compress(c, raw, 0, n);
            byte[] framed = new byte[packed.length + 7];
            System.arraycopy(packed, 0, framed, 3, packed.length);
            assertThat(CompressionCodecs.decompress(c, framed, 3, packed.length, n))
                    .as(c + " " + n)
                    .isEqualTo(raw);
        }
    }

    @ParameterizedTest
    @EnumSource(Compression.class)
    void aLyingSizeOrCorruptBytesGiveTheCorruptInputException(Compression c) {
        byte[] raw = sample(5000, 3);
        byte[] packed = CompressionCodecs.compress(c, raw, 0, raw.length);
        assertThatThrownBy(() -> CompressionCodecs.decompress(c, packed, 0, packed.length, raw.length + 1))
                .isInstanceOf(CorruptInputException.class);
        if (raw.length > 1) {
            assertThatThrownBy(() -> CompressionCodecs.decompress(c, packed, 0, packed.length, raw.length - 1))
                    .isInstanceOf(CorruptInputException.class);
        }
        assertThatThrownBy(() -> CompressionCodecs.decompress(c, packed, 0, packed.length, -5))
                .isInstanceOf(CorruptInputException.class);
        SplittableRandom r = new SplittableRandom(9);
        for (int i = 0; i < 300; i++) {
            byte[] bad = packed.clone();
            int len = r.nextBoolean() ? bad.length : r.nextInt(bad.length + 1);
            bad[r.nextInt(bad.length)] ^= (byte) (1 << r.nextInt(8));
            try {
                byte[] out = CompressionCodecs.decompress(c, bad, 0, len, raw.length);
                assertThat(out).hasSize(raw.length);
            } catch (CorruptInputException expected) {
                // the only acceptable failure
            }
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = Compression.class,
            names = {"SNAPPY", "GZIP", "LZ4_RAW", "LZ4_HADOOP"})
    void aDeclaredSizeBeyondTheCodecsRatioIsRefusedBeforeAllocating(Compression c) {
        byte[] tiny = new byte[10];
        assertThatThrownBy(() -> CompressionCodecs.decompress(c, tiny, 0, tiny.length, 1 << 29))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("at most");
    }

    @ParameterizedTest
    @EnumSource(Compression.class)
    void aDeclaredSizeAboveTheCallersLimitIsRefused(Compression c) {
        byte[] raw = sample(4096, 1);
        byte[] packed = CompressionCodecs.compress(c, raw, 0, raw.length);
        assertThatThrownBy(() -> CompressionCodecs.decompress(c, packed, 0, packed.length, raw.length, 1024))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("[0, 1024]");
    }

    @ParameterizedTest
    @EnumSource(Compression.class)
    void idsRoundTrip(Compression c) {
        if (c.parquetId() >= 0) {
            assertThat(Compression.fromParquetId(c.parquetId())).isEqualTo(c);
        }
        if (c.tsfileId() >= 0) {
            assertThat(Compression.fromTsFileId(c.tsfileId())).isEqualTo(c);
        }
    }

    @org.junit.jupiter.api.Test
    void snappyBoundIsSnappyJavas() {
        for (int len : new int[] {0, 1, 5, 6, 7, 100, 65_536, 1 << 20, (1 << 20) + 5, 123_456_789}) {
            assertThat(CompressionCodecs.snappyMaxCompressedLength(len))
                    .isEqualTo(org.xerial.snappy.Snappy.maxCompressedLength(len));
            assertThat(CompressionCodecs.maxCompressedLength(Compression.SNAPPY, len))
                    .isEqualTo(org.xerial.snappy.Snappy.maxCompressedLength(len));
        }
    }
}
