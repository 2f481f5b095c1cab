package dev.colcodec.parquet.dictionary;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import java.util.Arrays;

/**
 * An immutable DOUBLE dictionary: the entries of a PLAIN dictionary page (8 little-endian bytes each, raw bits kept),
 * in id order. Read by {@link DictionaryDoubleReader}.
 */
public final class DoubleDictionary {
    final double[] values;

    private DoubleDictionary(double[] values) {
        this.values = values;
    }

    /**
     * Decodes a PLAIN dictionary page of {@code entryCount} entries (the page header's {@code num_values})
     * from {@code buf[offset, offset + length)}; bytes after the entries are ignored, as in parquet-java.
     */
    public static DoubleDictionary read(int entryCount, byte[] buf, int offset, int length, Kernels kernels) {
        DictionaryPages.checkFixedEntries(entryCount, 8, buf, offset, length, "DOUBLE");
        double[] values = new double[entryCount];
        kernels.readDoublesLE(buf, offset, values, 0, entryCount);
        return new DoubleDictionary(values);
    }

    /** {@link #read(int, byte[], int, int, Kernels)} with {@link KernelProvider#best()}. */
    public static DoubleDictionary read(int entryCount, byte[] buf, int offset, int length) {
        return read(entryCount, buf, offset, length, KernelProvider.best());
    }

    /** A dictionary of the given entries (copied). */
    public static DoubleDictionary of(double... entries) {
        return new DoubleDictionary(entries.clone());
    }

    public int size() {
        return values.length;
    }

    /** Entry {@code id}; throws {@link IndexOutOfBoundsException} outside {@code [0, size())}. */
    public double get(int id) {
        if (id < 0 || id >= values.length) {
            throw DictionaryPages.badId(id, values.length);
        }
        return values[id];
    }

    /** A copy of the entries. */
    public double[] toArray() {
        return Arrays.copyOf(values, values.length);
    }
}
