package dev.colcodec.parquet.plain;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.plain.BinaryPlainValuesReader;
import org.apache.parquet.column.values.plain.BooleanPlainValuesReader;
import org.apache.parquet.column.values.plain.BooleanPlainValuesWriter;
import org.apache.parquet.column.values.plain.FixedLenByteArrayPlainValuesReader;
import org.apache.parquet.column.values.plain.FixedLenByteArrayPlainValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesReader;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.io.api.Binary;

/** parquet-java's PLAIN classes as test oracles. */
final class PlainOracle {
    private PlainOracle() {}

    static PlainValuesWriter plainWriter() {
        return new PlainValuesWriter(64, 1 << 20, HeapByteBufferAllocator.getInstance());
    }

    static byte[] bytes(ValuesWriter w) {
        try {
            return w.getBytes().toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static <R extends ValuesReader> R init(R r, int n, byte[] page) {
        try {
            r.initFromPage(n, ByteBufferInputStream.wrap(ByteBuffer.wrap(page)));
            return r;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] ints(int[] v) {
        PlainValuesWriter w = plainWriter();
        for (int x : v) {
            w.writeInteger(x);
        }
        return bytes(w);
    }

    static byte[] longs(long[] v) {
        PlainValuesWriter w = plainWriter();
        for (long x : v) {
            w.writeLong(x);
        }
        return bytes(w);
    }

    static byte[] floats(float[] v) {
        PlainValuesWriter w = plainWriter();
        for (float x : v) {
            w.writeFloat(x);
        }
        return bytes(w);
    }

    static byte[] doubles(double[] v) {
        PlainValuesWriter w = plainWriter();
        for (double x : v) {
            w.writeDouble(x);
        }
        return bytes(w);
    }

    static byte[] booleans(boolean[] v) {
        BooleanPlainValuesWriter w = new BooleanPlainValuesWriter();
        for (boolean x : v) {
            w.writeBoolean(x);
        }
        return bytes(w);
    }

    static byte[] binaries(byte[][] v) {
        PlainValuesWriter w = plainWriter();
        for (byte[] x : v) {
            w.writeBytes(Binary.fromConstantByteArray(x));
        }
        return bytes(w);
    }

    static byte[] fixed(int length, byte[][] v) {
        FixedLenByteArrayPlainValuesWriter w =
                new FixedLenByteArrayPlainValuesWriter(length, 64, 1 << 20, HeapByteBufferAllocator.getInstance());
        for (byte[] x : v) {
            w.writeBytes(Binary.fromConstantByteArray(x));
        }
        return bytes(w);
    }

    static int[] readInts(byte[] page, int n) {
        ValuesReader r = init(new PlainValuesReader.IntegerPlainValuesReader(), n, page);
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = r.readInteger();
        }
        return out;
    }

    static long[] readLongs(byte[] page, int n) {
        ValuesReader r = init(new PlainValuesReader.LongPlainValuesReader(), n, page);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = r.readLong();
        }
        return out;
    }

    static int[] readFloatBits(byte[] page, int n) {
        ValuesReader r = init(new PlainValuesReader.FloatPlainValuesReader(), n, page);
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = Float.floatToRawIntBits(r.readFloat());
        }
        return out;
    }

    static long[] readDoubleBits(byte[] page, int n) {
        ValuesReader r = init(new PlainValuesReader.DoublePlainValuesReader(), n, page);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = Double.doubleToRawLongBits(r.readDouble());
        }
        return out;
    }

    static boolean[] readBooleans(byte[] page, int n) {
        ValuesReader r = init(new BooleanPlainValuesReader(), n, page);
        boolean[] out = new boolean[n];
        for (int i = 0; i < n; i++) {
            out[i] = r.readBoolean();
        }
        return out;
    }

    static byte[][] readBinaries(byte[] page, int n) {
        ValuesReader r = init(new BinaryPlainValuesReader(), n, page);
        byte[][] out = new byte[n][];
        for (int i = 0; i < n; i++) {
            out[i] = r.readBytes().getBytes();
        }
        return out;
    }

    static byte[][] readFixed(int length, byte[] page, int n) {
        ValuesReader r = init(new FixedLenByteArrayPlainValuesReader(length), n, page);
        byte[][] out = new byte[n][];
        for (int i = 0; i < n; i++) {
            out[i] = r.readBytes().getBytes();
        }
        return out;
    }
}
