package dev.colcodec.parquet.plain;

import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.LongValuesWriter;
import java.util.Objects;

/**
 * Writes PLAIN INT64 values: 8 little-endian bytes each, batches through {@link
 * Kernels#writeLongsLE}. Byte-identical to parquet-java's {@code PlainValuesWriter}.
 */
public final class PlainLongWriter extends PlainPageWriter implements LongValuesWriter {
    private final Kernels kernels;

    public PlainLongWriter(Kernels kernels) {
        this.kernels = Objects.requireNonNull(kernels, "kernels");
    }

    /** A writer using {@link KernelProvider#best()}. */
    public PlainLongWriter() {
        this(KernelProvider.best());
    }

    @Override
    public void writeLong(long value) {
        int p = page.append(1, 8);
        ByteIO.putLongLE(page.array(), p, value);
    }

    @Override
    public void writeLongs(long[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        int p = page.append(len, (long) len * 8);
        kernels.writeLongsLE(src, off, len, page.array(), p);
    }
}
