package dev.colcodec.tsfile.bits;

import dev.colcodec.io.ByteIO;
import dev.colcodec.io.ByteSink;

/**
 * Reads MSB-first bit fields (TsFile's bit order: the first bit of a stream is the most significant
 * bit of its first byte) at absolute bit positions of a {@code byte[]}.
 *
 * <p>Every read loads eight bytes at once (one {@link ByteIO#getLongBE} where the array allows it,
 * byte by byte in its last eight bytes), so a decoder keeps its bit position in a local variable and
 * needs no reservoir refill logic. Bytes past the end of the array read as zero and nothing is
 * bounds-checked against the caller's section: a decoder compares its position with the end of its
 * section after each value and reports {@link dev.colcodec.CorruptInputException} when it went past.
 */
public final class MsbBits {
    /** Bits a {@link #peek} is guaranteed to take from the array (the rest are shifted-in zeros). */
    public static final int PEEK_BITS = 57;

    private MsbBits() {}

    /**
     * The 64 bits starting at {@code bitPos}, the first one in the sign bit. At least {@link
     * #PEEK_BITS} of them are real input bits.
     */
    public static long peek(byte[] buf, long bitPos) {
        int i = (int) (bitPos >>> 3);
        long word = i <= buf.length - Long.BYTES ? ByteIO.getLongBE(buf, i) : tail(buf, i);
        return word << (bitPos & 7);
    }

    /** The {@code n} (1..64) bits starting at {@code bitPos} as an unsigned value. */
    public static long read(byte[] buf, long bitPos, int n) {
        if (n <= PEEK_BITS) {
            return peek(buf, bitPos) >>> -n;
        }
        long high = peek(buf, bitPos) >>> 32;
        return (high << (n - 32)) | (peek(buf, bitPos + 32) >>> (96 - n));
    }

    /**
     * Appends {@code value} (its low bits, nothing above them set) to a 64-bit accumulator that
     * already holds {@code filled - n} bits, for encoders that keep the accumulator in a local
     * variable: when {@code filled} (the bit count after appending, at most 127) reaches 64, the full
     * accumulator is stored big-endian at {@code dst[pos]} and the overflow bits start the new one.
     * The caller then advances {@code pos} by {@code (filled >>> 6) * 8} and keeps {@code filled & 63}
     * bits. Returns the new accumulator.
     */
    public static long append(byte[] dst, int pos, long acc, int filled, long value) {
        if (filled < 64) {
            return acc | (value << -filled);
        }
        int over = filled - 64;
        ByteIO.putLongBE(dst, pos, acc | (value >>> over));
        return over == 0 ? 0 : value << -over;
    }

    /** The most bits one {@link #put} takes. */
    public static final int PUT_BITS = 56;

    /**
     * Appends the {@code n} (1..{@link #PUT_BITS}) low bits of {@code value} (nothing above them set)
     * at bit position {@code bitPos} of {@code dst}, for encoders that keep a bit position and a
     * 64-bit accumulator in local variables: {@code acc} holds the {@code bitPos & 7} bits of the
     * partial byte at {@code bitPos >>> 3}, left-aligned. The whole accumulator is stored big-endian
     * at that byte every time (eight bytes, no branch: the bytes past the new position are
     * overwritten by the next store), and the accumulator of the new position is returned; the
     * caller adds {@code n} to {@code bitPos}. Needs eight writable bytes from {@code bitPos >>> 3}.
     *
     * <p>Storing whole words unconditionally instead of testing whether 64 bits are full is what
     * makes this cheaper than {@link #append} when field widths vary with the data: there is no
     * branch to mispredict.
     */
    public static long put(byte[] dst, long bitPos, long acc, long value, int n) {
        int filled = (int) (bitPos & 7) + n; // 1..63
        long word = acc | (value << -filled);
        ByteIO.putLongBE(dst, (int) (bitPos >>> 3), word);
        return word << (filled & ~7);
    }

    /**
     * {@link #put} for {@code n} up to 64 bits: fields wider than {@link #PUT_BITS} go in two
     * stores. Needs sixteen writable bytes from {@code bitPos >>> 3}.
     */
    public static long putWide(byte[] dst, long bitPos, long acc, long value, int n) {
        if (n <= PUT_BITS) {
            return put(dst, bitPos, acc, value, n);
        }
        acc = put(dst, bitPos, acc, value >>> 32, n - 32);
        return put(dst, bitPos + n - 32, acc, value & 0xFFFF_FFFFL, 32);
    }

    /**
     * Appends {@code head} ({@code headBits} bits) and then {@code tail} ({@code tailBits}, up to 64
     * bits) with {@link #put}: in one store when together they fit {@link #PUT_BITS}, else in two
     * (everything but the tail's low 32 bits, then those). At most 24 head bits and 88 in all. Needs
     * sixteen writable bytes from {@code bitPos >>> 3}; the caller adds both widths to {@code bitPos}.
     */
    public static long putFields(byte[] dst, long bitPos, long acc, long head, int headBits, long tail, int tailBits) {
        int n = headBits + tailBits;
        if (n <= PUT_BITS) {
            return put(dst, bitPos, acc, (head << tailBits) | tail, n);
        }
        acc = put(dst, bitPos, acc, (head << (tailBits - 32)) | (tail >>> 32), n - 32);
        return put(dst, bitPos + n - 32, acc, tail & 0xFFFF_FFFFL, 32);
    }

    /**
     * {@link #putFields} for a whole 64-bit tail (random bits' usual field), in two stores without a
     * branch: the accumulator, the head and the tail's first bits fill the first word; the tail's
     * last {@code (bitPos & 7) + headBits} bits start the next. At most 24 head bits. Needs sixteen
     * writable bytes from {@code bitPos >>> 3}; the caller adds {@code headBits + 64} to {@code bitPos}.
     */
    public static long putLongTail(byte[] dst, long bitPos, long acc, long head, int headBits, long tail) {
        int p = (int) (bitPos >>> 3);
        int spill = (int) (bitPos & 7) + headBits; // 1..31 tail bits go to the next word
        ByteIO.putLongBE(dst, p, acc | (head << -spill) | (tail >>> spill));
        long rest = tail << -spill;
        ByteIO.putLongBE(dst, p + Long.BYTES, rest);
        return rest << (spill & ~7);
    }

    /**
     * Ends a stream whose whole bytes are in {@code sink} and whose last {@code accBits} (0 to 7) bits
     * wait in the top of {@code acc}: appends the byte that holds them, zero-padded (a zero byte when
     * none wait), as TsFile's GORILLA and CHIMP pages end.
     */
    public static void putLastByte(ByteSink sink, long acc, int accBits) {
        int p = sink.ensure(Long.BYTES);
        ByteIO.putLongBE(sink.array(), p, acc);
        sink.advance((accBits >>> 3) + 1);
    }

    private static long tail(byte[] buf, int i) {
        long word = 0;
        for (int k = i; k < i + Long.BYTES; k++) {
            word = (word << 8) | (k < buf.length ? buf[k] & 0xFFL : 0);
        }
        return word;
    }
}
