package dev.colcodec.parquet.dictionary;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesReader;
import java.util.Objects;

/**
 * Reads a dictionary-encoded data page of BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY or INT96 values against a
 * {@link BinaryDictionary}. Batches decode the ids in blocks, check them and size the {@link
 * BinaryBatch} once per block, then copy the entries' bytes into it (short entries as two 8-byte words);
 * no object per value. {@link #readIds} is the zero-copy form, for callers that keep the values as
 * references into {@link #dictionary()} (as column engines keep dictionary blocks).
 */
public final class DictionaryBinaryReader extends DictionaryPageReader implements BinaryValuesReader {
    private static final int BLOCK = 1024;

    private final BinaryDictionary dictionary;
    private final int[] idBlock = new int[BLOCK];

    public DictionaryBinaryReader(BinaryDictionary dictionary, Kernels kernels) {
        super(Objects.requireNonNull(dictionary, "dictionary"), dictionary.size, kernels);
        this.dictionary = dictionary;
    }

    /** A reader using {@link KernelProvider#best()}. */
    public DictionaryBinaryReader(BinaryDictionary dictionary) {
        this(dictionary, KernelProvider.best());
    }

    public BinaryDictionary dictionary() {
        return dictionary;
    }

    @Override
    public byte[] readBinary() {
        return dictionary.get(ids.readId(dictionary.size));
    }

    @Override
    public void readBinaries(BinaryBatch dst, int len) {
        Objects.requireNonNull(dst, "dst");
        if (len < 0) {
            throw new IllegalArgumentException("negative length " + len);
        }
        while (len > 0) {
            int n = Math.min(len, BLOCK);
            // every id checked against the dictionary's size before any byte is copied
            ids.readIds(idBlock, 0, n, dictionary.size);
            dst.appendEntries(dictionary.data, dictionary.offsets, dictionary.lengths, idBlock, 0, n);
            len -= n;
        }
    }
}
