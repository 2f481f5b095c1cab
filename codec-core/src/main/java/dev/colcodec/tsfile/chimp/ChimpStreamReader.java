package dev.colcodec.tsfile.chimp;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.Bounds;
import dev.colcodec.tsfile.bits.MsbBits;
import dev.colcodec.values.ValuesReader;
import java.util.Arrays;
import java.util.Objects;

/**
 * Decodes one TsFile CHIMP page of 32- or 64-bit values into {@code long}s (32-bit values
 * zero-extended), shared by the four typed readers. Control codes: '00' repeats one of the last
 * {@code window} values, '01' XORs such a value with a window of significant bits, '10' XORs the
 * previous value reusing the stored leading-zero count, '11' with a new one.
 *
 * <p>With a known count it decodes exactly that many values, so a value equal to the end marker is an
 * ordinary value; with {@link ValuesReader#UNKNOWN_COUNT} it stops at the end marker as TsFile does:
 * from the second value on, since the first is stored whole and TsFile returns it whatever it is. So a
 * page of no values (the marker and one byte) reads as that one value without the count, as in tsfile;
 * with a count of 0 it reads as empty.
 */
final class ChimpStreamReader {
    private static final int CHUNK = 512;
    private static final int NO_LEADING = -1;

    private final ChimpType type;
    private final long[] chunk = new long[CHUNK];
    private final long[] ring;

    private byte[] buf = new byte[0];
    private int start;
    private int end;
    private long endBits;
    private boolean stopAtSentinel;
    /** Whether {@link #init} was given the count (then only {@link #endOffset()} looks for the marker). */
    private boolean countKnown;

    private int remaining;

    private long pos;
    private boolean started;
    private long prev;
    private int storedLz;
    private int current;
    private boolean sawSentinel;

    ChimpStreamReader(ChimpType type) {
        this.type = type;
        this.ring = new long[type.window];
    }

