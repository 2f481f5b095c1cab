package dev.colcodec.parquet.dictionary;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.values.FloatValuesWriter;
import dev.colcodec.values.ValuesWriter;
import java.util.Objects;

/**
 * Dictionary-encodes FLOAT values with parquet-java's fallback to PLAIN; byte-identical to its {@code
 * PlainFloatDictionaryValuesWriter} in a {@code FallbackValuesWriter} with a PLAIN fallback. See {@link
 * DictionaryWriter} for the rules and the life cycle. Entries are raw float bits: NaN payloads and -0.0 are
 * entries of their own, as in parquet-java.
 */
public final class DictionaryFloatWriter extends DictionaryWriter implements FloatValuesWriter {
    private final IntKeyStore keys;
    private final int[] bits = new int[BLOCK];

    /**
     * @param flavor how pages are labelled
     * @param maxDictionaryByteSize the dictionary size (PLAIN bytes) above which the row group falls back
     *     to PLAIN
     * @param kernels the kernels for packing ids and gathering entries
     */
    public DictionaryFloatWriter(DictionaryFlavor flavor, int maxDictionaryByteSize, Kernels kernels) {
        super(flavor, maxDictionaryByteSize, kernels, ParquetEncoding.PLAIN);
        this.keys = new IntKeyStore(kernels);
    }

    /** A writer with the default 1 MiB maximum dictionary size and {@link KernelProvider#best()}. */
    public DictionaryFloatWriter(DictionaryFlavor flavor) {
        this(flavor, DEFAULT_MAX_DICTIONARY_BYTE_SIZE, KernelProvider.best());
    }

    @Override
    public void writeFloat(float value) {
        countValues(1, 4);
        int key = Float.floatToRawIntBits(value);
        if (fellBack) {
            keys.plain.writeInteger(key);
        } else {
            keys.addOne(this, key);
        }
    }

    @Override
    public void writeFloats(float[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        countValues(len, 4L * len);
        while (len > 0) {
            int n = Math.min(len, BLOCK);
            for (int i = 0; i < n; i++) {
                bits[i] = Float.floatToRawIntBits(src[off + i]);
            }
            int i = fellBack ? 0 : keys.add(this, bits, 0, n);
            if (i < n) {
                keys.plain.writeIntegers(bits, i, n - i);
            }
            off += n;
            len -= n;
        }
    }

    @Override
    int dictionarySize() {
        return keys.table.size;
    }

    @Override
    void replayAsPlain() {
        keys.replay(ids, idCount);
    }

    @Override
    ValuesWriter plainWriter() {
        return keys.plain;
    }

    @Override
    void clearEntries() {
        keys.table.clear();
    }

    @Override
    byte[] encodeEntries(int count) {
        return keys.encodeEntries(count);
    }
}
