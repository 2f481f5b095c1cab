package dev.colcodec.parquet.bss;

import dev.colcodec.io.ByteSink;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesWriter;
import java.util.Objects;

/**
 * Encodes FIXED_LEN_BYTE_ARRAY({@code width}) values as Parquet BYTE_STREAM_SPLIT. Values are buffered
 * back to back and split into the {@code width} streams by one {@link Kernels#bssEncode} call when the
 * page is finished. A value of another length is rejected with {@link IllegalArgumentException}.
 * Output is byte-identical to parquet-java's.
 */
public final class ByteStreamSplitFixedLenWriter implements BinaryValuesWriter {
    private final Kernels kernels;
    private final int width;
    private final ByteSink values = new ByteSink(1024);
    private int count;
    private boolean finished;

    /** A writer of {@code width}-byte values using {@link KernelProvider#best()}. */
    public ByteStreamSplitFixedLenWriter(int width) {
        this(width, KernelProvider.best());
    }

    /** A writer of {@code width}-byte values ({@code width >= 1}). */
    public ByteStreamSplitFixedLenWriter(int width, Kernels kernels) {
        if (width < 1) {
            throw new IllegalArgumentException("FIXED_LEN_BYTE_ARRAY width must be at least 1: " + width);
        }
        this.kernels = kernels;
        this.width = width;
    }

    @Override
    public void writeBinary(byte[] value, int off, int len) {
        checkWritable();
        Objects.checkFromIndexSize(off, len, value.length);
        checkLength(len);
        values.write(value, off, len);
        count++;
    }

    @Override
    public void writeBinaries(BinaryBatch src, int from, int len) {
        checkWritable();
        Objects.checkFromIndexSize(from, len, src.count());
        int[] offsets = src.offsets();
        for (int i = from; i < from + len; i++) {
            checkLength(offsets[i + 1] - offsets[i]);
        }
        values.write(src.data(), offsets[from], len * width);
        count += len;
    }

    private void checkWritable() {
        if (finished) {
            throw new IllegalStateException("toByteArray() was called: reset() before writing the next page");
        }
    }

    private void checkLength(int len) {
        if (len != width) {
            throw new IllegalArgumentException("value of " + len + " bytes in a FIXED_LEN_BYTE_ARRAY(" + width + ")");
        }
    }

    @Override
    public int valueCount() {
        return count;
    }

    @Override
    public long bufferedSize() {
        return values.size();
    }

    @Override
    public byte[] toByteArray() {
        finished = true;
        byte[] out = new byte[values.size()];
        kernels.bssEncode(values.array(), 0, width, count, out, 0, count);
        return out;
    }

    @Override
    public void reset() {
        values.reset();
        count = 0;
        finished = false;
    }
}
