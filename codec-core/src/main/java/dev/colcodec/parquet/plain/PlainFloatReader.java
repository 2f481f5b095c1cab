package dev.colcodec.parquet.plain;

import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.FloatValuesReader;
import java.util.Objects;

/**
 * Reads PLAIN FLOAT values: 4 little-endian bytes each (raw bits: NaN payloads are kept), batches through {@link
 * Kernels#readFloatsLE}. The section is the rest of the slice, as in parquet-java.
 */
public final class PlainFloatReader implements FloatValuesReader {
    private final Kernels kernels;
    private final FixedWidthSection section = new FixedWidthSection(4);

    public PlainFloatReader(Kernels kernels) {
        this.kernels = Objects.requireNonNull(kernels, "kernels");
    }

    /** A reader using {@link KernelProvider#best()}. */
    public PlainFloatReader() {
        this(KernelProvider.best());
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        section.init(valueCount, buf, offset, length);
    }

    @Override
    public float readFloat() {
        return Float.intBitsToFloat(ByteIO.getIntLE(section.buf, section.take(1)));
    }

    @Override
    public void readFloats(float[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        int p = section.take(len);
        kernels.readFloatsLE(section.buf, p, dst, off, len);
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
