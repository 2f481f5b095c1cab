package dev.colcodec.tsfile.chimp;

import dev.colcodec.io.ByteIO;
import dev.colcodec.io.ByteSink;
import dev.colcodec.tsfile.bits.MsbBits;
import java.util.Arrays;
import java.util.Objects;

/**
 * Encodes one TsFile CHIMP page of 32- or 64-bit values given as {@code long}s, exactly as TsFile
 * 2.4.0 writes it, including its quirks: the per-page table of low bits starts out pointing every key
 * at value 0, and the end marker is encoded as a last value followed by one more byte.
 */
final class ChimpStreamWriter {
    private static final int CHUNK = 512;
    /** Worst case per value: '11', a 3-bit code and 64 bits. */
    private static final int MAX_BYTES_PER_VALUE = 9;
    /** Above this key base the table is cleared instead, so that base + index stays below 2^31. */
    private static final int KEY_BASE_LIMIT = 1 << 30;

    private final ChimpType type;
    private final long[] chunk = new long[CHUNK];
    private final ByteSink sink = new ByteSink(1024);
    private final long[] ring;
    /**
     * {@code keyBase} + the index of the last value per key of low bits. Entries below {@code keyBase}
     * are from earlier pages and read as 0 (TsFile starts every page with all keys at value 0), so a
     * reset only moves {@code keyBase} past them instead of clearing the table.
     */
    private final int[] lastIndexOfKey;

    private int keyBase;

    private long acc;
    private int accBits;
    private boolean started;
    private int storedLz;
    private int index;
    private int count;
    private boolean finished;

    ChimpStreamWriter(ChimpType type) {
        this.type = type;
        this.ring = new long[type.window];
        this.lastIndexOfKey = new int[1 << (type.threshold + 1)];
        reset();
        Arrays.fill(lastIndexOfKey, 0);
        keyBase = 0;
    }

    long[] chunkBuffer() {
        return chunk;
    }

    void writeOne(long bits) {
        checkOpen();
        chunk[0] = bits;
        encode(chunk, 0, 1);
        count++;
    }

    void write(long[] src, int off, int len) {
        checkOpen();
        Objects.checkFromIndexSize(off, len, src.length);
        while (len > 0) {
            int n = Math.min(len, 4096);
            encode(src, off, n);
            count += n;
            off += n;
            len -= n;
        }
    }

    int valueCount() {
        return count;
    }

    long bufferedSize() {
        return sink.size() + (accBits >>> 3) + 1 + (type.width >>> 3);
    }

    byte[] toByteArray() {
        if (!finished) {
            chunk[0] = type.sentinel;
            encode(chunk, 0, 1);
            int p = sink.ensure(Long.BYTES);
            ByteIO.putLongBE(sink.array(), p, acc);
            sink.advance((accBits >>> 3) + 1);
            acc = 0;
            accBits = 0;
            finished = true;
        }
        return sink.toByteArray();
    }

    void reset() {
        // every entry of this page is at most keyBase + index
        long nextBase = (long) keyBase + index + 1;
        if (nextBase > KEY_BASE_LIMIT) {
            Arrays.fill(lastIndexOfKey, 0);
            nextBase = 0;
        }
        keyBase = (int) nextBase;
        sink.reset();
        acc = 0;
        accBits = 0;
        started = false;
        storedLz = Integer.MAX_VALUE;
        index = 0;
        count = 0;
        finished = false;
        Arrays.fill(ring, 0);
    }

    /** Rewrites the key table relative to a base of 0 (pages of over 2^30 values only). */
    private void rebaseKeys() {
        int[] keys = lastIndexOfKey;
        for (int k = 0; k < keys.length; k++) {
            keys[k] = Math.max(keys[k] - keyBase, 0);
        }
        keyBase = 0;
    }

    private void checkOpen() {
        if (finished) {
            throw new IllegalStateException("page already finished by toByteArray(); call reset() first");
        }
    }

