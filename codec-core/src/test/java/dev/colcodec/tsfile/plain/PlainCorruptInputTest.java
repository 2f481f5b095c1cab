package dev.colcodec.tsfile.plain;

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

/** {@value CorruptInputs#INPUTS} damaged PLAIN pages per reader: only CorruptInputException or values. */
class PlainCorruptInputTest {
    private static final int[] SIZES = {0, 1, 2, 9, 40, 130, 300};

    @Test
    void int64() {
        List<Page> pages = new ArrayList<>();
        for (LongShape s : LongShape.values()) {
            for (int n : SIZES) {
                long[] v = TsData.longs(s, n, 1);
                pages.add(new Page(TsOracle.encodeLongs(TsOracle.encoder(TSEncoding.PLAIN, TSDataType.INT64), v), n));
            }
        }
        CorruptInputs.run(pages, CorruptInputs.longs(new PlainLongReader()), 11);
    }

    @Test
    void int32() {
        List<Page> pages = new ArrayList<>();
        for (LongShape s : LongShape.values()) {
            for (int n : SIZES) {
                int[] v = TsData.ints(s, n, 2);
                pages.add(new Page(TsOracle.encodeInts(TsOracle.encoder(TSEncoding.PLAIN, TSDataType.INT32), v), n));
            }
        }
        CorruptInputs.run(pages, CorruptInputs.ints(new PlainIntReader()), 12);
    }

    @Test
    void doubles() {
        List<Page> pages = new ArrayList<>();
        for (DoubleShape s : DoubleShape.values()) {
            for (int n : SIZES) {
                double[] v = TsData.doubles(s, n, 3);
                pages.add(
                        new Page(TsOracle.encodeDoubles(TsOracle.encoder(TSEncoding.PLAIN, TSDataType.DOUBLE), v), n));
            }
        }
        CorruptInputs.run(pages, CorruptInputs.doubles(new PlainDoubleReader()), 13);
    }

    @Test
    void floats() {
        List<Page> pages = new ArrayList<>();
        for (DoubleShape s : DoubleShape.values()) {
            for (int n : SIZES) {
                float[] v = TsData.floats(s, n, 4);
                pages.add(new Page(TsOracle.encodeFloats(TsOracle.encoder(TSEncoding.PLAIN, TSDataType.FLOAT), v), n));
            }
        }
        CorruptInputs.run(pages, CorruptInputs.floats(new PlainFloatReader()), 14);
    }

    @Test
    void booleans() {
        List<Page> pages = new ArrayList<>();
        for (BooleanShape s : BooleanShape.values()) {
            for (int n : SIZES) {
                boolean[] v = TsData.booleans(s, n, 5);
                pages.add(new Page(
                        TsOracle.encodeBooleans(TsOracle.encoder(TSEncoding.PLAIN, TSDataType.BOOLEAN), v), n));
            }
        }
        CorruptInputs.run(pages, CorruptInputs.booleans(new PlainBooleanReader()), 15);
    }

    @Test
    void binaries() {
        List<Page> pages = new ArrayList<>();
        for (int n : SIZES) {
            for (int seed = 0; seed < 4; seed++) {
                byte[][] v = TsData.binaries(n, seed);
                pages.add(new Page(TsOracle.encodeBinaries(TsOracle.encoder(TSEncoding.PLAIN, TSDataType.TEXT), v), n));
            }
        }
        CorruptInputs.run(pages, CorruptInputs.binaries(new PlainBinaryReader()), 16);
    }
}
