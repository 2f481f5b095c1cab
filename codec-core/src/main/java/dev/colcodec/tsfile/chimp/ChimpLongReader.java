package dev.colcodec.tsfile.chimp;

import dev.colcodec.values.LongValuesReader;

/**
 * Reads a TsFile CHIMP page of INT64 values (INT64 and TIMESTAMP).
 *
 * <p>Pass the page's value count to {@link #init}: the reader then decodes exactly that many
 * values, so a value whose bits equal the end marker ({@code Long.MIN_VALUE}) is read like any
 * other. TsFile's own decoder stops at the first such value instead, losing it and everything after
 * it. With {@link dev.colcodec.values.ValuesReader#UNKNOWN_COUNT} this reader also stops at the end
 * marker, and reading past it throws {@link dev.colcodec.CorruptInputException}.
 */
public final class ChimpLongReader implements LongValuesReader {
    private final ChimpStreamReader stream = new ChimpStreamReader(ChimpType.INT64);

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
