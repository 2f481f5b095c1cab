package dev.colcodec.tsfile.scaled;

import dev.colcodec.io.ByteSink;
import dev.colcodec.values.FloatValuesWriter;
import dev.colcodec.values.IntValuesWriter;
import java.util.Objects;

/**
 * Writes FLOAT values the way TsFile 2.4.0's lossy {@code FloatEncoder(encoding, FLOAT,
 * maxPointNumber)} does, around any INT32 stream writer: each value becomes {@code (int)
 * Math.round((double) v * 10^maxPointNumber)}, or {@code Math.round(v)} when that overflows an int, or
 * its raw bits when even that overflows or it is NaN; the ints go to the inner writer, behind a header
 * recording which values were not scaled (see {@link ScaledFloats}). -0.0f reads back as 0.0 and
 * precision beyond {@code maxPointNumber} decimals is lost, as in TsFile.
 */
public class ScaledFloatWriter implements FloatValuesWriter {
    private static final int CHUNK = 256;

    private final IntValuesWriter inner;
    private final ScaledFloats kinds = new ScaledFloats();
    private final int maxPointNumber;
    private final double scale;
    private final int[] tmp = new int[CHUNK];

    /**
     * @param inner the INT32 stream (TsFile uses TS_2DIFF or RLE), owned by this writer from now on
     * @param maxPointNumber decimal digits kept (TsFile's {@code max_point_number}; negative means 0)
     */
    public ScaledFloatWriter(IntValuesWriter inner, int maxPointNumber) {
        this.inner = Objects.requireNonNull(inner, "inner");
        this.maxPointNumber = ScaledFloats.maxPointNumber(maxPointNumber);
        this.scale = ScaledFloats.maxPointValue(this.maxPointNumber);
    }

    @Override
    public final void writeFloat(float value) {
        byte kind = ScaledFloats.kindOf(value, scale);
        inner.writeInteger(ScaledFloats.toInt(value, scale, kind));
        kinds.add(kind);
    }

    @Override
    public final void writeFloats(float[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        while (len > 0) {
            int m = Math.min(len, CHUNK);
            for (int k = 0; k < m; k++) {
                float v = src[off + k];
                byte kind = ScaledFloats.kindOf(v, scale);
                tmp[k] = ScaledFloats.toInt(v, scale, kind);
                kinds.add(kind);
            }
            inner.writeIntegers(tmp, 0, m);
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
    public final void finishTo(ByteSink out) {
        kinds.writeHeader(maxPointNumber, out);
        inner.finishTo(out);
    }

    @Override
    public final void reset() {
        inner.reset();
        kinds.clear();
    }
}
