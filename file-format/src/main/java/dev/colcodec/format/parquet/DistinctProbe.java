package dev.colcodec.format.parquet;

import java.util.Arrays;

/**
 * Holds back the values of a chunk's first page of an INT32 or INT64 dictionary column for as long as
 * they are all distinct. Such a page always makes the dictionary writer fall back (its encoded ids take
 * at least one byte and its dictionary as many bytes as the PLAIN page, and parquet-java's rule keeps a
 * dictionary only if both together are smaller), so a first page that ends without a repeat is written
 * with the fallback encoding straight away, sparing the dictionary's id table, id encoding and replay.
 * The first repeat ends the probe: the held values go to the dictionary writer as usual.
 *
 * <p>A set of 64-bit keys (INT32 values widened), open addressing at most half full, cleared per chunk
 * by a generation stamp; it starts small and grows with the values held. It holds at most {@link
 * #LIMIT} values; a longer first page is left to the dictionary writer.
 */
final class DistinctProbe {
    /** Most values held back; beyond it the page goes to the dictionary writer. */
    static final int LIMIT = 1 << 16;

    /** Slots the table may grow to (at most half of them are used). */
    private final int maxSlots;

    private int bits;
    private long[] keys;
    private int[] stamps;
    private int generation = 1;
    private final long[] block = new long[512];
    private long[] values = new long[1024];
    private int count;

    /** A probe for pages of up to {@code pageRowLimit} values (at most {@link #LIMIT} are held). */
    DistinctProbe(int pageRowLimit) {
        maxSlots = Integer.highestOneBit(Math.max(16, Math.min(pageRowLimit, LIMIT)) - 1) << 2;
        // small at first (a wide schema has one probe per column): grown as distinct values arrive
        allocate(Math.min(maxSlots, 1 << 10));
    }

    private void allocate(int slots) {
        bits = Integer.numberOfTrailingZeros(slots);
        keys = new long[slots];
        stamps = new int[slots];
        generation = 1;
    }

    /**
     * Quadruples the table (up to {@link #maxSlots}) and puts the held values back in: a page of
     * distinct values fills the table to its largest size anyway, and growing four times at a step puts
     * about a third as many values back as doubling.
     */
    private void grow() {
        allocate(Math.min(maxSlots, keys.length * 4));
        int mask = keys.length - 1;
        int shift = 64 - bits;
        for (int i = 0; i < count; i++) {
            long key = values[i];
            int h = (int) ((key * 0x9E3779B97F4A7C15L) >>> shift);
            while (stamps[h] == 1) {
                h = (h + 1) & mask;
            }
            stamps[h] = 1;
            keys[h] = key;
        }
    }

    /** Values held back. */
    int count() {
        return count;
    }

    /** The held values, {@code [0, count())}. */
    long[] values() {
        return values;
    }

    /**
     * Holds back {@code v[off, off + n)} while they are new; returns how many were taken: {@code n}, or
     * the index (from {@code off}) of the first repeat, or of the first value past {@link #LIMIT} or past
     * the table's capacity (those values are not held).
     */
    int add(long[] v, int off, int n) {
        int room = Math.min(LIMIT, maxSlots >>> 1) - count;
        int stop = Math.min(n, room);
        if (count + stop > values.length) {
            values = Arrays.copyOf(values, Math.max(count + stop, values.length * 2));
        }
        while (count + stop > keys.length >>> 1) {
            grow();
        }
        int mask = keys.length - 1;
        int shift = 64 - bits;
        int g = generation;
        for (int i = 0; i < stop; i++) {
            long key = v[off + i];
            int h = (int) ((key * 0x9E3779B97F4A7C15L) >>> shift);
            while (stamps[h] == g) {
                if (keys[h] == key) {
                    return i;
                }
                h = (h + 1) & mask;
            }
            stamps[h] = g;
            keys[h] = key;
            values[count++] = key;
        }
        return stop;
    }

    /** {@link #add(long[], int, int)} for INT32 values (widened through a small block). */
    int add(int[] v, int off, int n) {
        int taken = 0;
        long[] block = this.block;
        while (taken < n) {
            int k = Math.min(block.length, n - taken);
            for (int i = 0; i < k; i++) {
                block[i] = v[off + taken + i];
            }
            int t = add(block, 0, k);
            taken += t;
            if (t < k) {
                break;
            }
        }
        return taken;
    }

    /** Forgets every value (a new chunk). */
    void clear() {
        count = 0;
        if (++generation == 0) {
            Arrays.fill(stamps, 0);
            generation = 1;
        }
    }
}
