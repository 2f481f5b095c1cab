package dev.colcodec.tsfile;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongPredicate;

/** Test helper: named data shapes for the numeric TsFile types, as {@code long} bits (see {@link TsNumericType}). */
public final class TsTestData {
    /** Page sizes around the block boundaries of the encodings (8, 9, 16x9, 63x8, 128, 129, 10,000). */
    public static final int[] SIZES = {
        0, 1, 2, 3, 7, 8, 9, 10, 17, 64, 127, 128, 129, 144, 145, 505, 1000, 10_000, 10_001
    };

    private TsTestData() {}

    /** A named array of values. */
    public record Shape(String name, long[] values) {
        @Override
        public String toString() {
            return name + "[" + values.length + "]";
        }
    }

    /** xorshift64 (13/7/17), the PR #823 workload generator. */
    public static long[] xorshift(int n, long seed) {
        long x = seed == 0 ? 88172645463325252L : seed;
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            out[i] = x;
        }
        return out;
    }

    /** Every shape at every size in {@link #SIZES}, minus values rejected by {@code keep}. */
    public static List<Shape> shapes(TsNumericType type, long seed, LongPredicate keep) {
        List<Shape> out = new ArrayList<>();
        for (int size : SIZES) {
            for (Shape s : shapesOfSize(type, size, seed + size)) {
                long[] v = Arrays.stream(s.values()).filter(keep).toArray();
                out.add(new Shape(s.name(), v));
            }
        }
        return out;
    }

    public static List<Shape> shapesOfSize(TsNumericType type, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Shape> out = new ArrayList<>();
        out.add(new Shape("random", gen(n, i -> type.norm(r.nextLong()))));
        out.add(new Shape("constant", gen(n, i -> type.norm(0x1234_5678_9abcL))));
        out.add(new Shape("zeros", new long[n]));
        out.add(new Shape("runs", runs(type, n, r)));
        if (type.isFloating()) {
            out.add(new Shape("walk", walk(type, n, r)));
            out.add(new Shape("decimals", decimals(type, n, r)));
            out.add(new Shape("specials", specials(type, n, r)));
        } else {
            out.add(new Shape("timestamps", timestamps(type, n, r)));
            out.add(new Shape("small", gen(n, i -> r.nextInt(-50, 50))));
            out.add(new Shape("extremes", extremes(type, n, r)));
            out.add(new Shape("ramp", gen(n, i -> type.norm(i * 3L - 7))));
        }
        return out;
    }

    private interface Gen {
        long at(int i);
    }

    private static long[] gen(int n, Gen g) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = g.at(i);
        }
        return v;
    }

    private static long[] runs(TsNumericType type, int n, SplittableRandom r) {
        long[] v = new long[n];
        int i = 0;
        while (i < n) {
            long value = type.isFloating() ? bitsOf(type, r.nextInt(-3, 4) * 1.5) : r.nextInt(-3, 1000);
            int len = r.nextInt(1, r.nextBoolean() ? 12 : 300);
            for (int k = 0; k < len && i < n; k++) {
                v[i++] = value;
            }
        }
        return v;
    }

    private static long[] timestamps(TsNumericType type, int n, SplittableRandom r) {
        long t = type.is32Bit() ? 1_000_000 : 1_700_000_000_000L;
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            t += 1000 + r.nextInt(-3, 7);
            v[i] = type.norm(t);
        }
        return v;
    }

    private static long[] extremes(TsNumericType type, int n, SplittableRandom r) {
        long[] pool = type.is32Bit()
                ? new long[] {
                    Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -1, 0, 1, Integer.MAX_VALUE - 1
                }
                : new long[] {
                    Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, -1, 0, 1, Long.MAX_VALUE - 1, Integer.MIN_VALUE
                };
        return gen(n, i -> pool[r.nextInt(pool.length)]);
    }

    private static long[] walk(TsNumericType type, int n, SplittableRandom r) {
        double x = 20.0;
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            x += r.nextGaussian() * 0.1;
            v[i] = bitsOf(type, x);
        }
        return v;
    }

    private static long[] decimals(TsNumericType type, int n, SplittableRandom r) {
        return gen(n, i -> bitsOf(type, r.nextInt(-100_000, 100_000) / 100.0));
    }

    private static long[] specials(TsNumericType type, int n, SplittableRandom r) {
        long[] pool;
        if (type == TsNumericType.FLOAT) {
            pool = new long[] {
                Float.floatToRawIntBits(Float.POSITIVE_INFINITY),
                Float.floatToRawIntBits(Float.NEGATIVE_INFINITY),
                Float.floatToRawIntBits(-0.0f),
                0,
                (int) 0x7fc00001, // NaN payload
                (int) 0xffc00000, // negative NaN
                (int) 0x7f800001, // signalling NaN
                Float.floatToRawIntBits(Float.MIN_VALUE),
                Float.floatToRawIntBits(Float.MAX_VALUE),
                Float.floatToRawIntBits(1.5f)
            };
        } else {
            pool = new long[] {
                Double.doubleToRawLongBits(Double.POSITIVE_INFINITY),
                Double.doubleToRawLongBits(Double.NEGATIVE_INFINITY),
                Double.doubleToRawLongBits(-0.0),
                0,
                0x7ff8_0000_0000_0001L,
                0xfff8_0000_0000_0000L,
                0x7ff0_0000_0000_0001L,
                Double.doubleToRawLongBits(Double.MIN_VALUE),
                Double.doubleToRawLongBits(Double.MAX_VALUE),
                Double.doubleToRawLongBits(1.5)
            };
        }
        return gen(n, i -> type.norm(pool[r.nextInt(pool.length)]));
    }

    /**
     * The benchmarks' sensor series: a random walk around 20 rounded to two decimals (integers: the
     * walk in hundredths). Rounding makes values recur within a few dozen positions, with zero and
     * small XORs in random order.
     */
    public static long[] sensorWalk(TsNumericType type, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double x = 20.0;
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            x += r.nextGaussian() * 0.05;
            double rounded = Math.round(x * 100) / 100.0;
            v[i] = type.isFloating() ? bitsOf(type, rounded) : type.norm(Math.round(x * 100));
        }
        return v;
    }

    public static long bitsOf(TsNumericType type, double x) {
        return type == TsNumericType.FLOAT ? Float.floatToRawIntBits((float) x) : Double.doubleToRawLongBits(x);
    }

    /** The canonical NaN of a floating type, as bits; 0 (never equal to a filtered value) otherwise. */
    public static long canonicalNaN(TsNumericType type) {
        return type == TsNumericType.FLOAT ? 0x7fc0_0000L : 0x7ff8_0000_0000_0000L;
    }
}
