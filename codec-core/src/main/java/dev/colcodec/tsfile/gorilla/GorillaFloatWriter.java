package dev.colcodec.tsfile.gorilla;

import dev.colcodec.values.FloatValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
import java.util.Objects;

/**
 * Writes a TsFile GORILLA (V2) page of FLOAT values (raw bits, NaN payloads kept), byte for byte as
 * TsFile 2.4.0 does: the end marker (the canonical NaN, {@code 0x7fc00000}) is encoded after the
 * last value and one more byte always follows the bit stream. A value equal to the end marker is
 * written like any other; TsFile's decoder cannot read past it, but {@link GorillaFloatReader}
 * given the page's value count can.
 */
public final class GorillaFloatWriter extends PageForwardingWriter implements FloatValuesWriter {
    private final GorillaStreamWriter stream;

    public GorillaFloatWriter() {
        this(new GorillaStreamWriter(GorillaType.FLOAT));
    }

    private GorillaFloatWriter(GorillaStreamWriter stream) {
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
