package dev.colcodec.parquet.deltastrings;

import dev.colcodec.io.ByteIO;
import dev.colcodec.io.ByteSink;
import dev.colcodec.io.InPlacePage;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.delta.DeltaBinaryPackedIntWriter;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesWriter;
import java.util.Arrays;
import java.util.Objects;

/**
 * Encodes byte strings (BYTE_ARRAY or FIXED_LEN_BYTE_ARRAY) as Parquet DELTA_BYTE_ARRAY: the length of
 * the prefix each value shares with the previous one (compared eight bytes at a time) as
 * DELTA_BINARY_PACKED, then the suffixes as DELTA_LENGTH_BYTE_ARRAY. Each page starts from an empty
 * previous value (no PARQUET-246 carry-over).
 *
 * <p>Output is byte-identical to parquet-java's {@code DeltaByteArrayWriter} except where a lengths
 * stream differs as documented on {@link DeltaBinaryPackedIntWriter} (zero padding and zero unused
 * widths instead of leftovers).
 */
public final class DeltaByteArrayWriter implements BinaryValuesWriter, InPlacePage {
    private static final int WORD = Long.BYTES;

    /** The FIXED_LEN_BYTE_ARRAY length every value must have, or -1. */
    private final int fixedLength;

    private final DeltaBinaryPackedIntWriter prefixes;
    private final DeltaBinaryPackedIntWriter suffixLengths;
    /** The suffixes, after {@link #reserved} bytes kept free for the two length pages. */
    private final ByteSink suffixes = new ByteSink(1024);
    /** Bytes in front of the suffixes of this page where {@link #finishInPlace()} tries to put the length pages. */
    private int reserved;
    /** What the next page reserves: the length pages' size of the largest page so far. */
    private int nextReserved = 64;
    /** The prefix lengths of the batch being written, grown to the largest batch. */
    private int[] prefixLengthBuffer = new int[0];
    /** The suffix lengths of the batch being written, grown to the largest batch. */
    private int[] suffixLengthBuffer = new int[0];

    /** The array and offset of the page {@link #finishInPlace()} finished. */
    private byte[] page;

    private int pageOffset;

    private byte[] previous = new byte[32];
    private int previousLength;

    /** A writer using {@link KernelProvider#best()}. */
    public DeltaByteArrayWriter() {
        this(KernelProvider.best());
    }

    public DeltaByteArrayWriter(Kernels kernels) {
        this(-1, kernels);
    }

    /**
     * A writer of FIXED_LEN_BYTE_ARRAY({@code fixedLength}) values: a value of another length is refused
     * ({@link IllegalArgumentException}, nothing written), as the PLAIN and BYTE_STREAM_SPLIT writers of
     * that type refuse it; {@code -1}: any length (BYTE_ARRAY).
     */
    public DeltaByteArrayWriter(int fixedLength, Kernels kernels) {
        if (fixedLength < -1) {
            throw new IllegalArgumentException("fixed length " + fixedLength);
        }
        this.fixedLength = fixedLength;
        this.prefixes = new DeltaBinaryPackedIntWriter(kernels);
        this.suffixLengths = new DeltaBinaryPackedIntWriter(kernels);
        reserveFront();
    }

    private void reserveFront() {
        reserved = nextReserved;
        suffixes.reset();
        suffixes.ensure(reserved);
        suffixes.advance(reserved);
    }

    private void checkLength(int len) {
        if (fixedLength >= 0 && len != fixedLength) {
            throw new IllegalArgumentException("value of " + len + " bytes for a fixed length of " + fixedLength);
        }
    }

