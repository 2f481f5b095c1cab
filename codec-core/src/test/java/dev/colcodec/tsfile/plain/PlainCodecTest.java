package dev.colcodec.tsfile.plain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.tsfile.ReaderChecks;
import dev.colcodec.tsfile.TsData;
import dev.colcodec.tsfile.TsData.BooleanShape;
import dev.colcodec.tsfile.TsData.DoubleShape;
import dev.colcodec.tsfile.TsData.LongShape;
import dev.colcodec.tsfile.TsOracle;
import dev.colcodec.tsfile.WriteSteps;
import dev.colcodec.values.BinaryBatch;
import java.util.Arrays;
import java.util.stream.Stream;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * PLAIN against TsFile 2.4.0 in both directions: our bytes equal TsFile's for every type and shape
 * (no intended differences), TsFile decodes ours, and our readers decode TsFile's in every read mode.
 */
class PlainCodecTest {
    private static final long SEED = 20260521L;

    static Stream<Arguments> longCases() {
        return Arrays.stream(LongShape.values())
                .flatMap(s -> Arrays.stream(TsData.SIZES).mapToObj(n -> Arguments.of(s, n)));
    }

    static Stream<Arguments> doubleCases() {
        return Arrays.stream(DoubleShape.values())
                .flatMap(s -> Arrays.stream(TsData.SIZES).mapToObj(n -> Arguments.of(s, n)));
    }

    static Stream<Arguments> booleanCases() {
        return Arrays.stream(BooleanShape.values())
                .flatMap(s -> Arrays.stream(TsData.SIZES).mapToObj(n -> Arguments.of(s, n)));
    }

    static Stream<Arguments> sizes() {
        return Arrays.stream(TsData.SIZES).mapToObj(Arguments::of);
    }

    @ParameterizedTest
    @MethodSource("longCases")
    void int64(LongShape shape, int n) {
        long[] v = TsData.longs(shape, n, SEED);
        byte[] oracle = TsOracle.encodeLongs(TsOracle.encoder(TSEncoding.PLAIN, TSDataType.INT64), v);
        PlainLongWriter w = new PlainLongWriter();
        WriteSteps.mixed(n, SEED, i -> w.writeLong(v[i]), (i, k) -> w.writeLongs(v, i, k));
        assertThat(w.valueCount()).isEqualTo(n);
        byte[] ours = w.toByteArray();
        assertThat(ours).isEqualTo(oracle);
        assertThat(TsOracle.decodeLongs(TsOracle.decoder(TSEncoding.PLAIN, TSDataType.INT64), ours))
                .isEqualTo(v);
        ReaderChecks.checkAll(ReaderChecks.longs(new PlainLongReader(), v), oracle, SEED);
    }

    @ParameterizedTest
    @MethodSource("longCases")
    void int32(LongShape shape, int n) {
        int[] v = TsData.ints(shape, n, SEED);
        checkInts(v);
    }

    @Test
    void int32EveryVarintLength() {
        int[] v = new int[33 * 4];
        for (int w = 0; w <= 32; w++) {
            int max = w == 32 ? -1 : (1 << w) - 1;
            v[4 * w] = max;
            v[4 * w + 1] = ~max;
            v[4 * w + 2] = max >>> 1;
            v[4 * w + 3] = -(max >>> 1);
        }
        checkInts(v);
    }

    private static void checkInts(int[] v) {
        int n = v.length;
        byte[] oracle = TsOracle.encodeInts(TsOracle.encoder(TSEncoding.PLAIN, TSDataType.INT32), v);
        PlainIntWriter w = new PlainIntWriter();
        WriteSteps.mixed(n, SEED, i -> w.writeInteger(v[i]), (i, k) -> w.writeIntegers(v, i, k));
        byte[] ours = w.toByteArray();
        assertThat(ours).isEqualTo(oracle);
        assertThat(TsOracle.decodeInts(TsOracle.decoder(TSEncoding.PLAIN, TSDataType.INT32), ours))
                .isEqualTo(v);
        ReaderChecks.checkAll(ReaderChecks.ints(new PlainIntReader(), v), oracle, SEED);
    }

    /**
     * Byte for byte tsfile's, but for NaN payloads: tsfile writes {@code doubleToLongBits}, colcodec the raw
     * bits, so the same values with every NaN made canonical give tsfile's bytes, and both readers give back
     * colcodec's bytes with each payload.
     */
    @ParameterizedTest
    @MethodSource("doubleCases")
    void doubles(DoubleShape shape, int n) {
        double[] v = TsData.doubles(shape, n, SEED);
        byte[] oracle = TsOracle.encodeDoubles(TsOracle.encoder(TSEncoding.PLAIN, TSDataType.DOUBLE), v);
        byte[] ours = writeDoubles(v);
        assertThat(writeDoubles(ReaderChecks.canonicalNaNs(v))).isEqualTo(oracle);
        assertThat(ReaderChecks.rawBits(
                        TsOracle.decodeDoubles(TsOracle.decoder(TSEncoding.PLAIN, TSDataType.DOUBLE), ours)))
                .isEqualTo(ReaderChecks.rawBits(v));
        double[] decoded = TsOracle.decodeDoubles(TsOracle.decoder(TSEncoding.PLAIN, TSDataType.DOUBLE), oracle);
        assertThat(ReaderChecks.rawBits(decoded)).isEqualTo(ReaderChecks.rawBits(ReaderChecks.canonicalNaNs(v)));
        ReaderChecks.checkAll(ReaderChecks.doubles(new PlainDoubleReader(), v), ours, SEED);
        ReaderChecks.checkAll(ReaderChecks.doubles(new PlainDoubleReader(), decoded), oracle, SEED);
    }

