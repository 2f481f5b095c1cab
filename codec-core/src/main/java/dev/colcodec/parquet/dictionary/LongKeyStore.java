package dev.colcodec.parquet.dictionary;

import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.plain.PlainLongWriter;
import dev.colcodec.values.LongValuesWriter;

/**
 * The long-keyed side of {@link DictionaryLongWriter} and {@link DictionaryDoubleWriter} (which keys on raw
 * float bits, so NaN payloads and -0.0 are entries of their own, as in parquet-java): the id table and
 * the PLAIN fallback writer, whose bytes for raw double bits are those of PLAIN doubles.
 */
final class LongKeyStore {
    final LongIdTable table = new LongIdTable();
    /** The fallback writer: PLAIN, or DELTA_BINARY_PACKED for INT32/INT64 V2-style fallback. */
    final LongValuesWriter plain;

    private final Kernels kernels;
    private final long[] block = new long[DictionaryWriter.BLOCK];

    LongKeyStore(Kernels kernels) {
        this(kernels, new PlainLongWriter(kernels));
    }

    LongKeyStore(Kernels kernels, LongValuesWriter fallback) {
        this.kernels = kernels;
        this.plain = fallback;
    }

    /**
     * Gives {@code keys[off, off + len)} ids in {@code w}, stopping if {@code w} falls back; returns the
     * index of the first key not taken (the caller writes the rest PLAIN).
     */
    int add(DictionaryWriter w, long[] keys, int off, int len) {
        w.ensureIds(len);
        int[] ids = w.ids;
        int n = w.idCount;
        LongIdTable t = table;
        // a repeat of the previous key (runs are common) skips the table
        long previousKey = 0;
        int previousId = -1;
        for (int i = off, end = off + len; i < end; i++) {
            long key = keys[i];
            if (key == previousKey && previousId >= 0) {
                ids[n++] = previousId;
                continue;
            }
            int before = t.size;
            int id = t.idOf(key);
            ids[n++] = id;
            previousKey = key;
            previousId = id;
            if (t.size != before) {
                w.idCount = n;
                if (w.addedEntry(8)) {
                    return i + 1;
                }
            }
        }
        w.idCount = n;
        return off + len;
    }

    /** Gives one key an id in {@code w} (which may fall back to PLAIN, taking the key with it). */
    void addOne(DictionaryWriter w, long key) {
        w.ensureIds(1);
        int before = table.size;
        w.ids[w.idCount++] = table.idOf(key);
        if (table.size != before) {
            w.addedEntry(8);
        }
    }

    /** Writes the keys of {@code ids[0, count)} to the PLAIN writer. */
    void replay(int[] ids, int count) {
        for (int i = 0; i < count; i += block.length) {
            int n = Math.min(block.length, count - i);
            kernels.gather(table.entries, table.size, ids, i, block, 0, n);
            plain.writeLongs(block, 0, n);
        }
    }

    byte[] encodeEntries(int count) {
        byte[] out = new byte[8 * count];
        kernels.writeLongsLE(table.entries, 0, count, out, 0);
        return out;
    }
}