    @Override
    public void writeBinary(byte[] value, int off, int len) {
        Objects.checkFromIndexSize(off, len, value.length);
        checkLength(len);
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
        Objects.checkFromIndexSize(from, len, src.count());
        if (len <= 0) {
            return;
        }
        byte[] data = src.data();
        int[] offsets = src.offsets();
        if (fixedLength >= 0) {
            for (int i = from; i < from + len; i++) {
                checkLength(offsets[i + 1] - offsets[i]); // before anything is written
            }
        }
        byte[] prev = previous;
        int prevOff = 0;
        int prevLen = previousLength;
        // the whole batch's prefix and suffix lengths go to the length writers in one call each, so
        // their blocks stay aligned and take the whole-block path
        if (prefixLengthBuffer.length < len) {
            prefixLengthBuffer = new int[len];
            suffixLengthBuffer = new int[len];
        }
        int[] prefixOut = prefixLengthBuffer;
        int[] suffixOut = suffixLengthBuffer;
        // the suffixes are at most the batch's bytes: reserve once, then copy without checks
        int q = suffixes.ensure(offsets[from + len] - offsets[from] + 2 * WORD);
        byte[] out = suffixes.array();
        for (int i = 0; i < len; i++) {
            int off = offsets[from + i];
            int vLen = offsets[from + i + 1] - off;
            int p = commonPrefix(prev, prevOff, prevLen, data, off, vLen);
            int suffix = vLen - p;
            prefixOut[i] = p;
            suffixOut[i] = suffix;
            copySuffix(data, off + p, suffix, out, q);
            q += suffix;
            prev = data;
            prevOff = off;
            prevLen = vLen;
        }
        suffixes.setSize(q);
        prefixes.writeIntegers(prefixOut, 0, len);
        suffixLengths.writeIntegers(suffixOut, 0, len);
        if (prevLen > previous.length) {
            previous = new byte[Math.max(prevLen, previous.length * 2)];
        }
        System.arraycopy(prev, prevOff, previous, 0, prevLen);
        previousLength = prevLen;
    }

    /**
     * Copies {@code len} bytes to {@code out[q..]}, two words at once for values of up to 16 bytes (no
     * branch on the length). Word copies may write up to {@code 2 * WORD} bytes past {@code q + len},
     * which the caller reserved and overwrites next; they never read past the end of {@code src}.
     */
    private static void copySuffix(byte[] src, int from, int len, byte[] out, int q) {
        if (len <= 2 * WORD && from + 2 * WORD <= src.length) {
            ByteIO.putLongLE(out, q, ByteIO.getLongLE(src, from));
            ByteIO.putLongLE(out, q + WORD, ByteIO.getLongLE(src, from + WORD));
        } else {
            System.arraycopy(src, from, out, q, len);
        }
    }

    /**
     * The length of the common prefix of two values, compared a word at a time. Words may extend past
     * the values (never past the arrays): the first mismatching byte is then capped at the shorter
     * length, so short values cost no branch on their lengths.
     */
    private static int commonPrefix(byte[] a, int aOff, int aLen, byte[] b, int bOff, int bLen) {
        int max = Math.min(aLen, bLen);
        int i = 0;
        while (aOff + i + WORD <= a.length && bOff + i + WORD <= b.length) {
            long x = ByteIO.getLongLE(a, aOff + i) ^ ByteIO.getLongLE(b, bOff + i);
            int same = i + (Long.numberOfTrailingZeros(x) >>> 3);
            if (same < i + WORD || same >= max) {
                return Math.min(same, max);
            }
            i += WORD;
        }
        while (i < max && a[aOff + i] == b[bOff + i]) {
            i++;
        }
        return i;
    }

    @Override
    public int valueCount() {
        return prefixes.valueCount();
    }

    @Override
    public long bufferedSize() {
        return prefixes.bufferedSize() + suffixLengths.bufferedSize() + suffixes.size() - reserved;
    }

    @Override
    public byte[] toByteArray() {
        int size = finishInPlace();
        // the page was put together in a new array of its size, or sits in the sink's array
        return page != suffixes.array() ? page : Arrays.copyOfRange(page, pageOffset, pageOffset + size);
    }

    @Override
    public int finishInPlace() {
        // the two length pages go straight in front of the suffixes when the reserved space holds them,
        // and the page is then the sink's bytes from there on
        int a = prefixes.finishPage();
        int b = suffixLengths.finishPage();
        int suffixBytes = suffixes.size() - reserved;
        int start = reserved - a - b;
        if (start >= 0) {
            byte[] buf = suffixes.array();
            prefixes.copyPageTo(buf, start);
            suffixLengths.copyPageTo(buf, start + a);
            page = buf;
            pageOffset = start;
            return suffixes.size() - start;
        }
        nextReserved = Math.max(nextReserved, a + b);
        byte[] out = new byte[a + b + suffixBytes];
        prefixes.copyPageTo(out, 0);
        suffixLengths.copyPageTo(out, a);
        System.arraycopy(suffixes.array(), reserved, out, a + b, suffixBytes);
        page = out;
        pageOffset = 0;
        return out.length;
    }

    @Override
    public byte[] pageArray() {
        return page;
    }

    @Override
    public int pageOffset() {
        return pageOffset;
    }

    @Override
    public void reset() {
        prefixes.reset();
        suffixLengths.reset();
        reserveFront();
        previousLength = 0;
    }
}
