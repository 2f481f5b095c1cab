package dev.colcodec.tsfile.plain;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.IntValuesReader;
import java.util.Objects;

/**
 * Reads TsFile PLAIN INT32 and DATE values: one zigzag varint (1 to 5 bytes) each. Varints have no
 * data-parallel kernel; the batch loop decodes up to 5 bytes per value without per-byte bounds checks
 * while at least 5 bytes remain, and bounds-checks the tail.
 */
public final class PlainIntReader implements IntValuesReader {
    private static final String WHAT = "PLAIN INT32 values";

    private final PlainSection s = new PlainSection();

    /**
     * Takes the kernels like every reader, so readers can be built uniformly. Varints have no data-parallel kernel, so
     * this reader does not call them.
     */
    public PlainIntReader(Kernels kernels) {
        Objects.requireNonNull(kernels, "kernels");
    }

    /** A reader using {@link KernelProvider#best()}. */
    public PlainIntReader() {
        this(KernelProvider.best());
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        s.init(valueCount, buf, offset, length);
    }

    @Override
    public int readInteger() {
        s.claim(1, WHAT);
        long r = ZigZagVarInts.read(s.buf, s.pos, s.end, WHAT);
        s.pos = ZigZagVarInts.position(r);
        return ZigZagVarInts.value(r);
    }

    @Override
    public void readIntegers(int[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        s.claim(len, WHAT);
        s.pos = ZigZagVarInts.readBatch(s.buf, s.pos, s.end, dst, off, len, WHAT);
    }

    @Override
    public void skip(int n) {
        s.claim(n, WHAT);
        s.pos = ZigZagVarInts.skip(s.buf, s.pos, s.end, n, WHAT);
    }

    @Override
    public int endOffset() {
        return s.walkEnd(false, WHAT);
    }
}
