package dev.colcodec.format.parquet;

import java.util.Arrays;

/**
 * Shortened page bounds for a ColumnIndex of byte values in unsigned lexicographic order: a lower bound
 * no greater than the value, an upper bound no smaller, each at most a given length where possible.
 */
final class BoundTruncation {
    private BoundTruncation() {}

    /**
     * A prefix of {@code min} of at most {@code length} bytes (for {@code utf8}, ending at a character
     * boundary): no greater than {@code min}.
     */
    static byte[] lower(byte[] min, int length, boolean utf8) {
        if (min.length <= length) {
            return min;
        }
        int cut = utf8 ? characterBoundary(min, length) : length;
        return Arrays.copyOf(min, cut);
    }

    /**
     * At most {@code length} bytes no smaller than {@code max}: its prefix up to the last byte that can be
     * raised (below 0xFF; for {@code utf8}, an ASCII character below 0x7F, so the bytes stay UTF-8),
     * raised by one. {@code max} itself when it is short enough or no byte of the prefix can be raised.
     */
    static byte[] upper(byte[] max, int length, boolean utf8) {
        if (max.length <= length) {
            return max;
        }
        int cut = utf8 ? characterBoundary(max, length) : length;
        int limit = utf8 ? 0x7F : 0xFF;
        for (int i = cut - 1; i >= 0; i--) {
            int b = max[i] & 0xFF;
            if (b < limit) {
                byte[] out = Arrays.copyOf(max, i + 1);
                out[i] = (byte) (b + 1);
                return out;
            }
        }
        return max;
    }

    /** The largest {@code n <= length} at which a UTF-8 character starts (or the bytes end). */
    private static int characterBoundary(byte[] b, int length) {
        int n = length;
        while (n > 0 && (b[n] & 0xC0) == 0x80) {
            n--; // a continuation byte: the character started earlier
        }
        return n;
    }
}
