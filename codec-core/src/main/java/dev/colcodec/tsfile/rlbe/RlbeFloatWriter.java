package dev.colcodec.tsfile.rlbe;

import dev.colcodec.values.FloatValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
import java.util.Objects;

/**
 * Writes a TsFile RLBE page of FLOAT values, byte for byte as TsFile 2.4.0: blocks of up to 10,000
 * values, each value stored as the wrapping difference of its raw bits to its predecessor's (the
 * first of a block as is), grouped in runs of equal bit length. Lossless, NaN payloads included.
 */
public final class RlbeFloatWriter extends PageForwardingWriter implements FloatValuesWriter {
    private final RlbeStreamWriter stream;

    public RlbeFloatWriter() {
        this(new RlbeStreamWriter(RlbeType.FLOAT));
    }

    private RlbeFloatWriter(RlbeStreamWriter stream) {
        super(stream);
        this.stream = stream;
    }

    @Override
    public void writeFloat(float value) {
        stream.writeOne(Float.floatToRawIntBits(value));
    }

    @Override
    public void writeFloats(float[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        long[] bits = stream.chunkBuffer();
        while (len > 0) {
            int n = Math.min(len, bits.length);
            for (int k = 0; k < n; k++) {
                bits[k] = Float.floatToRawIntBits(src[off + k]);
            }
            stream.write(bits, 0, n);
            off += n;
            len -= n;
        }
    }
}
