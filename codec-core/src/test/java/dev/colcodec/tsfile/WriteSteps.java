package dev.colcodec.tsfile;

import java.util.SplittableRandom;
import java.util.function.IntConsumer;

/** Feeds {@code n} values to a writer as a seeded mix of single writes and batches of odd sizes. */
public final class WriteSteps {
    private static final int[] SIZES = {1, 3, 7, 8, 9, 63, 128, 129, 300, 1000};

    /** Writes values {@code [i, i + len)} of the test's array in one batch call. */
    public interface Batch {
        void write(int from, int len);
    }

    private WriteSteps() {}

    public static void mixed(int n, long seed, IntConsumer one, Batch batch) {
        SplittableRandom r = new SplittableRandom(seed);
        int i = 0;
        while (i < n) {
            if (r.nextInt(3) == 0) {
                one.accept(i++);
            } else {
                int k = Math.min(n - i, SIZES[r.nextInt(SIZES.length)]);
                batch.write(i, k);
                i += k;
            }
        }
    }
}
