package dev.colcodec.parquet.plain;

import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesWriter;
import java.util.Objects;

/**
 * Writes PLAIN FIXED_LEN_BYTE_ARRAY (or INT96, {@link #forInt96()}) values: the raw bytes, back to back;
 * byte-identical to parquet-java's {@code FixedLenByteArrayPlainValuesWriter}. A value of another length
 * is rejected with {@link IllegalArgumentException}, as there.
 */
public final class PlainFixedLenWriter extends PlainPageWriter implements BinaryValuesWriter {
    private final int length;

    /** @param length the length of every value, at least 1 */
    public PlainFixedLenWriter(int length) {
        if (length < 1) {
            throw new IllegalArgumentException("fixed length must be at least 1: " + length);
        }
        this.length = length;
    }

    /** A writer of INT96 values (12 raw bytes each). */
    public static PlainFixedLenWriter forInt96() {
        return new PlainFixedLenWriter(PlainFixedLenReader.INT96_LENGTH);
    }

    public int length() {
        return length;
    }

    @Override
    public void writeBinary(byte[] value, int off, int len) {
        Objects.checkFromIndexSize(off, len, value.length);
        checkLength(len);
        int p = page.append(1, len);
        System.arraycopy(value, off, page.array(), p, len);
    }

    private void checkLength(int len) {
        if (len != length) {
            throw new IllegalArgumentException("value of " + len + " bytes for a fixed length of " + length);
        }
    }

    @Override
    public void writeBinaries(BinaryBatch src, int from, int len) {
        Objects.checkFromIndexSize(from, len, src.count());
        int[] offsets = src.offsets();
        for (int i = from; i < from + len; i++) {
            checkLength(offsets[i + 1] - offsets[i]);
        }
        int p = page.append(len, (long) len * length);
        System.arraycopy(src.data(), offsets[from], page.array(), p, len * length);
    }
}
