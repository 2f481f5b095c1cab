package dev.colcodec.parquet.delta;

import dev.colcodec.io.InPlacePage;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.rle.LsbGroupPacker;
import dev.colcodec.values.IntValuesWriter;
import java.util.Arrays;
import java.util.Objects;

/**
 * Encodes INT32 values as Parquet DELTA_BINARY_PACKED (default: blocks of 128 values in 4 miniblocks
 * of 32). Deltas are computed in {@code int} (wrapping at 2^32, as parquet-java does), so widths never
 * exceed 32.
 *
 * <p>Each full block is encoded as soon as its deltas are collected. A block taken straight from a
 * batch gets its deltas, their minimum and each miniblock's maximum from one {@link
 * Kernels#deltaBlock} call (a miniblock's width is that of its maximum minus the minimum); a block
 * filled piecewise gets them from an OR of its deltas minus the minimum. Each miniblock is then
 * packed by {@link LsbGroupPacker}.
 *
 * <p>Output is byte-identical to parquet-java's {@code DeltaBinaryPackingValuesWriterForInteger} with
 * the same block layout except for two places where parquet-java writes leftovers of earlier blocks
 * and pages, both of which the format tells readers to ignore: this writer pads the last miniblock with
 * zero bits, and writes 0 as the width of miniblocks the last block does not use.
 */
public final class DeltaBinaryPackedIntWriter implements IntValuesWriter, InPlacePage {
    /** Where the page {@link #finishInPlace()} finished starts in {@link #pageArray()}. */
    private int pageOffset;

    private final Kernels kernels;
    private final DeltaPageBuilder page;
    private final int[] deltas;
    private final int[] widths;
    /** The largest delta of each miniblock of the block being encoded. */
    private final int[] blockMax;

    private int buffered;
    private int count;
    private int first;
    private int previous;
    private boolean finished;

    /** A writer with 128-value blocks of 4 miniblocks, using {@link KernelProvider#best()}. */
    public DeltaBinaryPackedIntWriter() {
        this(KernelProvider.best());
    }

    /** A writer with 128-value blocks of 4 miniblocks. */
    public DeltaBinaryPackedIntWriter(Kernels kernels) {
        this(128, 4, kernels);
    }

    /**
     * A writer with another block layout.
     *
     * @param blockSize values per block, a positive multiple of 128
     * @param miniblocks miniblocks per block; {@code blockSize / miniblocks} must be a multiple of 32
     */
    public DeltaBinaryPackedIntWriter(int blockSize, int miniblocks, Kernels kernels) {
        this.kernels = kernels;
        this.page = new DeltaPageBuilder(blockSize, miniblocks);
        this.deltas = new int[blockSize];
        this.widths = new int[miniblocks];
        this.blockMax = new int[miniblocks];
    }

    @Override
    public void writeInteger(int value) {
        startWrite(1);
        if (count++ == 0) {
            first = value;
        } else {
            deltas[buffered++] = value - previous;
            if (buffered == deltas.length) {
                flushBlock();
            }
        }
        previous = value;
    }

