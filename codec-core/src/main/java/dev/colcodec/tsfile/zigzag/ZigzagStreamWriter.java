package dev.colcodec.tsfile.zigzag;

import dev.colcodec.io.ByteSink;
import dev.colcodec.values.ValuesWriter;
import java.util.Objects;

/**
 * Encodes a TsFile ZIGZAG page as TsFile 2.4.0 does: {@code uvarint byteLength, uvarint count} and the
 * zigzag varints of the values; an empty page is zero bytes.
 */
final class ZigzagStreamWriter implements ValuesWriter {
    private static final int CHUNK = 512;

    private final boolean wide;
    private final long[] chunk = new long[CHUNK];
    private final ByteSink body = new ByteSink(1024);
    private int count;
    private boolean finished;

    ZigzagStreamWriter(boolean wide) {
        this.wide = wide;
    }

    long[] chunkBuffer() {
        return chunk;
    }

    void writeOne(long v) {
        chunk[0] = v;
        write(chunk, 0, 1);
    }

    void write(long[] src, int off, int len) {
        if (finished) {
            throw new IllegalStateException("page already finished by toByteArray(); call reset() first");
        }
        Objects.checkFromIndexSize(off, len, src.length);
        if (count + (long) len > Integer.MAX_VALUE) {
            throw new IllegalStateException("more than 2^31-1 values in one page");
        }
        int p = body.ensure(len * (wide ? 10 : 5));
        byte[] a = body.array();
        for (int i = off, e = off + len; i < e; i++) {
            long v = src[i];
            long u = wide ? (v << 1) ^ (v >> 63) : ((int) v << 1 ^ (int) v >> 31) & 0xFFFF_FFFFL;
            while ((u & ~0x7FL) != 0) {
                a[p++] = (byte) (u | 0x80);
                u >>>= 7;
            }
            a[p++] = (byte) u;
        }
        body.setSize(p);
        count += len;
    }

    @Override
    public int valueCount() {
        return count;
    }

    @Override
    public long bufferedSize() {
        return body.size() + 10L;
    }

    @Override
    public byte[] toByteArray() {
        finished = true;
        if (count == 0) {
            return new byte[0];
        }
        ByteSink header = new ByteSink(16);
        header.writeUnsignedVarInt(body.size());
        header.writeUnsignedVarInt(count);
        byte[] out = new byte[header.size() + body.size()];
        header.copyTo(out, 0);
        body.copyTo(out, header.size());
        return out;
    }

    @Override
    public void finishTo(ByteSink out) {
        finished = true;
        if (count > 0) {
            out.writeUnsignedVarInt(body.size());
            out.writeUnsignedVarInt(count);
            out.write(body);
        }
    }

    @Override
    public void reset() {
        body.reset();
        count = 0;
        finished = false;
    }
}
