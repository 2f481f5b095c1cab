package dev.colcodec.tsfile.gorillav1;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.Bounds;
import dev.colcodec.tsfile.bits.MsbBits;
import dev.colcodec.values.ValuesReader;
import java.util.Objects;

/**
 * Decodes a GORILLA_V1 page (see {@link GorillaV1Format}) into value bits. With a known count it reads
 * exactly that many values, so a NaN inside the data does not end the page early as it does in
 * TsFile's decoder; with {@link ValuesReader#UNKNOWN_COUNT} the canonical NaN marks the end from the
 * second value on: the first value is stored whole, and TsFile returns it whatever it is. Only a page
 * that is nothing but a first value equal to the marker (a page of no values) ends there.
 */
final class GorillaV1StreamReader {
    private final GorillaV1Format format;
    private final String what;
    private byte[] buf = new byte[0];
    private int start;
    private int end;
    private long bitPos;
    private long endBit;
    private boolean countKnown;
    private long valuesLeft;
    private boolean started;
    private long previous;
    /** Unknown count only: the next value, decoded ahead to see whether it is the end marker. */
    private boolean ended;

    GorillaV1StreamReader(GorillaV1Format format) {
        this.format = format;
        this.what = "GORILLA_V1 " + format.name() + " values";
    }

    void init(int valueCount, byte[] buf, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buf.length);
        if (valueCount < 0 && valueCount != ValuesReader.UNKNOWN_COUNT) {
            throw new IllegalArgumentException("valueCount " + valueCount);
        }
        this.buf = buf;
        this.start = offset;
        this.end = offset + length;
        this.countKnown = valueCount != ValuesReader.UNKNOWN_COUNT;
        this.valuesLeft = countKnown ? valueCount : Long.MAX_VALUE;
        this.started = false;
        this.ended = false;
        this.bitPos = (long) offset << 3;
        this.endBit = (long) end << 3;
    }

    /** The next value's bits. */
    long next() {
        if (valuesLeft == 0) {
            throw new CorruptInputException(end, "no more " + what + " in this section");
        }
        boolean first = !started;
        long v = decode();
        if (ends(v, first)) {
            ended = true;
            valuesLeft = 0;
            throw new CorruptInputException(position(), "more " + what + " but the page's end marker came");
        }
        valuesLeft--;
        return v;
    }

    /**
     * Whether {@code v}, just decoded ({@code first}: as the first value), is the end marker of a page read
     * without its count: a later value equal to it, or a first one with nothing after it.
     */
    private boolean ends(long v, boolean first) {
        return !countKnown && v == format.endMarker && (!first || bitPos >= endBit);
    }

    private long decode() {
        GorillaV1Format f = format;
        int w = f.width;
        if (!started) {
            int bytes = w >>> 3;
            Bounds.checkAvailable(start, end, bytes, "the first " + what);
            long v = 0;
            for (int i = 0; i < bytes; i++) {
                v |= (buf[start + i] & 0xFFL) << (8 * i);
            }
            started = true;
            previous = v;
            bitPos = (long) (start + bytes) << 3;
            return v;
        }
        long at = bitPos;
        long p = at;
        long control = MsbBits.read(buf, p, 1);
        p++;
        if (control != 0) {
            long kind = MsbBits.read(buf, p, 1);
            p++;
            long xor;
            if (kind == 0) {
                int previousTz = f.trailingZeros(previous);
                int n = w - f.leadingZeros(previous) - previousTz;
                if (n > 0) {
                    xor = MsbBits.read(buf, p, n) << previousTz;
                    p += n;
                } else {
                    xor = 0;
                }
            } else {
                int lz = (int) MsbBits.read(buf, p, f.leadingBits);
                p += f.leadingBits;
                int len = (int) MsbBits.read(buf, p, f.lengthBits);
                p += f.lengthBits;
                if (len == 0 || lz + len > w) {
                    throw new CorruptInputException(
                            (int) (at >>> 3), "a GORILLA_V1 leading-zero count and length within " + w + " bits");
                }
                xor = MsbBits.read(buf, p, len) << (w - lz - len);
                p += len;
            }
            previous ^= xor;
        }
        if (p > endBit) {
            throw new CorruptInputException(end, "another " + what + " but the section ended");
        }
        bitPos = p;
        return previous;
    }

    void skip(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative skip " + n);
        }
        for (int i = 0; i < n; i++) {
            next();
        }
    }

    private int position() {
        return (int) ((bitPos + 7) >>> 3);
    }

    /**
     * Where the page ends: after the partial byte holding the end marker. With a known count this
     * decodes the remaining values and the marker ahead, without consuming them.
     */
    int endOffset() {
        if (ended) {
            return position();
        }
        if (countKnown && valuesLeft == 0 && end == start) {
            return start; // a page of no values with no bytes (another writer's all-null page)
        }
        boolean s = started;
        long prev = previous;
        long pos = bitPos;
        try {
            long left = countKnown ? valuesLeft : Long.MAX_VALUE;
            for (long i = 0; i < left; i++) {
                boolean first = !started;
                if (ends(decode(), first)) {
                    return position();
                }
            }
            decode();
            return position();
        } finally {
            started = s;
            previous = prev;
            bitPos = pos;
        }
    }
}
