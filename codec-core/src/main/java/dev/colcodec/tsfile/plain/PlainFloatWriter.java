package dev.colcodec.tsfile.plain;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.FloatValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
import java.util.Objects;

/**
 * Writes TsFile PLAIN FLOAT values: the 4 bytes of their raw bits, big-endian. A NaN keeps its
 * payload: TsFile's {@code PlainEncoder} writes {@code floatToIntBits}, which makes every NaN the
 * canonical {@code 0x7fc00000}, so the bytes differ from TsFile's only where a NaN carries another
 * payload (TsFile's reader reads such a value as a NaN too). Batches are one {@link Kernels#writeFloatsBE} call.
 */
public final class PlainFloatWriter extends PageForwardingWriter implements FloatValuesWriter {
    private final Kernels kernels;
    private final PlainPage page;

    public PlainFloatWriter(Kernels kernels) {
        this(kernels, new PlainPage());
    }

    /** A writer using {@link KernelProvider#best()}. */
    public PlainFloatWriter() {
        this(KernelProvider.best());
    }

    private PlainFloatWriter(Kernels kernels, PlainPage page) {
        super(page);
        this.kernels = kernels;
        this.page = page;
    }

    @Override
    public void writeFloat(float value) {
        page.open(1);
        page.sink.writeIntBE(Float.floatToRawIntBits(value));
    }

    @Override
    public void writeFloats(float[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        int p = page.reserve(len, Float.BYTES);
        byte[] a = page.sink.array();
        kernels.writeFloatsBE(src, off, len, a, p);
        page.sink.advance(len * Float.BYTES);
    }
}
