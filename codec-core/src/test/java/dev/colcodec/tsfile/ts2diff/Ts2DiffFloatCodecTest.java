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
    /**
     * A value read from a lossy page is written back unchanged (an intended difference from tsfile): at 9
     * digits, 4501090.342589513 reads back from tsfile's page as v = 4501090.342589514, and v * 10^9 rounds
     * to the integer above the one stored, so tsfile's encoder would write v back as 4501090.342589515;
     * colcodec's writes the integer that reads back as v. Random values read back from such pages are
     * written back unchanged at every digit count from 0 to 17.
     */
    @Test
    void valuesReadFromALossyPageAreWrittenBackUnchanged() {
        double v = TsOracle.decodeDoubles(
                TsOracle.decoder(TSEncoding.TS_2DIFF, TSDataType.DOUBLE),
                TsOracle.encodeDoubles(TsOracle.floatEncoder(TSDataType.DOUBLE, 9), new double[] {4501090.342589513}))[
                0];
        double[] again = TsOracle.decodeDoubles(
                TsOracle.decoder(TSEncoding.TS_2DIFF, TSDataType.DOUBLE),
                TsOracle.encodeDoubles(TsOracle.floatEncoder(TSDataType.DOUBLE, 9), new double[] {v}));
        assertThat(again[0]).as("tsfile moves it").isNotEqualTo(v);
        Ts2DiffDoubleWriter w = new Ts2DiffDoubleWriter(9);
        w.writeDouble(v);
        byte[] ours = w.toByteArray();
        assertThat(TsOracle.decodeDoubles(TsOracle.decoder(TSEncoding.TS_2DIFF, TSDataType.DOUBLE), ours))
                .containsExactly(v);
        java.util.SplittableRandom r = new java.util.SplittableRandom(40);
        for (int digits = 0; digits <= 17; digits++) {
            double[] x = new double[2000];
            for (int i = 0; i < x.length; i++) {
                x[i] = (r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(-3, 12));
            }
            double[] read = TsOracle.decodeDoubles(
                    TsOracle.decoder(TSEncoding.TS_2DIFF, TSDataType.DOUBLE),
                    TsOracle.encodeDoubles(TsOracle.floatEncoder(TSDataType.DOUBLE, digits), x));
            Ts2DiffDoubleWriter back = new Ts2DiffDoubleWriter(digits);
            back.writeDoubles(read, 0, read.length);
            byte[] page = back.toByteArray();
            Ts2DiffDoubleReader reader = new Ts2DiffDoubleReader();
            reader.init(read.length, page, 0, page.length);
            double[] got = new double[read.length];
            reader.readDoubles(got, 0, got.length);
            assertThat(ReaderChecks.rawBits(got)).as("%d digits", digits).isEqualTo(ReaderChecks.rawBits(read));
        }
    }

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
