package dev.colcodec.parquet.dictionary;

import dev.colcodec.io.ByteIO;
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

    private static int hash(byte[] b, int off, int len) {
        long h = 0x9E3779B97F4A7C15L ^ len;
        int i = 0;
        for (; i + 8 <= len; i += 8) {
            h = (h ^ ByteIO.getLongLE(b, off + i)) * 0xBF58476D1CE4E5B9L;
            h ^= h >>> 31;
        }
        if (i < len) {
            h = (h ^ ByteIO.getPartialLE(b, off + i, len - i)) * 0x94D049BB133111EBL;
        }
        h ^= h >>> 29;
        return (int) (h ^ (h >>> 32));
    }

    int length(int id) {
        return offsets[id + 1] - offsets[id];
    }

    /** The id of {@code b[off, off + len)}, giving it the next id (and a copy of the bytes) if it is new. */
    int idOf(byte[] b, int off, int len) {
        int hash = hash(b, off, len);
        int[] s = slots;
        int m = mask;
        int h = hash & m;
        int slot;
        while ((slot = s[h]) != 0) {
            int id = slot - 1;
            if (hashes[id] == hash && Arrays.equals(data, offsets[id], offsets[id + 1], b, off, off + len)) {
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
