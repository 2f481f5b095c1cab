package dev.colcodec.parquet.deltalength;

import dev.colcodec.io.ByteSink;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.delta.DeltaBinaryPackedIntWriter;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesWriter;
import java.util.Objects;

/**
 * Encodes byte strings as Parquet DELTA_LENGTH_BYTE_ARRAY: the lengths as DELTA_BINARY_PACKED (blocks
 * of 128 in 4 miniblocks), then all bytes concatenated.
 *
 * <p>{@link #writeBinaries} takes the lengths of a whole batch from its offsets in bulk and appends the
 * batch's bytes with one copy. Output is byte-identical to parquet-java's {@code
 * DeltaLengthByteArrayValuesWriter} except where the lengths stream differs as documented on {@link
 * DeltaBinaryPackedIntWriter} (zero padding and zero unused widths instead of leftovers).
 */
public final class DeltaLengthByteArrayWriter implements BinaryValuesWriter {
    private final DeltaBinaryPackedIntWriter lengths;
    private final ByteSink data = new ByteSink(1024);
    /** The lengths of the batch being written, grown to the largest batch. */
    private int[] lengthBuffer = new int[0];

    /** A writer using {@link KernelProvider#best()}. */
    public DeltaLengthByteArrayWriter() {
        this(KernelProvider.best());
    }

    public DeltaLengthByteArrayWriter(Kernels kernels) {
        this.lengths = new DeltaBinaryPackedIntWriter(kernels);
    }

    @Override
    public void writeBinary(byte[] value, int off, int len) {
        Objects.checkFromIndexSize(off, len, value.length);
        lengths.writeInteger(len);
        data.write(value, off, len);
    }

    @Override
    public void writeBinaries(BinaryBatch src, int from, int len) {
        Objects.checkFromIndexSize(from, len, src.count());
        int[] offsets = src.offsets();
        if (len <= 0) {
            return;
        }
        // the whole batch's lengths in one call, so the length writer's blocks stay aligned and take
        // its whole-block path
        if (lengthBuffer.length < len) {
            lengthBuffer = new int[len];
        }
        int[] l = lengthBuffer;
        for (int i = 0; i < len; i++) {
            l[i] = offsets[from + i + 1] - offsets[from + i];
        }
        lengths.writeIntegers(l, 0, len);
        data.write(src.data(), offsets[from], offsets[from + len] - offsets[from]);
    }

    @Override
    public int valueCount() {
        return lengths.valueCount();
    }

    @Override
    public long bufferedSize() {
        return lengths.bufferedSize() + data.size();
    }

    @Override
    public byte[] toByteArray() {
        byte[] head = lengths.toByteArray();
        byte[] out = new byte[head.length + data.size()];
        System.arraycopy(head, 0, out, 0, head.length);
        data.copyTo(out, head.length);
        return out;
    }

    @Override
    public void reset() {
        lengths.reset();
        data.reset();
    }
}
