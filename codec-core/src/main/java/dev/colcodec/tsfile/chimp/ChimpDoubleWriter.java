package dev.colcodec.tsfile.chimp;

import dev.colcodec.values.DoubleValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
import java.util.Objects;

/**
 * Writes a TsFile CHIMP page of DOUBLE values (raw bits, NaN payloads kept), byte for byte as
 * TsFile 2.4.0 does: the end marker (the canonical NaN, {@code 0x7ff8000000000000}) is encoded
 * after the last value and one more byte always follows the bit stream. A value equal to the end
 * marker is written like any other; TsFile's decoder cannot read past it, but {@link
 * ChimpDoubleReader} given the page's value count can.
 */
public final class ChimpDoubleWriter extends PageForwardingWriter implements DoubleValuesWriter {
    private final ChimpStreamWriter stream;

    public ChimpDoubleWriter() {
        this(new ChimpStreamWriter(ChimpType.DOUBLE));
    }

    private ChimpDoubleWriter(ChimpStreamWriter stream) {
        super(stream);
        this.stream = stream;
    }

    @Override
    public void writeDouble(double value) {
        stream.writeOne(Double.doubleToRawLongBits(value));
    }

    @Override
    public void writeDoubles(double[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        long[] bits = stream.chunkBuffer();
        while (len > 0) {
            int n = Math.min(len, bits.length);
            for (int k = 0; k < n; k++) {
                bits[k] = Double.doubleToRawLongBits(src[off + k]);
            }
            stream.write(bits, 0, n);
            off += n;
            len -= n;
        }
    }
}
