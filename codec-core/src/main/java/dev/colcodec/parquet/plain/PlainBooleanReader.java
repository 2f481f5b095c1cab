package dev.colcodec.parquet.plain;

import dev.colcodec.CorruptInputException;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.BooleanValuesReader;
import dev.colcodec.values.ValuesReader;
import java.util.Objects;

/**
 * Reads PLAIN BOOLEAN values: bit-packed LSB-first, value {@code i} in bit {@code i & 7} of byte {@code
 * i >>> 3}. Like parquet-java, the section is {@code ceil(valueCount / 8)} bytes capped at what the
 * slice holds (the count includes nulls); with {@link ValuesReader#UNKNOWN_COUNT} it is the whole slice.
 * Batches go through {@link Kernels#unpackBooleans}.
 */
public final class PlainBooleanReader implements BooleanValuesReader {
    private final Kernels kernels;
    private byte[] buf = new byte[0];
    private int start;
    private int sectionBytes;
    private long bit;
    private long bitEnd;
    private int valueCount;
    private long declaredLeft;

    public PlainBooleanReader(Kernels kernels) {
        this.kernels = Objects.requireNonNull(kernels, "kernels");
    }

    /** A reader using {@link KernelProvider#best()}. */
    public PlainBooleanReader() {
        this(KernelProvider.best());
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buf.length);
        this.declaredLeft = FixedWidthSection.declaredLimit(valueCount);
        this.valueCount = valueCount;
        this.buf = buf;
        this.start = offset;
        this.sectionBytes = valueCount == ValuesReader.UNKNOWN_COUNT
                ? length
                : (int) Math.min(length, ((long) valueCount + 7) >>> 3);
        this.bit = 0;
        this.bitEnd = (long) sectionBytes << 3;
    }

    /** Takes {@code n} values; returns the bit index of the first. */
    private long take(int n) {
        FixedWidthSection.checkCount(n, declaredLeft, valueCount, start + (int) (bit >>> 3));
        if (n > bitEnd - bit) {
            throw new CorruptInputException(
                    start + (int) (bit >>> 3),
                    n + " more PLAIN BOOLEAN values but only " + (bitEnd - bit) + " bits remain");
        }
        declaredLeft -= n;
        long b = bit;
        bit = b + n;
        return b;
    }

    @Override
    public boolean readBoolean() {
        long b = take(1);
        return ((buf[start + (int) (b >>> 3)] >>> (b & 7)) & 1) != 0;
    }

    @Override
    public void readBooleans(boolean[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        long b = take(len);
        kernels.unpackBooleans(buf, start + (int) (b >>> 3), (int) (b & 7), dst, off, len);
    }

    @Override
    public void skip(int n) {
        take(n);
    }

    @Override
    public int endOffset() {
        return start + sectionBytes;
    }
}
