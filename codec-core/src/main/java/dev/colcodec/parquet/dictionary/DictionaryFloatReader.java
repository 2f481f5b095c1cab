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
public final class DictionaryFloatReader extends DictionaryPageReader implements FloatValuesReader {
    private static final int BLOCK = 1024;

    private final Kernels kernels;
    private final FloatDictionary dictionary;
    private final int[] idBlock = new int[BLOCK];

    public DictionaryFloatReader(FloatDictionary dictionary, Kernels kernels) {
        super(Objects.requireNonNull(dictionary, "dictionary").values, dictionary.values.length, kernels);
        this.dictionary = dictionary;
        this.kernels = kernels;
    }

    /** A reader using {@link KernelProvider#best()}. */
    public DictionaryFloatReader(FloatDictionary dictionary) {
        this(dictionary, KernelProvider.best());
    }

    public FloatDictionary dictionary() {
        return dictionary;
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
}
