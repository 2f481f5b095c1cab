package dev.colcodec.parquet.plain;

import dev.colcodec.io.ByteIO;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesWriter;
import java.util.Objects;

/**
 * Writes PLAIN BYTE_ARRAY values (4-byte little-endian length, then the bytes); byte-identical to
 * parquet-java's {@code PlainValuesWriter.writeBytes}. Batches reserve the whole output once.
 */
public final class PlainBinaryWriter extends PlainPageWriter implements BinaryValuesWriter {
    @Override
    public void writeBinary(byte[] value, int off, int len) {
        Objects.checkFromIndexSize(off, len, value.length);
        int p = page.append(1, 4L + len);
        byte[] out = page.array();
        ByteIO.putIntLE(out, p, len);
        System.arraycopy(value, off, out, p + 4, len);
    }

    @Override
    public void writeBinaries(BinaryBatch src, int from, int len) {
        Objects.checkFromIndexSize(from, len, src.count());
        long bytes = (long) src.offset(from + len) - src.offset(from) + 4L * len;
        int p = page.append(len, bytes);
        byte[] out = page.array();
        byte[] data = src.data();
        int[] offsets = src.offsets();
        for (int i = from; i < from + len; i++) {
            int start = offsets[i];
            int n = offsets[i + 1] - start;
            ByteIO.putIntLE(out, p, n);
            System.arraycopy(data, start, out, p + 4, n);
            p += 4 + n;
        }
    }
}
