package dev.colcodec.parquet.plain;

import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.LongValuesReader;
import java.util.Objects;

/**
 * Reads PLAIN INT64 values: 8 little-endian bytes each, batches through {@link
 * Kernels#readLongsLE}. The section is the rest of the slice, as in parquet-java.
 */
public final class PlainLongReader implements LongValuesReader {
    private final Kernels kernels;
    private final FixedWidthSection section = new FixedWidthSection(8);

    public PlainLongReader(Kernels kernels) {
        this.kernels = Objects.requireNonNull(kernels, "kernels");
    }

    /** A reader using {@link KernelProvider#best()}. */
    public PlainLongReader() {
        this(KernelProvider.best());
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        section.init(valueCount, buf, offset, length);
    }

    @Override
    public long readLong() {
        return ByteIO.getLongLE(section.buf, section.take(1));
    }

    @Override
    public void readLongs(long[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        int p = section.take(len);
        kernels.readLongsLE(section.buf, p, dst, off, len);
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
