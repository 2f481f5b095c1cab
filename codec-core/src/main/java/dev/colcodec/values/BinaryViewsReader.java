package dev.colcodec.values;

/**
 * A reader of byte strings that lie whole in its input (a PLAIN BYTE_ARRAY page), which hands values out
 * where they lie instead of copying them: as a start in {@link #viewArray()} and a length. The views stay
 * valid as long as the array given to {@code init} holds the page.
 */
public interface BinaryViewsReader extends BinaryValuesReader {
    /** The array the values lie in: the one given to the last {@code init}. */
    byte[] viewArray();

    /**
     * Reads the next {@code n} values as where they start in {@link #viewArray()} and how many bytes they
     * have, into {@code starts[at, at + n)} and {@code lengths[at, at + n)}. Every length is checked as
     * {@link #readBinaries} checks it; a bad one is {@link dev.colcodec.CorruptInputException}, and the
     * reader does not move past it.
     */
    void readViews(int[] starts, int[] lengths, int at, int n);
}
