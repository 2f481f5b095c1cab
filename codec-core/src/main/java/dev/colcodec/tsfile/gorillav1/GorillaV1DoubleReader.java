package dev.colcodec.tsfile.gorillav1;

import dev.colcodec.values.DoubleValuesReader;
import java.util.Objects;

/**
 * Reads TsFile GORILLA_V1 pages of DOUBLE values (the legacy encoding byte 6, tsfile's {@code
 * DoublePrecisionDecoderV1} format, see {@link GorillaV1Format}). Given the page's value count it
 * decodes exactly that many values, NaNs included; with {@code UNKNOWN_COUNT} the canonical NaN ends
 * the page as in TsFile.
 */
public final class GorillaV1DoubleReader implements DoubleValuesReader {
    private final GorillaV1StreamReader stream = new GorillaV1StreamReader(GorillaV1Format.DOUBLE);

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        stream.init(valueCount, buf, offset, length);
    }

    @Override
    public double readDouble() {
        return Double.longBitsToDouble(stream.next());
    }

    @Override
    public void readDoubles(double[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        for (int i = off, e = off + len; i < e; i++) {
            dst[i] = Double.longBitsToDouble(stream.next());
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
