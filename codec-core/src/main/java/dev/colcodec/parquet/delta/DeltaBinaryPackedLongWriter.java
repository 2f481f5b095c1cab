package dev.colcodec.parquet.delta;

import dev.colcodec.io.ByteIO;
import dev.colcodec.io.InPlacePage;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.rle.LsbGroupPacker;
import dev.colcodec.values.LongValuesWriter;
import java.util.Arrays;
import java.util.Objects;

/**
 * Encodes INT64 values as Parquet DELTA_BINARY_PACKED (default: blocks of 128 values in 4 miniblocks
 * of 32). Deltas wrap at 2^64, so widths never exceed 64.
 *
 * <p>Each full block is encoded as soon as its deltas are collected. A block taken straight from a
 * batch gets its deltas, their minimum and each miniblock's maximum from one {@link
 * Kernels#deltaBlock} call (a miniblock's width is that of its maximum minus the minimum); a block
 * filled piecewise gets them from an OR of its deltas minus the minimum. Each miniblock is then
 * packed by {@link LsbGroupPacker}.
 *
 * <p>Output is byte-identical to parquet-java's {@code DeltaBinaryPackingValuesWriterForLong} with the
 * same block layout except for two places where parquet-java writes leftovers of earlier blocks and
 * pages, both of which the format tells readers to ignore: this writer pads the last miniblock with
 * zero bits, and writes 0 as the width of miniblocks the last block does not use.
 */
public final class DeltaBinaryPackedLongWriter implements LongValuesWriter, InPlacePage {
    /** Where the page {@link #finishInPlace()} finished starts in {@link #pageArray()}. */
    private int pageOffset;

    private final Kernels kernels;
    private final DeltaPageBuilder page;
    private final long[] deltas;
    private final int[] widths;
    /** The largest delta of each miniblock of the block being encoded. */
    private final long[] blockMax;

    private int buffered;
    private int count;
    private long first;
    private long previous;
    private boolean finished;

    /** A writer with 128-value blocks of 4 miniblocks, using {@link KernelProvider#best()}. */
    public DeltaBinaryPackedLongWriter() {
        this(KernelProvider.best());
    }

    /** A writer with 128-value blocks of 4 miniblocks. */
    public DeltaBinaryPackedLongWriter(Kernels kernels) {
        this(128, 4, kernels);
    }

    /**
     * A writer with another block layout.
     *
     * @param blockSize values per block, a positive multiple of 128
     * @param miniblocks miniblocks per block; {@code blockSize / miniblocks} must be a multiple of 32
     */
    public DeltaBinaryPackedLongWriter(int blockSize, int miniblocks, Kernels kernels) {
        this.kernels = kernels;
        this.page = new DeltaPageBuilder(blockSize, miniblocks);
        this.deltas = new long[blockSize];
        this.widths = new int[miniblocks];
        this.blockMax = new long[miniblocks];
    }

    @Override
    public void writeLong(long value) {
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
    public void writeLongs(long[] src, int off, int len) {
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
        long[] d = deltas;
        int blockSize = d.length;
        while (i < end) {
            if (buffered == 0 && end - i >= blockSize) {
                // a whole block straight from src: deltas, their minimum and each miniblock's maximum
                // in one kernel pass
                long min = kernels.deltaBlock(src, i, blockSize, previous, page.miniblockSize, d, blockMax);
                // the widest value of a miniblock is its maximum minus min (unsigned: it wraps)
                for (int mb = 0; mb < widths.length; mb++) {
                    widths[mb] = 64 - Long.numberOfLeadingZeros(blockMax[mb] - min);
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
        long[] d = deltas;
        // two independent minimums, so the comparisons do not wait on each other
        long min = d[0];
        long min2 = d[n - 1];
        for (int k = 0, e = n - 1; k < e; k += 2) {
            min = Math.min(min, d[k]);
            min2 = Math.min(min2, d[k + 1]);
        }
        encodeBlock(Math.min(min, min2));
    }

    /** Encodes {@code deltas[0, buffered)}, whose minimum is {@code min}, as one block. */
    private void encodeBlock(long min) {
        int n = buffered;
        long[] d = deltas;
        int m = page.miniblockSize;
        int used = (n + m - 1) / m;
        // pad the last miniblock with min, which packs as 0
        Arrays.fill(d, n, used * m, min);
        for (int mb = 0; mb < used; mb++) {
            long bits = 0;
            for (int k = mb * m, e = k + m; k < e; k++) {
                bits |= d[k] - min;
            }
            widths[mb] = 64 - Long.numberOfLeadingZeros(bits);
        }
        packBlock(min, used);
    }

    /** Writes the block of {@code deltas}: {@code used} miniblocks of {@code widths}, minus {@code min}. */
    private void packBlock(long min, int used) {
        long[] d = deltas;
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
            if (w == 64) {
                // whole little-endian words: the difference is the packed value
                for (int k = from; k < from + m; k++, p += 8) {
                    ByteIO.putLongLE(out, p, d[k] - min);
                }
                continue;
            }
            long base = min;
            if (w > 16) {
                // the pack kernel takes the values themselves
                for (int k = from; k < from + m; k++) {
                    d[k] -= min;
                }
                base = 0;
            }
            p += LsbGroupPacker.packInRange(d, from, m, w, base, out, p, kernels);
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
        return 20L + page.blockBytes() + 8L * buffered;
    }

    @Override
    public byte[] toByteArray() {
        finish();
        return page.toByteArray(count, first);
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
