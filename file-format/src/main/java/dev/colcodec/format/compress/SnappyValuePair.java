package dev.colcodec.format.compress;

/**
 * The two Snappy elements that make one 8-byte value of a page of ascending numbers: a literal of the 1 to
 * 4 low bytes that changed, then a 1-byte-offset copy of the value's other bytes from the value before it
 * (offset 8). {@link SnappyWordsWriter} writes such a pair as one little-endian word and {@link
 * SnappyBlockReader} recognizes it with one masked comparison; both take the bytes from here, indexed by
 * the literal's length.
 */
final class SnappyValuePair {
    /**
     * Per literal length 1 to 4, the pair's bytes but the literal's, as a little-endian word from the
     * literal's tag: the literal tag (byte 0), the copy's tag (length 8 - literal length) after the literal,
     * then the offset 8.
     */
    static final long[] TAGS = new long[5];

    /** Per literal length, the mask of the bytes {@link #TAGS} sets. */
    static final long[] TAG_MASK = new long[5];

    /** Per literal length, the mask of that many low bytes (the literal's, in a value). */
    static final long[] LOW_BYTES = new long[5];

    static {
        for (int literalLen = 1; literalLen <= 4; literalLen++) {
            int copyAt = (literalLen + 1) << 3;
            int copyTag = 1 | (8 - literalLen - 4) << 2;
            TAGS[literalLen] = (long) ((literalLen - 1) << 2) | (long) (copyTag | 8 << 8) << copyAt;
            TAG_MASK[literalLen] = 0xFFL | 0xFFFFL << copyAt;
            LOW_BYTES[literalLen] = (1L << (literalLen << 3)) - 1;
        }
    }

    private SnappyValuePair() {}
}
