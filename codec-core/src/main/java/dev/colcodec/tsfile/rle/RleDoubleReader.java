package dev.colcodec.tsfile.rle;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.scaled.ScaledDoubleReader;

/**
 * Reads the DOUBLE pages TsFile writes under RLE (its lossy {@code FloatEncoder}, see {@link
 * dev.colcodec.tsfile.scaled.ScaledDoubleReader}): the wrapper header, then a {@link RleLongReader}
 * stream.
 */
public final class RleDoubleReader extends ScaledDoubleReader {
    public RleDoubleReader(Kernels kernels) {
        super(new RleLongReader(kernels));
    }

    /** A reader using {@link KernelProvider#best()}. */
    public RleDoubleReader() {
        this(KernelProvider.best());
    }
}
