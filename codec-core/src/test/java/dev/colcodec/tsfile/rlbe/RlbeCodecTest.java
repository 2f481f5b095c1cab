package dev.colcodec.tsfile.rlbe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.tsfile.NumericCodecChecks;
import dev.colcodec.tsfile.NumericCodecChecks.Page;
import dev.colcodec.tsfile.TsNumericType;
import dev.colcodec.tsfile.TsTestData;
import dev.colcodec.tsfile.TsTestData.Shape;
import dev.colcodec.values.ValuesReader;
import dev.colcodec.values.ValuesWriter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RlbeCodecTest {
    static ValuesReader reader(TsNumericType type) {
        switch (type) {
            case INT32:
                return new RlbeIntReader();
            case INT64:
                return new RlbeLongReader();
            case FLOAT:
                return new RlbeFloatReader();
            default:
                return new RlbeDoubleReader();
        }
    }

    static ValuesWriter writer(TsNumericType type) {
        switch (type) {
            case INT32:
                return new RlbeIntWriter();
            case INT64:
                return new RlbeLongWriter();
            case FLOAT:
                return new RlbeFloatWriter();
            default:
                return new RlbeDoubleWriter();
        }
    }

    /**
     * The shapes, without the large pages of noisy data: tsfile 2.4.0's RLBE encoder allocates 160 KB
     * per run of equal bit lengths, so it takes seconds on 10,000 noisy values. Block boundaries are
     * still covered by the large smooth pages.
     */
    static List<Shape> shapes(TsNumericType type, long seed) {
        List<String> smooth = List.of("constant", "zeros", "runs", "timestamps", "ramp");
        return TsTestData.shapes(type, seed, v -> true).stream()
                .filter(s -> s.values().length <= 1000 || smooth.contains(s.name()))
                .toList();
    }

    @ParameterizedTest
    @EnumSource(TsNumericType.class)
    void oracleEncodesWeDecode(TsNumericType type) {
        for (Shape shape : shapes(type, 41)) {
            long[] v = shape.values();
            byte[] page = type.oracleEncode(TSEncoding.RLBE, v);
            NumericCodecChecks.assertDecodes(type, () -> reader(type), page, v, v.length);
            ValuesReader r = reader(type);
            r.init(v.length, page, 0, page.length);
            assertThat(r.endOffset()).as("%s", shape).isEqualTo(page.length);
        }
    }

    @ParameterizedTest
    @EnumSource(TsNumericType.class)
    void weEncodeTheOraclesBytesAndItDecodesThem(TsNumericType type) {
        ValuesWriter writer = writer(type);
        for (Shape shape : shapes(type, 42)) {
            long[] v = shape.values();
            byte[] ours = NumericCodecChecks.encode(type, writer, v, 5);
            byte[] theirs = type.oracleEncode(TSEncoding.RLBE, v);
            assertThat(HexFormat.of().formatHex(ours))
                    .as("%s", shape)
                    .isEqualTo(HexFormat.of().formatHex(theirs));
            NumericCodecChecks.assertSameValues(type, type.oracleDecode(TSEncoding.RLBE, ours), v, "oracle " + shape);
        }
    }

    @Test
    void referenceVectors() {
        // produced by tsfile 2.4.0: count 4; segment of width 4 (7 bits), run 1 ("11"), 1010; ...
        byte[] page =
                NumericCodecChecks.encode(TsNumericType.INT64, new RlbeLongWriter(), new long[] {10, 11, 13, 14}, 1);
        assertThat(HexFormat.of().formatHex(page)).isEqualTo("0000000409d01e0b80f0");
        // negative differences are stored at full width with the top bit written as 0
        page = NumericCodecChecks.encode(TsNumericType.INT64, new RlbeLongWriter(), new long[] {10, 5, 3, 8}, 1);
        assertThat(HexFormat.of().formatHex(page)).isEqualTo("0000000409d406fffffffffffffff6fffffffffffffffc0fa0");
    }

    @Test
    void fibonacciCodes() {
        // run lengths 1..5: 11, 011, 0011, 1011, 00011
        String[] expected = {"11", "011", "0011", "1011", "00011"};
        for (int run = 1; run <= 5; run++) {
            int top = RlbeStreamWriter.largestFibonacciIndex(run);
            String bits = Long.toBinaryString(RlbeStreamWriter.fibonacciCode(run, top));
            bits = "0".repeat(top + 2 - bits.length()) + bits;
            assertThat(bits).as("run %s", run).isEqualTo(expected[run - 1]);
        }
    }

    @ParameterizedTest
    @EnumSource(TsNumericType.class)
    void corruptInputGivesOnlyCorruptInputException(TsNumericType type) {
        List<Page> pages = new ArrayList<>();
        for (int size : new int[] {1, 6, 30, 70}) {
            for (Shape shape : TsTestData.shapesOfSize(type, size, size)) {
                pages.add(new Page(type.oracleEncode(TSEncoding.RLBE, shape.values()), shape.values().length));
            }
        }
        NumericCodecChecks.fuzz(type, () -> reader(type), pages, 27 + type.ordinal(), 12_000);
    }
}
