package dev.colcodec.tsfile.rle;

import dev.colcodec.io.ByteSink;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.LongValuesWriter;
import java.util.Objects;

/**
 * Writes TsFile RLE INT64 and TIMESTAMP values, byte-identical to TsFile's {@code LongRleEncoder}: the
 * layout of {@link RleIntWriter} with a bit width up to 64 and RLE run values in {@code ceil(bitWidth /
 * 8)} <b>big-endian</b> bytes (TsFile's {@code writeLongLittleEndianPaddedOnBitWidth} writes big-endian
 * despite its name).
 *
 * <p>Values are buffered until {@link #toByteArray()}; each bit-packed run is one {@link
 * Kernels#packMsb} call.
 */
public final class RleLongWriter implements LongValuesWriter {
    private final Kernels kernels;
    private final RlePageEncoder page = new RlePageEncoder(false);

    public RleLongWriter(Kernels kernels) {
        this.kernels = kernels;
    }

    /** A writer using {@link KernelProvider#best()}. */
    public RleLongWriter() {
        this(KernelProvider.best());
    }

    @Override
    public void writeLong(long value) {
        int at = page.reserve(1);
        page.values()[at] = value;
    }

    @Override
    public void writeLongs(long[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        int at = page.reserve(len);
        System.arraycopy(src, off, page.values(), at, len);
    }

    @Override
    public int valueCount() {
        return page.count();
    }

    @Override
    public long bufferedSize() {
        return page.bufferedSize();
    }

    @Override
    public byte[] toByteArray() {
        return page.toByteArray(kernels);
    }

    @Override
    public void finishTo(ByteSink out) {
        page.finishTo(kernels, out);
    }

    @Override
    public void reset() {
        page.reset();
    }
}
