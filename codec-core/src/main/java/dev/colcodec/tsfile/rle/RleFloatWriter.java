package dev.colcodec.tsfile.rle;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.scaled.ScaledFloatWriter;

/**
 * Writes FLOAT values the way TsFile 2.4.0's {@code FloatEncoder(RLE, FLOAT, maxPointNumber)} does:
 * lossy, see {@link dev.colcodec.tsfile.scaled.ScaledFloatWriter}; the scaled values go through a
 * {@link RleIntWriter}.
 *
 * <p>Output is byte-identical to TsFile's.
 */
public final class RleFloatWriter extends ScaledFloatWriter {
    /** TsFile's default {@code floatPrecision}. */
    public static final int DEFAULT_MAX_POINT_NUMBER = 2;

    /** @param maxPointNumber decimal digits kept (TsFile's {@code max_point_number}; negative means 0) */
    public RleFloatWriter(Kernels kernels, int maxPointNumber) {
        super(new RleIntWriter(kernels), maxPointNumber);
    }

    /** A writer using {@link KernelProvider#best()}. */
    public RleFloatWriter(int maxPointNumber) {
        this(KernelProvider.best(), maxPointNumber);
    }
}
