package dev.colcodec.format.io;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;

/**
 * Runs independent tasks {@code 0 .. count - 1} (one per column) on the calling thread and up to {@code
 * parallelism - 1} helpers of a pool, so a pool of {@code n} threads works on {@code n} threads, the caller
 * one of them. Each thread claims the next task nobody has taken, and the caller waits only for tasks a
 * helper has claimed: a busy pool, a helper that starts late, or a pool that is shut down (it takes no
 * helper, or drops the queued ones) leaves the remaining tasks to the caller instead of making it wait.
 * Every task runs even when another fails, and {@link #run} then rethrows the failure of the task of the
 * lowest index (the others added to it as suppressed): the one a serial run, which stops at its first
 * failure, would throw, whatever the pool and the timing.
 */
public final class FanOut implements Runnable {
    private final IntConsumer task;
    private final int count;
    private final AtomicInteger next = new AtomicInteger();
    /** Tasks claimed and not yet done, plus one while tasks may still be claimed. */
    private final AtomicInteger running = new AtomicInteger(1);

    private final Thread caller = Thread.currentThread();
    /** Each task's failure, or null (written before the task is counted done). */
    private final Throwable[] failures;

    private FanOut(int count, IntConsumer task) {
        this.count = count;
        this.task = task;
        this.failures = new Throwable[count];
    }

    /** Runs {@code task.accept(i)} once for every {@code i} in {@code [0, count)}; see the class comment. */
    public static void run(ForkJoinPool pool, int count, IntConsumer task) {
        if (pool == null || count < 2 || pool.getParallelism() < 2) {
            for (int i = 0; i < count; i++) {
                task.accept(i);
            }
            return;
        }
        FanOut f = new FanOut(count, task);
        int helpers = Math.min(count - 1, pool.getParallelism() - 1);
        try {
            for (int h = 0; h < helpers; h++) {
                pool.execute(f);
            }
        } catch (RejectedExecutionException e) {
            // a pool shutting down: the tasks no helper claims run here
        }
        f.run();
        f.await();
    }

    @Override
    public void run() {
        while (true) {
            running.incrementAndGet(); // before the claim, so await() cannot miss a claimed task
            int i = next.getAndIncrement();
            if (i >= count) {
                done();
                return;
            }
            try {
                task.accept(i);
            } catch (RuntimeException | Error e) {
                failures[i] = e;
            } finally {
                done();
            }
        }
    }

    private void done() {
        if (running.decrementAndGet() == 0 && Thread.currentThread() != caller) {
            LockSupport.unpark(caller);
        }
    }

    /**
     * {@link LockSupport#parkNanos(Object, long)} that sleeps even when the thread is interrupted (where
     * parkNanos returns at once, so a wait loop would spin at full speed against the threads it waits
     * for); the interrupt flag is set again before it returns.
     */
    public static void parkKeepingInterrupt(Object blocker, long nanos) {
        boolean interrupted = Thread.interrupted();
        LockSupport.parkNanos(blocker, nanos);
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** On the caller, after its own {@link #run}: waits for the tasks helpers claimed, then rethrows a failure. */
    private void await() {
        done(); // the caller's own "may still claim" (its run() claimed until none was left)
        int spins = 0;
        while (running.get() > 0) {
            if (++spins < 1 << 10) {
                Thread.onSpinWait();
            } else {
                parkKeepingInterrupt(this, 100_000L);
            }
        }
        Throwable t = null;
        for (Throwable f : failures) {
            if (f != null && t == null) {
                t = f;
            } else if (f != null && f != t) {
                t.addSuppressed(f);
            }
        }
        if (t instanceof RuntimeException re) {
            throw re;
        }
        if (t instanceof Error err) {
            throw err;
        }
    }
}
