package dev.colcodec.parquet.plain;

import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.FloatValuesWriter;
import java.util.Objects;

/**
 * Writes PLAIN FLOAT values: 4 little-endian bytes each (raw bits: NaN payloads are kept), batches through {@link
 * Kernels#writeFloatsLE}. Byte-identical to parquet-java's {@code PlainValuesWriter}.
 */
public final class PlainFloatWriter extends PlainPageWriter implements FloatValuesWriter {
    private final Kernels kernels;

    public PlainFloatWriter(Kernels kernels) {
        this.kernels = Objects.requireNonNull(kernels, "kernels");
    }

    /** A writer using {@link KernelProvider#best()}. */
    public PlainFloatWriter() {
        this(KernelProvider.best());
    }

    @Override
    public void writeFloat(float value) {
        int p = page.append(1, 4);
        ByteIO.putIntLE(page.array(), p, Float.floatToRawIntBits(value));
    }

    @Override
    public void writeFloats(float[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        int p = page.append(len, (long) len * 4);
        kernels.writeFloatsLE(src, off, len, page.array(), p);
    }
}
