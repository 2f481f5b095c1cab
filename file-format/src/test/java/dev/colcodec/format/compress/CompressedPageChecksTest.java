package dev.colcodec.format.compress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.Zstd;
import dev.colcodec.CorruptInputException;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/**
 * Compressed pages that lie, are cut short or carry more than their data (each gives the corrupt-input
 * exception, and none makes the reader allocate what its bytes cannot honestly hold), valid forms the
 * readers must take (zstd pages of several frames, gzip pages of several members, Hadoop LZ4 chunks of
 * several blocks), and colcodec's own snappy and literal-run writers read back by the reference decoders.
 */
class CompressedPageChecksTest {

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean())
                .getCurrentThreadAllocatedBytes();
    }

    private static byte[] gzip(byte[] raw) throws Exception {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bos)) {
            gz.write(raw);
        }
        return bos.toByteArray();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            bos.writeBytes(p);
        }
        return bos.toByteArray();
    }

    // ---------------------------------------------------------------- GZIP

    /** Bytes after a page's last gzip member that are not a whole member are corrupt input. */
    @Test
    void bytesAfterTheLastGzipMemberAreRefused() throws Exception {
        byte[] raw = "hello hello hello hello".getBytes();
        List<String> accepted = new ArrayList<>();
        byte[][] tails = {
            {0},
            {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27},
            {0x1f, (byte) 0x8b},
            {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3},
            "garbage".getBytes()
        };
        for (byte[] tail : tails) {
            byte[] page = concat(gzip(raw), tail);
            try {
                byte[] out = CompressionCodecs.decompress(Compression.GZIP, page, 0, page.length, raw.length);
                accepted.add(java.util.Arrays.toString(tail) + " -> " + new String(out));
            } catch (CorruptInputException expected) {
                // what the claim promises
            }
        }
        assertThat(accepted)
                .as("gzip pages with trailing garbage that decoded without error")
                .isEmpty();
    }

    /** A second member holding more bytes than declared is refused; an empty second member is accepted. */
    @Test
    void gzipTrailingMembers() throws Exception {
        byte[] raw = "abcdefgh".getBytes();
        byte[] two = concat(gzip(raw), gzip("x".getBytes()));
        assertThatThrownBy(() -> CompressionCodecs.decompress(Compression.GZIP, two, 0, two.length, raw.length))
                .isInstanceOf(CorruptInputException.class);
        byte[] split = concat(gzip("abcd".getBytes()), gzip("efgh".getBytes()));
        assertThat(CompressionCodecs.decompress(Compression.GZIP, split, 0, split.length, raw.length))
                .isEqualTo(raw);
    }

    /**
     * gzip members with the optional header fields (extra field, name, comment, header CRC) are read; a
     * header CRC, data CRC or size that does not match, and a member cut short, are corrupt input.
     */
    @Test
    void gzipHeaderFieldsAndTrailersAreChecked() throws Exception {
        byte[] raw = "the quick brown fox".getBytes();
        byte[] plain = gzip(raw);
        // the same deflate data behind a header with FEXTRA, FNAME, FCOMMENT and FHCRC
        ByteArrayOutputStream h = new ByteArrayOutputStream();
        h.writeBytes(new byte[] {0x1f, (byte) 0x8b, 8, 4 | 8 | 16 | 2, 0, 0, 0, 0, 0, (byte) 255});
        h.writeBytes(new byte[] {3, 0, 'a', 'b', 'c'});
        h.writeBytes("name\0comment\0".getBytes());
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(h.toByteArray());
        h.write((int) crc.getValue() & 0xFF);
        h.write((int) (crc.getValue() >>> 8) & 0xFF);
        byte[] full = concat(h.toByteArray(), java.util.Arrays.copyOfRange(plain, 10, plain.length));
        assertThat(CompressionCodecs.decompress(Compression.GZIP, full, 0, full.length, raw.length))
                .isEqualTo(raw);
        int hcrcAt = h.size() - 2;
        byte[] badHeaderCrc = full.clone();
        badHeaderCrc[hcrcAt] ^= 1;
        assertThat(assertThrows(badHeaderCrc, raw.length).offset()).isEqualTo(hcrcAt);
        byte[] badDataCrc = plain.clone();
        badDataCrc[plain.length - 8] ^= 1;
        assertThat(assertThrows(badDataCrc, raw.length).offset()).isEqualTo(plain.length - 8);
        byte[] badSize = plain.clone();
        badSize[plain.length - 4] ^= 1;
        assertThat(assertThrows(badSize, raw.length).offset()).isEqualTo(plain.length - 4);
        for (int cut = 0; cut < plain.length; cut++) {
            byte[] shorter = java.util.Arrays.copyOf(plain, cut);
            assertThrows(shorter, raw.length);
        }
        // more data than the page header says, and less
        assertThrows(plain, raw.length - 1);
        assertThrows(plain, raw.length + 1);
    }

    private static CorruptInputException assertThrows(byte[] page, int size) {
        try {
            CompressionCodecs.decompress(Compression.GZIP, page, 0, page.length, size);
        } catch (CorruptInputException e) {
            return e;
        }
        throw new AssertionError("no CorruptInputException for a gzip page of " + page.length + " bytes");
    }

    // ---------------------------------------------------------------- ZSTD

    /** Two zstd frames, each with its content size: valid zstd (RFC 8878 section 3), which zstd-jni decodes. */
    @Test
    void zstdTwoFramesWithContentSizesDecode() {
        byte[] a = new byte[1000];
        byte[] b = new byte[500];
        new SplittableRandom(1).nextBytes(a);
        java.util.Arrays.fill(b, (byte) 7);
        byte[] page = concat(Zstd.compress(a), Zstd.compress(b));
        byte[] ref = new byte[1500];
        long n = Zstd.decompressByteArray(ref, 0, 1500, page, 0, page.length);
        assertThat(n).as("zstd-jni decodes both frames").isEqualTo(1500);
        assertThat(CompressionCodecs.decompress(Compression.ZSTD, page, 0, page.length, 1500))
                .isEqualTo(ref);
    }

    /** The same from a buffer (the mapped-file path). */
    @Test
    void zstdTwoFramesWithContentSizesDecodeFromABuffer() {
        byte[] a = new byte[1000];
        byte[] b = new byte[500];
        new SplittableRandom(1).nextBytes(a);
        new SplittableRandom(2).nextBytes(b);
        byte[] page = concat(Zstd.compress(a), Zstd.compress(b));
        byte[] dst = new byte[1500];
        CompressionCodecs.decompressInto(Compression.ZSTD, ByteBuffer.wrap(page), 0, page.length, dst, 0, 1500);
        assertThat(dst).isEqualTo(concat(a, b));
    }

    /**
     * A 13-byte zstd frame (one RLE block of 128 KiB) whose header and page header both claim 1 GiB is
     * refused before the claimed size is allocated: a zstd block regenerates at most 128 KiB from at least 4
     * bytes, so such a page can honestly hold about 32768x its size.
     */
    @Test
    void aTinyZstdFrameClaimingAGibibyteIsRefusedBeforeAllocating() {
        byte[] page = new byte[13];
        dev.colcodec.io.ByteIO.putIntLE(page, 0, 0xFD2FB528);
        page[4] = (byte) 0xA0; // single segment, 4-byte content size
        dev.colcodec.io.ByteIO.putIntLE(page, 5, 1 << 30);
        int header = (128 << 10) << 3 | 2 << 1 | 1; // last, RLE, 128 KiB
        page[9] = (byte) header;
        page[10] = (byte) (header >>> 8);
        page[11] = (byte) (header >>> 16);
        page[12] = 'x';
        assertRefusedWithoutAllocatingTheClaim(page);
    }

    /** The same without a content size in the frame (a streaming frame: only the ratio bounds it). */
    @Test
    void aTinyZstdFrameWithoutAContentSizeClaimingAGibibyteIsRefusedBeforeAllocating() {
        byte[] page = new byte[10];
        dev.colcodec.io.ByteIO.putIntLE(page, 0, 0xFD2FB528);
        page[4] = 0x00; // no content size, window descriptor follows
        page[5] = 0x38; // window 2^(10+7) = 128 KiB
        int header = (128 << 10) << 3 | 2 << 1 | 1;
        page[6] = (byte) header;
        page[7] = (byte) (header >>> 8);
        page[8] = (byte) (header >>> 16);
        page[9] = 'x';
        assertRefusedWithoutAllocatingTheClaim(page);
    }

    /** {@code page}, claimed to hold 1 GiB, is corrupt input, found before 64 MiB are allocated. */
    private static void assertRefusedWithoutAllocatingTheClaim(byte[] page) {
        long before = allocated();
        Throwable t = null;
        try {
            CompressionCodecs.decompress(Compression.ZSTD, page, 0, page.length, 1 << 30);
        } catch (Throwable e) {
            t = e;
        }
        long used = allocated() - before;
        assertThat(t).isInstanceOf(CorruptInputException.class);
        assertThat(used)
                .as("bytes allocated for a page of " + page.length + " bytes")
                .isLessThan(64L << 20);
    }

    // ---------------------------------------------------------------- LZ4 (Hadoop framing)

    /** A Hadoop chunk split into two LZ4 blocks (as Hadoop's BlockCompressorStream writes large chunks). */
    @Test
    void hadoopLz4ChunkOfTwoBlocks() {
        byte[] raw = new byte[3000];
        new SplittableRandom(3).nextBytes(raw);
        byte[] b1 = CompressionCodecs.compress(Compression.LZ4_RAW, raw, 0, 1000);
        byte[] b2 = CompressionCodecs.compress(Compression.LZ4_RAW, raw, 1000, 2000);
        byte[] page = new byte[4 + 4 + b1.length + 4 + b2.length];
        dev.colcodec.io.ByteIO.putIntBE(page, 0, 3000);
        dev.colcodec.io.ByteIO.putIntBE(page, 4, b1.length);
        System.arraycopy(b1, 0, page, 8, b1.length);
        dev.colcodec.io.ByteIO.putIntBE(page, 8 + b1.length, b2.length);
        System.arraycopy(b2, 0, page, 12 + b1.length, b2.length);
        assertThat(CompressionCodecs.decompress(Compression.LZ4_HADOOP, page, 0, page.length, 3000))
                .isEqualTo(raw);
    }

    @Test
    void hadoopLz4LyingSizesGiveTheCorruptInputException() {
        byte[] raw = new byte[300];
        new SplittableRandom(4).nextBytes(raw);
        byte[] good = CompressionCodecs.compress(Compression.LZ4_HADOOP, raw, 0, raw.length);
        int[][] patches = {
            {0, Integer.MAX_VALUE},
            {0, -1},
            {0, 299},
            {0, 301},
            {0, 0},
            {4, -1},
            {4, Integer.MAX_VALUE},
            {4, 0},
            {4, good.length - 9},
            {4, good.length - 7},
            {4, Integer.MIN_VALUE}
        };
        for (int[] p : patches) {
            byte[] bad = good.clone();
            dev.colcodec.io.ByteIO.putIntBE(bad, p[0], p[1]);
            try {
                byte[] out = CompressionCodecs.decompress(Compression.LZ4_HADOOP, bad, 0, bad.length, raw.length);
                assertThat(out).as("patch " + p[0] + "=" + p[1]).isEqualTo(raw);
            } catch (CorruptInputException expected) {
                assertThat(expected.offset()).isGreaterThanOrEqualTo(0);
            }
        }
    }

    // ---------------------------------------------------------------- SNAPPY preamble

    @Test
    void snappyBadPreambles() {
        byte[][] bad = {
            {},
            {(byte) 0x80},
            {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0},
            {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0x7F}, // 2^35-1
            {(byte) 0x85, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x10}, // 5 + 2^32
        };
        for (byte[] b : bad) {
            for (boolean fixed : new boolean[] {false, true}) {
                assertThatThrownBy(() ->
                                CompressionCodecs.decompress(Compression.SNAPPY, b, 0, b.length, 5, 1 << 20, fixed))
                        .isInstanceOf(CorruptInputException.class);
            }
            assertThatThrownBy(() -> CompressionCodecs.decompressInto(
                            Compression.SNAPPY, ByteBuffer.wrap(b), 0, b.length, new byte[5], 0, 5))
                    .isInstanceOf(CorruptInputException.class);
        }
    }

    // ---------------------------------------------------------------- fuzz: only CorruptInputException

    @Test
    void randomAndMutatedPagesGiveOnlyTheCorruptInputException() {
        SplittableRandom r = new SplittableRandom(42);
        Compression[] codecs = {
            Compression.SNAPPY,
            Compression.GZIP,
            Compression.LZ4_RAW,
            Compression.LZ4_HADOOP,
            Compression.ZSTD,
            Compression.LZMA2,
            Compression.UNCOMPRESSED
        };
        List<String> wrong = new ArrayList<>();
        for (Compression c : codecs) {
            for (int i = 0; i < 1500; i++) {
                int n = r.nextInt(4) == 0 ? r.nextInt(20) : r.nextInt(3000);
                byte[] raw = new byte[n];
                for (int k = 0; k < n; k++) {
                    raw[k] = (byte) (r.nextInt(3) == 0 ? r.nextInt() : k / 37);
                }
                byte[] packed = CompressionCodecs.compress(c, raw, 0, n);
                byte[] bad = packed.clone();
                int len = bad.length;
                switch (r.nextInt(4)) {
                    case 0:
                        if (len > 0) {
                            bad[r.nextInt(len)] = (byte) r.nextInt();
                        }
                        break;
                    case 1:
                        len = r.nextInt(len + 1);
                        break;
                    case 2:
                        r.nextBytes(bad);
                        break;
                    default:
                        for (int k = 0; k < 4 && len > 0; k++) {
                            bad[r.nextInt(len)] ^= (byte) (1 << r.nextInt(8));
                        }
                }
                int size = r.nextInt(5) == 0 ? r.nextInt(1 << 16) : n;
                try {
                    CompressionCodecs.decompress(c, bad, 0, len, size, 1 << 20, r.nextBoolean());
                } catch (CorruptInputException expected) {
                    // fine
                } catch (Throwable t) {
                    wrong.add(c + " n=" + n + " size=" + size + ": " + t);
                }
                if (c == Compression.SNAPPY || c == Compression.ZSTD || c == Compression.LZ4_RAW) {
                    ByteBuffer direct = ByteBuffer.allocateDirect(len + 3);
                    direct.put(3, bad, 0, len);
                    try {
                        CompressionCodecs.decompressInto(c, direct, 3, len, new byte[size], 0, size);
                    } catch (CorruptInputException expected) {
                        // fine
                    } catch (Throwable t) {
                        wrong.add("buffer " + c + " n=" + n + " size=" + size + ": " + t);
                    }
                }
            }
        }
        assertThat(wrong).hasSize(0);
    }

    // ---------------------------------------------------------------- own writers vs reference decoders

    @Test
    void ownWritersAreReadByReferenceDecoders() throws Exception {
        SplittableRandom r = new SplittableRandom(7);
        SnappyEntriesWriter entries = new SnappyEntriesWriter();
        for (int i = 0; i < 4000; i++) {
            int n = i < 300 ? i : r.nextInt(r.nextBoolean() ? 200 : 300_000);
            byte[] raw = new byte[n];
            int shape = r.nextInt(5);
            long v = r.nextLong();
            for (int k = 0; k < n; k++) {
                switch (shape) {
                    case 0:
                        raw[k] = (byte) r.nextInt();
                        break;
                    case 1:
                        raw[k] = 0;
                        break;
                    case 2: // ascending longs
                        if ((k & 7) == 0) {
                            v += r.nextInt(1 << r.nextInt(31));
                        }
                        raw[k] = (byte) (v >>> ((k & 7) * 8));
                        break;
                    case 3: // repeating period far back
                        raw[k] = k >= 65_000 && r.nextInt(50) != 0
                                ? raw[k - 65_000 + r.nextInt(2)]
                                : (byte) r.nextInt(4);
                        break;
                    default:
                        raw[k] = (byte) (k % (1 + (i % 70)));
                }
            }
            int room = CompressionCodecs.snappyMaxCompressedLength(n) + 5;
            byte[] dst = new byte[room];
            int m = SnappyWordsWriter.compress(raw, 0, n, dst, 2);
            byte[] block = java.util.Arrays.copyOfRange(dst, 2, 2 + m);
            assertThat(org.xerial.snappy.Snappy.uncompress(block))
                    .as("words " + i)
                    .isEqualTo(raw);
            int from = n == 0 ? 0 : r.nextInt(Math.min(n, 16) + 1);
            m = entries.compress(raw, 0, n, from, dst, 2);
            block = java.util.Arrays.copyOfRange(dst, 2, 2 + m);
            assertThat(org.xerial.snappy.Snappy.uncompress(block))
                    .as("entries " + i)
                    .isEqualTo(raw);
            assertThat(CompressionCodecs.decompress(Compression.SNAPPY, block, 0, block.length, n))
                    .isEqualTo(raw);
            // the adaptive compressor's literal runs (after an incompressible page) for each codec
            for (Compression c : new Compression[] {Compression.SNAPPY, Compression.LZ4_RAW, Compression.ZSTD}) {
                AdaptivePageCompressor a = new AdaptivePageCompressor();
                byte[] noise = new byte[4096];
                r.nextBytes(noise);
                a.compressInto(c, noise, 0, noise.length, new byte[CompressionCodecs.maxCompressedLength(c, 4096)], 0);
                byte[] out = new byte[CompressionCodecs.maxCompressedLength(c, n)];
                int k = a.compressInto(c, raw, 0, n, out, 0);
                byte[] got;
                if (c == Compression.SNAPPY) {
                    got = org.xerial.snappy.Snappy.uncompress(java.util.Arrays.copyOf(out, k));
                } else if (c == Compression.LZ4_RAW) {
                    got = net.jpountz.lz4.LZ4Factory.safeInstance()
                            .safeDecompressor()
                            .decompress(out, 0, k, n);
                } else {
                    got = new byte[n];
                    long z = Zstd.decompressByteArray(got, 0, n, out, 0, k);
                    assertThat(Zstd.isError(z)).isFalse();
                    assertThat(z).isEqualTo(n);
                }
                assertThat(got).as(c + " literal run " + i).isEqualTo(raw);
            }
        }
    }
    /** 1 MiB of zeros as 13 bytes of brotli (pyarrow 26.0.1: {@code pa.compress(bytes(1 << 20), codec='brotli')}). */
    private static final byte[] BROTLI_MIB_OF_ZEROS = java.util.HexFormat.of().parseHex("5bffff0f4002201e0b24f7fe01");

    /**
     * A brotli stream claiming more than deflate could make of its bytes is decoded once before anything is
     * allocated for its claim: its true size passes, a larger or smaller claim is corrupt input, and a claim
     * of 256 MiB costs far less than 256 MiB.
     */
    @Test
    void aBrotliStreamThatClaimsMuchIsMeasuredBeforeAllocating() {
        byte[] z = BROTLI_MIB_OF_ZEROS;
        int mib = 1 << 20;
        CompressionCodecs.checkFrameHeader(Compression.BROTLI, z, 0, z.length, mib);
        CompressionCodecs.checkFrameHeader(Compression.BROTLI, ByteBuffer.wrap(z), 0, z.length, mib);
        assertThat(CompressionCodecs.decompress(Compression.BROTLI, z, 0, z.length, mib, mib))
                .isEqualTo(new byte[mib]);
        assertThatThrownBy(() -> CompressionCodecs.checkFrameHeader(Compression.BROTLI, z, 0, z.length, mib - 1))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("a BROTLI stream of 1048575 bytes but it holds more");
        byte[] padded = new byte[3 + z.length];
        System.arraycopy(z, 0, padded, 3, z.length);
        assertThatThrownBy(() -> CompressionCodecs.checkFrameHeader(
                        Compression.BROTLI, ByteBuffer.wrap(padded), 3, z.length, mib + 1))
                .isInstanceOf(CorruptInputException.class)
                .satisfies(e -> assertThat(((CorruptInputException) e).offset()).isEqualTo(3L))
                .hasMessageContaining("but it holds 1048576");
        long before = allocated();
        assertThatThrownBy(() -> CompressionCodecs.decompress(Compression.BROTLI, z, 0, z.length, 256 * mib, 256 * mib))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("but it holds 1048576");
        assertThat(allocated() - before)
                .as("bytes allocated for 13 bytes of brotli claiming 256 MiB")
                .isLessThan(64L << 20);
        // a damaged stream that claims much is corrupt input from the measuring pass
        byte[] damaged = z.clone();
        damaged[5] ^= 0x5A;
        assertThatThrownBy(
                        () -> CompressionCodecs.checkFrameHeader(Compression.BROTLI, damaged, 0, damaged.length, mib))
                .isInstanceOf(CorruptInputException.class);
    }
}
