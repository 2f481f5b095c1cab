package dev.colcodec.tsfile.ts2diff;

import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.LongValuesWriter;
import java.util.Objects;

/**
 * Writes TsFile TS_2DIFF INT64 and TIMESTAMP values in blocks of up to 129 values (first value + 128
 * deltas), as TsFile's {@code DeltaBinaryEncoder.LongDeltaEncoder} does: a block is cut as soon as it
 * holds 128 deltas, the last block may be a single value (header {@code 0, 0, Long.MAX_VALUE,
 * value}), and an empty page is zero bytes.
 *
 * <p>At each block flush the rebased deltas are packed in one pass: blocks of up to 8 bits by {@link
 * Ts2DiffPacking#packNarrow}, 64-bit ones as whole big-endian longs, the others with one {@link
 * Kernels#packMsb} call.
 *
 * <p><b>Intended difference from TsFile:</b> the unused low bits of each block's last packed byte are
 * zero here; TsFile leaves whatever an earlier block put in its reused buffer there. All other bytes
 * are identical, and decoders ignore those bits.
 */
public final class Ts2DiffLongWriter extends Ts2DiffPageWriter implements LongValuesWriter {
    private final Kernels kernels;
    private final long[] deltas = new long[BLOCK];
    private final long[] blockMax = new long[1];
    /** The smallest and largest of the open block's deltas (while it has any). */
    private long minDelta;

    private long maxDelta;
    private long first;
    private long prev;

    public Ts2DiffLongWriter(Kernels kernels) {
        this.kernels = kernels;
    }

    /** A writer using {@link KernelProvider#best()}. */
    public Ts2DiffLongWriter() {
        this(KernelProvider.best());
    }

    @Override
    public void writeLong(long value) {
        Ts2DiffFormat.checkOpen(finished);
        count++;
        if (n < 0) {
            first = value;
            prev = value;
            n = 0;
            return;
        }
        long delta = value - prev;
        deltas[n] = delta;
        minDelta = n == 0 ? delta : Math.min(minDelta, delta);
        maxDelta = n == 0 ? delta : Math.max(maxDelta, delta);
        n++;
        prev = value;
        if (n == BLOCK) {
            flushBlock();
        }
    }

    @Override
    public void writeLongs(long[] src, int off, int len) {
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
            if (n == 0) {
                // a block's first deltas (a whole block's in a long batch): deltas, minimum and maximum
                // in one kernel call
                minDelta = kernels.deltaBlock(src, i, m, prev, m, deltas, blockMax);
                maxDelta = blockMax[0];
            } else {
                // the deltas, then their min and max: two loops the JIT vectorizes (one loop doing both
                // was not)
                long[] dl = deltas;
                dl[n] = src[i] - prev;
                for (int k = 1; k < m; k++) {
                    dl[n + k] = src[i + k] - src[i + k - 1];
                }
                long min = minDelta;
                long max = maxDelta;
                for (int k = n; k < n + m; k++) {
                    min = Math.min(min, dl[k]);
                    max = Math.max(max, dl[k]);
                }
                minDelta = min;
                maxDelta = max;
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
            Ts2DiffFormat.longHeader(sink, 0, 0, Long.MAX_VALUE, first);
            return;
        }
        long min = minDelta;
        long max = maxDelta;
        // every rebased delta is in [0, max - min] (unsigned), so the widest one is max - min
        int width = 64 - Long.numberOfLeadingZeros(max - min);
        int p = Ts2DiffFormat.longHeader(sink, d, width, min, first);
        if (width <= Ts2DiffPacking.MAX_NARROW_WIDTH) {
            if (width > 0) {
                Ts2DiffPacking.packNarrow(deltas, d, min, width, sink, p);
            }
            return;
        }
        if (width == Long.SIZE) {
            // random values (e.g. hashes): every rebased delta is one big-endian long
            byte[] a = sink.array();
            for (int k = 0; k < d; k++) {
                ByteIO.putLongBE(a, p + (k << 3), deltas[k] - min);
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
        return Ts2DiffFormat.LONG_HEADER_BYTES;
    }

    @Override
    int valueBytes() {
        return Long.BYTES;
    }
}
