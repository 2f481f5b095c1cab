package dev.colcodec.tsfile.rle;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.scaled.ScaledFloatReader;

/**
 * Reads the FLOAT pages TsFile writes under RLE (its lossy {@code FloatEncoder}, see {@link
 * dev.colcodec.tsfile.scaled.ScaledFloatReader}): the wrapper header, then a {@link RleIntReader}
 * stream.
 */
public final class RleFloatReader extends ScaledFloatReader {
    public RleFloatReader(Kernels kernels) {
        super(new RleIntReader(kernels));
    }

    /** A reader using {@link KernelProvider#best()}. */
    public RleFloatReader() {
        this(KernelProvider.best());
    }
}
