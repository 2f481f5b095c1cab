package dev.colcodec.tsfile.rlbe;

import dev.colcodec.values.LongValuesReader;

/**
 * Reads a TsFile RLBE page of INT64 values: byte-aligned blocks of up to 10,000 values, each a
 * 32-bit count and runs of same-length differences (a length code, a Fibonacci-coded run length,
 * the values MSB-first). Like TsFile's decoder, the page is taken to run to the end of the slice
 * when the value count is unknown.
 */
public final class RlbeLongReader implements LongValuesReader {
    private final RlbeStreamReader stream = new RlbeStreamReader(RlbeType.INT64);

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        stream.init(valueCount, buf, offset, length);
    }

    @Override
    public long readLong() {
        return stream.readOne();
    }

    @Override
    public void readLongs(long[] dst, int off, int len) {
        stream.read(dst, off, len);
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
