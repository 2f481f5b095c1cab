package dev.colcodec.format.tsfile;

/**
 * A streaming scan made by {@link TsFileReader#scan}: {@link #next()} decodes the next rows into a reused
 * block. A block returned by {@link #next()} (its arrays included) is valid until the next call. With a
 * {@link java.util.concurrent.ForkJoinPool} of {@code n} threads, {@link #next()} decodes the value columns on {@code n} threads, the calling
 * thread one of them (it takes columns as the pool's threads do, and waits only for columns a pool
 * thread has taken), so a scan keeps {@code n} threads busy and never waits for a pool thread to wake;
 * the blocks and their order do not depend on the pool.
 */
public final class TsScan implements AutoCloseable {
    private final TsFileReader.Scan scan;
    private final int maxRows;
    private final TsBlock fields;
    private final TsColumn[] tagColumns;
    private boolean finished;

    TsScan(TsFileReader.Scan scan, int maxRows) {
        this.scan = scan;
        this.maxRows = maxRows;
        fields = scan.newFieldBlock();
        tagColumns = new TsColumn[scan.columnCount()];
    }

    /**
     * The next rows in range (at least one, at most the scan's block size unless one page holds more), all
     * of one device, with one column per name asked for; null when the scan is over. The block is
     * valid until the next call.
     */
    public TsBlock next() {
        if (finished) {
            return null;
        }
        TsBlock b = scan.nextBlock(fields, maxRows, tagColumns);
        if (b == null) {
            finished = true;
        }
        return b;
    }

    /** Ends the scan: later calls of {@link #next()} return null. */
    @Override
    public void close() {
        finished = true;
    }
}
