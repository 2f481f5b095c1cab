package dev.colcodec.format.tsfile;

import dev.colcodec.format.io.FanOut;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A streaming scan made by {@link TsFileReader#scan}: {@link #next()} returns the next rows in a reused
 * block. A block returned by {@link #next()} (its arrays included) is valid until the next call; the
 * blocks and their order do not depend on the pool.
 *
 * <p>With a {@link ForkJoinPool} of {@code n} threads the scan reads ahead: while the caller consumes
 * one block, a task of the pool decodes the next into a second block, and {@link #next()} then joins
 * that task, taking value columns nobody has taken yet, before it returns the block and starts the next
 * task. So the caller's consumption overlaps the decoding, and the decoding runs on {@code n} threads:
 * the task's, the caller's (when it has consumed its block) and {@code n - 2} more of the pool. A
 * read-ahead no pool thread has started yet is decoded by {@link #next()} itself, so a busy pool never
 * makes the scan wait. Without a pool, {@link #next()} decodes on the calling thread.
 *
 * <p>Reading ahead hands every decoded value from one core to another. Where that is slow (two cores
 * that share no cache: on this project's 2-vCPU VM, whenever the host runs the vCPUs in different core
 * complexes, a 2-thread scan took 58-70 ms against 52 ms on one thread), the scan stops reading ahead.
 * After {@value #FIRST_SAMPLE} read-aheads, and then every {@value #SAMPLE_EVERY}, it decodes two blocks on
 * the calling thread alone (without the pool) and times the second. When {@value #SLOW_AHEADS} read-aheads
 * in a row cost {@link #next()} more time per row than that, the next {@value #FIRST_ALONE_STRETCH} blocks
 * (then twice as many each time, up to {@value #MAX_ALONE_STRETCH}) are decoded alone, and then reading
 * ahead is tried again. A scan of at most 9 blocks reads ahead all along.
 *
 * <p>Not thread-safe: {@link #next()} and {@link #close()} are for the thread that consumes the scan.
 */
public final class TsScan implements AutoCloseable {
    /** How long {@link #next()} looks for value columns to take before it waits for the pool's task. */
    private static final long HELP_NANOS = 200_000;
    /**
     * How long {@link #next()} spins on a read-ahead a pool thread decodes once it finds nothing to take,
     * before it parks: a parked thread wakes late. On this project's 2-core VMs a 2-thread scan of the
     * 4-field seed file, parking after {@link #HELP_NANOS}, ran at 49-52 ms in four JVMs of six (one
     * thread: 36-38 ms) and at 22-23 ms in the other two; spinning, at 22-26 ms in twelve of twelve. Longer
     * than a block's decode, short enough for a busy pool.
     */
    private static final long SPIN_NANOS = 2_000_000;
    /** How often {@link #next()} checks a read-ahead a pool thread decodes after {@link #SPIN_NANOS}. */
    private static final long POLL_NANOS = 20_000;
    /** Read-aheads in a row slower per row than decoding alone, after which the scan decodes alone. */
    static final int SLOW_AHEADS = 3;
    /** Read-aheads before the first two blocks decoded alone to time them. */
    static final int FIRST_SAMPLE = 8;
    /** Read-aheads between two later pairs of blocks decoded alone to time them. */
    static final int SAMPLE_EVERY = 256;
    /** Blocks decoded alone the first time read-aheads were too slow; doubled each time after that. */
    static final int FIRST_ALONE_STRETCH = 32;
    /** The longest stretch of blocks decoded alone before reading ahead is tried again. */
    static final int MAX_ALONE_STRETCH = 512;

    private final TsFileReader.Scan scan;
    private final int maxRows;
    private final ForkJoinPool pool;
    /** The two blocks: one returned to the caller, the other decoded by the task reading ahead. */
    private final TsBlock[] fields = new TsBlock[2];

    private final TsColumn[][] tagColumns = new TsColumn[2][];
    /** The block the next decode fills. */
    private int spare;
    /** The task decoding the block after the last one returned, or null. */
    private ReadAhead ahead;

    private boolean finished;

    /** Whether the next block is read ahead (with a pool). */
    private ReadAheadChoice choice = new ReadAheadChoice();
    /** The next block not read ahead is decoded alone (else with the pool's help, as the first block is). */
    private boolean alone;

    TsScan(TsFileReader.Scan scan, int maxRows) {
        this.scan = scan;
        this.maxRows = maxRows;
        this.pool = scan.pool();
        int blocks = pool == null ? 1 : 2;
        for (int i = 0; i < blocks; i++) {
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
        boolean readAhead = ahead != null;
        boolean decodedAlone = !readAhead && alone;
        long start = System.nanoTime();
        try {
            b = readAhead ? awaitAhead() : decodedAlone ? decodeAlone() : decode(spare, false);
        } catch (RuntimeException | Error e) {
            finished = true;
            throw e;
        }
        if (b == null) {
            finished = true;
            return null;
        }
        if (pool == null) {
            return b;
        }
        alone = !choice.readAheadNext(readAhead, decodedAlone, System.nanoTime() - start, b.size());
        // decoded alone, the next block goes into the block just returned (the caller is done with it by then)
        if (!alone) {
            spare ^= 1;
            ReadAhead a = new ReadAhead(spare);
            try {
                a.task = pool.submit(a);
                ahead = a;
            } catch (RejectedExecutionException e) {
                // a pool that takes no more tasks: the next block is decoded by next() on this thread
            }
        }
        return b;
    }

    /** Decodes the next block on this thread, without the pool. */
    private TsBlock decodeAlone() {
        scan.decodingAlone(true);
        try {
            return decode(spare, false);
        } finally {
            scan.decodingAlone(false);
        }
    }

    /**
     * Decodes the next block into {@code fields[slot]}: on the pool's task ({@code onPool}, helped by
     * {@link #next()}, so its fan-outs ask one pool thread fewer) or on the scan's thread.
     */
    private TsBlock decode(int slot, boolean onPool) {
        scan.decodingOnPool(onPool);
        return scan.nextBlock(fields[slot], maxRows, tagColumns[slot]);
    }

    /**
     * The block read ahead. This thread decodes value columns of it that nobody has taken, as long as
     * it runs; between them it spins. If no pool thread has started the block after {@link #HELP_NANOS}
     * without a column to take (a busy pool), or the pool dropped it (shut down), this thread decodes it:
     * a busy pool never makes the scan wait. While a pool thread decodes it, this thread spins up to
     * {@link #SPIN_NANOS}, then checks back every {@link #POLL_NANOS}.
     */
    private TsBlock awaitAhead() {
        ReadAhead a = ahead;
        ahead = null;
        long idleFrom = System.nanoTime();
        while (!a.task.isDone()) {
            if (scan.helpDecode()) {
                idleFrom = System.nanoTime();
                continue;
            }
            long idle = System.nanoTime() - idleFrom;
            if (idle > HELP_NANOS && a.claim()) {
                a.task.cancel(false); // nothing left for it to do
                return decodeClaimed(a);
            }
            if (idle <= SPIN_NANOS) {
                Thread.onSpinWait(); // columns may come free, or a pool thread is decoding the block
            } else {
                FanOut.parkKeepingInterrupt(this, POLL_NANOS); // a pool thread is decoding it, for long
            }
        }
        if (a.claim()) {
            return decodeClaimed(a); // cancelled before it ran
        }
        a.task.quietlyJoin();
        return a.result();
    }

    private TsBlock decodeClaimed(ReadAhead a) {
        a.decode(false);
        return a.result();
    }

    /** Ends the scan (after the block being read ahead, if any, is done): later calls of {@link #next()} return null. */
    @Override
    public void close() {
        finished = true;
        ReadAhead a = ahead;
        ahead = null;
        if (a != null && !a.claim()) {
            a.task.quietlyJoin(); // a pool thread is decoding it: wait, as the scan's file may close next
        }
    }

    /** For tests: the choice that decides between reading ahead and decoding alone. Before the first block. */
    void choice(ReadAheadChoice c) {
        this.choice = c;
    }

    /**
     * Decides, block after block, whether {@link #next()} reads the next block ahead on the pool or
     * decodes it alone (see the class comment), from how long each call took per row.
     */
    static class ReadAheadChoice {
        /** Nanoseconds per row of a block decoded alone after another (a moving average), or NaN. */
        private double aloneNanosPerRow = Double.NaN;
        /** Read-aheads in a row that took longer per row than {@link #aloneNanosPerRow}. */
        private int slowAheads;
        /** Read-aheads since the last block decoded alone. */
        private int aheadsSinceAlone;
        /** Blocks still to decode alone before reading ahead again. */
        private int aloneLeft;

        private int aloneStretch = FIRST_ALONE_STRETCH;

        private boolean previousAlone;

        /**
         * Records a block {@code next()} got in {@code nanos}, with {@code rows} rows: read ahead, decoded
         * alone ({@code alone}), or neither (decoded with the pool's help, as the first block is); returns
         * whether the next block is read ahead (false: decoded alone).
         */
        boolean readAheadNext(boolean readAhead, boolean alone, long nanos, int rows) {
            double perRow = rows > 0 ? (double) nanos / rows : Double.NaN;
            if (alone) {
                // the first block decoded alone refills one the pool wrote, which may cost as reading ahead
                // does: only a block decoded alone after another is a measure
                if (previousAlone && rows > 0) {
                    aloneNanosPerRow = Double.isNaN(aloneNanosPerRow) ? perRow : (3 * aloneNanosPerRow + perRow) / 4;
                }
                aheadsSinceAlone = 0;
            } else if (readAhead) {
                aheadsSinceAlone++;
                if (rows > 0 && !Double.isNaN(aloneNanosPerRow)) {
                    if (perRow <= aloneNanosPerRow) {
                        slowAheads = 0;
                        aloneStretch = FIRST_ALONE_STRETCH;
                    } else if (++slowAheads >= SLOW_AHEADS) {
                        slowAheads = 0;
                        aloneLeft = aloneStretch;
                        aloneStretch = Math.min(2 * aloneStretch, MAX_ALONE_STRETCH);
                    }
                }
                if (aloneLeft == 0
                        && aheadsSinceAlone >= (Double.isNaN(aloneNanosPerRow) ? FIRST_SAMPLE : SAMPLE_EVERY)) {
                    aloneLeft = 2; // time decoding alone (again)
                }
            }
            previousAlone = alone;
            if (aloneLeft > 0) {
                aloneLeft--;
                return false;
            }
            return true;
        }
    }

    /**
     * The decode of the next block into {@code fields[slot]}, by the pool task or by {@link #next()},
     * whichever {@link #claim claims} it first; failures are kept for {@link #next()}.
     */
    private final class ReadAhead implements Runnable {
        private final int slot;
        private final AtomicBoolean claimed = new AtomicBoolean();
        ForkJoinTask<?> task;
        private TsBlock block;
        private Throwable failure;

        ReadAhead(int slot) {
            this.slot = slot;
        }

        /** True for the one caller that is to decode the block. */
        boolean claim() {
            return !claimed.get() && claimed.compareAndSet(false, true);
        }

        /** Decodes the block on this thread ({@code onPool}: the pool's task, which next() helps). */
        void decode(boolean onPool) {
            try {
                block = TsScan.this.decode(slot, onPool);
            } catch (RuntimeException | Error e) {
                failure = e;
            }
        }

        /** The block decoded (after {@link #decode} on this thread, or after the task is joined). */
        TsBlock result() {
            if (failure instanceof RuntimeException re) {
                throw re;
            }
            if (failure instanceof Error err) {
                throw err;
            }
            return block;
        }

        @Override
        public void run() {
            if (claim()) {
                decode(true);
            }
        }
    }
}
