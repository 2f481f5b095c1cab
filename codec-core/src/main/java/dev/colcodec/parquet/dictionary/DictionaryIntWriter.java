package dev.colcodec.parquet.dictionary;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.delta.DeltaBinaryPackedIntWriter;
import dev.colcodec.values.IntValuesWriter;
import dev.colcodec.values.ValuesWriter;
import java.util.Objects;

/**
 * Dictionary-encodes INT32 values with parquet-java's fallback to PLAIN; byte-identical to its {@code
 * PlainIntegerDictionaryValuesWriter} in a {@code FallbackValuesWriter} with a PLAIN fallback. See {@link
 * DictionaryWriter} for the rules and the life cycle.
 */
public final class DictionaryIntWriter extends DictionaryWriter implements IntValuesWriter {
    private final IntKeyStore keys;

    /**
     * @param flavor how pages are labelled
     * @param maxDictionaryByteSize the dictionary size (PLAIN bytes) above which the row group falls back
     *     to PLAIN
     * @param kernels the kernels for packing ids and gathering entries
     */
    public DictionaryIntWriter(DictionaryFlavor flavor, int maxDictionaryByteSize, Kernels kernels) {
        this(flavor, maxDictionaryByteSize, kernels, ParquetEncoding.PLAIN);
    }

    /**
     * @param fallbackEncoding PLAIN (parquet-java's V1 writer) or DELTA_BINARY_PACKED (its V2 writer)
     * @throws IllegalArgumentException for any other encoding
     */
    public DictionaryIntWriter(
            DictionaryFlavor flavor, int maxDictionaryByteSize, Kernels kernels, ParquetEncoding fallbackEncoding) {
        super(flavor, maxDictionaryByteSize, kernels, fallbackEncoding);
        switch (fallbackEncoding) {
            case PLAIN:
                this.keys = new IntKeyStore(kernels);
                break;
            case DELTA_BINARY_PACKED:
                this.keys = new IntKeyStore(kernels, new DeltaBinaryPackedIntWriter(kernels));
                break;
            default:
                throw new IllegalArgumentException(
                        "a INT32 dictionary falls back to PLAIN or DELTA_BINARY_PACKED, not " + fallbackEncoding);
        }
    }

    /** A writer with the default 1 MiB maximum dictionary size and {@link KernelProvider#best()}. */
    public DictionaryIntWriter(DictionaryFlavor flavor) {
        this(flavor, DEFAULT_MAX_DICTIONARY_BYTE_SIZE, KernelProvider.best());
    }

    @Override
    public void writeInteger(int value) {
        countValues(1, Integer.BYTES);
        int key = value;
        if (fellBack) {
            keys.plain.writeInteger(key);
        } else {
            keys.addOne(this, key);
        }
    }

    @Override
    public void writeIntegers(int[] src, int off, int len) {
        Objects.checkFromIndexSize(off, len, src.length);
        countValues(len, (long) Integer.BYTES * len);
        int i = fellBack ? off : keys.add(this, src, off, len);
        if (i < off + len) {
            keys.plain.writeIntegers(src, i, off + len - i);
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
