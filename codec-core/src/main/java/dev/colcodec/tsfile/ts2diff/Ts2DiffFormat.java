package dev.colcodec.tsfile.ts2diff;

import dev.colcodec.io.ByteIO;
import dev.colcodec.io.ByteSink;

/** TS_2DIFF constants and the block header writer shared by the INT32 and INT64 writers. */
final class Ts2DiffFormat {
    /** Deltas per full block (TsFile's {@code BLOCK_DEFAULT_SIZE}); a block holds one more value. */
    static final int BLOCK_DELTAS = 128;

    static final int INT_HEADER_BYTES = 16;
    static final int LONG_HEADER_BYTES = 24;

    private Ts2DiffFormat() {}

    /** {@code ceil(deltas * width / 8)}. */
    static long packedBytes(int deltas, int width) {
        return ((long) deltas * width + 7) >>> 3;
    }

    /** Writes an INT32 block header and reserves its packed bytes; returns where they start. */
    static int intHeader(ByteSink sink, int deltas, int width, int minDelta, int first) {
        int bytes = (int) packedBytes(deltas, width);
        int p = sink.ensure(INT_HEADER_BYTES + bytes);
        byte[] a = sink.array();
        ByteIO.putIntBE(a, p, deltas);
        ByteIO.putIntBE(a, p + 4, width);
        ByteIO.putIntBE(a, p + 8, minDelta);
        ByteIO.putIntBE(a, p + 12, first);
        sink.advance(INT_HEADER_BYTES + bytes);
        return p + INT_HEADER_BYTES;
    }

    /** Writes an INT64 block header and reserves its packed bytes; returns where they start. */
    static int longHeader(ByteSink sink, int deltas, int width, long minDelta, long first) {
        int bytes = (int) packedBytes(deltas, width);
        int p = sink.ensure(LONG_HEADER_BYTES + bytes);
        byte[] a = sink.array();
        ByteIO.putIntBE(a, p, deltas);
        ByteIO.putIntBE(a, p + 4, width);
        ByteIO.putLongBE(a, p + 8, minDelta);
        ByteIO.putLongBE(a, p + 16, first);
        sink.advance(LONG_HEADER_BYTES + bytes);
        return p + LONG_HEADER_BYTES;
    }

    static void checkOpen(boolean finished) {
        if (finished) {
            throw new IllegalStateException("toByteArray() was called: reset() before writing the next page");
        }
    }
}
