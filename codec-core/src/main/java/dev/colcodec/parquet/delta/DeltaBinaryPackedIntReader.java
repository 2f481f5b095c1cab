package dev.colcodec.parquet.delta;

import dev.colcodec.CorruptInputException;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.IntValuesReader;
import java.util.Objects;

/**
 * Decodes Parquet DELTA_BINARY_PACKED INT32 values (arithmetic wraps at 2^32, as the format requires
 * for INT32).
 *
 * <p>Decoding is lazy, one run at a time: a miniblock (or, for miniblocks over 1024 values, one
 * 1024-value unit), joined in batch reads by the following miniblocks of its block with the same bit
 * width, is unpacked and prefix-summed by one {@link Kernels#unpackPrefixSum(byte[], int, int, int,
 * boolean, int[], int, int, int, int)} call (32-bit wrapping); width-0 miniblocks (constant steps) become one
 * {@link Kernels#fillArithmetic} over all consecutive width-0 miniblocks with the same minimum delta. Batch
 * reads decode straight into the caller's array; only a run cut by the end of a batch goes through a
 * small window. Memory does not depend on the header's value count.
 *
 * <p>Accepted input: any block size that is a multiple of 128 and miniblock size that is a multiple
 * of 32; miniblock widths 0..64 (widths over 32 are what a writer computing INT32 deltas in 64 bits leaves,
 * such as arrow-go before apache/arrow-go#1027; PARQUET-2435 asks readers to take them, and parquet-java
 * does: they are unpacked in 64 bits and their low 32 bits kept, which is exact as the sums wrap at 2^32
 * either way); minimum deltas and the first value as zigzag varints of up to 64
 * bits (only their low 32 bits matter). Widths of miniblocks past the last value are ignored; the
 * last miniblock must be present in full (with its padding), as the format requires. {@link
 * #endOffset()} is exact, so a following section (DELTA_BYTE_ARRAY) can start there.
 */
public final class DeltaBinaryPackedIntReader implements IntValuesReader {
    private final Kernels kernels;
    private final DeltaBlockCursor cursor = new DeltaBlockCursor(64);
    /** Runs of widths 33 to 64, unpacked in 64 bits before their low 32 bits are kept. */
    private long[] wide = new long[0];

    private int[] window = new int[0];
    private int windowPos;
    private int windowLen;
    private int last;

    /** A reader using {@link KernelProvider#best()}. */
    public DeltaBinaryPackedIntReader() {
        this(KernelProvider.best());
    }

    public DeltaBinaryPackedIntReader(Kernels kernels) {
        this.kernels = kernels;
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        cursor.init(valueCount, buf, offset, length);
        if (window.length != cursor.unitSize()) {
            window = new int[cursor.unitSize()];
        }
        last = (int) cursor.firstValue();
        window[0] = last;
        windowPos = 0;
        windowLen = cursor.totalCount() == 0 ? 0 : 1;
    }

    /** A page of no values: a block of 128 values in 4 miniblocks, a count of 0, a first value of 0. */
    private static final byte[] EMPTY_PAGE = {(byte) 0x80, 1, 4, 0, 0};

    /**
     * Holds an empty section, as before the first {@link #init}: for readers of sections that start with
     * this one (DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY) when the rest of their section is refused.
     */
    public void initEmpty() {
        init(0, EMPTY_PAGE, 0, EMPTY_PAGE.length);
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
    public int readInteger() {
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
    public void readIntegers(int[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        checkRequest(len);
        int fromWindow = Math.min(len, windowLen - windowPos);
        System.arraycopy(window, windowPos, dst, off, fromWindow);
        windowPos += fromWindow;
        off += fromWindow;
        int need = len - fromWindow;
        while (need > 0) {
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
                last += run * (int) cursor.runMinDelta();
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
    private void decode(int[] dst, int off, int n) {
        int minDelta = (int) cursor.runMinDelta();
        int width = cursor.runWidth();
        if (width == 0) {
            last = kernels.fillArithmetic(dst, off, n, last, minDelta);
        } else if (width <= 32) {
            last = kernels.unpackPrefixSum(
                    cursor.buffer(), cursor.runPos(), cursor.sliceEnd(), width, false, dst, off, n, last, minDelta);
        } else {
            if (wide.length < n) {
                wide = new long[n]; // a run of such widths holds at least 33 bits per value
            }
            long end = kernels.unpackPrefixSum(
                    cursor.buffer(),
                    cursor.runPos(),
                    cursor.sliceEnd(),
                    width,
                    false,
                    wide,
                    0,
                    n,
                    last,
                    cursor.runMinDelta());
            for (int i = 0; i < n; i++) {
                dst[off + i] = (int) wide[i];
            }
            last = (int) end;
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
