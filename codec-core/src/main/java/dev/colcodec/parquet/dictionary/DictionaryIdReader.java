package dev.colcodec.parquet.dictionary;

import dev.colcodec.CorruptInputException;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.rle.RleFraming;
import dev.colcodec.parquet.rle.RleHybridReader;
import dev.colcodec.values.IntValuesReader;
import java.util.Objects;

/**
 * Reads the dictionary ids of a dictionary-encoded data page (PLAIN_DICTIONARY or RLE_DICTIONARY): one
 * byte holding the bit width (0..32), then the ids as an RLE/bit-packing hybrid without length prefix.
 * Width 0 (a one-entry dictionary) yields id 0 for every value without parsing the runs that follow
 * (parquet-java parses them; the ids are 0 either way). An empty page (0 bytes) is accepted, as
 * in parquet-java, and any read from it is corrupt input. The section is the rest of the slice.
 *
 * <p>The typed readers ({@link DictionaryIntReader} and friends) use this and then gather the entries.
 */
public final class DictionaryIdReader implements IntValuesReader {
    private final RleHybridReader ids;
    private int start;
    private int end;
    private boolean empty;

    public DictionaryIdReader(Kernels kernels) {
        this.ids = new RleHybridReader(0, RleFraming.UNPREFIXED, kernels);
    }

    /** A reader using {@link KernelProvider#best()}. */
    public DictionaryIdReader() {
        this(KernelProvider.best());
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        start = offset;
        end = offset + length;
        // an empty section until the page is found good (a corrupt one leaves no id of the last page)
        empty = true;
        ids.init(0, buf, offset, 0);
        if (length == 0) {
            return;
        }
        Objects.checkFromIndexSize(offset, length, buf.length);
        int bitWidth = buf[offset] & 0xFF;
        if (bitWidth > 32) {
            throw new CorruptInputException(offset, "a dictionary id bit width of at most 32 (got " + bitWidth + ")");
        }
        ids.initWithBitWidth(bitWidth, valueCount, buf, offset + 1, length - 1);
        empty = false;
    }

    /** Where the page starts (the offset reported for ids outside the dictionary). */
    int pageOffset() {
        return start;
    }

    /** The bit width of the ids on this page (0 for an empty page). */
    public int bitWidth() {
        return empty ? 0 : ids.bitWidth();
    }

    private void checkNotEmpty(int n) {
        if (empty && n > 0) {
            throw new CorruptInputException(start, n + " dictionary ids but the data page is empty");
        }
    }

    @Override
    public int readInteger() {
        checkNotEmpty(1);
        return ids.readInteger();
    }

    @Override
    public void readIntegers(int[] dst, int off, int len) {
        checkNotEmpty(len);
        ids.readIntegers(dst, off, len);
    }

    /** Reads one id and checks it against a dictionary of {@code dictionarySize} entries. */
    int readId(int dictionarySize) {
        return checkId(readInteger(), dictionarySize);
    }

    /**
     * Reads {@code len} ids, each checked against a dictionary of {@code dictionarySize} entries ({@link
     * RleHybridReader#readIds}).
     */
    void readIds(int[] dst, int off, int len, int dictionarySize) {
        checkNotEmpty(len);
        if (dictionarySize == 0) {
            if (len > 0) {
                throw badId(readInteger(), 0);
            }
            return;
        }
        ids.readIds(dst, off, len, dictionarySize);
    }

    /** Reads {@code len} ids and writes their entries ({@link RleHybridReader#readEntries(int[], int[], int, int)}). */
    void readEntries(int[] dictionary, int[] dst, int off, int len) {
        checkNotEmpty(len);
        ids.readEntries(dictionary, dst, off, len);
    }

    /** Reads {@code len} ids and writes their entries ({@link RleHybridReader#readEntries(long[], long[], int, int)}). */
    void readEntries(long[] dictionary, long[] dst, int off, int len) {
        checkNotEmpty(len);
        ids.readEntries(dictionary, dst, off, len);
    }

    /** {@code id} if it is in {@code [0, dictionarySize)}, else corrupt input. */
    int checkId(int id, int dictionarySize) {
        if (Integer.compareUnsigned(id, dictionarySize) >= 0) {
            throw badId(id, dictionarySize);
        }
        return id;
    }

    /** The error for an id outside a dictionary of {@code dictionarySize} entries. */
    CorruptInputException badId(int id, int dictionarySize) {
        return new CorruptInputException(
                start, "a dictionary id in [0, " + dictionarySize + ") but got " + Integer.toUnsignedString(id));
    }

    @Override
    public void skip(int n) {
        checkNotEmpty(n);
        ids.skip(n);
    }

    @Override
    public int endOffset() {
        return end;
    }
}
