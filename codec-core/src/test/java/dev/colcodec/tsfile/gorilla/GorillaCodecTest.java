package dev.colcodec.tsfile.gorilla;

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

class GorillaCodecTest {
    static ValuesReader reader(TsNumericType type) {
        switch (type) {
            case INT32:
                return new GorillaIntReader();
            case INT64:
                return new GorillaLongReader();
            case FLOAT:
                return new GorillaFloatReader();
            default:
                return new GorillaDoubleReader();
        }
    }

    static ValuesWriter writer(TsNumericType type) {
        switch (type) {
            case INT32:
                return new GorillaIntWriter();
            case INT64:
                return new GorillaLongWriter();
            case FLOAT:
                return new GorillaFloatWriter();
            default:
                return new GorillaDoubleWriter();
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
            byte[] page = type.oracleEncode(TSEncoding.GORILLA, shape.values());
            NumericCodecChecks.assertDecodes(type, () -> reader(type), page, shape.values(), shape.values().length);
            ValuesReader r = reader(type);
            r.init(ValuesReader.UNKNOWN_COUNT, page, 0, page.length);
            assertThat(r.endOffset()).as("%s end", shape).isEqualTo(page.length);
        }
    }

    @ParameterizedTest
    @EnumSource(TsNumericType.class)
    void weEncodeTheOraclesBytesAndItDecodesThem(TsNumericType type) {
        ValuesWriter writer = writer(type);
        for (Shape shape : shapes(type)) {
            byte[] ours = NumericCodecChecks.encode(type, writer, shape.values(), 5);
            byte[] theirs = type.oracleEncode(TSEncoding.GORILLA, shape.values());
            assertThat(HexFormat.of().formatHex(ours))
                    .as("%s", shape)
                    .isEqualTo(HexFormat.of().formatHex(theirs));
            if (shape.values().length > 0) { // see emptyPageIsTheMarkerAndATrailingByte
                NumericCodecChecks.assertSameValues(
                        type, type.oracleDecode(TSEncoding.GORILLA, ours), shape.values(), "oracle decodes " + shape);
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
        byte[] page = type.oracleEncode(TSEncoding.GORILLA, values);
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
        assertThat(ours).isEqualTo(type.oracleEncode(TSEncoding.GORILLA, values));
        NumericCodecChecks.assertDecodes(type, () -> reader(type), ours, values, 3);

        // tsfile 2.4.0 stops at the first value equal to the marker ...
        NumericCodecChecks.assertSameValues(
                type, type.oracleDecode(TSEncoding.GORILLA, ours), new long[] {values[0]}, "oracle");
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

    /**
     * A page whose last value equals the end marker: the marker then repeats it, a single '0' bit, which
     * a reader told the count must still take for the marker (its end offset, and SPRINTZ's GORILLA tail,
     * depend on it).
     */
    @ParameterizedTest
    @EnumSource(TsNumericType.class)
    void aLastValueEqualToTheEndMarker(TsNumericType type) {
        NumericCodecChecks.assertLastValueEqualToTheEndMarker(
                type, () -> writer(type), () -> reader(type), TSEncoding.GORILLA, sentinel(type));
    }

    /**
     * A page whose first value equals the end marker, read without its count: TsFile returns that value,
     * stored whole, and stops only at a later marker; so does this reader.
     */
    @ParameterizedTest
    @EnumSource(TsNumericType.class)
    void aFirstValueEqualToTheEndMarkerWithoutTheCount(TsNumericType type) {
        NumericCodecChecks.assertFirstValueEqualToTheEndMarkerReadsAsTsFileReadsIt(
                type, () -> writer(type), () -> reader(type), TSEncoding.GORILLA, sentinel(type));
    }

    /**
     * Runs of XORs with a fixed window (significant-bit counts around the writer's limits for
     * appending several '10' fields at once, zero XORs in between) and window changes at every
     * position of a group: the bytes stay tsfile's.
     */
    @ParameterizedTest
    @EnumSource(TsNumericType.class)
    void groupedWindowFieldsGiveTheOraclesBytes(TsNumericType type) {
        // XORs stay below the sign bit (never the end marker) and, for FLOAT and DOUBLE, inside
        // the mantissa of 1.5 (never a NaN)
        int maxBits = type == TsNumericType.FLOAT ? 23 : type == TsNumericType.DOUBLE ? 52 : type.is32Bit() ? 31 : 63;
        long start = type == TsNumericType.FLOAT
                ? Float.floatToRawIntBits(1.5f)
                : type == TsNumericType.DOUBLE ? Double.doubleToRawLongBits(1.5) : 0;
        int[] sigs = {
            1, 2, 6, 7, 8, 13, 14, 15, 16, 20, 21, 22, 23, 25, 26, 27, 28, 29, 30, 31, 32, 40, 52, 53, 54, 55, 56, 57,
            62, 63
        };
        ValuesWriter writer = writer(type);
        java.util.SplittableRandom r = new java.util.SplittableRandom(17);
        for (int round = 0; round < 40; round++) {
            long[] values = new long[r.nextInt(1, 700)];
            long v = start;
            int i = 0;
            while (i < values.length) {
                int sig = Math.min(sigs[r.nextInt(sigs.length)], maxBits);
                int shift = r.nextInt(maxBits - sig + 1);
                for (int k = r.nextInt(1, 60); k > 0 && i < values.length; k--) {
                    long xor;
                    int kind = r.nextInt(10);
                    if (kind == 0) {
                        xor = 0;
                    } else if (kind == 1 && sig > 2) {
                        // inside the window with fewer significant bits
                        xor = (r.nextLong() & ((1L << (sig - 2)) - 1) | 1L) << (shift + 1);
                    } else {
                        long field = sig == 64 ? r.nextLong() : r.nextLong() & ((1L << sig) - 1);
                        xor = (field | 1L | (1L << (sig - 1))) << shift;
                    }
                    v ^= xor;
                    values[i++] = type.norm(v);
                }
            }
            byte[] ours = NumericCodecChecks.encode(type, writer, values, round);
            byte[] theirs = type.oracleEncode(TSEncoding.GORILLA, values);
            assertThat(HexFormat.of().formatHex(ours))
                    .as("round %d", round)
                    .isEqualTo(HexFormat.of().formatHex(theirs));
        }
    }

    @ParameterizedTest
    @EnumSource(TsNumericType.class)
    void emptyPageIsTheMarkerAndATrailingByte(TsNumericType type) {
        byte[] page = NumericCodecChecks.encode(type, writer(type), new long[0], 1);
        assertThat(page).isEqualTo(type.oracleEncode(TSEncoding.GORILLA, new long[0]));
        assertThat(page).hasSize(type.is32Bit() ? 5 : 9);
        // tsfile 2.4.0's hasNext() is true before the first read, so it returns the marker as a value
        NumericCodecChecks.assertSameValues(
                type, type.oracleDecode(TSEncoding.GORILLA, page), new long[] {sentinel(type)}, "oracle");
        ValuesReader r = reader(type);
        r.init(0, page, 0, page.length);
        assertThat(r.endOffset()).isEqualTo(page.length);
        assertThatThrownBy(() -> type.readOne(r)).isInstanceOf(CorruptInputException.class);
        // without the count it reads as tsfile reads it: the first value is stored whole, here the marker
        ValuesReader u = reader(type);
        u.init(ValuesReader.UNKNOWN_COUNT, page, 0, page.length);
        assertThat(type.norm(type.readOne(u))).isEqualTo(type.norm(sentinel(type)));
        assertThat(u.endOffset()).isEqualTo(page.length);
        assertThatThrownBy(() -> u.skip(1)).isInstanceOf(CorruptInputException.class);
    }

    @ParameterizedTest
    @EnumSource(TsNumericType.class)
    void referenceVector(TsNumericType type) {
        if (type == TsNumericType.INT64) {
            byte[] page = NumericCodecChecks.encode(type, writer(type), new long[] {5, 5, 7}, 1);
            assertThat(HexFormat.of().formatHex(page)).isEqualTo("00000000000000057f01c0fe000000000000001c");
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
    void sensorWalkPagesGiveTheOraclesBytes(TsNumericType type) {
        // the benchmarks' data in pages of several sizes, one reused writer
        NumericCodecChecks.sensorWalkPagesGiveTheOraclesBytes(type, writer(type), TSEncoding.GORILLA);
    }

    /**
     * A page read by a count short of its values has no end marker where the count ends: the exception
     * gives that place as an offset in the buffer, past the page's start but before its end.
     */
    @org.junit.jupiter.api.Test
    void missingEndMarkerIsReportedInsideThePage() {
        GorillaDoubleWriter w = new GorillaDoubleWriter();
        for (int i = 0; i < 50; i++) {
            w.writeDouble(i * 1.5 + Math.sin(i));
        }
        byte[] page = w.toByteArray();
        int at = 1000;
        byte[] buf = new byte[at + page.length + 16];
        System.arraycopy(page, 0, buf, at, page.length);
        GorillaDoubleReader r = new GorillaDoubleReader();
        r.init(20, buf, at, page.length);
        r.readDoubles(new double[20], 0, 20);
        assertThatThrownBy(r::endOffset)
                .isInstanceOfSatisfying(
                        CorruptInputException.class,
                        e -> assertThat(e.offset()).isBetween((long) at, (long) at + page.length));
    }

    @ParameterizedTest
    @EnumSource(TsNumericType.class)
    void corruptInputGivesOnlyCorruptInputException(TsNumericType type) {
        List<Page> pages = new ArrayList<>();
        for (Shape shape : TsTestData.shapesOfSize(type, 40, 3)) {
            pages.add(new Page(type.oracleEncode(TSEncoding.GORILLA, shape.values()), shape.values().length));
        }
        for (Shape shape : TsTestData.shapesOfSize(type, 5, 4)) {
            pages.add(new Page(type.oracleEncode(TSEncoding.GORILLA, shape.values()), shape.values().length));
        }
        NumericCodecChecks.fuzz(type, () -> reader(type), pages, 99 + type.ordinal(), 12_000);
    }
}
