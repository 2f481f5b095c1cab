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

    /** Every codec colcodec compresses with (BROTLI is read only: {@code BrotliPagesTest}). */
    @ParameterizedTest
    @EnumSource(value = Compression.class, mode = EnumSource.Mode.EXCLUDE, names = "BROTLI")
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
    @EnumSource(value = Compression.class, mode = EnumSource.Mode.EXCLUDE, names = "BROTLI")
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
    @EnumSource(value = Compression.class, mode = EnumSource.Mode.EXCLUDE, names = "BROTLI")
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

    private static long allocatedByThisThread() {
        return ((com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean())
                .getCurrentThreadAllocatedBytes();
    }

    /**
     * LZMA2 pages reuse the xz decoder's dictionary (8 MiB at tsfile's preset) from page to page instead
     * of allocating one per page.
     */
    @org.junit.jupiter.api.Test
    void lzma2PagesReuseTheDecodersDictionary() {
        byte[] raw = sample(65_536, 5);
        byte[] packed = CompressionCodecs.compress(Compression.LZMA2, raw, 0, raw.length);
        assertThat(CompressionCodecs.decompress(Compression.LZMA2, packed, 0, packed.length, raw.length))
                .isEqualTo(raw);
        long before = allocatedByThisThread();
        for (int i = 0; i < 20; i++) {
            assertThat(CompressionCodecs.decompress(Compression.LZMA2, packed, 0, packed.length, raw.length))
                    .isEqualTo(raw);
        }
        // 20 dictionaries would be 160 MiB; the pages themselves are 1.3 MB
        assertThat(allocatedByThisThread() - before).isLessThan(40L << 20);
    }

    /**
     * A page whose xz block header declares a 128 MiB dictionary (more than xz's largest preset) is
     * refused before the dictionary is allocated.
     */
    @org.junit.jupiter.api.Test
    void lzma2DictionaryAboveTheLimitIsRefused() {
        byte[] raw = sample(4096, 6);
        byte[] packed = CompressionCodecs.compress(Compression.LZMA2, raw, 0, raw.length);
        // after the 12-byte stream header: block header size byte, flags 0 (one filter, no sizes),
        // filter id 0x21 (LZMA2), properties size 1, the dictionary size code, padding, CRC32
        int h = 12;
        int size = ((packed[h] & 0xFF) + 1) * 4;
        assertThat(packed[h + 1]).isEqualTo((byte) 0);
        assertThat(packed[h + 2]).isEqualTo((byte) 0x21);
        assertThat(packed[h + 4]).isEqualTo((byte) 22); // 8 MiB
        packed[h + 4] = 30; // 128 MiB
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(packed, h, size - 4);
        dev.colcodec.io.ByteIO.putIntLE(packed, h + size - 4, (int) crc.getValue());
        long before = allocatedByThisThread();
        assertThatThrownBy(() -> CompressionCodecs.decompress(Compression.LZMA2, packed, 0, packed.length, raw.length))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("LZMA2");
        assertThat(allocatedByThisThread() - before).isLessThan(16L << 20);
    }
}
