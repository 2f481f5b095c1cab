package dev.colcodec.parquet.dictionary;

import java.util.Arrays;

/**
 * The {@code long} form of {@link IntIdTable} (longs, or double bits).
 *
 * <p>Open addressing with linear probing: each slot holds a key and its {@code id + 1} side by side
 * ({@code 0} = empty), so a probe reads no other array. The table is kept at most a quarter full, so
 * almost every lookup ends at its first slot and the probe loop's branches stay predictable.
 */
final class LongIdTable {
    long[] entries = new long[16];
    int size;
    private long[] slotKeys = new long[64];
    private int[] slotIds = new int[64];
    private int mask = 63;

    private static int hash(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32) ^ (h >>> 17));
    }

    /** The id of {@code key}, giving it the next id if it is new. */
    int idOf(long key) {
        int m = mask;
        int h = hash(key) & m;
        int slot;
        while ((slot = slotIds[h]) != 0) {
            if (slotKeys[h] == key) {
                return slot - 1;
            }
            h = (h + 1) & m;
        }
        return add(key, h);
    }

    private int add(long key, int h) {
        if (size == entries.length) {
            entries = Arrays.copyOf(entries, size * 2);
        }
        entries[size] = key;
        slotKeys[h] = key;
        slotIds[h] = ++size;
        if (size * 4 > slotIds.length) {
            rehash();
        }
        return size - 1;
    }

    private void rehash() {
        int capacity = slotIds.length * 2;
        long[] keys = new long[capacity];
        int[] ids = new int[capacity];
        int m = capacity - 1;
        for (int id = 0; id < size; id++) {
            long key = entries[id];
            int h = hash(key) & m;
            while (ids[h] != 0) {
                h = (h + 1) & m;
            }
            keys[h] = key;
            ids[h] = id + 1;
        }
        slotKeys = keys;
        slotIds = ids;
        mask = m;
    }

    void clear() {
        Arrays.fill(slotIds, 0);
        size = 0;
    }
}
