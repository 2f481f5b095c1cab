package dev.colcodec.tsfile.rle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.tsfile.ReaderChecks;
import dev.colcodec.tsfile.TsData;
import dev.colcodec.tsfile.TsData.BooleanShape;
import dev.colcodec.tsfile.TsData.LongShape;
import dev.colcodec.tsfile.TsOracle;
import dev.colcodec.tsfile.WriteSteps;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * TsFile's RLE for INT32, INT64 and BOOLEAN against tsfile 2.4.0 in both directions. Our bytes are
 * identical to TsFile's (no intended differences), including the run decisions of its state machine.
 */
class RleCodecTest {
    private static final long SEED = 8_1963L;

    static Stream<Arguments> longCases() {
        return Arrays.stream(LongShape.values())
                .flatMap(s -> Arrays.stream(TsData.SIZES).mapToObj(n -> Arguments.of(s, n)));
    }

    static Stream<Arguments> booleanCases() {
        return Arrays.stream(BooleanShape.values())
                .flatMap(s -> Arrays.stream(TsData.SIZES).mapToObj(n -> Arguments.of(s, n)));
    }

    @ParameterizedTest
    @MethodSource("longCases")
    void int64(LongShape shape, int n) {
        checkLongs(TsData.longs(shape, n, SEED));
    }

    @ParameterizedTest
    @MethodSource("longCases")
    void int32(LongShape shape, int n) {
        checkInts(TsData.ints(shape, n, SEED));
    }

    @ParameterizedTest
    @MethodSource("booleanCases")
    void booleans(BooleanShape shape, int n) {
        boolean[] v = TsData.booleans(shape, n, SEED);
        byte[] oracle = TsOracle.encodeBooleans(TsOracle.encoder(TSEncoding.RLE, TSDataType.BOOLEAN), v);
        RleBooleanWriter w = new RleBooleanWriter();
        WriteSteps.mixed(n, SEED, i -> w.writeBoolean(v[i]), (i, k) -> w.writeBooleans(v, i, k));
        assertThat(w.valueCount()).isEqualTo(n);
        byte[] ours = w.toByteArray();
        assertThat(ours).isEqualTo(oracle);
        if (n > 0) {
            assertThat(TsOracle.decodeBooleans(TsOracle.decoder(TSEncoding.RLE, TSDataType.BOOLEAN), ours))
                    .isEqualTo(v);
        }
        ReaderChecks.checkAll(ReaderChecks.booleans(new RleBooleanReader(), v), oracle, SEED);
    }

    @ParameterizedTest
    @MethodSource("longWidths")
    void int64EveryBitWidth(int width) {
        for (int n : new int[] {9, 300}) {
            byte[] ours = checkLongs(TsData.longsOfWidth(width, n, SEED));
            assertThat(ours[afterLength(ours)]).isEqualTo((byte) width);
        }
    }

    @ParameterizedTest
    @MethodSource("intWidths")
    void int32EveryBitWidth(int width) {
        for (int n : new int[] {9, 300}) {
            long[] l = TsData.longsOfWidth(width, n, SEED);
            int[] v = new int[n];
            for (int i = 0; i < n; i++) {
                v[i] = (int) l[i];
            }
            byte[] ours = checkInts(v);
            assertThat(ours[afterLength(ours)]).isEqualTo((byte) width);
        }
    }

    static IntStream longWidths() {
        return IntStream.rangeClosed(1, 64);
    }

    static IntStream intWidths() {
        return IntStream.rangeClosed(1, 32);
    }

    /** Random mixes of repeats and noise, aimed at the group-boundary and run-cap decisions. */
    @Test
    void runDecisionsMatchTsFile() {
        SplittableRandom r = new SplittableRandom(SEED);
        int[] repeatLengths = {1, 2, 6, 7, 8, 9, 15, 16, 17, 500};
        for (int c = 0; c < 150; c++) {
            int n = r.nextInt(1, 600);
            long[] v = new long[n];
            int i = 0;
            while (i < n) {
                long x = r.nextInt(4) == 0 ? r.nextLong() : r.nextInt(8);
                int len = Math.min(n - i, r.nextBoolean() ? 1 : repeatLengths[r.nextInt(repeatLengths.length)]);
                Arrays.fill(v, i, i + len, x);
                i += len;
            }
            checkLongs(v);
            int[] iv = new int[n];
            for (int k = 0; k < n; k++) {
                iv[k] = (int) v[k];
            }
            checkInts(iv);
        }
    }

    @Test
    void longRunsAndManyGroups() {
        long[] constant = new long[40_000];
        Arrays.fill(constant, 77);
        constant[32_770] = 5;
        checkLongs(constant);
        long[] noisy = new long[1300];
        SplittableRandom r = new SplittableRandom(1);
        for (int i = 0; i < noisy.length; i++) {
            noisy[i] = r.nextInt(1 << 5);
        }
        byte[] page = checkLongs(noisy);
        assertThat(page[afterLength(page) + 1]).isEqualTo((byte) ((63 << 1) | 1));
    }

