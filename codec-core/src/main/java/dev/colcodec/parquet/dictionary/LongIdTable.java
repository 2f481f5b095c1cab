package dev.colcodec.parquet.dictionary;

import java.util.Arrays;

/** The {@code long} form of {@link IntIdTable} (longs, or double bits). */
final class LongIdTable {
    long[] entries = new long[16];
    int size;
    private int[] slots = new int[32];
    private int mask = 31;

    private static int hash(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32) ^ (h >>> 17));
    }

    /** The id of {@code key}, giving it the next id if it is new. */
    int idOf(long key) {
        int[] s = slots;
        int m = mask;
        int h = hash(key) & m;
        int slot;
        while ((slot = s[h]) != 0) {
            if (entries[slot - 1] == key) {
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
        slots[h] = ++size;
        if (size * 2 > slots.length) {
            rehash();
        }
        return size - 1;
    }

    private void rehash() {
        int[] s = new int[slots.length * 2];
        int m = s.length - 1;
        for (int id = 0; id < size; id++) {
            int h = hash(entries[id]) & m;
            while (s[h] != 0) {
                h = (h + 1) & m;
            }
            s[h] = id + 1;
        }
        slots = s;
        mask = m;
    }

    void clear() {
        Arrays.fill(slots, 0);
        size = 0;
    }
}
