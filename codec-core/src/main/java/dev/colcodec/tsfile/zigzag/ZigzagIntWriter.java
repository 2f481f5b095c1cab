package dev.colcodec.tsfile.zigzag;

import dev.colcodec.values.IntValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
import java.util.Objects;

/**
 * Writes a TsFile ZIGZAG page of INT32 values, byte for byte as TsFile 2.4.0's {@code
 * IntZigzagEncoder}: {@code uvarint byteLength, uvarint count}, then each value as a zigzag varint. An
 * empty page is zero bytes.
 */
public final class ZigzagIntWriter extends PageForwardingWriter implements IntValuesWriter {
    private final ZigzagStreamWriter stream;

    public ZigzagIntWriter() {
        this(new ZigzagStreamWriter(false));
    }

    private ZigzagIntWriter(ZigzagStreamWriter stream) {
        super(stream);
        this.stream = stream;
    }

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
}
