package dev.colcodec.tsfile.gorilla;

import dev.colcodec.io.ByteSink;
import dev.colcodec.values.IntValuesWriter;
import java.util.Objects;

/**
 * Writes a TsFile GORILLA (V2) page of INT32 values (INT32 and DATE), byte for byte as TsFile 2.4.0
 * does: the end marker ({@code Integer.MIN_VALUE}) is encoded after the last value and one more
 * byte always follows the bit stream. A value equal to the end marker is written like any other;
 * TsFile's decoder cannot read past it, but {@link GorillaIntReader} given the page's value count
 * can.
 */
public final class GorillaIntWriter implements IntValuesWriter {
    private final GorillaStreamWriter stream = new GorillaStreamWriter(GorillaType.INT32);

    @Override
    public void writeInteger(int value) {
        stream.writeOne(value);
    }

    @Override
    public void writeIntegers(int[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        long[] bits = stream.chunkBuffer();
        while (len > 0) {
            int n = Math.min(len, bits.length);
            for (int k = 0; k < n; k++) {
                bits[k] = src[off + k];
            }
            stream.write(bits, 0, n);
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
