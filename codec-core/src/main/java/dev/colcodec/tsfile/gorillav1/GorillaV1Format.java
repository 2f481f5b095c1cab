package dev.colcodec.tsfile.gorillav1;

/**
 * The per-type constants of TsFile's legacy GORILLA_V1 stream (encoding byte 6, FLOAT and DOUBLE only,
 * tsfile 2.4.0's {@code SinglePrecisionEncoderV1}/{@code DoublePrecisionEncoderV1}).
 *
 * <p>Layout: the first value's bits ({@code floatToIntBits}/{@code doubleToLongBits}, so NaN is
 * canonical) as 4 or 8 <b>little-endian</b> bytes, then an MSB-first bit stream with, per further
 * value, {@code xor = bits ^ previousBits}:
 *
 * <pre>
 * '0'                               xor == 0
 * '10' + (W - lzP - tzP) bits       xor >>> tzP, when nlz(xor) >= lzP and ntz(xor) >= tzP
 * '11' + lz (5|6 bits) + len (6|7 bits) + len bits of xor >>> tz     otherwise (len = W - lz - tz)
 * </pre>
 *
 * where, unlike GORILLA (V2), {@code lzP}/{@code tzP} are the leading/trailing zeros of the
 * <i>previous value itself</i>. The page ends with the canonical NaN encoded as one more value and the
 * last partial byte padded with zero bits; an empty page is just the NaN as the first value.
 */
enum GorillaV1Format {
    FLOAT(32, 5, 6, 0x7fc0_0000L),
    DOUBLE(64, 6, 7, 0x7ff8_0000_0000_0000L);

    /** Bits per value. */
    final int width;
    /** Bits of the leading-zero field of a '11' value. */
    final int leadingBits;
    /** Bits of the length field of a '11' value. */
    final int lengthBits;
    /** The canonical NaN that ends a page. */
    final long endMarker;

    GorillaV1Format(int width, int leadingBits, int lengthBits, long endMarker) {
        this.width = width;
        this.leadingBits = leadingBits;
        this.lengthBits = lengthBits;
        this.endMarker = endMarker;
    }

    /** Leading zeros of a value of this width (its bits zero-extended). */
    int leadingZeros(long bits) {
        return Long.numberOfLeadingZeros(bits) - (64 - width);
    }

    /** Trailing zeros of a value of this width ({@code width} for 0). */
    int trailingZeros(long bits) {
        return bits == 0 ? width : Long.numberOfTrailingZeros(bits);
    }
}
