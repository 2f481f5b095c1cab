package dev.colcodec.format.parquet;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
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
        if (isUtf8(min, min.length)) {
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
        if (isUtf8(max, max.length)) {
            int cut = utf8Prefix(max, length);
            byte[] out = Arrays.copyOf(max, cut);
            for (int i = cut - 1; i >= 0; i--) {
                if (out[i] == (byte) 0xFF) {
                    continue;
                }
                out[i]++;
                if (isUtf8(out, cut)) {
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
        while (n > 0 && !isUtf8(b, n)) {
            n--;
        }
        return n;
    }

    /** Whether {@code b[0, n)} is UTF-8 as Java's strict decoder takes it (no surrogates, no overlong forms). */
    private static boolean isUtf8(byte[] b, int n) {
        try {
            StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(b, 0, n));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
