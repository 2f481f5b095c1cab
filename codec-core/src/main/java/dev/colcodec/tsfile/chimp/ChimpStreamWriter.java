package dev.colcodec.tsfile.chimp;

import dev.colcodec.tsfile.bits.EndMarkedBitPage;
import dev.colcodec.tsfile.bits.MsbBits;
import java.util.Arrays;

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
 *       sees a zero XOR. '00' (repeat) and '01' (near repeat) are not told apart by a branch: they
 *       alternate at random in sensor data and such a branch was mispredicted about every other
 *       value. Two tables by leading zeros ({@link ChimpType#refHeaders}, {@link
 *       ChimpType#refTailBits}) minus the trailing zeros give the '01' header and width, and their
 *       entries for a zero XOR give an empty tail, so one formula writes both.
 *   <li>Bit position, accumulator, previous value and leading zeros live in locals for a whole
 *       batch, and fields are stored with {@link MsbBits#put} and its wide variants, which write
 *       whole words unconditionally instead of branching on a full word.
 *   <li>After a reference, references go two at a time, both fields in one put when together they
 *       fit (almost always for sensor data), which halves the puts of the common case.
 *   <li>DOUBLE and INT64 pages run a copy of the loop with their numbers as constants ({@link
 *       #encode64}), about a tenth faster than the generic one.
 * </ul>
 */
final class ChimpStreamWriter extends EndMarkedBitPage {
    /** Worst case per value: '11', a 3-bit code and 64 bits. */
    private static final int MAX_BYTES_PER_VALUE = 9;
    /** Above this key base the table is cleared instead, so that base + index stays below 2^31. */
    private static final int KEY_BASE_LIMIT = 1 << 30;
    /**
     * Key bases are multiples of this (at least the window of either width), so an absolute index
     * and its page index have the same ring slot, and the base after a clear.
     */
    private static final int KEY_ALIGN = 128;
    /** {@link ChimpType#refHeaders} of the 64-bit types, as a constant for {@link #encode64}. */
    private static final int[] REF_HEADERS_64 = ChimpType.DOUBLE.refHeaders;
    /** {@link ChimpType#refTailBits} of the 64-bit types, as a constant for {@link #encode64}. */
    private static final int[] REF_TAIL_BITS_64 = ChimpType.DOUBLE.refTailBits;

    private final ChimpType type;
    private final long[] ring;
    /**
     * {@code keyBase} + the page index of the last value per key of low bits (an absolute index).
     * Every entry from an earlier page, and the initial 0, is at least a window below the page's
     * first absolute index {@code keyBase}, so it is never in the window: a reset moves {@code
     * keyBase} past them instead of clearing the table (see the class comment).
     */
    private final int[] lastIndexOfKey;

    private int keyBase;

    private boolean started;
    private int storedLz;
    private int index;

    ChimpStreamWriter(ChimpType type) {
        super(type.sentinel, type.width);
        this.type = type;
        this.ring = new long[type.window];
        this.lastIndexOfKey = new int[1 << (type.threshold + 1)];
        reset();
        keyBase = KEY_ALIGN;
    }

    @Override
    public void reset() {
        resetBits();
        // every entry of this page is at most keyBase + index; the next page's first index must be
        // more than a window above it
        long nextBase = ((long) keyBase + index + 1 + KEY_ALIGN + KEY_ALIGN - 1) & -KEY_ALIGN;
        if (nextBase > KEY_BASE_LIMIT) {
            Arrays.fill(lastIndexOfKey, 0);
            nextBase = KEY_ALIGN;
        }
        keyBase = (int) nextBase;
        started = false;
        storedLz = Integer.MAX_VALUE;
        index = 0;
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

    /**
     * The bits after the index of a reference field for a XOR with the referred value: none for a
     * zero XOR ('00'), else the leading-zero code, the significant-bit count and the significant bits
     * ('01'). One table look-up: the table's entry for a zero XOR cancels its 64 trailing zeros.
     */
    private static int refTailBits(long xor, int[] refTailBitsTable, int unusedHigh) {
        return refTailBitsTable[Long.numberOfLeadingZeros(xor) - unusedHigh] - Long.numberOfTrailingZeros(xor);
    }

    /**
     * A reference field without its leading '0' bit: the flag ('1' when {@code tailBits} is not
     * zero), the ring index, then the {@link #refTailBits} bits. No branch between '00' and '01': for a
     * zero XOR the header is 0 and the shifted XOR too, so the tail is empty.
     */
    private static long refField(
            long xor, int refIndex, int tailBits, int[] refHeaders, int unusedHigh, int sigMask, int window) {
        int tz = Long.numberOfTrailingZeros(xor);
        // the code and the significant-bit count (below 2^sigBits: tz > threshold)
        int header = refHeaders[Long.numberOfLeadingZeros(xor) - unusedHigh] - tz;
        long tail = ((long) header << (header & sigMask)) | (xor >>> tz);
        long ref = refIndex | ((tailBits + window - 1) & window);
        return (ref << tailBits) | tail;
    }

    @Override
    protected void encode(long[] src, int off, int n) {
        if (type.width == 64) {
            encode64(src, off, n);
        } else {
            encodeAnyWidth(src, off, n);
        }
    }

    /** {@link #encode} for any width, the per-type constants read from {@link #type}. */
    private void encodeAnyWidth(long[] src, int off, int n) {
        if ((long) keyBase + index + n >= Integer.MAX_VALUE) {
            rebaseKeys();
        }
        int p = sink.ensure(n * MAX_BYTES_PER_VALUE + 2 * Long.BYTES);
        final byte[] a = sink.array();
        final long[] stored = ring;
        final int[] keys = lastIndexOfKey;
        final int[] refHeaders = type.refHeaders;
        final int[] refTailBitsTable = type.refTailBits;
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
        while (i < e) {
            long v = src[i++] & mask;
            int key = (int) v & keyMask;
            int entry = keys[key];
            keys[key] = abs + 1;
            boolean referred = abs - entry < window;
            if (referred) {
                int refIndex = entry & windowMask;
                long xor = v ^ stored[refIndex];
                int tailBits = refTailBits(xor, refTailBitsTable, unusedHigh);
                int bits = refBits + tailBits;
                if (bits <= MsbBits.PUT_BITS) {
                    long field = refField(xor, refIndex, tailBits, refHeaders, unusedHigh, sigMask, window);
                    ac = MsbBits.put(a, pos, ac, field, bits);
                } else {
                    // a '01' field too wide for one put: header, then the significant bits
                    int tz = Long.numberOfTrailingZeros(xor);
                    int header = refHeaders[Long.numberOfLeadingZeros(xor) - unusedHigh] - tz;
                    int sig = header & sigMask;
                    long ref = (1L << indexBits) | refIndex;
                    ac = MsbBits.putFields(a, pos, ac, (ref << (3 + sigBits)) | header, refHeaderBits, xor >>> tz, sig);
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
                if (payloadBits == 64) {
                    ac = MsbBits.putLongTail(a, pos, ac, header, headerBits, xor);
                } else {
                    ac = MsbBits.putFields(a, pos, ac, header, headerBits, xor, payloadBits);
                }
                pos += headerBits + payloadBits;
                sLz = lz;
            }
            abs++;
            stored[abs & windowMask] = v;
            prev = v;
            // After a reference, two references at a time, both fields in one put when they fit
            // (the usual case for sensor data: 9-bit repeats and near repeats of a few dozen
            // bits). A value is committed (key and ring updated) only once its field is known to
            // be written here; anything else goes back to the one-value path above. Series without
            // references (random bits) never come here.
            if (!referred) {
                continue;
            }
            while (i + 1 < e) {
                long v0 = src[i] & mask;
                int key0 = (int) v0 & keyMask;
                int entry0 = keys[key0];
                if (abs - entry0 >= window) {
                    break;
                }
                long xor0 = v0 ^ stored[entry0 & windowMask];
                int tail0 = refTailBits(xor0, refTailBitsTable, unusedHigh);
                int bits0 = refBits + tail0;
                if (bits0 > MsbBits.PUT_BITS) {
                    break;
                }
                long field0 = refField(xor0, entry0 & windowMask, tail0, refHeaders, unusedHigh, sigMask, window);
                keys[key0] = abs + 1;
                abs++;
                stored[abs & windowMask] = v0;
                sLz = noLeading;
                prev = v0;
                i++;
                long v1 = src[i] & mask;
                int key1 = (int) v1 & keyMask;
                int entry1 = keys[key1];
                long xor1 = v1 ^ stored[entry1 & windowMask];
                int tail1 = refTailBits(xor1, refTailBitsTable, unusedHigh);
                int bits1 = refBits + tail1;
                if (abs - entry1 >= window || bits1 > MsbBits.PUT_BITS) {
                    ac = MsbBits.put(a, pos, ac, field0, bits0);
                    pos += bits0;
                    break;
                }
                long field1 = refField(xor1, entry1 & windowMask, tail1, refHeaders, unusedHigh, sigMask, window);
                keys[key1] = abs + 1;
                abs++;
                stored[abs & windowMask] = v1;
                prev = v1;
                i++;
                if (bits0 + bits1 <= MsbBits.PUT_BITS) {
                    ac = MsbBits.put(a, pos, ac, (field0 << bits1) | field1, bits0 + bits1);
                } else {
                    ac = MsbBits.put(a, pos, ac, field0, bits0);
                    ac = MsbBits.put(a, pos + bits0, ac, field1, bits1);
                }
                pos += bits0 + bits1;
            }
        }
        sink.setSize((int) (pos >>> 3));
        acc = ac;
        accBits = (int) (pos & 7);
        storedLz = sLz;
        index = abs - base;
    }

    /**
     * {@link #encodeAnyWidth} for 64-bit values (DOUBLE, INT64) with the per-type numbers as
     * constants, which C2 folds into the instructions, leaving more registers for the loop's state. A
     * copy of encodeAnyWidth's body but for those constants, which {@code ChimpEncodeLoopCopyTest}
     * checks: edit encodeAnyWidth, then copy its body here.
     */
    private void encode64(long[] src, int off, int n) {
        if ((long) keyBase + index + n >= Integer.MAX_VALUE) {
            rebaseKeys();
        }
        int p = sink.ensure(n * MAX_BYTES_PER_VALUE + 2 * Long.BYTES);
        final byte[] a = sink.array();
        final long[] stored = ring;
        final int[] keys = lastIndexOfKey;
        final int[] refHeaders = REF_HEADERS_64;
        final int[] refTailBitsTable = REF_TAIL_BITS_64;
        final int width = 64;
        final long mask = -1L;
        final int window = 128;
        final int windowMask = window - 1;
        final int indexBits = 7;
        final int keyMask = (1 << 14) - 1;
        final int sigBits = 6;
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
        while (i < e) {
            long v = src[i++] & mask;
            int key = (int) v & keyMask;
            int entry = keys[key];
            keys[key] = abs + 1;
            boolean referred = abs - entry < window;
            if (referred) {
                int refIndex = entry & windowMask;
                long xor = v ^ stored[refIndex];
                int tailBits = refTailBits(xor, refTailBitsTable, unusedHigh);
                int bits = refBits + tailBits;
                if (bits <= MsbBits.PUT_BITS) {
                    long field = refField(xor, refIndex, tailBits, refHeaders, unusedHigh, sigMask, window);
                    ac = MsbBits.put(a, pos, ac, field, bits);
                } else {
                    // a '01' field too wide for one put: header, then the significant bits
                    int tz = Long.numberOfTrailingZeros(xor);
                    int header = refHeaders[Long.numberOfLeadingZeros(xor) - unusedHigh] - tz;
                    int sig = header & sigMask;
                    long ref = (1L << indexBits) | refIndex;
                    ac = MsbBits.putFields(a, pos, ac, (ref << (3 + sigBits)) | header, refHeaderBits, xor >>> tz, sig);
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
                if (payloadBits == 64) {
                    ac = MsbBits.putLongTail(a, pos, ac, header, headerBits, xor);
                } else {
                    ac = MsbBits.putFields(a, pos, ac, header, headerBits, xor, payloadBits);
                }
                pos += headerBits + payloadBits;
                sLz = lz;
            }
            abs++;
            stored[abs & windowMask] = v;
            prev = v;
            // After a reference, two references at a time, both fields in one put when they fit
            // (the usual case for sensor data: 9-bit repeats and near repeats of a few dozen
            // bits). A value is committed (key and ring updated) only once its field is known to
            // be written here; anything else goes back to the one-value path above. Series without
            // references (random bits) never come here.
            if (!referred) {
                continue;
            }
            while (i + 1 < e) {
                long v0 = src[i] & mask;
                int key0 = (int) v0 & keyMask;
                int entry0 = keys[key0];
                if (abs - entry0 >= window) {
                    break;
                }
                long xor0 = v0 ^ stored[entry0 & windowMask];
                int tail0 = refTailBits(xor0, refTailBitsTable, unusedHigh);
                int bits0 = refBits + tail0;
                if (bits0 > MsbBits.PUT_BITS) {
                    break;
                }
                long field0 = refField(xor0, entry0 & windowMask, tail0, refHeaders, unusedHigh, sigMask, window);
                keys[key0] = abs + 1;
                abs++;
                stored[abs & windowMask] = v0;
                sLz = noLeading;
                prev = v0;
                i++;
                long v1 = src[i] & mask;
                int key1 = (int) v1 & keyMask;
                int entry1 = keys[key1];
                long xor1 = v1 ^ stored[entry1 & windowMask];
                int tail1 = refTailBits(xor1, refTailBitsTable, unusedHigh);
                int bits1 = refBits + tail1;
                if (abs - entry1 >= window || bits1 > MsbBits.PUT_BITS) {
                    ac = MsbBits.put(a, pos, ac, field0, bits0);
                    pos += bits0;
                    break;
                }
                long field1 = refField(xor1, entry1 & windowMask, tail1, refHeaders, unusedHigh, sigMask, window);
                keys[key1] = abs + 1;
                abs++;
                stored[abs & windowMask] = v1;
                prev = v1;
                i++;
                if (bits0 + bits1 <= MsbBits.PUT_BITS) {
                    ac = MsbBits.put(a, pos, ac, (field0 << bits1) | field1, bits0 + bits1);
                } else {
                    ac = MsbBits.put(a, pos, ac, field0, bits0);
                    ac = MsbBits.put(a, pos + bits0, ac, field1, bits1);
                }
                pos += bits0 + bits1;
            }
        }
        sink.setSize((int) (pos >>> 3));
        acc = ac;
        accBits = (int) (pos & 7);
        storedLz = sLz;
        index = abs - base;
    }
}
