package dev.colcodec.tsfile.sprintz;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.DoubleValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
import java.util.Objects;

/**
 * Writes a TsFile SPRINTZ page of DOUBLE values, byte for byte as TsFile 2.4.0 with its default
 * FIRE predictor: 9-value blocks (width byte, first value, 8 zigzag-mapped residuals packed
 * MSB-first), then the last 1 to 8 values as a GORILLA stream.
 *
 * <p>As in TsFile, predictions run on {@code doubleToLongBits} bits, so a NaN payload is kept only
 * in the first value of each block and in the last block.
 */
public final class SprintzDoubleWriter extends PageForwardingWriter implements DoubleValuesWriter {
    private final SprintzStreamWriter stream;

    /** A writer using the JVM's best kernels. */
    public SprintzDoubleWriter() {
        this(KernelProvider.best());
    }

    /** A writer packing residuals with {@code kernels}. */
    public SprintzDoubleWriter(Kernels kernels) {
        this(new SprintzStreamWriter(SprintzType.DOUBLE, kernels));
    }

    private SprintzDoubleWriter(SprintzStreamWriter stream) {
        super(stream);
        this.stream = stream;
    }

    @Override
    public void writeDouble(double value) {
        stream.writeOne(Double.doubleToRawLongBits(value));
    }

    @Override
    public void writeDoubles(double[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        long[] values = stream.chunkBuffer();
        while (len > 0) {
            int n = Math.min(len, values.length);
            for (int k = 0; k < n; k++) {
                values[k] = Double.doubleToRawLongBits(src[off + k]);
            }
            stream.write(values, 0, n);
            off += n;
            len -= n;
        }
    }
}
