package dev.colcodec.tsfile.zigzag;

import dev.colcodec.values.LongValuesReader;

/**
 * Reads a TsFile ZIGZAG page of INT64 values: {@code uvarint byteLength, uvarint count} and the
 * zigzag varints (TsFile's {@code LongZigzagDecoder}). Several such groups in one page are read one
 * after the other, as TsFile does.
 */
public final class ZigzagLongReader implements LongValuesReader {
    private final ZigzagStreamReader stream = new ZigzagStreamReader(true);

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        stream.init(valueCount, buf, offset, length);
    }

    @Override
    public long readLong() {
        return stream.readOne();
    }

    @Override
    public void readLongs(long[] dst, int off, int len) {
        stream.read(dst, off, len);
    }

    @Override
    public void skip(int n) {
        stream.skip(n);
    }

    @Override
    public int endOffset() {
        return stream.endOffset();
    }
}
