package dev.colcodec.tsfile.ts2diff;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.IntValuesWriter;
import java.util.Objects;

/**
 * Writes TsFile TS_2DIFF INT32 and DATE values in blocks of up to 129 values (first value + 128 deltas,
 * 32-bit wrap-around arithmetic), as TsFile's {@code DeltaBinaryEncoder.IntDeltaEncoder} does: a block
 * is cut as soon as it holds 128 deltas, the last block may be a single value (header {@code 0, 0,
 * Integer.MAX_VALUE, value}), and an empty page is zero bytes.
 *
 * <p>At each block flush the rebased deltas are packed in one pass: blocks of up to 8 bits by {@link
 * Ts2DiffPacking#packNarrow}, wider ones with one {@link Kernels#packMsb} call.
 *
 * <p><b>Intended difference from TsFile:</b> the unused low bits of each block's last packed byte are
 * zero here; TsFile leaves stale bits of an earlier block there. All other bytes are identical.
 */
public final class Ts2DiffIntWriter extends Ts2DiffPageWriter implements IntValuesWriter {
    private final Kernels kernels;
    private final int[] deltas = new int[BLOCK];
    private int first;
    private int prev;

    public Ts2DiffIntWriter(Kernels kernels) {
        this.kernels = kernels;
    }

    /** A writer using {@link KernelProvider#best()}. */
    public Ts2DiffIntWriter() {
        this(KernelProvider.best());
    }

    @Override
    public void writeInteger(int value) {
        Ts2DiffFormat.checkOpen(finished);
        count++;
        if (n < 0) {
            first = value;
            prev = value;
            n = 0;
            return;
        }
        deltas[n++] = value - prev;
        prev = value;
        if (n == BLOCK) {
            flushBlock();
        }
    }

    @Override
    public void writeIntegers(int[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        Ts2DiffFormat.checkOpen(finished);
        count += len;
        int i = off;
        int end = off + len;
        while (i < end) {
            if (n < 0) {
                first = src[i++];
                prev = first;
                n = 0;
                continue;
            }
            int m = Math.min(BLOCK - n, end - i);
            deltas[n] = src[i] - prev;
            for (int k = 1; k < m; k++) {
                deltas[n + k] = src[i + k] - src[i + k - 1];
            }
            prev = src[i + m - 1];
            n += m;
            i += m;
            if (n == BLOCK) {
                flushBlock();
            }
        }
    }

    @Override
    void flushBlock() {
        int d = n;
        n = -1;
        if (d == 0) {
            Ts2DiffFormat.intHeader(sink, 0, 0, Integer.MAX_VALUE, first);
            return;
        }
        int min = deltas[0];
        int max = min;
        for (int k = 1; k < d; k++) {
            int delta = deltas[k];
            min = Math.min(min, delta);
            max = Math.max(max, delta);
        }
        // every rebased delta is in [0, max - min] (unsigned), so the widest one is max - min
        int width = 32 - Integer.numberOfLeadingZeros(max - min);
        int p = Ts2DiffFormat.intHeader(sink, d, width, min, first);
        if (width <= Ts2DiffPacking.MAX_NARROW_WIDTH) {
            if (width > 0) {
                Ts2DiffPacking.packNarrow(deltas, d, min, width, sink, p);
            }
            return;
        }
        for (int k = 0; k < d; k++) {
            deltas[k] -= min;
        }
        kernels.packMsb(deltas, 0, d, width, sink.array(), p);
    }

    @Override
    int headerBytes() {
        return Ts2DiffFormat.INT_HEADER_BYTES;
    }

    @Override
    int valueBytes() {
        return Integer.BYTES;
    }
}
