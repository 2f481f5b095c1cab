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
 * no object per value.
 */
public final class DictionaryBinaryReader implements BinaryValuesReader, DictionaryIdsReader {
    private static final int BLOCK = 1024;

    private final BinaryDictionary dictionary;
    private final DictionaryIdReader ids;
    private final int[] idBlock = new int[BLOCK];

    public DictionaryBinaryReader(BinaryDictionary dictionary, Kernels kernels) {
        this.dictionary = Objects.requireNonNull(dictionary, "dictionary");
        this.ids = new DictionaryIdReader(Objects.requireNonNull(kernels, "kernels"));
    }

    /** A reader using {@link KernelProvider#best()}. */
    public DictionaryBinaryReader(BinaryDictionary dictionary) {
        this(dictionary, KernelProvider.best());
    }

    public BinaryDictionary dictionary() {
        return dictionary;
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        ids.init(valueCount, buf, offset, length);
    }

    @Override
    public byte[] readBinary() {
        return dictionary.get(ids.readId(dictionary.size));
    }

    @Override
    public void readBinaries(BinaryBatch dst, int len) {
        Objects.requireNonNull(dst, "dst");
        while (len > 0) {
            int n = Math.min(len, BLOCK);
            // every id checked against the dictionary's size before any byte is copied
            ids.readIds(idBlock, 0, n, dictionary.size);
            dst.appendEntries(dictionary.data, dictionary.offsets, dictionary.lengths, idBlock, 0, n);
            len -= n;
        }
    }

    /**
     * Reads the next {@code len} values as dictionary ids, each checked against the dictionary, without
     * copying any bytes: the zero-copy form of {@link #readBinaries}, for callers that keep the values
     * as references into {@link #dictionary()} (as column engines keep dictionary blocks).
     */
    @Override
    public void readIds(int[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        ids.readIds(dst, off, len, dictionary.size);
    }

    @Override
    public int dictionarySize() {
        return dictionary.size;
    }

    /** Appends every entry, in id order, to {@code dst}, a {@link BinaryBatch}. */
    @Override
    public void appendDictionaryTo(Object dst) {
        if (!(dst instanceof BinaryBatch)) {
            throw new IllegalArgumentException("the entries of this dictionary go to a BinaryBatch, not to "
                    + (dst == null ? "null" : dst.getClass().getSimpleName()));
        }
        dictionary.appendTo((BinaryBatch) dst);
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
