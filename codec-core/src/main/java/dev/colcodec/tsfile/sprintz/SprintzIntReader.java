package dev.colcodec.tsfile.sprintz;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.IntValuesReader;
import java.util.Objects;

/**
 * Reads a TsFile SPRINTZ page of INT32 values (TsFile's default FIRE predictor): 9-value blocks of
 * a first value and 8 bit-packed residuals, then possibly a last block of 1 to 8 values as a TsFile
 * RLE stream.
 *
 * <p>Pass the page's value count to {@link #init}. TsFile 2.4.0's own decoder loses values in some
 * pages (the last value when the page holds a multiple of 9 values, and for INT32 a last block
 * shorter than 5 bytes) and decodes residuals of magnitude 2^30 or more wrongly; this reader
 * decodes them as the encoder meant.
 */
public final class SprintzIntReader extends SprintzReader implements IntValuesReader {
    /** A reader using the JVM's best kernels. */
    public SprintzIntReader() {
        this(KernelProvider.best());
    }

    /** A reader unpacking residuals with {@code kernels}. */
    public SprintzIntReader(Kernels kernels) {
        super(SprintzType.INT32, kernels);
    }

    @Override
    public int readInteger() {
        return (int) stream.readOne();
    }

    @Override
    public void readIntegers(int[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        long[] values = stream.chunkBuffer();
        while (len > 0) {
            int n = Math.min(len, values.length);
            stream.read(values, 0, n);
            for (int k = 0; k < n; k++) {
                dst[off + k] = (int) values[k];
            }
            off += n;
            len -= n;
        }
    }
}
