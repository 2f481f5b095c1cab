package dev.colcodec.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * What two threads can gain on this machine, for reading the 2-thread rows of the results: the same
 * work on one thread, then twice on two, round after round, for work that stays in registers (an
 * xorshift loop) and for work that streams memory (summing two {@code long[]} arrays larger than the
 * caches). {@code java -jar benchmarks.jar scaling [--rounds N] [--mb M]}.
 *
 * <p>On the 2-core AMD EPYC VM of sessions 7 to 10 the register-bound work scaled 1.95x to 2.12x in every
 * round, and the memory-bound work anywhere from 0.93x to 2.08x (often about 1x): the cores are there,
 * the memory bandwidth is shared with the rest of the host and changes from second to second. Scans and
 * writes of whole files stream memory, so their 2-thread gains are bounded by the second number. The
 * last column is {@link CoreToCore}'s round trip: where the host placed the two vCPUs in that round.
 */
public final class ScalingProbe {
    /** One round: scaling (two threads' work per time over one thread's) of each kind of work. */
    public record Round(
            double registerScaling, double memoryScaling, double oneThreadGigabytesPerSecond, double coreToCoreNanos) {}

    private ScalingProbe() {}

    public static void main(String[] args) throws Exception {
        int rounds = 20;
        int megabytes = 320;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--mb" -> megabytes = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("usage: scaling [--rounds N] [--mb M]: " + args[i]);
            }
        }
        run(System.out, rounds, megabytes, 200_000_000L);
    }

    /**
     * Prints and returns {@code rounds} rounds over arrays of {@code megabytes} MB each and register loops
     * of {@code steps} steps.
     */
    public static List<Round> run(PrintStream out, int rounds, int megabytes, long steps) throws Exception {
        if (megabytes < 1 || megabytes > 8192) {
            throw new IllegalArgumentException("--mb must be in [1, 8192]: " + megabytes);
        }
        long[] a = new long[(int) ((long) megabytes * (1 << 20) / 8)];
        long[] b = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
            b[i] = 3L * i;
        }
        List<Round> result = new ArrayList<>();
        ExecutorService two = Executors.newFixedThreadPool(2);
        try {
            out.println(
                    "| round | register-bound 2t/1t | memory-bound 2t/1t | memory 1t GB/s | core-to-core round trip ns |");
            out.println("|---:|---:|---:|---:|---:|");
            long sink = 0;
            for (int r = 0; r < rounds; r++) {
                long t0 = System.nanoTime();
                sink += registers(steps);
                long t1 = System.nanoTime();
                Future<Long> x = two.submit(() -> registers(steps));
                Future<Long> y = two.submit(() -> registers(steps + 1));
                sink += x.get() + y.get();
                long t2 = System.nanoTime();
                sink += stream(a, 3);
                long t3 = System.nanoTime();
                Future<Long> u = two.submit(() -> stream(a, 3));
                Future<Long> v = two.submit(() -> stream(b, 3));
                sink += u.get() + v.get();
                long t4 = System.nanoTime();
                Round round = new Round(
                        2.0 * (t1 - t0) / (t2 - t1),
                        2.0 * (t3 - t2) / (t4 - t3),
                        3.0 * a.length * 8 / (t3 - t2),
                        CoreToCore.roundTripNanos(100_000));
                result.add(round);
                out.printf(
                        "| %d | %.2fx | %.2fx | %.1f | %.0f |%n",
                        r,
                        round.registerScaling(),
                        round.memoryScaling(),
                        round.oneThreadGigabytesPerSecond(),
                        round.coreToCoreNanos());
            }
            if (sink == 42) {
                out.print("");
            }
        } finally {
            two.shutdown();
        }
        return result;
    }

    private static long registers(long steps) {
        long x = 88172645463325252L;
        long s = 0;
        for (long i = 0; i < steps; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            s += x * 31 + (s >>> 3);
        }
        return s;
    }

    private static long stream(long[] a, int passes) {
        long s = 0;
        for (int p = 0; p < passes; p++) {
            for (long v : a) {
                s += v;
            }
        }
        return s;
    }
}
