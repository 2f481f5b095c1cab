package dev.colcodec.tsfile.dictionary;

import dev.colcodec.CorruptInputException;
import dev.colcodec.kernel.Kernels;
import java.util.Arrays;

/**
 * Decodes the TsFile RLE/bit-packing hybrid INT32 stream that holds DICTIONARY indexes: packages of
 * {@code uvarint length, bitWidth byte, runs}, where a run is an RLE run ({@code uvarint count<<1},
 * value in ceil(width/8) little-endian bytes) or a bit-packed run ({@code uvarint groups<<1|1}, a byte
 * with the number of valid values in the last group, groups of 8 values MSB-first). Bit-packed groups
 * are unpacked with the kernels, 64 groups at a time.
 */
final class RleIndexReader {
    private static final int MAX_GROUPS_AT_ONCE = 64;

    private final Kernels kernels;
    private final int[] unpacked = new int[MAX_GROUPS_AT_ONCE * 8];

    private byte[] buf = new byte[0];
    private int end;
    private int pos;
    private int packageEnd;
    private int width;

    // current run
    private int runLeft;
    private boolean rle;
    private int rleValue;
    private int packedPos;
    private int groupsLeft;
    private int unpackedAt;
    private int unpackedCount;

    RleIndexReader(Kernels kernels) {
        this.kernels = kernels;
    }

    /** Starts at the first package, at {@code buf[pos]}; the stream may not go past {@code end}. */
    void init(byte[] buf, int pos, int end) {
        this.buf = buf;
        this.pos = pos;
        this.end = end;
        this.packageEnd = pos;
        this.width = 0;
        this.runLeft = 0;
        this.unpackedAt = 0;
        this.unpackedCount = 0;
    }

    /** Decodes exactly {@code n} indexes into {@code dst[off, off + n)}. */
    void read(int[] dst, int off, int n) {
        while (n > 0) {
            if (runLeft == 0) {
                nextRun();
                continue;
            }
            int step;
            if (rle) {
                step = Math.min(n, runLeft);
                Arrays.fill(dst, off, off + step, rleValue);
            } else {
                if (unpackedAt == unpackedCount) {
                    unpackGroups();
                }
                step = Math.min(n, unpackedCount - unpackedAt);
                System.arraycopy(unpacked, unpackedAt, dst, off, step);
                unpackedAt += step;
            }
            runLeft -= step;
            off += step;
            n -= step;
        }
    }

    private void nextRun() {
        if (pos >= packageEnd) {
            nextPackage();
            return;
        }
        int runStart = pos;
        long header = uvarint(pos, packageEnd);
        pos = (int) (header >>> 32);
        int h = (int) header;
        if ((h & 1) == 0) {
            int bytes = (width + 7) >>> 3;
            CorruptInputException.checkAvailable(pos, packageEnd, bytes, "an RLE run value");
            int v = 0;
            for (int k = 0; k < bytes; k++) {
                v |= (buf[pos + k] & 0xFF) << (8 * k);
            }
            pos += bytes;
            rle = true;
            rleValue = v;
            runLeft = h >>> 1;
        } else {
            int groups = h >>> 1;
            CorruptInputException.check(groups > 0, runStart, "a bit-packed run of at least one group");
            CorruptInputException.check(pos < packageEnd, pos, "the valid-value count of a bit-packed run");
            int last = buf[pos++] & 0xFF;
            CorruptInputException.check(
                    last <= 8, pos - 1, "at most 8 valid values in the last group (got " + last + ")");
            long bytes = (long) groups * width;
            CorruptInputException.checkAvailable(pos, packageEnd, bytes, "bit-packed groups");
            rle = false;
            packedPos = pos;
            groupsLeft = groups;
            unpackedAt = 0;
            unpackedCount = 0;
            runLeft = (groups - 1) * 8 + last;
            pos += (int) bytes;
        }
    }

    private void unpackGroups() {
        int groups = Math.min(groupsLeft, MAX_GROUPS_AT_ONCE);
        kernels.unpackMsb(buf, packedPos, width, unpacked, 0, groups * 8);
        packedPos += groups * width;
        groupsLeft -= groups;
        unpackedAt = 0;
        unpackedCount = Math.min(groups * 8, runLeft);
    }

    private void nextPackage() {
        if (pos >= end) {
            throw new CorruptInputException(pos, "more DICTIONARY indexes (the RLE stream ended)");
        }
        int[] hdr = packageHeader(pos);
        pos = hdr[0];
        packageEnd = hdr[1];
        width = hdr[2];
    }

    /** {data start, package end, width} of the package at {@code p}. */
    private int[] packageHeader(int p) {
        int start = p;
        long lengthAndPos = uvarint(p, end);
        p = (int) (lengthAndPos >>> 32);
        long length = lengthAndPos & 0xFFFF_FFFFL;
        CorruptInputException.checkAvailable(p, end, length, "an RLE package");
        int pEnd = p + (int) length;
        if (length == 0) {
            return new int[] {p, pEnd, 0};
        }
        int w = buf[p++] & 0xFF;
        CorruptInputException.check(w >= 1 && w <= 32, start, "an RLE bit width in [1, 32] (got " + w + ")");
        return new int[] {p, pEnd, w};
    }

    /** Reads a ULEB128 of at most 32 bits at {@code p}; returns {@code (newPos << 32) | value}. */
    private long uvarint(int p, int limit) {
        int start = p;
        int v = 0;
        for (int shift = 0; ; shift += 7) {
            if (p >= limit) {
                throw new CorruptInputException(start, "an RLE header varint (the package ended)");
            }
            int b = buf[p++];
            v |= (b & 0x7F) << shift;
            if (b >= 0) {
                if (shift == 28 && (b & 0x70) != 0) {
                    throw new CorruptInputException(start, "an RLE header varint of at most 32 bits");
                }
                return ((long) p << 32) | (v & 0xFFFF_FFFFL);
            }
            if (shift == 28) {
                throw new CorruptInputException(start, "an RLE header varint of at most 5 bytes");
            }
        }
    }
}
