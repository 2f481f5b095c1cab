package dev.colcodec.tsfile.rlbe;

import dev.colcodec.values.LongValuesWriter;
import dev.colcodec.values.PageForwardingWriter;

/**
 * Writes a TsFile RLBE page of INT64 values, byte for byte as TsFile 2.4.0: blocks of up to 10,000
 * values, each value stored as the wrapping difference to its predecessor (the first of a block as
 * is), grouped in runs of equal bit length.
 */
public final class RlbeLongWriter extends PageForwardingWriter implements LongValuesWriter {
    private final RlbeStreamWriter stream;

    public RlbeLongWriter() {
        this(new RlbeStreamWriter(RlbeType.INT64));
    }

    private RlbeLongWriter(RlbeStreamWriter stream) {
        super(stream);
        this.stream = stream;
    }

    @Override
    public void writeLong(long value) {
        stream.writeOne(value);
    }

    @Override
    public void writeLongs(long[] src, int off, int len) {
        stream.write(src, off, len);
    }
}
