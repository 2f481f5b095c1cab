package dev.colcodec.tsfile.ts2diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.io.ByteCursor;
import dev.colcodec.tsfile.ReaderChecks;
import dev.colcodec.tsfile.TsData;
import dev.colcodec.tsfile.TsData.DoubleShape;
import dev.colcodec.tsfile.TsOracle;
import dev.colcodec.tsfile.WriteSteps;
import dev.colcodec.tsfile.scaled.ScaledFloats;
import java.util.Arrays;
import java.util.stream.Stream;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The lossy FLOAT/DOUBLE pages TsFile writes under TS_2DIFF, against tsfile 2.4.0's {@code
 * FloatEncoder}/{@code FloatDecoder} in both directions: the header (all three forms) is identical,
 * the INT32/INT64 stream identical except TS_2DIFF padding bits, and every value decodes to exactly
 * what TsFile's decoder returns (compared by raw bits).
 */
class Ts2DiffFloatCodecTest {
    private static final long SEED = 99L;
    private static final int[] MAX_POINT_NUMBERS = {0, 2, 5, -1};

    static Stream<Arguments> cases() {
        return Arrays.stream(DoubleShape.values())
                .flatMap(s -> Arrays.stream(TsData.SIZES)
                        .boxed()
                        .flatMap(n -> Arrays.stream(MAX_POINT_NUMBERS).mapToObj(m -> Arguments.of(s, n, m))));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void doubles(DoubleShape shape, int n, int maxPointNumber) {
        double[] v = TsData.doubles(shape, n, SEED);
        byte[] oracle = TsOracle.encodeDoubles(TsOracle.floatEncoder(TSDataType.DOUBLE, maxPointNumber), v);
        Ts2DiffDoubleWriter w = new Ts2DiffDoubleWriter(maxPointNumber);
        WriteSteps.mixed(n, SEED, i -> w.writeDouble(v[i]), (i, k) -> w.writeDoubles(v, i, k));
        assertThat(w.valueCount()).isEqualTo(n);
        byte[] ours = w.toByteArray();
        assertSameExceptPadding(oracle, ours, true);
        double[] expected = TsOracle.decodeDoubles(TsOracle.decoder(TSEncoding.TS_2DIFF, TSDataType.DOUBLE), oracle);
        assertThat(expected).hasSize(n);
        assertThat(ReaderChecks.rawBits(
                        TsOracle.decodeDoubles(TsOracle.decoder(TSEncoding.TS_2DIFF, TSDataType.DOUBLE), ours)))
                .isEqualTo(ReaderChecks.rawBits(expected));
        ReaderChecks.checkAll(ReaderChecks.doubles(new Ts2DiffDoubleReader(), expected), oracle, SEED);
    }

    @ParameterizedTest
    @MethodSource("cases")
    void floats(DoubleShape shape, int n, int maxPointNumber) {
        float[] v = TsData.floats(shape, n, SEED);
        byte[] oracle = TsOracle.encodeFloats(TsOracle.floatEncoder(TSDataType.FLOAT, maxPointNumber), v);
        Ts2DiffFloatWriter w = new Ts2DiffFloatWriter(maxPointNumber);
        WriteSteps.mixed(n, SEED, i -> w.writeFloat(v[i]), (i, k) -> w.writeFloats(v, i, k));
        byte[] ours = w.toByteArray();
        assertSameExceptPadding(oracle, ours, false);
        float[] expected = TsOracle.decodeFloats(TsOracle.decoder(TSEncoding.TS_2DIFF, TSDataType.FLOAT), oracle);
        assertThat(expected).hasSize(n);
        assertThat(ReaderChecks.rawBits(
                        TsOracle.decodeFloats(TsOracle.decoder(TSEncoding.TS_2DIFF, TSDataType.FLOAT), ours)))
                .isEqualTo(ReaderChecks.rawBits(expected));
        ReaderChecks.checkAll(ReaderChecks.floats(new Ts2DiffFloatReader(), expected), oracle, SEED);
    }

    /** Every header form shows up in the shapes above. */
    @Test
    void allThreeHeaderFormsAreCovered() {
        assertThat(form(TsData.doubles(DoubleShape.SENSOR, 100, SEED))).isEqualTo(2);
        assertThat(form(new double[] {1.5, 9.3e17, 2.25})).isEqualTo(0x7FFFFFFF);
        assertThat(form(new double[] {1.5, Double.NaN, 2.25})).isEqualTo(0x7FFFFFFE);
    }

    private static int form(double[] v) {
        Ts2DiffDoubleWriter w = new Ts2DiffDoubleWriter(2);
        w.writeDoubles(v, 0, v.length);
        byte[] ours = w.toByteArray();
        assertThat(ours).isEqualTo(TsOracle.encodeDoubles(TsOracle.floatEncoder(TSDataType.DOUBLE, 2), v));
        return new ByteCursor(ours, 0, ours.length).readUnsignedVarInt("form");
    }

    private static void assertSameExceptPadding(byte[] oracle, byte[] ours, boolean wide) {
        if (oracle.length == 0) {
            assertThat(ours).isEmpty();
            return;
        }
        int dataStart = ScaledFloats.headerLength(oracle, 0, oracle.length);
        assertThat(Arrays.copyOf(ours, dataStart)).isEqualTo(Arrays.copyOf(oracle, dataStart));
        Ts2DiffBytes.assertSameExceptPadding(oracle, ours, dataStart, wide);
    }
}
