package dev.colcodec.tsfile.sprintz;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.Bounds;
import dev.colcodec.io.ByteSink;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.bits.MsbBits;
import dev.colcodec.tsfile.gorilla.GorillaDoubleReader;
import dev.colcodec.tsfile.gorilla.GorillaDoubleWriter;
import dev.colcodec.tsfile.gorilla.GorillaFloatReader;
import dev.colcodec.tsfile.gorilla.GorillaFloatWriter;

/**
 * The last, short block of a SPRINTZ page (1 to 8 values, header byte {@code 0x80 | n}): the raw values
 * as a TsFile RLE stream for INT32 (run values little-endian) and INT64 (run values big-endian), or as
 * a GORILLA stream, end marker included, for FLOAT and DOUBLE.
 */
final class SprintzTail {
    static final int MAX_VALUES = 8;

    private final SprintzType type;
    private final Kernels kernels;
    private final long[] group = new long[MAX_VALUES];
    private final float[] floats = new float[MAX_VALUES];
    private final double[] doubles = new double[MAX_VALUES];
    private GorillaFloatWriter floatWriter;
    private GorillaDoubleWriter doubleWriter;
    private GorillaFloatReader floatReader;
    private GorillaDoubleReader doubleReader;

    SprintzTail(SprintzType type, Kernels kernels) {
        this.type = type;
        this.kernels = kernels;
    }

    /** Writes the tail block of {@code v[off, off + n)}, n in 1..8, header byte included. */
    void write(long[] v, int off, int n, ByteSink out) {
        out.write(0x80 | n);
        switch (type) {
            case FLOAT: {
                if (floatWriter == null) {
                    floatWriter = new GorillaFloatWriter();
                }
                floatWriter.reset();
                for (int k = 0; k < n; k++) {
                    floats[k] = Float.intBitsToFloat((int) v[off + k]);
                }
                floatWriter.writeFloats(floats, 0, n);
                byte[] page = floatWriter.toByteArray();
                out.write(page, 0, page.length);
                return;
            }
            case DOUBLE: {
                if (doubleWriter == null) {
                    doubleWriter = new GorillaDoubleWriter();
                }
                doubleWriter.reset();
                for (int k = 0; k < n; k++) {
                    doubles[k] = Double.longBitsToDouble(v[off + k]);
                }
                doubleWriter.writeDoubles(doubles, 0, n);
                byte[] page = doubleWriter.toByteArray();
                out.write(page, 0, page.length);
                return;
            }
            default:
                writeRle(v, off, n, out);
        }
    }

    /**
     * TsFile's RLE encoder on at most 8 values: one RLE run when all 8 are equal, otherwise one
     * bit-packed group with {@code n} valid values.
     */
    private void writeRle(long[] v, int off, int n, ByteSink out) {
        int w = type.width;
        long mask = type.mask;
        int width = 1;
        boolean allEqual = n == MAX_VALUES;
        for (int k = 0; k < n; k++) {
            long x = v[off + k] & mask;
            width = Math.max(width, 64 - Long.numberOfLeadingZeros(x));
            allEqual &= v[off + k] == v[off];
        }
        int valueBytes = (width + 7) >>> 3;
        if (allEqual) {
            out.writeUnsignedVarInt(1 + 1 + valueBytes);
            out.write(width);
            out.write(MAX_VALUES << 1);
            long x = v[off];
            for (int k = 0; k < valueBytes; k++) {
                // INT32 run values are little-endian, INT64 ones big-endian
                int shift = w == 32 ? 8 * k : 8 * (valueBytes - 1 - k);
                out.write((int) (x >>> shift));
            }
            return;
        }
        for (int k = 0; k < MAX_VALUES; k++) {
            group[k] = k < n ? v[off + k] & mask : 0;
        }
        out.writeUnsignedVarInt(1 + 2 + width);
        out.write(width);
        out.write(3);
        out.write(n);
        int p = out.ensure(width);
        out.advance(kernels.packMsb(group, 0, MAX_VALUES, width, out.array(), p));
    }

