package dev.colcodec.bench;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * How far apart the machine placed two threads right now: the round trip of a value handed from one
 * thread to another and back through two cache lines, in nanoseconds.
 *
 * <p>On this project's 2-vCPU VM it takes 67-75 ns when the host runs the two vCPUs close together and
 * 410-470 ns when it runs them far apart (another core complex or socket), and the host moves them from
 * one placement to the other every few seconds to minutes. Work that hands data from one thread to the
 * other, as the 2-thread file reads and writes do, runs at 1.6-1.9x one thread in the first placement and
 * at 0.8-1.2x in the second (see {@code benchmarks/RESULTS.md}, session 20), so the 2-thread benchmarks
 * print this figure at each iteration.
 */
public final class CoreToCore {
    /** The ball and its echo, each on its own cache line, away from other data. */
    private static final int PING = 8;

    private static final int PONG = 24;

    private CoreToCore() {}

    /**
     * The mean round trip over {@code rounds} hand-offs (after as many to warm up) between the calling
     * thread and a new one; -1 if the warm-up did not end within a second or the hand-offs within the
     * next (a machine with one free core, or a busy one).
     */
    public static double roundTripNanos(int rounds) throws InterruptedException {
        if (rounds < 1) {
            throw new IllegalArgumentException("rounds must be >= 1: " + rounds);
        }
        AtomicLongArray cells = new AtomicLongArray(32);
        Thread echo = new Thread(
                () -> {
                    long last = 0;
                    while (true) {
                        long v = cells.get(PING);
                        if (v < 0) {
                            return;
                        }
                        if (v != last) {
                            cells.set(PONG, v);
                            last = v;
                        } else {
                            Thread.onSpinWait();
                        }
                    }
                },
                "colcodec-core-to-core");
        echo.setDaemon(true);
        echo.start();
        try {
            long deadline = System.nanoTime() + 1_000_000_000L;
            if (!handOff(cells, 1, rounds, deadline)) {
                return -1;
            }
            long start = System.nanoTime();
            if (!handOff(cells, rounds + 1, rounds, deadline + 1_000_000_000L)) {
                return -1;
            }
            return (double) (System.nanoTime() - start) / rounds;
        } finally {
            cells.set(PING, -1);
            echo.join();
        }
    }

    private static boolean handOff(AtomicLongArray cells, long from, int rounds, long deadline) {
        long spins = 0; // over all rounds: on one core a round may take fewer spins than a check needs
        for (long i = from; i < from + rounds; i++) {
            cells.set(PING, i);
            while (cells.get(PONG) != i) {
                Thread.onSpinWait();
                if ((++spins & 0x3FF) == 0 && System.nanoTime() > deadline) {
                    return false;
                }
            }
            if (((i - from) & 0x3FF) == 0x3FF && System.nanoTime() > deadline) {
                return false;
            }
        }
        return true;
    }

    /** The line the 2-thread benchmarks print: {@code # core-to-core round trip: 70 ns}. */
    public static String describe(double nanos) {
        return nanos < 0
                ? "# core-to-core round trip: not measured (the other thread did not keep up)"
                : String.format(java.util.Locale.ROOT, "# core-to-core round trip: %.0f ns", nanos);
    }
}
