package dev.colcodec.tsfile.plain;

import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesWriter;
import dev.colcodec.values.PageForwardingWriter;
import java.util.Objects;

/**
 * Writes TsFile PLAIN TEXT, STRING and BLOB values: zigzag varint length, then the bytes. A batch from
 * a {@link BinaryBatch} reserves its whole size once. Output is byte-identical to TsFile's {@code
 * PlainEncoder}.
 */
public final class PlainBinaryWriter extends PageForwardingWriter implements BinaryValuesWriter {
    private final PlainPage page;

    /** Byte strings need no kernels; the constructor exists for symmetry with the other writers. */
    public PlainBinaryWriter() {
        this(new PlainPage());
    }

    private PlainBinaryWriter(PlainPage page) {
        super(page);
        this.page = page;
    }

    @Override
    public void writeBinary(byte[] value, int off, int len) {
        Objects.checkFromIndexSize(off, len, value.length);
        int p = page.reserve(1, ZigZagVarInts.MAX_BYTES + len);
        byte[] a = page.sink.array();
        p = ZigZagVarInts.write(ZigZagVarInts.zigZag(len), a, p);
        System.arraycopy(value, off, a, p, len);
        page.sink.setSize(p + len);
    }

    @Override
    public void writeBinaries(BinaryBatch src, int from, int len) {
        Objects.checkFromIndexSize(from, len, src.count());
        int[] offsets = src.offsets();
        byte[] data = src.data();
        long bytes = (long) offsets[from + len] - offsets[from];
        page.open(len);
        long reserve = bytes + (long) len * ZigZagVarInts.MAX_BYTES;
        if (reserve > Integer.MAX_VALUE) {
            throw new IllegalStateException("encoded page larger than 2 GiB");
        }
        int p = page.sink.ensure((int) reserve);
        byte[] a = page.sink.array();
        for (int i = from; i < from + len; i++) {
            int start = offsets[i];
            int n = offsets[i + 1] - start;
            p = ZigZagVarInts.write(ZigZagVarInts.zigZag(n), a, p);
            System.arraycopy(data, start, a, p, n);
            p += n;
        }
        page.sink.setSize(p);
    }
}
