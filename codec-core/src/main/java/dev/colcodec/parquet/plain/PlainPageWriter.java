package dev.colcodec.parquet.plain;

import dev.colcodec.io.InPlacePage;
import dev.colcodec.values.PageForwardingWriter;

/**
 * The page side of the PLAIN writers of numbers and byte strings: the value count, the buffered size and
 * the page life cycle are the {@link PlainPage}'s ({@link PageForwardingWriter}), and the finished page is
 * taken where it was built ({@link InPlacePage}).
 */
abstract class PlainPageWriter extends PageForwardingWriter implements InPlacePage {
    final PlainPage page;

    PlainPageWriter() {
        this(new PlainPage());
    }

    private PlainPageWriter(PlainPage page) {
        super(page);
        this.page = page;
    }

    @Override
    public final int finishInPlace() {
        return page.finishInPlace();
    }

    @Override
    public final byte[] pageArray() {
        return page.array();
    }
}
