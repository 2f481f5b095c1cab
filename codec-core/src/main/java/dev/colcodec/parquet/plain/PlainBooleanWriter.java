package dev.colcodec.parquet.plain;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.BooleanValuesWriter;
import java.util.Objects;

/**
 * Writes PLAIN BOOLEAN values, bit-packed LSB-first with a zero-padded last byte; byte-identical to
 * parquet-java's {@code BooleanPlainValuesWriter}. Whole bytes of a batch are packed with {@link
 * Kernels#packBooleans}.
 */
public final class PlainBooleanWriter implements BooleanValuesWriter {
    private final Kernels kernels;
    private final PlainPage page = new PlainPage();
    private int pendingByte;
    private int pendingBits;

    public PlainBooleanWriter(Kernels kernels) {
        this.kernels = Objects.requireNonNull(kernels, "kernels");
    }

    /** A writer using {@link KernelProvider#best()}. */
    public PlainBooleanWriter() {
        this(KernelProvider.best());
    }

    @Override
    public void writeBoolean(boolean value) {
        page.count(1);
        addBit(value);
    }

    private void addBit(boolean value) {
        pendingByte |= (value ? 1 : 0) << pendingBits;
        if (++pendingBits == 8) {
            int p = page.reserve(1);
            page.array()[p] = (byte) pendingByte;
            pendingByte = 0;
            pendingBits = 0;
        }
    }

    @Override
    public void writeBooleans(boolean[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        page.count(len);
        int end = off + len;
        while (pendingBits != 0 && off < end) {
            addBit(src[off++]);
        }
        int whole = (end - off) & ~7;
        if (whole > 0) {
            int p = page.reserve(whole >>> 3);
            kernels.packBooleans(src, off, whole, page.array(), p);
            off += whole;
        }
        while (off < end) {
            addBit(src[off++]);
        }
    }

    @Override
    public int valueCount() {
        return page.valueCount();
    }

    @Override
    public long bufferedSize() {
        return page.bufferedSize() + (pendingBits > 0 ? 1 : 0);
    }

    @Override
    public byte[] toByteArray() {
        page.count(0);
        if (pendingBits > 0) {
            int p = page.reserve(1);
            page.array()[p] = (byte) pendingByte;
            pendingByte = 0;
            pendingBits = 0;
        }
        return page.toByteArray();
    }

    @Override
    public void reset() {
        page.reset();
        pendingByte = 0;
        pendingBits = 0;
    }
}
