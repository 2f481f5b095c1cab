package dev.colcodec.format.compress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * BROTLI, which colcodec reads and does not write, on streams written by pyarrow's brotli codec
 * ({@code src/test/resources/compress/brotli/generate.py}; this class recomputes their content).
 */
class BrotliPagesTest {
    static byte[] stream(String name) {
        try (InputStream in = BrotliPagesTest.class.getResourceAsStream("/compress/brotli/" + name)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] text() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            b.append("line ").append(i).append(" of a brotli test vector\n");
        }
        return b.toString().getBytes(StandardCharsets.US_ASCII);
    }

    static byte[] mixed() {
        byte[] out = new byte[20_000];
        long x = 0x9E3779B97F4A7C15L;
        for (int i = 0; i < out.length; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            out[i] = (byte) (i % 4 == 0 ? i / 16 : x);
        }
        return out;
    }

    static byte[] content(String name) {
        switch (name) {
            case "empty.br":
                return new byte[0];
            case "text_q1.br":
            case "text_q11.br":
                return text();
            case "mixed_q5.br":
                return mixed();
            case "zeros_16m.br":
                return new byte[16 << 20];
            default:
                throw new IllegalArgumentException(name);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"empty.br", "text_q1.br", "text_q11.br", "mixed_q5.br", "zeros_16m.br"})
    void decodesPyarrowsStreams(String name) {
        byte[] packed = stream(name);
        byte[] raw = content(name);
        byte[] framed = new byte[packed.length + 9];
        System.arraycopy(packed, 0, framed, 5, packed.length);
        assertThat(CompressionCodecs.decompress(Compression.BROTLI, framed, 5, packed.length, raw.length))
                .isEqualTo(raw);
        byte[] dst = new byte[raw.length + 3];
        CompressionCodecs.decompressInto(Compression.BROTLI, framed, 5, packed.length, dst, 3, raw.length);
        assertThat(java.util.Arrays.copyOfRange(dst, 3, dst.length)).isEqualTo(raw);
    }

    @ParameterizedTest
    @ValueSource(strings = {"text_q1.br", "text_q11.br", "mixed_q5.br", "zeros_16m.br"})
    void aLyingSizeIsCorruptInput(String name) {
        byte[] packed = stream(name);
        int size = content(name).length;
        assertThatThrownBy(() -> CompressionCodecs.decompress(Compression.BROTLI, packed, 0, packed.length, size + 1))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("holds " + size);
        assertThatThrownBy(() -> CompressionCodecs.decompress(Compression.BROTLI, packed, 0, packed.length, size - 1))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("holds more");
    }

    private static long allocatedByThisThread() {
        return ((com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean())
                .getCurrentThreadAllocatedBytes();
    }

    /**
     * 26 bytes that expand to 16 MiB: a page declaring fewer bytes is refused once one more is decoded,
     * and one declaring more than the caller's limit before anything is allocated. The stream claims a
     * window of 4 MiB, and of 16 MiB once its first byte says so; for a page of 1 KiB the decoder gets a
     * window of 256 KiB either way, so each refusal allocates well under the window claimed.
     */
    @Test
    void aSmallStreamOfManyBytesIsHeldToTheDeclaredSizeAndTheLimit() {
        byte[] packed = stream("zeros_16m.br");
        assertThat(packed).hasSizeLessThan(32);
        assertThat(packed[0] & 0x0F).as("window code 22").isEqualTo(0b1011);
        byte[] wide = packed.clone();
        wide[0] = (byte) ((wide[0] & ~0x0E) | 7 << 1); // window code 24: 16 MiB
        for (byte[] stream : new byte[][] {packed, wide}) {
            CompressionCodecs.decompress(Compression.BROTLI, text_q1(), 0, text_q1().length, text().length);
            long before = allocatedByThisThread();
            for (int i = 0; i < 5; i++) {
                assertThatThrownBy(
                                () -> CompressionCodecs.decompress(Compression.BROTLI, stream, 0, stream.length, 1024))
                        .isInstanceOf(CorruptInputException.class)
                        .hasMessageContaining("holds more");
            }
            assertThat(allocatedByThisThread() - before).as("5 refusals").isLessThan(5L << 19);
        }
        // the whole stream, with either window, when the page is as large as it
        assertThat(CompressionCodecs.decompress(Compression.BROTLI, wide, 0, wide.length, 16 << 20))
                .isEqualTo(new byte[16 << 20]);
        assertThatThrownBy(() ->
                        CompressionCodecs.decompress(Compression.BROTLI, packed, 0, packed.length, 16 << 20, 1 << 20))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("[0, 1048576]");
    }

    private static byte[] text_q1() {
        return stream("text_q1.br");
    }

    /**
     * A window lowered to the page's size decodes every stream of pyarrow's, at every window the format
     * codes in 4 bits, to the same bytes: the lowered window still holds every distance.
     */
    @ParameterizedTest
    @ValueSource(strings = {"text_q1.br", "text_q11.br", "mixed_q5.br"})
    void aLoweredWindowDecodesTheSameBytes(String name) {
        byte[] packed = stream(name);
        byte[] raw = content(name);
        assertThat(packed[0] & 1).isOne();
        for (int code = 1; code <= 7; code++) {
            byte[] s = packed.clone();
            s[0] = (byte) ((s[0] & ~0x0E) | code << 1);
            if (17 + code < 17 + ((packed[0] >>> 1) & 7)) {
                continue; // a window smaller than the one it was written with may be too small for it
            }
            assertThat(CompressionCodecs.decompress(Compression.BROTLI, s, 0, s.length, raw.length))
                    .as("window code %d", code)
                    .isEqualTo(raw);
        }
    }

    /** Truncated and bit-flipped streams decode to the declared size or give the corrupt-input exception. */
    @ParameterizedTest
    @ValueSource(strings = {"text_q1.br", "text_q11.br", "mixed_q5.br", "zeros_16m.br"})
    void damagedStreamsGiveOnlyTheCorruptInputException(String name) {
        byte[] packed = stream(name);
        int size = content(name).length;
        SplittableRandom r = new SplittableRandom(name.hashCode());
        int failures = 0;
        for (int i = 0; i < 400; i++) {
            byte[] bad = packed.clone();
            int len = r.nextBoolean() ? bad.length : r.nextInt(bad.length + 1);
            for (int k = 1 + r.nextInt(3); k > 0; k--) {
                bad[r.nextInt(bad.length)] ^= (byte) (1 << r.nextInt(8));
            }
            try {
                assertThat(CompressionCodecs.decompress(Compression.BROTLI, bad, 0, len, size))
                        .hasSize(size);
            } catch (CorruptInputException expected) {
                assertThat(expected.offset()).isZero();
                failures++;
            }
        }
        assertThat(failures).as("damaged streams refused").isPositive();
    }

    @Test
    void colcodecDoesNotCompressWithBrotli() {
        assertThat(Compression.BROTLI.canCompress()).isFalse();
        assertThat(Compression.fromParquetId(4)).isEqualTo(Compression.BROTLI);
        byte[] raw = text();
        assertThatThrownBy(() -> CompressionCodecs.compress(Compression.BROTLI, raw, 0, raw.length))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot compress with BROTLI");
        assertThatThrownBy(() -> CompressionCodecs.compressInto(
                        Compression.BROTLI, raw, 0, raw.length, new byte[raw.length * 2], 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot compress with BROTLI");
        assertThatThrownBy(() -> dev.colcodec.format.parquet.ParquetWriteOptions.defaults()
                        .withCompression(Compression.BROTLI))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Parquet files cannot be written with BROTLI");
    }

    @Test
    void lzoIsAnUnsupportedCodecAndUnknownIdsAreRefused() {
        assertThatThrownBy(() -> Compression.fromParquetId(3))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessage("LZO-compressed Parquet pages are not supported");
        assertThatThrownBy(() -> Compression.fromParquetId(42))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown Parquet compression codec 42");
    }
}
