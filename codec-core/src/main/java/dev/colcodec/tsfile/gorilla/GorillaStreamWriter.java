package dev.colcodec.tsfile.gorilla;

import dev.colcodec.io.ByteIO;
import dev.colcodec.io.ByteSink;
import dev.colcodec.tsfile.bits.MsbBits;
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

    /**
     * Non-negative when {@code xor} is not zero and fits the window of {@code lz} leading and {@code
     * tz} trailing zeros (negative otherwise, and always for the no-window value {@link #NO_WINDOW}).
     */
    private static int fits(long xor, int lz, int tz, int unusedHigh) {
        int zero = (int) (((xor | -xor) >>> 63) - 1); // -1 when xor == 0
        return ((Long.numberOfLeadingZeros(xor) - unusedHigh - lz) | (Long.numberOfTrailingZeros(xor) - tz)) | zero;
    }

    private void checkOpen() {
        if (finished) {
            throw new IllegalStateException("page already finished by toByteArray(); call reset() first");
        }
    }

    private void encode(long[] src, int off, int n) {
        int p = sink.ensure(n * MAX_BYTES_PER_VALUE + Long.BYTES);
        final byte[] a = sink.array();
        final int width = type.width;
        final int fieldBits = type.fieldBits;
        final int headerBits = 2 + 2 * fieldBits;
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
            int filled = bits + width;
            ac = MsbBits.append(a, p, ac, filled, v);
            p += (filled >>> 6) << 3;
            bits = filled & 63;
            started = true;
        }
        while (i < e) {
            // two values inside the stored window are two '10' fields of one width: up to 30
            // significant bits, both go in one append (the usual case for timestamps and slowly
            // changing series). A zero XOR passes the window test but is written as '0', so it takes
            // the general path.
            int windowSig = width - sLz - sTz;
            if (windowSig <= 30 && i + 1 < e) {
                long x0 = src[i] & mask;
                long x1 = src[i + 1] & mask;
                long d0 = v ^ x0;
                long d1 = x0 ^ x1;
                if ((fits(d0, sLz, sTz, unusedHigh) | fits(d1, sLz, sTz, unusedHigh)) >= 0) {
                    int one = windowSig + 2;
                    long tag = 2L << windowSig;
                    long field = (((tag | (d0 >>> sTz)) << one) | tag | (d1 >>> sTz));
                    int filled = bits + 2 * one;
                    ac = MsbBits.append(a, p, ac, filled, field);
                    p += (filled >>> 6) << 3;
                    bits = filled & 63;
                    v = x1;
                    i += 2;
                    continue;
                }
            }
            long x = src[i++] & mask;
            long xor = v ^ x;
            v = x;
            long first;
            int firstBits;
            long second = 0;
            int secondBits = 0;
            if (xor == 0) {
                first = 0;
                firstBits = 1;
            } else {
                int lz = Long.numberOfLeadingZeros(xor) - unusedHigh;
                int tz = Long.numberOfTrailingZeros(xor);
                if (lz >= sLz && tz >= sTz) {
                    int sig = width - sLz - sTz;
                    long payload = xor >>> sTz;
                    if (sig <= 62) {
                        first = (2L << sig) | payload;
                        firstBits = 2 + sig;
                    } else {
                        first = 2;
                        firstBits = 2;
                        second = payload;
                        secondBits = sig;
                    }
                } else {
                    int sig = width - lz - tz;
                    long header = (3L << (2 * fieldBits)) | ((long) lz << fieldBits) | (sig - 1);
                    long payload = xor >>> tz;
                    if (sig <= 64 - headerBits) {
                        first = (header << sig) | payload;
                        firstBits = headerBits + sig;
                    } else {
                        first = header;
                        firstBits = headerBits;
                        second = payload;
                        secondBits = sig;
                    }
                    sLz = lz;
                    sTz = tz;
                }
            }
            int filled = bits + firstBits;
            ac = MsbBits.append(a, p, ac, filled, first);
            p += (filled >>> 6) << 3;
            bits = filled & 63;
            if (secondBits != 0) {
                filled = bits + secondBits;
                ac = MsbBits.append(a, p, ac, filled, second);
                p += (filled >>> 6) << 3;
                bits = filled & 63;
            }
        }
        sink.setSize(p);
        acc = ac;
        accBits = bits;
        prev = v;
        storedLz = sLz;
        storedTz = sTz;
    }
}
