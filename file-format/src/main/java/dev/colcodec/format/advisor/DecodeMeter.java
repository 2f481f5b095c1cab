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

    /** {@link #timing(LongSupplier, long, int, int)} on {@link System#nanoTime()}: 3 warm-up runs, then at least 5 runs and 20 ms. */
    static DecodeMeter timing() {
        return timing(System::nanoTime, 20_000_000L, 3, 5);
    }

    /**
     * Runs the task {@code warmupRuns} times untimed, then repeatedly until at least {@code minRuns} runs
     * and {@code minNanos} nanoseconds of {@code clock} have passed; answers runs times values over the
     * elapsed time. A clock that did not advance gives {@link Double#POSITIVE_INFINITY}.
     */
    static DecodeMeter timing(LongSupplier clock, long minNanos, int warmupRuns, int minRuns) {
        if (minRuns < 1 || warmupRuns < 0 || minNanos < 0) {
            throw new IllegalArgumentException("need minRuns >= 1, warmupRuns >= 0, minNanos >= 0");
        }
        return (encoding, codec, valueCount, decodeOnce) -> {
            for (int i = 0; i < warmupRuns; i++) {
                decodeOnce.run();
            }
            long start = clock.getAsLong();
            long elapsed;
            long runs = 0;
            do {
                decodeOnce.run();
                runs++;
                elapsed = clock.getAsLong() - start;
            } while (runs < minRuns || elapsed < minNanos);
            return elapsed <= 0 ? Double.POSITIVE_INFINITY : runs * (double) valueCount * 1e9 / elapsed;
        };
    }
}
