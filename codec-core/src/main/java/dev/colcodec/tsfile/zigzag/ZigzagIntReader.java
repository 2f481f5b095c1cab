package dev.colcodec.tsfile.zigzag;

import dev.colcodec.values.IntValuesReader;
import java.util.Objects;

/**
 * Reads a TsFile ZIGZAG page of INT32 values: {@code uvarint byteLength, uvarint count} and the
 * zigzag varints (TsFile's {@code IntZigzagDecoder}). Several such groups in one page are read one
 * after the other, as TsFile does.
 */
public final class ZigzagIntReader implements IntValuesReader {
    private final ZigzagStreamReader stream = new ZigzagStreamReader(false);

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        stream.init(valueCount, buf, offset, length);
    }

    @Override
    public int readInteger() {
        return (int) stream.readOne();
    }

    @Override
    public void readIntegers(int[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        long[] values = stream.chunkBuffer();
        while (len > 0) {
            int n = Math.min(len, values.length);
            stream.read(values, 0, n);
            for (int k = 0; k < n; k++) {
                dst[off + k] = (int) values[k];
            }
            off += n;
            len -= n;
        }
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
