package dev.colcodec.tsfile.rlbe;

import dev.colcodec.io.ByteSink;
import dev.colcodec.values.IntValuesWriter;
import java.util.Objects;

/**
 * Writes a TsFile RLBE page of INT32 values, byte for byte as TsFile 2.4.0: blocks of up to 10,000
 * values, each value stored as the wrapping difference to its predecessor (the first of a block as
 * is), grouped in runs of equal bit length.
 */
public final class RlbeIntWriter implements IntValuesWriter {
    private final RlbeStreamWriter stream = new RlbeStreamWriter(RlbeType.INT32);

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
