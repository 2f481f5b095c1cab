package dev.colcodec.format.fuzz;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Runs a {@link FuzzHarness} over deterministic seeds: case {@code i} runs with seed {@code base + i}, on
 * a worker thread, with a per-case timeout that reports a hang as a failure of that seed. Failures are
 * collected (harness, seed, the case's one-line description, the first exception) so that any one case
 * can be replayed alone with {@code -Dcolcodec.fuzz.replay=<harness>:<seed>}.
 *
 * <p>System properties: {@value #CASES} (cases per harness), {@value #SECONDS} (time budget per harness,
 * overrides the case count), {@value #SEED} (base seed), {@value #REPLAY} ({@code harness:seed}, one case,
 * verbose), {@value #TIMEOUT} (seconds per case before it counts as a hang).
 */
final class Fuzzing {
    private Fuzzing() {}

    static final String CASES = "colcodec.fuzz.cases";
    static final String SECONDS = "colcodec.fuzz.seconds";
    static final String SEED = "colcodec.fuzz.seed";
    static final String REPLAY = "colcodec.fuzz.replay";
    static final String TIMEOUT = "colcodec.fuzz.timeout";

    static final long DEFAULT_BASE_SEED = 20_261_128L;
    /** The pool the harnesses hand to parallel writers and readers. */
    static final ForkJoinPool POOL = new ForkJoinPool(2);

    /**
     * Long enough for the slowest cases seen: tsfile writing many LZMA2 pages (the xz encoder allocates its
     * match finder per page) took 142 s alone (tsTableTsFileWrites seed 34000021, session 32), over the
     * 120 s this was before; a real hang still fails the case.
     */
    private static final long DEFAULT_TIMEOUT_SECONDS = 300;
    /** A long run stops collecting after this many failures (the first ones are the useful ones). */
    private static final int MAX_FAILURES = 20;

    /** One failed case. */
    record Failure(String harness, long seed, String description, String message) {
        @Override
        public String toString() {
            return harness + " seed=" + seed + " [" + description + "]: " + message + "  (replay: -D" + REPLAY + "="
                    + harness + ":" + seed + ")";
        }
    }

    /** What a run did: the cases run and the failures among them. */
    record Report(String harness, long baseSeed, int cases, long millis, List<Failure> failures) {
        String summary() {
            StringBuilder sb = new StringBuilder()
                    .append(harness)
                    .append(": ")
                    .append(cases)
                    .append(" cases from seed ")
                    .append(baseSeed)
                    .append(" in ")
                    .append(millis)
                    .append(" ms, ")
                    .append(failures.size())
                    .append(" failed");
            for (Failure f : failures) {
                sb.append("\n  ").append(f);
            }
            return sb.toString();
        }
    }

    /** The kernels of a case: the best available for even seeds, the scalar ones for odd seeds. */
    static Kernels kernels(long seed) {
        return (seed & 1) == 0 ? KernelProvider.best() : KernelProvider.scalar();
    }

    /** A request to replay one case. */
    record Replay(String harness, long seed) {}

    /** The case named by {@value #REPLAY}, if any. */
    static Optional<Replay> replayRequest() {
        String p = System.getProperty(REPLAY, "").trim();
        if (p.isEmpty()) {
            return Optional.empty();
        }
        int colon = p.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException(REPLAY + " must be <harness>:<seed>, not " + p);
        }
        return Optional.of(new Replay(p.substring(0, colon), Long.parseLong(p.substring(colon + 1))));
    }

    /**
     * Runs the harness's cases: the budget of the system properties, else {@code defaultCases}; a replay
     * request for this harness runs its one case verbosely. A replay of another harness runs nothing.
     */
    static Report run(String harness, Supplier<? extends FuzzHarness> factory, int defaultCases) {
        long timeout = Long.getLong(TIMEOUT, DEFAULT_TIMEOUT_SECONDS);
        Optional<Replay> replay = replayRequest();
        if (replay.isPresent()) {
            if (!replay.get().harness().equals(harness)) {
                return new Report(harness, replay.get().seed(), 0, 0, List.of());
            }
            long seed = replay.get().seed();
            FuzzHarness h = factory.get();
            h.verbose = true;
            System.out.println("replaying " + harness + " seed " + seed + " with " + kernels(seed));
            long t0 = System.nanoTime();
            Failure f = runCase(harness, h, seed, timeout, newWorker(new AtomicReference<>()), true);
            System.out.println("case: " + h.description());
            return new Report(
                    harness, seed, 1, (System.nanoTime() - t0) / 1_000_000, f == null ? List.of() : List.of(f));
        }
        long base = Long.getLong(SEED, DEFAULT_BASE_SEED);
        long seconds = Long.getLong(SECONDS, 0);
        int cases = Integer.getInteger(CASES, defaultCases);
        long t0 = System.nanoTime();
        long deadline = t0 + TimeUnit.SECONDS.toNanos(seconds);
        List<Failure> failures = new ArrayList<>();
        AtomicReference<Thread> workerThread = new AtomicReference<>();
        ExecutorService worker = newWorker(workerThread);
        int i = 0;
        try {
            for (; seconds > 0 ? System.nanoTime() < deadline : i < cases; i++) {
                Failure f = runCase(harness, factory.get(), base + i, timeout, worker, false);
                if (f != null) {
                    failures.add(f);
                    if (f.message().startsWith("HANG")) {
                        // the hung thread is abandoned (a daemon); the next case gets a fresh worker
                        worker.shutdownNow();
                        worker = newWorker(workerThread);
                    }
                    if (failures.size() >= MAX_FAILURES) {
                        i++;
                        break;
                    }
                }
            }
        } finally {
            worker.shutdownNow();
        }
        return new Report(harness, base, i, (System.nanoTime() - t0) / 1_000_000, failures);
    }

    private static ExecutorService newWorker(AtomicReference<Thread> current) {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fuzz-worker");
            t.setDaemon(true);
            current.set(t);
            return t;
        });
    }

    /** Runs one case; null when it passed. A replay rethrows what the case threw, with its stack. */
    private static Failure runCase(
            String harness, FuzzHarness h, long seed, long timeoutSeconds, ExecutorService worker, boolean rethrow) {
        AtomicReference<Thread> runner = new AtomicReference<>();
        Future<?> f = worker.submit(() -> {
            runner.set(Thread.currentThread());
            h.run(seed);
            return null;
        });
        try {
            f.get(timeoutSeconds, TimeUnit.SECONDS);
            return null;
        } catch (TimeoutException e) {
            f.cancel(true);
            StringBuilder where = new StringBuilder();
            Thread t = runner.get();
            if (t != null) {
                StackTraceElement[] stack = t.getStackTrace();
                for (int k = 0; k < Math.min(6, stack.length); k++) {
                    where.append(k == 0 ? " at " : " < ").append(stack[k]);
                }
            }
            return new Failure(
                    harness, seed, h.description(), "HANG: no result within " + timeoutSeconds + " s;" + where);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (rethrow) {
                if (cause instanceof Error err) {
                    throw err;
                }
                throw new AssertionError(harness + " seed=" + seed + " [" + h.description() + "]", cause);
            }
            return new Failure(harness, seed, h.description(), oneLine(cause));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** The throwable and its first cause, on one line. */
    static String oneLine(Throwable t) {
        String s = String.valueOf(t);
        if (t.getCause() != null && t.getCause() != t) {
            s += " (caused by " + t.getCause() + ")";
        }
        return s.replace('\n', ' ');
    }
}
