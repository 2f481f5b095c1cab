package dev.colcodec.tsfile.bits;

import dev.colcodec.io.ByteIO;
import dev.colcodec.io.ByteSink;

/**
 * Appends MSB-first bit fields to a {@link ByteSink} through a 64-bit accumulator that is stored
 * eight bytes at a time. For encoders whose per-value logic is too branchy to keep the accumulator in
 * local variables (hot loops use {@link MsbBits#append} instead).
 */
public final class MsbBitWriter {
    private final ByteSink sink;
    private long acc;
    private int bits;
    private long written;

    public MsbBitWriter(ByteSink sink) {
        this.sink = sink;
    }

    /** Appends the low {@code n} (0..64) bits of {@code value}; higher bits are ignored. */
    public void write(long value, int n) {
        if (n == 0) {
            return;
        }
        long v = n == 64 ? value : value & ((1L << n) - 1);
        int filled = bits + n;
        if (filled < 64) {
            acc |= v << -filled;
            bits = filled;
        } else {
            int over = filled - 64;
            int p = sink.ensure(Long.BYTES);
            ByteIO.putLongBE(sink.array(), p, acc | (v >>> over));
            sink.advance(Long.BYTES);
            acc = over == 0 ? 0 : v << -over;
            bits = over;
        }
        written += n;
    }

    public void writeBit(boolean bit) {
        write(bit ? 1 : 0, 1);
    }

    /** Bits written since construction or {@link #reset()}. */
    public long bitsWritten() {
        return written;
    }

    /** Stores the pending bits, the last byte padded with zero bits. */
    public void flushToByte() {
        int bytes = (bits + 7) >>> 3;
        int p = sink.ensure(Long.BYTES);
        ByteIO.putLongBE(sink.array(), p, acc);
        sink.advance(bytes);
        acc = 0;
        bits = 0;
    }

    /** Forgets pending bits and the bit count (the sink is not touched). */
    public void reset() {
        acc = 0;
        bits = 0;
        written = 0;
    }
}