    @Test
    void testVectors() {
        RleIntWriter w = new RleIntWriter();
        for (int i = 0; i < 20; i++) {
            w.writeInteger(7);
        }
        w.writeIntegers(new int[] {1, 2, 3}, 0, 3);
        assertThat(w.toByteArray()).containsExactly(0x08, 0x03, 0x28, 0x07, 0x03, 0x03, 0x29, 0x80, 0x00);
        w.reset();
        int[] v300 = new int[20];
        Arrays.fill(v300, 300);
        w.writeIntegers(v300, 0, 20);
        assertThat(w.toByteArray()).containsExactly(0x04, 0x09, 0x28, 0x2c, 0x01);
        RleLongWriter lw = new RleLongWriter();
        for (int i = 0; i < 20; i++) {
            lw.writeLong(300);
        }
        assertThat(lw.toByteArray()).containsExactly(0x04, 0x09, 0x28, 0x01, 0x2c);
        assertThat(new RleLongWriter().toByteArray()).containsExactly(0x00);
    }

    /** TsFile's decoder reads segments back to back; so do ours, by count or to the end. */
    @Test
    void concatenatedSegments() {
        long[] a = TsData.longs(LongShape.RUNS, 300, 1);
        long[] b = TsData.longs(LongShape.RANDOM, 77, 2);
        byte[] pa = TsOracle.encodeLongs(TsOracle.encoder(TSEncoding.RLE, TSDataType.INT64), a);
        byte[] pb = TsOracle.encodeLongs(TsOracle.encoder(TSEncoding.RLE, TSDataType.INT64), b);
        byte[] page = new byte[pa.length + 1 + pb.length];
        System.arraycopy(pa, 0, page, 0, pa.length);
        page[pa.length] = 0; // an empty segment in between
        System.arraycopy(pb, 0, page, pa.length + 1, pb.length);
        long[] all = new long[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        ReaderChecks.checkAll(ReaderChecks.longs(new RleLongReader(), all), page, SEED);
        RleLongReader r = new RleLongReader();
        r.init(a.length, page, 0, page.length);
        assertThat(r.endOffset()).isEqualTo(pa.length);
    }

    @Test
    void aliasTypes() {
        long[] ts = TsData.longs(LongShape.TIMESTAMPS, 300, SEED);
        byte[] tsPage = TsOracle.encodeLongs(TsOracle.encoder(TSEncoding.RLE, TSDataType.TIMESTAMP), ts);
        ReaderChecks.checkAll(ReaderChecks.longs(new RleLongReader(), ts), tsPage, SEED);
        int[] dates = TsData.ints(LongShape.RUNS, 300, SEED);
        byte[] datePage = TsOracle.encodeInts(TsOracle.encoder(TSEncoding.RLE, TSDataType.DATE), dates);
        ReaderChecks.checkAll(ReaderChecks.ints(new RleIntReader(), dates), datePage, SEED);
    }

    /** The index of the width byte: just after the segment's ULEB128 length. */
    private static int afterLength(byte[] page) {
        int p = 0;
        while (page[p] < 0) {
            p++;
        }
        return p + 1;
    }

    private static byte[] checkLongs(long[] v) {
        int n = v.length;
        byte[] oracle = TsOracle.encodeLongs(TsOracle.encoder(TSEncoding.RLE, TSDataType.INT64), v);
        RleLongWriter w = new RleLongWriter();
        WriteSteps.mixed(n, SEED, i -> w.writeLong(v[i]), (i, k) -> w.writeLongs(v, i, k));
        assertThat(w.valueCount()).isEqualTo(n);
        byte[] ours = w.toByteArray();
        assertThat(ours).isEqualTo(oracle);
        if (n > 0) {
            assertThat(TsOracle.decodeLongs(TsOracle.decoder(TSEncoding.RLE, TSDataType.INT64), ours))
                    .isEqualTo(v);
        }
        ReaderChecks.checkAll(ReaderChecks.longs(new RleLongReader(), v), oracle, SEED);
        return ours;
    }

    private static byte[] checkInts(int[] v) {
        int n = v.length;
        byte[] oracle = TsOracle.encodeInts(TsOracle.encoder(TSEncoding.RLE, TSDataType.INT32), v);
        RleIntWriter w = new RleIntWriter();
        WriteSteps.mixed(n, SEED, i -> w.writeInteger(v[i]), (i, k) -> w.writeIntegers(v, i, k));
        byte[] ours = w.toByteArray();
        assertThat(ours).isEqualTo(oracle);
        if (n > 0) {
            assertThat(TsOracle.decodeInts(TsOracle.decoder(TSEncoding.RLE, TSDataType.INT32), ours))
                    .isEqualTo(v);
        }
        ReaderChecks.checkAll(ReaderChecks.ints(new RleIntReader(), v), oracle, SEED);
        return ours;
    }
}
