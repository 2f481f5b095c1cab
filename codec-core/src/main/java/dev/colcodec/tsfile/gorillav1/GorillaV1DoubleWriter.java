package dev.colcodec.tsfile.gorillav1;

import dev.colcodec.values.DoubleValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
import java.util.Objects;

/**
 * Writes a TsFile GORILLA_V1 page of DOUBLE values (the legacy encoding byte 6), byte for byte as tsfile
 * 2.4.0's {@code DoublePrecisionEncoderV1}: see {@link GorillaV1Format}. Values are stored as {@code
 * doubleToLongBits}, so every NaN becomes the canonical NaN, which is also the page's end marker:
 * TsFile's decoder stops at the first NaN, {@link GorillaV1DoubleReader} given the count does not.
 */
public final class GorillaV1DoubleWriter extends PageForwardingWriter implements DoubleValuesWriter {
    private final GorillaV1StreamWriter stream;

    public GorillaV1DoubleWriter() {
        this(new GorillaV1StreamWriter(GorillaV1Format.DOUBLE));
    }

    private GorillaV1DoubleWriter(GorillaV1StreamWriter stream) {
        super(stream);
        this.stream = stream;
    }

    @Override
    public void writeDouble(double value) {
        stream.write(Double.doubleToLongBits(value));
    }

    @Override
    public void writeDoubles(double[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        for (int i = off, e = off + len; i < e; i++) {
            stream.write(Double.doubleToLongBits(src[i]));
        }
    }
}
