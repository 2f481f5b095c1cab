package dev.colcodec.parquet.rle;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.BooleanValuesWriter;
import java.util.Objects;

/**
 * Encodes BOOLEAN values as an RLE/bit-packing hybrid of width 1, byte-identical to parquet-java's
 * {@code RunLengthBitPackingHybridValuesWriter(1)} (the V2 BOOLEAN writer) when length-prefixed. Batch
 * writes convert chunks of booleans to 0/1 and go through {@link RleHybridWriter}'s batch path.
 */
public final class RleBooleanWriter implements BooleanValuesWriter {
    private static final int CHUNK = 512;

    private final RleHybridWriter ints;
    private final int[] chunk = new int[CHUNK];

    /**
     * @param framing whether to start the page with its 4-byte length ({@link RleFraming#LENGTH_PREFIXED}
     *     for Parquet BOOLEAN pages)
     * @param kernels the kernels to pack with
     */
    public RleBooleanWriter(RleFraming framing, Kernels kernels) {
        this.ints = new RleHybridWriter(1, Objects.requireNonNull(framing, "framing"), kernels);
    }

    /** A writer using {@link KernelProvider#best()}. */
    public RleBooleanWriter(RleFraming framing) {
        this(framing, KernelProvider.best());
    }

    @Override
    public void writeBoolean(boolean value) {
        ints.writeInteger(value ? 1 : 0);
    }

    @Override
    public void writeBooleans(boolean[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        while (len > 0) {
            int n = Math.min(len, CHUNK);
            for (int i = 0; i < n; i++) {
                chunk[i] = src[off + i] ? 1 : 0;
            }
            ints.writeIntegers(chunk, 0, n);
            off += n;
            len -= n;
        }
    }

    @Override
    public int valueCount() {
        return ints.valueCount();
    }

    @Override
    public long bufferedSize() {
        return ints.bufferedSize();
    }

    @Override
    public byte[] toByteArray() {
        return ints.toByteArray();
    }

    @Override
    public void reset() {
        ints.reset();
    }
}
