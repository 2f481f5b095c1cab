package dev.colcodec.parquet.deltalength;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.Bounds;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.delta.DeltaBinaryPackedIntReader;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesReader;

/**
 * Decodes Parquet DELTA_LENGTH_BYTE_ARRAY: a DELTA_BINARY_PACKED stream of lengths, then all values'
 * bytes concatenated.
 *
 * <p>Lengths are decoded lazily in chunks of 512 through {@link DeltaBinaryPackedIntReader}; a batch
 * read validates its lengths against the bytes left, records the offsets and then moves all of the
 * batch's bytes with one {@link System#arraycopy}. {@link #skip(int)} decodes lengths only.
 *
 * <p>The bytes section takes the rest of the slice (as in parquet-java), so {@link #endOffset()} is
 * {@code offset + length}; trailing bytes after the last value are not an error.
 */
public final class DeltaLengthByteArrayReader implements BinaryValuesReader {
    private static final int CHUNK = 512;

    private final DeltaBinaryPackedIntReader lengths;
    private final int[] chunk = new int[CHUNK];
    private byte[] buf;
    private int dataPos;
    private int dataEnd;

    /** A reader using {@link KernelProvider#best()}. */
    public DeltaLengthByteArrayReader() {
        this(KernelProvider.best());
    }

    public DeltaLengthByteArrayReader(Kernels kernels) {
        this.lengths = new DeltaBinaryPackedIntReader(kernels);
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        lengths.init(valueCount, buf, offset, length);
        try {
            this.dataPos = lengths.endOffset();
        } catch (CorruptInputException e) {
            lengths.initEmpty(); // no value of the page before is read after a refused one
            throw e;
        }
        this.buf = buf;
        this.dataEnd = offset + length;
    }

    /** Values not yet read or skipped. */
    public int remaining() {
        return lengths.remaining();
    }

    @Override
    public byte[] readBinary() {
        int len = lengths.readInteger();
        checkLength(len);
        Bounds.checkAvailable(dataPos, dataEnd, len, "a value's bytes");
        byte[] out = new byte[len];
        System.arraycopy(buf, dataPos, out, 0, len);
        dataPos += len;
        return out;
    }

    @Override
    public void readBinaries(BinaryBatch dst, int len) {
        checkRequest(len);
        int start = dst.byteSize();
        long total = 0;
        for (int done = 0; done < len; ) {
            int c = Math.min(CHUNK, len - done);
            lengths.readIntegers(chunk, 0, c);
            long bytes = sumLengths(c);
            Bounds.checkAvailable(dataPos, dataEnd, total + bytes, "the values' bytes");
            dst.ensureCapacity(c, bytes);
            for (int i = 0; i < c; i++) {
                dst.reserve(chunk[i]);
            }
            total += bytes;
            done += c;
        }
        System.arraycopy(buf, dataPos, dst.data(), start, (int) total);
        dataPos += (int) total;
    }

    @Override
    public void skip(int n) {
        checkRequest(n);
        long total = 0;
        for (int done = 0; done < n; ) {
            int c = Math.min(CHUNK, n - done);
            lengths.readIntegers(chunk, 0, c);
            total += sumLengths(c);
            Bounds.checkAvailable(dataPos, dataEnd, total, "the skipped values' bytes");
            done += c;
        }
        dataPos += (int) total;
    }

    private long sumLengths(int c) {
        long sum = 0;
        for (int i = 0; i < c; i++) {
            checkLength(chunk[i]);
            sum += chunk[i];
        }
        return sum;
    }

    private void checkLength(int len) {
        if (len < 0) {
            throw new CorruptInputException(dataPos, "a non-negative value length (got " + len + ")");
        }
    }

    private void checkRequest(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative count " + n);
        }
        if (n > lengths.remaining()) {
            throw new CorruptInputException(
                    dataPos, n + " more values but only " + lengths.remaining() + " remain in the page");
        }
    }

    @Override
    public int endOffset() {
        return dataEnd;
    }
}