    void init(int valueCount, byte[] buf, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buf.length);
        if (valueCount < ValuesReader.UNKNOWN_COUNT) {
            throw new IllegalArgumentException("negative value count " + valueCount);
        }
        this.buf = buf;
        this.start = offset;
        this.end = offset + length;
        this.endBits = (long) end * 8;
        this.stopAtSentinel = valueCount == ValuesReader.UNKNOWN_COUNT;
        this.countKnown = !stopAtSentinel;
        this.remaining = stopAtSentinel ? Integer.MAX_VALUE : valueCount;
        this.pos = (long) offset * 8;
        this.started = false;
        this.prev = 0;
        this.storedLz = NO_LEADING;
        this.current = 0;
        this.sawSentinel = false;
        Arrays.fill(ring, 0);
    }

    /** Scratch space for typed readers that convert the bits; overwritten by every call of this class. */
    long[] chunkBuffer() {
        return chunk;
    }

    void read(long[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        if (len > remaining) {
            throw tooMany(len);
        }
        int got = decode(dst, off, len);
        remaining -= got;
        if (got < len) {
            throw tooMany(len - got);
        }
    }

    void skip(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative skip " + n);
        }
        while (n > 0) {
            int step = Math.min(n, CHUNK);
            read(chunk, 0, step);
            n -= step;
        }
    }

    long readOne() {
        read(chunk, 0, 1);
        return chunk[0];
    }

    /** Where the page ends: after the end marker and the byte TsFile always writes after it. */
    int endOffset() {
        if (countKnown && remaining == 0 && end == start) {
            return start; // a page of no values with no bytes (another writer's all-null page)
        }
        long savedPos = pos;
        boolean savedStarted = started;
        long savedPrev = prev;
        int savedLz = storedLz;
        int savedCurrent = current;
        int savedRemaining = remaining;
        boolean savedSaw = sawSentinel;
        boolean savedStop = stopAtSentinel;
        long[] savedRing = ring.clone();
        try {
            if (stopAtSentinel) {
                while (!sawSentinel) {
                    decode(chunk, 0, CHUNK);
                }
            } else {
                skip(remaining);
                stopAtSentinel = true;
                int got = decode(chunk, 0, 1);
                Bounds.check(got == 0, pos >>> 3, "the end marker of the CHIMP page");
            }
            long endByte = (pos >>> 3) + 1;
            Bounds.check(endByte <= end, end, "the byte after the CHIMP end marker");
            return (int) endByte;
        } finally {
            pos = savedPos;
            started = savedStarted;
            prev = savedPrev;
            storedLz = savedLz;
            current = savedCurrent;
            remaining = savedRemaining;
            sawSentinel = savedSaw;
            stopAtSentinel = savedStop;
            System.arraycopy(savedRing, 0, ring, 0, ring.length);
        }
    }

    private CorruptInputException tooMany(int missing) {
        return new CorruptInputException(
                pos >>> 3, missing + " more CHIMP values but the page " + (sawSentinel ? "ended" : "holds fewer"));
    }

    private int decode(long[] dst, int off, int n) {
        if (n == 0 || sawSentinel) {
            return 0;
        }
        final byte[] b = buf;
        final long[] stored = ring;
        final long limit = endBits;
        final int width = type.width;
        final int indexBits = type.indexBits;
        final int windowMask = type.window - 1;
        final int sigBits = type.significantBits;
        final int refBits = indexBits + 3 + sigBits;
        final long sentinel = type.sentinel;
        final long mask = type.mask;
        final boolean stop = stopAtSentinel;
        long p = pos;
        long v = prev;
        int lz = storedLz;
        int cur = current;
        int i = off;
        final int e = off + n;
        if (!started) {
            v = MsbBits.read(b, p, width);
            p += width;
            if (p > limit) {
                throw truncated(p);
            }
            started = true;
            stored[cur] = v;
            // the first value is stored whole and TsFile returns it even when it equals the marker: only
            // endOffset() after a count of 0 takes it for the marker of a page of no values
            if (stop && countKnown && v == sentinel) {
                pos = p;
                sawSentinel = true;
                return 0;
            }
            dst[i++] = v;
        }
        while (i < e) {
            long word = MsbBits.peek(b, p);
            int control = (int) (word >>> 62);
            switch (control) {
                case 3: {
                    lz = ChimpType.LEADING_OF_CODE[(int) ((word << 2) >>> 61)];
                    int bits = width - lz;
                    long xor = bits <= MsbBits.PEEK_BITS - 5 ? (word << 5) >>> -bits : MsbBits.read(b, p + 5, bits);
                    v = (v ^ xor) & mask;
                    p += 5 + bits;
                    break;
                }
                case 2: {
                    if (lz == NO_LEADING) {
                        throw new CorruptInputException(p >>> 3, "a CHIMP '11' value before the first '10' value");
                    }
                    int bits = width - lz;
                    long xor = bits <= MsbBits.PEEK_BITS - 2 ? (word << 2) >>> -bits : MsbBits.read(b, p + 2, bits);
                    v = (v ^ xor) & mask;
                    p += 2 + bits;
                    break;
                }
                case 1: {
                    long ref = (word << 2) >>> -refBits;
                    int index = (int) (ref >>> (3 + sigBits));
                    lz = ChimpType.LEADING_OF_CODE[(int) (ref >>> sigBits) & 7];
                    int sig = (int) ref & ((1 << sigBits) - 1);
                    if (sig == 0) {
                        sig = width;
                    }
                    int tz = width - sig - lz;
                    if (tz < 0) {
                        throw new CorruptInputException(
                                p >>> 3,
                                "a CHIMP window within " + width + " bits (leading " + lz + ", bits " + sig + ")");
                    }
                    long xor = MsbBits.read(b, p + 2 + refBits, sig);
                    v = (stored[index] ^ (xor << tz)) & mask;
                    p += 2 + refBits + sig;
                    break;
                }
                default: {
                    int index = (int) ((word << 2) >>> -indexBits);
                    v = stored[index];
                    p += 2 + indexBits;
                    break;
                }
            }
            cur = (cur + 1) & windowMask;
            stored[cur] = v;
            if (p > limit) {
                throw truncated(p);
            }
            if (stop && v == sentinel) {
                sawSentinel = true;
                break;
            }
            dst[i++] = v;
        }
        pos = p;
        prev = v;
        storedLz = lz;
        current = cur;
        return i - off;
    }

    private CorruptInputException truncated(long bitPos) {
        return new CorruptInputException(end, "CHIMP bits up to bit " + (bitPos - (long) start * 8) + " of the page");
    }
}
