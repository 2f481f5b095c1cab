package dev.colcodec.io;

import dev.colcodec.CorruptInputException;

/**
 * A bounds-checked read position over {@code byte[buf, end)} for headers and variable-length fields.
 *
 * <p>Every read that would pass {@code end} throws {@link CorruptInputException} with the offset.
 * Offsets are indexes into {@code buf}.
 */
public final class ByteCursor {
    private byte[] buf;
    private int pos;
    private int end;

    public ByteCursor() {
        this.buf = new byte[0];
    }

    public ByteCursor(byte[] buf, int offset, int length) {
        reset(buf, offset, length);
    }

    public ByteCursor reset(byte[] buf, int offset, int length) {
        if (offset < 0 || length < 0 || offset > buf.length - length) {
            throw new IndexOutOfBoundsException(
                    "slice [" + offset + ", " + offset + "+" + length + ") outside array of " + buf.length);
        }
        this.buf = buf;
        this.pos = offset;
        this.end = offset + length;
        return this;
    }

    public byte[] buffer() {
        return buf;
    }

    public int position() {
        return pos;
    }

    public int end() {
        return end;
    }

    public int remaining() {
        return end - pos;
    }

    public boolean hasRemaining() {
        return pos < end;
    }

    public void position(int newPos) {
        if (newPos < 0 || newPos > end) {
            throw new CorruptInputException(pos, "a position within the input (got " + newPos + ")");
        }
        pos = newPos;
    }

    /** Checks that {@code n} more bytes exist and returns the current position. */
    public int require(long n, String what) {
        Bounds.checkAvailable(pos, end, n, what);
        return pos;
    }

    /** Advances past {@code n} bytes, returning the position where they start. */
    public int skip(long n, String what) {
        int p = require(n, what);
        pos = p + (int) n;
        return p;
    }

    public int readUnsignedByte(String what) {
        if (pos >= end) {
            throw new CorruptInputException(pos, what + " (1 byte) but the input ended");
        }
        return buf[pos++] & 0xFF;
    }

    public int readIntLE(String what) {
        int p = skip(4, what);
        return ByteIO.getIntLE(buf, p);
    }

    public int readIntBE(String what) {
        int p = skip(4, what);
        return ByteIO.getIntBE(buf, p);
    }

    public long readLongBE(String what) {
        int p = skip(8, what);
        return ByteIO.getLongBE(buf, p);
    }

    public long readLongLE(String what) {
        int p = skip(8, what);
        return ByteIO.getLongLE(buf, p);
    }

    /** ULEB128 that must fit in 32 bits (unsigned: the result may be negative as an int). */
    public int readUnsignedVarInt(String what) {
        int start = pos;
        int result = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            if (pos >= end) {
                throw new CorruptInputException(start, what + " (ULEB128) but the input ended");
            }
            int b = buf[pos++];
            result |= (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                if (shift == 28 && (b & 0x70) != 0) {
                    throw new CorruptInputException(start, what + " (ULEB128 of at most 32 bits)");
                }
                return result;
            }
        }
        throw new CorruptInputException(start, what + " (ULEB128 of at most 5 bytes)");
    }

    /** ULEB128 of up to 64 bits. */
    public long readUnsignedVarLong(String what) {
        int start = pos;
        long result = 0;
        for (int shift = 0; shift < 70; shift += 7) {
            if (pos >= end) {
                throw new CorruptInputException(start, what + " (ULEB128) but the input ended");
            }
            int b = buf[pos++];
            result |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                if (shift == 63 && (b & 0x7E) != 0) {
                    throw new CorruptInputException(start, what + " (ULEB128 of at most 64 bits)");
                }
                return result;
            }
        }
        throw new CorruptInputException(start, what + " (ULEB128 of at most 10 bytes)");
    }

    public int readZigZagVarInt(String what) {
        int v = readUnsignedVarInt(what);
        return (v >>> 1) ^ -(v & 1);
    }

    public long readZigZagVarLong(String what) {
        long v = readUnsignedVarLong(what);
        return (v >>> 1) ^ -(v & 1);
    }

    /** A non-negative ULEB128 count, at most {@code max}. */
    public int readCount(int max, String what) {
        int start = pos;
        int v = readUnsignedVarInt(what);
        if (v < 0 || v > max) {
            throw new CorruptInputException(
                    start, what + " in [0, " + max + "] (got " + Integer.toUnsignedString(v) + ")");
        }
        return v;
    }
}
