package dev.colcodec.tsfile.rlbe;

import dev.colcodec.io.ByteSink;
import dev.colcodec.values.LongValuesWriter;

/**
 * Writes a TsFile RLBE page of INT64 values, byte for byte as TsFile 2.4.0: blocks of up to 10,000
 * values, each value stored as the wrapping difference to its predecessor (the first of a block as
 * is), grouped in runs of equal bit length.
 */
public final class RlbeLongWriter implements LongValuesWriter {
    private final RlbeStreamWriter stream = new RlbeStreamWriter(RlbeType.INT64);

    @Override
    public void writeLong(long value) {
        stream.writeOne(value);
    }

    @Override
    public void writeLongs(long[] src, int off, int len) {
        stream.write(src, off, len);
    }

    @Override
    public int valueCount() {
        return stream.valueCount();
    }

    @Override
    public long bufferedSize() {
        return stream.bufferedSize();
    }

    @Override
    public byte[] toByteArray() {
        return stream.toByteArray();
    }

    @Override
    public void finishTo(ByteSink out) {
        stream.finishTo(out);
    }

    @Override
    public void reset() {
        stream.reset();
    }
}
