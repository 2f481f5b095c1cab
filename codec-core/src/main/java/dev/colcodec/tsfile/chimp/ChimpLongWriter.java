package dev.colcodec.tsfile.chimp;

import dev.colcodec.values.LongValuesWriter;
import dev.colcodec.values.PageForwardingWriter;

/**
 * Writes a TsFile CHIMP page of INT64 values (INT64 and TIMESTAMP), byte for byte as TsFile 2.4.0
 * does: the end marker ({@code Long.MIN_VALUE}) is encoded after the last value and one more byte
 * always follows the bit stream. A value equal to the end marker is written like any other;
 * TsFile's decoder cannot read past it, but {@link ChimpLongReader} given the page's value count
 * can.
 */
public final class ChimpLongWriter extends PageForwardingWriter implements LongValuesWriter {
    private final ChimpStreamWriter stream;

    public ChimpLongWriter() {
        this(new ChimpStreamWriter(ChimpType.INT64));
    }

    private ChimpLongWriter(ChimpStreamWriter stream) {
        super(stream);
        this.stream = stream;
    }

    @Override
    public void writeLong(long value) {
        stream.writeOne(value);
    }

    @Override
    public void writeLongs(long[] src, int off, int len) {
        stream.write(src, off, len);
    }
}
