package dev.colcodec.tsfile.plain;

import dev.colcodec.values.BooleanValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
import java.util.Objects;

/**
 * Writes TsFile PLAIN BOOLEAN values: one byte, 1 or 0, each. Output is byte-identical to TsFile's
 * {@code PlainEncoder}.
 */
public final class PlainBooleanWriter extends PageForwardingWriter implements BooleanValuesWriter {
    private final PlainPage page;

    /** Booleans need no kernels; the constructor exists for symmetry with the other writers. */
    public PlainBooleanWriter() {
        this(new PlainPage());
    }

    private PlainBooleanWriter(PlainPage page) {
        super(page);
        this.page = page;
    }

    @Override
    public void writeBoolean(boolean value) {
        page.open(1);
        page.sink.write(value ? 1 : 0);
    }

    @Override
    public void writeBooleans(boolean[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        int p = page.reserve(len, 1);
        byte[] a = page.sink.array();
        for (int i = 0; i < len; i++) {
            a[p + i] = (byte) (src[off + i] ? 1 : 0);
        }
        page.sink.advance(len);
    }
}
