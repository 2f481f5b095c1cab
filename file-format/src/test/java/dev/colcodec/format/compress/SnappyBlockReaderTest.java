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
    /** A snappy block made element by element, with the bytes it decodes to. */
    private static final class BlockBuilder {
        final java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        byte[] expected = new byte[0];

        void literal(byte[] bytes) {
            int len = bytes.length;
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
            body.writeBytes(bytes);
            int have = expected.length;
            expected = Arrays.copyOf(expected, have + len);
            System.arraycopy(bytes, 0, expected, have, len);
        }

        /** A copy in form 0 (1-byte offset, lengths 4 to 11), 1 (2-byte offset) or 2 (4-byte offset). */
        void copy(int form, int offset, int len) {
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
            int have = expected.length;
            expected = Arrays.copyOf(expected, have + len);
            for (int k = 0; k < len; k++) {
                expected[have + k] = expected[have + k - offset];
            }
        }

        byte[] block() {
            java.io.ByteArrayOutputStream block = new java.io.ByteArrayOutputStream();
            for (int v = expected.length; ; v >>>= 7) {
                if (v < 0x80) {
                    block.write(v);
                    break;
                }
                block.write((v & 0x7F) | 0x80);
            }
            block.writeBytes(body.toByteArray());
            return block.toByteArray();
        }
    }

    private static byte[] randomBytes(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        for (int k = 0; k < n; k++) {
            b[k] = (byte) r.nextInt(256);
        }
        return b;
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
            BlockBuilder b = new BlockBuilder();
            int elements = 1 + r.nextInt(t % 10 == 0 ? 400 : 12);
            for (int e = 0; e < elements; e++) {
                int have = b.expected.length;
                if (have == 0 || r.nextInt(3) == 0) {
                    b.literal(randomBytes(r, 1 + (r.nextInt(4) == 0 ? r.nextInt(300) : r.nextInt(20))));
                } else {
                    int offset = 1 + (r.nextBoolean() ? r.nextInt(Math.min(have, 20)) : r.nextInt(have));
                    int form = offset < 2048 ? r.nextInt(3) : 1 + r.nextInt(2);
                    b.copy(form, offset, form == 0 ? 4 + r.nextInt(8) : 1 + r.nextInt(64));
                }
            }
            assertThat(decode(b.block(), b.expected.length, r.nextBoolean(), r.nextInt(4)))
                    .as("block %d", t)
                    .isEqualTo(b.expected);
        }
    }

    /**
     * Runs of pairs that each make one 8-byte value (a literal of the 1 to 4 low bytes that changed and a
     * 1-byte-offset copy of the other bytes 8 back: what the decoder takes in its tightest loop), broken by
     * elements that look almost like such pairs (another offset, another copy length, another copy form, a
     * longer literal), ending at every distance from the end of the input and output; then every
     * truncation of some of them.
     */
    @Test
    void decodesRunsOfValuePairsAndWhatBreaksThem() {
        SplittableRandom r = new SplittableRandom(19);
        for (int t = 0; t < 4000; t++) {
            BlockBuilder b = new BlockBuilder();
            b.literal(randomBytes(r, 8 + r.nextInt(9)));
            int values = 1 + r.nextInt(t % 10 == 0 ? 300 : 24);
            int literalLen = 1 + r.nextInt(4);
            for (int v = 0; v < values; v++) {
                if (r.nextInt(4) == 0) {
                    literalLen = 1 + r.nextInt(4);
                }
                int have = b.expected.length + literalLen;
                int copyLen = 8 - literalLen;
                switch (r.nextInt(16)) {
                    case 0: // another offset
                        b.literal(randomBytes(r, literalLen));
                        b.copy(0, 1 + r.nextInt(Math.min(have, 40)), copyLen);
                        break;
                    case 1: // one byte more or less
                        b.literal(randomBytes(r, literalLen));
                        int len = copyLen + (r.nextBoolean() || copyLen == 4 ? 1 : -1);
                        b.copy(0, 8, len);
                        break;
                    case 2: // the 2- or 4-byte-offset form
                        b.literal(randomBytes(r, literalLen));
                        b.copy(1 + r.nextInt(2), 8, copyLen);
                        break;
                    case 4: // a whole value from further back: 16, 24 or 32 bytes (snappy-java's), or 9 to 255
                    case 5:
                        int far = r.nextBoolean() ? 8 * (2 + r.nextInt(3)) : 9 + r.nextInt(247);
                        b.literal(randomBytes(r, literalLen));
                        b.copy(0, Math.min(far, have), copyLen);
                        break;
                    case 3: // a literal of 5 to 8 bytes, alone or with a copy
                        b.literal(randomBytes(r, 5 + r.nextInt(4)));
                        if (r.nextBoolean()) {
                            b.copy(0, 8, 4 + r.nextInt(8));
                        }
                        break;
                    default:
                        b.literal(randomBytes(r, literalLen));
                        b.copy(0, 8, copyLen);
                        break;
                }
            }
            if (r.nextBoolean()) {
                b.literal(randomBytes(r, 1 + r.nextInt(12)));
            }
            byte[] block = b.block();
            assertThat(decode(block, b.expected.length, r.nextBoolean(), r.nextInt(4)))
                    .as("block %d", t)
                    .isEqualTo(b.expected);
            if (t % 40 == 0) {
                for (int cut = 1; cut < block.length; cut++) {
                    byte[] truncated = Arrays.copyOf(block, cut);
                    assertThatThrownBy(() -> decode(truncated, b.expected.length, false, 0))
                            .as("block %d cut to %d bytes", t, cut)
                            .isInstanceOf(CorruptInputException.class);
                }
            }
        }
    }

    /**
     * A pair that takes its copy from further back than the output decoded, inside a run of pairs that
     * reach 16 bytes back, is corrupt input; 9 to 255 back, with that much decoded, is a value.
     */
    @Test
    void runsOfFartherPairsStopAtTheOutputsStart() {
        for (int reach : new int[] {9, 200, 255}) {
            BlockBuilder b = new BlockBuilder();
            b.literal(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16});
            for (int v = 0; v < 40; v++) {
                b.literal(new byte[] {(byte) v, (byte) (v * 7)});
                b.copy(0, v % 3 == 0 ? 16 : 8, 6);
            }
            byte[] valid = b.block();
            int decoded = b.expected.length;
            // the next pair's copy reaches `reach` bytes back from its literal: fine up to what is decoded
            b.literal(new byte[] {42, 43});
            b.copy(0, reach, 6);
            b.literal(new byte[] {44, 45});
            b.copy(0, 16, 6);
            byte[] block = b.block();
            assertThat(decoded).isEqualTo(336);
            assertThat(decode(valid, decoded, false, 1)).isEqualTo(Arrays.copyOf(b.expected, decoded));
            assertThat(decode(block, b.expected.length, false, 1)).isEqualTo(b.expected);
        }
        // 240 bytes decoded before it: a pair reaching 250 back (past the output's start) is rejected
        BlockBuilder b = new BlockBuilder();
        b.literal(new byte[16]);
        for (int v = 0; v < 28; v++) {
            b.literal(new byte[] {(byte) v, 1});
            b.copy(0, v % 3 == 0 ? 16 : 8, 6);
        }
        int decoded = b.expected.length;
        assertThat(decoded).isEqualTo(240);
        byte[] good = b.block();
        byte[] body = Arrays.copyOfRange(good, 2, good.length); // the 2-byte length preamble of 240 bytes
        java.io.ByteArrayOutputStream bad = new java.io.ByteArrayOutputStream();
        int size = decoded + 16;
        bad.write((size & 0x7F) | 0x80);
        bad.write(size >>> 7);
        bad.writeBytes(body);
        bad.writeBytes(new byte[] {1 << 2, 42, 43, 1 | (2 << 2), (byte) 250}); // literal 2, copy 6 from 250 back
        bad.writeBytes(new byte[] {1 << 2, 44, 45, 1 | (2 << 2), 8});
        byte[] block = bad.toByteArray();
        assertThatThrownBy(() -> decode(block, size, false, 1))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("offset 250");
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

    /**
     * Pages of byte strings: runs of one repeated entry (a sorted string column without a dictionary) and
     * runs of bytes go to the Java decoder; text, strings in random order and literals to snappy-java's.
     */
    @Test
    void sendsPagesOfRepeatRunsToTheJavaDecoder() throws IOException {
        SplittableRandom r = new SplittableRandom(23);
        assertThat(probeRuns(entries(160_000, r, true))).as("sorted entries").isTrue();
        assertThat(probeRuns(data("runs", 160_000, r))).as("runs").isTrue();
        assertThat(probeRuns(entries(160_000, r, false))).as("random entries").isFalse();
        for (String kind : new String[] {"text", "random", "far"}) {
            assertThat(probeRuns(data(kind, 160_000, r))).as(kind).isFalse();
        }
    }

    private static boolean probeRuns(byte[] raw) throws IOException {
        byte[] block = Snappy.compress(raw);
        return SnappyBlockReader.opensWithRepeatRuns(block, 0, block.length);
    }

    /** A PLAIN page of strings drawn from 1,000: each repeated 200 times ({@code sorted}) or at random. */
    private static byte[] entries(int n, SplittableRandom r, boolean sorted) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(n).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; b.remaining() >= 24; i++) {
            int id = sorted ? i / 200 : r.nextInt(1000);
            byte[] s = String.format("s%05d-%x", id, id * 0x9E3779B1L & 0xFFFFFFFFFL)
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            b.putInt(s.length).put(s);
        }
        return java.util.Arrays.copyOf(b.array(), b.position());
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
