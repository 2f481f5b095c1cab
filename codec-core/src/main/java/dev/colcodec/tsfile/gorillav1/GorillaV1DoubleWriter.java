package dev.colcodec.tsfile.gorillav1;

import dev.colcodec.values.DoubleValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
import java.util.Objects;

/**
 * Writes a TsFile GORILLA_V1 page of DOUBLE values (the legacy encoding byte 6), byte for byte as tsfile
 * 2.4.0's {@code DoublePrecisionEncoderV1} (see {@link GorillaV1Format}), but for NaN payloads. Values are
 * stored as their raw bits, so a NaN keeps its payload; TsFile stores {@code doubleToLongBits}, which makes
 * every NaN the canonical one, the page's end marker. Only a NaN with another payload gives other bytes.
 * TsFile's decoder stops at the first NaN of either kind; {@link GorillaV1DoubleReader} given the count
 * does not, and without it stops only at the canonical NaN.
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
        stream.write(Double.doubleToRawLongBits(value));
    }

    @Override
    public void writeDoubles(double[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        for (int i = off, e = off + len; i < e; i++) {
            stream.write(Double.doubleToRawLongBits(src[i]));
        }
    }
}
