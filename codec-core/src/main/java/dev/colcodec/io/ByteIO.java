package dev.colcodec.io;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Fixed-width little- and big-endian loads and stores on {@code byte[]} (unchecked, intrinsified). */
public final class ByteIO {
    private static final VarHandle SHORT_LE =
            MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle SHORT_BE = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private ByteIO() {}

    public static short getShortLE(byte[] b, int off) {
        return (short) SHORT_LE.get(b, off);
    }

    public static int getIntLE(byte[] b, int off) {
        return (int) INT_LE.get(b, off);
    }

    public static long getLongLE(byte[] b, int off) {
        return (long) LONG_LE.get(b, off);
    }

    public static short getShortBE(byte[] b, int off) {
        return (short) SHORT_BE.get(b, off);
    }

    public static int getIntBE(byte[] b, int off) {
        return (int) INT_BE.get(b, off);
    }

    public static long getLongBE(byte[] b, int off) {
        return (long) LONG_BE.get(b, off);
    }

    public static void putShortLE(byte[] b, int off, short v) {
        SHORT_LE.set(b, off, v);
    }

    public static void putIntLE(byte[] b, int off, int v) {
        INT_LE.set(b, off, v);
    }

    public static void putLongLE(byte[] b, int off, long v) {
        LONG_LE.set(b, off, v);
    }

    public static void putShortBE(byte[] b, int off, short v) {
        SHORT_BE.set(b, off, v);
    }

    public static void putIntBE(byte[] b, int off, int v) {
        INT_BE.set(b, off, v);
    }

    public static void putLongBE(byte[] b, int off, long v) {
        LONG_BE.set(b, off, v);
    }

    /** Reads {@code n} (0..8) bytes little-endian into the low bits of a long. */
    public static long getPartialLE(byte[] b, int off, int n) {
        long v = 0;
        for (int i = 0; i < n; i++) {
            v |= (b[off + i] & 0xFFL) << (8 * i);
        }
        return v;
    }

    /** Reads {@code n} (0..8) bytes big-endian into the low bits of a long. */
    public static long getPartialBE(byte[] b, int off, int n) {
        long v = 0;
        for (int i = 0; i < n; i++) {
            v = (v << 8) | (b[off + i] & 0xFFL);
        }
        return v;
    }

    /** Writes {@code v} as an unsigned LEB128 varint at {@code a[p]}; returns the position after it. */
    public static int putUnsignedVarInt(byte[] a, int p, int v) {
        while ((v & ~0x7F) != 0) {
            a[p++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        a[p++] = (byte) v;
        return p;
    }

    /** The bytes {@link #putUnsignedVarInt} writes for {@code v}. */
    public static int unsignedVarIntSize(int v) {
        return (v & ~0x7F) == 0 ? 1 : (v & ~0x3FFF) == 0 ? 2 : (v & ~0x1FFFFF) == 0 ? 3 : (v & ~0xFFFFFFF) == 0 ? 4 : 5;
    }
}
