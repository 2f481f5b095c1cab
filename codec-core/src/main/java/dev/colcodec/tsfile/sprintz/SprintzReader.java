package dev.colcodec.tsfile.sprintz;

import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.ValuesReader;

/**
 * What the four SPRINTZ readers offer beyond their typed reads: a way back from the one residual tsfile's
 * encoder cannot write.
 *
 * <p>TsFile maps a residual {@code p} to the code {@code p <= 0 ? -2p : 2p - 1} in the type's width, so
 * the type's minimum (-2^63 for INT64 and DOUBLE, -2^31 for INT32 and FLOAT) wraps to code 0, the code of
 * a zero residual. For FLOAT and DOUBLE that residual is a sign change the predictor got otherwise right,
 * such as 1.5 then -1.5 at a block's start. tsfile 2.4.0's encoders (Java and C++) write code 0 there, so
 * such a value reads back as its prediction, and as tsfile's predictor went on from the true value, so
 * do the rest of its block, each with its sign bit (INT32/INT64: top bit) flipped. A page alone cannot
 * tell the two meanings apart, so readers take code 0 as zero; a caller who knows what the values must be
 * (TsFile page statistics: colcodec's TsFile reader does this) can find the indexes to read otherwise.
 * colcodec's own writers give that residual a code of its own, which reads back exactly.
 */
public abstract sealed class SprintzReader implements ValuesReader
        permits SprintzIntReader, SprintzLongReader, SprintzFloatReader, SprintzDoubleReader {
    /** The page decoder the typed readers read from. */
    final SprintzStreamReader stream;

    SprintzReader(SprintzType type, Kernels kernels) {
        this.stream = new SprintzStreamReader(type, kernels);
    }

    @Override
    public final void init(int valueCount, byte[] buf, int offset, int length) {
        stream.init(valueCount, buf, offset, length);
    }

    @Override
    public final void skip(int n) {
        stream.skip(n);
    }

    @Override
    public final int endOffset() {
        return stream.endOffset();
    }

    /**
     * The page indexes (0 the page's first value), ascending, of the values whose residual is written as
     * code 0: a zero residual, or the type's minimum that tsfile's encoder wrote as 0. Scans the page
     * given to {@link #init} from its start (up to its count, when known) without moving the reading
     * position; a corrupt page is the usual exception.
     */
    public final int[] zeroResidualIndexes() {
        return stream.zeroResidualIndexes();
    }

    /**
     * Reads the code 0 at these page indexes (ascending, non-negative) as the type's minimum residual
     * rather than zero; indexes of values not written as code 0 are ignored. Applies to blocks not decoded
     * yet: call it after {@link #init} and before reading. {@link #init} clears it.
     *
     * @throws IllegalArgumentException if the indexes are not ascending or one is negative
     */
    public final void readAsMinimumResiduals(int[] indexes) {
        stream.readAsMinimumResiduals(indexes);
    }
}
