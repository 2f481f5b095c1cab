package dev.colcodec.parquet.plain;

import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.DoubleValuesReader;
import java.util.Objects;

/**
 * Reads PLAIN DOUBLE values: 8 little-endian bytes each (raw bits: NaN payloads are kept), batches through {@link
 * Kernels#readDoublesLE}. The section is the rest of the slice, as in parquet-java.
 */
public final class PlainDoubleReader implements DoubleValuesReader {
    private final Kernels kernels;
    private final FixedWidthSection section = new FixedWidthSection(8);

    public PlainDoubleReader(Kernels kernels) {
        this.kernels = Objects.requireNonNull(kernels, "kernels");
    }

    /** A reader using {@link KernelProvider#best()}. */
    public PlainDoubleReader() {
        this(KernelProvider.best());
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        section.init(valueCount, buf, offset, length);
    }

    @Override
    public double readDouble() {
        return Double.longBitsToDouble(ByteIO.getLongLE(section.buf, section.take(1)));
    }

    @Override
    public void readDoubles(double[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        int p = section.take(len);
        kernels.readDoublesLE(section.buf, p, dst, off, len);
    }

    @Override
    public void skip(int n) {
        section.take(n);
    }

    @Override
    public int endOffset() {
        return section.end;
    }
}
