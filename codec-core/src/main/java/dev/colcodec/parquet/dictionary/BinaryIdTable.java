package dev.colcodec.parquet.dictionary;

import java.util.Arrays;

/**
 * An insertion-ordered set of byte strings with dense ids. Entry {@code id} is {@code data[offsets[id],
 * offsets[id + 1])}; its hash is kept so probes compare bytes only on a hash match.
 */
final class BinaryIdTable {
    byte[] data = new byte[256];
    int[] offsets = new int[17];
    int size;
    private int[] hashes = new int[16];
    private int[] slots = new int[64];
    private int mask = 63;

    int length(int id) {
        return offsets[id + 1] - offsets[id];
    }

    /** The id of {@code b[off, off + len)}, giving it the next id (and a copy of the bytes) if it is new. */
    int idOf(byte[] b, int off, int len) {
        int hash = ByteRanges.hash(b, off, len);
        int[] s = slots;
        int m = mask;
        int h = hash & m;
        int slot;
        while ((slot = s[h]) != 0) {
            int id = slot - 1;
            if (hashes[id] == hash && length(id) == len && ByteRanges.equal(data, offsets[id], b, off, len)) {
                return id;
            }
            h = (h + 1) & m;
        }
        return add(b, off, len, hash, h);
    }

    private int add(byte[] b, int off, int len, int hash, int h) {
        if (size == hashes.length) {
            hashes = Arrays.copyOf(hashes, size * 2);
            offsets = Arrays.copyOf(offsets, size * 2 + 1);
        }
        int start = offsets[size];
        long end = (long) start + len;
        if (end > data.length) {
            if (end > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("dictionary larger than 2 GiB");
            }
            data = Arrays.copyOf(data, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(end, 2L * data.length)));
        }
        System.arraycopy(b, off, data, start, len);
        hashes[size] = hash;
        offsets[size + 1] = (int) end;
        slots[h] = ++size;
        // at most a quarter full: almost every lookup ends at its first slot
        if (size * 4 > slots.length) {
            rehash();
        }
        return size - 1;
    }

    private void rehash() {
        int[] s = new int[slots.length * 2];
        int m = s.length - 1;
        for (int id = 0; id < size; id++) {
            int h = hashes[id] & m;
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
