package dev.colcodec.tsfile.ts2diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.tsfile.ReaderChecks;
import dev.colcodec.tsfile.TsData;
import dev.colcodec.tsfile.TsData.LongShape;
import dev.colcodec.tsfile.TsOracle;
import dev.colcodec.tsfile.WriteSteps;
import java.util.Arrays;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.tsfile.encoding.encoder.DeltaBinaryEncoder;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * TS_2DIFF INT32/INT64 against TsFile 2.4.0 in both directions. Our bytes equal TsFile's except the
 * unused low bits of each block's last packed byte (zero here, stale in TsFile).
 */
class Ts2DiffCodecTest {
    private static final long SEED = 7_129L;

    static Stream<Arguments> cases() {
        return Arrays.stream(LongShape.values())
                .flatMap(s -> Arrays.stream(TsData.SIZES).mapToObj(n -> Arguments.of(s, n)));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void int64(LongShape shape, int n) {
        checkLongs(TsData.longs(shape, n, SEED));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void int32(LongShape shape, int n) {
        checkInts(TsData.ints(shape, n, SEED));
    }

    static IntStream longWidths() {
        return IntStream.rangeClosed(0, 64);
    }

    static IntStream intWidths() {
        return IntStream.rangeClosed(0, 32);
    }

    @ParameterizedTest
    @MethodSource("longWidths")
    void int64EveryDeltaWidth(int width) {
        long[] v = TsData.longsWithDeltaWidth(width, 2 * 129 + 5, SEED);
        byte[] ours = checkLongs(v);
        assertThat(ByteIOWidth.firstBlockWidth(ours)).isEqualTo(width);
    }

    @ParameterizedTest
    @MethodSource("intWidths")
    void int32EveryDeltaWidth(int width) {
        int[] v = TsData.intsWithDeltaWidth(width, 2 * 129 + 5, SEED);
        byte[] ours = checkInts(v);
        assertThat(ByteIOWidth.firstBlockWidth(ours)).isEqualTo(width);
    }

    private static byte[] checkLongs(long[] v) {
        int n = v.length;
        byte[] oracle = TsOracle.encodeLongs(TsOracle.encoder(TSEncoding.TS_2DIFF, TSDataType.INT64), v);
        Ts2DiffLongWriter w = new Ts2DiffLongWriter();
        WriteSteps.mixed(n, SEED, i -> w.writeLong(v[i]), (i, k) -> w.writeLongs(v, i, k));
        assertThat(w.valueCount()).isEqualTo(n);
        byte[] ours = w.toByteArray();
        Ts2DiffBytes.assertSameExceptPadding(oracle, ours, 0, true);
        assertThat(TsOracle.decodeLongs(TsOracle.decoder(TSEncoding.TS_2DIFF, TSDataType.INT64), ours))
                .isEqualTo(v);
        ReaderChecks.checkAll(ReaderChecks.longs(new Ts2DiffLongReader(), v), oracle, SEED);
        return ours;
    }

    private static byte[] checkInts(int[] v) {
        int n = v.length;
        byte[] oracle = TsOracle.encodeInts(TsOracle.encoder(TSEncoding.TS_2DIFF, TSDataType.INT32), v);
        Ts2DiffIntWriter w = new Ts2DiffIntWriter();
        WriteSteps.mixed(n, SEED, i -> w.writeInteger(v[i]), (i, k) -> w.writeIntegers(v, i, k));
        byte[] ours = w.toByteArray();
        Ts2DiffBytes.assertSameExceptPadding(oracle, ours, 0, false);
        assertThat(TsOracle.decodeInts(TsOracle.decoder(TSEncoding.TS_2DIFF, TSDataType.INT32), ours))
                .isEqualTo(v);
        ReaderChecks.checkAll(ReaderChecks.ints(new Ts2DiffIntReader(), v), oracle, SEED);
        return ours;
    }

    @Test
    void aliasTypes() {
        long[] ts = TsData.longs(LongShape.TIMESTAMPS, 500, SEED);
        byte[] tsBytes = TsOracle.encodeLongs(TsOracle.encoder(TSEncoding.TS_2DIFF, TSDataType.TIMESTAMP), ts);
        ReaderChecks.checkAll(ReaderChecks.longs(new Ts2DiffLongReader(), ts), tsBytes, SEED);
        int[] dates = TsData.ints(LongShape.SMALL, 500, SEED);
        byte[] dateBytes = TsOracle.encodeInts(TsOracle.encoder(TSEncoding.TS_2DIFF, TSDataType.DATE), dates);
        ReaderChecks.checkAll(ReaderChecks.ints(new Ts2DiffIntReader(), dates), dateBytes, SEED);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 5, 8, 127, 300, 1000})
    void blocksOfOtherSizesFromTsFile(int blockSize) {
        long[] v = TsData.longs(LongShape.RANDOM, 2345, SEED);
        byte[] page = TsOracle.encodeLongs(new DeltaBinaryEncoder.LongDeltaEncoder(blockSize), v);
        ReaderChecks.checkAll(ReaderChecks.longs(new Ts2DiffLongReader(), v), page, SEED);
        int[] iv = TsData.ints(LongShape.TIMESTAMPS, 2345, SEED);
        byte[] ipage = TsOracle.encodeInts(new DeltaBinaryEncoder.IntDeltaEncoder(blockSize), iv);
        ReaderChecks.checkAll(ReaderChecks.ints(new Ts2DiffIntReader(), iv), ipage, SEED);
    }

    @Test
    void testVector() {
        Ts2DiffLongWriter w = new Ts2DiffLongWriter();
        w.writeLongs(new long[] {100, 101, 102, 104}, 0, 4);
        assertThat(w.toByteArray())
                .containsExactly(0, 0, 0, 3, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0x64, 0x20);
    }

    @Test
    void singleValueTrailingBlockHasMaxMinDelta() {
        long[] v = TsData.longs(LongShape.TIMESTAMPS, 130, SEED);
        Ts2DiffLongWriter w = new Ts2DiffLongWriter();
        w.writeLongs(v, 0, v.length);
        byte[] ours = w.toByteArray();
        int last = ours.length - 24;
        assertThat(dev.colcodec.io.ByteIO.getIntBE(ours, last)).isZero();
        assertThat(dev.colcodec.io.ByteIO.getIntBE(ours, last + 4)).isZero();
        assertThat(dev.colcodec.io.ByteIO.getLongBE(ours, last + 8)).isEqualTo(Long.MAX_VALUE);
        assertThat(dev.colcodec.io.ByteIO.getLongBE(ours, last + 16)).isEqualTo(v[129]);
        Ts2DiffIntWriter iw = new Ts2DiffIntWriter();
        iw.writeInteger(42);
        assertThat(iw.toByteArray()).containsExactly(0, 0, 0, 0, 0, 0, 0, 0, 0x7f, 0xff, 0xff, 0xff, 0, 0, 0, 42);
    }

    /** The one intended difference: TsFile leaves stale bits of an earlier block in the padding. */
    @Test
    void paddingBitsAreTheOnlyDifference() {
        long[] v = new long[129 + 4];
        for (int i = 1; i < 129; i++) {
            v[i] = v[i - 1] + ((i * 37) & 127);
        }
        v[129] = 0;
        v[130] = 1;
        v[131] = 2;
        v[132] = 4;
        byte[] oracle = TsOracle.encodeLongs(TsOracle.encoder(TSEncoding.TS_2DIFF, TSDataType.INT64), v);
        Ts2DiffLongWriter w = new Ts2DiffLongWriter();
        w.writeLongs(v, 0, v.length);
        byte[] ours = w.toByteArray();
        assertThat(ours[ours.length - 1] & 0xFF).isEqualTo(0x20);
        assertThat(oracle[oracle.length - 1]).isNotEqualTo(ours[ours.length - 1]);
        assertThat(Ts2DiffBytes.assertSameExceptPadding(oracle, ours, 0, true)).isEqualTo(1);
    }

    /** Reads the first block's bit width. */
    static final class ByteIOWidth {
        static int firstBlockWidth(byte[] page) {
            return dev.colcodec.io.ByteIO.getIntBE(page, 4);
        }
    }
}