    private void encode(long[] src, int off, int n) {
        if ((long) keyBase + index + n >= Integer.MAX_VALUE) {
            rebaseKeys();
        }
        int p = sink.ensure(n * MAX_BYTES_PER_VALUE + Long.BYTES);
        final byte[] a = sink.array();
        final long[] stored = ring;
        final int[] keys = lastIndexOfKey;
        final int width = type.width;
        final long mask = type.mask;
        final int window = type.window;
        final int windowMask = window - 1;
        final int indexBits = type.indexBits;
        final int threshold = type.threshold;
        final int keyMask = keys.length - 1;
        final int base = keyBase;
        final int sigBits = type.significantBits;
        final int refBits = 2 + indexBits + 3 + sigBits;
        final int unusedHigh = 64 - width;
        final long noLeading = width + 1;
        long ac = acc;
        int bits = accBits;
        int sLz = storedLz;
        int idx = index;
        int i = off;
        final int e = off + n;
        if (!started && i < e) {
            long v = src[i++] & mask;
            stored[0] = v;
            keys[(int) v & keyMask] = base;
            int filled = bits + width;
            ac = MsbBits.append(a, p, ac, filled, v);
            p += (filled >>> 6) << 3;
            bits = filled & 63;
            started = true;
        }
        for (; i < e; i++) {
            long v = src[i] & mask;
            int key = (int) v & keyMask;
            int candidate = Math.max(keys[key] - base, 0);
            // the candidate with the same low bits is used when it is in the window and its XOR has
            // more than threshold trailing zeros; selects rather than branches, the data decides
            int candidateIndex = candidate & windowMask;
            long candidateXor = v ^ stored[candidateIndex];
            int tz = Long.numberOfTrailingZeros(candidateXor);
            boolean useCandidate = idx - candidate < window & tz > threshold;
            int previousIndex = useCandidate ? candidateIndex : idx & windowMask;
            long xor = useCandidate ? candidateXor : stored[idx & windowMask] ^ v;
            long first;
            int firstBits;
            long second = 0;
            int secondBits = 0;
            if (xor == 0) {
                first = previousIndex;
                firstBits = 2 + indexBits;
                sLz = (int) noLeading;
            } else {
                int lz = ChimpType.LEADING_ROUND[Long.numberOfLeadingZeros(xor) - unusedHigh];
                if (useCandidate) {
                    int sig = width - lz - tz;
                    first = ((long) (window + previousIndex) << (3 + sigBits))
                            | ((long) ChimpType.LEADING_CODE[lz] << sigBits)
                            | sig;
                    firstBits = refBits;
                    second = xor >>> tz;
                    secondBits = sig;
                    sLz = (int) noLeading;
                } else {
                    // '10' when the rounded leading zeros repeat, else '11' and their 3-bit code
                    boolean sameLeading = lz == sLz;
                    first = sameLeading ? 2 : 24 + ChimpType.LEADING_CODE[lz];
                    firstBits = sameLeading ? 2 : 5;
                    second = xor;
                    secondBits = width - lz;
                    sLz = lz;
                }
            }
            int fieldBits = firstBits + secondBits;
            if (fieldBits <= 64) {
                // header and payload in one append (all but leading-zero counts under 5 or so)
                int filled = bits + fieldBits;
                ac = MsbBits.append(a, p, ac, filled, (first << secondBits) | second);
                p += (filled >>> 6) << 3;
                bits = filled & 63;
            } else {
                int filled = bits + firstBits;
                ac = MsbBits.append(a, p, ac, filled, first);
                p += (filled >>> 6) << 3;
                bits = filled & 63;
                filled = bits + secondBits;
                ac = MsbBits.append(a, p, ac, filled, second);
                p += (filled >>> 6) << 3;
                bits = filled & 63;
            }
            idx++;
            stored[idx & windowMask] = v;
            keys[key] = base + idx;
        }
        sink.setSize(p);
        acc = ac;
        accBits = bits;
        storedLz = sLz;
        index = idx;
    }
}
