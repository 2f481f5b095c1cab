package dev.colcodec.format.io;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Whether bytes are UTF-8 text, as Java's strict decoder takes it (no surrogates, no overlong forms). */
public final class Utf8 {
    private Utf8() {}

    /** Whether {@code b[off, off + len)} is valid UTF-8. */
    public static boolean isValid(byte[] b, int off, int len) {
        try {
            StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(b, off, len));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    /**
     * {@code s} unchanged, if UTF-8 can hold it (null too); a string with a lone UTF-16 surrogate, which
     * {@link String#getBytes} would silently write as {@code ?} (so that two names could become one), is
     * refused with an {@link IllegalArgumentException} naming {@code what} and the surrogate's index.
     */
    public static String checkEncodable(String s, String what) {
        if (s == null) {
            return null;
        }
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                    continue;
                }
                throw new IllegalArgumentException(what + " holds a lone UTF-16 surrogate (U+"
                        + Integer.toHexString(c).toUpperCase(java.util.Locale.ROOT) + " at index " + i
                        + "), which UTF-8 cannot store");
            }
        }
        return s;
    }

    /**
     * Whether {@code text}, decoded from {@code utf8} (each invalid sequence as U+FFFD), holds all its bytes:
     * only a text with U+FFFD needs the bytes checked.
     */
    public static boolean decodedWhole(String text, byte[] utf8) {
        return text.indexOf('\uFFFD') < 0 || isValid(utf8, 0, utf8.length);
    }
}
