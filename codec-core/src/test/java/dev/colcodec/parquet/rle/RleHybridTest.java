package dev.colcodec.parquet.rle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.CorruptInputFuzzer;
import dev.colcodec.parquet.ValueShapes;
import dev.colcodec.parquet.ValueShapes.Shape;
import dev.colcodec.values.ValuesReader;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RleHybridTest {
    private static final HexFormat HEX = HexFormat.ofDelimiter(" ");
    private final Kernels kernels = KernelProvider.best();
    private final Kernels scalar = KernelProvider.scalar();

    private static byte[] hex(String s) {
        return HEX.parseHex(s);
    }

    private static int[] range(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        return a;
    }

    private static int[] repeat(int v, int n) {
        int[] a = new int[n];
        Arrays.fill(a, v);
        return a;
    }

    // ---- format reference vectors ------------------------------------------------------------

    @Test
    void referenceVectorsEncodeAndDecodeByteForByte() {
        checkVector(3, range(8), "04 00 00 00 03 88 c6 fa");
        checkVector(3, repeat(5, 100), "03 00 00 00 c8 01 05");
        checkVector(1, repeat(1, 3), "02 00 00 00 03 07");
        checkVector(10, repeat(1000, 20), "03 00 00 00 28 e8 03");
    }

    private void checkVector(int bitWidth, int[] values, String expectedHex) {
        byte[] expected = hex(expectedHex);
        assertThat(RleOracle.encode(bitWidth, values, RleFraming.LENGTH_PREFIXED))
                .as("the oracle agrees with the vector")
                .isEqualTo(expected);
        RleHybridWriter w = new RleHybridWriter(bitWidth, RleFraming.LENGTH_PREFIXED, kernels);
        w.writeIntegers(values, 0, values.length);
        assertThat(w.toByteArray()).isEqualTo(expected);
        RleHybridReader r = new RleHybridReader(bitWidth, RleFraming.LENGTH_PREFIXED, kernels);
        r.init(values.length, expected, 0, expected.length);
        int[] out = new int[values.length];
        r.readIntegers(out, 0, out.length);
        assertThat(out).isEqualTo(values);
        assertThat(r.endOffset()).isEqualTo(expected.length);
    }

    // ---- byte identity and round trips against the oracle ---------------------------------------

    @Test
    void writerMatchesOracleBytesForEveryWidthShapeAndSize() {
        SplittableRandom chunks = new SplittableRandom(7);
        long seed = 1;
        int cases = 0;
        for (int w = 0; w <= 32; w++) {
            for (Shape shape : Shape.values()) {
                for (int n : ValueShapes.SIZES) {
                    int[] values = ValueShapes.ints(shape, n, w, seed++);
                    for (RleFraming framing : RleFraming.values()) {
                        Kernels k = (seed & 1) == 0 ? kernels : scalar;
                        byte[] ours = encodeInChunks(w, framing, values, chunks, k);
                        byte[] perValue = encodePerValue(w, framing, values, k);
                        assertThat(perValue).isEqualTo(ours);
                        if (w == 0 && framing == RleFraming.LENGTH_PREFIXED) {
                            assertThat(ours).as("zero-width levels are absent").isEmpty();
                            continue;
                        }
                        byte[] oracle = RleOracle.encode(w, values, framing);
                        assertThat(ours)
                                .as("width %d %s n=%d %s", w, shape, n, framing)
                                .isEqualTo(oracle);
                        assertThat(RleOracle.decode(w, ours, n, framing)).isEqualTo(values);
                        cases++;
                    }
                }
            }
        }
        assertThat(cases).isGreaterThan(10_000);
    }

    private static byte[] encodeInChunks(int w, RleFraming framing, int[] values, SplittableRandom r, Kernels k) {
        RleHybridWriter writer = new RleHybridWriter(w, framing, k);
        int i = 0;
        while (i < values.length) {
            int n = Math.min(values.length - i, r.nextInt(3) == 0 ? 1 + r.nextInt(20) : 1 + r.nextInt(700));
            if (r.nextInt(4) == 0) {
                for (int j = 0; j < n; j++) {
                    writer.writeInteger(values[i + j]);
                }
            } else {
                writer.writeIntegers(values, i, n);
            }
            i += n;
        }
        assertThat(writer.valueCount()).isEqualTo(values.length);
        return writer.toByteArray();
    }

    private static byte[] encodePerValue(int w, RleFraming framing, int[] values, Kernels k) {
        RleHybridWriter writer = new RleHybridWriter(w, framing, k);
        for (int v : values) {
            writer.writeInteger(v);
        }
        return writer.toByteArray();
    }

    @Test
    void readerDecodesOracleBytesPerValueAndInOddBatchesWithSkips() {
        SplittableRandom r = new SplittableRandom(11);
        long seed = 1000;
        for (int w = 0; w <= 32; w++) {
            for (Shape shape : Shape.values()) {
                for (int n : ValueShapes.SIZES) {
                    int[] values = ValueShapes.ints(shape, n, w, seed++);
                    // the framings alternate: the runs are the same either way
                    for (RleFraming framing : new RleFraming[] {RleFraming.values()[(int) (seed & 1)]}) {
                        byte[] page = w == 0 && framing == RleFraming.LENGTH_PREFIXED
                                ? new byte[0]
                                : RleOracle.encode(w, values, framing);
                        Kernels k = r.nextBoolean() ? kernels : scalar;
                        RleHybridReader reader = new RleHybridReader(w, framing, k);
                        // per value
                        reader.init(n, page, 0, page.length);
                        int[] one = new int[n];
                        for (int i = 0; i < n; i++) {
                            one[i] = reader.readInteger();
                        }
                        assertSameInts(one, values, "per value");
                        assertThatThrownBy(reader::readInteger).isInstanceOf(CorruptInputException.class);
                        // odd batches mixed with skips, at an offset inside a larger array
                        byte[] shifted = new byte[3 + page.length];
                        System.arraycopy(page, 0, shifted, 3, page.length);
                        reader.init(n, shifted, 3, page.length);
                        checkBatches(reader, values, r);
                        assertThat(reader.endOffset()).isEqualTo(w == 0 ? 3 : 3 + page.length);
                    }
                }
            }
        }
    }

    private static void checkBatches(RleHybridReader reader, int[] values, SplittableRandom r) {
        int[] out = new int[values.length + 2];
        int pos = 0;
        for (int b : ValueShapes.oddBatches(values.length, r)) {
            if (b < 0) {
                reader.skip(-b);
                pos -= b;
            } else {
                reader.readIntegers(out, 1, b);
                assertThat(Arrays.copyOfRange(out, 1, 1 + b)).isEqualTo(Arrays.copyOfRange(values, pos, pos + b));
                pos += b;
            }
        }
    }

    // ---- hand-made inputs parquet-java never writes but must be read ------------------------------

    @Test
    void multiByteHeadersLongRunsAndCutShortGroupsMatchTheOracleDecoder() {
        SplittableRandom r = new SplittableRandom(5);
        for (int w = 1; w <= 32; w++) {
            for (int trial = 0; trial < 20; trial++) {
                ByteArrayOutputStream runs = new ByteArrayOutputStream();
                int total = 0;
                int parts = 1 + r.nextInt(4);
                for (int p = 0; p < parts; p++) {
                    if (r.nextBoolean()) {
                        // parquet-java cannot read empty runs (see emptyRunsAreSkipped), so counts start at 1
                        int count = r.nextInt(3) == 0 ? 1 + r.nextInt(3) : 64 + r.nextInt(5000); // multi-byte
                        writeUleb(runs, count << 1);
                        long v = r.nextLong() & (w == 32 ? 0xFFFFFFFFL : (1L << w) - 1);
                        for (int b = 0; b < (w + 7) / 8; b++) {
                            runs.write((int) (v >>> (8 * b)));
                        }
                        total += count;
                    } else {
                        int groups = r.nextInt(3) == 0 ? 1 + r.nextInt(3) : 64 + r.nextInt(200); // more than 63
                        writeUleb(runs, (groups << 1) | 1);
                        byte[] data = new byte[groups * w];
                        r.nextBytes(data);
                        runs.write(data, 0, data.length);
                        total += groups * 8;
                    }
                }
                byte[] page = runs.toByteArray();
                int readable = total;
                if (w > 1 && r.nextBoolean() && lastRunIsPacked(page, w)) {
                    // cut 1..w-1 bytes: part of the last group stays, and the values it holds whole are read
                    int cut = 1 + r.nextInt(w - 1);
                    page = Arrays.copyOf(page, page.length - cut);
                    readable = total - 8 + (w - cut) * 8 / w;
                }
                int[] expected;
                try {
                    expected = RleOracle.decode(w, page, total, RleFraming.UNPREFIXED);
                } catch (RuntimeException e) {
                    continue; // the cut went into a header or RLE value: not a case to compare
                }
                // the oracle reads the cut-off values' missing bits as zeros; colcodec refuses to read them
                expected = Arrays.copyOf(expected, readable);
                RleHybridReader reader = new RleHybridReader(w, RleFraming.UNPREFIXED, kernels);
                reader.init(total, page, 0, page.length);
                int[] out = new int[readable];
                int pos = 0;
                while (pos < readable) {
                    int n = Math.min(readable - pos, 1 + r.nextInt(1000));
                    reader.readIntegers(out, pos, n);
                    pos += n;
                }
                assertSameInts(out, expected, "width " + w + " trial " + trial);
                if (readable < total) {
                    assertThatThrownBy(() -> reader.readIntegers(new int[1], 0, 1))
                            .isInstanceOf(CorruptInputException.class)
                            .hasMessageContaining("the section ends after");
                }
                reader.init(total, page, 0, page.length);
                for (int i = 0; i < readable; i++) {
                    out[i] = reader.readInteger();
                }
                assertSameInts(out, expected, "per value");
                reader.skip(total - readable);
                assertThat(reader.endOffset()).isEqualTo(page.length);
            }
        }
    }

    /** Whether the last run of an unprefixed page is bit-packed with at least one group. */
    private static boolean lastRunIsPacked(byte[] page, int w) {
        int p = 0;
        boolean packed = false;
        while (p < page.length) {
            int h = 0;
            int shift = 0;
            int b;
            do {
                b = page[p++];
                h |= (b & 0x7F) << shift;
                shift += 7;
            } while (b < 0);
            packed = (h & 1) == 1 && (h >>> 1) > 0;
            p += packed ? (h >>> 1) * w : (h & 1) == 1 ? 0 : (w + 7) / 8;
        }
        return packed;
    }

    private static void writeUleb(ByteArrayOutputStream out, int v) {
        while ((v & ~0x7F) != 0) {
            out.write((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write(v);
    }

    static void assertSameInts(int[] actual, int[] expected, String what) {
        int mismatch = Arrays.mismatch(actual, expected);
        assertThat(mismatch)
                .as("%s: first difference at %d of %d/%d", what, mismatch, actual.length, expected.length)
                .isEqualTo(-1);
    }

    @Test
    void emptyRunsAreSkipped() {
        // RLE run of 0, bit-packed run of 0 groups, RLE run of 3 x 5, bit-packed group 0..7 (width 3).
        // parquet-java returns the empty run's value forever (its run counter goes negative), so this
        // is checked against the format, not the oracle.
        byte[] page = hex("00 07 01 06 05 03 88 c6 fa");
        RleHybridReader reader = new RleHybridReader(3, RleFraming.UNPREFIXED, kernels);
        reader.init(11, page, 0, page.length);
        int[] out = new int[11];
        reader.readIntegers(out, 0, 11);
        assertThat(out).containsExactly(5, 5, 5, 0, 1, 2, 3, 4, 5, 6, 7);
        reader.init(11, page, 0, page.length);
        reader.skip(4);
        assertThat(reader.readInteger()).isEqualTo(1);
    }

    @Test
    void rleRunOfTheMaximumLengthIsFilledAndSkippedWithoutDecoding() {
        // header 0xfeffffff0f = (2^31 - 1) << 1, value 9 at width 4
        byte[] page = hex("fe ff ff ff 0f 09");
        RleHybridReader reader = new RleHybridReader(4, RleFraming.UNPREFIXED, kernels);
        reader.init(ValuesReader.UNKNOWN_COUNT, page, 0, page.length);
        reader.skip(Integer.MAX_VALUE - 10);
        int[] out = new int[10];
        reader.readIntegers(out, 0, 10);
        assertThat(out).containsOnly(9);
        assertThatThrownBy(reader::readInteger)
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("section ended");
    }

    @Test
    void zeroWidthReadsNothingAndYieldsZeros() {
        for (RleFraming framing : RleFraming.values()) {
            RleHybridReader reader = new RleHybridReader(0, framing, kernels);
            byte[] buf = {1, 2, 3};
            reader.init(5, buf, 1, 0);
            int[] out = {7, 7, 7, 7, 7};
            reader.readIntegers(out, 0, 4);
            assertThat(reader.readInteger()).isZero();
            assertThat(out).containsExactly(0, 0, 0, 0, 7);
            assertThat(reader.endOffset()).isEqualTo(1);
            assertThatThrownBy(() -> reader.skip(1)).isInstanceOf(CorruptInputException.class);
        }
    }

    @Test
    void endOffsetOfAnUnprefixedSectionFollowsTheRunsHoldingTheValues() {
        // 8 values in an RLE run, then trailing bytes that belong to the next section
        byte[] page = hex("10 05 aa bb");
        RleHybridReader reader = new RleHybridReader(3, RleFraming.UNPREFIXED, kernels);
        reader.init(8, page, 0, page.length);
        assertThat(reader.endOffset()).isEqualTo(2);
        reader.init(ValuesReader.UNKNOWN_COUNT, page, 0, page.length);
        assertThat(reader.endOffset()).isEqualTo(4);
    }

    @Test
    void initWithBitWidthOverridesTheConstructorWidthForOneSection() {
        byte[] page = RleOracle.encode(7, range(100), RleFraming.UNPREFIXED);
        RleHybridReader reader = new RleHybridReader(2, RleFraming.UNPREFIXED, kernels);
        reader.initWithBitWidth(7, 100, page, 0, page.length);
        int[] out = new int[100];
        reader.readIntegers(out, 0, 100);
        assertThat(out).isEqualTo(range(100));
        assertThat(reader.bitWidth()).isEqualTo(7);
    }

    @Test
    void badLengthPrefixesAndHeadersAreCorruptInput() {
        RleHybridReader reader = new RleHybridReader(3, RleFraming.LENGTH_PREFIXED, kernels);
        assertThatThrownBy(() -> reader.init(1, hex("04 00 00"), 0, 3))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("4 bytes");
        assertThatThrownBy(() -> reader.init(1, hex("05 00 00 00 03 88 c6 fa"), 0, 8))
                .isInstanceOf(CorruptInputException.class)
                .satisfies(e -> assertThat(((CorruptInputException) e).offset()).isZero());
        assertThatThrownBy(() -> reader.init(1, hex("ff ff ff ff 03"), 0, 5)).isInstanceOf(CorruptInputException.class);
        RleHybridReader unprefixed = new RleHybridReader(8, RleFraming.UNPREFIXED, kernels);
        // a bit-packed run of 2 groups with only the first group's bytes: more than the last group missing
        unprefixed.init(16, hex("05 01 02 03 04 05 06 07"), 0, 8);
        assertThatThrownBy(() -> unprefixed.readInteger())
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("last group");
        // a six-byte header
        unprefixed.init(1, hex("80 80 80 80 80 01"), 0, 6);
        assertThatThrownBy(() -> unprefixed.readInteger()).isInstanceOf(CorruptInputException.class);
        // header beyond 32 bits
        unprefixed.init(1, hex("80 80 80 80 70"), 0, 5);
        assertThatThrownBy(() -> unprefixed.readInteger()).isInstanceOf(CorruptInputException.class);
    }

    @Test
    void writerLifecycle() {
        RleHybridWriter w = new RleHybridWriter(3, RleFraming.LENGTH_PREFIXED, kernels);
        w.writeIntegers(range(8), 0, 8);
        byte[] first = w.toByteArray();
        assertThatThrownBy(() -> w.writeInteger(1)).isInstanceOf(IllegalStateException.class);
        w.reset();
        assertThat(w.valueCount()).isZero();
        w.writeIntegers(range(8), 0, 8);
        byte[] second = w.toByteArray();
        assertThat(second).isEqualTo(first).isNotSameAs(first);
        w.reset(10);
        w.writeIntegers(repeat(1000, 20), 0, 20);
        assertThat(w.toByteArray()).isEqualTo(hex("03 00 00 00 28 e8 03"));
    }

    // ---- corrupt input -------------------------------------------------------------------------

    @Test
    void corruptInputGivesOnlyCorruptInputException() {
        for (RleFraming framing : RleFraming.values()) {
            List<byte[]> pages = new ArrayList<>();
            List<Integer> widths = new ArrayList<>();
            long seed = 99;
            for (int w : new int[] {1, 2, 3, 5, 8, 13, 20, 32}) {
                for (Shape shape : new Shape[] {Shape.RANDOM, Shape.RUNS_9, Shape.RUNS_65, Shape.EXTREMES}) {
                    int[] values = ValueShapes.ints(shape, 20 + (int) (seed % 90), w, seed++);
                    byte[] page = RleOracle.encode(w, values, framing);
                    page = Arrays.copyOf(page, page.length + 1);
                    page[page.length - 1] = (byte) w; // the bit width rides along, outside the slice
                    pages.add(page);
                    widths.add(w);
                }
            }
            int corrupt = CorruptInputFuzzer.fuzz(pages, 10_000, 123 + framing.ordinal(), (buf, off, len, r) -> {
                if (len == 0) {
                    return;
                }
                int w = Math.min(32, buf[off + len - 1] & 0x3F);
                RleHybridReader reader = new RleHybridReader(w, framing, r.nextBoolean() ? kernels : scalar);
                int count = r.nextInt(4) == 0 ? ValuesReader.UNKNOWN_COUNT : r.nextInt(200);
                reader.init(count, buf, off, len - 1);
                int[] out = new int[64];
                for (int step = 0; step < 40; step++) {
                    switch (r.nextInt(3)) {
                        case 0:
                            reader.readInteger();
                            break;
                        case 1:
                            reader.readIntegers(out, 0, r.nextInt(64));
                            break;
                        default:
                            reader.skip(r.nextInt(64));
                    }
                }
                reader.endOffset();
            });
            assertThat(corrupt).isGreaterThan(1000);
        }
    }
    /** The missing-bits error names the value read and the offset where the section ends. */
    @Test
    void aValueCutOffIsNamedWhereTheSectionEnds() {
        // width 8: one bit-packed group (8 values) of which 3 bytes are present
        byte[] section = {0x03, 10, 20, 30};
        RleHybridReader r = new RleHybridReader(8, RleFraming.UNPREFIXED, kernels);
        r.init(8, section, 0, section.length);
        int[] out = new int[3];
        r.readIntegers(out, 0, 3);
        assertThat(out).containsExactly(10, 20, 30);
        r.skip(2);
        assertThatThrownBy(r::readInteger)
                .isInstanceOf(CorruptInputException.class)
                .satisfies(e -> assertThat(((CorruptInputException) e).offset()).isEqualTo(4L))
                .hasMessageContaining("the bits of value 5 of a bit-packed run at width 8")
                .hasMessageContaining("the section ends after 3 of its bytes");
    }
}
