package dev.colcodec.tsfile.sprintz;

/**
 * The per-type rules of a TsFile SPRINTZ page. Values travel as {@code long}s, 32-bit types
 * sign-extended; all arithmetic is done in the type's width so it wraps exactly as TsFile's int or
 * long arithmetic does.
 */
enum SprintzType {
    INT32(32, 2, 8, false),
    INT64(64, 3, 16, false),
    FLOAT(32, 2, 8, true),
    DOUBLE(64, 3, 16, true);

    /** Bits per value. */
    final int width;
    /** The FIRE predictor's learning shift. */
    final int learnShift;
    /** The FIRE predictor's fixed-point shift. */
    final int fireBits;
    /** Whether predictions run on canonical-NaN bits ({@code floatToIntBits}/{@code doubleToLongBits}). */
    final boolean floating;
    /** Keeps the low {@link #width} bits. */
    final long mask;
    /** The type's smallest value, sign-extended: the one residual TsFile's mapping has no code for. */
    final long minError;

    SprintzType(int width, int learnShift, int fireBits, boolean floating) {
        this.width = width;
        this.learnShift = learnShift;
        this.fireBits = fireBits;
        this.floating = floating;
        this.mask = width == 32 ? 0xFFFF_FFFFL : -1L;
        this.minError = width == 32 ? Integer.MIN_VALUE : Long.MIN_VALUE;
    }

    /** Wraps {@code x} to this type's width (sign-extending 32-bit values). */
    long norm(long x) {
        return width == 32 ? (int) x : x;
    }

    /** The bits TsFile predicts from: raw for integers, canonical NaN for floating types. */
    long predictionBits(long bits) {
        if (!floating) {
            return bits;
        }
        if (width == 32) {
            return (bits & 0x7FFF_FFFFL) > 0x7F80_0000L ? 0x7FC0_0000L : bits;
        }
        return (bits & Long.MAX_VALUE) > 0x7FF0_0000_0000_0000L ? 0x7FF8_0000_0000_0000L : bits;
    }
}
