package dev.colcodec.parquet.deltastrings;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.Bounds;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.delta.DeltaBinaryPackedIntReader;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesReader;
import java.util.Arrays;

/**
 * Decodes Parquet DELTA_BYTE_ARRAY (incremental or "front" coding) for BYTE_ARRAY and
 * FIXED_LEN_BYTE_ARRAY: a DELTA_BINARY_PACKED stream of prefix lengths, then the suffixes as
 * DELTA_LENGTH_BYTE_ARRAY (a second DELTA_BINARY_PACKED stream of suffix lengths, then the suffix
 * bytes). Value {@code i} is the first {@code prefix[i]} bytes of value {@code i - 1} followed by
 * suffix {@code i}.
 *
 * <p>Both length streams are decoded lazily in chunks; a batch read builds each value in the caller's
 * {@link BinaryBatch} from the previous value there, so nothing is allocated per value. {@link
 * #skip(int)} only decodes lengths and rebuilds the last skipped value backwards from the suffixes
 * that contribute to it, copying each of its bytes once.
 *
 * <p><b>PARQUET-246.</b> Old parquet-java writers did not reset the previous value between pages, so a
 * page's first prefix length may be non-zero and refer to the last value of the previous page. Call
 * {@link #setPreviousValue(byte[])} after {@link #init} to supply it (for example from the previous
 * page's reader's {@link #lastValue()}); without it, a non-zero first prefix is corrupt input.
 *
 * <p>With a fixed length (FIXED_LEN_BYTE_ARRAY), every value must have exactly that length. The
 * suffix bytes take the rest of the slice, so {@link #endOffset()} is {@code offset + length}.
 */
public final class DeltaByteArrayReader implements BinaryValuesReader {
    private static final int CHUNK = 256;

    private final DeltaBinaryPackedIntReader prefixes;
    private final DeltaBinaryPackedIntReader suffixLengths;
    private final int fixedLength;
    private final int[] prefixChunk = new int[CHUNK];
    private final int[] suffixChunk = new int[CHUNK];

    private byte[] buf;
    private int dataPos;
    private int dataEnd;
    /** The last value (read, skipped or supplied); {@code previousLength == 0} before the first one. */
    private byte[] previous = new byte[32];

    private int previousLength;
    private boolean hasPrevious;
    private boolean started;

    /** A BYTE_ARRAY reader using {@link KernelProvider#best()}. */
    public DeltaByteArrayReader() {
        this(KernelProvider.best());
    }

    /** A BYTE_ARRAY reader. */
    public DeltaByteArrayReader(Kernels kernels) {
        this(-1, kernels);
    }

    /** A FIXED_LEN_BYTE_ARRAY({@code fixedLength}) reader using {@link KernelProvider#best()}. */
    public DeltaByteArrayReader(int fixedLength) {
        this(checkFixed(fixedLength), KernelProvider.best());
    }

    /**
     * A FIXED_LEN_BYTE_ARRAY reader when {@code fixedLength >= 0}; {@code -1} reads BYTE_ARRAY.
     *
     * @param fixedLength the length every value must have, or -1 for variable lengths
     */
    public DeltaByteArrayReader(int fixedLength, Kernels kernels) {
        if (fixedLength < -1) {
            throw new IllegalArgumentException("fixed length " + fixedLength);
        }
        this.fixedLength = fixedLength;
        this.prefixes = new DeltaBinaryPackedIntReader(kernels);
        this.suffixLengths = new DeltaBinaryPackedIntReader(kernels);
    }

    private static int checkFixed(int fixedLength) {
        if (fixedLength < 0) {
            throw new IllegalArgumentException("fixed length " + fixedLength);
        }
        return fixedLength;
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        int end = offset + length;
        try {
            prefixes.init(valueCount, buf, offset, length);
            int suffixStart = prefixes.endOffset();
            suffixLengths.init(valueCount, buf, suffixStart, end - suffixStart);
            Bounds.check(
                    suffixLengths.totalCount() == prefixes.totalCount(),
                    suffixStart,
                    "as many suffixes as prefixes (" + prefixes.totalCount() + ") but got "
                            + suffixLengths.totalCount());
            this.dataPos = suffixLengths.endOffset();
        } catch (CorruptInputException e) {
            // no value of the page before is read after a refused one
            prefixes.initEmpty();
            suffixLengths.initEmpty();
            throw e;
        }
        this.buf = buf;
        this.dataEnd = end;
        this.previousLength = 0;
        this.hasPrevious = false;
        this.started = false;
    }

    /**
     * Supplies the last value of the previous page, which a non-zero first prefix length refers to
     * (PARQUET-246). Call after {@link #init} and before reading the page's first value.
     */
    public void setPreviousValue(byte[] value) {
        if (started) {
            throw new IllegalStateException("values of this page were already read");
        }
        ensurePrevious(value.length);
        System.arraycopy(value, 0, previous, 0, value.length);
        previousLength = value.length;
        hasPrevious = true;
    }

    /**
     * A copy of the last value read or skipped (or supplied by {@link #setPreviousValue}), for the next
     * page's reader; {@code null} if there is none.
     */
    public byte[] lastValue() {
        return hasPrevious ? Arrays.copyOf(previous, previousLength) : null;
    }

