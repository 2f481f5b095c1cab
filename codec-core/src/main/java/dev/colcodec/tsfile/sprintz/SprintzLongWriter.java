package dev.colcodec.tsfile.sprintz;

import dev.colcodec.io.ByteSink;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.LongValuesWriter;

/**
 * Writes a TsFile SPRINTZ page of INT64 values, byte for byte as TsFile 2.4.0 with its default FIRE
 * predictor: 9-value blocks (width byte, first value, 8 zigzag-mapped residuals packed MSB-first),
 * then the last 1 to 8 values as a TsFile RLE stream.
 */
public final class SprintzLongWriter implements LongValuesWriter {
    private final SprintzStreamWriter stream;

    /** A writer using the JVM's best kernels. */
    public SprintzLongWriter() {
        this(KernelProvider.best());
    }

    /** A writer packing residuals with {@code kernels}. */
    public SprintzLongWriter(Kernels kernels) {
        this.stream = new SprintzStreamWriter(SprintzType.INT64, kernels);
    }

    @Override
    public void writeLong(long value) {
        stream.writeOne(value);
    }

    @Override
    public void writeLongs(long[] src, int off, int len) {
        stream.write(src, off, len);
    }

    @Override
    public int valueCount() {
        return stream.valueCount();
    }

    @Override
    public long bufferedSize() {
        return stream.bufferedSize();
    }

    @Override
    public byte[] toByteArray() {
        return stream.toByteArray();
    }

    @Override
    public void finishTo(ByteSink out) {
        stream.finishTo(out);
    }

    @Override
    public void reset() {
        stream.reset();
    }
}
