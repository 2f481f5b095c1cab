package dev.colcodec.io;

/**
 * The page side of an encoder that writes a page into one {@link ByteSink}: values go to {@link #sink}
 * while the page is open; {@link #toByteArray()} and {@link #finishTo(ByteSink)} end it once ({@link
 * #finishPage()}: pending values, an end marker) and hand its bytes over, as a new array or appended to
 * another sink without one; {@link #resetPage()} opens the next.
 */
public abstract class SinkPage {
    /** The page's bytes so far. */
    protected final ByteSink sink = new ByteSink(1024);

    private boolean finished;

    /** Appends what ends the page to {@link #sink}; called once per page, before its bytes are handed over. */
    protected abstract void finishPage();

    /** Ends the page (once) and returns its bytes as a new array. */
    public final byte[] toByteArray() {
        finish();
        return sink.toByteArray();
    }

    /** Ends the page (once) and appends the bytes {@link #toByteArray()} returns to {@code out}. */
    public final void finishTo(ByteSink out) {
        finish();
        out.write(sink);
    }

    private void finish() {
        if (!finished) {
            finishPage();
            finished = true;
        }
    }

    /** Throws unless the page takes values: once ended, it takes none until {@link #resetPage()}. */
    protected final void checkOpen() {
        if (finished) {
            throw new IllegalStateException("page already finished by toByteArray(); call reset() first");
        }
    }

    /** Empties the page and opens it again; an encoder resets its own state with it. */
    protected final void resetPage() {
        sink.reset();
        finished = false;
    }
}
