package dev.colcodec.tsfile.plain;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.DoubleValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
import java.util.Objects;

/**
 * Writes TsFile PLAIN DOUBLE values: the 8 bytes of their raw bits, big-endian. A NaN keeps its
 * payload: TsFile's {@code PlainEncoder} writes {@code doubleToLongBits}, which makes every NaN the
 * canonical {@code 0x7ff8000000000000}, so the bytes differ from TsFile's only where a NaN carries another
 * payload (TsFile's reader reads such a value as a NaN too). Batches are one {@link Kernels#writeDoublesBE} call.
 */
public final class PlainDoubleWriter extends PageForwardingWriter implements DoubleValuesWriter {
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
        page.sink.writeLongBE(Double.doubleToRawLongBits(value));
    }

    @Override
    public void writeDoubles(double[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        int p = page.reserve(len, Double.BYTES);
        byte[] a = page.sink.array();
        kernels.writeDoublesBE(src, off, len, a, p);
        page.sink.advance(len * Double.BYTES);
    }
}
