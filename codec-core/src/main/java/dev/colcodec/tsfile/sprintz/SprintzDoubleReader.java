package dev.colcodec.tsfile.sprintz;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.DoubleValuesReader;
import java.util.Objects;

/**
 * Reads a TsFile SPRINTZ page of DOUBLE values (TsFile's default FIRE predictor): 9-value blocks of
 * a first value and 8 bit-packed residuals, then possibly a last block of 1 to 8 values as a
 * GORILLA stream.
 *
 * <p>Pass the page's value count to {@link #init}. TsFile 2.4.0's own decoder loses values in some
 * pages (the last value when the page holds a multiple of 9 values) and decodes residuals of
 * magnitude 2^62 or more wrongly; this reader decodes them as tsfile-java's encoder meant. Where
 * tsfile's encoder met a residual of exactly 2^63 (a sign change the predictor got otherwise right, such
 * as 1.5 then -1.5) it wrote code 0, which reads as a zero residual: this reader then returns 1.5 and the
 * block's following values with the sign bit flipped, unless told where to read code 0 as that residual
 * ({@link SprintzReader}; colcodec's TsFile reader finds it from the page statistics).
 *
 * <p>As in TsFile, predictions run on {@code doubleToLongBits} bits, so a NaN payload is kept only
 * in the first value of each block and in the last block.
 */
public final class SprintzDoubleReader extends SprintzReader implements DoubleValuesReader {
    /** A reader using the JVM's best kernels. */
    public SprintzDoubleReader() {
        this(KernelProvider.best());
    }

    /** A reader unpacking residuals with {@code kernels}. */
    public SprintzDoubleReader(Kernels kernels) {
        super(SprintzType.DOUBLE, kernels);
    }

    @Override
    public double readDouble() {
        return Double.longBitsToDouble(stream.readOne());
    }

    @Override
    public void readDoubles(double[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        long[] values = stream.chunkBuffer();
        while (len > 0) {
            int n = Math.min(len, values.length);
            stream.read(values, 0, n);
            for (int k = 0; k < n; k++) {
                dst[off + k] = Double.longBitsToDouble(values[k]);
            }
            off += n;
            len -= n;
        }
    }
}
