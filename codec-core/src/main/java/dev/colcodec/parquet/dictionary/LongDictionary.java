package dev.colcodec.parquet.dictionary;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import java.util.Arrays;

/**
 * An immutable INT64 dictionary: the entries of a PLAIN dictionary page (8 little-endian bytes each),
 * in id order. Read by {@link DictionaryLongReader}.
 */
public final class LongDictionary {
    final long[] values;

    private LongDictionary(long[] values) {
        this.values = values;
    }

    /**
     * Decodes a PLAIN dictionary page of {@code entryCount} entries (the page header's {@code num_values})
     * from {@code buf[offset, offset + length)}; bytes after the entries are ignored, as in parquet-java.
     */
    public static LongDictionary read(int entryCount, byte[] buf, int offset, int length, Kernels kernels) {
        DictionaryPages.checkFixedEntries(entryCount, 8, buf, offset, length, "INT64");
        long[] values = new long[entryCount];
        kernels.readLongsLE(buf, offset, values, 0, entryCount);
        return new LongDictionary(values);
    }

    /** {@link #read(int, byte[], int, int, Kernels)} with {@link KernelProvider#best()}. */
    public static LongDictionary read(int entryCount, byte[] buf, int offset, int length) {
        return read(entryCount, buf, offset, length, KernelProvider.best());
    }

    /** A dictionary of the given entries (copied). */
    public static LongDictionary of(long... entries) {
        return new LongDictionary(entries.clone());
    }

    public int size() {
        return values.length;
    }

    /** Entry {@code id}; throws {@link IndexOutOfBoundsException} outside {@code [0, size())}. */
    public long get(int id) {
        if (id < 0 || id >= values.length) {
            throw DictionaryPages.badId(id, values.length);
        }
        return values[id];
    }

    /** A copy of the entries. */
    public long[] toArray() {
        return Arrays.copyOf(values, values.length);
    }
}
