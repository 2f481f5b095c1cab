package dev.colcodec.tsfile.chimp;

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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ChimpCodecTest {
    static ValuesReader reader(TsNumericType type) {
        switch (type) {
            case INT32:
                return new ChimpIntReader();
            case INT64:
                return new ChimpLongReader();
            case FLOAT:
                return new ChimpFloatReader();
            default:
                return new ChimpDoubleReader();
        }
    }

    static ValuesWriter writer(TsNumericType type) {
        switch (type) {
            case INT32:
                return new ChimpIntWriter();
            case INT64:
                return new ChimpLongWriter();
            case FLOAT:
                return new ChimpFloatWriter();
            default:
                return new ChimpDoubleWriter();
        }
    }

    static long sentinel(TsNumericType type) {
        switch (type) {
            case INT32:
                return Integer.MIN_VALUE;
            case INT64:
                return Long.MIN_VALUE;
            case FLOAT:
                return 0x7fc0_0000L;
            default:
                return 0x7ff8_0000_0000_0000L;
        }
    }

    /** Every shape except values equal to the end marker, which the oracle cannot read back. */
    static List<Shape> shapes(TsNumericType type) {
        long sentinel = type.norm(sentinel(type));
        return TsTestData.shapes(type, 11, v -> type.norm(v) != sentinel);
    }

    @ParameterizedTest
    @EnumSource(TsNumericType.class)
    void oracleEncodesWeDecode(TsNumericType type) {
        for (Shape shape : shapes(type)) {
            byte[] page = type.oracleEncode(TSEncoding.CHIMP, shape.values());
            NumericCodecChecks.assertDecodes(type, () -> reader(type), page, shape.values(), shape.values().length);
            if (shape.values().length > 0) { // see emptyPageIsTheMarkerAndATrailingByte
                ValuesReader r = reader(type);
                r.init(ValuesReader.UNKNOWN_COUNT, page, 0, page.length);
                assertThat(r.endOffset()).as("%s end", shape).isEqualTo(page.length);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(TsNumericType.class)
    void weEncodeTheOraclesBytesAndItDecodesThem(TsNumericType type) {
        ValuesWriter writer = writer(type);
        for (Shape shape : shapes(type)) {
            byte[] ours = NumericCodecChecks.encode(type, writer, shape.values(), 5);
            byte[] theirs = type.oracleEncode(TSEncoding.CHIMP, shape.values());
            assertThat(HexFormat.of().formatHex(ours))
                    .as("%s", shape)
                    .isEqualTo(HexFormat.of().formatHex(theirs));
            if (shape.values().length > 0) { // see emptyPageIsTheMarkerAndATrailingByte
                NumericCodecChecks.assertSameValues(
                        type, type.oracleDecode(TSEncoding.CHIMP, ours), shape.values(), "oracle decodes " + shape);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(TsNumericType.class)
    void unknownCountStopsAtTheEndMarkerLikeTsFile(TsNumericType type) {
        long[] values = TsTestData.xorshift(300, 7);
        for (int i = 0; i < values.length; i++) {
            values[i] = type.norm(values[i] == sentinel(type) ? 1 : values[i]);
        }
        byte[] page = type.oracleEncode(TSEncoding.CHIMP, values);
        ValuesReader r = reader(type);
        r.init(ValuesReader.UNKNOWN_COUNT, page, 0, page.length);
        long[] got = new long[300];
        type.read(r, got, 0, 300);
        NumericCodecChecks.assertSameValues(type, got, values, "unknown count");
        assertThatThrownBy(() -> type.readOne(r))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("ended");
        assertThat(r.endOffset()).isEqualTo(page.length);
    }

    @ParameterizedTest
    @EnumSource(TsNumericType.class)
    void valuesEqualToTheEndMarkerRoundTripByCountButTsFileTruncatesThem(TsNumericType type) {
        long s = type.norm(sentinel(type));
        long[] values = {1, s, 2, s, s, 3};
        for (int i = 0; i < values.length; i++) {
            values[i] = type.norm(values[i]);
        }
        byte[] ours = NumericCodecChecks.encode(type, writer(type), values, 1);
        assertThat(ours).isEqualTo(type.oracleEncode(TSEncoding.CHIMP, values));
        NumericCodecChecks.assertDecodes(type, () -> reader(type), ours, values, 3);

        // tsfile 2.4.0 stops at the first value equal to the marker ...
        NumericCodecChecks.assertSameValues(
                type, type.oracleDecode(TSEncoding.CHIMP, ours), new long[] {values[0]}, "oracle");
        // ... and so does our reader when it is not told the count
        ValuesReader r = reader(type);
        r.init(ValuesReader.UNKNOWN_COUNT, ours, 0, ours.length);
        assertThat(type.readOne(r)).isEqualTo(values[0]);
        assertThatThrownBy(() -> type.readOne(r)).isInstanceOf(CorruptInputException.class);

        // a page that starts with the marker value
        long[] first = {s, s, 4};
        byte[] page = NumericCodecChecks.encode(type, writer(type), first, 2);
        NumericCodecChecks.assertDecodes(type, () -> reader(type), page, first, 4);
    }

    /** A page whose last value equals the end marker: the marker then refers back to it, and still ends the page. */
    @ParameterizedTest
    @EnumSource(TsNumericType.class)
    void aLastValueEqualToTheEndMarker(TsNumericType type) {
        NumericCodecChecks.assertLastValueEqualToTheEndMarker(
                type, () -> writer(type), () -> reader(type), TSEncoding.CHIMP, sentinel(type));
    }

    /**
     * A page whose first value equals the end marker, read without its count: TsFile returns that value,
     * stored whole, and stops only at a later marker; so does this reader.
     */
    @ParameterizedTest
    @EnumSource(TsNumericType.class)
    void aFirstValueEqualToTheEndMarkerWithoutTheCount(TsNumericType type) {
        NumericCodecChecks.assertFirstValueEqualToTheEndMarkerReadsAsTsFileReadsIt(
                type, () -> writer(type), () -> reader(type), TSEncoding.CHIMP, sentinel(type));
    }

    @ParameterizedTest
    @EnumSource(TsNumericType.class)
    void emptyPageIsTheMarkerAndATrailingByte(TsNumericType type) {
        byte[] page = NumericCodecChecks.encode(type, writer(type), new long[0], 1);
        assertThat(page).isEqualTo(type.oracleEncode(TSEncoding.CHIMP, new long[0]));
        assertThat(page).hasSize(type.is32Bit() ? 5 : 9);
        // tsfile 2.4.0's hasNext() is true before the first read; its decoder then reads past the page
        assertThatThrownBy(() -> type.oracleDecode(TSEncoding.CHIMP, page))
                .isInstanceOf(java.nio.BufferUnderflowException.class);
        ValuesReader r = reader(type);
        r.init(0, page, 0, page.length);
        assertThat(r.endOffset()).isEqualTo(page.length);
        assertThatThrownBy(() -> type.readOne(r)).isInstanceOf(CorruptInputException.class);
        // without the count the first value, stored whole, is a value (as in tsfile); the page then ends
        // before a marker, where tsfile's decoder reads past it
        ValuesReader u = reader(type);
        u.init(ValuesReader.UNKNOWN_COUNT, page, 0, page.length);
        assertThat(type.norm(type.readOne(u))).isEqualTo(type.norm(sentinel(type)));
        assertThatThrownBy(() -> u.skip(1)).isInstanceOf(CorruptInputException.class);
    }

    @ParameterizedTest
    @EnumSource(TsNumericType.class)
    void referenceVector(TsNumericType type) {
        if (type == TsNumericType.INT64) {
            // produced by tsfile 2.4.0
            byte[] page = NumericCodecChecks.encode(type, writer(type), new long[] {5, 5, 7, 100, 5}, 1);
            assertThat(HexFormat.of().formatHex(page))
                    .isEqualTo("0000000000000005007c000000000a0000000063" + "00e2000000000000001" + "4");
        }
        // the end offset is exact when the page is followed by other bytes
        long[] values = {10, 20, 20, 30};
        byte[] page = NumericCodecChecks.encode(type, writer(type), values, 1);
        byte[] framed = NumericCodecChecks.frame(page);
        ValuesReader r = reader(type);
        r.init(4, framed, NumericCodecChecks.framedOffset(), framed.length - NumericCodecChecks.framedOffset());
        type.readOne(r);
        assertThat(r.endOffset()).isEqualTo(NumericCodecChecks.framedOffset() + page.length);
        assertThat(type.readOne(r)).isEqualTo(type.norm(20));
    }

    @ParameterizedTest
    @EnumSource(TsNumericType.class)
    void resetWriterGivesAFreshWritersBytes(TsNumericType type) {
        // every page reuses the previous pages' low bits (key-table collisions across pages and
        // between different values): what an earlier page left in the table must not be seen
        ValuesWriter reused = writer(type);
        long[] pool = TsTestData.xorshift(30, 11);
        java.util.SplittableRandom r = new java.util.SplittableRandom(12);
        for (int page = 0; page < 6; page++) {
            long[] values = new long[r.nextInt(1, 600)];
            for (int i = 0; i < values.length; i++) {
                long high = (long) r.nextInt(3) << (type.is32Bit() ? 20 : 40);
                values[i] = type.norm(pool[r.nextInt(pool.length)] ^ high);
                if (values[i] == type.norm(sentinel(type))) {
                    values[i] = 1;
                }
            }
            byte[] again = NumericCodecChecks.encode(type, reused, values, page);
            byte[] fresh = NumericCodecChecks.encode(type, writer(type), values, page);
            assertThat(again).as("page %d", page).isEqualTo(fresh);
            assertThat(again).as("page %d", page).isEqualTo(type.oracleEncode(TSEncoding.CHIMP, values));
        }
    }

    @ParameterizedTest
    @EnumSource(TsNumericType.class)
    void refersBackToEarlierValuesWithTheSameLowBits(TsNumericType type) {
        // values recurring within the window exercise the '00' and '01' codes
        long[] values = new long[3000];
        long[] pool = TsTestData.xorshift(40, 3);
        java.util.SplittableRandom r = new java.util.SplittableRandom(4);
        for (int i = 0; i < values.length; i++) {
            long base = type.norm(pool[r.nextInt(pool.length)]);
            values[i] =
                    type.norm(r.nextBoolean() ? base : base ^ ((long) r.nextInt(1, 4) << (type.is32Bit() ? 28 : 60)));
            if (values[i] == type.norm(sentinel(type))) {
                values[i] = 0;
            }
        }
        byte[] ours = NumericCodecChecks.encode(type, writer(type), values, 9);
        assertThat(ours).isEqualTo(type.oracleEncode(TSEncoding.CHIMP, values));
        NumericCodecChecks.assertDecodes(type, () -> reader(type), ours, values, 10);
    }

    @ParameterizedTest
    @EnumSource(TsNumericType.class)
    void nearRepeatsOfEveryWidthGiveTheOraclesBytes(TsNumericType type) {
        // values sharing their key bits with a value in the window and differing from it anywhere
        // above them: '01' fields of every length (some wider than one store), mixed with repeats
        int keyBits = type.is32Bit() ? 12 : 14;
        int width = type.is32Bit() ? 32 : 64;
        long[] pool = TsTestData.xorshift(20, 5);
        java.util.SplittableRandom r = new java.util.SplittableRandom(6);
        long[] values = new long[4000];
        for (int i = 0; i < values.length; i++) {
            long v = pool[r.nextInt(pool.length)];
            if (r.nextInt(3) != 0) {
                int top = r.nextInt(keyBits, width);
                int low = r.nextInt(keyBits, top + 1);
                long between = r.nextLong() & (-1L >>> (63 - top)) & (-1L << low);
                v ^= (1L << top) | (1L << low) | between;
            }
            values[i] = type.norm(v) == type.norm(sentinel(type)) ? 0 : type.norm(v);
        }
        for (int seed = 0; seed < 3; seed++) {
            byte[] ours = NumericCodecChecks.encode(type, writer(type), values, seed);
            assertThat(ours).as("seed %d", seed).isEqualTo(type.oracleEncode(TSEncoding.CHIMP, values));
        }
        NumericCodecChecks.assertDecodes(
                type, () -> reader(type), type.oracleEncode(TSEncoding.CHIMP, values), values, values.length);
    }

    @ParameterizedTest
    @EnumSource(TsNumericType.class)
    void sensorWalkPagesGiveTheOraclesBytes(TsNumericType type) {
        // the benchmarks' data in pages of several sizes, one reused writer
        NumericCodecChecks.sensorWalkPagesGiveTheOraclesBytes(type, writer(type), TSEncoding.CHIMP);
    }

    @org.junit.jupiter.api.Test
    void millionsOfPagesOnOneWriterKeepGivingTheOraclesBytes() {
        // every reset moves the writer's key base instead of clearing its table, and after about
        // 2^22 one-value pages the base is put back and the table cleared: pages around that point
        // (and before it) must still be tsfile's, with keys that earlier pages left in the table
        long[] values = TsTestData.sensorWalk(TsNumericType.DOUBLE, 300, 9);
        double[] page = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            page[i] = Double.longBitsToDouble(values[i]);
        }
        byte[] expected = TsNumericType.DOUBLE.oracleEncode(TSEncoding.CHIMP, values);
        ChimpDoubleWriter writer = new ChimpDoubleWriter();
        int checked = 0;
        for (int k = 0; k < 4_300_000; k++) {
            writer.reset();
            if (k % 100_000 == 0 || (k >= 4_150_000 && k < 4_250_000 && k % 7 == 0)) {
                writer.writeDoubles(page, 0, page.length);
                byte[] ours = writer.toByteArray();
                if (!java.util.Arrays.equals(ours, expected)) {
                    assertThat(ours).as("page %d", k).isEqualTo(expected);
                }
                checked++;
            } else {
                // one value whose key is another one of the table's each time
                writer.writeDouble(Double.longBitsToDouble(0x4034_0000_0000_0000L | (k & 0x3fff)));
                writer.toByteArray();
            }
        }
        assertThat(checked).isGreaterThan(14_000);
    }

    @ParameterizedTest
    @EnumSource(TsNumericType.class)
    void corruptInputGivesOnlyCorruptInputException(TsNumericType type) {
        List<Page> pages = new ArrayList<>();
        for (Shape shape : TsTestData.shapesOfSize(type, 40, 3)) {
            pages.add(new Page(type.oracleEncode(TSEncoding.CHIMP, shape.values()), shape.values().length));
        }
        for (Shape shape : TsTestData.shapesOfSize(type, 5, 4)) {
            pages.add(new Page(type.oracleEncode(TSEncoding.CHIMP, shape.values()), shape.values().length));
        }
        NumericCodecChecks.fuzz(type, () -> reader(type), pages, 99 + type.ordinal(), 12_000);
    }
}
