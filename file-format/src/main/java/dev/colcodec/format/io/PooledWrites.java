package dev.colcodec.format.io;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Writes to a stream handed to a pool one at a time, in the order given, so the writer that owns the
 * stream goes on encoding while the last finished part (a row group, a chunk group) is written. A write
 * starts only once the previous one is done. It runs on the calling thread without a pool, when the pool
 * takes no more tasks, and when no pool thread has started it by the time the next write (or {@link
 * #await}) comes: a busy pool or one shut down never holds a write back or loses it. The first failure is
 * rethrown by every later call, so nothing written after it is mistaken for a good file. Not thread-safe:
 * for the one thread that owns the stream.
 */
public final class PooledWrites {
    /** One write to the stream. */
    @FunctionalInterface
    public interface Write {
        void run() throws IOException;
    }

    private final ForkJoinPool pool;
    private final String what;
    /** The write handed to the pool, or null. */
    private Pending pending;

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
            Pending p = new Pending(w);
            try {
                pool.execute(p);
                pending = p;
                return;
            } catch (RejectedExecutionException e) {
                // a pool shutting down: written here
            }
        }
        runHere(w);
    }

    /** Runs {@code w} on this thread, keeping a failure for every later call. */
    private void runHere(Write w) throws IOException {
        try {
            w.run();
        } catch (IOException e) {
            failed(e);
            throw e;
        } catch (RuntimeException | Error e) {
            failed(new IOException("the " + what + " could not be written", e));
            throw e;
        }
    }

    /**
     * Fails the stream for good, as a failed write would: every later call rethrows {@code e}. For an
     * owner that left a part cut short in the stream (it failed after writing some of it).
     */
    public void fail(IOException e) {
        failed(e);
    }

    private void failed(IOException e) {
        if (failure == null) {
            failure = e;
        }
    }

    /**
     * Finishes the write handed to the pool, if any: runs it here if no pool thread has started it, else
     * waits for it; rethrows a failure of any earlier write.
     */
    public void await() throws IOException {
        Pending p = pending;
        pending = null;
        if (p != null) {
            if (p.claim()) {
                runHere(p.write);
            } else {
                p.awaitDone();
            }
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

    /**
     * Makes sure nothing writes to the stream any more, ignoring the outcome (for a writer giving up): a
     * write no pool thread has started is dropped, one running is waited for.
     */
    public void awaitQuietly() {
        Pending p = pending;
        pending = null;
        if (p != null && !p.claim()) {
            try {
                p.awaitDone();
            } catch (RuntimeException | Error e) {
                // given up anyway
            }
        }
    }

    /** A write on the pool, run by whichever thread {@link #claim claims} it first. */
    private final class Pending implements Runnable {
        final Write write;
        private final AtomicBoolean claimed = new AtomicBoolean();
        private final CountDownLatch done = new CountDownLatch(1);
        /** An unchecked failure of the write on the pool, for the owner to rethrow. */
        private volatile Throwable thrown;

        Pending(Write write) {
            this.write = write;
        }

        boolean claim() {
            return !claimed.get() && claimed.compareAndSet(false, true);
        }

        @Override
        public void run() {
            if (!claim()) {
                return;
            }
            try {
                write.run();
            } catch (IOException e) {
                failed(e);
            } catch (RuntimeException | Error e) {
                thrown = e;
                failed(new IOException("the " + what + " could not be written", e));
            } finally {
                done.countDown();
            }
        }

        /** Waits (even if interrupted: the stream is not to be touched before) until the pool's run is done. */
        void awaitDone() {
            boolean interrupted = false;
            while (true) {
                try {
                    done.await();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            Throwable t = thrown;
            if (t instanceof RuntimeException re) {
                throw re;
            }
            if (t instanceof Error err) {
                throw err;
            }
        }
    }
}
