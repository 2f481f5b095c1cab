package dev.colcodec.bench.parquet;

import java.util.SplittableRandom;

/** Seeded data for the PLAIN, RLE/bit-packed and dictionary benchmarks. */
final class BasicBenchData {
    /** Values per benchmark operation. */
    static final int N = 100_000;

    private BasicBenchData() {}

    /**
     * Values of {@code bitWidth} bits: {@code random} (uniform, so almost all bit-packed) or {@code runs}
     * (runs of 1 to 200 equal values, a mix of RLE runs and bit-packed groups, like levels).
     */
    static int[] rleValues(String shape, int bitWidth, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        long mask = bitWidth == 32 ? 0xFFFFFFFFL : (1L << bitWidth) - 1;
        int[] out = new int[N];
        switch (shape) {
            case "random":
                for (int i = 0; i < N; i++) {
                    out[i] = (int) (r.nextLong() & mask);
                }
                return out;
            case "runs":
                for (int i = 0; i < N; ) {
                    int len = Math.min(N - i, 1 + r.nextInt(200));
                    int v = (int) (r.nextLong() & mask);
                    for (int k = 0; k < len; k++) {
                        out[i++] = v;
                    }
                }
                return out;
            default:
                throw new IllegalArgumentException("unknown shape " + shape);
        }
    }

    /** Dictionary ids in {@code [0, cardinality)}: uniform, with a run of 10 to 60 equal ids one time in 8. */
    static int[] keys(int cardinality, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] out = new int[N];
        for (int i = 0; i < N; ) {
            int v = r.nextInt(cardinality);
            int len = r.nextInt(8) == 0 ? 10 + r.nextInt(50) : 1;
            for (int k = 0; k < len && i < N; k++) {
                out[i++] = v;
            }
        }
        return out;
    }

    static int intOf(int key) {
        return key * 0x9E3779B9 + 12345;
    }

    static long longOf(int key) {
        return key * 0x9E3779B97F4A7C15L + 1_700_000_000_000L;
    }

    /** A string-like value of 8 to 24 bytes for a key. */
    static byte[] bytesOf(int key) {
        SplittableRandom r = new SplittableRandom(key);
        byte[] b = new byte[8 + r.nextInt(17)];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) ('a' + r.nextInt(26));
        }
        return b;
    }

    static int[] randomInts(long seed) {
        return new SplittableRandom(seed).ints(N).toArray();
    }

    static long[] randomLongs(long seed) {
        return new SplittableRandom(seed).longs(N).toArray();
    }

    static double[] randomDoubles(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] out = new double[N];
        for (int i = 0; i < N; i++) {
            out[i] = r.nextDouble() * 1000 - 500;
        }
        return out;
    }

    /** Byte strings of 0 to 32 random bytes. */
    static byte[][] randomBinaries(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        byte[][] out = new byte[N][];
        for (int i = 0; i < N; i++) {
            out[i] = new byte[r.nextInt(33)];
            r.nextBytes(out[i]);
        }
        return out;
    }
}
