package dev.colcodec.values;

import dev.colcodec.io.ByteSink;
import java.util.Objects;

/**
 * The page side of a typed writer whose page another writer keeps: the typed writer converts its values
 * and hands them to that page writer (one bit or byte stream shared by every type of an encoding), and
 * the value count, the size estimate, the finished page and the reset are the page writer's.
 */
public abstract class PageForwardingWriter implements ValuesWriter {
    private final ValuesWriter page;

    /** A writer whose page is {@code page}, which the subclass alone writes values to. */
    protected PageForwardingWriter(ValuesWriter page) {
        this.page = Objects.requireNonNull(page, "page");
    }

    @Override
    public final int valueCount() {
        return page.valueCount();
    }

    @Override
    public final long bufferedSize() {
        return page.bufferedSize();
    }

    @Override
    public final byte[] toByteArray() {
        return page.toByteArray();
    }

    @Override
    public final void finishTo(ByteSink out) {
        page.finishTo(out);
    }

    @Override
    public final void reset() {
        page.reset();
    }

    @Override
    public final void resetInto(ByteSink out) {
        page.resetInto(out);
    }
}
