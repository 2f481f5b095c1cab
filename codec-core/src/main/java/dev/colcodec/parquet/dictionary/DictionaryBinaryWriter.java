package dev.colcodec.parquet.dictionary;

import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.deltastrings.DeltaByteArrayWriter;
import dev.colcodec.parquet.plain.PlainBinaryWriter;
import dev.colcodec.parquet.plain.PlainFixedLenWriter;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesWriter;
import dev.colcodec.values.ValuesWriter;
import java.util.Arrays;
import java.util.Objects;

/**
 * Dictionary-encodes BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY or INT96 values with parquet-java's fallback to
 * PLAIN; byte-identical to its {@code PlainBinaryDictionaryValuesWriter} / {@code
 * PlainFixedLenArrayDictionaryValuesWriter} in a {@code FallbackValuesWriter} with a PLAIN fallback. See
 * {@link DictionaryWriter} for the rules and the life cycle. A BYTE_ARRAY entry counts 4 + length bytes
 * towards the maximum dictionary size, a fixed-length entry its length; a fixed-length writer rejects
 * values of another length with {@link IllegalArgumentException}.
 */
public final class DictionaryBinaryWriter extends DictionaryWriter implements BinaryValuesWriter {
    private static final int INT96_LENGTH = 12;

    /** The fixed length, or -1 for BYTE_ARRAY. */
    private final int fixedLength;

    private final BinaryIdTable table = new BinaryIdTable();
    private final BinaryValuesWriter plain;

    private DictionaryBinaryWriter(
            int fixedLength,
            DictionaryFlavor flavor,
            int maxDictionaryByteSize,
            Kernels kernels,
            ParquetEncoding fallbackEncoding) {
        super(flavor, maxDictionaryByteSize, kernels, fallbackEncoding);
        this.fixedLength = fixedLength;
        if (fallbackEncoding == ParquetEncoding.PLAIN) {
            this.plain = fixedLength < 0 ? new PlainBinaryWriter() : new PlainFixedLenWriter(fixedLength);
        } else if (fallbackEncoding == ParquetEncoding.DELTA_BYTE_ARRAY) {
            this.plain = new DeltaByteArrayWriter(kernels);
        } else {
            throw new IllegalArgumentException(
                    "a binary dictionary falls back to PLAIN or (BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY) DELTA_BYTE_ARRAY, not "
                            + fallbackEncoding);
        }
    }

    /** A BYTE_ARRAY writer falling back to PLAIN. */
    public static DictionaryBinaryWriter forByteArray(
            DictionaryFlavor flavor, int maxDictionaryByteSize, Kernels kernels) {
        return forByteArray(flavor, maxDictionaryByteSize, kernels, ParquetEncoding.PLAIN);
    }

    /** A BYTE_ARRAY writer falling back to PLAIN or, as parquet-java's V2 writer, DELTA_BYTE_ARRAY. */
    public static DictionaryBinaryWriter forByteArray(
            DictionaryFlavor flavor, int maxDictionaryByteSize, Kernels kernels, ParquetEncoding fallbackEncoding) {
        return new DictionaryBinaryWriter(-1, flavor, maxDictionaryByteSize, kernels, fallbackEncoding);
    }

    /** A BYTE_ARRAY writer with the default 1 MiB maximum dictionary size and {@link KernelProvider#best()}. */
    public static DictionaryBinaryWriter forByteArray(DictionaryFlavor flavor) {
        return forByteArray(flavor, DEFAULT_MAX_DICTIONARY_BYTE_SIZE, KernelProvider.best());
    }

    /** A FIXED_LEN_BYTE_ARRAY writer for values of {@code length} (at least 1) bytes. */
    public static DictionaryBinaryWriter forFixedLength(
            int length, DictionaryFlavor flavor, int maxDictionaryByteSize, Kernels kernels) {
        return forFixedLength(length, flavor, maxDictionaryByteSize, kernels, ParquetEncoding.PLAIN);
    }

    /**
     * A FIXED_LEN_BYTE_ARRAY writer falling back to PLAIN or, as parquet-java's V2 writer,
     * DELTA_BYTE_ARRAY.
     */
    public static DictionaryBinaryWriter forFixedLength(
            int length,
            DictionaryFlavor flavor,
            int maxDictionaryByteSize,
            Kernels kernels,
            ParquetEncoding fallbackEncoding) {
        if (length < 1) {
            throw new IllegalArgumentException("fixed length must be at least 1: " + length);
        }
        return new DictionaryBinaryWriter(length, flavor, maxDictionaryByteSize, kernels, fallbackEncoding);
    }