    /**
     * Reads the {@code n} values of a tail block whose header byte was at {@code pos - 1} into
     * {@code dst[off, off + n)}; returns where the block ends.
     */
    int read(byte[] buf, int pos, int end, int n, long[] dst, int off) {
        switch (type) {
            case FLOAT: {
                if (floatReader == null) {
                    floatReader = new GorillaFloatReader();
                }
                floatReader.init(n, buf, pos, end - pos);
                floatReader.readFloats(floats, 0, n);
                for (int k = 0; k < n; k++) {
                    dst[off + k] = Float.floatToRawIntBits(floats[k]);
                }
                return floatReader.endOffset();
            }
            case DOUBLE: {
                if (doubleReader == null) {
                    doubleReader = new GorillaDoubleReader();
                }
                doubleReader.init(n, buf, pos, end - pos);
                doubleReader.readDoubles(doubles, 0, n);
                for (int k = 0; k < n; k++) {
                    dst[off + k] = Double.doubleToRawLongBits(doubles[k]);
                }
                return doubleReader.endOffset();
            }
            default:
                return readRle(buf, pos, end, n, dst, off);
        }
    }

    /** A TsFile RLE stream (any run structure) holding at least {@code n} values. */
    private int readRle(byte[] buf, int pos, int end, int n, long[] dst, int off) {
        int lengthAt = pos;
        long lengthAndPos = uvarint(buf, pos, end);
        pos = (int) (lengthAndPos >>> 32);
        int length = (int) lengthAndPos;
        Bounds.checkAvailable(pos, end, length & 0xFFFF_FFFFL, "a SPRINTZ tail RLE stream");
        int streamEnd = pos + length;
        Bounds.check(pos < streamEnd, lengthAt, "a SPRINTZ tail RLE bit width");
        int width = buf[pos++] & 0xFF;
        Bounds.check(width >= 1 && width <= type.width, pos - 1, "an RLE bit width in [1, " + type.width + "]");
        int got = 0;
        while (got < n) {
            int runAt = pos;
            long headerAndPos = uvarint(buf, pos, streamEnd);
            pos = (int) (headerAndPos >>> 32);
            int header = (int) headerAndPos;
            if ((header & 1) == 0) {
                int bytes = (width + 7) >>> 3;
                Bounds.checkAvailable(pos, streamEnd, bytes, "an RLE run value");
                long x = type.width == 32
                        ? readLittleEndian(buf, pos, bytes)
                        : MsbBits.read(buf, (long) pos * 8, bytes * 8);
                pos += bytes;
                int count = Math.min(header >>> 1, n - got);
                for (int k = 0; k < count; k++) {
                    dst[off + got++] = type.norm(x);
                }
            } else {
                int groups = header >>> 1;
                Bounds.check(groups > 0, runAt, "a bit-packed run of at least one group");
                Bounds.check(pos < streamEnd, pos, "the valid-value count of a bit-packed run");
                int last = buf[pos++] & 0xFF;
                Bounds.check(last <= MAX_VALUES, pos - 1, "at most 8 valid values in a group");
                Bounds.checkAvailable(pos, streamEnd, (long) groups * width, "bit-packed groups");
                long valid = (groups - 1L) * MAX_VALUES + last;
                for (int g = 0; g < groups && got < n; g++) {
                    kernels.unpackMsb(buf, pos + g * width, width, group, 0, MAX_VALUES);
                    int take = (int) Math.min(Math.min(MAX_VALUES, valid - (long) g * MAX_VALUES), n - got);
                    for (int k = 0; k < take; k++) {
                        dst[off + got++] = type.norm(group[k]);
                    }
                }
                pos += groups * width;
            }
            if (got < n && pos >= streamEnd) {
                throw new CorruptInputException(pos, n + " values in the SPRINTZ tail RLE stream");
            }
        }
        return streamEnd;
    }

    private static long readLittleEndian(byte[] buf, int pos, int bytes) {
        long x = 0;
        for (int k = 0; k < bytes; k++) {
            x |= (buf[pos + k] & 0xFFL) << (8 * k);
        }
        return x;
    }

    /** A ULEB128 of at most 32 bits at {@code p}; returns {@code (newPos << 32) | value}. */
    static long uvarint(byte[] buf, int p, int limit) {
        int start = p;
        int v = 0;
        for (int shift = 0; ; shift += 7) {
            if (p >= limit) {
                throw new CorruptInputException(start, "a varint (the input ended)");
            }
            int b = buf[p++];
            v |= (b & 0x7F) << shift;
            if (b >= 0) {
                if (shift == 28 && (b & 0x70) != 0) {
                    throw new CorruptInputException(start, "a varint of at most 32 bits");
                }
                return ((long) p << 32) | (v & 0xFFFF_FFFFL);
            }
            if (shift == 28) {
                throw new CorruptInputException(start, "a varint of at most 5 bytes");
            }
        }
    }
}
