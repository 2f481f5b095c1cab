package dev.colcodec.parquet.plain;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.Bounds;
import dev.colcodec.values.ValuesReader;
import java.util.Objects;

/** The read position over a PLAIN section of fixed-width values, with the value-count and byte checks. */
final class FixedWidthSection {
    final int width;
    byte[] buf = new byte[0];
    int pos;
    int end;
    private int valueCount;
    private long declaredLeft;

    FixedWidthSection(int width) {
        this.width = width;
    }

    void init(int valueCount, byte[] buf, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buf.length);
        this.declaredLeft = declaredLimit(valueCount);
        this.valueCount = valueCount;
        this.buf = buf;
        this.pos = offset;
        this.end = offset + length;
    }

    /** Takes {@code n} values and returns the byte position of the first. */
    int take(int n) {
        checkCount(n, declaredLeft, valueCount, pos);
        if ((long) n * width > end - pos) {
            // the message is built only on failure: take() runs once per value in per-value reads
            Bounds.checkAvailable(pos, end, (long) n * width, n + " PLAIN values of " + width + " bytes");
        }
        declaredLeft -= n;
        int p = pos;
        pos = p + n * width;
        return p;
    }

    /** The values the caller may read for a declared count ({@link ValuesReader#UNKNOWN_COUNT}: no limit). */
    static long declaredLimit(int valueCount) {
        if (valueCount < 0 && valueCount != ValuesReader.UNKNOWN_COUNT) {
            throw new IllegalArgumentException("negative value count: " + valueCount);
        }
        return valueCount == ValuesReader.UNKNOWN_COUNT ? Long.MAX_VALUE : valueCount;
    }

    /** Checks a request for {@code n} values against the {@code left} the section still declares. */
    static void checkCount(int n, long left, int valueCount, int pos) {
        if (n < 0) {
            throw new IllegalArgumentException("negative count: " + n);
        }
        if (n > left) {
            throw new CorruptInputException(
                    pos, "a request for at most " + left + " more values (the section holds " + valueCount + ")");
        }
    }
}
