package dev.colcodec.parquet.plain;

import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.IntValuesWriter;
import java.util.Objects;

/**
 * Writes PLAIN INT32 values: 4 little-endian bytes each, batches through {@link
 * Kernels#writeIntsLE}. Byte-identical to parquet-java's {@code PlainValuesWriter}.
 */
public final class PlainIntWriter extends PlainPageWriter implements IntValuesWriter {
    private final Kernels kernels;

    public PlainIntWriter(Kernels kernels) {
        this.kernels = Objects.requireNonNull(kernels, "kernels");
    }

    /** A writer using {@link KernelProvider#best()}. */
    public PlainIntWriter() {
        this(KernelProvider.best());
    }

    @Override
    public void writeInteger(int value) {
        int p = page.append(1, 4);
        ByteIO.putIntLE(page.array(), p, value);
    }

    @Override
    public void writeIntegers(int[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        int p = page.append(len, (long) len * 4);
        kernels.writeIntsLE(src, off, len, page.array(), p);
    }
}
