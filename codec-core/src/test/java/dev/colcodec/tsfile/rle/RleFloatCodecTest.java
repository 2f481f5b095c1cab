package dev.colcodec.tsfile.rle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.io.ByteCursor;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.tsfile.ReaderChecks;
import dev.colcodec.tsfile.TsData;
import dev.colcodec.tsfile.TsData.DoubleShape;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import dev.colcodec.tsfile.TsFileValues;
import dev.colcodec.tsfile.TsOracle;
import dev.colcodec.tsfile.WriteSteps;
import java.util.Arrays;
import java.util.stream.Stream;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The lossy FLOAT/DOUBLE pages TsFile writes under RLE ({@code FloatEncoder(RLE, ...)} around its
 * {@code IntRleEncoder}/{@code LongRleEncoder}), against tsfile 2.4.0 in both directions: our bytes are
 * identical to TsFile's, TsFile decodes them to what it decodes its own page to, and our reader
 * returns exactly what TsFile's decoder returns (compared by raw bits).
 */
class RleFloatCodecTest {
    private static final long SEED = 4_2024L;
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
        checkDoubles(TsData.doubles(shape, n, SEED), maxPointNumber);
    }

    @ParameterizedTest
    @MethodSource("cases")
    void floats(DoubleShape shape, int n, int maxPointNumber) {
        checkFloats(TsData.floats(shape, n, SEED), maxPointNumber);
    }

    /** Long runs of a few repeated values: RLE runs (not only bit-packed groups) inside the wrapper. */
    @Test
    void repeatedValuesBecomeRleRuns() {
        double[] d = new double[1000];
        for (int i = 0; i < d.length; i++) {
            d[i] = (i / 100) % 3 == 0 ? 21.5 : (i / 100) % 3 == 1 ? -3.25 : 1e300;
        }
        checkDoubles(d, 2);
        float[] f = new float[1000];
        for (int i = 0; i < f.length; i++) {
            f[i] = (i / 37) % 2 == 0 ? 7.75f : Float.NaN;
        }
        checkFloats(f, 2);
    }

    /** TsFileValues gives the RLE float pair with TsFile's default precision (its RLE builder's). */
    @Test
    void factoryWritesWhatTsFilesRleBuilderWrites() {
        double[] d = TsData.doubles(DoubleShape.SENSOR, 500, SEED);
        var w = (RleDoubleWriter) TsFileValues.newWriter(TsEncoding.RLE, TsDataType.DOUBLE, KernelProvider.scalar());
        w.writeDoubles(d, 0, d.length);
        byte[] oracle = TsOracle.encodeDoubles(TsOracle.encoder(TSEncoding.RLE, TSDataType.DOUBLE), d);
        assertThat(w.toByteArray()).isEqualTo(oracle);
        float[] f = TsData.floats(DoubleShape.SENSOR, 500, SEED);
        var fw = (RleFloatWriter) TsFileValues.newWriter(TsEncoding.RLE, TsDataType.FLOAT, KernelProvider.scalar());
        fw.writeFloats(f, 0, f.length);
        byte[] foracle = TsOracle.encodeFloats(TsOracle.encoder(TSEncoding.RLE, TSDataType.FLOAT), f);
        assertThat(fw.toByteArray()).isEqualTo(foracle);
    }

    /** All three header forms of the wrapper occur with RLE streams too. */
    @Test
    void allThreeHeaderFormsAreCovered() {
        assertThat(form(new double[] {1.5, 2.25, 2.25})).isEqualTo(2);
        assertThat(form(new double[] {1.5, 9.3e17, 2.25})).isEqualTo(0x7FFFFFFF);
        assertThat(form(new double[] {1.5, Double.NaN, 2.25})).isEqualTo(0x7FFFFFFE);
    }

    private static int form(double[] v) {
        checkDoubles(v, 2);
        RleDoubleWriter w = new RleDoubleWriter(2);
        w.writeDoubles(v, 0, v.length);
        byte[] ours = w.toByteArray();
        return new ByteCursor(ours, 0, ours.length).readUnsignedVarInt("form");
    }

    private static void checkDoubles(double[] v, int maxPointNumber) {
        int n = v.length;
        byte[] oracle =
                TsOracle.encodeDoubles(TsOracle.floatEncoder(TSEncoding.RLE, TSDataType.DOUBLE, maxPointNumber), v);
        RleDoubleWriter w = new RleDoubleWriter(maxPointNumber);
        WriteSteps.mixed(n, SEED, i -> w.writeDouble(v[i]), (i, k) -> w.writeDoubles(v, i, k));
        assertThat(w.valueCount()).isEqualTo(n);
        byte[] ours = w.toByteArray();
        assertThat(ours).isEqualTo(oracle);
        if (n == 0) {
            ReaderChecks.checkAll(ReaderChecks.doubles(new RleDoubleReader(), new double[0]), oracle, SEED);
            return;
        }
        double[] expected = TsOracle.decodeDoubles(TsOracle.decoder(TSEncoding.RLE, TSDataType.DOUBLE), oracle);
        assertThat(expected).hasSize(n);
        ReaderChecks.checkAll(ReaderChecks.doubles(new RleDoubleReader(), expected), oracle, SEED);
    }

    private static void checkFloats(float[] v, int maxPointNumber) {
        int n = v.length;
        byte[] oracle =
                TsOracle.encodeFloats(TsOracle.floatEncoder(TSEncoding.RLE, TSDataType.FLOAT, maxPointNumber), v);
        RleFloatWriter w = new RleFloatWriter(maxPointNumber);
        WriteSteps.mixed(n, SEED, i -> w.writeFloat(v[i]), (i, k) -> w.writeFloats(v, i, k));
        assertThat(w.valueCount()).isEqualTo(n);
        byte[] ours = w.toByteArray();
        assertThat(ours).isEqualTo(oracle);
        if (n == 0) {
            ReaderChecks.checkAll(ReaderChecks.floats(new RleFloatReader(), new float[0]), oracle, SEED);
            return;
        }
        float[] expected = TsOracle.decodeFloats(TsOracle.decoder(TSEncoding.RLE, TSDataType.FLOAT), oracle);
        assertThat(expected).hasSize(n);
        ReaderChecks.checkAll(ReaderChecks.floats(new RleFloatReader(), expected), oracle, SEED);
    }
}
