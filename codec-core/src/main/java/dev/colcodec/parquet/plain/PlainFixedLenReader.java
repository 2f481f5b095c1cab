package dev.colcodec.parquet.plain;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesReader;
import java.util.Arrays;
import java.util.Objects;

/**
 * Reads PLAIN FIXED_LEN_BYTE_ARRAY values of one length, back to back with no lengths; INT96 values are
 * read the same way as 12-byte values ({@link #forInt96()}). Batches copy all their bytes with one
 * {@code arraycopy}. The section is the rest of the slice, as in parquet-java.
 *
 * <p>There is nothing here for the kernels to do; the reader takes them anyway, so that every reader is
 * constructed alike.
 */
public final class PlainFixedLenReader implements BinaryValuesReader {
    /** The length of an INT96 value. */
    public static final int INT96_LENGTH = 12;

    private final FixedWidthSection section;

    /**
     * @param length the length of every value, at least 1
     * @param kernels not used by this encoding (see the class comment)
     */
    public PlainFixedLenReader(int length, Kernels kernels) {
        Objects.requireNonNull(kernels, "kernels");
        if (length < 1) {
            throw new IllegalArgumentException("fixed length must be at least 1: " + length);
        }
        this.section = new FixedWidthSection(length);
    }

    /** A reader using {@link KernelProvider#best()}. */
    public PlainFixedLenReader(int length) {
        this(length, KernelProvider.best());
    }

    /** A reader of INT96 values (12 raw bytes each). */
    public static PlainFixedLenReader forInt96() {
        return new PlainFixedLenReader(INT96_LENGTH);
    }

    public int length() {
        return section.width;
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        section.init(valueCount, buf, offset, length);
    }

    @Override
    public byte[] readBinary() {
        int p = section.take(1);
        return Arrays.copyOfRange(section.buf, p, p + section.width);
    }

    @Override
    public void readBinaries(BinaryBatch dst, int len) {
        Objects.requireNonNull(dst, "dst");
        int w = section.width;
        int p = section.take(len);
        if (len == 0) {
            return;
        }
        dst.ensureCapacity(len, (long) len * w);
        int first = dst.reserve(w);
        for (int i = 1; i < len; i++) {
            dst.reserve(w);
        }
        System.arraycopy(section.buf, p, dst.data(), first, len * w);
    }

    @Override
    public void skip(int n) {
        section.take(n);
    }

    @Override
    public int endOffset() {
        return section.end;
    }
}
