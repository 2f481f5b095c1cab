package dev.colcodec.parquet.dictionary;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.values.DoubleValuesWriter;
import dev.colcodec.values.ValuesWriter;
import java.util.Objects;

/**
 * Dictionary-encodes DOUBLE values with parquet-java's fallback to PLAIN; byte-identical to its {@code
 * PlainDoubleDictionaryValuesWriter} in a {@code FallbackValuesWriter} with a PLAIN fallback. See {@link
 * DictionaryWriter} for the rules and the life cycle. Entries are raw double bits: NaN payloads and -0.0 are
 * entries of their own, as in parquet-java.
 */
public final class DictionaryDoubleWriter extends DictionaryWriter implements DoubleValuesWriter {
    private final LongKeyStore keys;
    private final long[] bits = new long[BLOCK];

    /**
     * @param flavor how pages are labelled
     * @param maxDictionaryByteSize the dictionary size (PLAIN bytes) above which the row group falls back
     *     to PLAIN
     * @param kernels the kernels for packing ids and gathering entries
     */
    public DictionaryDoubleWriter(DictionaryFlavor flavor, int maxDictionaryByteSize, Kernels kernels) {
        super(flavor, maxDictionaryByteSize, kernels, ParquetEncoding.PLAIN);
        this.keys = new LongKeyStore(kernels);
    }

    /** A writer with the default 1 MiB maximum dictionary size and {@link KernelProvider#best()}. */
    public DictionaryDoubleWriter(DictionaryFlavor flavor) {
        this(flavor, DEFAULT_MAX_DICTIONARY_BYTE_SIZE, KernelProvider.best());
    }

    @Override
    public void writeDouble(double value) {
        countValues(1, 8);
        long key = Double.doubleToRawLongBits(value);
        if (fellBack) {
            keys.plain.writeLong(key);
        } else {
            keys.addOne(this, key);
        }
    }

    @Override
    public void writeDoubles(double[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        countValues(len, 8L * len);
        while (len > 0) {
            int n = Math.min(len, BLOCK);
            for (int i = 0; i < n; i++) {
                bits[i] = Double.doubleToRawLongBits(src[off + i]);
            }
            int i = fellBack ? 0 : keys.add(this, bits, 0, n);
            if (i < n) {
                keys.plain.writeLongs(bits, i, n - i);
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
