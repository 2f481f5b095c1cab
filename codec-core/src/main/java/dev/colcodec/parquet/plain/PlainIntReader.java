package dev.colcodec.parquet.plain;

import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.IntValuesReader;
import java.util.Objects;

/**
 * Reads PLAIN INT32 values: 4 little-endian bytes each, batches through {@link
 * Kernels#readIntsLE}. The section is the rest of the slice, as in parquet-java.
 */
public final class PlainIntReader implements IntValuesReader {
    private final Kernels kernels;
    private final FixedWidthSection section = new FixedWidthSection(4);

    public PlainIntReader(Kernels kernels) {
        this.kernels = Objects.requireNonNull(kernels, "kernels");
    }

    /** A reader using {@link KernelProvider#best()}. */
    public PlainIntReader() {
        this(KernelProvider.best());
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        section.init(valueCount, buf, offset, length);
    }

    @Override
    public int readInteger() {
        return ByteIO.getIntLE(section.buf, section.take(1));
    }

    @Override
    public void readIntegers(int[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        int p = section.take(len);
        kernels.readIntsLE(section.buf, p, dst, off, len);
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
