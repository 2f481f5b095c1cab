package dev.colcodec.tsfile.ts2diff;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.scaled.ScaledFloatReader;

/**
 * Reads the FLOAT pages TsFile writes under TS_2DIFF (its lossy {@code FloatEncoder}, see {@link
 * dev.colcodec.tsfile.scaled.ScaledFloatReader}): the wrapper header, then a {@link Ts2DiffIntReader}
 * stream.
 */
public final class Ts2DiffFloatReader extends ScaledFloatReader {
    public Ts2DiffFloatReader(Kernels kernels) {
        super(new Ts2DiffIntReader(kernels));
    }

    /** A reader using {@link KernelProvider#best()}. */
    public Ts2DiffFloatReader() {
        this(KernelProvider.best());
    }
}
