package dev.colcodec.tsfile.ts2diff;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.DoubleValuesWriter;
import java.util.Objects;

/**
 * Writes DOUBLE values the way TsFile 2.4.0's {@code FloatEncoder(TS_2DIFF, DOUBLE, maxPointNumber)}
 * does: lossy. Each value becomes {@code Math.round(v * 10^maxPointNumber)}, or {@code Math.round(v)}
 * when that overflows a long, or its raw bits when even that overflows or it is NaN; the values go
 * through a {@link Ts2DiffLongWriter}, behind a header recording which values were not scaled (see
 * {@link Ts2DiffDoubleReader}). Note that -0.0 reads back as 0.0 and precision beyond {@code
 * maxPointNumber} decimals is lost, as in TsFile.
 *
 * <p>Output equals TsFile's except the padding bits of {@link Ts2DiffLongWriter}.
 */
public final class Ts2DiffDoubleWriter implements DoubleValuesWriter {
    /** TsFile's default {@code floatPrecision}. */
    public static final int DEFAULT_MAX_POINT_NUMBER = 2;

    private static final int CHUNK = 256;

    private final Ts2DiffLongWriter inner;
    private final ScaledFloats kinds = new ScaledFloats();
    private final int maxPointNumber;
    private final double scale;
    private final long[] tmp = new long[CHUNK];

    /** @param maxPointNumber decimal digits kept (TsFile's {@code max_point_number}; negative means 0) */
    public Ts2DiffDoubleWriter(Kernels kernels, int maxPointNumber) {
        this.inner = new Ts2DiffLongWriter(kernels);
        this.maxPointNumber = ScaledFloats.maxPointNumber(maxPointNumber);
        this.scale = ScaledFloats.maxPointValue(this.maxPointNumber);
    }

    /** A writer using {@link KernelProvider#best()}. */
    public Ts2DiffDoubleWriter(int maxPointNumber) {
        this(KernelProvider.best(), maxPointNumber);
    }

    @Override
    public void writeDouble(double value) {
        byte kind = ScaledFloats.kindOf(value, scale);
        inner.writeLong(ScaledFloats.toLong(value, scale, kind));
        kinds.add(kind);
    }

    @Override
    public void writeDoubles(double[] src, int off, int len) {
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
