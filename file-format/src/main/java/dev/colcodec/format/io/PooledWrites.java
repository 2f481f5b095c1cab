package dev.colcodec.format.io;

import java.io.IOException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RejectedExecutionException;

/**
 * Writes to a stream handed to a pool one at a time, in the order given, so the writer that owns the
 * stream goes on encoding while the last finished part (a row group, a chunk group) is written. A write
 * starts only once the previous one is done; without a pool, or when the pool takes no more tasks, it
 * runs on the calling thread. The first failure is rethrown by every later call, so nothing written
 * after it is mistaken for a good file. Not thread-safe: for the one thread that owns the stream.
 */
public final class PooledWrites {
    /** One write to the stream. */
    @FunctionalInterface
    public interface Write {
        void run() throws IOException;
    }

    private final ForkJoinPool pool;
    private final String what;
    /** The write running on the pool, or null. */
    private ForkJoinTask<?> pending;

    private volatile IOException failure;

    /**
     * @param pool where writes run ({@code null}: on the calling thread)
     * @param what what one write holds, for the failure message ("row group", "chunk group")
     */
    public PooledWrites(ForkJoinPool pool, String what) {
        this.pool = pool;
        this.what = what;
    }

    /** Waits for the previous write, then starts {@code w} on the pool (or runs it here). */
    public void submit(Write w) throws IOException {
        await();
        if (pool != null) {
            try {
                pending = pool.submit(() -> {
                    try {
                        w.run();
                    } catch (IOException e) {
                        failure = e;
                    }
                });
                return;
            } catch (RejectedExecutionException e) {
                // a pool shutting down: written here
            }
        }
        w.run();
    }

    /** Waits for the write running on the pool, if any; rethrows a failure of any earlier write. */
    public void await() throws IOException {
        ForkJoinTask<?> p = pending;
        if (p != null) {
            pending = null;
            p.join();
        }
        check();
    }

    /** Rethrows a failure of an earlier write, without waiting. */
    public void check() throws IOException {
        IOException f = failure;
        if (f != null) {
            throw new IOException("an earlier " + what + " could not be written", f);
        }
    }

    /** Waits for the write running on the pool, if any, ignoring its outcome (for a writer giving up). */
    public void awaitQuietly() {
        ForkJoinTask<?> p = pending;
        pending = null;
        if (p != null) {
            p.quietlyJoin();
        }
    }
}
