package dev.colcodec.tsfile.gorilla;

/** The per-type constants of a GORILLA (V2) stream: value width, field widths and end marker. */
enum GorillaType {
    INT32(32, 0x8000_0000L),
    INT64(64, Long.MIN_VALUE),
    FLOAT(32, 0x7fc0_0000L),
    DOUBLE(64, 0x7ff8_0000_0000_0000L);

    /** Bits per value (32 or 64). */
    final int width;
    /** Bits of the leading-zero count and of the significant-bit count in a '11' header (5 or 6). */
    final int fieldBits;
    /** The end marker's bits, zero-extended to 64 bits. */
    final long sentinel;
    /** Keeps the low {@link #width} bits. */
    final long mask;

    GorillaType(int width, long sentinel) {
        this.width = width;
        this.fieldBits = width == 32 ? 5 : 6;
        this.sentinel = sentinel;
        this.mask = width == 32 ? 0xFFFF_FFFFL : -1L;
    }
}
