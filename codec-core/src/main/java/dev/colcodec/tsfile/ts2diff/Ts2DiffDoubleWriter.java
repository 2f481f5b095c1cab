package dev.colcodec.tsfile.ts2diff;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.scaled.ScaledDoubleWriter;

/**
 * Writes DOUBLE values the way TsFile 2.4.0's {@code FloatEncoder(TS_2DIFF, DOUBLE, maxPointNumber)} does:
 * lossy, see {@link dev.colcodec.tsfile.scaled.ScaledDoubleWriter}; the scaled values go through a
 * {@link Ts2DiffLongWriter}.
 *
 * <p>Output equals TsFile's except the padding bits of {@link Ts2DiffLongWriter}.
 */
public final class Ts2DiffDoubleWriter extends ScaledDoubleWriter {
    /** TsFile's default {@code floatPrecision}. */
    public static final int DEFAULT_MAX_POINT_NUMBER = 2;

    /** @param maxPointNumber decimal digits kept (TsFile's {@code max_point_number}; negative means 0) */
    public Ts2DiffDoubleWriter(Kernels kernels, int maxPointNumber) {
        super(new Ts2DiffLongWriter(kernels), maxPointNumber);
    }

    /** A writer using {@link KernelProvider#best()}. */
    public Ts2DiffDoubleWriter(int maxPointNumber) {
        this(KernelProvider.best(), maxPointNumber);
    }
}
