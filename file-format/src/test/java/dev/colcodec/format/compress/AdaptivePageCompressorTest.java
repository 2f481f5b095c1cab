package dev.colcodec.format.compress;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import java.util.Arrays;
import java.util.SplittableRandom;
import net.jpountz.lz4.LZ4Factory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.xerial.snappy.Snappy;

class AdaptivePageCompressorTest {
    private static final Kernels KERNELS = KernelProvider.best();

    private static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new SplittableRandom(seed).nextBytes(b);
        return b;
    }

    private static byte[] compressible(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i / 32);
        }
        return b;
    }

    /** Decodes with the codec's own library (not our decoder), so a literal run is checked independently. */
    private static byte[] referenceDecode(Compression c, byte[] packed, int n) throws Exception {
        if (c == Compression.SNAPPY) {
            return Snappy.uncompress(packed);
        }
        if (c == Compression.LZ4_RAW) {
            return LZ4Factory.safeInstance().safeDecompressor().decompress(packed, n);
        }
        return CompressionCodecs.decompress(c, packed, 0, packed.length, n);
    }

    private static byte[] compress(AdaptivePageCompressor ac, Compression c, byte[] page) {
        byte[] dst = new byte[CompressionCodecs.maxCompressedLength(c, page.length) + 3];
        int n = ac.compressInto(c, page, 0, page.length, dst, 3);
        return Arrays.copyOfRange(dst, 3, 3 + n);
    }

    @ParameterizedTest
    @EnumSource(
            value = Compression.class,
            names = {"SNAPPY", "LZ4_RAW", "LZ4_HADOOP", "ZSTD"})
    void incompressiblePagesBecomeLiteralRunsThatEveryDecoderReadsThenTheCodecIsRetried(Compression c)
            throws Exception {
        boolean adaptive = c == Compression.SNAPPY || c == Compression.LZ4_RAW || c == Compression.ZSTD;
        AdaptivePageCompressor ac = new AdaptivePageCompressor();
        int[] sizes = {
            80_000, 0, 1, 14, 15, 16, 59, 60, 61, 255, 256, 269, 270, 271, 65_535, 65_536, 65_537, 1 << 24 | 3
        };
        // page 0 does not compress: it is the codec's own output, and the next SKIP_PAGES are literal runs
        byte[] first = random(sizes[0], 1);
        assertThat(compress(ac, c, first)).isEqualTo(CompressionCodecs.compress(c, first, 0, first.length));
        for (int k = 1; k <= AdaptivePageCompressor.SKIP_PAGES; k++) {
            int n = sizes[k % sizes.length];
            byte[] page = k % 3 == 0 ? compressible(n) : random(n, k);
            byte[] packed = compress(ac, c, page);
            assertThat(referenceDecode(c, packed, n))
                    .as(c + " page " + k + " of " + n)
                    .isEqualTo(page);
            assertThat(CompressionCodecs.decompress(c, packed, 0, packed.length, n))
                    .isEqualTo(page);
            if (adaptive) {
                assertThat(packed.length).as("a literal run").isLessThanOrEqualTo(n + n / 255 + 10);
                if (k % 3 != 0) {
                    assertThat(packed.length)
                            .as("random bytes are not compressed")
                            .isGreaterThanOrEqualTo(n);
                }
            } else {
                assertThat(packed).isEqualTo(CompressionCodecs.compress(c, page, 0, n));
            }
        }
        // then the codec again: a compressible page shrinks and the run of literal pages ends
        byte[] comp = compressible(80_000);
        byte[] packed = compress(ac, c, comp);
        assertThat(packed).isEqualTo(CompressionCodecs.compress(c, comp, 0, comp.length));
        assertThat(packed.length).isLessThan(comp.length / 2);
        byte[] again = random(70_000, 99);
        assertThat(compress(ac, c, again)).isEqualTo(CompressionCodecs.compress(c, again, 0, again.length));
    }

    /**
     * After the literal runs the codec is tried on a sample from the middle of a large page: a page whose
     * middle is random stays a literal run (even if the rest would compress) (for {@link AdaptivePageCompressor#SKIP_PAGES} more), a page whose middle
     * compresses is the codec's output, and a page too small to sample is tried whole.
     */
    @ParameterizedTest
    @EnumSource(
            value = Compression.class,
            names = {"SNAPPY", "LZ4_RAW", "ZSTD"})
    void afterLiteralRunsTheCodecIsTriedOnASampleOfLargePages(Compression c) throws Exception {
        int big = 4 * AdaptivePageCompressor.SAMPLE_BYTES + 5;
        AdaptivePageCompressor ac = new AdaptivePageCompressor();
        for (int round = 0; round < 3; round++) {
            byte[] page = random(big, 10 + round);
            if (round > 0) {
                // compressible but for the middle (a random 64-byte block repeated, no runs of one byte
                // value, which LZ4 literal runs turn into matches): the sample decides, for a literal run
                byte[] block = random(64, 5);
                for (int i = 0; i < big / 4; i++) {
                    page[i] = block[i % 64];
                    page[big - 1 - i] = block[i % 64];
                }
            }
            byte[] packed = compress(ac, c, page);
            if (round == 0) {
                assertThat(packed).isEqualTo(CompressionCodecs.compress(c, page, 0, big));
            } else {
                assertThat(CompressionCodecs.compress(c, page, 0, big).length).isLessThan(big * 3 / 4);
                assertThat(packed.length).as("a literal run").isGreaterThanOrEqualTo(big);
                assertThat(referenceDecode(c, packed, big)).isEqualTo(page);
            }
            for (int k = 0; k < AdaptivePageCompressor.SKIP_PAGES; k++) {
                byte[] p = random(1000 + k, k);
                assertThat(referenceDecode(c, compress(ac, c, p), p.length)).isEqualTo(p);
            }
        }
        // random at both ends, compressible in the middle: the sample decides for the codec
        byte[] mixed = random(big, 77);
        byte[] middle = compressible(2 * AdaptivePageCompressor.SAMPLE_BYTES);
        System.arraycopy(middle, 0, mixed, big / 2 - middle.length / 2, middle.length);
        assertThat(compress(ac, c, mixed)).isEqualTo(CompressionCodecs.compress(c, mixed, 0, big));
        // a small page after literal runs is tried whole
        byte[] first = random(big, 78);
        compress(ac, c, first);
        for (int k = 0; k < AdaptivePageCompressor.SKIP_PAGES; k++) {
            compress(ac, c, random(500, k));
        }
        byte[] small = random(2 * AdaptivePageCompressor.SAMPLE_BYTES - 1, 79);
        assertThat(compress(ac, c, small)).isEqualTo(CompressionCodecs.compress(c, small, 0, small.length));
    }

    @ParameterizedTest
    @EnumSource(
            value = Compression.class,
            names = {"SNAPPY", "LZ4_RAW", "ZSTD"})
    void literalRunsOfEveryLengthClassDecode(Compression c) throws Exception {
        for (int n : new int[] {
            0, 1, 14, 15, 16, 59, 60, 61, 255, 256, 269, 270, 271, 524, 525, 65_536, 65_537, 65_791, 65_792, 131_071,
            131_072, 131_073, 262_144, 300_001
        }) {
            byte[] page = random(n, n);
            byte[] dst = new byte[CompressionCodecs.maxCompressedLength(c, n)];
            int len = c == Compression.SNAPPY
                    ? AdaptivePageCompressor.snappyLiterals(page, 0, n, dst, 0)
                    : c == Compression.ZSTD
                            ? AdaptivePageCompressor.zstdRawFrame(page, 0, n, dst, 0)
                            : AdaptivePageCompressor.lz4Literals(KERNELS, page, 0, n, dst, 0);
            byte[] packed = Arrays.copyOf(dst, len);
            assertThat(referenceDecode(c, packed, n)).as(c + " " + n).isEqualTo(page);
            if (c == Compression.ZSTD) {
                // zstd-jni reads the frame's declared size and decompresses it directly
                assertThat(com.github.luben.zstd.Zstd.getFrameContentSize(packed))
                        .isEqualTo(n);
                assertThat(com.github.luben.zstd.Zstd.decompress(packed, n)).isEqualTo(page);
                assertThat(len)
                        .isEqualTo(n + 9 + (n < 256 ? 0 : n < 65_792 ? 1 : 3) + 3 * Math.max(0, (n - 1) / (128 << 10)));
            }
        }
    }

    @org.junit.jupiter.api.Test
    void lz4LiteralBlocksTurnRunsOfOneByteIntoMatchesThatDecodersRead() {
        SplittableRandom r = new SplittableRandom(5);
        for (int round = 0; round < 3000; round++) {
            int n = r.nextInt(round < 1000 ? 64 : 3000);
            byte[] page = new byte[n];
            r.nextBytes(page);
            int runs = r.nextInt(4);
            for (int k = 0; k < runs && n > 0; k++) {
                int at = r.nextInt(3) == 0 ? (r.nextBoolean() ? 0 : Math.max(0, n - r.nextInt(40))) : r.nextInt(n);
                int runLen = Math.min(n - at, 1 + r.nextInt(r.nextBoolean() ? 40 : 700));
                java.util.Arrays.fill(page, at, at + runLen, (byte) r.nextInt(3));
            }
            byte[] dst = new byte[CompressionCodecs.maxCompressedLength(Compression.LZ4_RAW, n)];
            int len = AdaptivePageCompressor.lz4Literals(KERNELS, page, 0, n, dst, 0);
            byte[] packed = Arrays.copyOf(dst, len);
            assertThat(LZ4Factory.safeInstance().safeDecompressor().decompress(packed, n))
                    .as("round " + round)
                    .isEqualTo(page);
            assertThat(LZ4Factory.safeInstance().fastDecompressor().decompress(packed, n))
                    .isEqualTo(page);
            assertThat(len).isLessThanOrEqualTo(n + n / 255 + 10);
        }
        // a TsFile value page without nulls: its 1,250-byte bitmap costs a few bytes
        byte[] page = random(4 + 1250 + 80_000, 8);
        Arrays.fill(page, 4, 4 + 1250, (byte) 0xFF);
        byte[] dst = new byte[CompressionCodecs.maxCompressedLength(Compression.LZ4_RAW, page.length)];
        assertThat(AdaptivePageCompressor.lz4Literals(KERNELS, page, 0, page.length, dst, 0))
                .isLessThan(80_000 + 4 + 400);
    }

    @ParameterizedTest
    @EnumSource(
            value = Compression.class,
            names = {"SNAPPY", "LZ4_RAW"})
    void compressiblePagesAreTheCodecsOwnBytes(Compression c) {
        AdaptivePageCompressor ac = new AdaptivePageCompressor();
        for (int k = 0; k < 40; k++) {
            byte[] page = compressible(1000 + 997 * k);
            assertThat(compress(ac, c, page)).isEqualTo(CompressionCodecs.compress(c, page, 0, page.length));
        }
    }

    /**
     * LZ4 literal runs are the bytes the probe loop before {@code Kernels.findByteRun} wrote (commit db827e1):
     * 400 pages of 13 to 3,012 random bytes with up to 5 runs of 1 to 120 bytes of 3 values, whose blocks'
     * CRC-32 and total size that code gave; with the scalar kernels and the provider's.
     */
    @Test
    void literalRunsAreTheBytesTheProbeLoopWrote() {
        for (Kernels k : new Kernels[] {KernelProvider.scalar(), KERNELS}) {
            SplittableRandom r = new SplittableRandom(41);
            java.util.zip.CRC32 crc = new java.util.zip.CRC32();
            long total = 0;
            for (int page = 0; page < 400; page++) {
                int len = 13 + r.nextInt(3000);
                byte[] b = new byte[len];
                r.nextBytes(b);
                for (int runs = r.nextInt(6); runs > 0; runs--) {
                    int at = r.nextInt(len);
                    Arrays.fill(b, at, Math.min(len, at + 1 + r.nextInt(120)), (byte) r.nextInt(3));
                }
                byte[] dst = new byte[len + len / 255 + 16];
                int n = AdaptivePageCompressor.lz4Literals(k, b, 0, len, dst, 0);
                crc.update(dst, 0, n);
                total += n;
            }
            assertThat(total).as(k.name()).isEqualTo(584_061);
            assertThat(crc.getValue()).as(k.name()).isEqualTo(0xfbfc81a6L);
        }
    }
}
