package dev.colcodec.tsfile.gorillav1;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.tsfile.CorruptInputs;
import dev.colcodec.tsfile.CorruptInputs.Page;
import dev.colcodec.tsfile.NumericCodecChecks;
import dev.colcodec.tsfile.ReaderChecks;
import dev.colcodec.tsfile.TsData;
import dev.colcodec.tsfile.TsData.DoubleShape;
import dev.colcodec.tsfile.TsNumericType;
import dev.colcodec.tsfile.TsOracle;
import dev.colcodec.tsfile.WriteSteps;
import dev.colcodec.values.ValuesReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * TsFile's legacy GORILLA_V1 (FLOAT, DOUBLE) against tsfile 2.4.0's {@code Single/DoublePrecisionEncoderV1}
 * and decoders in both directions: our bytes are identical to TsFile's, TsFile decodes our pages, and
 * our readers decode TsFile's pages (by count, so NaNs inside the data are read too, where TsFile's
 * decoder stops), plus {@value CorruptInputs#INPUTS} damaged pages per reader.
 */
class GorillaV1CodecTest {
    private static final long SEED = 6_2006L;

    static Stream<Arguments> cases() {
        return Arrays.stream(DoubleShape.values())
                .flatMap(s -> Arrays.stream(TsData.SIZES).mapToObj(n -> Arguments.of(s, n)));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void doubles(DoubleShape shape, int n) {
        double[] v = TsData.doubles(shape, n, SEED);
        byte[] oracle = TsOracle.encodeDoubles(TsOracle.encoder(TSEncoding.GORILLA_V1, TSDataType.DOUBLE), v);
        GorillaV1DoubleWriter w = new GorillaV1DoubleWriter();
        WriteSteps.mixed(n, SEED, i -> w.writeDouble(v[i]), (i, k) -> w.writeDoubles(v, i, k));
        assertThat(w.valueCount()).isEqualTo(n);
        byte[] ours = w.toByteArray();
        assertThat(ours).isEqualTo(oracle);
        double[] canonical = Arrays.stream(v)
                .map(d -> Double.longBitsToDouble(Double.doubleToLongBits(d)))
                .toArray();
        boolean hasNaN = Arrays.stream(v).anyMatch(Double::isNaN);
        // tsfile's V1 decoder never ends on an empty page (the marker as first value does not set isEnd)
        if (!hasNaN && n > 0) {
            double[] tsfile = TsOracle.decodeDoubles(TsOracle.decoder(TSEncoding.GORILLA_V1, TSDataType.DOUBLE), ours);
            assertThat(ReaderChecks.rawBits(tsfile)).isEqualTo(ReaderChecks.rawBits(canonical));
            ReaderChecks.checkAll(ReaderChecks.doubles(new GorillaV1DoubleReader(), canonical), oracle, SEED);
        } else {
            GorillaV1DoubleReader r = new GorillaV1DoubleReader();
            r.init(n, oracle, 0, oracle.length);
            assertThat(r.endOffset()).isEqualTo(oracle.length);
            double[] got = new double[n];
            r.readDoubles(got, 0, n);
            assertThat(ReaderChecks.rawBits(got)).isEqualTo(ReaderChecks.rawBits(canonical));
        }
    }

    @ParameterizedTest
    @MethodSource("cases")
    void floats(DoubleShape shape, int n) {
        float[] v = TsData.floats(shape, n, SEED);
        byte[] oracle = TsOracle.encodeFloats(TsOracle.encoder(TSEncoding.GORILLA_V1, TSDataType.FLOAT), v);
        GorillaV1FloatWriter w = new GorillaV1FloatWriter();
        WriteSteps.mixed(n, SEED, i -> w.writeFloat(v[i]), (i, k) -> w.writeFloats(v, i, k));
        assertThat(w.valueCount()).isEqualTo(n);
        byte[] ours = w.toByteArray();
        assertThat(ours).isEqualTo(oracle);
        float[] canonical = new float[n];
        boolean hasNaN = false;
        for (int i = 0; i < n; i++) {
            canonical[i] = Float.intBitsToFloat(Float.floatToIntBits(v[i]));
            hasNaN |= Float.isNaN(v[i]);
        }
        if (!hasNaN && n > 0) {
            float[] tsfile = TsOracle.decodeFloats(TsOracle.decoder(TSEncoding.GORILLA_V1, TSDataType.FLOAT), ours);
            assertThat(ReaderChecks.rawBits(tsfile)).isEqualTo(ReaderChecks.rawBits(canonical));
            ReaderChecks.checkAll(ReaderChecks.floats(new GorillaV1FloatReader(), canonical), oracle, SEED);
        } else {
            GorillaV1FloatReader r = new GorillaV1FloatReader();
            r.init(n, oracle, 0, oracle.length);
            assertThat(r.endOffset()).isEqualTo(oracle.length);
            float[] got = new float[n];
            r.readFloats(got, 0, n);
            assertThat(ReaderChecks.rawBits(got)).isEqualTo(ReaderChecks.rawBits(canonical));
        }
    }

    /**
     * A page whose first value is NaN, read without its count: TsFile stores the first value whole and
     * returns it whatever it is, then reads on to the end marker; so does this reader. A page of no values
     * (the marker alone, as the first value) reads as empty, a page of one NaN as that value.
     */
    @ParameterizedTest
    @EnumSource(
            value = TsNumericType.class,
            names = {"FLOAT", "DOUBLE"})
    void aFirstValueOfNaNWithoutTheCount(TsNumericType type) {
        long nan = type == TsNumericType.FLOAT ? Float.floatToIntBits(Float.NaN) : Double.doubleToLongBits(Double.NaN);
        long one = type == TsNumericType.FLOAT ? Float.floatToIntBits(1.5f) : Double.doubleToLongBits(1.5);
        long two = type == TsNumericType.FLOAT ? Float.floatToIntBits(-2.25f) : Double.doubleToLongBits(-2.25);
        long[][] pages = {{nan}, {nan, one}, {nan, one, two}, {nan, one, one, two, one}};
        for (long[] values : pages) {
            byte[] page = NumericCodecChecks.encode(type, writer(type), values, 2);
            assertThat(page).isEqualTo(type.oracleEncode(TSEncoding.GORILLA_V1, values));
            if (values.length > 1) {
                // tsfile reads its page back whole (a page of one NaN it reads as NaNs without end: the end
                // marker repeats it, a '0' bit, and that form skips tsfile's end check)
                assertThat(type.oracleDecode(TSEncoding.GORILLA_V1, page)).isEqualTo(values);
            }
            ValuesReader r = reader(type);
            r.init(ValuesReader.UNKNOWN_COUNT, page, 0, page.length);
            for (int i = 0; i < values.length; i++) {
                assertThat(type.readOne(r))
                        .as("value %d of %s", i, Arrays.toString(values))
                        .isEqualTo(values[i]);
            }
            assertThatThrownBy(() -> type.readOne(r)).isInstanceOf(CorruptInputException.class);
            ValuesReader ends = reader(type);
            ends.init(ValuesReader.UNKNOWN_COUNT, page, 0, page.length);
            assertThat(ends.endOffset()).isEqualTo(page.length);
        }
        byte[] empty = NumericCodecChecks.encode(type, writer(type), new long[0], 1);
        assertThat(empty).hasSize(type == TsNumericType.FLOAT ? 4 : 8);
        ValuesReader r = reader(type);
        r.init(ValuesReader.UNKNOWN_COUNT, empty, 0, empty.length);
        assertThat(r.endOffset()).isEqualTo(empty.length);
        assertThatThrownBy(() -> type.readOne(r)).isInstanceOf(CorruptInputException.class);
    }

    private static dev.colcodec.values.ValuesWriter writer(TsNumericType type) {
        return type == TsNumericType.FLOAT ? new GorillaV1FloatWriter() : new GorillaV1DoubleWriter();
    }

    private static ValuesReader reader(TsNumericType type) {
        return type == TsNumericType.FLOAT ? new GorillaV1FloatReader() : new GorillaV1DoubleReader();
    }

    /** The layout: little-endian first value, then '0', '10' and '11' values and the NaN end marker. */
    @Test
    void knownBytes() {
        GorillaV1FloatWriter w = new GorillaV1FloatWriter();
        w.writeFloats(new float[] {1.0f, 1.0f, 1.5f}, 0, 3);
        byte[] ours = w.toByteArray();
        assertThat(ours)
                .isEqualTo(TsOracle.encodeFloats(
                        TsOracle.encoder(TSEncoding.GORILLA_V1, TSDataType.FLOAT), new float[] {1.0f, 1.0f, 1.5f}));
        // 1.0f = 0x3f800000 little-endian
        assertThat(HexFormat.of().formatHex(ours, 0, 4)).isEqualTo("0000803f");
        assertThat(new GorillaV1FloatWriter().toByteArray()).isEqualTo(new byte[] {0, 0, (byte) 0xc0, 0x7f});
    }

    @Test
    void corruptDoublePages() {
        List<Page> pages = new ArrayList<>();
        for (DoubleShape s : DoubleShape.values()) {
            for (int n : new int[] {0, 1, 2, 9, 40, 130, 300}) {
                double[] v = TsData.doubles(s, n, 7);
                pages.add(new Page(
                        TsOracle.encodeDoubles(TsOracle.encoder(TSEncoding.GORILLA_V1, TSDataType.DOUBLE), v), n));
            }
        }
        CorruptInputs.run(pages, CorruptInputs.doubles(new GorillaV1DoubleReader()), 61);
    }

    @Test
    void corruptFloatPages() {
        List<Page> pages = new ArrayList<>();
        for (DoubleShape s : DoubleShape.values()) {
            for (int n : new int[] {0, 1, 2, 9, 40, 130, 300}) {
                float[] v = TsData.floats(s, n, 8);
                pages.add(new Page(
                        TsOracle.encodeFloats(TsOracle.encoder(TSEncoding.GORILLA_V1, TSDataType.FLOAT), v), n));
            }
        }
        CorruptInputs.run(pages, CorruptInputs.floats(new GorillaV1FloatReader()), 62);
    }
}
