package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.values.BinaryBatch;
import java.util.Random;

/** Random spaced column data and comparisons of what readers return with it. */
final class TestData {
    final ParquetColumn column;
    final Object values;
    final boolean[] nulls;
    final int rows;

    TestData(ParquetColumn column, Object values, boolean[] nulls, int rows) {
        this.column = column;
        this.values = values;
        this.nulls = nulls;
        this.rows = rows;
    }

    static TestData random(ParquetColumn c, int rows, Random r) {
        boolean[] nulls = null;
        if (c.isNullable()) {
            nulls = new boolean[rows];
            double p = r.nextInt(4) == 0 ? 0 : r.nextDouble();
            for (int i = 0; i < rows; i++) {
                nulls[i] = r.nextDouble() < p;
            }
        }
        int card = r.nextBoolean() ? 1 + r.nextInt(20) : Integer.MAX_VALUE;
        Object v;
        switch (c.type()) {
            case INT32: {
                int[] a = new int[rows];
                for (int i = 0; i < rows; i++) {
                    a[i] = card == Integer.MAX_VALUE ? r.nextInt() : r.nextInt(card) - 5;
                }
                v = a;
                break;
            }
            case INT64: {
                long[] a = new long[rows];
                for (int i = 0; i < rows; i++) {
                    a[i] = card == Integer.MAX_VALUE ? r.nextLong() : r.nextInt(card) * 1_000_000_007L;
                }
                v = a;
                break;
            }
            case FLOAT: {
                float[] a = new float[rows];
                for (int i = 0; i < rows; i++) {
                    a[i] = card == Integer.MAX_VALUE ? (float) r.nextGaussian() : r.nextInt(card) / 4f;
                }
                if (rows > 3) {
                    a[r.nextInt(rows)] = Float.NaN;
                }
                v = a;
                break;
            }
            case DOUBLE: {
                double[] a = new double[rows];
                for (int i = 0; i < rows; i++) {
                    a[i] = card == Integer.MAX_VALUE ? r.nextGaussian() : r.nextInt(card) / 8.0;
                }
                v = a;
                break;
            }
            case BOOLEAN: {
                boolean[] a = new boolean[rows];
                for (int i = 0; i < rows; i++) {
                    a[i] = r.nextInt(3) == 0;
                }
                v = a;
                break;
            }
            default: {
                BinaryBatch b = new BinaryBatch();
                int fixed = c.type() == PhysicalType.BYTE_ARRAY ? -1 : c.typeLength();
                byte[] tmp = new byte[64];
                for (int i = 0; i < rows; i++) {
                    int len = fixed >= 0 ? fixed : r.nextInt(card == Integer.MAX_VALUE ? 40 : 3);
                    if (card == Integer.MAX_VALUE) {
                        r.nextBytes(tmp);
                    } else {
                        java.util.Arrays.fill(tmp, (byte) r.nextInt(card));
                    }
                    b.append(tmp, 0, len);
                }
                v = b;
                break;
            }
        }
        return new TestData(c, v, nulls, rows);
    }

    boolean isNull(int row) {
        return nulls != null && nulls[row];
    }

    /** Checks that batch entries [0, levelCount) equal rows [firstRow, ...). */
    void assertBatch(ColumnBatch b, int firstRow) {
        int v = 0;
        for (int i = 0; i < b.levelCount(); i++) {
            int row = firstRow + i;
            if (b.isPresent(i) == isNull(row)) {
                throw new AssertionError("presence differs at row " + row + " of " + column);
            }
            if (isNull(row)) {
                continue;
            }
            boolean same;
            switch (column.type()) {
                case INT32:
                    same = b.ints()[v] == ((int[]) values)[row];
                    break;
                case INT64:
                    same = b.longs()[v] == ((long[]) values)[row];
                    break;
                case FLOAT:
                    same = Float.floatToRawIntBits(b.floats()[v]) == Float.floatToRawIntBits(((float[]) values)[row]);
                    break;
                case DOUBLE:
                    same = Double.doubleToRawLongBits(b.doubles()[v])
                            == Double.doubleToRawLongBits(((double[]) values)[row]);
                    break;
                case BOOLEAN:
                    same = b.booleans()[v] == ((boolean[]) values)[row];
                    break;
                default: {
                    BinaryBatch e = (BinaryBatch) values;
                    BinaryBatch a = b.binaries();
                    same = java.util.Arrays.equals(
                            a.data(), a.offset(v), a.offset(v + 1), e.data(), e.offset(row), e.offset(row + 1));
                    break;
                }
            }
            if (!same) {
                throw new AssertionError("value differs at row " + row + " of " + column);
            }
            v++;
        }
        assertThat(b.valueCount()).isEqualTo(v);
    }
}
