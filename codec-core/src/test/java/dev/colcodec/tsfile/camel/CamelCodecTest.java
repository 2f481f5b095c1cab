package dev.colcodec.tsfile.camel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.tsfile.NumericCodecChecks;
import dev.colcodec.tsfile.NumericCodecChecks.Page;
import dev.colcodec.tsfile.TsNumericType;
import dev.colcodec.tsfile.TsTestData;
import dev.colcodec.tsfile.TsTestData.Shape;
import dev.colcodec.values.ValuesReader;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.junit.jupiter.api.Test;

class CamelCodecTest {
    private static final TsNumericType DOUBLE = TsNumericType.DOUBLE;

    static List<Shape> shapes() {
        List<Shape> out = new ArrayList<>(TsTestData.shapes(DOUBLE, 51, v -> true));
        SplittableRandom r = new SplittableRandom(52);
        for (int n : new int[] {1, 2, 9, 100, 3000}) {
            long[] prices = new long[n];
            long[] big = new long[n];
            long[] tiny = new long[n];
            long[] mixedSigns = new long[n];
            for (int i = 0; i < n; i++) {
                prices[i] = Double.doubleToRawLongBits(r.nextInt(1, 1_000_000) / 1000.0);
                big[i] = Double.doubleToRawLongBits(r.nextDouble() * 1e15);
                tiny[i] = Double.doubleToRawLongBits(r.nextDouble() * 1e-12);
                mixedSigns[i] = Double.doubleToRawLongBits((r.nextBoolean() ? -1 : 1) * r.nextInt(0, 100_000) / 100.0);
            }
            out.add(new Shape("prices", prices));
            out.add(new Shape("big", big));
            out.add(new Shape("tiny", tiny));
            out.add(new Shape("mixedSigns", mixedSigns));
        }
        // every decimal count 1..9 (so every split of the decimal part), up to 9 digits in all
        long[] everyScale = new long[9 * 300];
        double scale = 1;
        for (int d = 1; d <= 9; d++) {
            scale *= 10;
            for (int i = 0; i < 300; i++) {
                everyScale[(d - 1) * 300 + i] = Double.doubleToRawLongBits(r.nextLong(1, 1_000_000_000L) / scale);
            }
        }
        out.add(new Shape("everyScale", everyScale));
        double[] edges = {1e11, 1e-10, 5e10, 2e-10, 1e10, 1e-9, 9.223372036854776E18, 1e-11, 123456789.5, 0.1};
        long[] boundaries = new long[edges.length * 6];
        int k = 0;
        for (double e : edges) {
            for (double x : new double[] {e, Math.nextDown(e), Math.nextUp(e)}) {
                boundaries[k++] = Double.doubleToRawLongBits(x);
                boundaries[k++] = Double.doubleToRawLongBits(-x);
            }
        }
        out.add(new Shape("boundaries", boundaries));
        return out;
    }

    @Test
    void oracleEncodesWeDecodeWhatTsFileDecodes() {
        int exact = 0;
        for (Shape shape : shapes()) {
            long[] v = shape.values();
            if (v.length == 0) {
                continue;
            }
            byte[] page = DOUBLE.oracleEncode(TSEncoding.CAMEL, v);
            long[] tsfile = DOUBLE.oracleDecode(TSEncoding.CAMEL, page);
            assertThat(tsfile).as("%s", shape).hasSize(v.length);
            NumericCodecChecks.assertDecodes(DOUBLE, CamelReader::new, page, tsfile, v.length);
            ValuesReader r = new CamelReader();
            r.init(v.length, page, 0, page.length);
            assertThat(r.endOffset()).isEqualTo(page.length);
            if (java.util.Arrays.equals(tsfile, v)) {
                exact++;
            }
        }
        assertThat(exact).as("shapes TsFile's CAMEL round-trips exactly").isGreaterThan(20);
    }

    @Test
    void weEncodeTheOraclesBytes() {
        CamelWriter writer = new CamelWriter();
        for (Shape shape : shapes()) {
            long[] v = shape.values();
            byte[] ours = NumericCodecChecks.encode(DOUBLE, writer, v, 5);
            byte[] theirs = DOUBLE.oracleEncode(TSEncoding.CAMEL, v);
            assertThat(HexFormat.of().formatHex(ours))
                    .as("%s", shape)
                    .isEqualTo(HexFormat.of().formatHex(theirs));
        }
    }

    @Test
    void tsfilesLossesAreReproducedNotRepaired() {
        long[] v = {
            Double.doubleToRawLongBits(1.5), Double.doubleToRawLongBits(Double.NaN), Double.doubleToRawLongBits(-2.25)
        };
        byte[] page = NumericCodecChecks.encode(DOUBLE, new CamelWriter(), v, 1);
        long[] tsfile = DOUBLE.oracleDecode(TSEncoding.CAMEL, page);
        assertThat(Double.longBitsToDouble(tsfile[1]))
                .as("NaN comes back as a number")
                .isNotNaN();
        NumericCodecChecks.assertDecodes(DOUBLE, CamelReader::new, page, tsfile, 1);
    }

    @Test
    void emptyPageIsEmptyAndReadingFromItFails() {
        byte[] page = NumericCodecChecks.encode(DOUBLE, new CamelWriter(), new long[0], 1);
        assertThat(page).isEmpty();
        assertThat(DOUBLE.oracleEncode(TSEncoding.CAMEL, new long[0])).isEmpty();
        CamelReader r = new CamelReader();
        r.init(ValuesReader.UNKNOWN_COUNT, page, 0, 0);
        assertThatThrownBy(r::readDouble).isInstanceOf(CorruptInputException.class);
    }

    @Test
    void corruptInputGivesOnlyCorruptInputException() {
        List<Page> pages = new ArrayList<>();
        for (int size : new int[] {1, 5, 30}) {
            for (Shape shape : TsTestData.shapesOfSize(DOUBLE, size, size)) {
                pages.add(new Page(DOUBLE.oracleEncode(TSEncoding.CAMEL, shape.values()), shape.values().length));
            }
        }
        NumericCodecChecks.fuzz(DOUBLE, CamelReader::new, pages, 61, 12_000);
    }
}
