package dev.colcodec.values;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.ByteIO;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Caller-owned storage for a batch of byte strings: one data buffer plus {@code count + 1} offsets,
 * value {@code i} being {@code data()[offset(i), offset(i + 1))}. Decoders append to it; the caller
 * clears and reuses it between batches, so decoding allocates nothing per value. Arrays grow only by
 * what was actually appended.
 */
public final class BinaryBatch {
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    private int[] offsets;
    private byte[] data;
    private int count;

    public BinaryBatch() {
        this(64, 1024);
    }

    public BinaryBatch(int valueCapacity, int byteCapacity) {
        offsets = new int[Math.max(2, valueCapacity + 1)];
        data = new byte[Math.max(16, byteCapacity)];
    }

    /** Forgets all values, keeping the arrays. */
    public void clear() {
        count = 0;
    }

    public int count() {
        return count;
    }

    /** The shared data buffer (valid up to {@code offset(count())}). */
    public byte[] data() {
        return data;
    }

    /** The offsets array: {@code offsets()[i]} is where value i starts, {@code offsets()[count()]} the end. */
    public int[] offsets() {
        return offsets;
    }

    /** Where value {@code i} starts in {@link #data()}; {@code offset(count())} is where the last one ends. */
    public int offset(int i) {
        return offsets[java.util.Objects.checkIndex(i, count + 1)];
    }

    /** The length of value {@code i}. */
    public int length(int i) {
        checkIndex(i);
        return offsets[i + 1] - offsets[i];
    }

    /** Total bytes held. */
    public int byteSize() {
        return offsets[count];
    }

    /** A copy of value {@code i}. */
    public byte[] get(int i) {
        checkIndex(i);
        return Arrays.copyOfRange(data, offsets[i], offsets[i + 1]);
    }

    /** Value {@code i} decoded as UTF-8. */
    public String getString(int i) {
        checkIndex(i);
        return new String(data, offsets[i], offsets[i + 1] - offsets[i], StandardCharsets.UTF_8);
    }

    private void checkIndex(int i) {
        if (i < 0 || i >= count) {
            throw new IndexOutOfBoundsException("value " + i + " of " + count);
        }
    }

