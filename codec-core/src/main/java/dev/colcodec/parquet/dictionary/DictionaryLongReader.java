package dev.colcodec.parquet.dictionary;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.LongValuesReader;
import java.util.Objects;

/**
 * Reads a dictionary-encoded data page of INT64 values against an {@link LongDictionary}: batches decode the
 * ids run by run and write the entries straight away ({@link
 * dev.colcodec.parquet.rle.RleHybridReader#readEntries}, whole runs through {@link
 * Kernels#decodeDictionaryRuns(byte[], int, int, int, int, long[], long[], int, int)}): an RLE run fills its
 * entry, a bit-packed run is unpacked and looked up in one pass (with the Vector API kernels and a
 * dictionary of at most 16 entries, in registers). Ids outside the dictionary are corrupt input.
 */
public final class DictionaryLongReader extends DictionaryPageReader implements LongValuesReader {
    private final LongDictionary dictionary;

    public DictionaryLongReader(LongDictionary dictionary, Kernels kernels) {
        super(Objects.requireNonNull(dictionary, "dictionary").values, dictionary.values.length, kernels);
        this.dictionary = dictionary;
    }

    /** A reader using {@link KernelProvider#best()}. */
    public DictionaryLongReader(LongDictionary dictionary) {
        this(dictionary, KernelProvider.best());
    }

    public LongDictionary dictionary() {
        return dictionary;
    }

    @Override
    public long readLong() {
        return dictionary.values[ids.readId(dictionary.values.length)];
    }

    @Override
    public void readLongs(long[] dst, int off, int len) {
        ids.readEntries(dictionary.values, dst, off, len);
    }
}
