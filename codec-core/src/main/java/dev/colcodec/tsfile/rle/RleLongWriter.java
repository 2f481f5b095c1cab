package dev.colcodec.tsfile.rle;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.LongValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
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
public final class RleLongWriter extends PageForwardingWriter implements LongValuesWriter {
    private final RlePageEncoder page;

    public RleLongWriter(Kernels kernels) {
        this(new RlePageEncoder(false, kernels));
    }

    /** A writer using {@link KernelProvider#best()}. */
    public RleLongWriter() {
        this(KernelProvider.best());
    }

    private RleLongWriter(RlePageEncoder page) {
        super(page);
        this.page = page;
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
}
