package dev.colcodec.format.compress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import java.util.Arrays;
import java.util.SplittableRandom;
import net.jpountz.lz4.LZ4Factory;
import org.junit.jupiter.api.Test;

class Lz4LiteralRunTest {
    private static final Kernels KERNELS = KernelProvider.best();
    private static final Lz4LiteralRun RUNS = new Lz4LiteralRun(KERNELS);

    /** A head with runs of one byte value (0 to 300 bytes long) among random bytes. */
    private static byte[] head(SplittableRandom r, int len) {
        byte[] h = new byte[len];
        r.nextBytes(h);
        for (int k = r.nextInt(4); k > 0 && len > 0; k--) {
            int from = r.nextInt(len);
            int to = Math.min(len, from + r.nextInt(300));
            Arrays.fill(h, from, to, (byte) r.nextInt(3));
        }
        return h;
    }

    /**
     * Blocks built around tails in place decode (by lz4-java, as tsfile reads them) to the head then the
     * tail, for heads of 0 to 2,000 bytes with and without runs and tails from 12 bytes; the lead is
     * what {@code lead} says.
     */
    @Test
    void blocksBuiltAroundATailInPlaceDecodeToTheHeadThenTheTail() {
        SplittableRandom r = new SplittableRandom(29);
        Lz4LiteralRun run = new Lz4LiteralRun();
        for (int round = 0; round < 3000; round++) {
            int headLen = round < 50 ? round : r.nextInt(2000);
            int off = r.nextInt(5);
            byte[] h = head(r, headLen + off + 3);
            int tailLen = Lz4LiteralRun.MIN_TAIL + (round % 7 == 0 ? r.nextInt(3) : r.nextInt(5000));
            byte[] tail = new byte[tailLen];
            r.nextBytes(tail);
            run.head(h, off, headLen);
            int lead = run.lead(tailLen);
            byte[] block = new byte[2 + lead + tailLen];
            assertThat(run.writeLead(block, 2, tailLen)).isEqualTo(2 + lead);
            System.arraycopy(tail, 0, block, 2 + lead, tailLen);
            byte[] expected = new byte[headLen + tailLen];
            System.arraycopy(h, off, expected, 0, headLen);
            System.arraycopy(tail, 0, expected, headLen, tailLen);
            byte[] got = new byte[expected.length];
            int n = LZ4Factory.safeInstance()
                    .safeDecompressor()
                    .decompress(block, 2, block.length - 2, got, 0, expected.length);
            assertThat(n).isEqualTo(expected.length);
            assertThat(got).as("round " + round).isEqualTo(expected);
            checkEndRules(block, 2, block.length, "round " + round);
        }
    }

    /** LZ4's end rules: the last sequence has no match and 5 or more literals; no match starts in the last 12 bytes. */
    static void checkEndRules(byte[] block, int from, int to, String as) {
        int p = from;
        int out = 0;
        int lastMatchAt = -1;
        int lastLiterals = 0;
        int total = 0;
        while (true) {
            int token = block[p++] & 0xFF;
            int lit = token >>> 4;
            if (lit == 15) {
                int b;
                do {
                    b = block[p++] & 0xFF;
                    lit += b;
                } while (b == 255);
            }
            p += lit;
            out += lit;
            lastLiterals = lit;
            if (p == to) {
                break;
            }
            p += 2; // the offset
            int match = (token & 15) + 4;
            if ((token & 15) == 15) {
                int b;
                do {
                    b = block[p++] & 0xFF;
                    match += b;
                } while (b == 255);
            }
            lastMatchAt = out;
            out += match;
        }
        total = out;
        assertThat(lastLiterals).as(as).isGreaterThanOrEqualTo(5);
        if (lastMatchAt >= 0) {
            assertThat(lastMatchAt).as(as).isLessThanOrEqualTo(total - 12);
        }
    }

