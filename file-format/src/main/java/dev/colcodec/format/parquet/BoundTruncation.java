package dev.colcodec.format.parquet;

import dev.colcodec.format.io.Utf8;
import java.util.Arrays;

/**
 * Shortened page bounds for a ColumnIndex of byte values in unsigned lexicographic order: a lower bound
 * no greater than the value, an upper bound no smaller, each at most a given length where possible. The
 * bounds are the ones parquet-java 1.18.1 writes: a value that is valid UTF-8 is cut at a character
 * boundary (and an upper bound raised so that it stays UTF-8), any other value at the length.
 */
final class BoundTruncation {
    private BoundTruncation() {}

    /**
     * A prefix of {@code min} of at most {@code length} bytes, no greater than {@code min}: for valid
     * UTF-8, the longest that ends at a character boundary; {@code min} itself when it is short enough (or
     * no character fits).
     */
    static byte[] lower(byte[] min, int length) {
        if (min.length <= length) {
            return min;
        }
        if (Utf8.isValid(min, 0, min.length)) {
            int cut = utf8Prefix(min, length);
            return cut == 0 ? min : Arrays.copyOf(min, cut);
        }
        return Arrays.copyOf(min, length);
    }

    /**
     * At most {@code length} bytes no smaller than {@code max}, or {@code max} itself when it is short
     * enough or cannot be raised so. For valid UTF-8: the prefix {@link #lower} takes, with its last byte
     * that can be raised by one and stay UTF-8 so raised (the bytes after it kept). Otherwise: the first
     * {@code length} bytes plus one, as a big-endian number (a 0xFF that carries becomes 0x00).
     */
    static byte[] upper(byte[] max, int length) {
        if (max.length <= length) {
            return max;
        }
        if (Utf8.isValid(max, 0, max.length)) {
            int cut = utf8Prefix(max, length);
            byte[] out = Arrays.copyOf(max, cut);
            for (int i = cut - 1; i >= 0; i--) {
                if (out[i] == (byte) 0xFF) {
                    continue;
                }
                out[i]++;
                if (Utf8.isValid(out, 0, cut)) {
                    return out;
                }
                out[i]--;
            }
            return max;
        }
        byte[] out = Arrays.copyOf(max, length);
        for (int i = length - 1; i >= 0; i--) {
            if (++out[i] != 0) {
                return out;
            }
        }
        return max;
    }

    /** The longest {@code n <= length} such that {@code b[0, n)} is valid UTF-8 (0 if none but empty). */
    private static int utf8Prefix(byte[] b, int length) {
        int n = length;
        while (n > 0 && !Utf8.isValid(b, 0, n)) {
            n--;
        }
        return n;
    }
}
