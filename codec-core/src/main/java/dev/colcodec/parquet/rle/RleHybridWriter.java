package dev.colcodec.parquet.rle;

import dev.colcodec.io.ByteIO;
import dev.colcodec.io.ByteSink;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.IntValuesWriter;
import java.util.Arrays;
import java.util.Objects;

/**
 * Encodes ints as Parquet's RLE/bit-packing hybrid, making the same run decisions as parquet-java's
 * {@code RunLengthBitPackingHybridEncoder}, so the bytes are identical:
 *
 * <ul>
 *   <li>values are taken in groups of 8 from where the last run ended; a group whose 8 values are equal
 *       starts an RLE run, which then takes every following equal value;
 *   <li>any other group is bit-packed, appended to the open bit-packed run; a bit-packed run has a
 *       one-byte header, so it holds at most 63 groups (504 values) before a new one starts;
 *   <li>the final incomplete group is padded with zeros (unless it ends an RLE run).
 * </ul>
 *
 * <p>Batch writes find whole groups at once and pack each stretch of bit-packed groups with one {@link
 * LsbGroupPacker} call. Values are expected to fit in the bit width; bit-packed values are masked to
 * it, RLE values are written as their low {@code ceil(bitWidth / 8)} bytes (as parquet-java does).
 *
 * <p>With {@link RleFraming#LENGTH_PREFIXED} the page starts with its byte length as a 4-byte
 * little-endian integer ({@code RunLengthBitPackingHybridValuesWriter}). Intended difference: at width 0
 * a length-prefixed page is empty, as Parquet omits level sections whose maximum level is 0 (parquet-java
 * writes nothing there through {@code DevNullValuesWriter}); unprefixed width-0 pages hold the runs, as
 * in dictionary-encoded pages of a one-entry dictionary. A page holds at most 2^31-1 values.
 */
public final class RleHybridWriter implements IntValuesWriter {
    private static final int MAX_GROUPS_PER_PACKED_RUN = 63;

    private final RleFraming framing;
    private final ByteSink out = new ByteSink(1024);
    private final int[] buffered = new int[8];

    private int bitWidth;
    private int valueBytes;
    private int numBuffered;
    private int previous;
    private int repeatCount;
    private int packedHeaderPos = -1;
    private int packedGroups;
    private int valueCount;
    private boolean finished;

    /**
     * @param bitWidth the width of every value, 0..32
     * @param framing whether to start the page with its 4-byte length
     * @param kernels the caller's kernels, as every writer takes them; this one needs none, as its
     *     bit-packed runs are packed by {@link LsbGroupPacker} at every width
     */
    public RleHybridWriter(int bitWidth, RleFraming framing, Kernels kernels) {
        this.framing = Objects.requireNonNull(framing, "framing");
        Objects.requireNonNull(kernels, "kernels");
        reset(bitWidth);
    }

    /** A writer using {@link KernelProvider#best()}. */
    public RleHybridWriter(int bitWidth, RleFraming framing) {
        this(bitWidth, framing, KernelProvider.best());
    }

    public int bitWidth() {
        return bitWidth;
    }

    private boolean writesNothing() {
        return bitWidth == 0 && framing == RleFraming.LENGTH_PREFIXED;
    }

    @Override
    public void writeInteger(int value) {
        checkOpen();
        countValues(1);
        if (!writesNothing()) {
            step(value);
        }
    }

