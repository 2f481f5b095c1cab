package dev.colcodec.io;

import dev.colcodec.CorruptInputException;

/**
 * Input checks for decoders, throwing {@link CorruptInputException} when they fail. They live here rather
 * than on the exception class because C2 does not inline methods of {@code Throwable} subclasses into
 * inlined callers ("exception method"), which made every check a real call in the hot paths.
 */
public final class Bounds {
    private Bounds() {}

    /** Throws a {@code CorruptInputException} at {@code offset} unless {@code condition} holds. */
    public static void check(boolean condition, long offset, String expected) {
        if (!condition) {
            throw new CorruptInputException(offset, expected);
        }
    }

    /** Checks that {@code needed} bytes are available at {@code pos} before {@code end}. */
    public static void checkAvailable(int pos, int end, long needed, String what) {
        if (needed < 0 || needed > end - pos) {
            throw notAvailable(pos, end, needed, what);
        }
    }

    private static CorruptInputException notAvailable(int pos, int end, long needed, String what) {
        return new CorruptInputException(
                pos, needed + " bytes of " + what + " but only " + Math.max(0, end - pos) + " remain");
    }
}
