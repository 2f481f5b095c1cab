package dev.colcodec.bench.file;

import dev.colcodec.bench.CoreToCore;
import java.util.concurrent.ForkJoinPool;

/** The {@code threads} parameter of the file benchmarks: a number of threads, or {@code all} (every core). */
public final class Threads {
    private Threads() {}

    /** How many threads {@code threads} means ("all": {@link Runtime#availableProcessors()}). */
    public static int count(String threads) {
        int n = threads.equals("all") ? Runtime.getRuntime().availableProcessors() : Integer.parseInt(threads);
        if (n < 1) {
            throw new IllegalArgumentException("threads must be >= 1 or 'all', got " + threads);
        }
        return n;
    }

    /** A pool of {@link #count} threads, or null for one thread (work stays on the calling thread). */
    public static ForkJoinPool pool(String threads) {
        int n = count(threads);
        return n == 1 ? null : new ForkJoinPool(n);
    }

    /**
     * With a pool (2 threads or more), prints where the machine placed two threads now ({@link
     * CoreToCore}): the 2-thread benchmarks call it before each iteration, so each score can be read
     * with the placement it ran in.
     */
    public static void printPlacement(ForkJoinPool pool) throws InterruptedException {
        if (pool != null) {
            System.out.println(CoreToCore.describe(CoreToCore.roundTripNanos(100_000)));
        }
    }

    /** Shuts a pool from {@link #pool} down (null is fine). */
    public static void close(ForkJoinPool pool) {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
