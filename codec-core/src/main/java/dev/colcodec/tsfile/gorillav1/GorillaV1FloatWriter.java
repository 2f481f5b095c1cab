package dev.colcodec.tsfile.gorillav1;

import dev.colcodec.values.FloatValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
import java.util.Objects;

/**
 * Writes a TsFile GORILLA_V1 page of FLOAT values (the legacy encoding byte 6), byte for byte as tsfile
 * 2.4.0's {@code SinglePrecisionEncoderV1}: see {@link GorillaV1Format}. Values are stored as {@code
 * floatToIntBits}, so every NaN becomes the canonical NaN, which is also the page's end marker:
 * TsFile's decoder stops at the first NaN, {@link GorillaV1FloatReader} given the count does not.
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
        stream.write(Integer.toUnsignedLong(Float.floatToIntBits(value)));
    }

    @Override
    public void writeFloats(float[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        for (int i = off, e = off + len; i < e; i++) {
            stream.write(Integer.toUnsignedLong(Float.floatToIntBits(src[i])));
        }
    }
}
