package dev.colcodec.tsfile.plain;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.BooleanValuesReader;
import java.util.Objects;

/**
 * Reads TsFile PLAIN BOOLEAN values: one byte each, any non-zero byte is {@code true} (as TsFile's
 * {@code PlainDecoder} reads them). There is no kernel for byte-per-value booleans: the batch is one
 * branch-free loop.
 */
public final class PlainBooleanReader implements BooleanValuesReader {
    private static final String WHAT = "PLAIN BOOLEAN values";

    private final PlainSection s = new PlainSection();

    /**
     * Takes the kernels like every reader, so readers can be built uniformly. There is no byte-per-boolean kernel, so
     * this reader does not call them.
     */
    public PlainBooleanReader(Kernels kernels) {
        Objects.requireNonNull(kernels, "kernels");
    }

    /** A reader using {@link KernelProvider#best()}. */
    public PlainBooleanReader() {
        this(KernelProvider.best());
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        s.init(valueCount, buf, offset, length);
    }

    @Override
    public boolean readBoolean() {
        return s.buf[s.takeFixed(1, 1, WHAT)] != 0;
    }

    @Override
    public void readBooleans(boolean[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        int p = s.takeFixed(len, 1, WHAT);
        byte[] b = s.buf;
        for (int i = 0; i < len; i++) {
            dst[off + i] = b[p + i] != 0;
        }
    }

    @Override
    public void skip(int n) {
        s.takeFixed(n, 1, WHAT);
    }

    @Override
    public int endOffset() {
        return s.fixedEndOffset(1, WHAT);
    }
}
