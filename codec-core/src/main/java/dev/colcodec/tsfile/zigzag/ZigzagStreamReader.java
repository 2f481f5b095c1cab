package dev.colcodec.tsfile.zigzag;

import dev.colcodec.CorruptInputException;
import dev.colcodec.values.ValuesReader;
import java.util.Objects;

/**
 * Decodes a TsFile ZIGZAG page: one or more groups of {@code uvarint byteLength, uvarint count,
 * count zigzag varints} (TsFile writes one group per page). Values come out as {@code long}s; the
 * 32-bit form rejects varints wider than 32 bits.
 */
final class ZigzagStreamReader {
    private static final int CHUNK = 512;

    private final boolean wide;
    private final long[] chunk = new long[CHUNK];

    private byte[] buf = new byte[0];
    private int start;
    private int end;
    private int remaining;
    private boolean countKnown;

    private int pos;
    private int groupEnd;
    private int groupRemaining;

    ZigzagStreamReader(boolean wide) {
        this.wide = wide;
    }

    void init(int valueCount, byte[] buf, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buf.length);
        if (valueCount < ValuesReader.UNKNOWN_COUNT) {
            throw new IllegalArgumentException("negative value count " + valueCount);
        }
        this.buf = buf;
        this.start = offset;
        this.end = offset + length;
        this.countKnown = valueCount != ValuesReader.UNKNOWN_COUNT;
        this.remaining = countKnown ? valueCount : Integer.MAX_VALUE;
        this.pos = offset;
        this.groupEnd = offset;
        this.groupRemaining = 0;
    }

    long[] chunkBuffer() {
        return chunk;
    }

    long readOne() {
        read(chunk, 0, 1);
        return chunk[0];
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

    /** Reads exactly {@code len} values. */
    void read(long[] dst, int off, int len) {
        Objects.checkFromIndexSize(off, len, dst.length);
        if (len > remaining) {
            throw new CorruptInputException(pos, len + " more ZIGZAG values but the page holds " + remaining);
        }
        remaining -= len;
        while (len > 0) {
            if (groupRemaining == 0) {
                nextGroup();
                continue;
            }
            int n = Math.min(len, groupRemaining);
            decodeGroupValues(dst, off, n);
            groupRemaining -= n;
            if (groupRemaining == 0) {
                pos = groupEnd; // TsFile ignores bytes a group's count does not use
            }
            off += n;
            len -= n;
        }
    }

    /** The end of the group holding the last value (with an unknown count: the end of the page). */
    int endOffset() {
        if (!countKnown) {
            return end;
        }
        int p = pos;
        int gEnd = groupEnd;
        long need = (long) remaining - groupRemaining;
        while (need > 0) {
            p = gEnd;
            int[] header = readGroupHeader(p);
            p = header[0];
            gEnd = p + header[1];
            need -= header[2];
        }
        return gEnd;
    }

    private void nextGroup() {
        if (pos >= end) {
            throw new CorruptInputException(pos, "another ZIGZAG group (the page ended)");
        }
        int[] header = readGroupHeader(pos);
        pos = header[0];
        groupEnd = pos + header[1];
        groupRemaining = header[2];
    }

    /** Parses a group header at {@code p}: returns {data start, byte length, count}. */
    private int[] readGroupHeader(int p) {
        int headerStart = p;
        long byteLength = 0;
        long count = 0;
        for (int field = 0; field < 2; field++) {
            long v = 0;
            int shift = 0;
            while (true) {
                if (p >= end) {
                    throw new CorruptInputException(headerStart, "a ZIGZAG group header (the page ended)");
                }
                int b = buf[p++];
                v |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    break;
                }
                shift += 7;
                if (shift > 28) {
                    throw new CorruptInputException(headerStart, "a ZIGZAG group header varint of at most 5 bytes");
                }
            }
            if (field == 0) {
                byteLength = v;
            } else {
                count = v;
            }
        }
        if (byteLength > end - p) {
            throw new CorruptInputException(
                    headerStart, "a ZIGZAG group of " + byteLength + " bytes but " + (end - p) + " remain");
        }
        if (count > byteLength) {
            throw new CorruptInputException(
                    headerStart,
                    "at most one ZIGZAG value per byte (" + count + " values in " + byteLength + " bytes)");
        }
        return new int[] {p, (int) byteLength, (int) count};
    }

    private void decodeGroupValues(long[] dst, int off, int n) {
        final byte[] b = buf;
        final int limit = groupEnd;
        final int maxShift = wide ? 63 : 28;
        int p = pos;
        long high = 0;
        for (int i = off, e = off + n; i < e; i++) {
            long u;
            int x;
            if (p + 10 <= limit) {
                x = b[p++];
                if (x >= 0) {
                    u = x;
                } else {
                    u = x & 0x7F;
                    int shift = 7;
                    while (true) {
                        x = b[p++];
                        u |= (long) (x & 0x7F) << shift;
                        if (x >= 0) {
                            break;
                        }
                        shift += 7;
                        if (shift > maxShift) {
                            throw tooLong(p);
                        }
                    }
                }
            } else {
                u = 0;
                int shift = 0;
                while (true) {
                    if (p >= limit) {
                        throw new CorruptInputException(p, "a ZIGZAG varint within its group");
                    }
                    x = b[p++];
                    u |= (long) (x & 0x7F) << shift;
                    if (x >= 0) {
                        break;
                    }
                    shift += 7;
                    if (shift > maxShift) {
                        throw tooLong(p);
                    }
                }
            }
            high |= u;
            dst[i] = (u >>> 1) ^ -(u & 1);
        }
        if (!wide && (high >>> 32) != 0) {
            throw new CorruptInputException(pos, "ZIGZAG INT32 varints of at most 32 bits");
        }
        pos = p;
    }

    private CorruptInputException tooLong(int p) {
        return new CorruptInputException(p, "a ZIGZAG varint of at most " + (wide ? 10 : 5) + " bytes");
    }
}
