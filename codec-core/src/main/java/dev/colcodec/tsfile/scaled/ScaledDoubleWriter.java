package dev.colcodec.tsfile.scaled;

import dev.colcodec.values.DoubleValuesWriter;
import dev.colcodec.values.LongValuesWriter;
import java.util.Objects;

/**
 * Writes DOUBLE values the way TsFile 2.4.0's lossy {@code FloatEncoder(encoding, DOUBLE,
 * maxPointNumber)} does, around any INT64 stream writer: each value becomes {@code Math.round(v *
 * 10^maxPointNumber)}, or {@code Math.round(v)} when that overflows a long, or its raw bits when even
 * that overflows or it is NaN; the longs go to the inner writer, behind a header recording which
 * values were not scaled (see {@link ScaledFloats}). -0.0 reads back as 0.0 and precision beyond
 * {@code maxPointNumber} decimals is lost, as in TsFile.
 */
public class ScaledDoubleWriter implements DoubleValuesWriter {
    private static final int CHUNK = 256;

    private final LongValuesWriter inner;
    private final ScaledFloats kinds = new ScaledFloats();
    private final int maxPointNumber;
    private final double scale;
    private final long[] tmp = new long[CHUNK];

    /**
     * @param inner the INT64 stream (TsFile uses TS_2DIFF or RLE), owned by this writer from now on
     * @param maxPointNumber decimal digits kept (TsFile's {@code max_point_number}; negative means 0)
     */
    public ScaledDoubleWriter(LongValuesWriter inner, int maxPointNumber) {
        this.inner = Objects.requireNonNull(inner, "inner");
        this.maxPointNumber = ScaledFloats.maxPointNumber(maxPointNumber);
        this.scale = ScaledFloats.maxPointValue(this.maxPointNumber);
    }

    @Override
    public final void writeDouble(double value) {
        byte kind = ScaledFloats.kindOf(value, scale);
        inner.writeLong(ScaledFloats.toLong(value, scale, kind));
        kinds.add(kind);
    }

    @Override
    public final void writeDoubles(double[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        while (len > 0) {
            int m = Math.min(len, CHUNK);
            for (int k = 0; k < m; k++) {
                double v = src[off + k];
                byte kind = ScaledFloats.kindOf(v, scale);
                tmp[k] = ScaledFloats.toLong(v, scale, kind);
                kinds.add(kind);
            }
            inner.writeLongs(tmp, 0, m);
            off += m;
            len -= m;
        }
    }

    @Override
    public final int valueCount() {
        return inner.valueCount();
    }

    @Override
    public final long bufferedSize() {
        return kinds.headerSize() + inner.bufferedSize();
    }

    @Override
    public final byte[] toByteArray() {
        return kinds.assemble(maxPointNumber, inner.toByteArray());
    }

    @Override
    public final void reset() {
        inner.reset();
        kinds.clear();
    }
}
