package dev.colcodec.parquet.dictionary;

import dev.colcodec.io.InPlacePage;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.rle.BitWidths;
import dev.colcodec.parquet.rle.RleFraming;
import dev.colcodec.parquet.rle.RleHybridWriter;
import dev.colcodec.values.ValuesWriter;
import java.util.Arrays;
import java.util.Objects;

/**
 * A dictionary encoder with parquet-java's fallback to PLAIN ({@code DictionaryValuesWriter} inside
 * {@code FallbackValuesWriter}), producing the same data and dictionary pages byte for byte.
 *
 * <p>Life cycle, per column chunk (row group): write values, {@link #toByteArray()} a data page, ask
 * {@link #encoding()} what it is, {@link #reset()}, and so on (or take the page in place with {@link
 * #finishInPlace()}, without the copy of a fallback page {@code toByteArray()} makes); at the end of the row group {@link
 * #dictionaryPage()} (with {@link #dictionaryEntryCount()} for the page header) and {@link
 * #resetDictionary()}.
 *
 * <p>The rules, as in parquet-java:
 *
 * <ul>
 *   <li>A dictionary-encoded data page is one byte holding the id bit width ({@code 32 - nlz(entries -
 *       1)}, counting every entry so far in the row group, so 0 for one entry), then the ids as an
 *       RLE/bit-packing hybrid without length prefix. Ids are given in order of first appearance.
 *   <li>The first page of a row group keeps the dictionary only if the encoded page plus the dictionary is
 *       smaller than the PLAIN page would be; otherwise it and every later page of the row group are
 *       PLAIN.
 *   <li>Once the dictionary exceeds {@code maxDictionaryByteSize} bytes (entries are counted at their
 *       PLAIN size), the current page and the rest of the row group are written PLAIN. The dictionary
 *       page then holds the entries used by the pages already written, or there is none.
 *   <li>{@link #bufferedSize()} is the PLAIN size of the page so far, for cutting pages: 4 or 8 bytes per
 *       number, length + 4 per BYTE_ARRAY value and, as in parquet-java, also per FIXED_LEN_BYTE_ARRAY
 *       and INT96 value.
 * </ul>
 *
 * <p>The fallback encoding is PLAIN by default, as in parquet-java's V1 writer; the INT32, INT64 and
 * binary writers can fall back to DELTA_BINARY_PACKED or DELTA_BYTE_ARRAY instead, as parquet-java's V2
 * writer does ({@link #fallbackEncoding()}). Intended differences: the dictionary also falls back at
 * 2^28 entries (parquet-java: 2^31-2), a
 * limit only reachable with a maximum dictionary size over 1 GiB; {@link #resetDictionary()} also starts
 * a new page.
 */
