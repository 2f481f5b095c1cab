package dev.colcodec.format.parquet;

import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.DoubleValuesWriter;
import dev.colcodec.values.FloatValuesWriter;
import dev.colcodec.values.IntValuesWriter;
import dev.colcodec.values.LongValuesWriter;
import java.util.Arrays;
import java.util.Objects;

/**
 * A PLAIN page of INT32, INT64, FLOAT or DOUBLE values: 4 or 8 little-endian bytes each, batches through
 * the {@link Kernels} stores; the same bytes as codec-core's PLAIN writers. The column writer takes the
 * finished page in place ({@link #finish()}, {@link #array()}, {@link #size()}) and compresses it from
 * there, where {@link #toByteArray()} would copy it first. The buffer is kept across pages. Not
 * thread-safe.
 */
final class PlainFixedPage implements IntValuesWriter, LongValuesWriter, FloatValuesWriter, DoubleValuesWriter {
    private final Kernels kernels;
    private byte[] buffer = new byte[1024];
    private int size;
    private int valueCount;
    private boolean finished;

    PlainFixedPage(Kernels kernels) {
        this.kernels = Objects.requireNonNull(kernels, "kernels");
    }

    /** Counts {@code values} values of {@code width} bytes; returns where their bytes go in {@link #buffer}. */
    private int append(int values, int width) {
        if (finished) {
            throw new IllegalStateException("the page is finished: reset() before writing the next page");
        }
        long end = size + (long) values * width;
        if (end > Integer.MAX_VALUE - 16 || values > Integer.MAX_VALUE - valueCount) {
            throw new IllegalStateException("encoded page larger than 2 GiB");
        }
        if (end > buffer.length) {
            buffer = Arrays.copyOf(buffer, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(end, 2L * buffer.length)));
        }
        int p = size;
        size = (int) end;
        valueCount += values;
        return p;
    }

    @Override
    public void writeInteger(int value) {
        ByteIO.putIntLE(buffer, append(1, Integer.BYTES), value);
    }

    @Override
    public void writeIntegers(int[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        int p = append(len, Integer.BYTES);
        kernels.writeIntsLE(src, off, len, buffer, p);
    }

    @Override
    public void writeLong(long value) {
        ByteIO.putLongLE(buffer, append(1, Long.BYTES), value);
    }

    @Override
    public void writeLongs(long[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        int p = append(len, Long.BYTES);
        kernels.writeLongsLE(src, off, len, buffer, p);
    }

    @Override
    public void writeFloat(float value) {
        ByteIO.putIntLE(buffer, append(1, Float.BYTES), Float.floatToRawIntBits(value));
    }

    @Override
    public void writeFloats(float[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        int p = append(len, Float.BYTES);
        kernels.writeFloatsLE(src, off, len, buffer, p);
    }

    @Override
    public void writeDouble(double value) {
        ByteIO.putLongLE(buffer, append(1, Double.BYTES), Double.doubleToRawLongBits(value));
    }

    @Override
    public void writeDoubles(double[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        int p = append(len, Double.BYTES);
        kernels.writeDoublesLE(src, off, len, buffer, p);
    }

    @Override
    public int valueCount() {
        return valueCount;
    }

    @Override
    public long bufferedSize() {
        return size;
    }

    /** Finishes the page: its bytes are {@code [0, size())} of {@link #array()} until {@link #reset()}. */
    void finish() {
        finished = true;
    }

    /** The page's bytes, {@code [0, size())}. */
    byte[] array() {
        return buffer;
    }

    /** Bytes of the page. */
    int size() {
        return size;
    }

    @Override
    public byte[] toByteArray() {
        finish();
        return Arrays.copyOf(buffer, size);
    }

    @Override
    public void reset() {
        size = 0;
        valueCount = 0;
        finished = false;
    }
}
