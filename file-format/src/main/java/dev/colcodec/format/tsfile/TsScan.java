package dev.colcodec.format.tsfile;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/**
 * A streaming scan made by {@link TsFileReader#scan}: {@link #next()} decodes the next rows into a reused
 * block. A block returned by {@link #next()} (its arrays included) is valid until the next call. With a
 * pool, the scan decodes the following block on the pool while the caller consumes the current one (two
 * blocks alternate), so reading overlaps the caller's work; the blocks and their order do not depend on
 * the pool. Close a scan left before its end so that no decoding is still running.
 */
public final class TsScan implements AutoCloseable {
    private final TsFileReader.Scan scan;
    private final int maxRows;
    private final ForkJoinPool pool;
    private final TsBlock[] fields = new TsBlock[2];
    private final TsColumn[][] tagColumns = new TsColumn[2][];
    private boolean finished;
    /** The block being decoded on the pool into buffer {@link #ahead}, or null. */
    private ForkJoinTask<TsBlock> pending;

    private int ahead;

    TsScan(TsFileReader.Scan scan, int maxRows, ForkJoinPool pool) {
        this.scan = scan;
        this.maxRows = maxRows;
        this.pool = pool;
        for (int i = 0; i < 2; i++) {
            fields[i] = scan.newFieldBlock();
            tagColumns[i] = new TsColumn[scan.columnCount()];
        }
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
        TsBlock b;
        int slot;
        if (pending != null) {
            slot = ahead;
            ForkJoinTask<TsBlock> task = pending;
            pending = null;
            b = task.join();
        } else {
            slot = 0;
            b = produce(0);
        }
        if (b == null) {
            finished = true;
            return null;
        }
        if (pool != null) {
            int other = 1 - slot;
            ahead = other;
            pending = pool.submit(ForkJoinTask.adapt(() -> produce(other)));
        }
        return b;
    }

    /** Decodes the next non-empty window into buffer {@code slot}; null at the end of the scan. */
    private TsBlock produce(int slot) {
        return scan.nextBlock(fields[slot], maxRows, tagColumns[slot]);
    }

    /** Ends the scan, waiting for a block still being decoded on the pool. */
    @Override
    public void close() {
        finished = true;
        ForkJoinTask<TsBlock> task = pending;
        pending = null;
        if (task != null) {
            task.quietlyJoin();
        }
    }
}
