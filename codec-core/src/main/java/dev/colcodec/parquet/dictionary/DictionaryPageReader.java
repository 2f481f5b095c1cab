package dev.colcodec.parquet.dictionary;

import dev.colcodec.kernel.Kernels;
import java.util.Objects;

/**
 * What the readers of dictionary-encoded data pages share: the page's ids ({@link DictionaryIdReader}) and
 * the dictionary's entries, which {@link #readIds} checks ids against and {@link #appendDictionaryTo}
 * copies. Each subclass looks the entries up in its own type.
 */
abstract sealed class DictionaryPageReader implements DictionaryIdsReader
        permits DictionaryIntReader,
                DictionaryLongReader,
                DictionaryFloatReader,
                DictionaryDoubleReader,
                DictionaryBinaryReader {
    final DictionaryIdReader ids;
    /**
     * The dictionary's entries: an {@code int[]}, {@code long[]}, {@code float[]}, {@code double[]} or a
     * {@link BinaryDictionary}.
     */
    private final Object entries;

    private final int size;

    DictionaryPageReader(Object entries, int size, Kernels kernels) {
        this.entries = entries;
        this.size = size;
        this.ids = new DictionaryIdReader(Objects.requireNonNull(kernels, "kernels"));
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        ids.init(valueCount, buf, offset, length);
    }

    @Override
    public int dictionarySize() {
        return size;
    }

    @Override
    public void readIds(int[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        ids.readIds(dst, off, len, size);
    }

    @Override
    public void appendDictionaryTo(Object dst) {
        DictionaryPages.copyEntries(entries, dst);
    }

    @Override
    public void skip(int n) {
        ids.skip(n);
    }

    @Override
    public int endOffset() {
        return ids.endOffset();
    }
}
