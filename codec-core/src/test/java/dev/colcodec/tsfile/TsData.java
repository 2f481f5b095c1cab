package dev.colcodec.tsfile;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded test data shapes for the TsFile codec tests: random, monotonic timestamps with jitter,
 * constant, runs, extremes, small values, plus floating-point specials. Every generator is a pure
 * function of (shape, size, seed).
 */
public final class TsData {
    /** Page sizes around TS_2DIFF's 129-value blocks and RLE's 8-value groups. */
    public static final int[] SIZES = {0, 1, 2, 7, 8, 9, 127, 128, 129, 130, 257, 258, 1000};

    public enum LongShape {
        RANDOM,
        TIMESTAMPS,
        CONSTANT,
        RUNS,
        EXTREMES,
        SMALL,
        DESCENDING
    }

    public enum DoubleShape {
        RANDOM_BITS,
        SENSOR,
        SPECIALS,
        CONSTANT,
        RUNS,
        HUGE
    }

    public enum BooleanShape {
        RANDOM,
        RUNS,
        ALL_TRUE,
        ALL_FALSE,
        ALTERNATING
    }

    private TsData() {}

    public static long[] longs(LongShape shape, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed * 31 + shape.ordinal());
        long[] v = new long[n];
        long[] extremes = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1};
        long c = r.nextLong();
        for (int i = 0, run = 0; i < n; i++) {
            switch (shape) {
                case RANDOM:
                    v[i] = r.nextLong();
                    break;
                case TIMESTAMPS:
                    v[i] = 1_700_000_000_000L + i * 1000L + r.nextInt(7);
                    break;
                case CONSTANT:
                    v[i] = c;
                    break;
                case RUNS:
                    if (run == 0) {
                        run = 1 + r.nextInt(r.nextBoolean() ? 6 : 40);
                        c = r.nextInt(5) == 0 ? r.nextLong() : r.nextInt(1 << r.nextInt(1, 20));
                    }
                    v[i] = c;
                    run--;
                    break;
                case EXTREMES:
                    v[i] = extremes[r.nextInt(extremes.length)];
                    break;
                case SMALL:
                    v[i] = r.nextInt(16);
                    break;
                case DESCENDING:
                    v[i] = 5_000_000L - i * 37L - r.nextInt(3);
                    break;
                default:
                    throw new AssertionError(shape);
            }
        }
        return v;
    }

    /** The INT32 form of a shape (timestamps relative to a base so that they fit). */
    public static int[] ints(LongShape shape, int n, long seed) {
        long[] l = longs(shape, n, seed);
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            switch (shape) {
                case TIMESTAMPS:
                    v[i] = (int) (l[i] - 1_699_999_000_000L);
                    break;
                case EXTREMES:
                    v[i] = l[i] == Long.MIN_VALUE
                            ? Integer.MIN_VALUE
                            : l[i] == Long.MAX_VALUE ? Integer.MAX_VALUE : (int) l[i];
                    break;
                default:
                    v[i] = (int) l[i];
            }
        }
        return v;
    }

    /** Longs whose TS_2DIFF rebased deltas use exactly {@code width} bits. */
    public static long[] longsWithDeltaWidth(int width, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed + width);
        long[] v = new long[n];
        // minDelta + (2^width - 1) must not overflow, or the signed min delta would be another one
        long minDelta = width == 0 ? r.nextLong() : width == 64 ? Long.MIN_VALUE : -(1L << (width - 1)) + r.nextInt(3);
        long prev = r.nextLong();
        for (int i = 0; i < n; i++) {
            v[i] = prev;
            long bits = width == 0 || i % 129 == 2 ? 0 : (i % 129 == 1 ? -1L : r.nextLong()) >>> (64 - width);
            prev = prev + minDelta + bits;
        }
        return v;
    }

    /** Ints whose TS_2DIFF rebased deltas use exactly {@code width} bits. */
    public static int[] intsWithDeltaWidth(int width, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed + width);
        int[] v = new int[n];
        int minDelta = width == 0 ? r.nextInt() : width == 32 ? Integer.MIN_VALUE : -(1 << (width - 1)) + r.nextInt(3);
        int prev = r.nextInt();
        for (int i = 0; i < n; i++) {
            v[i] = prev;
            int bits = width == 0 || i % 129 == 2 ? 0 : (i % 129 == 1 ? -1 : r.nextInt()) >>> (32 - width);
            prev = prev + minDelta + bits;
        }
        return v;
    }

    /** Non-negative values of at most {@code width} bits (one of exactly that width) with some runs. */
    public static long[] longsOfWidth(int width, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed * 7 + width);
        long[] v = new long[n];
        long mask = width == 64 ? -1L : (1L << width) - 1;
        for (int i = 0; i < n; i++) {
            if (i > 0 && r.nextInt(6) == 0) {
                int run = Math.min(n - i, r.nextInt(1, 20));
                for (int k = 0; k < run; k++) {
                    v[i + k] = v[i - 1];
                }
                i += run - 1;
            } else {
                v[i] = r.nextLong() & mask;
            }
        }
        if (n > 0) {
            v[n / 2] = mask;
        }
        return v;
    }

    public static double[] doubles(DoubleShape shape, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed * 131 + shape.ordinal());
        double[] specials = {
            Double.NaN,
            Double.longBitsToDouble(0x7ff0000000000123L),
            Double.longBitsToDouble(0xfff8000000000001L),
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY,
            -0.0,
            0.0,
            Double.MIN_VALUE,
            -Double.MIN_VALUE,
            Double.MAX_VALUE,
            -Double.MAX_VALUE,
            Double.MIN_NORMAL,
            1.005,
            -2.5,
            2.5,
            0.125,
            9.223372036854776E18,
            -9.223372036854776E18,
            2147483647.5,
            -2147483648.5,
            92233720368547758.0,
            21474836.48,
            -21474836.49
        };
        double[] v = new double[n];
        double c = r.nextDouble() * 100;
        for (int i = 0, run = 0; i < n; i++) {
            switch (shape) {
                case RANDOM_BITS:
                    v[i] = Double.longBitsToDouble(r.nextLong());
                    break;
                case SENSOR:
                    v[i] = Math.round((20 + 5 * Math.sin(i / 50.0) + r.nextGaussian() * 0.1) * 100) / 100.0;
                    break;
                case SPECIALS:
                    v[i] = specials[r.nextInt(specials.length)];
                    break;
                case CONSTANT:
                    v[i] = c;
                    break;
                case RUNS:
                    if (run == 0) {
                        run = 1 + r.nextInt(30);
                        c = Math.round(r.nextDouble() * 1000) / 10.0;
                    }
                    v[i] = c;
                    run--;
                    break;
                case HUGE:
                    v[i] = (r.nextBoolean() ? 1 : -1) * Math.pow(10, r.nextInt(30)) * r.nextDouble();
                    break;
                default:
                    throw new AssertionError(shape);
            }
        }
        return v;
    }

    public static float[] floats(DoubleShape shape, int n, long seed) {
        double[] d = doubles(shape, n, seed);
        float[] f = new float[n];
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < n; i++) {
            f[i] = shape == DoubleShape.RANDOM_BITS ? Float.intBitsToFloat(r.nextInt()) : (float) d[i];
        }
        return f;
    }

    public static boolean[] booleans(BooleanShape shape, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed * 17 + shape.ordinal());
        boolean[] v = new boolean[n];
        boolean c = false;
        for (int i = 0, run = 0; i < n; i++) {
            switch (shape) {
                case RANDOM:
                    v[i] = r.nextBoolean();
                    break;
                case RUNS:
                    if (run == 0) {
                        run = 1 + r.nextInt(r.nextBoolean() ? 5 : 60);
                        c = !c;
                    }
                    v[i] = c;
                    run--;
                    break;
                case ALL_TRUE:
                    v[i] = true;
                    break;
                case ALL_FALSE:
                    v[i] = false;
                    break;
                case ALTERNATING:
                    v[i] = (i & 1) == 0;
                    break;
                default:
                    throw new AssertionError(shape);
            }
        }
        return v;
    }

    /** Byte strings: empty ones, ASCII, multi-byte UTF-8 and random bytes, lengths up to 200. */
    public static byte[][] binaries(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            switch (r.nextInt(4)) {
                case 0:
                    out.add(new byte[0]);
                    break;
                case 1:
                    out.add(("device-" + r.nextInt(1000)).getBytes(StandardCharsets.UTF_8));
                    break;
                case 2:
                    out.add(("温度ö" + r.nextInt()).getBytes(StandardCharsets.UTF_8));
                    break;
                default:
                    byte[] b = new byte[r.nextInt(r.nextBoolean() ? 8 : 200)];
                    r.nextBytes(b);
                    out.add(b);
            }
        }
        return out.toArray(new byte[0][]);
    }
}
