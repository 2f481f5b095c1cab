package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.values.BinaryBatch;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A write the file writer refuses (wrong array type, too few values or null flags, a null in a REQUIRED
 * column, a fixed-length value of another length, a negative row count, a range outside the array)
 * throws before any column takes a row: the file then holds exactly the rows of the accepted writes,
 * byte for byte the file written without the refused ones.
 */
class RefusedWritesTest {
    private static final List<ParquetColumn> SCHEMA = List.of(
            ParquetColumn.flat("x", PhysicalType.INT64, 0, false),
            ParquetColumn.flat("y", PhysicalType.INT32, 0, true),
            ParquetColumn.flat("f", PhysicalType.FIXED_LEN_BYTE_ARRAY, 4, true),
            ParquetColumn.flat("s", PhysicalType.BYTE_ARRAY, 0, false));

    private static Object[] rows(int n, int seed) {
        long[] x = new long[n];
        int[] y = new int[n];
        BinaryBatch f = new BinaryBatch();
        BinaryBatch s = new BinaryBatch();
        for (int i = 0; i < n; i++) {
            x[i] = seed * 1_000_003L + i * 31L;
            y[i] = seed + i;
            f.append(new byte[] {(byte) i, 1, 2, (byte) seed}, 0, 4);
            byte[] str = ("v" + seed + "-" + i).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            s.append(str, 0, str.length);
        }
        return new Object[] {x, y, f, s};
    }

    private static boolean[][] nulls(int n) {
        boolean[] yNulls = new boolean[n];
        boolean[] fNulls = new boolean[n];
        for (int i = 0; i < n; i++) {
            yNulls[i] = i % 3 == 0;
            fNulls[i] = i % 5 == 1;
        }
        return new boolean[][] {null, yNulls, fNulls, null};
    }

    private static byte[] file(Consumer<ParquetFileWriter> between) throws IOException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ParquetFileWriter w = new ParquetFileWriter(bos, SCHEMA, ParquetWriteOptions.defaults())) {
            w.write(rows(100, 1), nulls(100), 100);
            between.accept(w);
            w.write(rows(30, 2), nulls(30), 30);
        }
        return bos.toByteArray();
    }

    @Test
    void refusedWritesLeaveTheFileAsItWas() throws IOException {
        byte[] expected = file(w -> {});
        int[] refused = {0};
        byte[] got = file(w -> {
            Object[] ok = rows(20, 3);
            boolean[][] okNulls = nulls(20);

            Object[] wrongType = ok.clone();
            wrongType[0] = new int[20];
            refuse(w, wrongType, okNulls, 20, "is INT64: its values are long[], not int[]", refused);

            Object[] tooFew = ok.clone();
            tooFew[1] = new int[19];
            refuse(w, tooFew, okNulls, 20, "column y has 19 values, needs 20", refused);

            Object[] noValues = ok.clone();
            noValues[3] = null;
            refuse(w, noValues, okNulls, 20, "not null", refused);

            boolean[][] requiredNull = nulls(20);
            requiredNull[0] = new boolean[20];
            requiredNull[0][7] = true;
            refuse(w, ok, requiredNull, 20, "null in REQUIRED column x at row 7", refused);

            boolean[][] shortNulls = nulls(20);
            shortNulls[2] = new boolean[10];
            refuse(w, ok, shortNulls, 20, "column f has 10 null flags, needs 20", refused);

            Object[] badLength = ok.clone();
            BinaryBatch f = new BinaryBatch();
            for (int i = 0; i < 20; i++) {
                f.append(new byte[5], 0, i == 12 ? 5 : 4);
            }
            badLength[2] = f;
            refuse(w, badLength, okNulls, 20, "row 12 has 5 bytes", refused);

            refuse(w, ok, okNulls, -1, "negative row count -1", refused);
            try {
                w.write(new Object[4], null, 0); // no rows: nothing to check, nothing written
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            refuse(w, ok, okNulls, 21, "needs 21", refused);
        });
        assertThat(refused[0]).isEqualTo(8);
        assertThat(got).isEqualTo(expected);
        try (ParquetFileReader r = ParquetFileReader.open(got)) {
            long rowsRead = 0;
            for (int g = 0; g < r.rowGroupCount(); g++) {
                rowsRead += r.rowGroupRowCount(g);
            }
            assertThat(rowsRead).isEqualTo(130);
        }
    }

    @Test
    void aColumnChunkWriterRefusesARangeOutsideItsRows() {
        ColumnChunkWriter c = new ColumnChunkWriter(SCHEMA.get(0), ParquetWriteOptions.defaults());
        long[] v = new long[8];
        assertThatThrownBy(() -> c.write(v, null, -1, 2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> c.write(v, null, 0, -2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> c.write(v, null, Integer.MAX_VALUE, 2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> c.write(v, null, 4, 5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs 9");
        c.write(v, null, 4, 4);
        assertThat(c.finish().valueCount()).isEqualTo(4);
    }

    @Test
    void aChunkReaderRefusesABatchOfAnotherColumn() throws IOException {
        byte[] file = file(w -> {});
        try (ParquetFileReader r = ParquetFileReader.open(file)) {
            ColumnChunkReader x = r.readColumn(0, 0);
            assertThatThrownBy(() -> x.readBatch(new ColumnBatch(SCHEMA.get(1), 16), 16))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(
                            "a batch for column y (INT32, levels 1/0) cannot hold column x (INT64, levels 0/0)");
            ColumnChunkReader y = r.readColumn(0, 1);
            ColumnBatch requiredInts = new ColumnBatch(ParquetColumn.flat("z", PhysicalType.INT32, 0, false), 16);
            assertThatThrownBy(() -> y.readRows(requiredInts, 16, 16))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("cannot hold column y");
            ColumnBatch b = new ColumnBatch(SCHEMA.get(0), 16);
            assertThatThrownBy(() -> x.readBatch(b, -1)).isInstanceOf(IllegalArgumentException.class);
            assertThat(x.readBatch(b, 16)).isEqualTo(16);
            assertThat(b.longs()[0]).isEqualTo(1_000_003L);
        }
    }

    private static void refuse(ParquetFileWriter w, Object[] cols, boolean[][] nulls, int rows, String msg, int[] n) {
        assertThatThrownBy(() -> w.write(cols, nulls, rows))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(msg);
        n[0]++;
    }
}
