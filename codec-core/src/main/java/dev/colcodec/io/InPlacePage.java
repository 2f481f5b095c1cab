package dev.colcodec.io;

/**
 * A page writer whose finished page can be taken where the writer built it, without the copy {@code
 * toByteArray()} makes: for a caller that compresses or copies the page into its own buffer at once.
 */
public interface InPlacePage {
    /**
     * Finishes the page as {@code toByteArray()} would and returns its size; the page is then {@code
     * pageArray()[pageOffset(), pageOffset() + size)}, valid until the writer's next write or reset.
     */
    int finishInPlace();

    /** The array holding the page {@link #finishInPlace()} finished. */
    byte[] pageArray();

    /** Where in {@link #pageArray()} the page {@link #finishInPlace()} finished starts: 0 unless a writer says. */
    default int pageOffset() {
        return 0;
    }
}
