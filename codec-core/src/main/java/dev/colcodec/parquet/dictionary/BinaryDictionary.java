package dev.colcodec.parquet.dictionary;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.Bounds;
import dev.colcodec.io.ByteIO;
import dev.colcodec.values.BinaryBatch;
import java.util.Arrays;
import java.util.Objects;

/**
 * An immutable dictionary of byte strings: BYTE_ARRAY entries (PLAIN: 4-byte little-endian length,
 * then the bytes), FIXED_LEN_BYTE_ARRAY entries of one length, or INT96 entries (12 bytes). The entries
 * are copied into one array, entry {@code id} being {@code data[offsets[id], offsets[id + 1])}. Read by
 * {@link DictionaryBinaryReader}.
 */
public final class BinaryDictionary {
    final byte[] data;
    final int[] offsets;
    /** {@code lengths[id] = offsets[id + 1] - offsets[id]}, for {@link BinaryBatch#appendEntries}. */
    final int[] lengths;

    final int size;

    private BinaryDictionary(byte[] data, int[] offsets, int size) {
        this.data = data;
        this.offsets = offsets;
        this.size = size;
        this.lengths = new int[size];
        for (int id = 0; id < size; id++) {
            lengths[id] = offsets[id + 1] - offsets[id];
        }
    }

    /** Decodes a PLAIN BYTE_ARRAY dictionary page of {@code entryCount} entries. */
    public static BinaryDictionary readByteArray(int entryCount, byte[] buf, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buf.length);
        DictionaryPages.checkCount(entryCount, offset);
        int end = offset + length;
        // every entry takes at least its 4-byte length: check before allocating for the count
        Bounds.checkAvailable(offset, end, 4L * entryCount, entryCount + " PLAIN BYTE_ARRAY dictionary entries");
        int[] offsets = new int[entryCount + 1];
        int p = offset;
        long total = 0;
        for (int i = 0; i < entryCount; i++) {
            Bounds.checkAvailable(p, end, 4, "the 4-byte length of a dictionary entry");
            int len = ByteIO.getIntLE(buf, p);
            if (len < 0 || len > end - p - 4) {
                throw new CorruptInputException(
                        p,
                        "a dictionary entry length of at most " + (end - p - 4) + " bytes (got "
                                + Integer.toUnsignedString(len) + ")");
            }
            total += len;
            offsets[i + 1] = (int) total;
            p += 4 + len;
        }
        byte[] data = new byte[(int) total];
        p = offset;
        for (int i = 0; i < entryCount; i++) {
            int len = offsets[i + 1] - offsets[i];
            System.arraycopy(buf, p + 4, data, offsets[i], len);
            p += 4 + len;
        }
        return new BinaryDictionary(data, offsets, entryCount);
    }

    /**
     * Decodes a PLAIN FIXED_LEN_BYTE_ARRAY dictionary page of {@code entryCount} entries of {@code
     * fixedLength} (at least 1) bytes.
     */
    public static BinaryDictionary readFixedLength(
            int entryCount, int fixedLength, byte[] buf, int offset, int length) {
        if (fixedLength < 1) {
            throw new IllegalArgumentException("fixed length must be at least 1: " + fixedLength);
        }
        DictionaryPages.checkFixedEntries(entryCount, fixedLength, buf, offset, length, "FIXED_LEN_BYTE_ARRAY");
        int[] offsets = new int[entryCount + 1];
        for (int i = 1; i <= entryCount; i++) {
            offsets[i] = i * fixedLength;
        }
        byte[] data = Arrays.copyOfRange(buf, offset, offset + entryCount * fixedLength);
        return new BinaryDictionary(data, offsets, entryCount);
    }

    /** Decodes a PLAIN INT96 dictionary page (12-byte entries). */
    public static BinaryDictionary readInt96(int entryCount, byte[] buf, int offset, int length) {
        return readFixedLength(entryCount, 12, buf, offset, length);
    }

    public int size() {
        return size;
    }

    /** The length of entry {@code id}. */
    public int length(int id) {
        checkId(id);
        return offsets[id + 1] - offsets[id];
    }

    /** Where entry {@code id} starts in {@link #bytes()}. */
    public int start(int id) {
        checkId(id);
        return offsets[id];
    }

    /**
     * A read-only view of every entry's bytes, back to back: entry {@code id} is {@link #length(int)}
     * bytes from {@link #start(int)}. With {@link DictionaryBinaryReader#readIds} this reads a page
     * without copying any value.
     */
    public java.nio.ByteBuffer bytes() {
        return java.nio.ByteBuffer.wrap(data, 0, offsets[size]).slice().asReadOnlyBuffer();
    }

    /** Appends every entry, in id order, to {@code dst}. */
    public void appendTo(BinaryBatch dst) {
        dst.ensureCapacity(size, offsets[size]);
        for (int id = 0; id < size; id++) {
            dst.append(data, offsets[id], offsets[id + 1] - offsets[id]);
        }
    }

    /** A copy of entry {@code id}. */
    public byte[] get(int id) {
        checkId(id);
        return Arrays.copyOfRange(data, offsets[id], offsets[id + 1]);
    }

    private void checkId(int id) {
        if (id < 0 || id >= size) {
            throw DictionaryPages.badId(id, size);
        }
    }
}
