package dev.colcodec.parquet.plain;

import dev.colcodec.io.ByteIO;
import dev.colcodec.io.InPlacePage;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.FloatValuesWriter;
import java.util.Objects;

/**
 * Writes PLAIN FLOAT values: 4 little-endian bytes each (raw bits: NaN payloads are kept), batches through {@link
 * Kernels#writeFloatsLE}. Byte-identical to parquet-java's {@code PlainValuesWriter}.
 */
public final class PlainFloatWriter implements FloatValuesWriter, InPlacePage {
    private final Kernels kernels;
    private final PlainPage page = new PlainPage();

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

    @Override
    public int valueCount() {
        return page.valueCount();
    }

    @Override
    public long bufferedSize() {
        return page.size();
    }

    @Override
    public byte[] toByteArray() {
        return page.finish();
    }

    @Override
    public int finishInPlace() {
        return page.finishInPlace();
    }

    @Override
    public byte[] pageArray() {
        return page.array();
    }

    @Override
    public void reset() {
        page.reset();
    }
}
