package dev.colcodec.tsfile.zigzag;

import dev.colcodec.io.ByteSink;
import dev.colcodec.values.LongValuesWriter;

/**
 * Writes a TsFile ZIGZAG page of INT64 values, byte for byte as TsFile 2.4.0's {@code
 * LongZigzagEncoder}: {@code uvarint byteLength, uvarint count}, then each value as a zigzag varint. An
 * empty page is zero bytes.
 */
public final class ZigzagLongWriter implements LongValuesWriter {
    private final ZigzagStreamWriter stream = new ZigzagStreamWriter(true);

    @Override
    public void writeLong(long value) {
        stream.writeOne(value);
    }

    @Override
    public void writeLongs(long[] src, int off, int len) {
        stream.write(src, off, len);
    }

    @Override
    public int valueCount() {
        return stream.valueCount();
    }

    @Override
    public long bufferedSize() {
        return stream.bufferedSize();
    }

    @Override
    public byte[] toByteArray() {
        return stream.toByteArray();
    }

    @Override
    public void finishTo(ByteSink out) {
        stream.finishTo(out);
    }

    @Override
    public void reset() {
        stream.reset();
    }
}
