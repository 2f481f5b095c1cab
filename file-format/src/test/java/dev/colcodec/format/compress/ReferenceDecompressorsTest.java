package dev.colcodec.format.compress;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.luben.zstd.Zstd;
import java.io.ByteArrayInputStream;
import java.util.SplittableRandom;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/** colcodec's compressed pages read back by the reference libraries, byte for byte. */
class ReferenceDecompressorsTest {
    @Test
    void referenceDecodersReadColcodecPages() throws Exception {
        SplittableRandom r = new SplittableRandom(11);
        for (int i = 0; i < 600; i++) {
            int n = i < 70 ? i : r.nextInt(i % 10 == 0 ? 1 << 20 : 5000);
            byte[] raw = new byte[n];
            int shape = r.nextInt(3);
            for (int k = 0; k < n; k++) {
                raw[k] = shape == 0
                        ? (byte) r.nextInt()
                        : shape == 1 ? (byte) (k / 100) : (byte) (r.nextInt(5) == 0 ? r.nextInt() : 0);
            }
            for (Compression c : new Compression[] {
                Compression.SNAPPY,
                Compression.GZIP,
                Compression.LZ4_RAW,
                Compression.LZ4_HADOOP,
                Compression.ZSTD,
                Compression.LZMA2,
                Compression.UNCOMPRESSED
            }) {
                if (c == Compression.LZMA2 && n > 100_000) {
                    continue;
                }
                byte[] p = CompressionCodecs.compress(c, raw, 0, n);
                byte[] back;
                switch (c) {
                    case SNAPPY:
                        back = org.xerial.snappy.Snappy.uncompress(p);
                        break;
                    case GZIP:
                        back = new GZIPInputStream(new ByteArrayInputStream(p)).readAllBytes();
                        break;
                    case LZ4_RAW:
                        back = net.jpountz.lz4.LZ4Factory.safeInstance()
                                .safeDecompressor()
                                .decompress(p, 0, p.length, n);
                        break;
                    case LZ4_HADOOP: {
                        if (n == 0) {
                            back = p.length == 0 ? new byte[0] : null;
                            break;
                        }
                        int total = dev.colcodec.io.ByteIO.getIntBE(p, 0);
                        int blen = dev.colcodec.io.ByteIO.getIntBE(p, 4);
                        assertThat(total).isEqualTo(n);
                        assertThat(8 + blen).isEqualTo(p.length);
                        back = net.jpountz.lz4.LZ4Factory.safeInstance()
                                .safeDecompressor()
                                .decompress(p, 8, blen, n);
                        break;
                    }
                    case ZSTD: {
                        back = new byte[n];
                        long z = Zstd.decompressByteArray(back, 0, n, p, 0, p.length);
                        assertThat(z).isEqualTo(n);
                        break;
                    }
                    case LZMA2:
                        back = new org.tukaani.xz.XZInputStream(new ByteArrayInputStream(p)).readAllBytes();
                        break;
                    default:
                        back = p;
                }
                assertThat(back).as(c + " n=" + n).isEqualTo(raw);
                int room = CompressionCodecs.maxCompressedLength(c, n);
                if (room >= 0) {
                    byte[] dst = new byte[room + 3];
                    int m = CompressionCodecs.compressInto(c, raw, 0, n, dst, 3);
                    assertThat(java.util.Arrays.copyOfRange(dst, 3, 3 + m))
                            .as("compressInto " + c)
                            .isEqualTo(p);
                }
                assertThat(CompressionCodecs.decompress(c, p, 0, p.length, n)).isEqualTo(raw);
            }
        }
    }
}
