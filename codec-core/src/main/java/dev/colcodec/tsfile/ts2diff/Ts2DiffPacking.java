package dev.colcodec.tsfile.ts2diff;

import dev.colcodec.io.ByteIO;
import dev.colcodec.io.ByteSink;

/**
 * The TS_2DIFF writers' block packing for narrow widths (1..8 bits, e.g. timestamps with jitter):
 * subtracts the block's minimum delta and packs MSB-first eight values at a time, each group of eight
 * being exactly {@code width} bytes, with one 8-byte store per group and no branch per value. Wider
 * blocks go to {@link dev.colcodec.kernel.Kernels#packMsb}. A package-private helper rather than a
 * kernel: it fuses the rebase into the packing, which the kernel interface does not offer.
 */
final class Ts2DiffPacking {
    /** The widest width packed here. */
    static final int MAX_NARROW_WIDTH = 8;

    private Ts2DiffPacking() {}

    /**
     * Packs {@code deltas[0, count) - min}, each fitting {@code width} (1..8) bits, at {@code
     * sink.array()[p]}, where {@code ceil(count * width / 8)} bytes have been reserved. May write
     * zeros into up to eight bytes after them (made room for here), which are not part of the sink's
     * content.
     */
    static void packNarrow(long[] deltas, int count, long min, int width, ByteSink sink, int p) {
        sink.ensure(Long.BYTES);
        byte[] dst = sink.array();
        int full = count & ~7;
        int k = 0;
        for (; k < full; k += 8) {
            long word = (deltas[k] - min) << (64 - width)
                    | (deltas[k + 1] - min) << (64 - 2 * width)
                    | (deltas[k + 2] - min) << (64 - 3 * width)
                    | (deltas[k + 3] - min) << (64 - 4 * width)
                    | (deltas[k + 4] - min) << (64 - 5 * width)
                    | (deltas[k + 5] - min) << (64 - 6 * width)
                    | (deltas[k + 6] - min) << (64 - 7 * width)
                    | (deltas[k + 7] - min) << (64 - 8 * width);
            ByteIO.putLongBE(dst, p, word);
            p += width;
        }
        if (k < count) {
            long word = 0;
            for (int j = 0; k < count; k++, j++) {
                word |= (deltas[k] - min) << (64 - (j + 1) * width);
            }
            ByteIO.putLongBE(dst, p, word);
        }
    }

    /** {@link #packNarrow(long[], int, long, int, ByteSink, int)} for INT32 deltas. */
    static void packNarrow(int[] deltas, int count, int min, int width, ByteSink sink, int p) {
        sink.ensure(Long.BYTES);
        byte[] dst = sink.array();
        int full = count & ~7;
        int k = 0;
        for (; k < full; k += 8) {
            long word = ((deltas[k] - min) & 0xFFFF_FFFFL) << (64 - width)
                    | ((deltas[k + 1] - min) & 0xFFFF_FFFFL) << (64 - 2 * width)
                    | ((deltas[k + 2] - min) & 0xFFFF_FFFFL) << (64 - 3 * width)
                    | ((deltas[k + 3] - min) & 0xFFFF_FFFFL) << (64 - 4 * width)
                    | ((deltas[k + 4] - min) & 0xFFFF_FFFFL) << (64 - 5 * width)
                    | ((deltas[k + 5] - min) & 0xFFFF_FFFFL) << (64 - 6 * width)
                    | ((deltas[k + 6] - min) & 0xFFFF_FFFFL) << (64 - 7 * width)
                    | ((deltas[k + 7] - min) & 0xFFFF_FFFFL) << (64 - 8 * width);
            ByteIO.putLongBE(dst, p, word);
            p += width;
        }
        if (k < count) {
            long word = 0;
            for (int j = 0; k < count; k++, j++) {
                word |= ((deltas[k] - min) & 0xFFFF_FFFFL) << (64 - (j + 1) * width);
            }
            ByteIO.putLongBE(dst, p, word);
        }
    }
}
