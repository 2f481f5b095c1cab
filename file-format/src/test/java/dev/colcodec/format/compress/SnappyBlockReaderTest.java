package dev.colcodec.format.compress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.xerial.snappy.Snappy;

/**
 * The Java snappy decoder that reads blocks from buffers (memory-mapped pages): it must give exactly what
 * snappy-java compressed, from heap and direct buffers at any offset, and reject damaged blocks with
 * {@link CorruptInputException} only.
 */
class SnappyBlockReaderTest {
    private static final int[] SIZES = {0, 1, 2, 59, 60, 61, 255, 256, 4095, 65_535, 65_536, 65_537, 200_003};

    /** Random bytes (all literals), text-like bytes (copies at short and long distances), runs, and a mix. */
    static byte[] data(String kind, int n, SplittableRandom r) {
        byte[] b = new byte[n];
        switch (kind) {
            case "random":
                for (int i = 0; i < n; i++) {
                    b[i] = (byte) r.nextInt();
                }
                break;
            case "text": {
                String[] words = {"sensor", "s00042-", "temperature", "1f3a", " ", ",", "device_7", "0"};
                int i = 0;
                while (i < n) {
                    byte[] w = words[r.nextInt(words.length)].getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    for (int k = 0; k < w.length && i < n; k++) {
                        b[i++] = w[k];
                    }
                }
                break;
            }
            case "runs":
                for (int i = 0; i < n; ) {
                    byte v = (byte) r.nextInt(4);
                    int len = 1 + r.nextInt(r.nextBoolean() ? 8 : 3000);
                    for (int k = 0; k < len && i < n; k++) {
                        b[i++] = v;
                    }
                }
                break;
            case "sorted": // ascending little-endian longs with small steps: short literals, copies at 8
                long v = 1_700_000_000_000L;
                for (int i = 0; i < n; i++) {
                    if (i % 8 == 0) {
                        v += r.nextInt(1024);
                    }
                    b[i] = (byte) (v >>> (8 * (i % 8)));
                }
                break;
            case "doubles": // smooth little-endian doubles, rounded to 2 decimals: copies at 8 and 16
                double d = 20;
                long bits = 0;
                for (int i = 0; i < n; i++) {
                    if (i % 8 == 0) {
                        d += r.nextDouble() * 0.01;
                        bits = Double.doubleToLongBits(Math.round(d * 100) / 100.0);
                    }
                    b[i] = (byte) (bits >>> (8 * (i % 8)));
                }
                break;
            default: // far repeats: a random block copied again 40,000 bytes later (4-byte offsets when large)
                for (int i = 0; i < n; i++) {
                    b[i] = i >= 40_000 && r.nextInt(8) != 0 ? b[i - 40_000] : (byte) r.nextInt();
                }
                break;
        }
        return b;
    }

    /**
     * Decodes the block from a buffer (the mapped-file path), from an array as a page of fixed-width values,
     * and with the Java array decoder directly: all must give the same bytes, or all {@link
     * CorruptInputException} (with the same message where the array path decodes in Java too), and none
     * may touch a byte outside the output range.
     */
    private static byte[] decode(byte[] block, int size, boolean direct, int pad) {
        ByteBuffer src = direct
                ? ByteBuffer.allocateDirect(pad + block.length + 7)
                : ByteBuffer.allocate(pad + block.length + 7);
        src.put(pad, block);
        byte[] array = new byte[pad + block.length + 7];
        System.arraycopy(block, 0, array, pad, block.length);
        byte[] fromBuffer = null;
        byte[] fromArray = null;
        CorruptInputException bufferError = null;
        CorruptInputException arrayError = null;
        try {
            fromBuffer = decodeInto(
                    size,
                    out -> CompressionCodecs.decompressInto(Compression.SNAPPY, src, pad, block.length, out, 3, size));
        } catch (CorruptInputException e) {
            bufferError = e;
        }
        try {
            fromArray = decodeInto(
                    size,
                    out -> CompressionCodecs.decompressInto(
                            Compression.SNAPPY, array, pad, block.length, out, 3, size, true));
        } catch (CorruptInputException e) {
            arrayError = e;
        }
        if (bufferError != null || arrayError != null) {
            assertThat(arrayError)
                    .as("from an array, where the buffer gave %s", bufferError)
                    .isNotNull();
            assertThat(bufferError)
                    .as("from a buffer, where the array gave %s", arrayError)
                    .isNotNull();
            if (CompressionCodecs.decompressesFromBuffer(Compression.SNAPPY, block.length, size)
                    || SnappyBlockReader.opensWithNearCopies(block, 0, block.length)) {
                assertThat(arrayError.getMessage()).isEqualTo(bufferError.getMessage());
            }
        }
        // the Java decoder itself, whichever decoder the array path chose
        byte[] fromJava = null;
        CorruptInputException javaError = null;
        try {
            fromJava = decodeInto(size, out -> SnappyBlockReader.decompress(array, pad, block.length, out, 3, size));
        } catch (CorruptInputException e) {
            javaError = e;
        }
        if (bufferError != null) {
            assertThat(javaError)
                    .as("from an array in Java, where the buffer gave %s", bufferError)
                    .isNotNull();
            throw arrayError;
        }
        assertThat(fromJava).isEqualTo(fromBuffer);
        assertThat(fromArray).isEqualTo(fromBuffer);
        return fromArray;
    }

