package dev.colcodec.tsfile.chimp;

import dev.colcodec.io.ByteIO;
import dev.colcodec.io.ByteSink;
import java.util.Arrays;
import java.util.Objects;

/**
 * Encodes one TsFile CHIMP page of 32- or 64-bit values given as {@code long}s, exactly as TsFile
 * 2.4.0 writes it, including its quirks: the per-page table of low bits starts out pointing every key
 * at value 0, and the end marker is encoded as a last value followed by one more byte.
 */
final class ChimpStreamWriter {
    private static final int CHUNK = 512;
    /** Worst case per value: '11', a 3-bit code and 64 bits. */
    private static final int MAX_BYTES_PER_VALUE = 9;

    private final ChimpType type;
    private final long[] chunk = new long[CHUNK];
    private final ByteSink sink = new ByteSink(1024);
    private final long[] ring;
    private final int[] lastIndexOfKey;

    private long acc;
    private int accBits;
    private boolean started;
    private int storedLz;
    private int index;
    private int count;
    private boolean finished;

    ChimpStreamWriter(ChimpType type) {
        this.type = type;
        this.ring = new long[type.window];
        this.lastIndexOfKey = new int[1 << (type.threshold + 1)];
        reset();
    }

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
        storedLz = Integer.MAX_VALUE;
        index = 0;
        count = 0;
        finished = false;
        Arrays.fill(ring, 0);
        Arrays.fill(lastIndexOfKey, 0);
    }

    private void checkOpen() {
        if (finished) {
            throw new IllegalStateException("page already finished by toByteArray(); call reset() first");
        }
    }

    /**
     * The encode loop, without data-dependent branches: the reference choice and the four cases ('00'
     * same as a stored value, '01' reference with trailing zeros, '10' same leading zeros, '11' new
     * leading zeros) are selected with masks; every value is appended as two fields (the control bits
     * with the payload's high part, then at most 32 low bits) to a 64-bit accumulator that keeps fewer
     * than 8 bits between fields: each append stores the accumulator's 8 bytes at the write position
     * and moves on by the whole bytes it filled (so the sink always has 8 bytes of slack).
     */
    private void encode(long[] src, int off, int n) {
        int p = sink.ensure(n * MAX_BYTES_PER_VALUE + Long.BYTES);
        final byte[] a = sink.array();
        final long[] stored = ring;
        final int[] keys = lastIndexOfKey;
        final int[] round = ChimpType.LEADING_ROUND;
        final int[] code = ChimpType.LEADING_CODE;
        final int width = type.width;
        final long mask = type.mask;
        final int window = type.window;
        final int windowMask = window - 1;
        final int indexBits = type.indexBits;
        final int threshold = type.threshold;
        final int keyMask = keys.length - 1;
        final int sigBits = type.significantBits;
        final int refBits = 2 + indexBits + 3 + sigBits;
        final int unusedHigh = 64 - width;
        final int noLeading = width + 1;
        long ac = acc;
        int bits = accBits;
        int sLz = storedLz;
        int idx = index;
        int i = off;
        final int e = off + n;
        if (!started && i < e) {
            long v = src[i++] & mask;
            stored[0] = v;
            keys[(int) v & keyMask] = 0;
            int highBits = width - 32;
            ac |= (v >>> 32) << (64 - bits - highBits);
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
            long v = src[i] & mask;
            int key = (int) v & keyMask;
            int candidate = keys[key];
            int candidateIndex = candidate & windowMask;
            int previousIndex = idx & windowMask;
            long candidateXor = v ^ stored[candidateIndex];
            int inWindow = (idx - candidate - window) >>> 31;
            int candidateTz = Long.numberOfTrailingZeros(candidateXor) & -inWindow;
            int useCandidate = (threshold - candidateTz) >>> 31;
            int candidateMask = -useCandidate;
            long candidateMaskL = candidateMask;
            int refIndex = (candidateIndex & candidateMask) | (previousIndex & ~candidateMask);
            long xor = (candidateXor & candidateMaskL) | ((v ^ stored[previousIndex]) & ~candidateMaskL);

            int nonZero = (int) ((xor | -xor) >>> 63);
            int lz = round[Long.numberOfLeadingZeros(xor) - unusedHigh];
            int zeroMask = nonZero - 1;
            int refMask = -(nonZero & useCandidate);
            int plainMask = -(nonZero & (useCandidate ^ 1));
            int diff = lz ^ sLz;
            int sameLz = ((diff - 1) & ~diff) >>> 31;
            int sameMask = plainMask & -sameLz;
            int newMask = plainMask & ~sameMask;

            int sig = width - lz - candidateTz;
            long refControl =
                    ((long) (window + refIndex) << (3 + sigBits)) | ((long) code[lz] << sigBits) | (sig & refMask);
            long control = ((long) refIndex & zeroMask)
                    | (refControl & refMask)
                    | (2L & sameMask)
                    | ((24L + code[lz]) & newMask);
            int controlBits = ((2 + indexBits) & zeroMask) | (refBits & refMask) | (2 & sameMask) | (5 & newMask);
            long payload = (xor >>> (candidateTz & refMask)) & (-(long) nonZero);
            int payloadBits = (sig & refMask) | ((width - lz) & plainMask);
            sLz = (noLeading & (zeroMask | refMask)) | (sLz & sameMask) | (lz & newMask);

            int lowBits = payloadBits - Math.max(payloadBits - 32, 0);
            int highBits = payloadBits - lowBits;
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

            idx++;
            stored[idx & windowMask] = v;
            keys[key] = idx;
        }
        sink.setSize(p);
        acc = ac;
        accBits = bits;
        storedLz = sLz;
        index = idx;
    }
}
