package dev.colcodec.format.advisor;

import dev.colcodec.format.compress.Compression;
import java.util.function.LongSupplier;

/**
 * Measures how fast one candidate decodes. The advisor hands it a task that decodes the whole sample
 * once (decompression, reader set-up, reading every value); the meter answers values per second. The
 * default, {@link #timing()}, runs the task in a timed loop; tests inject a meter or a clock of their
 * own so that choices depending on speed are deterministic.
 */
@FunctionalInterface
public interface DecodeMeter {
    /**
     * Values decoded per second.
     *
     * @param encoding the encoding being measured
     * @param codec its page compression
     * @param valueCount values one run of {@code decodeOnce} decodes
     * @param decodeOnce decodes the sample once
     */
    double valuesPerSecond(ColumnEncoding encoding, Compression codec, int valueCount, Runnable decodeOnce);

    /**
     * {@link #timing(LongSupplier, long, long, int)} on {@link System#nanoTime()}: at least 50 ms of
     * warm-up, then the best of 5 batches of 10 ms.
     */
    static DecodeMeter timing() {
        return timing(System::nanoTime, 50_000_000L, 10_000_000L, 5);
    }

    /**
     * Times the task in batches, each repeating it until {@code batchNanos} of {@code clock} have passed
     * (at least once). Warm-up batches run until at least {@code warmupNanos} have passed and the last
     * batch was at most 5% faster than the one before (the JIT has settled), or until 20 times {@code
     * warmupNanos}; then {@code batches} timed batches follow, and the best one's values per second is
     * the answer: on a shared machine the fastest batch is the least disturbed. A clock that did not
     * advance gives {@link Double#POSITIVE_INFINITY}, and so does a task of no values, which is not run.
     */
    static DecodeMeter timing(LongSupplier clock, long warmupNanos, long batchNanos, int batches) {
        if (batches < 1 || warmupNanos < 0 || batchNanos < 0) {
            throw new IllegalArgumentException("need batches >= 1, warmupNanos >= 0, batchNanos >= 0");
        }
        return (encoding, codec, valueCount, decodeOnce) -> {
            if (valueCount <= 0) {
                return Double.POSITIVE_INFINITY; // nothing to decode: no time to measure
            }
            long warmStart = clock.getAsLong();
            double previous = 0;
            while (true) {
                double speed = batch(clock, batchNanos, valueCount, decodeOnce);
                long spent = clock.getAsLong() - warmStart;
                boolean settled = previous > 0 && speed <= previous * 1.05;
                previous = speed;
                if ((settled && spent >= warmupNanos) || spent >= 20 * warmupNanos) {
                    break;
                }
            }
            double best = 0;
            for (int b = 0; b < batches; b++) {
                best = Math.max(best, batch(clock, batchNanos, valueCount, decodeOnce));
            }
            return best;
        };
    }

    /** Runs the task until {@code batchNanos} have passed (at least once); values per second. */
    private static double batch(LongSupplier clock, long batchNanos, int valueCount, Runnable decodeOnce) {
        long start = clock.getAsLong();
        long elapsed;
        long runs = 0;
        do {
            decodeOnce.run();
            runs++;
            elapsed = clock.getAsLong() - start;
        } while (elapsed < batchNanos);
        return elapsed <= 0 ? Double.POSITIVE_INFINITY : runs * (double) valueCount * 1e9 / elapsed;
    }
}
