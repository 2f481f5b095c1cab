package dev.colcodec.format.cli;

/** A bad command line: the CLI prints the message and exits with status 2. */
final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
