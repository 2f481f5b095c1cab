package dev.colcodec.tsfile.dictionary;

import dev.colcodec.io.ByteIO;
import java.util.Arrays;

/**
 * The distinct byte strings of a page in first-seen order, with an open-addressing hash index: adding
 * or finding a value copies nothing unless it is new and allocates only when the table grows.
 */
final class EntryTable {
    private byte[] data = new byte[1024];
    private int dataSize;
    private int[] start = new int[64];
    private int[] length = new int[64];
    private int[] hash = new int[64];
    private int size;
    /** Entry index + 1 per slot, 0 for an empty slot. */
    private int[] slots = new int[128];

    int size() {
        return size;
    }

    byte[] data() {
        return data;
    }

    int start(int i) {
        return start[i];
    }

    int length(int i) {
        return length[i];
    }

    long byteSize() {
        return dataSize;
    }

    void clear() {
        Arrays.fill(slots, 0);
        size = 0;
        dataSize = 0;
    }

    /** Whether entry {@code i} holds exactly {@code v[off, off + len)}. */
    boolean matches(int i, byte[] v, int off, int len) {
        int s = start[i];
        return length[i] == len && Arrays.equals(data, s, s + len, v, off, off + len);
    }

    /** The index of {@code v[off, off + len)}, added as a new entry if not present. */
    int indexOf(byte[] v, int off, int len) {
        int h = hash(v, off, len);
        int mask = slots.length - 1;
        int s = h & mask;
        while (true) {
            int e = slots[s];
            if (e == 0) {
                break;
            }
            int i = e - 1;
            if (hash[i] == h && length[i] == len && Arrays.equals(data, start[i], start[i] + len, v, off, off + len)) {
                return i;
            }
            s = (s + 1) & mask;
        }
        int i = add(v, off, len, h);
        slots[s] = i + 1;
        if (size * 2 > slots.length) {
            rehash();
        }
        return i;
    }

    private int add(byte[] v, int off, int len, int h) {
        if (size == start.length) {
            start = Arrays.copyOf(start, size * 2);
            length = Arrays.copyOf(length, size * 2);
            hash = Arrays.copyOf(hash, size * 2);
        }
        long need = (long) dataSize + len;
        if (need > Integer.MAX_VALUE - 16) {
            throw new IllegalStateException("dictionary larger than 2 GiB");
        }
        if (need > data.length) {
            data = Arrays.copyOf(data, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(need, 2L * data.length)));
        }
        System.arraycopy(v, off, data, dataSize, len);
        start[size] = dataSize;
        length[size] = len;
        hash[size] = h;
        dataSize += len;
        return size++;
    }

    private void rehash() {
        int[] bigger = new int[slots.length * 2];
        int mask = bigger.length - 1;
        for (int i = 0; i < size; i++) {
            int s = hash[i] & mask;
            while (bigger[s] != 0) {
                s = (s + 1) & mask;
            }
            bigger[s] = i + 1;
        }
        slots = bigger;
    }

    private static int hash(byte[] v, int off, int len) {
        long h = 0x9E37_79B9_7F4A_7C15L ^ len;
        int e = off + len;
        if (len >= Long.BYTES) {
            for (int i = off; i + Long.BYTES < e; i += Long.BYTES) {
                h = (h ^ ByteIO.getLongLE(v, i)) * 0xBF58_476D_1CE4_E5B9L;
                h ^= h >>> 31;
            }
            // the last eight bytes, overlapping the previous word when len is not a multiple of 8
            h = (h ^ ByteIO.getLongLE(v, e - Long.BYTES)) * 0x94D0_49BB_1331_11EBL;
        } else {
            for (int i = off; i < e; i++) {
                h = (h ^ (v[i] & 0xFF)) * 0x94D0_49BB_1331_11EBL;
            }
        }
        h ^= h >>> 29;
        h *= 0xBF58_476D_1CE4_E5B9L;
        h ^= h >>> 32;
        return (int) h;
    }
}
