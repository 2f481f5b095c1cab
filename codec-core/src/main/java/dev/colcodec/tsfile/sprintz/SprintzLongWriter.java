package dev.colcodec.tsfile.sprintz;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.LongValuesWriter;
import dev.colcodec.values.PageForwardingWriter;

/**
 * Writes a TsFile SPRINTZ page of INT64 values, byte for byte as TsFile 2.4.0 with its default FIRE
 * predictor: 9-value blocks (width byte, first value, 8 zigzag-mapped residuals packed MSB-first),
 * then the last 1 to 8 values as a TsFile RLE stream.
 */
public final class SprintzLongWriter extends PageForwardingWriter implements LongValuesWriter {
    private final SprintzStreamWriter stream;

    /** A writer using the JVM's best kernels. */
    public SprintzLongWriter() {
        this(KernelProvider.best());
    }

    /** A writer packing residuals with {@code kernels}. */
    public SprintzLongWriter(Kernels kernels) {
        this(new SprintzStreamWriter(SprintzType.INT64, kernels));
    }

    private SprintzLongWriter(SprintzStreamWriter stream) {
        super(stream);
        this.stream = stream;
    }

    @Override
    public void writeLong(long value) {
        stream.writeOne(value);
    }

    @Override
    public void writeLongs(long[] src, int off, int len) {
        stream.write(src, off, len);
    }
}
