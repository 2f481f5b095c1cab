package dev.colcodec.tsfile.sprintz;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.LongValuesReader;

/**
 * Reads a TsFile SPRINTZ page of INT64 values (TsFile's default FIRE predictor): 9-value blocks of
 * a first value and 8 bit-packed residuals, then possibly a last block of 1 to 8 values as a TsFile
 * RLE stream.
 *
 * <p>Pass the page's value count to {@link #init}. TsFile 2.4.0's own decoder loses values in some
 * pages (the last value when the page holds a multiple of 9 values) and decodes residuals of
 * magnitude 2^62 or more wrongly; this reader decodes them as the encoder meant.
 */
public final class SprintzLongReader extends SprintzReader implements LongValuesReader {
    /** A reader using the JVM's best kernels. */
    public SprintzLongReader() {
        this(KernelProvider.best());
    }

    /** A reader unpacking residuals with {@code kernels}. */
    public SprintzLongReader(Kernels kernels) {
        super(SprintzType.INT64, kernels);
    }

    @Override
    public long readLong() {
        return stream.readOne();
    }

    @Override
    public void readLongs(long[] dst, int off, int len) {
        stream.read(dst, off, len);
    }
}