    @Override
    public void writeIntegers(int[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        checkOpen();
        countValues(len);
        if (writesNothing()) {
            return;
        }
        int i = off;
        int end = off + len;
        // finish a group or an RLE run left open by earlier writes
        while (i < end && (numBuffered != 0 || repeatCount >= 8)) {
            if (repeatCount >= 8) {
                i = extendRleRun(src, i, end);
                if (i < end) {
                    writeRleRun();
                }
                break;
            }
            step(src[i++]);
        }
        // from a group boundary, whole groups at a time
        while (end - i >= 8 && repeatCount < 8) {
            int v = src[i];
            if (allEqual(src, i, v)) {
                previous = v;
                repeatCount = 8;
                i = extendRleRun(src, i + 8, end);
                if (i < end) {
                    writeRleRun();
                }
            } else {
                int groups = 1;
                int j = i + 8;
                while (end - j >= 8 && !allEqual(src, j, src[j])) {
                    groups++;
                    j += 8;
                }
                packGroups(src, i, groups);
                i = j;
                previous = src[i - 1];
                repeatCount = 0;
            }
        }
        while (i < end) {
            step(src[i++]);
        }
    }

    private void countValues(int n) {
        if (n > Integer.MAX_VALUE - valueCount) {
            throw new IllegalStateException("a page holds at most 2^31-1 values");
        }
        valueCount += n;
    }

    private static boolean allEqual(int[] a, int i, int v) {
        // the first pair decides most groups of varied values with one well-predicted branch
        return a[i + 1] == v
                && ((a[i + 2] ^ v) | (a[i + 3] ^ v) | (a[i + 4] ^ v) | (a[i + 5] ^ v) | (a[i + 6] ^ v) | (a[i + 7] ^ v))
                        == 0;
    }

    /** Counts the values equal to {@code previous} from {@code i} into the open RLE run; returns the first index past them. */
    private int extendRleRun(int[] src, int i, int end) {
        int v = previous;
        int start = i;
        while (i < end && src[i] == v) {
            i++;
        }
        repeatCount += i - start;
        return i;
    }

    /** One value through the encoder's state machine (the per-value path, also used at batch edges). */
    private void step(int value) {
        if (value == previous) {
            if (++repeatCount >= 8) {
                return;
            }
        } else {
            if (repeatCount >= 8) {
                writeRleRun();
            }
            repeatCount = 1;
            previous = value;
        }
        buffered[numBuffered++] = value;
        if (numBuffered == 8) {
            packGroups(buffered, 0, 1);
            repeatCount = 0;
            numBuffered = 0;
        }
    }

    /** Appends {@code groups} groups of 8 values from {@code src[from...]} to bit-packed runs. */
    private void packGroups(int[] src, int from, int groups) {
        while (groups > 0) {
            if (packedHeaderPos >= 0 && packedGroups >= MAX_GROUPS_PER_PACKED_RUN) {
                endPackedRun();
            }
            if (packedHeaderPos < 0) {
                packedHeaderPos = out.size();
                out.write(0);
            }
            int k = Math.min(groups, MAX_GROUPS_PER_PACKED_RUN - packedGroups);
            int bytes = k * bitWidth;
            int p = out.ensure(bytes + LsbGroupPacker.SLACK);
            LsbGroupPacker.pack(src, from, k << 3, bitWidth, 0, out.array(), p);
            out.advance(bytes);
            packedGroups += k;
            from += k << 3;
            groups -= k;
        }
    }

    private void endPackedRun() {
        if (packedHeaderPos >= 0) {
            out.array()[packedHeaderPos] = (byte) ((packedGroups << 1) | 1);
            packedHeaderPos = -1;
            packedGroups = 0;
        }
    }

    private void writeRleRun() {
        endPackedRun();
        out.writeUnsignedVarInt(repeatCount << 1);
        int p = out.ensure(4);
        ByteIO.putIntLE(out.array(), p, previous);
        out.advance(valueBytes);
        repeatCount = 0;
        numBuffered = 0;
    }

    private void checkOpen() {
        if (finished) {
            throw new IllegalStateException("toByteArray() was called: reset() before writing the next page");
        }
    }

    @Override
    public int valueCount() {
        return valueCount;
    }

    /** Bytes of runs written so far (without the length prefix and the values still buffered), like parquet-java. */
    @Override
    public long bufferedSize() {
        return out.size() - headerBytes();
    }

    private int headerBytes() {
        return framing == RleFraming.LENGTH_PREFIXED && !writesNothing() ? 4 : 0;
    }

    @Override
    public byte[] toByteArray() {
        checkOpen();
        finished = true;
        if (writesNothing()) {
            return new byte[0];
        }
        if (repeatCount >= 8) {
            writeRleRun();
        } else if (numBuffered > 0) {
            Arrays.fill(buffered, numBuffered, 8, 0);
            packGroups(buffered, 0, 1);
            numBuffered = 0;
            repeatCount = 0;
            endPackedRun();
        } else {
            endPackedRun();
        }
        if (headerBytes() == 4) {
            ByteIO.putIntLE(out.array(), 0, out.size() - 4);
        }
        return out.toByteArray();
    }

    @Override
    public void reset() {
        reset(bitWidth);
    }

    /** Starts a new page at another bit width (0..32), as dictionary-encoded pages need. */
    public void reset(int newBitWidth) {
        if (newBitWidth < 0 || newBitWidth > 32) {
            throw new IllegalArgumentException("bit width must be in [0, 32]: " + newBitWidth);
        }
        bitWidth = newBitWidth;
        valueBytes = (newBitWidth + 7) >>> 3;
        out.reset();
        if (headerBytes() == 4) {
            out.ensure(4);
            out.advance(4);
        }
        numBuffered = 0;
        previous = 0;
        repeatCount = 0;
        packedHeaderPos = -1;
        packedGroups = 0;
        valueCount = 0;
        finished = false;
    }
}
