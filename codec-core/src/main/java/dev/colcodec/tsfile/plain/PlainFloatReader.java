package dev.colcodec.tsfile.plain;

import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.FloatValuesReader;
import java.util.Objects;

/**
 * Reads TsFile PLAIN FLOAT values: the 4 bytes of {@code floatToIntBits}, big-endian. Raw bits are
 * kept. Batches are one {@link Kernels#readFloatsBE} call.
 */
public final class PlainFloatReader implements FloatValuesReader {
    private static final String WHAT = "PLAIN FLOAT values";

    private final Kernels kernels;
    private final PlainSection s = new PlainSection();

    public PlainFloatReader(Kernels kernels) {
        this.kernels = kernels;
    }

    /** A reader using {@link KernelProvider#best()}. */
    public PlainFloatReader() {
        this(KernelProvider.best());
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        s.init(valueCount, buf, offset, length);
    }

    @Override
    public float readFloat() {
        return Float.intBitsToFloat(ByteIO.getIntBE(s.buf, s.takeFixed(1, Float.BYTES, WHAT)));
    }

    @Override
    public void readFloats(float[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        kernels.readFloatsBE(s.buf, s.takeFixed(len, Float.BYTES, WHAT), dst, off, len);
    }

    @Override
    public void skip(int n) {
        s.takeFixed(n, Float.BYTES, WHAT);
    }

    @Override
    public int endOffset() {
        return s.fixedEndOffset(Float.BYTES, WHAT);
    }
}
