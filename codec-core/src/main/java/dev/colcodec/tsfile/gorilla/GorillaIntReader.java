package dev.colcodec.tsfile.gorilla;

import dev.colcodec.values.IntValuesReader;
import java.util.Objects;

/**
 * Reads a TsFile GORILLA (V2) page of INT32 values (INT32 and DATE).
 *
 * <p>Pass the page's value count to {@link #init}: the reader then decodes exactly that many
 * values, so a value whose bits equal the end marker ({@code Integer.MIN_VALUE}) is read like any
 * other. TsFile's own decoder stops at the first such value instead, losing it and everything after
 * it. With {@link dev.colcodec.values.ValuesReader#UNKNOWN_COUNT} this reader also stops at the end
 * marker, and reading past it throws {@link dev.colcodec.CorruptInputException}.
 */
public final class GorillaIntReader implements IntValuesReader {
    private final GorillaStreamReader stream = new GorillaStreamReader(GorillaType.INT32);

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        stream.init(valueCount, buf, offset, length);
    }

    @Override
    public int readInteger() {
        return (int) stream.readOne();
    }

    @Override
    public void readIntegers(int[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        long[] bits = stream.chunkBuffer();
        while (len > 0) {
            int n = Math.min(len, bits.length);
            stream.read(bits, 0, n);
            for (int k = 0; k < n; k++) {
                dst[off + k] = (int) bits[k];
            }
            off += n;
            len -= n;
        }
    }

    @Override
    public void skip(int n) {
        stream.skip(n);
    }

    @Override
    public int endOffset() {
        return stream.endOffset();
    }
}
