package dev.colcodec.parquet.plain;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.Bounds;
import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryViewsReader;
import java.util.Arrays;
import java.util.Objects;

/**
 * Reads PLAIN BYTE_ARRAY values: a 4-byte little-endian length, then the bytes. Batches go through
 * {@link BinaryBatch#appendLengthPrefixedLE} (one pass, the batch grown once, short values copied as
 * words), with no object per value, or are handed out where they lie ({@link #readViews}). The section is
 * the rest of the slice, as in parquet-java.
 *
 * <p>There is nothing here for the kernels to do; the reader takes them anyway, so that every reader is
 * constructed alike.
 */
public final class PlainBinaryReader implements BinaryViewsReader {
    private byte[] buf = new byte[0];
    private int pos;
    private int end;
    private int valueCount;
    private long declaredLeft;

    /** @param kernels not used by this encoding (see the class comment) */
    public PlainBinaryReader(Kernels kernels) {
        Objects.requireNonNull(kernels, "kernels");
    }

    /** A reader using {@link KernelProvider#best()}. */
    public PlainBinaryReader() {
        this(KernelProvider.best());
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buf.length);
        this.declaredLeft = FixedWidthSection.declaredLimit(valueCount);
        this.valueCount = valueCount;
        this.buf = buf;
        this.pos = offset;
        this.end = offset + length;
    }

    /** The length of the value at {@code p}, checked against the section. */
    private int lengthAt(int p) {
        Bounds.checkAvailable(p, end, 4, "the 4-byte length of a BYTE_ARRAY value");
        int len = ByteIO.getIntLE(buf, p);
        if (len < 0 || len > end - p - 4) {
            throw new CorruptInputException(
                    p,
                    "a BYTE_ARRAY length of at most " + (end - p - 4) + " bytes (got " + Integer.toUnsignedString(len)
                            + ")");
        }
        return len;
    }

    private void count(int n) {
        FixedWidthSection.checkCount(n, declaredLeft, valueCount, pos);
        declaredLeft -= n;
    }

    @Override
    public byte[] readBinary() {
        count(1);
        int len = lengthAt(pos);
        int p = pos + 4;
        pos = p + len;
        return Arrays.copyOfRange(buf, p, p + len);
    }

    @Override
    public void readBinaries(BinaryBatch dst, int len) {
        count(len);
        pos = dst.appendLengthPrefixedLE(buf, pos, end, len);
    }

    @Override
    public byte[] viewArray() {
        return buf;
    }

    @Override
    public void readViews(int[] starts, int[] lengths, int at, int n) {
        Objects.checkFromIndexSize(at, n, starts.length);
        Objects.checkFromIndexSize(at, n, lengths.length);
        count(n);
        int p = pos;
        for (int i = at, stop = at + n; i < stop; i++) {
            if (end - p < 4) {
                throw new CorruptInputException(
                        p, "the 4-byte length of a BYTE_ARRAY value, but " + (end - p) + " bytes remain");
            }
            int len = ByteIO.getIntLE(buf, p);
            p += 4;
            if (len < 0 || len > end - p) {
                throw new CorruptInputException(
                        p - 4,
                        "a BYTE_ARRAY length of at most " + (end - p) + " bytes (got " + Integer.toUnsignedString(len)
                                + ")");
            }
            starts[i] = p;
            lengths[i] = len;
            p += len;
        }
        pos = p;
    }

    @Override
    public void skip(int n) {
        count(n);
        int p = pos;
        for (int i = 0; i < n; i++) {
            p += 4 + lengthAt(p);
        }
        pos = p;
    }

    @Override
    public int endOffset() {
        return end;
    }
}
