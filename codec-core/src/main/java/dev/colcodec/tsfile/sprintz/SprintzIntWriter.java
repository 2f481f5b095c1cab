package dev.colcodec.tsfile.sprintz;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.IntValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
import java.util.Objects;

/**
 * Writes a TsFile SPRINTZ page of INT32 values, byte for byte as TsFile 2.4.0 with its default FIRE
 * predictor: 9-value blocks (width byte, first value, 8 zigzag-mapped residuals packed MSB-first),
 * then the last 1 to 8 values as a TsFile RLE stream.
 */
public final class SprintzIntWriter extends PageForwardingWriter implements IntValuesWriter {
    private final SprintzStreamWriter stream;

    /** A writer using the JVM's best kernels. */
    public SprintzIntWriter() {
        this(KernelProvider.best());
    }

    /** A writer packing residuals with {@code kernels}. */
    public SprintzIntWriter(Kernels kernels) {
        this(new SprintzStreamWriter(SprintzType.INT32, kernels));
    }

    private SprintzIntWriter(SprintzStreamWriter stream) {
        super(stream);
        this.stream = stream;
    }

    @Override
    public void writeInteger(int value) {
        stream.writeOne(value);
    }

    @Override
    public void writeIntegers(int[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        long[] values = stream.chunkBuffer();
        while (len > 0) {
            int n = Math.min(len, values.length);
            for (int k = 0; k < n; k++) {
                values[k] = src[off + k];
            }
            stream.write(values, 0, n);
            off += n;
            len -= n;
        }
    }
}
