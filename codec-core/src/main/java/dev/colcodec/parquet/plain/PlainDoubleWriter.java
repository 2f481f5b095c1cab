package dev.colcodec.parquet.plain;

import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.DoubleValuesWriter;
import java.util.Objects;

/**
 * Writes PLAIN DOUBLE values: 8 little-endian bytes each (raw bits: NaN payloads are kept), batches through {@link
 * Kernels#writeDoublesLE}. Byte-identical to parquet-java's {@code PlainValuesWriter}.
 */
public final class PlainDoubleWriter extends PlainPageWriter implements DoubleValuesWriter {
    private final Kernels kernels;

    public PlainDoubleWriter(Kernels kernels) {
        this.kernels = Objects.requireNonNull(kernels, "kernels");
    }

    /** A writer using {@link KernelProvider#best()}. */
    public PlainDoubleWriter() {
        this(KernelProvider.best());
    }

    @Override
    public void writeDouble(double value) {
        int p = page.append(1, 8);
        ByteIO.putLongLE(page.array(), p, Double.doubleToRawLongBits(value));
    }

    @Override
    public void writeDoubles(double[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        int p = page.append(len, (long) len * 8);
        kernels.writeDoublesLE(src, off, len, page.array(), p);
    }
}
