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
public final class DictionaryIntReader extends DictionaryPageReader implements IntValuesReader {
    private final IntDictionary dictionary;

    public DictionaryIntReader(IntDictionary dictionary, Kernels kernels) {
        super(Objects.requireNonNull(dictionary, "dictionary").values, dictionary.values.length, kernels);
        this.dictionary = dictionary;
    }

    /** A reader using {@link KernelProvider#best()}. */
    public DictionaryIntReader(IntDictionary dictionary) {
        this(dictionary, KernelProvider.best());
    }

    public IntDictionary dictionary() {
        return dictionary;
    }

    @Override
    public int readInteger() {
        return dictionary.values[ids.readId(dictionary.values.length)];
    }

    @Override
    public void readIntegers(int[] dst, int off, int len) {
        ids.readEntries(dictionary.values, dst, off, len);
    }
}
