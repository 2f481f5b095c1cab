package dev.colcodec.bench.parquet.delta;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;

/** Seeded benchmark inputs. */
final class BenchData {
    /** Values per benchmark operation. */
    static final int N = 100_000;

    private BenchData() {}

    /**
     * Integer series: {@code TIMESTAMPS} (+1000 per value with small jitter), {@code BW<n>} (random
     * deltas of exactly n bits, so every miniblock has width n) or {@code CONSTANT_STEP} (all widths
     * 0).
     */
    static long[] series(String shape, int n, boolean int32) {
        SplittableRandom r = new SplittableRandom(42);
        long[] v = new long[n];
        long cur = int32 ? 1_600_000_000L : 1_700_000_000_000L;
        for (int i = 0; i < n; i++) {
            if (shape.equals("TIMESTAMPS")) {
                cur += 1000 + r.nextInt(-8, 9);
            } else if (shape.equals("CONSTANT_STEP")) {
                cur += 1000;
            } else if (shape.startsWith("BW")) {
                int w = Integer.parseInt(shape.substring(2));
                cur += w == 64 ? r.nextLong() : r.nextLong() & ((1L << w) - 1);
            } else {
                throw new IllegalArgumentException("unknown shape " + shape);
            }
            v[i] = int32 ? (int) cur : cur;
        }
        return v;
    }

    static int[] toInts(long[] v) {
        int[] out = new int[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = (int) v[i];
        }
        return out;
    }

    /** Floating-point series: {@code RANDOM} (uniform in [0, 1000)) or {@code SENSOR} (smooth, noisy). */
    static double[] doubles(String shape, int n) {
        SplittableRandom r = new SplittableRandom(7);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            switch (shape) {
                case "RANDOM":
                    v[i] = r.nextDouble() * 1000;
                    break;
                case "SENSOR":
                    v[i] = 21.5 + 3 * Math.sin(i / 500.0) + (r.nextInt(21) - 10) / 100.0;
                    break;
                default:
                    throw new IllegalArgumentException("unknown shape " + shape);
            }
        }
        return v;
    }

    static float[] toFloats(double[] v) {
        float[] out = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = (float) v[i];
        }
        return out;
    }

    /**
     * Short strings: {@code RANDOM} (4..16 random letters) or {@code SORTED_KEYS} (sorted keys such as
     * {@code user-000123-ab}, sharing long prefixes with their neighbours).
     */
    static byte[][] strings(String shape, int n) {
        SplittableRandom r = new SplittableRandom(11);
        byte[][] v = new byte[n][];
        for (int i = 0; i < n; i++) {
            StringBuilder sb = new StringBuilder();
            switch (shape) {
                case "RANDOM":
                    for (int k = 0, len = r.nextInt(4, 17); k < len; k++) {
                        sb.append((char) ('a' + r.nextInt(26)));
                    }
                    break;
                case "SORTED_KEYS":
                    sb.append(String.format("user-%06d-", r.nextInt(50_000)));
                    sb.append((char) ('a' + r.nextInt(26))).append((char) ('a' + r.nextInt(26)));
                    break;
                default:
                    throw new IllegalArgumentException("unknown shape " + shape);
            }
            v[i] = sb.toString().getBytes(StandardCharsets.UTF_8);
        }
        if (shape.equals("SORTED_KEYS")) {
            Arrays.sort(v, Arrays::compareUnsigned);
        }
        return v;
    }
}
