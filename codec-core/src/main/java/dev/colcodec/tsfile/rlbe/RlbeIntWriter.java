package dev.colcodec.tsfile.rlbe;

import dev.colcodec.values.IntValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
import java.util.Objects;

/**
 * Writes a TsFile RLBE page of INT32 values, byte for byte as TsFile 2.4.0: blocks of up to 10,000
 * values, each value stored as the wrapping difference to its predecessor (the first of a block as
 * is), grouped in runs of equal bit length.
 */
public final class RlbeIntWriter extends PageForwardingWriter implements IntValuesWriter {
    private final RlbeStreamWriter stream;

    public RlbeIntWriter() {
        this(new RlbeStreamWriter(RlbeType.INT32));
    }

    private RlbeIntWriter(RlbeStreamWriter stream) {
        super(stream);
        this.stream = stream;
    }

    @Override
    public void writeInteger(int value) {
        stream.writeOne(value);
    }

    @Override
    public void writeIntegers(int[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        long[] bits = stream.chunkBuffer();
        while (len > 0) {
            int n = Math.min(len, bits.length);
            for (int k = 0; k < n; k++) {
                bits[k] = src[off + k];
            }
            stream.write(bits, 0, n);
            off += n;
            len -= n;
        }
    }
}
