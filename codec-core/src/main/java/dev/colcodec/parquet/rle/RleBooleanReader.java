package dev.colcodec.parquet.rle;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.BooleanValuesReader;
import java.util.Arrays;
import java.util.Objects;

/**
 * Decodes BOOLEAN values stored as an RLE/bit-packing hybrid of width 1 (the RLE encoding of BOOLEAN
 * columns, which parquet-java writes for V2 pages, with the 4-byte length prefix).
 *
 * <p>RLE runs become {@link Arrays#fill}; bit-packed runs go straight from the packed bits to {@code
 * boolean[]} with one {@link Kernels#unpackBooleans} call per run. A non-zero RLE value reads as {@code
 * true}. At width 1 a group is one byte, so a bit-packed run cannot be cut short inside a group: a run
 * missing bytes is corrupt input.
 */
public final class RleBooleanReader implements BooleanValuesReader {
    private final Kernels kernels;
    private final RleFraming framing;
    private final RunCursor runs = new RunCursor();

    /**
     * @param framing whether sections start with their 4-byte length ({@link RleFraming#LENGTH_PREFIXED}
     *     for Parquet BOOLEAN pages)
     * @param kernels the kernels to unpack with
     */
    public RleBooleanReader(RleFraming framing, Kernels kernels) {
        this.framing = Objects.requireNonNull(framing, "framing");
        this.kernels = Objects.requireNonNull(kernels, "kernels");
    }

    /** A reader using {@link KernelProvider#best()}. */
    public RleBooleanReader(RleFraming framing) {
        this(framing, KernelProvider.best());
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        runs.begin(valueCount, 1, framing, buf, offset, length);
    }

    @Override
    public boolean readBoolean() {
        RunCursor r = runs;
        r.consume(1);
        while (r.remaining == 0) {
            r.nextRun();
        }
        r.remaining--;
        if (r.rle) {
            return r.rleValue != 0;
        }
        int i = r.packedIndex;
        r.checkPresent(i + 1);
        r.packedIndex = i + 1;
        return ((r.buf[r.packedStart + (i >>> 3)] >>> (i & 7)) & 1) != 0;
    }

    @Override
    public void readBooleans(boolean[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        RunCursor r = runs;
        r.consume(len);
        while (len > 0) {
            if (r.remaining == 0) {
                r.nextRun();
                continue;
            }
            int n = Math.min(len, r.remaining);
            if (r.rle) {
                Arrays.fill(dst, off, off + n, r.rleValue != 0);
            } else {
                int i = r.packedIndex;
                r.checkPresent(i + n);
                kernels.unpackBooleans(r.buf, r.packedStart + (i >>> 3), i & 7, dst, off, n);
                r.packedIndex = i + n;
            }
            r.remaining -= n;
            off += n;
            len -= n;
        }
    }

    @Override
    public void skip(int n) {
        runs.skip(n);
    }

    @Override
    public int endOffset() {
        return runs.endOffset();
    }
}
