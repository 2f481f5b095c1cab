package dev.colcodec.parquet.delta;

import dev.colcodec.CorruptInputException;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.LongValuesReader;
import java.util.Objects;

/**
 * Decodes Parquet DELTA_BINARY_PACKED INT64 values (arithmetic wraps at 2^64).
 *
 * <p>Decoding is lazy, one run at a time: a miniblock (or, for miniblocks over 1024 values, one
 * 1024-value unit), joined in batch reads by the following miniblocks of its block with the same bit
 * width, is unpacked and prefix-summed by one {@link Kernels#unpackPrefixSum(byte[], int, int, int,
 * boolean, long[], int, int, long, long)} call (64-bit wrapping); width-0 miniblocks (constant steps)
 * become one {@link Kernels#fillArithmetic} over all consecutive width-0 miniblocks with the same minimum delta. Batch
 * reads decode straight into the caller's array; only a run cut by the end of a batch goes through a
 * small window. A whole block wanted by a batch read goes to one {@link
 * Kernels#unpackPrefixSumBlock} call. Memory does not depend on the header's value count.
 *
 * <p>Accepted input: any block size that is a multiple of 128 and miniblock size that is a multiple
 * of 32; miniblock widths 0..64. Widths of miniblocks past the last value are ignored; the last
 * miniblock must be present in full (with its padding), as the format requires. {@link
 * #endOffset()} is exact. The block structure is walked by the same cursor as {@link
 * DeltaBinaryPackedIntReader}'s.
 */
public final class DeltaBinaryPackedLongReader implements LongValuesReader {
    private final Kernels kernels;
    private final DeltaBlockCursor cursor = new DeltaBlockCursor(64);
    private long[] window = new long[0];
    private int windowPos;
    private int windowLen;
    private long last;

    /** A reader using {@link KernelProvider#best()}. */
    public DeltaBinaryPackedLongReader() {
        this(KernelProvider.best());
    }

    public DeltaBinaryPackedLongReader(Kernels kernels) {
        this.kernels = kernels;
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        cursor.init(valueCount, buf, offset, length);
        if (window.length != cursor.unitSize()) {
            window = new long[cursor.unitSize()];
        }
        last = cursor.firstValue();
        window[0] = last;
        windowPos = 0;
        windowLen = cursor.totalCount() == 0 ? 0 : 1;
    }

    /** The number of values in the stream, from its header. */
    public int totalCount() {
        return cursor.totalCount();
    }

    /** Values not yet read or skipped. */
    public int remaining() {
        return windowLen - windowPos + cursor.deltasLeft();
    }

    @Override
    public long readLong() {
        if (windowPos < windowLen) {
            return window[windowPos++];
        }
        refill();
        return window[windowPos++];
    }

    private void refill() {
        if (cursor.deltasLeft() == 0) {
            throw exhausted(1);
        }
        int n = cursor.next(window.length);
        decode(window, 0, n);
        windowPos = 0;
        windowLen = n;
    }

    @Override
    public void readLongs(long[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        checkRequest(len);
        int fromWindow = Math.min(len, windowLen - windowPos);
        System.arraycopy(window, windowPos, dst, off, fromWindow);
        windowPos += fromWindow;
        off += fromWindow;
        int need = len - fromWindow;
        while (need > 0) {
            int block = cursor.nextBlock(need);
            if (block > 0) {
                last = kernels.unpackPrefixSumBlock(
                        cursor.buffer(),
                        cursor.blockWidthsPos(),
                        cursor.runPos(),
                        cursor.sliceEnd(),
                        cursor.miniblocksPerBlock(),
                        cursor.miniblockSize(),
                        dst,
                        off,
                        last,
                        cursor.runMinDelta());
                off += block;
                need -= block;
                continue;
            }
            int n = cursor.next(need);
            if (n <= need) {
                decode(dst, off, n);
                off += n;
                need -= n;
            } else {
                decode(window, 0, n);
                System.arraycopy(window, 0, dst, off, need);
                windowPos = need;
                windowLen = n;
                need = 0;
            }
        }
    }

    @Override
    public void skip(int n) {
        checkRequest(n);
        int fromWindow = Math.min(n, windowLen - windowPos);
        windowPos += fromWindow;
        int need = n - fromWindow;
        while (need > 0) {
            int run = cursor.next(Math.min(need, window.length));
            if (cursor.runWidth() == 0) {
                last += run * cursor.runMinDelta();
                need -= run;
            } else {
                decode(window, 0, run);
                windowLen = run;
                windowPos = Math.min(run, need);
                need -= windowPos;
            }
        }
    }

    /** Decodes the run the cursor just handed out into {@code dst[off, off + n)}. */
    private void decode(long[] dst, int off, int n) {
        long minDelta = cursor.runMinDelta();
        int width = cursor.runWidth();
        if (width == 0) {
            last = kernels.fillArithmetic(dst, off, n, last, minDelta);
        } else {
            last = kernels.unpackPrefixSum(
                    cursor.buffer(), cursor.runPos(), cursor.sliceEnd(), width, false, dst, off, n, last, minDelta);
        }
    }

    private void checkRequest(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative count " + n);
        }
        if (n > remaining()) {
            throw exhausted(n);
        }
    }

    private CorruptInputException exhausted(int wanted) {
        return new CorruptInputException(
                cursor.endOffset(),
                wanted + " more values but the stream holds " + cursor.totalCount() + " of which " + remaining()
                        + " remain");
    }

    @Override
    public int endOffset() {
        return cursor.endOffset();
    }
}
