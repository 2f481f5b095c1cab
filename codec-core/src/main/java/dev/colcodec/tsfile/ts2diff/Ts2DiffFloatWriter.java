package dev.colcodec.tsfile.ts2diff;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.scaled.ScaledFloatWriter;

/**
 * Writes FLOAT values the way TsFile 2.4.0's {@code FloatEncoder(TS_2DIFF, FLOAT, maxPointNumber)} does:
 * lossy, see {@link dev.colcodec.tsfile.scaled.ScaledFloatWriter}; the scaled values go through a
 * {@link Ts2DiffIntWriter}.
 *
 * <p>Output equals TsFile's except the padding bits of {@link Ts2DiffIntWriter}.
 */
public final class Ts2DiffFloatWriter extends ScaledFloatWriter {
    /** TsFile's default {@code floatPrecision}. */
    public static final int DEFAULT_MAX_POINT_NUMBER = 2;

    /** @param maxPointNumber decimal digits kept (TsFile's {@code max_point_number}; negative means 0) */
    public Ts2DiffFloatWriter(Kernels kernels, int maxPointNumber) {
        super(new Ts2DiffIntWriter(kernels), maxPointNumber);
    }

    /** A writer using {@link KernelProvider#best()}. */
    public Ts2DiffFloatWriter(int maxPointNumber) {
        this(KernelProvider.best(), maxPointNumber);
    }
}
