package dev.colcodec.tsfile.rle;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.scaled.ScaledDoubleWriter;

/**
 * Writes DOUBLE values the way TsFile 2.4.0's {@code FloatEncoder(RLE, DOUBLE, maxPointNumber)} does:
 * lossy, see {@link dev.colcodec.tsfile.scaled.ScaledDoubleWriter}; the scaled values go through a
 * {@link RleLongWriter}.
 *
 * <p>Output is byte-identical to TsFile's.
 */
public final class RleDoubleWriter extends ScaledDoubleWriter {
    /** TsFile's default {@code floatPrecision}. */
    public static final int DEFAULT_MAX_POINT_NUMBER = 2;

    /** @param maxPointNumber decimal digits kept (TsFile's {@code max_point_number}; negative means 0) */
    public RleDoubleWriter(Kernels kernels, int maxPointNumber) {
        super(new RleLongWriter(kernels), maxPointNumber);
    }

    /** A writer using {@link KernelProvider#best()}. */
    public RleDoubleWriter(int maxPointNumber) {
        this(KernelProvider.best(), maxPointNumber);
    }
}