    /**
     * {@code hasRun} finds every run of 39 bytes that ends 12 or more bytes before the tail's end, and no
     * run of 38 bytes, wherever they are.
     */
    @Test
    void hasRunFindsEveryRunOf39BytesAndNoShorterOne() {
        SplittableRandom r = new SplittableRandom(32);
        for (int round = 0; round < 2000; round++) {
            byte[] b = new byte[70 + r.nextInt(3000)];
            for (int i = 0; i < b.length; i++) {
                b[i] = (byte) (i % 7 == 0 ? r.nextInt(256) : i); // no 8 equal bytes in a row
            }
            int off = r.nextInt(3);
            int len = b.length - off - r.nextInt(3);
            assertThat(RUNS.hasRun(b, off, len)).isFalse();
            int runLen = 38 + (round & 1);
            int at = off + r.nextInt(len - 12 - runLen + 1);
            byte v = (byte) r.nextInt(256);
            Arrays.fill(b, at, at + runLen, v);
            if (at > 0 && b[at - 1] == v) {
                b[at - 1] ^= 1;
            }
            if (b[at + runLen] == v) {
                b[at + runLen] ^= 1;
            }
            assertThat(RUNS.hasRun(b, off, len))
                    .as("run of " + runLen + " at " + (at - off) + " of " + len)
                    .isEqualTo(runLen == 39);
        }
    }

    /**
     * A tail without a run {@code hasRun} finds, built in place after its head, is the block the literal
     * run of the whole page is; a tail with one is not (the whole page's block has a match in it). Heads
     * and tails with runs of 1 to 120 bytes anywhere, the tail's first byte not the head's last.
     */
    @Test
    void hasRunSaysExactlyWhenTheTailWouldHoldAMatch() {
        SplittableRandom r = new SplittableRandom(33);
        Lz4LiteralRun run = new Lz4LiteralRun();
        int withRun = 0;
        for (int round = 0; round < 5000; round++) {
            int headLen = 4 + r.nextInt(400);
            byte[] page = head(r, headLen + Lz4LiteralRun.MIN_TAIL + r.nextInt(600));
            int tailLen = page.length - headLen;
            for (int k = r.nextInt(3); k > 0; k--) {
                int at = headLen + r.nextInt(tailLen);
                Arrays.fill(page, at, Math.min(page.length, at + 1 + r.nextInt(120)), (byte) r.nextInt(3));
            }
            if (page[headLen] == page[headLen - 1]) {
                page[headLen] = (byte) (page[headLen - 1] + 7);
            }
            run.head(page, 0, headLen);
            byte[] block = new byte[run.lead(tailLen) + tailLen];
            int p = run.writeLead(block, 0, tailLen);
            System.arraycopy(page, headLen, block, p, tailLen);
            byte[] whole = new byte[page.length + page.length / 255 + 16];
            int n = AdaptivePageCompressor.lz4Literals(KERNELS, page, 0, page.length, whole, 0);
            boolean has = RUNS.hasRun(page, headLen, tailLen);
            withRun += has ? 1 : 0;
            assertThat(Arrays.equals(block, Arrays.copyOf(whole, n)))
                    .as("round " + round)
                    .isEqualTo(!has);
        }
        assertThat(withRun).isBetween(500, 4500);
    }

    /**
     * A page with no nulls whose bitmap's run ends where the values start with a run of zeros (PLAIN
     * INT64 values 0, 0, 0, 0, 1): 39 zero bytes are a match in the whole page's block and {@code hasRun}
     * says so; 38 are literals in both.
     */
    @Test
    void aRunRightAfterTheBitmapsRunIsMeasuredAlikeByBoth() {
        SplittableRandom r = new SplittableRandom(35);
        for (int zeros : new int[] {38, 39, 40}) {
            int headLen = 4 + 1250; // 10,000 rows
            byte[] page = new byte[headLen + 800];
            r.nextBytes(page);
            Arrays.fill(page, 4, headLen, (byte) 0xFF);
            Arrays.fill(page, headLen, headLen + zeros, (byte) 0);
            page[headLen + zeros] = 1;
            Lz4LiteralRun run = new Lz4LiteralRun();
            run.head(page, 0, headLen);
            int tailLen = page.length - headLen;
            byte[] block = new byte[run.lead(tailLen) + tailLen];
            int p = run.writeLead(block, 0, tailLen);
            System.arraycopy(page, headLen, block, p, tailLen);
            byte[] whole = new byte[page.length + page.length / 255 + 16];
            int n = AdaptivePageCompressor.lz4Literals(KERNELS, page, 0, page.length, whole, 0);
            assertThat(RUNS.hasRun(page, headLen, tailLen)).as(zeros + " zeros").isEqualTo(zeros >= 39);
            assertThat(Arrays.equals(block, Arrays.copyOf(whole, n)))
                    .as(zeros + " zeros")
                    .isEqualTo(zeros < 39);
        }
    }

