package dev.colcodec.tsfile.zigzag;

import dev.colcodec.io.ByteSink;
import dev.colcodec.values.IntValuesWriter;
import java.util.Objects;

/**
 * Writes a TsFile ZIGZAG page of INT32 values, byte for byte as TsFile 2.4.0's {@code
 * IntZigzagEncoder}: {@code uvarint byteLength, uvarint count}, then each value as a zigzag varint. An
 * empty page is zero bytes.
 */
public final class ZigzagIntWriter implements IntValuesWriter {
    private final ZigzagStreamWriter stream = new ZigzagStreamWriter(false);

    @Override
    public void writeInteger(int value) {
        stream.writeOne(value);
    }

    @Override
    public void writeIntegers(int[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        long[] values = stream.chunkBuffer();
        while (len > 0) {
            int n = Math.min(len, values.length);
            for (int k = 0; k < n; k++) {
                values[k] = src[off + k];
            }
            stream.write(values, 0, n);
            off += n;
            len -= n;
        }
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
