package dev.colcodec.tsfile.rle;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.IntValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
import java.util.Objects;

/**
 * Writes TsFile RLE INT32 and DATE values, byte-identical to TsFile's {@code IntRleEncoder}: one
 * segment {@code <ULEB128 length> <bitWidth> <runs>} where the bit width is the page's widest value
 * (at least 1; negative values make it 32, there is no zigzag), RLE runs store their value in {@code
 * ceil(bitWidth / 8)} little-endian bytes, and bit-packed runs pack groups of 8 MSB-first with an extra
 * byte counting the valid values of the last group. An empty page is the single byte {@code 00}.
 *
 * <p>Values are buffered until {@link #toByteArray()} because the bit width depends on the whole page;
 * each bit-packed run is then one {@link Kernels#packMsb} call.
 */
public final class RleIntWriter extends PageForwardingWriter implements IntValuesWriter {
    private final RlePageEncoder page;

    public RleIntWriter(Kernels kernels) {
        this(new RlePageEncoder(true, kernels));
    }

    /** A writer using {@link KernelProvider#best()}. */
    public RleIntWriter() {
        this(KernelProvider.best());
    }

    private RleIntWriter(RlePageEncoder page) {
        super(page);
        this.page = page;
    }

    @Override
    public void writeInteger(int value) {
        int at = page.reserve(1);
        page.values()[at] = value & 0xFFFFFFFFL;
    }

    @Override
    public void writeIntegers(int[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        int at = page.reserve(len);
        long[] v = page.values();
        for (int i = 0; i < len; i++) {
            v[at + i] = src[off + i] & 0xFFFFFFFFL;
        }
    }
}
