package dev.colcodec.parquet.bss;

import dev.colcodec.CorruptInputException;
import dev.colcodec.values.ValuesReader;

/**
 * The layout of one BYTE_STREAM_SPLIT section shared by the typed readers: {@code width} streams of
 * {@code count} bytes each, stream {@code k} holding byte {@code k} (little-endian) of every value. The
 * count is derived from the section's length; the page's value count (which includes nulls) is only
 * an upper bound.
 */
final class StreamSplitSection {
    final int width;
    byte[] buf;
    int start;
    /** Values in the section, which is also the distance between streams. */
    int count;

    private int next;
    private int end;

    StreamSplitSection(int width) {
        this.width = width;
    }

    void init(int valueCount, byte[] buf, int offset, int length) {
        if (valueCount < 0 && valueCount != ValuesReader.UNKNOWN_COUNT) {
            throw new IllegalArgumentException("negative value count: " + valueCount);
        }
        if (offset < 0 || length < 0 || offset > buf.length - length) {
            throw new IndexOutOfBoundsException(
                    "slice [" + offset + ", " + offset + "+" + length + ") outside array of " + buf.length);
        }
        // an empty section until the section is found good (a corrupt one leaves no value of the last page)
        this.count = 0;
        this.next = 0;
        int extra = length % width;
        if (extra != 0) {
            throw new CorruptInputException(
                    offset + length - extra,
                    "a section length that is a multiple of " + width + " (got " + length + ")");
        }
        int n = length / width;
        if (valueCount >= 0 && n > valueCount) {
            throw new CorruptInputException(
                    offset, "at most " + valueCount + " values (the page's value count) but the section holds " + n);
        }
        this.buf = buf;
        this.start = offset;
        this.count = n;
        this.next = 0;
        this.end = offset + length;
    }

    int remaining() {
        return count - next;
    }

    int end() {
        return end;
    }

    /** Claims the next {@code n} values and returns the index of the first. */
    int take(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative count " + n);
        }
        if (n > count - next) {
            throw new CorruptInputException(
                    end, n + " more values but the section holds " + count + " of which " + (count - next) + " remain");
        }
        int i = next;
        next += n;
        return i;
    }

    /** The next 4-byte value, assembled from four streams. */
    int nextInt() {
        int p = start + take(1);
        int s = count;
        return (buf[p] & 0xFF) | (buf[p + s] & 0xFF) << 8 | (buf[p + 2 * s] & 0xFF) << 16 | buf[p + 3 * s] << 24;
    }

    /** The next 8-byte value, assembled from eight streams. */
    long nextLong() {
        int p = start + take(1);
        int s = count;
        long v = 0;
        for (int k = 7; k >= 0; k--) {
            v = (v << 8) | (buf[p + k * s] & 0xFF);
        }
        return v;
    }

    /** The next value's {@code width} bytes as a new array. */
    byte[] nextBytes() {
        int p = start + take(1);
        byte[] out = new byte[width];
        for (int k = 0; k < width; k++) {
            out[k] = buf[p + k * count];
        }
        return out;
    }
}