    private static byte[] writeDoubles(double[] v) {
        PlainDoubleWriter w = new PlainDoubleWriter();
        WriteSteps.mixed(v.length, SEED, i -> w.writeDouble(v[i]), (i, k) -> w.writeDoubles(v, i, k));
        return w.toByteArray();
    }

    /** As {@link #doubles}: tsfile's bytes but for NaN payloads, which colcodec keeps. */
    @ParameterizedTest
    @MethodSource("doubleCases")
    void floats(DoubleShape shape, int n) {
        float[] v = TsData.floats(shape, n, SEED);
        byte[] oracle = TsOracle.encodeFloats(TsOracle.encoder(TSEncoding.PLAIN, TSDataType.FLOAT), v);
        byte[] ours = writeFloats(v);
        assertThat(writeFloats(ReaderChecks.canonicalNaNs(v))).isEqualTo(oracle);
        assertThat(ReaderChecks.rawBits(
                        TsOracle.decodeFloats(TsOracle.decoder(TSEncoding.PLAIN, TSDataType.FLOAT), ours)))
                .isEqualTo(ReaderChecks.rawBits(v));
        float[] decoded = TsOracle.decodeFloats(TsOracle.decoder(TSEncoding.PLAIN, TSDataType.FLOAT), oracle);
        assertThat(ReaderChecks.rawBits(decoded)).isEqualTo(ReaderChecks.rawBits(ReaderChecks.canonicalNaNs(v)));
        ReaderChecks.checkAll(ReaderChecks.floats(new PlainFloatReader(), v), ours, SEED);
        ReaderChecks.checkAll(ReaderChecks.floats(new PlainFloatReader(), decoded), oracle, SEED);
    }

    private static byte[] writeFloats(float[] v) {
        PlainFloatWriter w = new PlainFloatWriter();
        WriteSteps.mixed(v.length, SEED, i -> w.writeFloat(v[i]), (i, k) -> w.writeFloats(v, i, k));
        return w.toByteArray();
    }

    @ParameterizedTest
    @MethodSource("booleanCases")
    void booleans(BooleanShape shape, int n) {
        boolean[] v = TsData.booleans(shape, n, SEED);
        byte[] oracle = TsOracle.encodeBooleans(TsOracle.encoder(TSEncoding.PLAIN, TSDataType.BOOLEAN), v);
        PlainBooleanWriter w = new PlainBooleanWriter();
        WriteSteps.mixed(n, SEED, i -> w.writeBoolean(v[i]), (i, k) -> w.writeBooleans(v, i, k));
        byte[] ours = w.toByteArray();
        assertThat(ours).isEqualTo(oracle);
        assertThat(TsOracle.decodeBooleans(TsOracle.decoder(TSEncoding.PLAIN, TSDataType.BOOLEAN), ours))
                .isEqualTo(v);
        ReaderChecks.checkAll(ReaderChecks.booleans(new PlainBooleanReader(), v), oracle, SEED);
    }

    @ParameterizedTest
    @MethodSource("sizes")
    void binaries(int n) {
        byte[][] v = TsData.binaries(n, SEED + n);
        for (TSDataType type : new TSDataType[] {TSDataType.TEXT, TSDataType.STRING, TSDataType.BLOB}) {
            byte[] oracle = TsOracle.encodeBinaries(TsOracle.encoder(TSEncoding.PLAIN, type), v);
            PlainBinaryWriter w = new PlainBinaryWriter();
            BinaryBatch batch = new BinaryBatch();
            for (byte[] b : v) {
                batch.append(b, 0, b.length);
            }
            WriteSteps.mixed(n, SEED, i -> w.writeBinary(v[i]), (i, k) -> w.writeBinaries(batch, i, k));
            byte[] ours = w.toByteArray();
            assertThat(ours).isEqualTo(oracle);
            assertThat(TsOracle.decodeBinaries(TsOracle.decoder(TSEncoding.PLAIN, type), ours))
                    .isDeepEqualTo(v);
            ReaderChecks.checkAll(ReaderChecks.binaries(new PlainBinaryReader(), v), oracle, SEED);
        }
    }

    @Test
    void aliasTypesUseTheSameBytes() {
        long[] ts = TsData.longs(LongShape.TIMESTAMPS, 300, SEED);
        assertThat(TsOracle.encodeLongs(TsOracle.encoder(TSEncoding.PLAIN, TSDataType.TIMESTAMP), ts))
                .isEqualTo(TsOracle.encodeLongs(TsOracle.encoder(TSEncoding.PLAIN, TSDataType.INT64), ts));
        int[] dates = TsData.ints(LongShape.RANDOM, 300, SEED);
        byte[] dateBytes = TsOracle.encodeInts(TsOracle.encoder(TSEncoding.PLAIN, TSDataType.DATE), dates);
        ReaderChecks.checkAll(ReaderChecks.ints(new PlainIntReader(), dates), dateBytes, SEED);
    }

    @Test
    void testVector() {
        PlainIntWriter w = new PlainIntWriter();
        w.writeIntegers(new int[] {1, -1, 300}, 0, 3);
        assertThat(w.toByteArray()).containsExactly(0x02, 0x01, 0xd8, 0x04);
    }

    @Test
    void writerLifeCycle() {
        PlainLongWriter w = new PlainLongWriter();
        w.writeLong(5);
        byte[] first = w.toByteArray();
        assertThat(w.toByteArray()).isEqualTo(first).isNotSameAs(first);
        assertThatThrownBy(() -> w.writeLong(6)).isInstanceOf(IllegalStateException.class);
        w.reset();
        assertThat(w.valueCount()).isZero();
        w.writeLongs(new long[] {5}, 0, 1);
        assertThat(w.bufferedSize()).isEqualTo(8);
        assertThat(w.toByteArray()).isEqualTo(first);
    }
}
