package dev.colcodec.tsfile.dictionary;

import dev.colcodec.io.ByteSink;
import dev.colcodec.kernel.Kernels;

/**
 * Writes DICTIONARY indexes as TsFile's {@code IntRleEncoder} does, reproducing its run decisions so
 * the bytes are identical: values are taken 8 at a time into bit-packed groups (at most 63 groups per
 * run); a value repeated 8 times from a group boundary on becomes an RLE run (at most 32,767 values);
 * the bit width is the page-wide width of the largest index (at least 1).
 */
final class RleIndexWriter {
    private static final int MIN_REPEAT = 8;
    private static final int MAX_REPEAT = 0x7FFF;
    private static final int MAX_GROUPS = 63;

    private final Kernels kernels;
    private final ByteSink body = new ByteSink(256);
    private final int[] group = new int[MIN_REPEAT];

    private int width;
    private int previous;
    private int repeat;
    private int buffered;
    private int groups;
    private int runHeaderAt;

    RleIndexWriter(Kernels kernels) {
        this.kernels = kernels;
    }

    /** Appends the RLE stream of {@code ids[0, count)} (a length, the width byte and the runs) to {@code out}. */
    void write(int[] ids, int count, ByteSink out) {
        body.reset();
        if (count == 0) {
            out.writeUnsignedVarInt(0);
            return;
        }
        int max = 0;
        for (int i = 0; i < count; i++) {
            max |= ids[i];
        }
        width = Math.max(1, 32 - Integer.numberOfLeadingZeros(max));
        previous = 0;
        repeat = 0;
        buffered = 0;
        groups = 0;
        runHeaderAt = -1;
        body.write(width);
        for (int i = 0; i < count; i++) {
            int v = ids[i];
            if (v == previous) {
                repeat++;
                if (repeat >= MIN_REPEAT && repeat <= MAX_REPEAT) {
                    continue;
                }
                if (repeat == MAX_REPEAT + 1) {
                    repeat = MAX_REPEAT;
                    writeRleRun();
                    repeat = 1;
                }
            } else {
                if (repeat >= MIN_REPEAT) {
                    writeRleRun();
                }
                repeat = 1;
                previous = v;
            }
            group[buffered++] = v;
            if (buffered == MIN_REPEAT) {
                appendGroup();
            }
        }
        int lastValid = buffered;
        if (repeat >= MIN_REPEAT) {
            writeRleRun();
        } else if (buffered > 0) {
            for (int k = buffered; k < MIN_REPEAT; k++) {
                group[k] = 0;
            }
            appendGroup();
            endBitPackedRun(lastValid);
        } else {
            endBitPackedRun(MIN_REPEAT);
        }
        out.writeUnsignedVarInt(body.size());
        out.write(body);
    }

    private void writeRleRun() {
        endBitPackedRun(MIN_REPEAT);
        body.writeUnsignedVarInt(repeat << 1);
        for (int k = 0, bytes = (width + 7) >>> 3; k < bytes; k++) {
            body.write(previous >>> (8 * k));
        }
        repeat = 0;
        buffered = 0;
    }

    private void appendGroup() {
        if (groups >= MAX_GROUPS) {
            endBitPackedRun(MIN_REPEAT);
        }
        if (runHeaderAt < 0) {
            runHeaderAt = body.size();
            body.write(0);
            body.write(0);
        }
        int p = body.ensure(width);
        body.advance(kernels.packMsb(group, 0, MIN_REPEAT, width, body.array(), p));
        buffered = 0;
        repeat = 0;
        groups++;
    }

    private void endBitPackedRun(int lastValid) {
        if (runHeaderAt < 0) {
            return;
        }
        body.array()[runHeaderAt] = (byte) ((groups << 1) | 1);
        body.array()[runHeaderAt + 1] = (byte) lastValid;
        runHeaderAt = -1;
        groups = 0;
    }
}
