package dev.colcodec.parquet.dictionary;

import dev.colcodec.CorruptInputException;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.values.DoubleValuesReader;
import java.util.Objects;

/**
 * Reads a dictionary-encoded data page of DOUBLE values against an {@link DoubleDictionary}: batches decode
 * the ids in blocks (RLE runs filled, bit-packed runs unpacked by the kernels) and then look the
 * entries up with {@link Kernels#gather}, which rejects ids outside the dictionary as corrupt input.
 */
public final class DictionaryDoubleReader extends DictionaryPageReader implements DoubleValuesReader {
    private static final int BLOCK = 1024;

    private final Kernels kernels;
    private final DoubleDictionary dictionary;
    private final int[] idBlock = new int[BLOCK];

    public DictionaryDoubleReader(DoubleDictionary dictionary, Kernels kernels) {
        super(Objects.requireNonNull(dictionary, "dictionary").values, dictionary.values.length, kernels);
        this.dictionary = dictionary;
        this.kernels = kernels;
    }

    /** A reader using {@link KernelProvider#best()}. */
    public DictionaryDoubleReader(DoubleDictionary dictionary) {
        this(dictionary, KernelProvider.best());
    }

    public DoubleDictionary dictionary() {
        return dictionary;
    }

    @Override
    public double readDouble() {
        return dictionary.values[ids.readId(dictionary.values.length)];
    }

    @Override
    public void readDoubles(double[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        double[] entries = dictionary.values;
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
