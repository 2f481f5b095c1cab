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
 *
 * <p>Shaped for the batch path, where TsFile's per-value work is reduced to what decides the bytes:
 *
 * <ul>
 *   <li>TsFile refers back to the last value with the same low bits when that value is in the
 *       window and their XOR has more than threshold trailing zeros. A value in the window with the
 *       same key always passes the trailing-zero test, and a key no value of the page has had always
 *       fails it (its entry points at value 0, which has another key), so the writer keeps every
 *       entry that is not from this page out of the window instead: the test is one subtraction
 *       and the candidate's XOR is only computed when it is used.
 *   <li>A zero XOR with the previous value is always also a reference to it (the previous value is
 *       the last one with its key), so '00' and '01' share one path, and the '10'/'11' path never
 *       sees a zero XOR. Between '00' (repeat) and '01' (near repeat) the field is selected by masks:
 *       they alternate at random in sensor data and a branch between them was mispredicted about
 *       every other value.
 *   <li>The leading-zero code and the significant-bit count of a '01' field come from one table
 *       look-up and one subtraction; bit position, accumulator, previous value and leading zeros
 *       live in locals for a whole batch; and fields are stored with {@link MsbBits#put}, which
 *       writes the accumulator unconditionally instead of branching on a full word.
 * </ul>
 */
final class ChimpStreamWriter {
    private static final int CHUNK = 512;
    /** Worst case per value: '11', a 3-bit code and 64 bits. */
    private static final int MAX_BYTES_PER_VALUE = 9;
    /** Above this key base the table is cleared instead, so that base + index stays below 2^31. */
    private static final int KEY_BASE_LIMIT = 1 << 30;
    /**
     * Key bases are multiples of this (at least the window of either width), so an absolute index
     * and its page index have the same ring slot, and the base after a clear.
     */
    private static final int KEY_ALIGN = 128;

    private final ChimpType type;
    private final long[] chunk = new long[CHUNK];
    private final ByteSink sink = new ByteSink(1024);
    private final long[] ring;
    /**
     * {@code keyBase} + the page index of the last value per key of low bits (an absolute index).
     * Every entry from an earlier page, and the initial 0, is at least a window below the page's
     * first absolute index {@code keyBase}, so it is never in the window: a reset moves {@code
     * keyBase} past them instead of clearing the table (see the class comment).
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
        keyBase = KEY_ALIGN;
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
        // every entry of this page is at most keyBase + index; the next page's first index must be
        // more than a window above it
        long nextBase = ((long) keyBase + index + 1 + KEY_ALIGN + KEY_ALIGN - 1) & -KEY_ALIGN;
        if (nextBase > KEY_BASE_LIMIT) {
            Arrays.fill(lastIndexOfKey, 0);
            nextBase = KEY_ALIGN;
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
    }

    /**
     * Moves the key base down to {@link #KEY_ALIGN} (pages of over 2^30 values only): entries of
     * this page keep their distance to it, older ones become 0, still out of the window.
     */
    private void rebaseKeys() {
        int shift = keyBase - KEY_ALIGN;
        int[] keys = lastIndexOfKey;
        for (int k = 0; k < keys.length; k++) {
            keys[k] = Math.max(keys[k] - shift, 0);
        }
        keyBase = KEY_ALIGN;
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
        int p = sink.ensure(n * MAX_BYTES_PER_VALUE + 2 * Long.BYTES);
        final byte[] a = sink.array();
        final long[] stored = ring;
        final int[] keys = lastIndexOfKey;
        final int[] refHeaders = type.refHeaders;
        final int width = type.width;
        final long mask = type.mask;
        final int window = type.window;
        final int windowMask = window - 1;
        final int indexBits = type.indexBits;
        final int keyMask = keys.length - 1;
        final int sigBits = type.significantBits;
        final int sigMask = (1 << sigBits) - 1;
        final int refBits = 2 + indexBits;
        final int refHeaderBits = refBits + 3 + sigBits;
        final int unusedHigh = 64 - width;
        final int noLeading = width + 1;
        long pos = ((long) p << 3) | accBits;
        long ac = acc;
        int sLz = storedLz;
        final int base = keyBase;
        int abs = base + index;
        int i = off;
        final int e = off + n;
        if (!started && i < e) {
            long v = src[i++] & mask;
            stored[abs & windowMask] = v;
            keys[(int) v & keyMask] = abs;
            ac = MsbBits.putWide(a, pos, ac, v, width);
            pos += width;
            started = true;
        }
        long prev = stored[abs & windowMask];
        for (; i < e; i++) {
            long v = src[i] & mask;
            int key = (int) v & keyMask;
            int entry = keys[key];
            keys[key] = abs + 1;
            if (abs - entry < window) {
                // '00' and the index for a zero XOR, else '01', the index, the leading-zero code,
                // the significant-bit count and those bits, selected by masks
                int refIndex = entry & windowMask;
                long xor = v ^ stored[refIndex];
                long nonZero = (xor | -xor) >>> 63;
                long nonZeroMask = -nonZero;
                int tz = Long.numberOfTrailingZeros(xor);
                // the code and the significant-bit count (below 2^sigBits: tz > threshold)
                int header = refHeaders[Long.numberOfLeadingZeros(xor) - unusedHigh] - tz;
                int sig = header & sigMask;
                int tailBits = (3 + sigBits + sig) & (int) nonZeroMask;
                long tail = (((long) header << sig) | (xor >>> tz)) & nonZeroMask;
                int bits = refBits + tailBits;
                long ref = (nonZero << indexBits) | refIndex;
                if (bits <= MsbBits.PUT_BITS) {
                    ac = MsbBits.put(a, pos, ac, (ref << tailBits) | tail, bits);
                } else {
                    ac = MsbBits.put(a, pos, ac, (ref << (3 + sigBits)) | header, refHeaderBits);
                    ac = MsbBits.putWide(a, pos + refHeaderBits, ac, xor >>> tz, sig);
                }
                pos += bits;
                sLz = noLeading;
            } else {
                // never zero (see the class comment): '10' when the rounded leading zeros repeat,
                // else '11' and their 3-bit code; then the bits below them
                long xor = v ^ prev;
                int lz = ChimpType.LEADING_ROUND[Long.numberOfLeadingZeros(xor) - unusedHigh];
                boolean sameLeading = lz == sLz;
                long header = sameLeading ? 2 : 24 + ChimpType.LEADING_CODE[lz];
                int headerBits = sameLeading ? 2 : 5;
                int payloadBits = width - lz;
                if (headerBits + payloadBits <= MsbBits.PUT_BITS) {
                    ac = MsbBits.put(a, pos, ac, (header << payloadBits) | xor, headerBits + payloadBits);
                } else {
                    ac = MsbBits.put(a, pos, ac, header, headerBits);
                    ac = MsbBits.putWide(a, pos + headerBits, ac, xor, payloadBits);
                }
                pos += headerBits + payloadBits;
                sLz = lz;
            }
            abs++;
            stored[abs & windowMask] = v;
            prev = v;
        }
        sink.setSize((int) (pos >>> 3));
        acc = ac;
        accBits = (int) (pos & 7);
        storedLz = sLz;
        index = abs - base;
    }
}
