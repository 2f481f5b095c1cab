package dev.colcodec.tsfile.gorilla;

import dev.colcodec.tsfile.bits.EndMarkedBitPage;
import dev.colcodec.tsfile.bits.MsbBits;

/**
 * Encodes one GORILLA (V2) page of 32- or 64-bit values given as {@code long}s, exactly as TsFile
 * 2.4.0 writes it: the end marker is encoded as a last value and the bit stream is always followed by
 * one more byte (the partial last byte, or a zero byte when the marker ended on a byte boundary).
 *
 * <p>Shaped for the batch path: the bit position, accumulator, previous value and window live in
 * locals for a whole batch; values go two at a time while both XORs fit the stored window (one
 * {@code (xor0 | xor1) & outside} test), with a zero XOR's 1-bit '0' and a '10' field selected by
 * masks instead of a branch; and every field is written with {@link MsbBits#put}, which stores the
 * accumulator unconditionally instead of branching on a full word. Both removed branches depend on
 * the data and were mispredicted often on sensor-like doubles.
 */
final class GorillaStreamWriter extends EndMarkedBitPage {
    private static final int NO_WINDOW = Integer.MAX_VALUE;
    /** Worst case per value: '11', two header fields and 64 significant bits. */
    private static final int MAX_BYTES_PER_VALUE = 10;

    private final GorillaType type;

    private boolean started;
    private long prev;
    private int storedLz = NO_WINDOW;
    private int storedTz;

    GorillaStreamWriter(GorillaType type) {
        super(type.sentinel, type.width);
        this.type = type;
    }

    @Override
    public void reset() {
        resetBits();
        started = false;
        prev = 0;
        storedLz = NO_WINDOW;
        storedTz = 0;
    }

    /**
     * The bits outside the window of {@code lz} leading and {@code tz} trailing zeros of a {@code
     * width}-bit value: a XOR fits the window when it has none of them. All bits for {@link
     * #NO_WINDOW}, so that only a zero XOR fits.
     */
    private static long outsideOf(int lz, int tz, int width) {
        if (lz == NO_WINDOW) {
            return -1L;
        }
        return ~((-1L >>> (64 - width + lz)) & (-1L << tz));
    }

    @Override
    protected void encode(long[] src, int off, int n) {
        int p = sink.ensure(n * MAX_BYTES_PER_VALUE + 2 * Long.BYTES);
        final byte[] a = sink.array();
        final int width = type.width;
        final int fieldBits = type.fieldBits;
        final int headerBits = 2 + 2 * fieldBits;
        final long mask = type.mask;
        final int unusedHigh = 64 - width;
        long pos = ((long) p << 3) | accBits;
        long ac = acc;
        long v = prev;
        int sLz = storedLz;
        int sTz = storedTz;
        // the stored window as the bits a fitting XOR must not have and its width (0 without one:
        // then only a zero XOR fits and the fields below are all the 1-bit '0')
        long outside = outsideOf(sLz, sTz, width);
        int windowSig = sLz == NO_WINDOW ? 0 : width - sLz - sTz;
        int i = off;
        final int e = off + n;
        if (!started && i < e) {
            v = src[i++] & mask;
            ac = MsbBits.putWide(a, pos, ac, v, width);
            pos += width;
            started = true;
        }
        while (i < e) {
            // Two values whose XORs fit the stored window (a zero XOR fits any window): the usual
            // case. Each is '0' when its XOR is zero and '10' and the window's bits otherwise,
            // chosen by masks rather than branches, as zero XORs come at random in real data.
            if (windowSig <= MsbBits.PUT_BITS - 2 && i + 1 < e) {
                long x0 = src[i] & mask;
                long x1 = src[i + 1] & mask;
                long d0 = v ^ x0;
                long d1 = x0 ^ x1;
                if (((d0 | d1) & outside) == 0) {
                    long nonZero0 = (d0 | -d0) >>> 63;
                    long nonZero1 = (d1 | -d1) >>> 63;
                    long tag = 2L << windowSig;
                    long field0 = (tag | (d0 >>> sTz)) & -nonZero0;
                    long field1 = (tag | (d1 >>> sTz)) & -nonZero1;
                    int bits0 = 1 + ((windowSig + 1) & -(int) nonZero0);
                    int bits1 = 1 + ((windowSig + 1) & -(int) nonZero1);
                    if (windowSig <= MsbBits.PUT_BITS / 2 - 2) {
                        ac = MsbBits.put(a, pos, ac, (field0 << bits1) | field1, bits0 + bits1);
                        pos += bits0 + bits1;
                    } else {
                        ac = MsbBits.put(a, pos, ac, field0, bits0);
                        pos += bits0;
                        ac = MsbBits.put(a, pos, ac, field1, bits1);
                        pos += bits1;
                    }
                    v = x1;
                    i += 2;
                    continue;
                }
            }
            long x = src[i++] & mask;
            long xor = v ^ x;
            v = x;
            if (xor == 0) {
                ac = MsbBits.put(a, pos, ac, 0, 1);
                pos++;
            } else if ((xor & outside) == 0) {
                ac = MsbBits.putFields(a, pos, ac, 2, 2, xor >>> sTz, windowSig);
                pos += windowSig + 2;
            } else {
                int lz = Long.numberOfLeadingZeros(xor) - unusedHigh;
                int tz = Long.numberOfTrailingZeros(xor);
                int sig = width - lz - tz;
                long header = (3L << (2 * fieldBits)) | ((long) lz << fieldBits) | (sig - 1);
                ac = MsbBits.putFields(a, pos, ac, header, headerBits, xor >>> tz, sig);
                pos += headerBits + sig;
                sLz = lz;
                sTz = tz;
                outside = outsideOf(lz, tz, width);
                windowSig = sig;
            }
        }
        sink.setSize((int) (pos >>> 3));
        acc = ac;
        accBits = (int) (pos & 7);
        prev = v;
        storedLz = sLz;
        storedTz = sTz;
    }
}
