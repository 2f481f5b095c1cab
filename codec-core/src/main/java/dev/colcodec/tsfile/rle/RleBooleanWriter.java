package dev.colcodec.tsfile.rle;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.BooleanValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
import java.util.Objects;

/**
 * Writes TsFile RLE BOOLEAN values as TsFile does (an {@code IntRleEncoder} fed 1 and 0): the layout of
 * {@link RleIntWriter} with bit width 1. Byte-identical to TsFile.
 */
public final class RleBooleanWriter extends PageForwardingWriter implements BooleanValuesWriter {
    private final RlePageEncoder page;

    public RleBooleanWriter(Kernels kernels) {
        this(new RlePageEncoder(true, kernels));
    }

    /** A writer using {@link KernelProvider#best()}. */
    public RleBooleanWriter() {
        this(KernelProvider.best());
    }

    private RleBooleanWriter(RlePageEncoder page) {
        super(page);
        this.page = page;
    }

    @Override
    public void writeBoolean(boolean value) {
        int at = page.reserve(1);
        page.values()[at] = value ? 1 : 0;
    }

    @Override
    public void writeBooleans(boolean[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        int at = page.reserve(len);
        long[] v = page.values();
        for (int i = 0; i < len; i++) {
            v[at + i] = src[off + i] ? 1 : 0;
        }
    }
}