    /**
     * Appends one value.
     *
     * @throws IndexOutOfBoundsException if {@code [off, off + len)} is not within {@code src} (the batch is
     *     left as it was)
     */
    public void append(byte[] src, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, src.length);
        int at = reserve(len);
        System.arraycopy(src, off, data, at, len);
    }

    /**
     * Reserves {@code len} bytes for one new value and returns where to write them in {@link #data()}.
     * The value counts as appended.
     *
     * @throws IllegalArgumentException if {@code len} is negative (the batch is left as it was)
     */
    public int reserve(int len) {
        if (len < 0) {
            throw new IllegalArgumentException("a value of " + len + " bytes");
        }
        if (count + 2 > offsets.length) {
            offsets = Arrays.copyOf(offsets, grow(offsets.length, count + 2));
        }
        int start = offsets[count];
        long end = (long) start + len;
        if (end > MAX_ARRAY) {
            throw new IllegalStateException("binary batch larger than 2 GiB");
        }
        if (end > data.length) {
            data = Arrays.copyOf(data, grow(data.length, (int) end));
        }
        offsets[++count] = (int) end;
        return start;
    }

    /**
     * Appends {@code n} values stored back to back as a 4-byte little-endian length followed by the
     * bytes (Parquet's PLAIN BYTE_ARRAY layout), read from {@code src[pos, end)}; returns the position
     * after the last one. Every length is checked against {@code end} before its bytes are touched; on
     * a bad one the batch is left as it was before the call. The data array grows by at most the bytes
     * in {@code [pos, end)}: room for {@value #FIRST_RESERVE_PER_VALUE} bytes a value (or the whole range,
     * if smaller) up front, then doubling as longer values need it, so a batch of a few values from a large
     * page stays small; values of up to 24 bytes are copied as three 8-byte words.
     *
     * @throws CorruptInputException at the offset of a length that is negative or runs past {@code end}
     */
    public int appendLengthPrefixedLE(byte[] src, int pos, int end, int n) {
        java.util.Objects.checkFromToIndex(pos, end, src.length);
        if (n <= 0) {
            return pos;
        }
        // the values' bytes cannot pass the range less their lengths; 24 bytes of room for the word copies
        long room = Math.max(0L, (long) end - pos - 4L * n) + 24;
        ensureCapacity(n, Math.min(room, (long) FIRST_RESERVE_PER_VALUE * n + 24));
        byte[] d = data;
        int[] o = offsets;
        int c = count;
        int at = o[c];
        long limit = at + room; // the data array never needs more
        int p = pos;
        for (int i = 0; i < n; i++) {
            if (end - p < 4) {
                throw new CorruptInputException(
                        p, "the 4-byte length of a BYTE_ARRAY value, but " + (end - p) + " bytes remain");
            }
            int len = ByteIO.getIntLE(src, p);
            p += 4;
            // the values after this one need their 4-byte lengths at least: so the bytes copied stay
            // within the limit
            long most = (long) end - p - 4L * (n - 1 - i);
            if (len < 0 || len > most) {
                throw new CorruptInputException(
                        p - 4,
                        "a BYTE_ARRAY length of at most " + Math.max(0, most) + " bytes, leaving 4 for each of the "
                                + (n - 1 - i) + " values after it (got " + Integer.toUnsignedString(len) + ")");
            }
            if (d.length - at < Math.max(len, 24)) {
                // longer values than reserved for: twice the room (amortized copies), within the limit
                long needed = (long) at + Math.max(len, 24);
                long size = Math.max(needed, Math.min(limit, 2L * d.length));
                if (size > MAX_ARRAY) {
                    throw new IllegalStateException("binary batch larger than 2 GiB");
                }
                data = d = Arrays.copyOf(d, (int) size);
            }
            if (len <= 24 && end - p >= 24) {
                // room for 24 bytes at 'at' is there; the bytes past 'len' are overwritten next
                ByteIO.putLongLE(d, at, ByteIO.getLongLE(src, p));
                ByteIO.putLongLE(d, at + 8, ByteIO.getLongLE(src, p + 8));
                ByteIO.putLongLE(d, at + 16, ByteIO.getLongLE(src, p + 16));
            } else {
                System.arraycopy(src, p, d, at, len);
            }
            at += len;
            p += len;
            o[++c] = at;
        }
        count = c;
        return p;
    }

    /**
     * Appends {@code times} copies of {@code src[off, off + len)} as {@code times} values (a constant
     * column, such as a device's tag repeated on every row), growing the arrays once.
     */
    public void appendRepeated(byte[] src, int off, int len, int times) {
        java.util.Objects.checkFromIndexSize(off, len, src.length);
        if (times <= 0) {
            return;
        }
        ensureCapacity(times, (long) len * times);
        int[] o = offsets;
        int c = count;
        int start = o[c];
        for (int i = 1; i <= times; i++) {
            o[c + i] = start + i * len;
        }
        if (len > 0) {
            // one copy, then double the filled prefix (the data is the same value over and over)
            System.arraycopy(src, off, data, start, len);
            int filled = len;
            int total = len * times;
            while (filled < total) {
                int n = Math.min(filled, total - filled);
                System.arraycopy(data, start, data, start + filled, n);
                filled += n;
            }
        }
        count = c + times;
    }

    /**
     * Appends {@code n} values picked from a table of entries: value {@code i} is entry {@code id = ids[off
     * + i]}, the {@code entryLengths[id]} bytes of {@code data} from {@code entryStarts[id]} (a dictionary;
     * the entries may lie apart, as in a page that puts each entry's length before it). Every id must have
     * a start and a length and every entry must lie within {@code data}; a caller checks them (a
     * dictionary reader checks each id against its size and each entry when it reads the dictionary). The
     * arrays grow once; entries of up to 16 bytes are copied as two 8-byte words.
     */
    public void appendEntries(byte[] data, int[] entryStarts, int[] entryLengths, int[] ids, int off, int n) {
        java.util.Objects.checkFromIndexSize(off, n, ids.length);
        if (n <= 0) {
            return;
        }
        long bytes = 0;
        for (int i = off; i < off + n; i++) {
            bytes += entryLengths[ids[i]];
        }
        // 16 bytes of room past the values: the last short entry's word copies may write past its end
        ensureCapacity(n, bytes + 16);
        byte[] d = this.data;
        int[] o = offsets;
        int c = count;
        int at = o[c];
        int wordsUpTo = data.length - 16; // entries starting up to here may be read as two words
        for (int i = off; i < off + n; i++) {
            int id = ids[i];
            int start = entryStarts[id];
            int len = entryLengths[id];
            if (len <= 16 && start <= wordsUpTo) {
                ByteIO.putLongLE(d, at, ByteIO.getLongLE(data, start));
                ByteIO.putLongLE(d, at + 8, ByteIO.getLongLE(data, start + 8));
            } else {
                System.arraycopy(data, start, d, at, len);
            }
            at += len;
            o[++c] = at;
        }
        count = c;
    }

    /** Makes room for {@code values} more values and {@code bytes} more bytes in one step. */
    public void ensureCapacity(int values, long bytes) {
        if ((long) count + values + 1 > offsets.length) {
            offsets =
                    Arrays.copyOf(offsets, grow(offsets.length, (int) Math.min(MAX_ARRAY, (long) count + values + 1)));
        }
        long needBytes = offsets[count] + bytes;
        if (needBytes > MAX_ARRAY) {
            throw new IllegalStateException("binary batch larger than 2 GiB");
        }
        if (needBytes > data.length) {
            data = Arrays.copyOf(data, grow(data.length, (int) needBytes));
        }
    }

    /** Bytes a value {@link #appendLengthPrefixedLE} makes room for before it sees the values. */
    static final int FIRST_RESERVE_PER_VALUE = 32;

    private static int grow(int current, int needed) {
        return (int) Math.min(MAX_ARRAY, Math.max(needed, (long) current * 2));
    }
}
