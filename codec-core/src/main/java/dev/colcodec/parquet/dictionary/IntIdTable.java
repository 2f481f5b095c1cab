package dev.colcodec.parquet.dictionary;

import java.util.Arrays;

/**
 * An insertion-ordered set of int keys (ints, or float bits) with dense ids, the keys in id order in
 * {@link #entries}.
 *
 * <p>Open addressing with linear probing over one {@code long} per slot: the key in the high half and
 * {@code id + 1} in the low half ({@code 0L} = empty). The home slot is the high bits of a mixed
 * multiplicative hash ({@link #home}); the table is kept at most a quarter full, with at least {@value
 * #MIN_CAPACITY} slots. {@link #displaced} counts the keys not in their home slot: while it is 0 (small
 * dictionaries, usually), a key is found, or known to be absent, from its home slot alone ({@link
 * #homeId}).
 */
final class IntIdTable {
    private static final int GOLDEN = 0x9E3779B9;
    private static final int MIX = 0x85EBCA6B;
    private static final int MIN_CAPACITY = 1024;

    int[] entries = new int[16];
    int size;
    /** The slots, read directly by batch loops (with {@link #shift}). */
    long[] slots;
    /** {@code 32 - log2(slots.length)}. */
    int shift;
    /** Keys not in their home slot. */
    int displaced;

    IntIdTable() {
        allocate(MIN_CAPACITY);
    }

    private void allocate(int capacity) {
        slots = new long[capacity];
        shift = 32 - Integer.numberOfTrailingZeros(capacity);
        displaced = 0;
    }

    /** The home slot of {@code key} in a table with {@code shift}. */
    static int home(int key, int shift) {
        // the product alone spreads arithmetic progressions of keys badly when their step is itself a
        // multiple of GOLDEN; a second round mixes its high bits down first
        int h = key * GOLDEN;
        return ((h ^ (h >>> 16)) * MIX) >>> shift;
    }

    /**
     * The id of {@code key} if {@code slot}, its home slot's value, holds it, else -1. An empty slot
     * ({@code 0L}) matches only key 0, and then gives -1 too.
     */
    static int homeId(long slot, int key) {
        return (int) (slot >>> 32) == key ? (int) slot - 1 : -1;
    }

    /** The id of {@code key}, giving it the next id if it is new. */
    int idOf(int key) {
        long[] s = slots;
        int m = s.length - 1;
        int h = home(key, shift);
        long slot;
        while ((int) (slot = s[h]) != 0) {
            if ((int) (slot >>> 32) == key) {
                return (int) slot - 1;
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
        slots[h] = (long) key << 32 | ++size;
        if (h != home(key, shift)) {
            displaced++;
        }
        if (size * 4L > slots.length) {
            rehash(slots.length * 2);
        }
        return size - 1;
    }

    private void rehash(int capacity) {
        allocate(capacity);
        long[] s = slots;
        int m = capacity - 1;
        for (int id = 0; id < size; id++) {
            int key = entries[id];
            int home = home(key, shift);
            int h = home;
            while ((int) s[h] != 0) {
                h = (h + 1) & m;
            }
            s[h] = (long) key << 32 | (id + 1);
            if (h != home) {
                displaced++;
            }
        }
    }

    void clear() {
        long[] s = slots;
        if (size * 16L < s.length) {
            // empty only the slots in use: each (key, id) pair is in exactly one slot at or after its home
            int m = s.length - 1;
            for (int id = 0; id < size; id++) {
                int key = entries[id];
                long want = (long) key << 32 | (id + 1);
                int h = home(key, shift);
                while (s[h] != want) {
                    h = (h + 1) & m;
                }
                s[h] = 0L;
            }
        } else {
            Arrays.fill(s, 0L);
        }
        size = 0;
        displaced = 0;
    }
}
