package dev.colcodec.bench.file;

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

    /** Shuts a pool from {@link #pool} down (null is fine). */
    public static void close(ForkJoinPool pool) {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