    /** Values not yet read or skipped. */
    public int remaining() {
        return prefixes.remaining();
    }

    @Override
    public byte[] readBinary() {
        started = true;
        int p = prefixes.readInteger();
        int s = suffixLengths.readInteger();
        checkValue(p, s, previousLength, !hasPrevious);
        Bounds.checkAvailable(dataPos, dataEnd, s, "a suffix's bytes");
        ensurePrevious(p + s);
        System.arraycopy(buf, dataPos, previous, p, s);
        dataPos += s;
        previousLength = p + s;
        hasPrevious = true;
        return Arrays.copyOf(previous, previousLength);
    }

    @Override
    public void readBinaries(BinaryBatch dst, int len) {
        checkRequest(len);
        started = true;
        for (int done = 0; done < len; ) {
            int c = Math.min(CHUNK, len - done);
            long valueBytes = readChunk(c);
            dst.ensureCapacity(c, valueBytes);
            byte[] out = dst.data();
            byte[] src = previous;
            int srcOff = 0;
            int pos = dataPos;
            int[] pre = prefixChunk;
            int[] suf = suffixChunk;
            for (int i = 0; i < c; i++) {
                int p = pre[i];
                int s = suf[i];
                int at = dst.reserve(p + s);
                System.arraycopy(src, srcOff, out, at, p);
                System.arraycopy(buf, pos, out, at + p, s);
                pos += s;
                src = out;
                srcOff = at;
            }
            dataPos = pos;
            int lastLength = pre[c - 1] + suf[c - 1];
            ensurePrevious(lastLength);
            System.arraycopy(out, srcOff, previous, 0, lastLength);
            previousLength = lastLength;
            hasPrevious = true;
            done += c;
        }
    }

    @Override
    public void skip(int n) {
        checkRequest(n);
        started = true;
        for (int done = 0; done < n; ) {
            int c = Math.min(CHUNK, n - done);
            readChunk(c);
            int[] pre = prefixChunk;
            int[] suf = suffixChunk;
            long suffixBytes = 0;
            for (int i = 0; i < c; i++) {
                suffixBytes += suf[i];
            }
            // Rebuild only the chunk's last value, in place: walking backwards, value i supplies bytes
            // [prefix[i], needed) from its suffix; bytes below the smallest prefix keep the old value's.
            int lastLength = pre[c - 1] + suf[c - 1];
            ensurePrevious(lastLength);
            int needed = lastLength;
            int suffixEnd = dataPos + (int) suffixBytes;
            for (int i = c - 1; i >= 0 && needed > 0; i--) {
                int p = pre[i];
                int suffixStart = suffixEnd - suf[i];
                if (p < needed) {
                    System.arraycopy(buf, suffixStart, previous, p, needed - p);
                    needed = p;
                }
                suffixEnd = suffixStart;
            }
            dataPos += (int) suffixBytes;
            previousLength = lastLength;
            hasPrevious = true;
            done += c;
        }
    }

    /**
     * Decodes {@code c} prefix and suffix lengths into the chunk arrays and validates them against the
     * previous value and the bytes left; returns the total length of the {@code c} values.
     */
    private long readChunk(int c) {
        prefixes.readIntegers(prefixChunk, 0, c);
        suffixLengths.readIntegers(suffixChunk, 0, c);
        long suffixBytes = 0;
        long valueBytes = 0;
        int last = previousLength;
        for (int i = 0; i < c; i++) {
            int p = prefixChunk[i];
            int s = suffixChunk[i];
            checkValue(p, s, last, i == 0 && !hasPrevious);
            last = p + s;
            suffixBytes += s;
            valueBytes += last;
        }
        Bounds.checkAvailable(dataPos, dataEnd, suffixBytes, "the suffixes' bytes");
        return valueBytes;
    }

    private void checkValue(int p, int s, int previousLen, boolean first) {
        if (p < 0 || s < 0) {
            throw new CorruptInputException(
                    dataPos, "non-negative prefix and suffix lengths (got " + p + " and " + s + ")");
        }
        if (p > previousLen) {
            String why = !first
                    ? "a prefix length of at most the previous value's " + previousLen + " bytes (got " + p + ")"
                    : "a first prefix length of 0 (got " + p + "; this page continues the previous page's last"
                            + " value, PARQUET-246, but none was supplied with setPreviousValue)";
            throw new CorruptInputException(dataPos, why);
        }
        if ((long) p + s > Integer.MAX_VALUE - 16) {
            throw new CorruptInputException(dataPos, "a value shorter than 2 GiB");
        }
        if (fixedLength >= 0 && p + s != fixedLength) {
            throw new CorruptInputException(
                    dataPos, "a value of the fixed length " + fixedLength + " (got " + (p + s) + ")");
        }
    }

    private void checkRequest(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative count " + n);
        }
        if (n > prefixes.remaining()) {
            throw new CorruptInputException(
                    dataPos, n + " more values but only " + prefixes.remaining() + " remain in the page");
        }
    }

    private void ensurePrevious(int length) {
        if (length > previous.length) {
            previous = Arrays.copyOf(previous, Math.max(length, (int)
                    Math.min(Integer.MAX_VALUE - 16, previous.length * 2L)));
        }
    }

    @Override
    public int endOffset() {
        return dataEnd;
    }
}
