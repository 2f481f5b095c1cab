package dev.colcodec;

/**
 * The one exception colcodec throws for corrupt, truncated or otherwise invalid encoded input.
 *
 * <p>It carries the byte offset (an index into the array the decoder was given, or a position in a
 * file for file readers) at which the problem was seen and a short description of what
 * was expected there. It is unchecked: decoding hot paths declare no checked exceptions.
 */
public final class CorruptInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final long offset;
    private final String expected;

    public CorruptInputException(long offset, String expected) {
        super("corrupt input at offset " + offset + ": expected " + expected);
        this.offset = offset;
        this.expected = expected;
    }

    public CorruptInputException(long offset, String expected, Throwable cause) {
        super("corrupt input at offset " + offset + ": expected " + expected, cause);
        this.offset = offset;
        this.expected = expected;
    }

    /** Byte offset at which the input stopped making sense. */
    public long offset() {
        return offset;
    }

    /** What the decoder expected to find at {@link #offset()}. */
    public String expected() {
        return expected;
    }
}
