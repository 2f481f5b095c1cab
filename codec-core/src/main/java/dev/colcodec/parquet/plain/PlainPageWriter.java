package dev.colcodec.parquet.plain;

import dev.colcodec.io.InPlacePage;

/**
 * The page side of the PLAIN writers of numbers and byte strings: the value count, the buffered size, the
 * page life cycle, and the finished page taken where it was built ({@link InPlacePage}).
 */
abstract class PlainPageWriter implements InPlacePage {
    final PlainPage page = new PlainPage();

    public final int valueCount() {
        return page.valueCount();
    }

    public final long bufferedSize() {
        return page.size();
    }

    public final byte[] toByteArray() {
        return page.finish();
    }

    @Override
    public final int finishInPlace() {
        return page.finishInPlace();
    }

    @Override
    public final byte[] pageArray() {
        return page.array();
    }

    public final void reset() {
        page.reset();
    }
}
