package dev.colcodec.tsfile.ts2diff;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.FloatValuesWriter;
import java.util.Objects;

/**
 * Writes FLOAT values the way TsFile 2.4.0's {@code FloatEncoder(TS_2DIFF, FLOAT, maxPointNumber)}
 * does: lossy. Each value becomes {@code (int) Math.round((double) v * 10^maxPointNumber)}, or {@code Math.round(v)}
 * when that overflows an int, or its raw bits when even that overflows or it is NaN; the values go
 * through a {@link Ts2DiffIntWriter}, behind a header recording which values were not scaled (see
 * {@link Ts2DiffFloatReader}). Note that -0.0f reads back as 0.0 and precision beyond {@code
 * maxPointNumber} decimals is lost, as in TsFile.
 *
 * <p>Output equals TsFile's except the padding bits of {@link Ts2DiffIntWriter}.
 */
public final class Ts2DiffFloatWriter implements FloatValuesWriter {
    /** TsFile's default {@code floatPrecision}. */
    public static final int DEFAULT_MAX_POINT_NUMBER = 2;

    private static final int CHUNK = 256;

    private final Ts2DiffIntWriter inner;
    private final ScaledFloats kinds = new ScaledFloats();
    private final int maxPointNumber;
    private final double scale;
    private final int[] tmp = new int[CHUNK];

    /** @param maxPointNumber decimal digits kept (TsFile's {@code max_point_number}; negative means 0) */
    public Ts2DiffFloatWriter(Kernels kernels, int maxPointNumber) {
        this.inner = new Ts2DiffIntWriter(kernels);
        this.maxPointNumber = ScaledFloats.maxPointNumber(maxPointNumber);
        this.scale = ScaledFloats.maxPointValue(this.maxPointNumber);
    }

    /** A writer using {@link KernelProvider#best()}. */
    public Ts2DiffFloatWriter(int maxPointNumber) {
        this(KernelProvider.best(), maxPointNumber);
    }

    @Override
    public void writeFloat(float value) {
        byte kind = ScaledFloats.kindOf(value, scale);
        inner.writeInteger(ScaledFloats.toInt(value, scale, kind));
        kinds.add(kind);
    }

    @Override
    public void writeFloats(float[] src, int off, int len) {
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
    public int valueCount() {
        return inner.valueCount();
    }

    @Override
    public long bufferedSize() {
        return kinds.headerSize() + inner.bufferedSize();
    }

    @Override
    public byte[] toByteArray() {
        return kinds.assemble(maxPointNumber, inner.toByteArray());
    }

    @Override
    public void reset() {
        inner.reset();
        kinds.clear();
    }
}
