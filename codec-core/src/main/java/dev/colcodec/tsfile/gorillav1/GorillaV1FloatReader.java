package dev.colcodec.tsfile.gorillav1;

import dev.colcodec.values.FloatValuesReader;
import java.util.Objects;

/**
 * Reads TsFile GORILLA_V1 pages of FLOAT values (the legacy encoding byte 6, tsfile's {@code
 * SinglePrecisionDecoderV1} format, see {@link GorillaV1Format}). Given the page's value count it
 * decodes exactly that many values, NaNs included; with {@code UNKNOWN_COUNT} the canonical NaN ends
 * the page as in TsFile.
 */
public final class GorillaV1FloatReader implements FloatValuesReader {
    private final GorillaV1StreamReader stream = new GorillaV1StreamReader(GorillaV1Format.FLOAT);

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        stream.init(valueCount, buf, offset, length);
    }

    @Override
    public float readFloat() {
        return Float.intBitsToFloat((int) stream.next());
    }

    @Override
    public void readFloats(float[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        for (int i = off, e = off + len; i < e; i++) {
            dst[i] = Float.intBitsToFloat((int) stream.next());
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
