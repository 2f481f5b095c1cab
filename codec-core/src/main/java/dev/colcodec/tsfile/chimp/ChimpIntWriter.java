package dev.colcodec.tsfile.chimp;

import dev.colcodec.values.IntValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
import java.util.Objects;

/**
 * Writes a TsFile CHIMP page of INT32 values (INT32 and DATE), byte for byte as TsFile 2.4.0 does:
 * the end marker ({@code Integer.MIN_VALUE}) is encoded after the last value and one more byte
 * always follows the bit stream. A value equal to the end marker is written like any other;
 * TsFile's decoder cannot read past it, but {@link ChimpIntReader} given the page's value count
 * can.
 */
public final class ChimpIntWriter extends PageForwardingWriter implements IntValuesWriter {
    private final ChimpStreamWriter stream;

    public ChimpIntWriter() {
        this(new ChimpStreamWriter(ChimpType.INT32));
    }

    private ChimpIntWriter(ChimpStreamWriter stream) {
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