    /** A FIXED_LEN_BYTE_ARRAY writer with the default maximum dictionary size and kernels. */
    public static DictionaryBinaryWriter forFixedLength(int length, DictionaryFlavor flavor) {
        return forFixedLength(length, flavor, DEFAULT_MAX_DICTIONARY_BYTE_SIZE, KernelProvider.best());
    }

    /** An INT96 writer (12-byte values). */
    public static DictionaryBinaryWriter forInt96(DictionaryFlavor flavor, int maxDictionaryByteSize, Kernels kernels) {
        return forFixedLength(INT96_LENGTH, flavor, maxDictionaryByteSize, kernels);
    }

    /** An INT96 writer with the default maximum dictionary size and kernels. */
    public static DictionaryBinaryWriter forInt96(DictionaryFlavor flavor) {
        return forInt96(flavor, DEFAULT_MAX_DICTIONARY_BYTE_SIZE, KernelProvider.best());
    }

    private void checkLength(int len) {
        if (fixedLength >= 0 && len != fixedLength) {
            throw new IllegalArgumentException("value of " + len + " bytes for a fixed length of " + fixedLength);
        }
    }

    @Override
    public void writeBinary(byte[] value, int off, int len) {
        Objects.checkFromIndexSize(off, len, value.length);
        checkLength(len);
        countValues(1, 4L + len);
        if (fellBack) {
            plain.writeBinary(value, off, len);
        } else {
            addOne(value, off, len);
        }
    }

    private void addOne(byte[] value, int off, int len) {
        ensureIds(1);
        int before = table.size;
        ids[idCount++] = table.idOf(value, off, len);
        if (table.size != before) {
            addedEntry(fixedLength < 0 ? 4L + len : fixedLength);
        }
    }

    @Override
    public void writeBinaries(BinaryBatch src, int from, int len) {
        Objects.checkFromIndexSize(from, len, src.count());
        int[] offsets = src.offsets();
        if (fixedLength >= 0) {
            for (int i = from; i < from + len; i++) {
                checkLength(offsets[i + 1] - offsets[i]);
            }
        }
        countValues(len, (long) offsets[from + len] - offsets[from] + 4L * len);
        if (fellBack) {
            plain.writeBinaries(src, from, len);
            return;
        }
        byte[] data = src.data();
        ensureIds(len);
        int[] out = ids;
        int n = idCount;
        BinaryIdTable t = table;
        // a repeat of the previous value (runs are common) skips hashing
        int previousOff = 0;
        int previousLen = -1;
        int previousId = -1;
        for (int i = from, end = from + len; i < end; i++) {
            int off = offsets[i];
            int vLen = offsets[i + 1] - off;
            if (vLen == previousLen && ByteRanges.equal(data, previousOff, data, off, vLen)) {
                out[n++] = previousId;
                continue;
            }
            int before = t.size;
            int id = t.idOf(data, off, vLen);
            out[n++] = id;
            previousOff = off;
            previousLen = vLen;
            previousId = id;
            if (t.size != before) {
                idCount = n;
                if (addedEntry(fixedLength < 0 ? 4L + vLen : fixedLength)) {
                    plain.writeBinaries(src, i + 1, end - i - 1);
                    return;
                }
            }
        }
        idCount = n;
    }

    @Override
    int dictionarySize() {
        return table.size;
    }

    @Override
    void replayAsPlain() {
        for (int i = 0; i < idCount; i++) {
            int id = ids[i];
            plain.writeBinary(table.data, table.offsets[id], table.length(id));
        }
    }

    @Override
    ValuesWriter plainWriter() {
        return plain;
    }

    @Override
    void clearEntries() {
        table.clear();
    }

    @Override
    byte[] encodeEntries(int count) {
        int[] offsets = table.offsets;
        if (fixedLength >= 0) {
            return Arrays.copyOf(table.data, offsets[count]);
        }
        byte[] out = new byte[offsets[count] + 4 * count];
        int p = 0;
        for (int id = 0; id < count; id++) {
            int len = offsets[id + 1] - offsets[id];
            ByteIO.putIntLE(out, p, len);
            System.arraycopy(table.data, offsets[id], out, p + 4, len);
            p += 4 + len;
        }
        return out;
    }
}
