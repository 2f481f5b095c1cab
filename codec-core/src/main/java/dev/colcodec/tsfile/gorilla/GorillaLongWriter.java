package dev.colcodec.tsfile.gorilla;

import dev.colcodec.values.LongValuesWriter;
import dev.colcodec.values.PageForwardingWriter;

/**
 * Writes a TsFile GORILLA (V2) page of INT64 values (INT64 and TIMESTAMP), byte for byte as TsFile
 * 2.4.0 does: the end marker ({@code Long.MIN_VALUE}) is encoded after the last value and one more
 * byte always follows the bit stream. A value equal to the end marker is written like any other;
 * TsFile's decoder cannot read past it, but {@link GorillaLongReader} given the page's value count
 * can.
 */
public final class GorillaLongWriter extends PageForwardingWriter implements LongValuesWriter {
    private final GorillaStreamWriter stream;

    public GorillaLongWriter() {
        this(new GorillaStreamWriter(GorillaType.INT64));
    }

    private GorillaLongWriter(GorillaStreamWriter stream) {
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
