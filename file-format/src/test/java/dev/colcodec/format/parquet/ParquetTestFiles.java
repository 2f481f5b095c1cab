package dev.colcodec.format.parquet;

import dev.colcodec.io.ByteIO;
import dev.colcodec.values.BinaryBatch;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.Util;

/** Files written by colcodec for tests, and their footers read and replaced (to make other writers' files). */
public final class ParquetTestFiles {
    private ParquetTestFiles() {}

    /**
     * {@code rows} rows of {@code cols} (with per-column null flags, each null for none) in row groups of
     * {@code rowsPerGroup} rows.
     */
    static byte[] write(
            List<ParquetColumn> schema,
            ParquetWriteOptions options,
            Object[] cols,
            boolean[][] nulls,
            int rows,
            int rowsPerGroup)
            throws IOException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ParquetFileWriter w = new ParquetFileWriter(bos, schema, options)) {
            for (int from = 0; from < rows; from += rowsPerGroup) {
                int n = Math.min(rowsPerGroup, rows - from);
                Object[] part = new Object[cols.length];
                boolean[][] partNulls = new boolean[cols.length][];
                for (int c = 0; c < cols.length; c++) {
                    part[c] = slice(cols[c], from, n);
                    partNulls[c] = nulls[c] == null ? null : Arrays.copyOfRange(nulls[c], from, from + n);
                }
                w.write(part, partNulls, n);
                w.flushRowGroup();
            }
        }
        return bos.toByteArray();
    }

    private static Object slice(Object col, int from, int n) {
        if (col instanceof int[] a) {
            return Arrays.copyOfRange(a, from, from + n);
        }
        if (col instanceof long[] a) {
            return Arrays.copyOfRange(a, from, from + n);
        }
        if (col instanceof double[] a) {
            return Arrays.copyOfRange(a, from, from + n);
        }
        if (col instanceof boolean[] a) {
            return Arrays.copyOfRange(a, from, from + n);
        }
        BinaryBatch b = (BinaryBatch) col;
        BinaryBatch out = new BinaryBatch();
        for (int i = from; i < from + n; i++) {
            out.append(b.data(), b.offset(i), b.length(i));
        }
        return out;
    }

    /** The footer of {@code file}. */
    public static FileMetaData footer(byte[] file) throws IOException {
        int len = ByteIO.getIntLE(file, file.length - 8);
        return Util.readFileMetaData(new ByteArrayInputStream(file, file.length - 8 - len, len));
    }

    /** {@code file} with its footer replaced by {@code fmd}. */
    public static byte[] withFooter(byte[] file, FileMetaData fmd) throws IOException {
        int len = ByteIO.getIntLE(file, file.length - 8);
        int start = file.length - 8 - len;
        ByteArrayOutputStream footer = new ByteArrayOutputStream();
        Util.writeFileMetaData(fmd, footer);
        byte[] f = footer.toByteArray();
        byte[] out = Arrays.copyOf(file, start + f.length + 8);
        System.arraycopy(f, 0, out, start, f.length);
        ByteIO.putIntLE(out, start + f.length, f.length);
        System.arraycopy(file, file.length - 4, out, out.length - 4, 4);
        return out;
    }
}
