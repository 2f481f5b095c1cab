package dev.colcodec.tsfile.gorilla;

import dev.colcodec.values.FloatValuesReader;
import java.util.Objects;

/**
 * Reads a TsFile GORILLA (V2) page of FLOAT values; raw bits are kept, NaN payloads included.
 *
 * <p>Pass the page's value count to {@link #init}: the reader then decodes exactly that many
 * values, so a value whose bits equal the end marker (the canonical NaN, {@code 0x7fc00000}) is
 * read like any other. TsFile's own decoder stops at the first such value instead, losing it and
 * everything after it. With {@link dev.colcodec.values.ValuesReader#UNKNOWN_COUNT} this reader also
 * stops at the end marker, and reading past it throws {@link dev.colcodec.CorruptInputException}.
 */
public final class GorillaFloatReader implements FloatValuesReader {
    private final GorillaStreamReader stream = new GorillaStreamReader(GorillaType.FLOAT);

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        stream.init(valueCount, buf, offset, length);
    }

    @Override
    public float readFloat() {
        return Float.intBitsToFloat((int) stream.readOne());
    }

    @Override
    public void readFloats(float[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        long[] bits = stream.chunkBuffer();
        while (len > 0) {
            int n = Math.min(len, bits.length);
            stream.read(bits, 0, n);
            for (int k = 0; k < n; k++) {
                dst[off + k] = Float.intBitsToFloat((int) bits[k]);
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