public abstract sealed class DictionaryWriter implements ValuesWriter, InPlacePage
        permits DictionaryIntWriter,
                DictionaryLongWriter,
                DictionaryFloatWriter,
                DictionaryDoubleWriter,
                DictionaryBinaryWriter {
    /** parquet-java's default maximum dictionary size, 1 MiB. */
    public static final int DEFAULT_MAX_DICTIONARY_BYTE_SIZE = 1 << 20;

    static final int MAX_ENTRIES = 1 << 28;
    static final int BLOCK = 1024;

    final Kernels kernels;
    private final DictionaryFlavor flavor;
    private final int maxDictionaryByteSize;
    private final RleHybridWriter idWriter;

    /** The ids of the current page, in order. */
    int[] ids = new int[256];

    int idCount;
    /** Whether the row group has fallen back to PLAIN. */
    boolean fellBack;

    private long rawSize;
    private long dictionaryByteSize;
    private int lastUsedDictionarySize;
    private boolean firstPage = true;
    private boolean dictionaryPageWritten;
    private int valueCount;
    private boolean finished;
    private ParquetEncoding pageEncoding;
    /** The array and offset of the page {@link #finishInPlace()} finished. */
    private byte[] inPlaceArray;

    private int inPlaceOffset;

    /** The encoding of the pages written after a fallback. */
    private final ParquetEncoding fallbackEncoding;

    DictionaryWriter(
            DictionaryFlavor flavor, int maxDictionaryByteSize, Kernels kernels, ParquetEncoding fallbackEncoding) {
        this.fallbackEncoding = Objects.requireNonNull(fallbackEncoding, "fallbackEncoding");
        if (maxDictionaryByteSize < 0) {
            throw new IllegalArgumentException("negative maximum dictionary size: " + maxDictionaryByteSize);
        }
        this.flavor = Objects.requireNonNull(flavor, "flavor");
        this.maxDictionaryByteSize = maxDictionaryByteSize;
        this.kernels = Objects.requireNonNull(kernels, "kernels");
        this.idWriter = new RleHybridWriter(0, RleFraming.UNPREFIXED, kernels);
    }

    // ---- what each type provides ---------------------------------------------------------------

    /** Entries in the dictionary. */
    abstract int dictionarySize();

    /** Writes the values of {@code ids[0, idCount)} to the PLAIN writer. */
    abstract void replayAsPlain();

    /** The writer used after a fallback (PLAIN, or the DELTA encoding given at construction). */
    abstract ValuesWriter plainWriter();

    abstract void clearEntries();

    /** The PLAIN encoding of the first {@code count} entries. */
    abstract byte[] encodeEntries(int count);

    // ---- shared bookkeeping for the typed writers ----------------------------------------------

    /** Counts {@code n} values of {@code rawBytes} PLAIN bytes. */
    final void countValues(int n, long rawBytes) {
        checkOpen();
        if (n > Integer.MAX_VALUE - valueCount) {
            throw new IllegalStateException("a page holds at most 2^31-1 values");
        }
        valueCount += n;
        rawSize += rawBytes;
    }

    /** Makes room for {@code n} more ids. */
    final void ensureIds(int n) {
        if (n > ids.length - idCount) {
            ids = Arrays.copyOf(ids, (int)
                    Math.min(Integer.MAX_VALUE - 16, Math.max((long) idCount + n, 2L * ids.length)));
        }
    }

    /**
     * Accounts for a new entry of {@code bytes} PLAIN bytes, falling back to PLAIN if the dictionary got
     * too big; returns whether it fell back (the caller then writes its remaining values PLAIN).
     */
    final boolean addedEntry(long bytes) {
        dictionaryByteSize += bytes;
        if (dictionaryByteSize > maxDictionaryByteSize || dictionarySize() > MAX_ENTRIES) {
            fallBack();
            return true;
        }
        return false;
    }

    private void fallBack() {
        replayAsPlain();
        fellBack = true;
        idCount = 0;
        if (lastUsedDictionarySize == 0) {
            clearEntries();
            dictionaryByteSize = 0;
        }
    }

    private void checkOpen() {
        if (finished) {
            throw new IllegalStateException("toByteArray() was called: reset() before writing the next page");
        }
    }

    // ---- the page life cycle -------------------------------------------------------------------

    @Override
    public final int valueCount() {
        return valueCount;
    }

    /** The PLAIN size of the values written to this page, as parquet-java reports it for cutting pages. */
    @Override
    public final long bufferedSize() {
        return rawSize;
    }

    /** Finishes the data page: dictionary ids, or PLAIN values after a fallback (see {@link #encoding()}). */
    @Override
    public final byte[] toByteArray() {
        byte[] idPage = finishIds();
        return idPage != null ? idPage : plainWriter().toByteArray();
    }

    /**
     * Finishes the data page as {@link #toByteArray()} does, leaving a fallback page where the fallback
     * writer built it when that writer allows ({@link InPlacePage}).
     */
    @Override
    public final int finishInPlace() {
        byte[] page = finishIds();
        int size;
        if (page != null) {
            inPlaceOffset = 0;
            size = page.length;
        } else if (plainWriter() instanceof InPlacePage p) {
            size = p.finishInPlace();
            page = p.pageArray();
            inPlaceOffset = p.pageOffset();
        } else {
            page = plainWriter().toByteArray();
            inPlaceOffset = 0;
            size = page.length;
        }
        inPlaceArray = page;
        return size;
    }

    @Override
    public final byte[] pageArray() {
        return inPlaceArray;
    }

    @Override
    public final int pageOffset() {
        return inPlaceOffset;
    }

    /** Ends the page: its dictionary ids, or {@code null} when it is a page of the fallback writer. */
    private byte[] finishIds() {
        checkOpen();
        finished = true;
        if (!fellBack) {
            byte[] page = encodeIds();
            if (!firstPage || page.length + dictionaryByteSize < rawSize) {
                pageEncoding = flavor.dataPageEncoding();
                dictionaryPageWritten = true;
                return page;
            }
            fallBack();
        }
        pageEncoding = fallbackEncoding;
        return null;
    }

    private byte[] encodeIds() {
        int entries = dictionarySize();
        int bitWidth = BitWidths.forMaxValue(entries - 1);
        idWriter.reset(bitWidth);
        idWriter.writeIntegers(ids, 0, idCount);
        byte[] runs = idWriter.toByteArray();
        byte[] page = new byte[1 + runs.length];
        page[0] = (byte) bitWidth;
        System.arraycopy(runs, 0, page, 1, runs.length);
        lastUsedDictionarySize = entries;
        return page;
    }

    /**
     * The encoding of the page the last {@link #toByteArray()} returned: the flavor's dictionary encoding
     * or the {@linkplain #fallbackEncoding() fallback encoding}.
     */
    public final ParquetEncoding encoding() {
        if (pageEncoding == null) {
            throw new IllegalStateException("no page finished since the last reset()");
        }
        return pageEncoding;
    }

    /** The encoding of the pages written after a fallback: PLAIN, DELTA_BINARY_PACKED or DELTA_BYTE_ARRAY. */
    public final ParquetEncoding fallbackEncoding() {
        return fallbackEncoding;
    }

    /** Whether this row group has fallen back to its {@link #fallbackEncoding()}. */
    public final boolean hasFallenBack() {
        return fellBack;
    }

    /** Starts the next data page of the same row group. */
    @Override
    public final void reset() {
        rawSize = 0;
        // only a finished page makes the next one not the first (a reset before any page changes nothing)
        firstPage = firstPage && !finished;
        idCount = 0;
        plainWriter().reset();
        valueCount = 0;
        finished = false;
        pageEncoding = null;
        inPlaceArray = null;
    }

    /**
     * The dictionary page for the data pages written so far in this row group (PLAIN entries), or {@code
     * null} if none of them used the dictionary.
     */
    public final byte[] dictionaryPage() {
        return dictionaryPageWritten && lastUsedDictionarySize > 0 ? encodeEntries(lastUsedDictionarySize) : null;
    }

    /** The number of entries in {@link #dictionaryPage()} (the header's {@code num_values}), or 0. */
    public final int dictionaryEntryCount() {
        return dictionaryPageWritten ? lastUsedDictionarySize : 0;
    }

    /** The encoding of the dictionary page's header. */
    public final ParquetEncoding dictionaryPageEncoding() {
        return flavor.dictionaryPageEncoding();
    }

    public final DictionaryFlavor flavor() {
        return flavor;
    }

    /** Starts a new row group: an empty dictionary and a new first page. */
    public final void resetDictionary() {
        reset();
        clearEntries();
        dictionaryByteSize = 0;
        lastUsedDictionarySize = 0;
        fellBack = false;
        firstPage = true;
        dictionaryPageWritten = false;
    }
}
