package dev.colcodec.parquet.dictionary;

import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.plain.PlainIntWriter;
import dev.colcodec.values.IntValuesWriter;

/**
 * The int-keyed side of {@link DictionaryIntWriter} and {@link DictionaryFloatWriter} (which keys on raw
 * float bits, so NaN payloads and -0.0 are entries of their own, as in parquet-java): the id table and
 * the PLAIN fallback writer, whose bytes for raw float bits are those of PLAIN floats.
 */
final class IntKeyStore {
    final IntIdTable table = new IntIdTable();
    /** The fallback writer: PLAIN, or DELTA_BINARY_PACKED for INT32/INT64 V2-style fallback. */
    final IntValuesWriter plain;

    private final Kernels kernels;
    private final int[] block = new int[DictionaryWriter.BLOCK];

    IntKeyStore(Kernels kernels) {
        this(kernels, new PlainIntWriter(kernels));
    }

    IntKeyStore(Kernels kernels, IntValuesWriter fallback) {
        this.kernels = kernels;
        this.plain = fallback;
    }

    /**
     * Gives {@code keys[off, off + len)} ids in {@code w}, stopping if {@code w} falls back; returns the
     * index of the first key not taken (the caller writes the rest PLAIN).
     */
    int add(DictionaryWriter w, int[] keys, int off, int len) {
        w.ensureIds(len);
        int[] ids = w.ids;
        int n = w.idCount;
        IntIdTable t = table;
        int i = off;
        int end = off + len;
        // while every key is in its home slot, one load and one compare find a key or show it is new:
        // no probing, no branch the data decides
        while (t.displaced == 0 && i < end) {
            long[] slots = t.slots;
            int shift = t.shift;
            while (i < end) {
                int key = keys[i];
                int id = IntIdTable.homeId(slots[IntIdTable.home(key, shift)], key);
                if (id < 0) {
                    break;
                }
                ids[n++] = id;
                i++;
            }
            if (i < end) {
                // not in its home slot, so new (a displaced key ends this loop)
                int before = t.size;
                ids[n++] = t.idOf(keys[i++]);
                if (t.size != before) {
                    w.idCount = n;
                    if (w.addedEntry(4)) {
                        return i;
                    }
                }
            }
        }
        // otherwise a repeat of the previous key (runs are common) skips the table, others probe
        int previousKey = 0;
        int previousId = -1;
        for (; i < end; i++) {
            int key = keys[i];
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
                if (w.addedEntry(4)) {
                    return i + 1;
                }
            }
        }
        w.idCount = n;
        return end;
    }

    /** Gives one key an id in {@code w} (which may fall back to PLAIN, taking the key with it). */
    void addOne(DictionaryWriter w, int key) {
        w.ensureIds(1);
        int before = table.size;
        w.ids[w.idCount++] = table.idOf(key);
        if (table.size != before) {
            w.addedEntry(4);
        }
    }

    /** Writes the keys of {@code ids[0, count)} to the PLAIN writer. */
    void replay(int[] ids, int count) {
        for (int i = 0; i < count; i += block.length) {
            int n = Math.min(block.length, count - i);
            kernels.gather(table.entries, table.size, ids, i, block, 0, n);
            plain.writeIntegers(block, 0, n);
        }
    }

    byte[] encodeEntries(int count) {
        byte[] out = new byte[4 * count];
        kernels.writeIntsLE(table.entries, 0, count, out, 0);
        return out;
    }
}
