package dev.colcodec.format.compress;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.xerial.snappy.Snappy;

/**
 * The Snappy writer for pages of length-prefixed entries (PLAIN BYTE_ARRAY): snappy-java and colcodec's
 * decoder must read back exactly the page, whatever its bytes; strings from a small set must come out
 * smaller than snappy-java's block; and the page compressor must keep whichever writer is smaller.
 */
class SnappyEntriesWriterTest {
    /** A page of {@code values} entries of the given kind after {@code head} bytes of levels. */
    static byte[] page(String kind, int head, int values, SplittableRandom r) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int i = 0; i < head; i++) {
            b.write(r.nextInt(4) == 0 ? r.nextInt(256) : 3);
        }
        byte[][] pool = new byte[kind.equals("unique") ? 1 : 700][];
        for (int i = 0; i < pool.length; i++) {
            String tail = Long.toHexString(r.nextLong() & ((1L << (4 * (1 + i % 12))) - 1));
            pool[i] = String.format("s%05d-%s", i, tail).getBytes(StandardCharsets.UTF_8);
        }
        byte[] value = pool[0];
        for (int i = 0; i < values; i++) {
            switch (kind) {
                case "pooled": // strings drawn at random from a few hundred
                    value = pool[r.nextInt(pool.length)];
                    break;
                case "runs": // runs of one string, as in a sorted column
                    if (r.nextInt(r.nextBoolean() ? 3 : 200) == 0) {
                        value = pool[r.nextInt(pool.length)];
                    }
                    break;
                case "cycles": // a repeating sequence of strings: copies that run over several entries
                    value = pool[(i % 5) * 3 + (i / 500) % 2];
                    break;
                case "lengths": // every length from 0 to 40, some pooled, some random
                    value = new byte[r.nextInt(41)];
                    if (r.nextBoolean()) {
                        Arrays.fill(value, (byte) ('a' + value.length % 3));
                    } else {
                        r.nextBytes(value);
                    }
                    break;
                case "long": // entries longer than a copy element (64 bytes), often repeated
                    value = r.nextInt(3) == 0
                            ? new byte[60 + r.nextInt(200)]
                            : (new String(pool[r.nextInt(4)], StandardCharsets.UTF_8) + "-".repeat(70))
                                    .getBytes(StandardCharsets.UTF_8);
                    break;
                case "nearMiss": // a few strings of each length 0 to 40, some with one byte changed
                    {
                        int n = r.nextInt(41);
                        value = new byte[n];
                        Arrays.fill(value, (byte) ('a' + r.nextInt(2)));
                        if (n > 0 && r.nextBoolean()) {
                            value[r.nextInt(n)] = 'z';
                        }
                    }
                    break;
                default: // unique text
                    value = ("row " + i + " of " + r.nextLong()).getBytes(StandardCharsets.UTF_8);
                    break;
            }
            int n = value.length;
            b.write(n);
            b.write(n >>> 8);
            b.write(n >>> 16);
            b.write(n >>> 24);
            b.writeBytes(value);
        }
        return b.toByteArray();
    }

    private static final String[] KINDS = {"pooled", "runs", "cycles", "lengths", "long", "unique"};

    private static byte[] compress(byte[] src, int off, int len, int valuesFrom) {
        return SnappyWriterRoom.written(
                len, dst -> new SnappyEntriesWriter().compress(src, off, len, valuesFrom, dst, 5));
    }

    @Test
    void snappyJavaAndColcodecReadBackEveryPage() throws IOException {
        SplittableRandom r = new SplittableRandom(43);
        int[] counts = {0, 1, 2, 3, 7, 8, 9, 100, 1000, 20_000};
        for (String kind : KINDS) {
            for (int values : counts) {
                for (int head : new int[] {0, 1, 5, 13}) {
                    byte[] raw = page(kind, head, values, r);
                    int pad = r.nextInt(4);
                    byte[] src = new byte[pad + raw.length + r.nextInt(9)];
                    System.arraycopy(raw, 0, src, pad, raw.length);
                    SnappyWriterRoom.assertReadsBack(
                            compress(src, pad, raw.length, pad + head),
                            raw,
                            kind + " " + values + " values after " + head);
                }
            }
        }
    }

    /**
     * Entries that equal an earlier one in their first and last 8 bytes (length included) but not in a
     * byte between, at every length: never taken for a copy.
     */
    @Test
    void entriesDifferingOnlyInTheMiddleAreNotCopies() throws IOException {
        SplittableRandom r = new SplittableRandom(53);
        for (int t = 0; t < 300; t++) {
            byte[] raw = page("nearMiss", t % 3, 400, r);
            SnappyWriterRoom.assertReadsBack(compress(raw, 0, raw.length, t % 3), raw, "near misses " + t);
        }
    }

    /**
     * Bytes that are not entries, or not from where the writer is told: random bytes of every length up
     * to 300, lengths that are negative or run past the end, and pages read from the wrong offset.
     */
    @Test
    void anyBytesRoundTrip() throws IOException {
        SplittableRandom r = new SplittableRandom(47);
        for (int len = 0; len <= 300; len++) {
            byte[] raw = new byte[len];
            for (int i = 0; i < len; i++) {
                raw[i] = (byte) (r.nextInt(3) == 0 ? r.nextInt() : i % 8 == 0 ? 12 : 0);
            }
            int from = len == 0 ? 0 : r.nextInt(len);
            SnappyWriterRoom.assertReadsBack(compress(raw, 0, len, from), raw, "length " + len + " from " + from);
        }
        for (int t = 0; t < 200; t++) {
            byte[] raw = page(KINDS[t % KINDS.length], 0, 300, r);
            int at = 4 * r.nextInt(raw.length / 4);
            int n = switch (t % 3) {
                case 0 -> -1 - r.nextInt(1000);
                case 1 -> raw.length - at - 3 + r.nextInt(100);
                default -> r.nextInt();
            };
            raw[at] = (byte) n;
            raw[at + 1] = (byte) (n >>> 8);
            raw[at + 2] = (byte) (n >>> 16);
            raw[at + 3] = (byte) (n >>> 24);
            SnappyWriterRoom.assertReadsBack(compress(raw, 0, raw.length, r.nextInt(8)), raw, "damaged page " + t);
        }
    }

    /**
     * Strings from a small set are smaller than snappy-java's block (whose matches stay inside 64 KiB
     * fragments and find a string's length and first bytes more often than the whole string); runs of one
     * string as small as snappy-java's within 2%.
     */
    @Test
    void recurringStringsAreSmallerThanSnappyJavas() throws IOException {
        SplittableRandom r = new SplittableRandom(53);
        byte[] pooled = page("pooled", 0, 60_000, r);
        assertThat((double) compress(pooled, 0, pooled.length, 0).length)
                .isLessThan(Snappy.compress(pooled).length * 0.8);
        byte[] runs = page("runs", 0, 60_000, r);
        assertThat((double) compress(runs, 0, runs.length, 0).length).isLessThan(Snappy.compress(runs).length * 1.02);
        byte[] cycles = page("cycles", 0, 60_000, r);
        assertThat(compress(cycles, 0, cycles.length, 0).length).isLessThan(cycles.length / 20);
    }

    /**
     * The page compressor compresses the first page of entries (and every {@value
     * AdaptivePageCompressor#WORDS_CHECK_PAGES}th after a comparison, and any page the entries writer
     * does not shrink) both ways, keeps the smaller block, and sends the pages between to the writer that
     * won.
     */
    @Test
    void thePageCompressorKeepsTheSmallerWriter() throws IOException {
        SplittableRandom r = new SplittableRandom(59);
        byte[] pooled = page("pooled", 7, 60_000, r);
        byte[] unique = page("unique", 7, 20_000, r);
        byte[] dst = new byte[CompressionCodecs.maxCompressedLength(Compression.SNAPPY, pooled.length)];

        AdaptivePageCompressor pages = new AdaptivePageCompressor();
        int n = pages.compressEntriesInto(Compression.SNAPPY, pooled, 0, pooled.length, 7, dst, 0);
        assertThat(Arrays.copyOf(dst, n)).isEqualTo(compress(pooled, 0, pooled.length, 7));
        n = pages.compressEntriesInto(Compression.SNAPPY, pooled, 0, pooled.length, 7, dst, 0);
        assertThat(Arrays.copyOf(dst, n)).isEqualTo(compress(pooled, 0, pooled.length, 7));
        // a page the entries writer does not shrink is compared at once: snappy-java's block is smaller
        assertThat(compress(unique, 0, unique.length, 7).length).isGreaterThan(unique.length - unique.length / 32);
        n = pages.compressEntriesInto(Compression.SNAPPY, unique, 0, unique.length, 7, dst, 0);
        assertThat(Arrays.copyOf(dst, n)).isEqualTo(Snappy.compress(unique));
        assertThat(n).isLessThan(unique.length - unique.length / 32);
        // and the pages until the next comparison go to snappy-java, which then loses again
        for (int i = 1; i < AdaptivePageCompressor.WORDS_CHECK_PAGES; i++) {
            n = pages.compressEntriesInto(Compression.SNAPPY, pooled, 0, pooled.length, 7, dst, 0);
            assertThat(Arrays.copyOf(dst, n)).isEqualTo(Snappy.compress(pooled));
        }
        n = pages.compressEntriesInto(Compression.SNAPPY, pooled, 0, pooled.length, 7, dst, 0);
        assertThat(Arrays.copyOf(dst, n)).isEqualTo(compress(pooled, 0, pooled.length, 7));

        // other codecs take the page as it is
        byte[] lz4 = new byte[CompressionCodecs.maxCompressedLength(Compression.LZ4_RAW, pooled.length)];
        n = new AdaptivePageCompressor().compressEntriesInto(Compression.LZ4_RAW, pooled, 0, pooled.length, 7, lz4, 0);
        assertThat(Arrays.copyOf(lz4, n))
                .isEqualTo(CompressionCodecs.compress(Compression.LZ4_RAW, pooled, 0, pooled.length));
    }
}