    private static byte[] decodeInto(int size, java.util.function.Consumer<byte[]> decoder) {
        // 3 bytes before and 32 after the output, which the decoder must leave alone
        byte[] out = new byte[size + 35];
        Arrays.fill(out, (byte) 0x77);
        decoder.accept(out);
        for (int i : new int[] {0, 1, 2}) {
            assertThat(out[i]).isEqualTo((byte) 0x77);
        }
        for (int i = size + 3; i < out.length; i++) {
            assertThat(out[i]).as("byte %d past the output", i - size - 3).isEqualTo((byte) 0x77);
        }
        return Arrays.copyOfRange(out, 3, 3 + size);
    }

    @Test
    void decodesWhatSnappyJavaAndTheLiteralRunsWrote() throws IOException {
        SplittableRandom r = new SplittableRandom(7);
        for (String kind : new String[] {"random", "text", "runs", "far", "sorted", "doubles"}) {
            for (int n : SIZES) {
                byte[] raw = data(kind, n, r);
                byte[] native_ = Snappy.compress(raw);
                byte[] literal = new byte[n + n / 255 + 16];
                int lit = AdaptivePageCompressor.snappyLiterals(raw, 0, n, literal, 0);
                for (byte[] block : new byte[][] {native_, Arrays.copyOf(literal, lit)}) {
                    boolean direct = r.nextBoolean();
                    assertThat(decode(block, n, direct, r.nextInt(9)))
                            .as(kind + " " + n + (direct ? " direct" : " heap"))
                            .isEqualTo(raw);
                }
            }
        }
    }

    /**
     * Blocks of elements snappy-java would not choose (every literal length, copies of every offset from 1
     * with lengths 1 to 64 in all three copy forms), decoded at every position relative to the end of the
     * input and of the output, against a byte-at-a-time decoder.
     */
    @Test
    void decodesEveryElementFormAndOverlapNearTheEnds() {
        SplittableRandom r = new SplittableRandom(13);
        for (int t = 0; t < 3000; t++) {
            java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
            java.io.ByteArrayOutputStream expected = new java.io.ByteArrayOutputStream();
            int elements = 1 + r.nextInt(t % 10 == 0 ? 400 : 12);
            for (int e = 0; e < elements; e++) {
                int have = expected.size();
                if (have == 0 || r.nextInt(3) == 0) {
                    int len = 1 + (r.nextInt(4) == 0 ? r.nextInt(300) : r.nextInt(20));
                    if (len <= 60) {
                        body.write((len - 1) << 2);
                    } else if (len <= 256) {
                        body.write(60 << 2);
                        body.write(len - 1);
                    } else {
                        body.write(61 << 2);
                        body.write((len - 1) & 0xFF);
                        body.write((len - 1) >>> 8);
                    }
                    for (int k = 0; k < len; k++) {
                        int b = r.nextInt(256);
                        body.write(b);
                        expected.write(b);
                    }
                } else {
                    int offset = 1 + (r.nextBoolean() ? r.nextInt(Math.min(have, 20)) : r.nextInt(have));
                    int form = offset < 2048 ? r.nextInt(3) : 1 + r.nextInt(2);
                    int len = form == 0 ? 4 + r.nextInt(8) : 1 + r.nextInt(64);
                    if (form == 0) {
                        body.write(1 | ((len - 4) << 2) | ((offset >>> 8) << 5));
                        body.write(offset & 0xFF);
                    } else if (form == 1) {
                        body.write(2 | ((len - 1) << 2));
                        body.write(offset & 0xFF);
                        body.write(offset >>> 8);
                    } else {
                        body.write(3 | ((len - 1) << 2));
                        for (int k = 0; k < 4; k++) {
                            body.write(offset >>> (8 * k));
                        }
                    }
                    byte[] sofar = expected.toByteArray();
                    byte[] grown = Arrays.copyOf(sofar, sofar.length + len);
                    for (int k = 0; k < len; k++) {
                        grown[sofar.length + k] = grown[sofar.length + k - offset];
                    }
                    expected.write(grown, sofar.length, len);
                }
            }
            byte[] raw = expected.toByteArray();
            java.io.ByteArrayOutputStream block = new java.io.ByteArrayOutputStream();
            for (int v = raw.length; ; v >>>= 7) {
                if (v < 0x80) {
                    block.write(v);
                    break;
                }
                block.write((v & 0x7F) | 0x80);
            }
            block.writeBytes(body.toByteArray());
            assertThat(decode(block.toByteArray(), raw.length, r.nextBoolean(), r.nextInt(4)))
                    .as("block %d", t)
                    .isEqualTo(raw);
        }
    }

