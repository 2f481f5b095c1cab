package dev.colcodec.tsfile.ts2diff;

import dev.colcodec.tsfile.CorruptInputs;
import dev.colcodec.tsfile.CorruptInputs.Page;
import dev.colcodec.tsfile.TsData;
import dev.colcodec.tsfile.TsData.DoubleShape;
import dev.colcodec.tsfile.TsData.LongShape;
import dev.colcodec.tsfile.TsOracle;
import java.util.ArrayList;
import java.util.List;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.junit.jupiter.api.Test;

/** {@value CorruptInputs#INPUTS} damaged TS_2DIFF pages per reader: only CorruptInputException or values. */
class Ts2DiffCorruptInputTest {
    private static final int[] SIZES = {0, 1, 2, 9, 129, 130, 300};

    @Test
    void int64() {
        List<Page> pages = new ArrayList<>();
        for (LongShape s : LongShape.values()) {
            for (int n : SIZES) {
                long[] v = TsData.longs(s, n, 1);
                pages.add(
                        new Page(TsOracle.encodeLongs(TsOracle.encoder(TSEncoding.TS_2DIFF, TSDataType.INT64), v), n));
            }
        }
        CorruptInputs.run(pages, CorruptInputs.longs(new Ts2DiffLongReader()), 21);
    }

    @Test
    void int32() {
        List<Page> pages = new ArrayList<>();
        for (LongShape s : LongShape.values()) {
            for (int n : SIZES) {
                int[] v = TsData.ints(s, n, 2);
                pages.add(new Page(TsOracle.encodeInts(TsOracle.encoder(TSEncoding.TS_2DIFF, TSDataType.INT32), v), n));
            }
        }
        CorruptInputs.run(pages, CorruptInputs.ints(new Ts2DiffIntReader()), 22);
    }

    @Test
    void doubles() {
        List<Page> pages = new ArrayList<>();
        for (DoubleShape s : DoubleShape.values()) {
            for (int n : SIZES) {
                double[] v = TsData.doubles(s, n, 3);
                pages.add(new Page(TsOracle.encodeDoubles(TsOracle.floatEncoder(TSDataType.DOUBLE, 2), v), n));
            }
        }
        CorruptInputs.run(pages, CorruptInputs.doubles(new Ts2DiffDoubleReader()), 23);
    }

    @Test
    void floats() {
        List<Page> pages = new ArrayList<>();
        for (DoubleShape s : DoubleShape.values()) {
            for (int n : SIZES) {
                float[] v = TsData.floats(s, n, 4);
                pages.add(new Page(TsOracle.encodeFloats(TsOracle.floatEncoder(TSDataType.FLOAT, 3), v), n));
            }
        }
        CorruptInputs.run(pages, CorruptInputs.floats(new Ts2DiffFloatReader()), 24);
    }

    /** Peeking and block skipping on damaged pages. */
    @Test
    void int64Peeking() {
        List<Page> pages = new ArrayList<>();
        for (int n : SIZES) {
            long[] v = TsData.longs(LongShape.TIMESTAMPS, n, 5);
            pages.add(new Page(TsOracle.encodeLongs(TsOracle.encoder(TSEncoding.TS_2DIFF, TSDataType.INT64), v), n));
        }
        Ts2DiffLongReader r = new Ts2DiffLongReader();
        long[] block = new long[256];
        CorruptInputs.run(pages, CorruptInputs.longs(new PeekingReader(r, block)), 25);
    }

    /** A reader whose batch reads walk blocks with the peek API (skipping every other block). */
    private static final class PeekingReader implements dev.colcodec.values.LongValuesReader {
        private final Ts2DiffLongReader r;
        private final long[] block;
        private boolean flip;

        PeekingReader(Ts2DiffLongReader r, long[] block) {
            this.r = r;
            this.block = block;
        }

        @Override
        public void init(int valueCount, byte[] buf, int offset, int length) {
            r.init(valueCount, buf, offset, length);
        }

        @Override
        public long readLong() {
            return r.readLong();
        }

        @Override
        public void readLongs(long[] dst, int off, int len) {
            if (r.atBlockBoundary() && r.peekBlock()) {
                long k = r.peekedValueCount();
                if (r.peekedHasFollowingBlock()) {
                    r.peekedFollowingFirstValue();
                }
                flip = !flip;
                if (flip) {
                    r.skipBlock();
                } else if (k <= block.length) {
                    r.readLongs(block, 0, (int) k);
                }
                return;
            }
            r.readLongs(dst, off, len);
        }

        @Override
        public void skip(int n) {
            r.skip(n);
        }

        @Override
        public int endOffset() {
            return r.endOffset();
        }
    }
}