    /** A TS_2DIFF block's zero word (its smallest delta) is no run: 8 equal bytes are left as literals. */
    @Test
    void eightEqualBytesAreLeftAsLiterals() {
        byte[] page = new byte[2000];
        new SplittableRandom(34).nextBytes(page);
        for (int at = 100; at < 1900; at += 97) {
            Arrays.fill(page, at, at + 8 + at % 31, (byte) 0);
        }
        assertThat(RUNS.hasRun(page, 0, page.length)).isFalse();
        byte[] dst = new byte[page.length + 64];
        assertThat(AdaptivePageCompressor.lz4Literals(KERNELS, page, 0, page.length, dst, 0))
                .isEqualTo(1 + (page.length - 15) / 255 + 1 + page.length); // a token, its length bytes, literals
    }

    /** A page's bitmap of no nulls becomes a match, as {@link AdaptivePageCompressor} writes it: same bytes. */
    @Test
    void aBitmapOfNoNullsBecomesAMatchAsTheLiteralRunOfTheWholePageHasIt() {
        SplittableRandom r = new SplittableRandom(30);
        for (int rows : new int[] {64, 1000, 10_000, 9_999}) {
            byte[] page = new byte[4 + (rows + 7) / 8 + 800];
            page[3] = (byte) rows;
            page[2] = (byte) (rows >>> 8);
            Arrays.fill(page, 4, 4 + rows / 8, (byte) 0xFF);
            byte[] values = new byte[800];
            r.nextBytes(values);
            values[0] = 0; // not a continuation of the bitmap's run
            int headLen = page.length - values.length;
            System.arraycopy(values, 0, page, headLen, values.length);
            Lz4LiteralRun run = new Lz4LiteralRun();
            run.head(page, 0, headLen);
            byte[] block = new byte[run.lead(values.length) + values.length];
            int p = run.writeLead(block, 0, values.length);
            System.arraycopy(values, 0, block, p, values.length);
            byte[] whole = new byte[page.length + page.length / 255 + 16];
            int n = AdaptivePageCompressor.lz4Literals(KERNELS, page, 0, page.length, whole, 0);
            assertThat(block).as(rows + " rows").isEqualTo(Arrays.copyOf(whole, n));
            assertThat(block.length).isLessThan(page.length - rows / 8 + 40);
        }
    }

    @Test
    void aTailTooShortForLz4sEndRulesIsRefused() {
        Lz4LiteralRun run = new Lz4LiteralRun();
        run.head(new byte[100], 0, 100);
        assertThatThrownBy(() -> run.writeLead(new byte[200], 0, Lz4LiteralRun.MIN_TAIL - 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 12");
    }

    /** The compressor's literal runs due are counted down the same whether written in place or by it. */
    @Test
    void aRunWrittenInPlaceCountsAsTheCompressorsOwn() {
        byte[] random = new byte[4096];
        new SplittableRandom(31).nextBytes(random);
        byte[] dst = new byte[8192];
        AdaptivePageCompressor inPlace = new AdaptivePageCompressor();
        AdaptivePageCompressor itself = new AdaptivePageCompressor();
        assertThat(inPlace.nextIsLz4LiteralRun(Compression.LZ4_RAW)).isFalse();
        assertThatThrownBy(inPlace::literalRunWritten).isInstanceOf(IllegalStateException.class);
        inPlace.compressInto(Compression.LZ4_RAW, random, 0, random.length, dst, 0);
        itself.compressInto(Compression.LZ4_RAW, random, 0, random.length, dst, 0);
        for (int page = 0; page < 3 * AdaptivePageCompressor.SKIP_PAGES; page++) {
            boolean due = itself.nextIsLz4LiteralRun(Compression.LZ4_RAW);
            assertThat(inPlace.nextIsLz4LiteralRun(Compression.LZ4_RAW))
                    .as("page " + page)
                    .isEqualTo(due);
            assertThat(inPlace.nextIsLz4LiteralRun(Compression.SNAPPY)).isFalse();
            if (due) {
                inPlace.literalRunWritten();
            } else {
                inPlace.compressInto(Compression.LZ4_RAW, random, 0, random.length, dst, 0);
            }
            itself.compressInto(Compression.LZ4_RAW, random, 0, random.length, dst, 0);
        }
    }
}
