package dev.colcodec.tsfile.plain;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.Bounds;
import dev.colcodec.values.ValuesReader;
import java.util.Objects;

/**
 * The state every PLAIN reader shares: the slice being read, the read position and how many values
 * the caller may still read (the known page count, or unbounded when the count is unknown and the
 * slice end is the only limit).
 */
final class PlainSection {
    byte[] buf = new byte[0];
    int start;
    int pos;
    int end;
    boolean countKnown;
    int valueCount;
    long valuesLeft;

    void init(int valueCount, byte[] buf, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buf.length);
        if (valueCount < 0 && valueCount != ValuesReader.UNKNOWN_COUNT) {
            throw new IllegalArgumentException("valueCount " + valueCount);
        }
        this.buf = buf;
        this.start = offset;
        this.pos = offset;
        this.end = offset + length;
        this.countKnown = valueCount != ValuesReader.UNKNOWN_COUNT;
        this.valueCount = valueCount;
        this.valuesLeft = countKnown ? valueCount : Long.MAX_VALUE;
    }

    /** Claims {@code n} values of the section's budget; more than the known count is corrupt input. */
    void claim(int n, String what) {
        if (n < 0) {
            throw new IllegalArgumentException("negative value count " + n);
        }
        if (n > valuesLeft) {
            throw new CorruptInputException(
                    pos, n + " more " + what + " but the section holds only " + valuesLeft + " more");
        }
        valuesLeft -= n;
    }

    /** Claims {@code n} values of {@code width} bytes each and returns where their bytes start. */
    int takeFixed(int n, int width, String what) {
        claim(n, what);
        long bytes = (long) n * width;
        Bounds.checkAvailable(pos, end, bytes, what);
        int p = pos;
        pos = p + (int) bytes;
        return p;
    }

    /** {@code offset + valueCount * width} when the count is known (checked), else the slice end. */
    int fixedEndOffset(int width, String what) {
        if (!countKnown) {
            return end;
        }
        Bounds.checkAvailable(start, end, (long) valueCount * width, what);
        return start + valueCount * width;
    }

    /** Where a known count of varint-prefixed values ends: walks them from the current position. */
    int walkEnd(boolean lengthPrefixed, String what) {
        if (!countKnown) {
            return end;
        }
        int p = pos;
        for (long i = 0; i < valuesLeft; i++) {
            long r = ZigZagVarInts.read(buf, p, end, what);
            p = ZigZagVarInts.position(r);
            if (lengthPrefixed) {
                int len = ZigZagVarInts.value(r);
                PlainBinaryReader.checkLength(len, p, end);
                p += len;
            }
        }
        return p;
    }
}
