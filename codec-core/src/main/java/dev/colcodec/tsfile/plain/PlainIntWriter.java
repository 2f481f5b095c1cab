package dev.colcodec.tsfile.plain;

import dev.colcodec.values.IntValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
import java.util.Objects;

/**
 * Writes TsFile PLAIN INT32 and DATE values as zigzag varints. Batches reserve 5 bytes per value once
 * and write straight into the page array. Output is byte-identical to TsFile's {@code PlainEncoder}.
 */
public final class PlainIntWriter extends PageForwardingWriter implements IntValuesWriter {
    private final PlainPage page;

    /** Varints need no kernels; the constructor exists for symmetry with the other writers. */
    public PlainIntWriter() {
        this(new PlainPage());
    }

    private PlainIntWriter(PlainPage page) {
        super(page);
        this.page = page;
    }

    @Override
    public void writeInteger(int value) {
        int p = page.reserve(1, ZigZagVarInts.MAX_BYTES);
        page.sink.setSize(ZigZagVarInts.write(ZigZagVarInts.zigZag(value), page.sink.array(), p));
    }

    @Override
    public void writeIntegers(int[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        int p = page.reserve(len, ZigZagVarInts.MAX_BYTES);
        page.sink.setSize(ZigZagVarInts.writeBatch(src, off, len, page.sink.array(), p));
    }
}
