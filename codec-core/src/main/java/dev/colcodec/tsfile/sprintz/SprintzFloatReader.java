package dev.colcodec.tsfile.sprintz;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.FloatValuesReader;
import java.util.Objects;

/**
 * Reads a TsFile SPRINTZ page of FLOAT values (TsFile's default FIRE predictor): 9-value blocks of
 * a first value and 8 bit-packed residuals, then possibly a last block of 1 to 8 values as a
 * GORILLA stream.
 *
 * <p>Pass the page's value count to {@link #init}. TsFile 2.4.0's own decoder loses values in some
 * pages (the last value when the page holds a multiple of 9 values) and decodes residuals of
 * magnitude 2^30 or more wrongly; this reader decodes them as the encoder meant.
 *
 * <p>As in TsFile, predictions run on {@code floatToIntBits} bits, so a NaN payload is kept only in
 * the first value of each block and in the last block.
 */
public final class SprintzFloatReader extends SprintzReader implements FloatValuesReader {
    /** A reader using the JVM's best kernels. */
    public SprintzFloatReader() {
        this(KernelProvider.best());
    }

    /** A reader unpacking residuals with {@code kernels}. */
    public SprintzFloatReader(Kernels kernels) {
        super(SprintzType.FLOAT, kernels);
    }

    @Override
    public float readFloat() {
        return Float.intBitsToFloat((int) stream.readOne());
    }

    @Override
    public void readFloats(float[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        long[] values = stream.chunkBuffer();
        while (len > 0) {
            int n = Math.min(len, values.length);
            stream.read(values, 0, n);
            for (int k = 0; k < n; k++) {
                dst[off + k] = Float.intBitsToFloat((int) values[k]);
            }
            off += n;
            len -= n;
        }
    }
}
