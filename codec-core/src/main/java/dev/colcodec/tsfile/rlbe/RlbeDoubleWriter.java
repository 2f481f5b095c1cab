package dev.colcodec.tsfile.rlbe;

import dev.colcodec.values.DoubleValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
import java.util.Objects;

/**
 * Writes a TsFile RLBE page of DOUBLE values, byte for byte as TsFile 2.4.0: blocks of up to 10,000
 * values, each value stored as the wrapping difference of its raw bits to its predecessor's (the
 * first of a block as is), grouped in runs of equal bit length. Lossless, NaN payloads included.
 */
public final class RlbeDoubleWriter extends PageForwardingWriter implements DoubleValuesWriter {
    private final RlbeStreamWriter stream;

    public RlbeDoubleWriter() {
        this(new RlbeStreamWriter(RlbeType.DOUBLE));
    }

    private RlbeDoubleWriter(RlbeStreamWriter stream) {
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
