package dev.colcodec.tsfile.ts2diff;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.scaled.ScaledDoubleReader;

/**
 * Reads the DOUBLE pages TsFile writes under TS_2DIFF (its lossy {@code FloatEncoder}, see {@link
 * dev.colcodec.tsfile.scaled.ScaledDoubleReader}): the wrapper header, then a {@link Ts2DiffLongReader}
 * stream.
 */
public final class Ts2DiffDoubleReader extends ScaledDoubleReader {
    public Ts2DiffDoubleReader(Kernels kernels) {
        super(new Ts2DiffLongReader(kernels));
    }

    /** A reader using {@link KernelProvider#best()}. */
    public Ts2DiffDoubleReader() {
        this(KernelProvider.best());
    }
}
