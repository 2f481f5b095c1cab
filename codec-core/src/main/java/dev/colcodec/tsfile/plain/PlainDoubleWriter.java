package dev.colcodec.tsfile.plain;

import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.DoubleValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
import java.util.Objects;

/**
 * Writes TsFile PLAIN DOUBLE values: 8 bytes of {@code doubleToLongBits}, big-endian, so every NaN is
 * written as the canonical {@code 0x7ff8000000000000} as TsFile does. Batches are one {@link
 * Kernels#writeDoublesBE} call plus a NaN fix-up pass. Output is byte-identical to TsFile's {@code
 * PlainEncoder}.
 */
public final class PlainDoubleWriter extends PageForwardingWriter implements DoubleValuesWriter {
    private static final long CANONICAL_NAN = Double.doubleToLongBits(Double.NaN);

    private final Kernels kernels;
    private final PlainPage page;

    public PlainDoubleWriter(Kernels kernels) {
        this(kernels, new PlainPage());
    }

    /** A writer using {@link KernelProvider#best()}. */
    public PlainDoubleWriter() {
        this(KernelProvider.best());
    }

    private PlainDoubleWriter(Kernels kernels, PlainPage page) {
        super(page);
        this.kernels = kernels;
        this.page = page;
    }

    @Override
    public void writeDouble(double value) {
        page.open(1);
        page.sink.writeLongBE(Double.doubleToLongBits(value));
    }

    @Override
    public void writeDoubles(double[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        int p = page.reserve(len, Double.BYTES);
        byte[] a = page.sink.array();
        kernels.writeDoublesBE(src, off, len, a, p);
        for (int i = 0; i < len; i++) {
            if (Double.isNaN(src[off + i])) {
                ByteIO.putLongBE(a, p + i * Double.BYTES, CANONICAL_NAN);
            }
        }
        page.sink.advance(len * Double.BYTES);
    }
}
