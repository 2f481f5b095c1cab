package dev.colcodec.parquet.dictionary;

import dev.colcodec.CorruptInputException;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.FloatValuesReader;
import java.util.Objects;

/**
 * Reads a dictionary-encoded data page of FLOAT values against an {@link FloatDictionary}: batches decode
 * the ids in blocks (RLE runs filled, bit-packed runs unpacked by the kernels) and then look the
 * entries up with {@link Kernels#gather}, which rejects ids outside the dictionary as corrupt input.
 */
public final class DictionaryFloatReader implements FloatValuesReader, DictionaryIdsReader {
    private static final int BLOCK = 1024;

    private final Kernels kernels;
    private final FloatDictionary dictionary;
    private final DictionaryIdReader ids;
    private final int[] idBlock = new int[BLOCK];

    public DictionaryFloatReader(FloatDictionary dictionary, Kernels kernels) {
        this.dictionary = Objects.requireNonNull(dictionary, "dictionary");
        this.kernels = Objects.requireNonNull(kernels, "kernels");
        this.ids = new DictionaryIdReader(kernels);
    }

    /** A reader using {@link KernelProvider#best()}. */
    public DictionaryFloatReader(FloatDictionary dictionary) {
        this(dictionary, KernelProvider.best());
    }

    public FloatDictionary dictionary() {
        return dictionary;
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        ids.init(valueCount, buf, offset, length);
    }

    @Override
    public float readFloat() {
        return dictionary.values[ids.readId(dictionary.values.length)];
    }

    @Override
    public void readFloats(float[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        float[] entries = dictionary.values;
        while (len > 0) {
            int n = Math.min(len, BLOCK);
            ids.readIntegers(idBlock, 0, n);
            try {
                kernels.gather(entries, entries.length, idBlock, 0, dst, off, n);
            } catch (CorruptInputException e) {
                // the kernel reports the index within the block; report the page instead
                throw new CorruptInputException(ids.pageOffset(), e.expected(), e);
            }
            off += n;
            len -= n;
        }
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
