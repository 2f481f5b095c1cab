package dev.colcodec.parquet.dictionary;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.IntValuesReader;
import java.util.Objects;

/**
 * Reads a dictionary-encoded data page of INT32 values against an {@link IntDictionary}: batches decode the
 * ids run by run and write the entries straight away ({@link
 * dev.colcodec.parquet.rle.RleHybridReader#readEntries}, whole runs through {@link
 * Kernels#decodeDictionaryRuns(byte[], int, int, int, int, int[], int[], int, int)}): an RLE run fills its
 * entry, a bit-packed run is unpacked and looked up in one pass (with the Vector API kernels and a
 * dictionary of at most 16 entries, in registers). Ids outside the dictionary are corrupt input.
 */
public final class DictionaryIntReader implements IntValuesReader, DictionaryIdsReader {
    private final IntDictionary dictionary;
    private final DictionaryIdReader ids;

    public DictionaryIntReader(IntDictionary dictionary, Kernels kernels) {
        this.dictionary = Objects.requireNonNull(dictionary, "dictionary");
        this.ids = new DictionaryIdReader(Objects.requireNonNull(kernels, "kernels"));
    }

    /** A reader using {@link KernelProvider#best()}. */
    public DictionaryIntReader(IntDictionary dictionary) {
        this(dictionary, KernelProvider.best());
    }

    public IntDictionary dictionary() {
        return dictionary;
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        ids.init(valueCount, buf, offset, length);
    }

    @Override
    public int readInteger() {
        return dictionary.values[ids.readId(dictionary.values.length)];
    }

    @Override
    public void readIntegers(int[] dst, int off, int len) {
        ids.readEntries(dictionary.values, dst, off, len);
    }

    @Override
    public int dictionarySize() {
        return dictionary.values.length;
    }

    @Override
    public void readIds(int[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        ids.readIds(dst, off, len, dictionary.values.length);
    }

    @Override
    public void appendDictionaryTo(Object dst) {
        DictionaryPages.copyEntries(dictionary.values, dst);
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
