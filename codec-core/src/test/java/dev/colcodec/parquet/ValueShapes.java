package dev.colcodec.parquet;

import java.util.Arrays;
import java.util.SplittableRandom;

/** Seeded test data in the shapes the encodings care about (shared by the Parquet encoding tests). */
public final class ValueShapes {
    private ValueShapes() {}

    /** Value counts around group (8), bit-packed run (504) and chunk boundaries. */
    public static final int[] SIZES = {0, 1, 2, 7, 8, 9, 63, 64, 65, 503, 504, 505, 1000, 4097};

    /** Data shapes. {@code RUNS_n}: runs of n equal values, each run a new random value. */
    public enum Shape {
        RANDOM(0),
        SORTED(0),
        RUNS_1(1),
        RUNS_7(7),
        RUNS_8(8),
        RUNS_9(9),
        RUNS_63(63),
        RUNS_64(64),
        RUNS_65(65),
        RUNS_504(504),
        RUNS_505(505),
        CONSTANT(0),
        EXTREMES(0);

        final int runLength;

        Shape(int runLength) {
            this.runLength = runLength;
        }
    }

    /**
     * Index pattern: which of {@code n} random draws each position repeats. Runs repeat one draw; RANDOM
     * uses a new draw per position; CONSTANT one draw for all; EXTREMES alternates between draws 0 and 1
     * (callers map those to the minimum and maximum); SORTED is RANDOM (callers sort).
     */
    static int[] pattern(Shape shape, int n, SplittableRandom r) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            switch (shape) {
                case CONSTANT:
                    p[i] = 0;
                    break;
                case EXTREMES:
                    p[i] = r.nextInt(4) == 0 ? 2 + i : (r.nextBoolean() ? 0 : 1);
                    break;
                case RANDOM:
                case SORTED:
                    p[i] = i;
                    break;
                default:
                    p[i] = i / shape.runLength;
            }
        }
        return p;
    }

    /** Ints in {@code [0, 2^bitWidth)} (bitWidth 0..32; 32 means any int). */
    public static int[] ints(Shape shape, int n, int bitWidth, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        long mask = bitWidth == 32 ? 0xFFFFFFFFL : (1L << bitWidth) - 1;
        int[] draws = new int[n + 2];
        for (int i = 0; i < draws.length; i++) {
            draws[i] = (int) (r.nextLong() & mask);
        }
        if (shape == Shape.EXTREMES) {
            draws[0] = 0;
            draws[1] = (int) mask;
        }
        int[] p = pattern(shape, n, r);
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = draws[p[i]];
        }
        if (shape == Shape.SORTED) {
            Arrays.sort(out);
        }
        return out;
    }

    /** Any ints: EXTREMES uses Integer.MIN_VALUE and MAX_VALUE. */
    public static int[] anyInts(Shape shape, int n, long seed) {
        int[] out = ints(shape, n, 32, seed);
        if (shape == Shape.EXTREMES) {
            for (int i = 0; i < n; i++) {
                if (out[i] == 0) {
                    out[i] = Integer.MIN_VALUE;
                } else if (out[i] == -1) {
                    out[i] = Integer.MAX_VALUE;
                }
            }
        }
        return out;
    }

    /** Any longs: EXTREMES uses Long.MIN_VALUE and MAX_VALUE. */
    public static long[] longs(Shape shape, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        long[] draws = new long[n + 2];
        for (int i = 0; i < draws.length; i++) {
            draws[i] = r.nextInt(3) == 0 ? r.nextInt(1000) : r.nextLong();
        }
        draws[0] = Long.MIN_VALUE;
        draws[1] = Long.MAX_VALUE;
        int[] p = pattern(shape, n, r);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = draws[p[i]];
        }
        if (shape == Shape.SORTED) {
            Arrays.sort(out);
        }
        return out;
    }

    /** Special float bit patterns: NaNs with payloads, infinities, signed zeros, extremes. */
    public static final int[] SPECIAL_FLOAT_BITS = {
        0x7fc00000,
        0x7f800001,
        0xffc00001,
        0x7fbfffff,
        0x7f800000,
        0xff800000,
        0x80000000,
        0,
        0x00000001,
        0x7f7fffff,
        0xff7fffff,
        0x00800000
    };

    /** Special double bit patterns. */
    public static final long[] SPECIAL_DOUBLE_BITS = {
        0x7ff8000000000000L,
        0x7ff0000000000001L,
        0xfff8000000000001L,
        0x7ff7ffffffffffffL,
        0x7ff0000000000000L,
        0xfff0000000000000L,
        0x8000000000000000L,
        0L,
        1L,
        0x7fefffffffffffffL,
        0xffefffffffffffffL
    };

    /** Float raw bits: random values mixed with the special ones (EXTREMES: only special ones). */
    public static int[] floatBits(Shape shape, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] draws = new int[n + 2];
        for (int i = 0; i < draws.length; i++) {
            int k = r.nextInt(4);
            draws[i] = k == 0
                    ? SPECIAL_FLOAT_BITS[r.nextInt(SPECIAL_FLOAT_BITS.length)]
                    : k == 1 ? Float.floatToRawIntBits(r.nextInt(100) / 4f) : r.nextInt();
        }
        if (shape == Shape.EXTREMES) {
            for (int i = 0; i < draws.length; i++) {
                draws[i] = SPECIAL_FLOAT_BITS[r.nextInt(SPECIAL_FLOAT_BITS.length)];
            }
        }
        int[] p = pattern(shape, n, r);
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = draws[p[i]];
        }
        if (shape == Shape.SORTED) {
            Arrays.sort(out);
        }
        return out;
    }

    /** Double raw bits, like {@link #floatBits}. */
    public static long[] doubleBits(Shape shape, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        long[] draws = new long[n + 2];
        for (int i = 0; i < draws.length; i++) {
            int k = r.nextInt(4);
            draws[i] = k == 0
                    ? SPECIAL_DOUBLE_BITS[r.nextInt(SPECIAL_DOUBLE_BITS.length)]
                    : k == 1 ? Double.doubleToRawLongBits(r.nextInt(100) / 4d) : r.nextLong();
        }
        if (shape == Shape.EXTREMES) {
            for (int i = 0; i < draws.length; i++) {
                draws[i] = SPECIAL_DOUBLE_BITS[r.nextInt(SPECIAL_DOUBLE_BITS.length)];
            }
        }
        int[] p = pattern(shape, n, r);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = draws[p[i]];
        }
        if (shape == Shape.SORTED) {
            Arrays.sort(out);
        }
        return out;
    }

    public static float[] floats(int[] bits) {
        float[] out = new float[bits.length];
        for (int i = 0; i < bits.length; i++) {
            out[i] = Float.intBitsToFloat(bits[i]);
        }
        return out;
    }

    public static double[] doubles(long[] bits) {
        double[] out = new double[bits.length];
        for (int i = 0; i < bits.length; i++) {
            out[i] = Double.longBitsToDouble(bits[i]);
        }
        return out;
    }

    /**
     * Byte strings: {@code fixedLength < 0} gives lengths 0..maxLength (EXTREMES: empty and maxLength
     * 0xFF bytes); otherwise every value has {@code fixedLength} bytes.
     */
    public static byte[][] binaries(Shape shape, int n, int fixedLength, int maxLength, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        byte[][] draws = new byte[n + 2][];
        for (int i = 0; i < draws.length; i++) {
            int len = fixedLength >= 0 ? fixedLength : r.nextInt(maxLength + 1);
            draws[i] = new byte[len];
            for (int k = 0; k < len; k++) {
                draws[i][k] = (byte) r.nextInt(256);
            }
        }
        draws[0] = new byte[Math.max(fixedLength, 0)];
        draws[1] = new byte[fixedLength >= 0 ? fixedLength : maxLength];
        Arrays.fill(draws[1], (byte) 0xFF);
        int[] p = pattern(shape, n, r);
        byte[][] out = new byte[n][];
        for (int i = 0; i < n; i++) {
            out[i] = draws[p[i]];
        }
        if (shape == Shape.SORTED) {
            Arrays.sort(out, Arrays::compareUnsigned);
        }
        return out;
    }

    /** A split of {@code n} into odd-sized batches (1, 3, 5, ... 97, repeating) with random skips between. */
    public static int[] oddBatches(int n, SplittableRandom r) {
        int[] out = new int[n + 1];
        int k = 0;
        int odd = 1;
        int left = n;
        while (left > 0) {
            int b = Math.min(left, odd);
            out[k++] = r.nextInt(5) == 0 ? -b : b; // negative: skip
            left -= b;
            odd = odd >= 97 ? 1 : odd + 2 + 2 * r.nextInt(8);
        }
        return Arrays.copyOf(out, k);
    }
}
