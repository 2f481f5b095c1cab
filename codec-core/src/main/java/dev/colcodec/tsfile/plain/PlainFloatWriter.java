package dev.colcodec.tsfile.plain;

import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.FloatValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
import java.util.Objects;

/**
 * Writes TsFile PLAIN FLOAT values: 4 bytes of {@code floatToIntBits}, big-endian, so every NaN is
 * written as the canonical {@code 0x7fc00000} as TsFile does. Batches are one {@link
 * Kernels#writeFloatsBE} call plus a NaN fix-up pass. Output is byte-identical to TsFile's {@code
 * PlainEncoder}.
 */
public final class PlainFloatWriter extends PageForwardingWriter implements FloatValuesWriter {
    private static final int CANONICAL_NAN = Float.floatToIntBits(Float.NaN);

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
        page.sink.writeIntBE(Float.floatToIntBits(value));
    }

    @Override
    public void writeFloats(float[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        int p = page.reserve(len, Float.BYTES);
        byte[] a = page.sink.array();
        kernels.writeFloatsBE(src, off, len, a, p);
        for (int i = 0; i < len; i++) {
            if (Float.isNaN(src[off + i])) {
                ByteIO.putIntBE(a, p + i * Float.BYTES, CANONICAL_NAN);
            }
        }
        page.sink.advance(len * Float.BYTES);
    }
}