    /**
     * Pages of byte arrays go to snappy-java's decoder, and give what colcodec's decoder gives as a page of
     * fixed-width values.
     */
    @Test
    void pagesOfByteArraysGiveTheSameBytesNatively() throws IOException {
        SplittableRandom r = new SplittableRandom(17);
        for (String kind : new String[] {"random", "text", "runs", "far", "sorted", "doubles"}) {
            for (int n : SIZES) {
                byte[] raw = data(kind, n, r);
                byte[] block = Snappy.compress(raw);
                int pad = r.nextInt(9);
                byte[] src = new byte[pad + block.length];
                System.arraycopy(block, 0, src, pad, block.length);
                for (boolean fixedWidth : new boolean[] {false, true}) {
                    byte[] out = decodeInto(
                            n,
                            dst -> CompressionCodecs.decompressInto(
                                    Compression.SNAPPY, src, pad, block.length, dst, 3, n, fixedWidth));
                    assertThat(out).as(kind + " " + n + " " + fixedWidth).isEqualTo(raw);
                }
            }
        }
    }

    /**
     * Pages of ascending numbers and of literals (random bytes, and repeats further back than snappy-java's
     * 64 KiB window) go to the Java decoder; text and runs to snappy-java's.
     */
    @Test
    void sendsPagesOfNearCopiesToTheJavaDecoder() throws IOException {
        SplittableRandom r = new SplittableRandom(19);
        for (String kind : new String[] {"sorted", "doubles", "random", "far"}) {
            byte[] block = Snappy.compress(data(kind, 160_000, r));
            assertThat(SnappyBlockReader.opensWithNearCopies(block, 0, block.length))
                    .as(kind)
                    .isTrue();
        }
        for (String kind : new String[] {"text", "runs"}) {
            byte[] block = Snappy.compress(data(kind, 160_000, r));
            assertThat(SnappyBlockReader.opensWithNearCopies(block, 0, block.length))
                    .as(kind)
                    .isFalse();
        }
    }

    @Test
    void decidesByTheShareOfLiterals() {
        assertThat(CompressionCodecs.decompressesFromBuffer(Compression.SNAPPY, 1_000_010, 1_000_000))
                .isTrue();
        assertThat(CompressionCodecs.decompressesFromBuffer(Compression.SNAPPY, 937_500, 1_000_000))
                .isTrue();
        assertThat(CompressionCodecs.decompressesFromBuffer(Compression.SNAPPY, 900_000, 1_000_000))
                .isFalse();
        assertThat(CompressionCodecs.decompressesFromBuffer(Compression.LZ4_RAW, 10, 1_000_000))
                .isTrue();
        assertThat(CompressionCodecs.decompressesFromBuffer(Compression.ZSTD, 1_000_000, 1_000_000))
                .isTrue();
        assertThat(CompressionCodecs.decompressesFromBuffer(Compression.ZSTD, 900_000, 1_000_000))
                .isFalse();
        assertThat(CompressionCodecs.decompressesFromBuffer(Compression.GZIP, 1_000_000, 1_000_000))
                .isFalse();
    }

    @Test
    void rejectsAWrongLengthPreamble() throws IOException {
        byte[] block = Snappy.compress(new byte[100]);
        assertThatThrownBy(() -> decode(block, 99, false, 0)).isInstanceOf(CorruptInputException.class);
        assertThatThrownBy(() -> decode(
                        new byte[] {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 1}, 0, false, 0))
                .isInstanceOf(CorruptInputException.class);
    }

    /**
     * 12,000 damaged blocks (truncated, bit-flipped, bytes overwritten) of every kind: each decodes to its
     * declared size or raises {@link CorruptInputException}, nothing else.
     */
    @Test
    void damagedBlocksGiveOnlyTheCorruptInputException() throws IOException {
        SplittableRandom r = new SplittableRandom(11);
        String[] kinds = {"random", "text", "runs", "far", "sorted", "doubles"};
        int corrupt = 0;
        for (int t = 0; t < 12_000; t++) {
            int n = r.nextInt(3) == 0 ? r.nextInt(70) : r.nextInt(5000) + (r.nextInt(10) == 0 ? 60_000 : 0);
            byte[] raw = data(kinds[t % kinds.length], n, r);
            byte[] block = Snappy.compress(raw);
            int size = n;
            switch (r.nextInt(4)) {
                case 0:
                    block = Arrays.copyOf(block, r.nextInt(block.length + 1));
                    break;
                case 1:
                    for (int k = 1 + r.nextInt(3); k > 0 && block.length > 0; k--) {
                        block[r.nextInt(block.length)] ^= (byte) (1 << r.nextInt(8));
                    }
                    break;
                case 2:
                    if (block.length > 0) {
                        block[r.nextInt(block.length)] = (byte) r.nextInt();
                    }
                    break;
                default:
                    size = Math.max(0, n + r.nextInt(5) - 2);
                    break;
            }
            try {
                byte[] out = decode(block, size, r.nextBoolean(), r.nextInt(4));
                assertThat(out).hasSize(size);
            } catch (CorruptInputException e) {
                corrupt++;
            }
        }
        assertThat(corrupt).as("damaged blocks rejected").isGreaterThan(6_000);
    }
}
