package dev.colcodec.tsfile.gorilla;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.Bounds;
import dev.colcodec.tsfile.bits.MsbBits;
import dev.colcodec.values.ValuesReader;
import java.util.Objects;

/**
 * Decodes one GORILLA (V2) page of 32- or 64-bit values into {@code long}s (32-bit values
 * zero-extended). The four typed readers share it and only convert the bits.
 *
 * <p>With a known count it decodes exactly that many values, so a value equal to the end marker is an
 * ordinary value; with {@link ValuesReader#UNKNOWN_COUNT} it stops at the end marker as TsFile does:
 * from the second value on, since the first is stored whole and TsFile returns it whatever it is. So a
 * page of no values (the marker and one byte) reads as that one value without the count, as in tsfile;
 * with a count of 0 it reads as empty.
 */
final class GorillaStreamReader {
    private static final int CHUNK = 512;

    private final GorillaType type;
    private final long[] chunk = new long[CHUNK];

    private byte[] buf = new byte[0];
    private int start;
    private int end;
    private long endBits;
    private boolean stopAtSentinel;
    /** Whether {@link #init} was given the count (then only {@link #endOffset()} looks for the marker). */
    private boolean countKnown;

    private int remaining;

    // decoding state
    private long pos;
    private boolean started;
    private long prev;
    private int sig;
    private int tz;
    private boolean sawSentinel;

    GorillaStreamReader(GorillaType type) {
        this.type = type;
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
        this.sig = 0;
        this.tz = 0;
        this.sawSentinel = false;
    }

    /** Reads exactly {@code len} values into {@code dst[off, off + len)}. */
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

    /** Scratch space for typed readers that convert the bits; overwritten by every call of this class. */
    long[] chunkBuffer() {
        return chunk;
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

    /**
     * Where the page ends: after the end marker and the byte TsFile always writes after it. Walks the
     * rest of the page without changing what the next read returns.
     */
    int endOffset() {
        if (countKnown && remaining == 0 && end == start) {
            return start; // a page of no values with no bytes (another writer's all-null page)
        }
        long savedPos = pos;
        boolean savedStarted = started;
        long savedPrev = prev;
        int savedSig = sig;
        int savedTz = tz;
        int savedRemaining = remaining;
        boolean savedSaw = sawSentinel;
        boolean savedStop = stopAtSentinel;
        try {
            if (stopAtSentinel) {
                while (!sawSentinel) {
                    decode(chunk, 0, CHUNK);
                }
            } else {
                skip(remaining);
                stopAtSentinel = true;
                int got = decode(chunk, 0, 1);
                Bounds.check(got == 0, pos >>> 3, "the end marker of the GORILLA page");
            }
            long endByte = (pos >>> 3) + 1;
            Bounds.check(endByte <= end, end, "the byte after the GORILLA end marker");
            return (int) endByte;
        } finally {
            pos = savedPos;
            started = savedStarted;
            prev = savedPrev;
            sig = savedSig;
            tz = savedTz;
            remaining = savedRemaining;
            sawSentinel = savedSaw;
            stopAtSentinel = savedStop;
        }
    }

    private CorruptInputException tooMany(int missing) {
        return new CorruptInputException(
                pos >>> 3, missing + " more GORILLA values but the page " + (sawSentinel ? "ended" : "holds fewer"));
    }

    /**
     * Decodes up to {@code n} values; fewer only when the end marker is reached in stop-at-marker mode.
     */
    private int decode(long[] dst, int off, int n) {
        if (n == 0 || sawSentinel) {
            return 0;
        }
        final byte[] b = buf;
        final long limit = endBits;
        final int width = type.width;
        final int fieldBits = type.fieldBits;
        final int headerBits = 2 + 2 * fieldBits;
        final long sentinel = type.sentinel;
        final boolean stop = stopAtSentinel;
        long p = pos;
        long v = prev;
        int s = sig;
        int t = tz;
        int i = off;
        final int e = off + n;
        if (!started) {
            v = MsbBits.read(b, p, width);
            p += width;
            if (p > limit) {
                throw truncated(p);
            }
            started = true;
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
            if (word >= 0) {
                if (stop && v == sentinel) {
                    // the end marker after a last value equal to it: a repeat (only endOffset gets here,
                    // after the values it was told of)
                    p++;
                    if (p > limit) {
                        throw truncated(p);
                    }
                    sawSentinel = true;
                    break;
                }
                // '0': one or more repeats of the previous value
                int run = Math.min(Math.min(Long.numberOfLeadingZeros(word), MsbBits.PEEK_BITS), e - i);
                p += run;
                for (int k = i + run; i < k; i++) {
                    dst[i] = v;
                }
            } else {
                long xor;
                if ((word << 1) >= 0) {
                    // '10': reuse the stored window
                    if (s == 0) {
                        throw new CorruptInputException(p >>> 3, "a GORILLA '11' window before the first '10' value");
                    }
                    xor = s <= MsbBits.PEEK_BITS - 2 ? (word << 2) >>> -s : MsbBits.read(b, p + 2, s);
                    p += 2 + s;
                } else {
                    // '11': new window
                    int lz = (int) ((word << 2) >>> -fieldBits);
                    s = (int) ((word << (2 + fieldBits)) >>> -fieldBits) + 1;
                    t = width - lz - s;
                    if (t < 0) {
                        throw new CorruptInputException(
                                p >>> 3,
                                "a GORILLA window within " + width + " bits (leading " + lz + ", bits " + s + ")");
                    }
                    xor = s <= MsbBits.PEEK_BITS - headerBits
                            ? (word << headerBits) >>> -s
                            : MsbBits.read(b, p + headerBits, s);
                    p += headerBits + s;
                }
                v ^= xor << t;
                if (stop && v == sentinel) {
                    if (p > limit) {
                        throw truncated(p);
                    }
                    sawSentinel = true;
                    break;
                }
                dst[i++] = v;
            }
            if (p > limit) {
                throw truncated(p);
            }
        }
        pos = p;
        prev = v;
        sig = s;
        tz = t;
        return i - off;
    }

    private CorruptInputException truncated(long bitPos) {
        return new CorruptInputException(end, "GORILLA bits up to bit " + (bitPos - (long) start * 8) + " of the page");
    }
}
