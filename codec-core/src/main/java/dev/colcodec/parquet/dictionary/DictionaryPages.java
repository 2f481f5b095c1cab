package dev.colcodec.parquet.dictionary;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.Bounds;
import dev.colcodec.values.BinaryBatch;
import java.util.Objects;

/** Checks shared by the dictionary page decoders. */
final class DictionaryPages {
    private DictionaryPages() {}

    /** Checks the slice, and that {@code entryCount} entries of {@code width} bytes fit in it. */
    static void checkFixedEntries(int entryCount, int width, byte[] buf, int offset, int length, String type) {
        Objects.checkFromIndexSize(offset, length, buf.length);
        checkCount(entryCount, offset);
        Bounds.checkAvailable(
                offset,
                offset + length,
                (long) entryCount * width,
                entryCount + " PLAIN " + type + " dictionary entries");
    }

    static void checkCount(int entryCount, int offset) {
        if (entryCount < 0) {
            throw new CorruptInputException(offset, "a dictionary entry count of at least 0 (got " + entryCount + ")");
        }
    }

    static IndexOutOfBoundsException badId(int id, int size) {
        return new IndexOutOfBoundsException("dictionary id " + id + " outside [0, " + size + ")");
    }

    /**
     * {@link DictionaryIdsReader#appendDictionaryTo}: copies {@code entries} (a primitive array) to the
     * front of {@code dst}, an array of the same type at least as long, or appends the entries of a {@link
     * BinaryDictionary} to {@code dst}, a {@link BinaryBatch}.
     */
    static void copyEntries(Object entries, Object dst) {
        if (entries instanceof BinaryDictionary d) {
            if (!(dst instanceof BinaryBatch)) {
                throw new IllegalArgumentException("the entries of this dictionary go to a BinaryBatch, not to "
                        + (dst == null ? "null" : dst.getClass().getSimpleName()));
            }
            d.appendTo((BinaryBatch) dst);
            return;
        }
        if (dst == null || dst.getClass() != entries.getClass()) {
            throw new IllegalArgumentException("the entries of this dictionary go to a "
                    + entries.getClass().getSimpleName() + ", not to "
                    + (dst == null ? "null" : dst.getClass().getSimpleName()));
        }
        int n = java.lang.reflect.Array.getLength(entries);
        if (java.lang.reflect.Array.getLength(dst) < n) {
            throw new IllegalArgumentException(
                    n + " dictionary entries do not fit in " + java.lang.reflect.Array.getLength(dst));
        }
        System.arraycopy(entries, 0, dst, 0, n);
    }
}
