package dev.colcodec.parquet.deltastrings;

import dev.colcodec.io.ByteSink;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.delta.DeltaBinaryPackedIntWriter;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesWriter;
import java.util.Arrays;

/**
 * Encodes byte strings (BYTE_ARRAY or FIXED_LEN_BYTE_ARRAY) as Parquet DELTA_BYTE_ARRAY: the length of
 * the prefix each value shares with the previous one (found with {@link Arrays#mismatch}) as
 * DELTA_BINARY_PACKED, then the suffixes as DELTA_LENGTH_BYTE_ARRAY. Each page starts from an empty
 * previous value (no PARQUET-246 carry-over).
 *
 * <p>Output is byte-identical to parquet-java's {@code DeltaByteArrayWriter} except where a lengths
 * stream differs as documented on {@link DeltaBinaryPackedIntWriter} (zero padding and zero unused
 * widths instead of leftovers).
 */
public final class DeltaByteArrayWriter implements BinaryValuesWriter {
    private static final int CHUNK = 256;

    private final DeltaBinaryPackedIntWriter prefixes;
    private final DeltaBinaryPackedIntWriter suffixLengths;
    private final ByteSink suffixes = new ByteSink(1024);
    private final int[] prefixChunk = new int[CHUNK];
    private final int[] suffixChunk = new int[CHUNK];
    private byte[] previous = new byte[32];
    private int previousLength;

    /** A writer using {@link KernelProvider#best()}. */
    public DeltaByteArrayWriter() {
        this(KernelProvider.best());
    }

    public DeltaByteArrayWriter(Kernels kernels) {
        this.prefixes = new DeltaBinaryPackedIntWriter(kernels);
        this.suffixLengths = new DeltaBinaryPackedIntWriter(kernels);
    }

    @Override
    public void writeBinary(byte[] value, int off, int len) {
        int p = commonPrefix(previous, 0, previousLength, value, off, len);
        prefixes.writeInteger(p);
        suffixLengths.writeInteger(len - p);
        suffixes.write(value, off + p, len - p);
        // the first p bytes are already there
        if (len > previous.length) {
            previous = Arrays.copyOf(previous, Math.max(len, previous.length * 2));
        }
        System.arraycopy(value, off + p, previous, p, len - p);
        previousLength = len;
    }

    @Override
    public void writeBinaries(BinaryBatch src, int from, int len) {
        if (len <= 0) {
            return;
        }
        byte[] data = src.data();
        int[] offsets = src.offsets();
        byte[] prev = previous;
        int prevOff = 0;
        int prevLen = previousLength;
        for (int done = 0; done < len; ) {
            int c = Math.min(CHUNK, len - done);
            for (int i = 0; i < c; i++) {
                int v = from + done + i;
                int off = offsets[v];
                int vLen = offsets[v + 1] - off;
                int p = commonPrefix(prev, prevOff, prevLen, data, off, vLen);
                prefixChunk[i] = p;
                suffixChunk[i] = vLen - p;
                suffixes.write(data, off + p, vLen - p);
                prev = data;
                prevOff = off;
                prevLen = vLen;
            }
            prefixes.writeIntegers(prefixChunk, 0, c);
            suffixLengths.writeIntegers(suffixChunk, 0, c);
            done += c;
        }
        if (prevLen > previous.length) {
            previous = new byte[Math.max(prevLen, previous.length * 2)];
        }
        System.arraycopy(prev, prevOff, previous, 0, prevLen);
        previousLength = prevLen;
    }

    private static int commonPrefix(byte[] a, int aOff, int aLen, byte[] b, int bOff, int bLen) {
        int m = Arrays.mismatch(a, aOff, aOff + aLen, b, bOff, bOff + bLen);
        return m < 0 ? aLen : m;
    }

    @Override
    public int valueCount() {
        return prefixes.valueCount();
    }

    @Override
    public long bufferedSize() {
        return prefixes.bufferedSize() + suffixLengths.bufferedSize() + suffixes.size();
    }

    @Override
    public byte[] toByteArray() {
        byte[] a = prefixes.toByteArray();
        byte[] b = suffixLengths.toByteArray();
        byte[] out = new byte[a.length + b.length + suffixes.size()];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        suffixes.copyTo(out, a.length + b.length);
        return out;
    }

    @Override
    public void reset() {
        prefixes.reset();
        suffixLengths.reset();
        suffixes.reset();
        previousLength = 0;
    }
}
