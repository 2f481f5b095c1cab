package dev.colcodec.tsfile.zigzag;

import dev.colcodec.values.LongValuesWriter;
import dev.colcodec.values.PageForwardingWriter;

/**
 * Writes a TsFile ZIGZAG page of INT64 values, byte for byte as TsFile 2.4.0's {@code
 * LongZigzagEncoder}: {@code uvarint byteLength, uvarint count}, then each value as a zigzag varint. An
 * empty page is zero bytes.
 */
public final class ZigzagLongWriter extends PageForwardingWriter implements LongValuesWriter {
    private final ZigzagStreamWriter stream;

    public ZigzagLongWriter() {
        this(new ZigzagStreamWriter(true));
    }

    private ZigzagLongWriter(ZigzagStreamWriter stream) {
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
