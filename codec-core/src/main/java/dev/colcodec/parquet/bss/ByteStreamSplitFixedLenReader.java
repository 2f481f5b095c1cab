package dev.colcodec.parquet.bss;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesReader;

/**
 * Decodes Parquet BYTE_STREAM_SPLIT FIXED_LEN_BYTE_ARRAY({@code width}) values (for example FLOAT16
 * or DECIMAL): {@code width} streams, stream k holding byte k of every value. The value count is the
 * section length / width (a remainder is corrupt input); the page's value count is only an upper
 * bound. A batch read joins the streams into the caller's {@link BinaryBatch} with one {@link
 * Kernels#bssDecode} call; skipping is O(1).
 */
public final class ByteStreamSplitFixedLenReader implements BinaryValuesReader {
    private final Kernels kernels;
    private final StreamSplitSection section;

    /** A reader of {@code width}-byte values using {@link KernelProvider#best()}. */
    public ByteStreamSplitFixedLenReader(int width) {
        this(width, KernelProvider.best());
    }

    /** A reader of {@code width}-byte values ({@code width >= 1}). */
    public ByteStreamSplitFixedLenReader(int width, Kernels kernels) {
        if (width < 1) {
            throw new IllegalArgumentException("FIXED_LEN_BYTE_ARRAY width must be at least 1: " + width);
        }
        this.kernels = kernels;
        this.section = new StreamSplitSection(width);
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        section.init(valueCount, buf, offset, length);
    }

    /** Values not yet read or skipped. */
    public int remaining() {
        return section.remaining();
    }

    @Override
    public byte[] readBinary() {
        return section.nextBytes();
    }

    @Override
    public void readBinaries(BinaryBatch dst, int len) {
        int first = section.take(len);
        int width = section.width;
        dst.ensureCapacity(len, (long) len * width);
        int at = dst.byteSize();
        for (int i = 0; i < len; i++) {
            dst.reserve(width);
        }
        kernels.bssDecode(section.buf, section.start + first, section.count, width, dst.data(), at, len);
    }

    @Override
    public void skip(int n) {
        section.take(n);
    }

    @Override
    public int endOffset() {
        return section.end();
    }
}
