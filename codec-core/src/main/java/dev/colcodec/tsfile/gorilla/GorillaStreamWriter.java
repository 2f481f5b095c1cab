package dev.colcodec.tsfile.gorilla;

import dev.colcodec.io.ByteIO;
import dev.colcodec.io.ByteSink;
import java.util.Objects;

/**
 * Encodes one GORILLA (V2) page of 32- or 64-bit values given as {@code long}s, exactly as TsFile
 * 2.4.0 writes it: the end marker is encoded as a last value and the bit stream is always followed by
 * one more byte (the partial last byte, or a zero byte when the marker ended on a byte boundary).
 */
final class GorillaStreamWriter {
    private static final int CHUNK = 512;
    private static final int NO_WINDOW = Integer.MAX_VALUE;
    /** Worst case per value: '11', two header fields and 64 significant bits. */
    private static final int MAX_BYTES_PER_VALUE = 10;

    private final GorillaType type;
    private final long[] chunk = new long[CHUNK];
    private final ByteSink sink = new ByteSink(1024);

    private long acc;
    private int accBits;
    private boolean started;
    private long prev;
    private int storedLz = NO_WINDOW;
    private int storedTz;
    private int count;
    private boolean finished;

    GorillaStreamWriter(GorillaType type) {
        this.type = type;
    }

    /** Scratch space for typed writers that convert values to bits first. */
    long[] chunkBuffer() {
        return chunk;
    }

    void writeOne(long bits) {
        checkOpen();
        chunk[0] = bits;
        encode(chunk, 0, 1);
        count++;
    }

    void write(long[] src, int off, int len) {
        checkOpen();
        Objects.checkFromIndexSize(off, len, src.length);
        while (len > 0) {
            int n = Math.min(len, 4096);
            encode(src, off, n);
            count += n;
            off += n;
            len -= n;
        }
    }

    int valueCount() {
        return count;
    }

    long bufferedSize() {
        return sink.size() + (accBits >>> 3) + 1 + (type.width >>> 3);
    }

    byte[] toByteArray() {
        if (!finished) {
            chunk[0] = type.sentinel;
            encode(chunk, 0, 1);
            int p = sink.ensure(Long.BYTES);
            ByteIO.putLongBE(sink.array(), p, acc);
            sink.advance((accBits >>> 3) + 1);
            acc = 0;
            accBits = 0;
            finished = true;
        }
        return sink.toByteArray();
    }

    void reset() {
        sink.reset();
        acc = 0;
        accBits = 0;
        started = false;
        prev = 0;
        storedLz = NO_WINDOW;
        storedTz = 0;
        count = 0;
        finished = false;
    }

    private void checkOpen() {
        if (finished) {
            throw new IllegalStateException("page already finished by toByteArray(); call reset() first");
        }
    }

    /**
     * The encode loop, without data-dependent branches: the three cases ('0', '10' reuse, '11' new
     * window) are selected with masks, and every value is appended as two fields (the control bits
     * with the payload's high part, then its low 32 bits or fewer) to a 64-bit accumulator that keeps
     * fewer than 8 bits between fields: each append stores the accumulator's 8 bytes at the write
     * position and moves on by the whole bytes it filled. The stream writes up to 8 bytes past its
     * logical end, so the sink always has that slack.
     */
    private void encode(long[] src, int off, int n) {
        int p = sink.ensure(n * MAX_BYTES_PER_VALUE + Long.BYTES);
        final byte[] a = sink.array();
        final int width = type.width;
        final int fieldBits = type.fieldBits;
        final long freshControl = 3L << (2 * fieldBits);
        final long mask = type.mask;
        final int unusedHigh = 64 - width;
        long ac = acc;
        int bits = accBits;
        long v = prev;
        int sLz = storedLz;
        int sTz = storedTz;
        int i = off;
        final int e = off + n;
        if (!started && i < e) {
            v = src[i++] & mask;
            // the first value raw, as two 32-bit (or 0 + 32-bit) fields
            long high = v >>> 32;
            int highBits = width - 32;
            ac |= high << (64 - bits - highBits);
            ByteIO.putLongBE(a, p, ac);
            int filled = bits + highBits;
            p += filled >>> 3;
            ac <<= filled & ~7;
            bits = filled & 7;
            ac |= (v & 0xFFFF_FFFFL) << (32 - bits);
            ByteIO.putLongBE(a, p, ac);
            filled = bits + 32;
            p += filled >>> 3;
            ac <<= filled & ~7;
            bits = filled & 7;
            started = true;
        }
        for (; i < e; i++) {
            long x = src[i] & mask;
            long xor = v ^ x;
            v = x;
            int lz = Long.numberOfLeadingZeros(xor) - unusedHigh;
            int tz = Long.numberOfTrailingZeros(xor);
            int nonZero = (int) ((xor | -xor) >>> 63);
            int reuse = nonZero & (~((lz - sLz) | (tz - sTz)) >>> 31);
            int freshMask = -(nonZero & ~reuse);
            sLz = (lz & freshMask) | (sLz & ~freshMask);
            sTz = (tz & freshMask) | (sTz & ~freshMask);
            int sig = (width - sLz - sTz) & -nonZero;
            long payload = xor >>> sTz;
            long control = (2L & -reuse) | ((freshControl | ((long) lz << fieldBits) | (sig - 1)) & freshMask);
            int controlBits = 1 + nonZero + (2 * fieldBits & freshMask);
            // split the payload: at most 32 low bits, the rest travels with the control bits
            int lowBits = sig - Math.max(sig - 32, 0);
            int highBits = sig - lowBits;
            long first = (control << highBits) | (payload >>> lowBits);
            int firstBits = controlBits + highBits;
            long second = payload & ((1L << lowBits) - 1);
            ac |= first << (64 - bits - firstBits);
            ByteIO.putLongBE(a, p, ac);
            int filled = bits + firstBits;
            p += filled >>> 3;
            ac <<= filled & ~7;
            bits = filled & 7;
            ac |= second << (64 - bits - lowBits);
            ByteIO.putLongBE(a, p, ac);
            filled = bits + lowBits;
            p += filled >>> 3;
            ac <<= filled & ~7;
            bits = filled & 7;
        }
        sink.setSize(p);
        acc = ac;
        accBits = bits;
        prev = v;
        storedLz = sLz;
        storedTz = sTz;
    }
}
