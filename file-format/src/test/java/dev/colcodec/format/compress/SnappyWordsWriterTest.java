package dev.colcodec.format.compress;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.xerial.snappy.Snappy;

/**
 * The Snappy writer for pages of 8-byte values: snappy-java and colcodec's decoder must read back exactly
 * the page, whatever its bytes, and on ascending numbers it must be as small as snappy-java's block.
 */
class SnappyWordsWriterTest {
    /** A page of {@code values} 8-byte values of the given kind after {@code head} bytes of levels. */
    static byte[] page(String kind, int head, int values, SplittableRandom r) {
        ByteBuffer b = ByteBuffer.allocate(head + 8 * values).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < head; i++) {
            b.put((byte) (r.nextInt(4) == 0 ? r.nextInt() : 3));
        }
        long v = 1_700_000_000_000L;
        double d = 20;
        long[] recent = new long[5];
        for (int i = 0; i < values; i++) {
            switch (kind) {
                case "sorted":
                    v += r.nextInt(1024);
                    break;
                case "timestamps":
                    v += 1000 + r.nextInt(21) - 10;
                    break;
                case "repeats": // runs of equal values, long enough for copies over 64 bytes
                    if (r.nextInt(r.nextBoolean() ? 3 : 40) == 0) {
                        v = r.nextLong();
                    }
                    break;
                case "alternating": // equal to the value two back: copies 16 bytes back
                    v = i % 2 == 0 ? 7_000_000_000L + (i & ~3) : -5L - r.nextInt(3);
                    break;
                case "recurring": // values that recur further back than 16 bytes
                    v = recent[r.nextInt(recent.length)];
                    if (r.nextInt(8) == 0) {
                        recent[r.nextInt(recent.length)] = r.nextLong();
                    }
                    break;
                case "doubles":
                    d += (r.nextDouble() - 0.5) * 0.1;
                    v = Double.doubleToLongBits(Math.round(d * 100) / 100.0);
                    break;
                case "extremes":
                    v = switch (r.nextInt(5)) {
                        case 0 -> Long.MIN_VALUE;
                        case 1 -> Long.MAX_VALUE;
                        case 2 -> 0;
                        case 3 -> -1;
                        default -> v ^ (1L << r.nextInt(64));
                    };
                    break;
                default:
                    v = r.nextLong();
                    break;
            }
            b.putLong(v);
        }
        return b.array();
    }

    private static final String[] KINDS = {
        "sorted", "timestamps", "repeats", "alternating", "recurring", "doubles", "extremes", "random"
    };

    private static byte[] compress(byte[] src, int off, int len) {
        return SnappyWriterRoom.written(len, dst -> SnappyWordsWriter.compress(src, off, len, dst, 5));
    }

    @Test
    void snappyJavaAndColcodecReadBackEveryPage() throws IOException {
        SplittableRandom r = new SplittableRandom(23);
        int[] counts = {0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 63, 64, 65, 100, 1000, 20_000};
        for (String kind : KINDS) {
            for (int values : counts) {
                for (int head : new int[] {0, 1, 5, 8, 13}) {
                    byte[] raw = page(kind, head, values, r);
                    int pad = r.nextInt(4);
                    byte[] src = new byte[pad + raw.length + r.nextInt(9)];
                    System.arraycopy(raw, 0, src, pad, raw.length);
                    byte[] block = compress(src, pad, raw.length);
                    SnappyWriterRoom.assertReadsBack(block, raw, kind + " " + values + " values after " + head);
                }
            }
        }
    }

    /**
     * The exact elements for values that change in their low 2, 1 and 3 bytes, with a repeated value
     * between: the repeat runs the copy before it on (a 15-byte copy), which the word-at-a-time loop for
     * ascending values must leave to the general loop.
     */
    @Test
    void writesTheElementsOfEachValueAndRunsCopiesOnOverRepeats() throws IOException {
        long v0 = 0x1122_3344_5566_7788L;
        long v1 = v0 + 0x0102; // low 2 bytes change
        long v2 = v1 + 3; // low byte
        long v4 = v2 + 0x01_0000; // low 3 bytes
        ByteBuffer b = ByteBuffer.allocate(40).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(v0).putLong(v1).putLong(v2).putLong(v2).putLong(v4);
        byte[] raw = b.array();
        int[] expected = {
            0x28, // 40 bytes
            0x24,
            0x88,
            0x77,
            0x66,
            0x55,
            0x44,
            0x33,
            0x22,
            0x11,
            0x8A,
            0x78, // literal: v0 and v1's low 2 bytes
            0x09,
            0x08, // copy of 6 bytes 8 back
            0x00,
            0x8D, // literal: v2's low byte
            0x3A,
            0x08,
            0x00, // copy of 7 + 8 bytes 8 back (2-byte offset form)
            0x08,
            0x8D,
            0x78,
            0x67, // literal: v4's low 3 bytes
            0x05,
            0x08 // copy of 5 bytes 8 back
        };
        byte[] block = compress(raw, 0, raw.length);
        assertThat(block).hasSize(expected.length);
        for (int i = 0; i < expected.length; i++) {
            assertThat(block[i] & 0xFF).as("byte %d", i).isEqualTo(expected[i]);
        }
        assertThat(Snappy.uncompress(block)).isEqualTo(raw);
    }

    /**
     * Copy elements of every length from 4 to 300 at offsets of both forms: snappy-java reads them back,
     * and they take the fewest elements (64-byte ones, 60 before a tail of 5 to 7) and bytes.
     */
    @Test
    void copiesOfEveryLengthAndOffset() throws IOException {
        SplittableRandom r = new SplittableRandom(43);
        for (int offset : new int[] {1, 8, 16, 255, 2047, 2048, 65_535}) {
            byte[] head = new byte[offset];
            r.nextBytes(head);
            for (int n = 4; n <= 300; n++) {
                byte[] raw = new byte[offset + n];
                System.arraycopy(head, 0, raw, 0, offset);
                for (int i = offset; i < raw.length; i++) {
                    raw[i] = raw[i - offset];
                }
                byte[] block = new byte[16 + offset + 3 * n];
                int op = dev.colcodec.io.ByteIO.putUnsignedVarInt(block, 0, raw.length);
                op = SnappyWordsWriter.literal(head, 0, offset, offset, block, op, block.length);
                int copyFrom = op;
                op = SnappyWordsWriter.copy(block, op, offset, n);
                assertThat(Snappy.uncompress(Arrays.copyOf(block, op)))
                        .as("offset %d length %d", offset, n)
                        .isEqualTo(raw);
                int tail = n < 68 ? n : (n - 4) % 64 + 4; // what is left after the 64-byte elements
                int elements = (n - tail) / 64 + (tail > 64 ? 2 : 1);
                boolean shortTail = tail > 64 ? tail - 60 < 12 : tail < 12;
                int bytes = 3 * elements - (shortTail && offset < 2048 ? 1 : 0);
                assertThat(op - copyFrom)
                        .as("bytes of offset %d length %d", offset, n)
                        .isEqualTo(bytes);
            }
        }
    }

    /** Random bytes of every length up to 300 (no 8-byte structure at all). */
    @Test
    void anyBytesRoundTrip() throws IOException {
        SplittableRandom r = new SplittableRandom(29);
        for (int len = 0; len <= 300; len++) {
            byte[] raw = new byte[len];
            for (int i = 0; i < len; i++) {
                raw[i] = (byte) (r.nextInt(3) == 0 ? r.nextInt() : i % 8);
            }
            assertThat(Snappy.uncompress(compress(raw, 0, len)))
                    .as("length %d", len)
                    .isEqualTo(raw);
        }
    }

    /**
     * The writer reads nothing of the source array past the range it is given: bytes there (0xEE, which
     * no block of these pages holds) never reach the output array, even where a short literal is stored
     * as one 8-byte word.
     */
    @Test
    void readsNoSourceBytePastTheRange() throws IOException {
        SplittableRandom r = new SplittableRandom(47);
        for (int len = 1; len < 60; len++) {
            for (int t = 0; t < 20; t++) {
                int off = r.nextInt(9);
                byte[] src = new byte[off + len + 16];
                Arrays.fill(src, (byte) 0xEE);
                long v = r.nextLong() & 0x0F0F_0F0F_0F0F_0F0FL;
                for (int i = 0; i < len; i++) {
                    if (i % 8 == 0) {
                        v += r.nextInt(3) == 0 ? r.nextInt(1 << 20) : r.nextInt(256);
                    }
                    // ascending words (pairs, copies) or random bytes (literals), none of them 0xEE
                    byte b = t % 2 == 0 ? (byte) (v >>> (8 * (i % 8))) : (byte) r.nextInt(0x80);
                    src[off + i] = b == (byte) 0xEE ? 0 : b;
                }
                byte[] dst = new byte[CompressionCodecs.snappyMaxCompressedLength(len) + 8];
                int n = SnappyWordsWriter.compress(src, off, len, dst, 8);
                for (int i = 0; i < dst.length; i++) {
                    assertThat(dst[i])
                            .as("length %d, case %d, byte %d", len, t, i)
                            .isNotEqualTo((byte) 0xEE);
                }
                assertThat(Snappy.uncompress(Arrays.copyOfRange(dst, 8, 8 + n)))
                        .isEqualTo(Arrays.copyOfRange(src, off, off + len));
            }
        }
    }

    /**
     * The writer's worst case: literals of 32 values (3-byte headers) each followed by a value whose high 4
     * bytes match the one before it (a 4-byte copy saves 2 bytes): larger than the page, within its bound.
     */
    @Test
    void longLiteralsBetweenShortCopiesStayWithinTheBound() throws IOException {
        SplittableRandom r = new SplittableRandom(41);
        ByteBuffer b = ByteBuffer.allocate(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
        while (b.remaining() >= 33 * 8) {
            long v = 0;
            for (int i = 0; i < 32; i++) {
                v = r.nextLong();
                b.putLong(v);
            }
            b.putLong((v & 0xFFFF_FFFF_0000_0000L) | (~v & 0xFFFF_FFFFL));
        }
        byte[] raw = Arrays.copyOf(b.array(), b.position());
        byte[] block = compress(raw, 0, raw.length);
        assertThat(block.length).isGreaterThan(raw.length);
        assertThat(Snappy.uncompress(block)).isEqualTo(raw);
    }

    @Test
    void ascendingNumbersAreAsSmallAsSnappyJavas() throws IOException {
        SplittableRandom r = new SplittableRandom(31);
        for (String kind : new String[] {"sorted", "timestamps"}) {
            byte[] raw = page(kind, 0, 20_000, r);
            int ours = compress(raw, 0, raw.length).length;
            int theirs = Snappy.compress(raw).length;
            assertThat((double) ours).as(kind).isLessThanOrEqualTo(theirs * 1.01);
        }
        // values equal to the one two back are copied from 16 bytes back
        byte[] alternating = page("alternating", 0, 20_000, r);
        assertThat(compress(alternating, 0, alternating.length).length).isLessThan(alternating.length / 3);
    }

    /**
     * The page compressor picks this writer for 8-byte values only while it keeps up with snappy-java's
     * size on samples: ascending numbers go to it, values that recur far back stay with snappy-java.
     */
    @Test
    void thePageCompressorPicksTheWriterBySamples() throws IOException {
        SplittableRandom r = new SplittableRandom(37);
        byte[] sorted = page("sorted", 0, 20_000, r);
        byte[] recurring = page("recurring", 0, 20_000, r);
        byte[] dst = new byte[CompressionCodecs.maxCompressedLength(Compression.SNAPPY, sorted.length)];

        AdaptivePageCompressor pages = new AdaptivePageCompressor();
        int n = pages.compressInto(Compression.SNAPPY, sorted, 0, sorted.length, dst, 0, true);
        assertThat(Arrays.copyOf(dst, n)).isEqualTo(compress(sorted, 0, sorted.length));
        // the decision holds until the next sample, then follows the data
        for (int i = 1; i < AdaptivePageCompressor.WORDS_CHECK_PAGES; i++) {
            n = pages.compressInto(Compression.SNAPPY, recurring, 0, recurring.length, dst, 0, true);
            assertThat(Arrays.copyOf(dst, n)).isEqualTo(compress(recurring, 0, recurring.length));
        }
        n = pages.compressInto(Compression.SNAPPY, recurring, 0, recurring.length, dst, 0, true);
        assertThat(Arrays.copyOf(dst, n)).isEqualTo(Snappy.compress(recurring));

        // without the flag, or with another codec, pages go to the codec as before
        AdaptivePageCompressor plain = new AdaptivePageCompressor();
        n = plain.compressInto(Compression.SNAPPY, sorted, 0, sorted.length, dst, 0, false);
        assertThat(Arrays.copyOf(dst, n)).isEqualTo(Snappy.compress(sorted));
        byte[] lz4 = new byte[CompressionCodecs.maxCompressedLength(Compression.LZ4_RAW, sorted.length)];
        n = new AdaptivePageCompressor().compressInto(Compression.LZ4_RAW, sorted, 0, sorted.length, lz4, 0, true);
        assertThat(Arrays.copyOf(lz4, n))
                .isEqualTo(CompressionCodecs.compress(Compression.LZ4_RAW, sorted, 0, sorted.length));
    }
}
