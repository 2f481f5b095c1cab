package dev.colcodec.parquet.bss;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.IntValuesWriter;
import java.util.Arrays;
import java.util.Objects;

/**
 * Encodes INT32 values as Parquet BYTE_STREAM_SPLIT. Values are buffered in a primitive array
 * and split into the 4 streams by one {@link Kernels#bssEncode} call when the page is finished.
 * Output is byte-identical to parquet-java's.
 */
public final class ByteStreamSplitIntWriter implements IntValuesWriter {
    /** Bytes per value, and streams per page. */
    private static final int WIDTH = 4;

    private final Kernels kernels;
    private int[] values = new int[256];
    private int count;
    private boolean finished;

    /** A writer using {@link KernelProvider#best()}. */
    public ByteStreamSplitIntWriter() {
        this(KernelProvider.best());
    }

    public ByteStreamSplitIntWriter(Kernels kernels) {
        this.kernels = kernels;
    }

    @Override
    public void writeInteger(int value) {
        ensure(1);
        values[count++] = value;
    }

    @Override
    public void writeIntegers(int[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        ensure(len);
        System.arraycopy(src, off, values, count, len);
        count += len;
    }

    private void ensure(int n) {
        if (finished) {
            throw new IllegalStateException("toByteArray() was called: reset() before writing the next page");
        }
        long need = (long) count + n;
        if (need * WIDTH > Integer.MAX_VALUE - 16) {
            throw new IllegalStateException("encoded page larger than 2 GiB");
        }
        if (need > values.length) {
            values = Arrays.copyOf(values, (int)
                    Math.max(need, Math.min(values.length * 2L, (Integer.MAX_VALUE - 16) / WIDTH)));
        }
    }

    @Override
    public int valueCount() {
        return count;
    }

    @Override
    public long bufferedSize() {
        return (long) WIDTH * count;
    }

    @Override
    public byte[] toByteArray() {
        finished = true;
        byte[] out = new byte[WIDTH * count];
        kernels.bssEncode(values, 0, count, out, 0, count);
        return out;
    }

    @Override
    public void reset() {
        count = 0;
        finished = false;
    }
}
