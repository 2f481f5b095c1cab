package dev.colcodec.tsfile.ts2diff;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.ByteIO;
import dev.colcodec.values.ValuesReader;
import java.util.Objects;

/**
 * The type-independent part of the TS_2DIFF readers: the slice, the value budget, block header
 * parsing and validation, and where the current block's packed deltas are. The typed readers own
 * the decoded values.
 *
 * <p>Block header (all big-endian): {@code int32 deltaCount, int32 bitWidth}, then {@code minDelta,
 * firstValue} as int32 (INT32) or int64 (INT64), then {@code ceil(deltaCount * bitWidth / 8)} bytes
 * of MSB-first packed {@code delta - minDelta}.
 */
final class Ts2DiffBlockCursor {
    private final boolean wide;
    private final int headerSize;
    private final int maxWidth;
    final String what;

    byte[] buf = new byte[0];
    int start;
    /** Where the next block header starts (the current block's end). */
    int pos;

    int end;
    boolean countKnown;
    long valuesLeft;

    // the current block: deltas not yet decoded and where they are
    int deltasLeft;
    int width;
    long minDelta;
    long first;
    int packedPos;

    // the last parsed header (filled by parseHeader, committed by nextBlock)
    int hDeltas;
    int hWidth;
    long hMinDelta;
    long hFirst;
    int hPacked;
    int hEnd;

    Ts2DiffBlockCursor(boolean wide) {
        this.wide = wide;
        this.headerSize = wide ? Ts2DiffFormat.LONG_HEADER_BYTES : Ts2DiffFormat.INT_HEADER_BYTES;
        this.maxWidth = wide ? 64 : 32;
        this.what = wide ? "TS_2DIFF INT64 values" : "TS_2DIFF INT32 values";
    }

    void init(int valueCount, byte[] buf, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buf.length);
        if (valueCount < 0 && valueCount != ValuesReader.UNKNOWN_COUNT) {
            throw new IllegalArgumentException("valueCount " + valueCount);
        }
        this.buf = buf;
        this.start = offset;
        this.pos = offset;
        this.end = offset + length;
        this.countKnown = valueCount != ValuesReader.UNKNOWN_COUNT;
        this.valuesLeft = countKnown ? valueCount : Long.MAX_VALUE;
        this.deltasLeft = 0;
    }

    /** Claims {@code n} values of the budget; more than a known count is corrupt input. */
    void claim(long n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative value count " + n);
        }
        if (n > valuesLeft) {
            throw new CorruptInputException(
                    pos, n + " more " + what + " but the section holds only " + valuesLeft + " more");
        }
        valuesLeft -= n;
    }

    /** Parses and validates the block header at {@code at} into the {@code h*} fields. */
    void parseHeader(int at) {
        if (at >= end) {
            throw new CorruptInputException(at, "another TS_2DIFF block but the section ended");
        }
        require(at, headerSize, "a TS_2DIFF block header");
        int deltas = ByteIO.getIntBE(buf, at);
        int w = ByteIO.getIntBE(buf, at + 4);
        if (deltas < 0) {
            throw new CorruptInputException(at, "a TS_2DIFF delta count >= 0 (got " + deltas + ")");
        }
        if (w < 0 || w > maxWidth) {
            throw new CorruptInputException(at + 4, "a bit width in [0, " + maxWidth + "] (got " + w + ")");
        }
        if (wide) {
            hMinDelta = ByteIO.getLongBE(buf, at + 8);
            hFirst = ByteIO.getLongBE(buf, at + 16);
        } else {
            hMinDelta = ByteIO.getIntBE(buf, at + 8);
            hFirst = ByteIO.getIntBE(buf, at + 12);
        }
        int packed = at + headerSize;
        long bytes = Ts2DiffFormat.packedBytes(deltas, w);
        require(packed, bytes, "TS_2DIFF packed deltas");
        hDeltas = deltas;
        hWidth = w;
        hPacked = packed;
        hEnd = packed + (int) bytes;
    }

    /**
     * Checks that {@code needed} (non-negative) bytes are available at {@code at}, as {@link
     * CorruptInputException#checkAvailable} does; written out here because C2 never inlines a static
     * method of an exception class, and this runs twice per block.
     */
    private void require(int at, long needed, String what) {
        if (needed > end - at) {
            throw new CorruptInputException(
                    at, needed + " bytes of " + what + " but only " + Math.max(0, end - at) + " remain");
        }
    }

    /** Starts the next block: parses its header and moves {@link #pos} past it. */
    void nextBlock() {
        parseHeader(pos);
        commitHeader();
    }

    /** Makes the last parsed header the current block. */
    void commitHeader() {
        deltasLeft = hDeltas;
        width = hWidth;
        minDelta = hMinDelta;
        first = hFirst;
        packedPos = hPacked;
        pos = hEnd;
    }

    /** Marks {@code n} deltas of the current block as decoded (n a multiple of 8 or all that are left). */
    void consumeDeltas(int n) {
        deltasLeft -= n;
        packedPos += (int) (((long) n * width) >>> 3);
    }

    /** Drops the rest of the current block without decoding it. */
    void dropRestOfBlock() {
        deltasLeft = 0;
    }

    /**
     * The end of the block holding the last value of a known count, given how many decoded values the
     * typed reader still holds; the slice end when the count is unknown. Walks block headers only.
     */
    int endOffset(int buffered) {
        if (!countKnown) {
            return end;
        }
        long need = valuesLeft - buffered - deltasLeft;
        int p = pos;
        while (need > 0) {
            parseHeader(p);
            need -= 1L + hDeltas;
            p = hEnd;
        }
        return p;
    }
}
