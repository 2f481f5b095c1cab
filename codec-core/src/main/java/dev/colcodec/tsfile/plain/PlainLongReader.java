package dev.colcodec.tsfile.plain;

import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.LongValuesReader;
import java.util.Objects;

/**
 * Reads TsFile PLAIN INT64 and TIMESTAMP values: 8 bytes each, big-endian, no header. Batches are
 * one {@link Kernels#readLongsBE} call.
 */
public final class PlainLongReader implements LongValuesReader {
    private static final String WHAT = "PLAIN INT64 values";

    private final Kernels kernels;
    private final PlainSection s = new PlainSection();

    public PlainLongReader(Kernels kernels) {
        this.kernels = kernels;
    }

    /** A reader using {@link KernelProvider#best()}. */
    public PlainLongReader() {
        this(KernelProvider.best());
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        s.init(valueCount, buf, offset, length);
    }

    @Override
    public long readLong() {
        return ByteIO.getLongBE(s.buf, s.takeFixed(1, Long.BYTES, WHAT));
    }

    @Override
    public void readLongs(long[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        kernels.readLongsBE(s.buf, s.takeFixed(len, Long.BYTES, WHAT), dst, off, len);
    }

    @Override
    public void skip(int n) {
        s.takeFixed(n, Long.BYTES, WHAT);
    }

    @Override
    public int endOffset() {
        return s.fixedEndOffset(Long.BYTES, WHAT);
    }
}
