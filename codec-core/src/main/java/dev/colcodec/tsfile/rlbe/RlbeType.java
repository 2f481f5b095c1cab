package dev.colcodec.tsfile.rlbe;

/**
 * The per-type rules of a TsFile RLBE page. Values travel as {@code long} bit patterns; consecutive
 * values are linked by the wrapping difference of their bit patterns (in tsfile 2.4.0 FLOAT and
 * DOUBLE are encoded as the INT32/INT64 encoding of their raw bits, so they are lossless).
 */
enum RlbeType {
    INT32(32, 6),
    INT64(64, 7),
    FLOAT(32, 6),
    DOUBLE(64, 7);

    /** Bits per value. */
    final int width;
    /** Bits of a segment's length code. */
    final int lengthCodeBits;
    /** Keeps the low {@link #width} bits. */
    final long mask;
    /** The top bit of a value, which TsFile writes as 0 and restores on reading. */
    final long signBit;

    RlbeType(int width, int lengthCodeBits) {
        this.width = width;
        this.lengthCodeBits = lengthCodeBits;
        this.mask = width == 32 ? 0xFFFF_FFFFL : -1L;
        this.signBit = 1L << (width - 1);
    }

    /** The value rebuilt from {@code previous} and a stored difference. */
    long add(long previous, long difference) {
        return (previous + difference) & mask;
    }

    /** The number of significant bits of a pattern, at least 1 (the full width when the top bit is set). */
    int lengthCode(long bits) {
        return Math.max(1, 64 - Long.numberOfLeadingZeros(bits & mask));
    }
}
