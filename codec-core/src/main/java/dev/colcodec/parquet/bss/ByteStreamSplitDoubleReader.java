package dev.colcodec.parquet.bss;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.DoubleValuesReader;
import java.util.Objects;

/**
 * Decodes Parquet BYTE_STREAM_SPLIT DOUBLE values: 8 streams, stream k holding byte k of
 * every value. The value count is the section length / 8 (a remainder is corrupt input); the
 * page's value count is only an upper bound. Batch reads join the streams straight into the caller's
 * array with one {@link Kernels#bssDecode} call; skipping is O(1). Raw bits are kept: NaN payloads, infinities and -0.0 survive.
 */
public final class ByteStreamSplitDoubleReader implements DoubleValuesReader {
    private final Kernels kernels;
    private final StreamSplitSection section = new StreamSplitSection(8);

    /** A reader using {@link KernelProvider#best()}. */
    public ByteStreamSplitDoubleReader() {
        this(KernelProvider.best());
    }

    public ByteStreamSplitDoubleReader(Kernels kernels) {
        this.kernels = kernels;
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        section.init(valueCount, buf, offset, length);
    }

    /** Values not yet read or skipped. */
    public int remaining() {
        return section.remaining();
    }

    @Override
    public double readDouble() {
        return Double.longBitsToDouble(section.nextLong());
    }

    @Override
    public void readDoubles(double[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        int first = section.take(len);
        kernels.bssDecode(section.buf, section.start + first, section.count, dst, off, len);
    }

    @Override
    public void skip(int n) {
        section.take(n);
    }

    @Override
    public int endOffset() {
        return section.end();
    }
}
