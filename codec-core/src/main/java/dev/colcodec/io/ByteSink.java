package dev.colcodec.io;

import java.util.Arrays;

/** A growable byte buffer for encoders. Not thread-safe. */
public final class ByteSink {
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    private byte[] buf;
    private int size;

    public ByteSink() {
        this(256);
    }

    public ByteSink(int initialCapacity) {
        buf = new byte[Math.max(16, initialCapacity)];
    }

    public int size() {
        return size;
    }

    public void reset() {
        size = 0;
    }

    /** The backing array; valid bytes are {@code [0, size())}. */
    public byte[] array() {
        return buf;
    }

    /** Ensures room for {@code n} more bytes and returns the write position; the caller then calls {@link #advance}. */
    public int ensure(int n) {
        int need = size + n;
        if (need < 0 || need > MAX_ARRAY) {
            throw new IllegalStateException("encoded page larger than 2 GiB");
        }
        if (need > buf.length) {
            buf = Arrays.copyOf(buf, (int) Math.min(MAX_ARRAY, Math.max(need, (long) buf.length * 2)));
        }
        return size;
    }

    public void advance(int n) {
        size += n;
    }

    public void setSize(int newSize) {
        size = newSize;
    }

    public void write(int b) {
        ensure(1);
        buf[size++] = (byte) b;
    }

    public void write(byte[] src, int off, int len) {
        int p = ensure(len);
        System.arraycopy(src, off, buf, p, len);
        size += len;
    }

    public void write(ByteSink other) {
        write(other.buf, 0, other.size);
    }

    public void writeIntLE(int v) {
        int p = ensure(4);
        ByteIO.putIntLE(buf, p, v);
        size += 4;
    }

    public void writeLongLE(long v) {
        int p = ensure(8);
        ByteIO.putLongLE(buf, p, v);
        size += 8;
    }

    public void writeShortBE(int v) {
        int p = ensure(2);
        ByteIO.putShortBE(buf, p, (short) v);
        size += 2;
    }

    public void writeIntBE(int v) {
        int p = ensure(4);
        ByteIO.putIntBE(buf, p, v);
        size += 4;
    }

    public void writeLongBE(long v) {
        int p = ensure(8);
        ByteIO.putLongBE(buf, p, v);
        size += 8;
    }

    public void writeUnsignedVarInt(int v) {
        int p = ensure(5); // first: it may replace buf
        size = ByteIO.putUnsignedVarInt(buf, p, v);
    }

    public void writeUnsignedVarLong(long v) {
        int p = ensure(10);
        while ((v & ~0x7FL) != 0) {
            buf[p++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[p++] = (byte) v;
        size = p;
    }

    public void writeZigZagVarInt(int v) {
        writeUnsignedVarInt((v << 1) ^ (v >> 31));
    }

    public void writeZigZagVarLong(long v) {
        writeUnsignedVarLong((v << 1) ^ (v >> 63));
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(buf, size);
    }

    /** Copies the content into {@code dst} at {@code off}; returns the number of bytes copied. */
    public int copyTo(byte[] dst, int off) {
        System.arraycopy(buf, 0, dst, off, size);
        return size;
    }
}