    @Override
    public void writeIntegers(int[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        if (len <= 0) {
            return;
        }
        startWrite(len);
        int i = off;
        int end = off + len;
        if (count == 0) {
            first = src[i];
            previous = first;
            i++;
        }
        count += len;
        int[] d = deltas;
        int blockSize = d.length;
        while (i < end) {
            if (buffered == 0 && end - i >= blockSize) {
                // a whole block straight from src: deltas, their minimum and each miniblock's maximum
                // in one kernel pass
                int min = kernels.deltaBlock(src, i, blockSize, previous, page.miniblockSize, d, blockMax);
                // the widest value of a miniblock is its maximum minus min (unsigned: it wraps)
                for (int mb = 0; mb < widths.length; mb++) {
                    widths[mb] = 32 - Integer.numberOfLeadingZeros(blockMax[mb] - min);
                }
                i += blockSize;
                previous = src[i - 1];
                buffered = blockSize;
                packBlock(min, widths.length);
                continue;
            }
            int take = Math.min(end - i, d.length - buffered);
            d[buffered] = src[i] - previous;
            for (int k = 1; k < take; k++) {
                d[buffered + k] = src[i + k] - src[i + k - 1];
            }
            i += take;
            previous = src[i - 1];
            buffered += take;
            if (buffered == d.length) {
                flushBlock();
            }
        }
    }

    private void startWrite(int n) {
        if (finished) {
            throw new IllegalStateException("toByteArray() was called: reset() before writing the next page");
        }
        if (count + (long) n > Integer.MAX_VALUE) {
            throw new IllegalStateException("a DELTA_BINARY_PACKED page holds fewer than 2^31 values");
        }
    }

    /** Encodes the buffered deltas as one (possibly incomplete) block. */
    private void flushBlock() {
        int n = buffered;
        int[] d = deltas;
        // two independent minimums, so the comparisons do not wait on each other
        int min = d[0];
        int min2 = d[n - 1];
        for (int k = 0, e = n - 1; k < e; k += 2) {
            min = Math.min(min, d[k]);
            min2 = Math.min(min2, d[k + 1]);
        }
        encodeBlock(Math.min(min, min2));
    }

    /** Encodes {@code deltas[0, buffered)}, whose minimum is {@code min}, as one block. */
    private void encodeBlock(int min) {
        int n = buffered;
        int[] d = deltas;
        int m = page.miniblockSize;
        int used = (n + m - 1) / m;
        // pad the last miniblock with min, which packs as 0
        Arrays.fill(d, n, used * m, min);
        for (int mb = 0; mb < used; mb++) {
            int bits = 0;
            for (int k = mb * m, e = k + m; k < e; k++) {
                bits |= d[k] - min;
            }
            widths[mb] = 32 - Integer.numberOfLeadingZeros(bits);
        }
        packBlock(min, used);
    }

    /** Writes the block of {@code deltas}: {@code used} miniblocks of {@code widths}, minus {@code min}. */
    private void packBlock(int min, int used) {
        int[] d = deltas;
        int m = page.miniblockSize;
        int packed = 0;
        for (int mb = 0; mb < used; mb++) {
            packed += (m >>> 3) * widths[mb];
        }
        int p = page.beginBlock(min, widths, used, packed);
        byte[] out = page.array();
        for (int mb = 0; mb < used; mb++) {
            int w = widths[mb];
            int from = mb * m;
            p += LsbGroupPacker.packInRange(d, from, m, w, min, out, p);
        }
        page.endBlock(packed);
        buffered = 0;
    }

    @Override
    public int valueCount() {
        return count;
    }

    @Override
    public long bufferedSize() {
        return 20L + page.blockBytes() + 4L * buffered;
    }

    @Override
    public byte[] toByteArray() {
        finish();
        return page.toByteArray(count, first);
    }

    /**
     * Finishes the page like {@link #toByteArray()} and returns its size, for writers that embed the page
     * in a larger one and copy it there with {@link #copyPageTo} instead of taking a new array.
     */
    public int finishPage() {
        finish();
        return page.finishHeader(count, first);
    }

    /**
     * Copies the page {@link #finishPage()} finished to {@code dst} at {@code off}; returns its size.
     * Valid until the next write or {@link #reset()}.
     */
    public int copyPageTo(byte[] dst, int off) {
        if (!finished) {
            throw new IllegalStateException("finishPage() before copyPageTo()");
        }
        return page.copyPage(dst, off);
    }

    private void finish() {
        if (!finished) {
            if (buffered > 0) {
                flushBlock();
            }
            finished = true;
        }
    }

    @Override
    public int finishInPlace() {
        finish();
        int size = page.finishHeader(count, first);
        pageOffset = page.headerInFront();
        return size;
    }

    @Override
    public byte[] pageArray() {
        return page.array();
    }

    @Override
    public int pageOffset() {
        return pageOffset;
    }

    @Override
    public void reset() {
        page.reset();
        buffered = 0;
        count = 0;
        first = 0;
        previous = 0;
        finished = false;
    }
}
