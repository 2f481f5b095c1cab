package dev.colcodec.tsfile.rle;

import dev.colcodec.tsfile.CorruptInputs;
import dev.colcodec.tsfile.CorruptInputs.Page;
import dev.colcodec.tsfile.TsData;
import dev.colcodec.tsfile.TsData.BooleanShape;
import dev.colcodec.tsfile.TsData.DoubleShape;
import dev.colcodec.tsfile.TsData.LongShape;
import dev.colcodec.tsfile.TsOracle;
import java.util.ArrayList;
import java.util.List;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.junit.jupiter.api.Test;

/** {@value CorruptInputs#INPUTS} damaged RLE pages per reader: only CorruptInputException or values. */
class RleCorruptInputTest {
    private static final int[] SIZES = {0, 1, 2, 9, 40, 130, 300, 700};

    @Test
    void int64() {
        List<Page> pages = new ArrayList<>();
        for (LongShape s : LongShape.values()) {
            for (int n : SIZES) {
                long[] v = TsData.longs(s, n, 1);
                pages.add(new Page(TsOracle.encodeLongs(TsOracle.encoder(TSEncoding.RLE, TSDataType.INT64), v), n));
            }
        }
        CorruptInputs.run(pages, CorruptInputs.longs(new RleLongReader()), 31);
    }

    @Test
    void int32() {
        List<Page> pages = new ArrayList<>();
        for (LongShape s : LongShape.values()) {
            for (int n : SIZES) {
                int[] v = TsData.ints(s, n, 2);
                pages.add(new Page(TsOracle.encodeInts(TsOracle.encoder(TSEncoding.RLE, TSDataType.INT32), v), n));
            }
        }
        CorruptInputs.run(pages, CorruptInputs.ints(new RleIntReader()), 32);
    }

    @Test
    void doubles() {
        List<Page> pages = new ArrayList<>();
        for (DoubleShape s : DoubleShape.values()) {
            for (int n : SIZES) {
                double[] v = TsData.doubles(s, n, 4);
                pages.add(new Page(
                        TsOracle.encodeDoubles(TsOracle.floatEncoder(TSEncoding.RLE, TSDataType.DOUBLE, 2), v), n));
            }
        }
        CorruptInputs.run(pages, CorruptInputs.doubles(new RleDoubleReader()), 34);
    }

    @Test
    void floats() {
        List<Page> pages = new ArrayList<>();
        for (DoubleShape s : DoubleShape.values()) {
            for (int n : SIZES) {
                float[] v = TsData.floats(s, n, 5);
                pages.add(new Page(
                        TsOracle.encodeFloats(TsOracle.floatEncoder(TSEncoding.RLE, TSDataType.FLOAT, 3), v), n));
            }
        }
        CorruptInputs.run(pages, CorruptInputs.floats(new RleFloatReader()), 35);
    }

    @Test
    void booleans() {
        List<Page> pages = new ArrayList<>();
        for (BooleanShape s : BooleanShape.values()) {
            for (int n : SIZES) {
                boolean[] v = TsData.booleans(s, n, 3);
                pages.add(
                        new Page(TsOracle.encodeBooleans(TsOracle.encoder(TSEncoding.RLE, TSDataType.BOOLEAN), v), n));
            }
        }
        CorruptInputs.run(pages, CorruptInputs.booleans(new RleBooleanReader()), 33);
    }
}
