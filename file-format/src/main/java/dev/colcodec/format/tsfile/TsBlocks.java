package dev.colcodec.format.tsfile;

import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.values.BinaryBatch;
import java.util.Arrays;

/** Block reshaping shared by the file reader's queries. */
final class TsBlocks {
    private TsBlocks() {}

    /**
     * Keeps only the rows of one-column block {@code b} whose value is not null (times and values move
     * down in place, run by run): an aligned series read as the points of one series.
     */
    static void dropNullRows(TsBlock b) {
        if (b.columnCount() != 1) {
            throw new IllegalArgumentException("a one-column block");
        }
        TsColumn c = b.column(0);
        if (!c.anyNull) {
            return;
        }
        int n = b.size;
        boolean[] nulls = c.nulls;
        long[] times = b.times;
        int w = 0;
        if (c.storageType() == TsDataType.TEXT) {
            BinaryBatch src = c.binaries;
            BinaryBatch dst = new BinaryBatch();
            int[] o = src.offsets();
            for (int i = 0; i < n; i++) {
                if (!nulls[i]) {
                    dst.append(src.data(), o[i], o[i + 1] - o[i]);
                    times[w++] = times[i];
                }
            }
            c.binaries = dst;
        } else {
            Object values = primitiveValues(c);
            int i = 0;
            while (i < n) {
                while (i < n && nulls[i]) {
                    i++;
                }
                int from = i;
                while (i < n && !nulls[i]) {
                    i++;
                }
                int run = i - from;
                if (run > 0 && from != w) {
                    System.arraycopy(times, from, times, w, run);
                    System.arraycopy(values, from, values, w, run);
                }
                w += run;
            }
        }
        Arrays.fill(nulls, 0, w, false);
        c.anyNull = false;
        c.size = w;
        b.size = w;
    }

    /** The primitive value array of a non-binary column. */
    private static Object primitiveValues(TsColumn c) {
        switch (c.storageType()) {
            case BOOLEAN:
                return c.booleans;
            case INT32:
                return c.ints;
            case INT64:
                return c.longs;
            case FLOAT:
                return c.floats;
            case DOUBLE:
                return c.doubles;
            default:
                throw new IllegalStateException(c.storageType().toString());
        }
    }
}
