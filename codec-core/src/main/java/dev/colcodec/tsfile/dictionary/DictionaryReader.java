package dev.colcodec.tsfile.dictionary;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.ByteCursor;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.rle.RleIntReader;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesReader;
import dev.colcodec.values.ValuesReader;
import java.util.Arrays;
import java.util.Objects;

/**
 * Reads a TsFile DICTIONARY page of TEXT/STRING values: the dictionary ({@code zigzag varint size},
 * then each entry as a zigzag-varint length and its bytes) followed by the entry indexes as a TsFile
 * RLE/bit-packing INT32 stream.
 *
 * <p>Entries are not copied out of the page: {@link #readBinaries} copies each value's bytes straight
 * from the page into the caller's {@link BinaryBatch}, and {@link #readIds} copies no bytes at all,
 * handing out checked entry ids whose bytes stay in the page ({@link #entryOffset}, {@link
 * #entryLength}). Like TsFile's decoder, the page is taken to run to the end of the given slice, so
 * {@link #endOffset()} is {@code offset + length}.
 */
public final class DictionaryReader implements BinaryValuesReader {
    private static final int CHUNK = 256;

    private final RleIntReader indexes;
    private final ByteCursor cursor = new ByteCursor();
    private final int[] ids = new int[CHUNK];

    private byte[] buf = new byte[0];
    private int end;
    private int[] entryStart = new int[16];
    private int[] entryLength = new int[16];
    private int dictSize;
    private int remaining;

    /** A reader using the JVM's best kernels. */
    public DictionaryReader() {
        this(KernelProvider.best());
    }

    /** A reader unpacking bit-packed indexes with {@code kernels}. */
    public DictionaryReader(Kernels kernels) {
        this.indexes = new RleIntReader(Objects.requireNonNull(kernels, "kernels"));
    }

    @Override
    public void init(int valueCount, byte[] buf, int offset, int length) {
        if (valueCount < ValuesReader.UNKNOWN_COUNT) {
            throw new IllegalArgumentException("negative value count " + valueCount);
        }
        cursor.reset(buf, offset, length);
        this.buf = buf;
        this.end = offset + length;
        // an empty section until the page is found good (a corrupt one leaves no value of the last page)
        this.remaining = 0;
        dictSize = 0;
        indexes.init(0, buf, offset, 0);
        if (valueCount == 0 && length == 0) {
            // a page of no values with no bytes (another writer's all-null page): no entries, no ids
            return;
        }
        int sizeAt = cursor.position();
        int size = cursor.readZigZagVarInt("the DICTIONARY entry count");
        if (size < 0 || size > cursor.remaining()) {
            throw new CorruptInputException(
                    sizeAt, "a DICTIONARY entry count in [0, " + cursor.remaining() + "] (got " + size + ")");
        }
        if (size > entryStart.length) {
            entryStart = new int[size];
            entryLength = new int[size];
        }
        for (int i = 0; i < size; i++) {
            int lengthAt = cursor.position();
            int len = cursor.readZigZagVarInt("the length of DICTIONARY entry " + i);
            if (len < 0) {
                throw new CorruptInputException(lengthAt, "a non-negative DICTIONARY entry length (got " + len + ")");
            }
            entryStart[i] = cursor.skip(len, "DICTIONARY entry " + i);
            entryLength[i] = len;
        }
        indexes.init(ValuesReader.UNKNOWN_COUNT, buf, cursor.position(), end - cursor.position());
        dictSize = size;
        this.remaining = valueCount == ValuesReader.UNKNOWN_COUNT ? Integer.MAX_VALUE : valueCount;
    }

    /** The number of dictionary entries of the current page. */
    public int dictionarySize() {
        return dictSize;
    }

    /**
     * Reads the next {@code len} values as dictionary entry ids, each checked against the dictionary,
     * without copying any bytes: value {@code k} is the {@link #entryLength entryLength(id)} bytes at
     * {@link #entryOffset entryOffset(id)} of the array given to {@link #init(int, byte[], int, int)} (after
     * {@link #init(int, java.nio.ByteBuffer)} an index into the buffer's array, or into a copy of a direct
     * buffer, which only {@link #readBinaries} reaches). The zero-copy form of
     * {@link #readBinaries}, for callers that keep values as references into the dictionary (as TsFile's
     * decoder hands out the same {@code Binary} for every occurrence of an entry).
     */
    public void readIds(int[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        if (len > remaining) {
            throw new CorruptInputException(end, len + " more DICTIONARY values but the page holds " + remaining);
        }
        remaining -= len;
        indexes.readIntegers(dst, off, len);
        int size = dictSize;
        int bad = 0;
        for (int i = off, e = off + len; i < e; i++) {
            // unsigned: a negative id compares above size
            bad |= Integer.compareUnsigned(dst[i], size) >= 0 ? 1 : 0;
        }
        if (bad != 0) {
            for (int i = off, e = off + len; i < e; i++) {
                if (Integer.compareUnsigned(dst[i], size) >= 0) {
                    throw badId(dst[i]);
                }
            }
        }
    }

    /** Where entry {@code id} of the current page starts in the array read (see {@link #readIds}). */
    public int entryOffset(int id) {
        checkEntry(id);
        return entryStart[id];
    }

    /** The length in bytes of entry {@code id} of the current page. */
    public int entryLength(int id) {
        checkEntry(id);
        return entryLength[id];
    }

    /** A copy of entry {@code id} of the current page. */
    public byte[] entry(int id) {
        checkEntry(id);
        return Arrays.copyOfRange(buf, entryStart[id], entryStart[id] + entryLength[id]);
    }

    private void checkEntry(int id) {
        if (id < 0 || id >= dictSize) {
            throw new IndexOutOfBoundsException("entry " + id + " of a dictionary of " + dictSize);
        }
    }

    @Override
    public byte[] readBinary() {
        readIds(1);
        int id = checkedId(0);
        return Arrays.copyOfRange(buf, entryStart[id], entryStart[id] + entryLength[id]);
    }

    @Override
    public void readBinaries(BinaryBatch dst, int len) {
        Objects.requireNonNull(dst, "dst");
        if (len < 0) {
            throw new IllegalArgumentException("negative length " + len);
        }
        while (len > 0) {
            int n = Math.min(len, CHUNK);
            readIds(n);
            int bad = 0;
            for (int k = 0; k < n; k++) {
                bad |= Integer.compareUnsigned(ids[k], dictSize) >= 0 ? 1 : 0;
            }
            if (bad != 0) {
                for (int k = 0; k < n; k++) {
                    checkedId(k);
                }
            }
            // every id checked before any byte is copied
            dst.appendEntries(buf, entryStart, entryLength, ids, 0, n);
            len -= n;
        }
    }

    @Override
    public void skip(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative skip " + n);
        }
        while (n > 0) {
            int step = Math.min(n, CHUNK);
            readIds(step);
            n -= step;
        }
    }

    @Override
    public int endOffset() {
        return end;
    }

    private void readIds(int n) {
        if (n > remaining) {
            throw new CorruptInputException(end, n + " more DICTIONARY values but the page holds " + remaining);
        }
        remaining -= n;
        indexes.readIntegers(ids, 0, n);
    }

    private int checkedId(int k) {
        int id = ids[k];
        if (id < 0 || id >= dictSize) {
            throw badId(id);
        }
        return id;
    }

    private CorruptInputException badId(int id) {
        return new CorruptInputException(end, "a DICTIONARY index in [0, " + dictSize + ") (got " + id + ")");
    }
}
