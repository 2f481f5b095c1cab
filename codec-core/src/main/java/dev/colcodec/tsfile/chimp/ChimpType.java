package dev.colcodec.tsfile.chimp;

/** The per-type constants of a CHIMP stream (TsFile's Chimp128 variant). */
enum ChimpType {
    INT32(32, 0x8000_0000L),
    INT64(64, Long.MIN_VALUE),
    FLOAT(32, 0x7fc0_0000L),
    DOUBLE(64, 0x7ff8_0000_0000_0000L);

    /** Leading-zero counts rounded down to one of the eight that have a 3-bit code. */
    static final int[] LEADING_ROUND = new int[65];
    /** The 3-bit code of a rounded leading-zero count. */
    static final int[] LEADING_CODE = new int[65];
    /** The leading-zero count of a 3-bit code. */
    static final int[] LEADING_OF_CODE = {0, 8, 12, 16, 18, 20, 22, 24};

    static {
        for (int lz = 0; lz <= 64; lz++) {
            int code = 0;
            for (int c = 0; c < LEADING_OF_CODE.length; c++) {
                if (LEADING_OF_CODE[c] <= lz) {
                    code = c;
                }
            }
            LEADING_CODE[lz] = code;
            LEADING_ROUND[lz] = LEADING_OF_CODE[code];
        }
        for (ChimpType t : values()) {
            for (int lz = 0; lz < t.width; lz++) {
                t.refHeaders[lz] = (LEADING_CODE[lz] << t.significantBits) + t.width - LEADING_ROUND[lz];
                t.refTailBits[lz] = 3 + t.significantBits + t.width - LEADING_ROUND[lz];
            }
            t.refHeaders[t.width] = 64;
            t.refTailBits[t.width] = 64;
        }
    }

    /** Bits per value. */
    final int width;
    /** The end marker's bits, zero-extended. */
    final long sentinel;
    /** Keeps the low {@link #width} bits. */
    final long mask;
    /** How many previous values a value may refer to (64 or 128). */
    final int window;
    /** log2 of {@link #window}. */
    final int indexBits;
    /** Trailing zeros above which a value refers to an earlier value with the same low bits. */
    final int threshold;
    /** Bits of the significant-bit count in a '01' header (5 or 6). */
    final int significantBits;
    /**
     * By leading zeros of a XOR (0..width-1): its rounded count's 3-bit code above {@link
     * #significantBits} bits, plus width minus the rounded count; minus the trailing zeros this is
     * the code and significant-bit count of a '01' field. 64 for a zero XOR (index width), which has
     * 64 trailing zeros: the header of a '00' field is then 0.
     */
    final int[] refHeaders;
    /**
     * By leading zeros of a XOR like {@link #refHeaders}: the bits of a '01' field after the index
     * (code, count and significant bits) plus the trailing zeros; 64 for a zero XOR, so that a '00'
     * field has none.
     */
    final int[] refTailBits;

    ChimpType(int width, long sentinel) {
        this.width = width;
        this.sentinel = sentinel;
        this.mask = width == 32 ? 0xFFFF_FFFFL : -1L;
        this.window = width == 32 ? 64 : 128;
        this.indexBits = width == 32 ? 6 : 7;
        this.threshold = (width == 32 ? 5 : 6) + indexBits;
        this.significantBits = width == 32 ? 5 : 6;
        this.refHeaders = new int[width + 1]; // both filled once the static tables are
        this.refTailBits = new int[width + 1];
    }
}
