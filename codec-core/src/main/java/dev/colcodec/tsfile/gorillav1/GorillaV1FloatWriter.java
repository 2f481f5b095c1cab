package dev.colcodec.tsfile.gorillav1;

import dev.colcodec.values.FloatValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
import java.util.Objects;

/**
 * Writes a TsFile GORILLA_V1 page of FLOAT values (the legacy encoding byte 6), byte for byte as tsfile
 * 2.4.0's {@code SinglePrecisionEncoderV1} (see {@link GorillaV1Format}), but for NaN payloads. Values are
 * stored as their raw bits, so a NaN keeps its payload; TsFile stores {@code floatToIntBits}, which makes
 * every NaN the canonical one, the page's end marker. Only a NaN with another payload gives other bytes.
 * TsFile's decoder stops at the first NaN of either kind; {@link GorillaV1FloatReader} given the count
 * does not, and without it stops only at the canonical NaN.
 */
public final class GorillaV1FloatWriter extends PageForwardingWriter implements FloatValuesWriter {
    private final GorillaV1StreamWriter stream;

    public GorillaV1FloatWriter() {
        this(new GorillaV1StreamWriter(GorillaV1Format.FLOAT));
    }

    private GorillaV1FloatWriter(GorillaV1StreamWriter stream) {
        super(stream);
        this.stream = stream;
    }

    @Override
    public void writeFloat(float value) {
        stream.write(Integer.toUnsignedLong(Float.floatToRawIntBits(value)));
    }

    @Override
    public void writeFloats(float[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        for (int i = off, e = off + len; i < e; i++) {
            stream.write(Integer.toUnsignedLong(Float.floatToRawIntBits(src[i])));
        }
    }
}
