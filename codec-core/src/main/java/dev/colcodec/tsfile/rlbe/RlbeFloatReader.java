package dev.colcodec.tsfile.rlbe;

import dev.colcodec.values.FloatValuesReader;
import java.util.Objects;

/**
 * Reads a TsFile RLBE page of FLOAT values: byte-aligned blocks of up to 10,000 values, each a
 * 32-bit count and runs of same-length differences (a length code, a Fibonacci-coded run length,
 * the values MSB-first). Values are raw bits, NaN payloads included. Like TsFile's decoder, the
 * page is taken to run to the end of the slice when the value count is unknown.
 */
public final class RlbeFloatReader implements FloatValuesReader {
    private final RlbeStreamReader stream = new RlbeStreamReader(RlbeType.FLOAT);

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        stream.init(valueCount, buf, offset, length);
    }

    @Override
    public float readFloat() {
        return Float.intBitsToFloat((int) stream.readOne());
    }

    @Override
    public void readFloats(float[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        long[] bits = stream.chunkBuffer();
        while (len > 0) {
            int n = Math.min(len, bits.length);
            stream.read(bits, 0, n);
            for (int k = 0; k < n; k++) {
                dst[off + k] = Float.intBitsToFloat((int) bits[k]);
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
