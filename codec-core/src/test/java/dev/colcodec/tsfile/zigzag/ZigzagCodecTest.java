package dev.colcodec.tsfile.zigzag;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
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

class ZigzagCodecTest {
    static ValuesReader reader(TsNumericType type) {
        return type == TsNumericType.INT32 ? new ZigzagIntReader() : new ZigzagLongReader();
    }

    static ValuesWriter writer(TsNumericType type) {
        return type == TsNumericType.INT32 ? new ZigzagIntWriter() : new ZigzagLongWriter();
    }

    @ParameterizedTest
    @EnumSource(names = {"INT32", "INT64"})
    void oracleEncodesWeDecode(TsNumericType type) {
        for (Shape shape : TsTestData.shapes(type, 21, v -> true)) {
            byte[] page = type.oracleEncode(TSEncoding.ZIGZAG, shape.values());
            NumericCodecChecks.assertDecodes(type, () -> reader(type), page, shape.values(), shape.values().length);
            ValuesReader r = reader(type);
            r.init(shape.values().length, page, 0, page.length);
            assertThat(r.endOffset()).isEqualTo(page.length);
        }
    }

    @ParameterizedTest
    @EnumSource(names = {"INT32", "INT64"})
    void weEncodeTheOraclesBytesAndItDecodesThem(TsNumericType type) {
        ValuesWriter writer = writer(type);
        for (Shape shape : TsTestData.shapes(type, 22, v -> true)) {
            byte[] ours = NumericCodecChecks.encode(type, writer, shape.values(), 5);
            byte[] theirs = type.oracleEncode(TSEncoding.ZIGZAG, shape.values());
            assertThat(HexFormat.of().formatHex(ours))
                    .as("%s", shape)
                    .isEqualTo(HexFormat.of().formatHex(theirs));
            NumericCodecChecks.assertSameValues(
                    type, type.oracleDecode(TSEncoding.ZIGZAG, ours), shape.values(), "oracle decodes " + shape);
        }
    }

    @Test
    void referenceVectorAndEmptyPage() {
        byte[] page =
                NumericCodecChecks.encode(TsNumericType.INT64, new ZigzagLongWriter(), new long[] {1, -1, 300}, 1);
        assertThat(HexFormat.of().formatHex(page)).isEqualTo("0403020 1d804".replace(" ", ""));
        assertThat(NumericCodecChecks.encode(TsNumericType.INT32, new ZigzagIntWriter(), new long[0], 1))
                .isEmpty();
        ZigzagIntReader r = new ZigzagIntReader();
        r.init(ValuesReader.UNKNOWN_COUNT, new byte[0], 0, 0);
        assertThatThrownBy(r::readInteger).isInstanceOf(CorruptInputException.class);
    }

    @ParameterizedTest
    @EnumSource(names = {"INT32", "INT64"})
    void readsConcatenatedGroupsLikeTsFile(TsNumericType type) {
        long[] a = {5, -6, 7};
        long[] b = {Integer.MIN_VALUE, 0, 1, 2};
        byte[] pa = type.oracleEncode(TSEncoding.ZIGZAG, a);
        byte[] pb = type.oracleEncode(TSEncoding.ZIGZAG, b);
        byte[] page = new byte[pa.length + pb.length];
        System.arraycopy(pa, 0, page, 0, pa.length);
        System.arraycopy(pb, 0, page, pa.length, pb.length);
        long[] both = {5, -6, 7, Integer.MIN_VALUE, 0, 1, 2};
        NumericCodecChecks.assertSameValues(type, type.oracleDecode(TSEncoding.ZIGZAG, page), both, "oracle");
        NumericCodecChecks.assertDecodes(type, () -> reader(type), page, both, 3);
        ValuesReader r = reader(type);
        r.init(3, page, 0, page.length);
        assertThat(r.endOffset()).isEqualTo(pa.length);
        ValuesReader u = reader(type);
        u.init(ValuesReader.UNKNOWN_COUNT, page, 0, page.length);
        u.skip(7);
        assertThatThrownBy(() -> u.skip(1)).isInstanceOf(CorruptInputException.class);
    }

    @Test
    void int32RejectsVarintsWiderThan32Bits() {
        // group of 6 bytes, 1 value: a 6-byte varint
        byte[] page = {6, 1, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 1};
        ZigzagIntReader r = new ZigzagIntReader();
        r.init(1, page, 0, page.length);
        assertThatThrownBy(r::readInteger).isInstanceOf(CorruptInputException.class);
        // 5 bytes but 33 bits
        byte[] wide = {5, 1, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x1f};
        r.init(1, wide, 0, wide.length);
        assertThatThrownBy(r::readInteger).isInstanceOf(CorruptInputException.class);
    }

    @ParameterizedTest
    @EnumSource(names = {"INT32", "INT64"})
    void corruptInputGivesOnlyCorruptInputException(TsNumericType type) {
        List<Page> pages = new ArrayList<>();
        for (int size : new int[] {1, 5, 40}) {
            for (Shape shape : TsTestData.shapesOfSize(type, size, size)) {
                pages.add(new Page(type.oracleEncode(TSEncoding.ZIGZAG, shape.values()), shape.values().length));
            }
        }
        NumericCodecChecks.fuzz(type, () -> reader(type), pages, 7 + type.ordinal(), 12_000);
    }
}
