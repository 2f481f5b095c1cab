package dev.colcodec.tsfile.plain;

import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.DoubleValuesReader;
import java.util.Objects;

/**
 * Reads TsFile PLAIN DOUBLE values: the 8 bytes of {@code doubleToLongBits}, big-endian. Raw bits are
 * kept (NaN payloads included). Batches are one {@link Kernels#readDoublesBE} call.
 */
public final class PlainDoubleReader implements DoubleValuesReader {
    private static final String WHAT = "PLAIN DOUBLE values";

    private final Kernels kernels;
    private final PlainSection s = new PlainSection();

    public PlainDoubleReader(Kernels kernels) {
        this.kernels = kernels;
    }

    /** A reader using {@link KernelProvider#best()}. */
    public PlainDoubleReader() {
        this(KernelProvider.best());
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        s.init(valueCount, buf, offset, length);
    }

    @Override
    public double readDouble() {
        return Double.longBitsToDouble(ByteIO.getLongBE(s.buf, s.takeFixed(1, Double.BYTES, WHAT)));
    }

    @Override
    public void readDoubles(double[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        kernels.readDoublesBE(s.buf, s.takeFixed(len, Double.BYTES, WHAT), dst, off, len);
    }

    @Override
    public void skip(int n) {
        s.takeFixed(n, Double.BYTES, WHAT);
    }

    @Override
    public int endOffset() {
        return s.fixedEndOffset(Double.BYTES, WHAT);
    }
}
