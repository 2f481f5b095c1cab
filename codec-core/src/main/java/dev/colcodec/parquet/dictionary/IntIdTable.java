package dev.colcodec.parquet.dictionary;

import java.util.Arrays;

/**
 * An insertion-ordered set of int keys (ints, or float bits) with dense ids, the keys in id order in
 * {@link #entries}.
 *
 * <p>Open addressing with linear probing: each slot holds a key and its {@code id + 1} side by side
 * ({@code 0} = empty), so a probe reads no other array. The table is kept at most a quarter full, so
 * almost every lookup ends at its first slot and the probe loop's branches stay predictable.
 */
final class IntIdTable {
    int[] entries = new int[16];
    int size;
    private int[] slotKeys = new int[64];
    private int[] slotIds = new int[64];
    private int mask = 63;

    private static int hash(int key) {
        int h = key * 0x9E3779B9;
        return h ^ (h >>> 15);
    }

    /** The id of {@code key}, giving it the next id if it is new. */
    int idOf(int key) {
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

    private int add(int key, int h) {
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
        int[] keys = new int[capacity];
        int[] ids = new int[capacity];
        int m = capacity - 1;
        for (int id = 0; id < size; id++) {
            int key = entries[id];
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
