package dev.colcodec.format.fuzz;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.tsfile.TsColumn;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import dev.colcodec.tsfile.TsFileValues;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * TsFile values for the TsFile harnesses: pages of numbers in shapes the codecs care about (runs, walks,
 * timestamps, bit widths, the types' extremes and end markers), binaries, and whole columns with nulls.
 * Numbers are held as {@code long} bits: INT32 and FLOAT sign-extended 32 bits, FLOAT and DOUBLE raw bits,
 * BOOLEAN 0/1.
 */
final class TsValues {
    private TsValues() {}

    static final TsDataType[] STORAGE_TYPES = {
        TsDataType.BOOLEAN, TsDataType.INT32, TsDataType.INT64, TsDataType.FLOAT, TsDataType.DOUBLE, TsDataType.TEXT
    };
    static final TsDataType[] COLUMN_TYPES = {
        TsDataType.BOOLEAN,
        TsDataType.INT32,
        TsDataType.INT64,
        TsDataType.FLOAT,
        TsDataType.DOUBLE,
        TsDataType.TEXT,
        TsDataType.STRING,
        TsDataType.BLOB,
        TsDataType.DATE,
        TsDataType.TIMESTAMP
    };
    static final Compression[] COMPRESSIONS = {
        Compression.UNCOMPRESSED,
        Compression.SNAPPY,
        Compression.GZIP,
        Compression.LZ4_RAW,
        Compression.ZSTD,
        Compression.LZMA2
    };
    static final TsEncoding[] TIME_ENCODINGS = {
        TsEncoding.TS_2DIFF,
        TsEncoding.PLAIN,
        TsEncoding.GORILLA,
        TsEncoding.RLE,
        TsEncoding.ZIGZAG,
        TsEncoding.CHIMP,
        TsEncoding.SPRINTZ,
        TsEncoding.RLBE
    };

    private static final int[] PAGE_SIZES = {
        0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 511, 512, 513, 1023,
        1024, 1025, 2047, 2048, 2049, 4095, 4096, 4097, 8191, 8192, 8193, 9999, 10000, 10001
    };

    /** Shapes whose values include the GORILLA/CHIMP end markers (the type's minimum, NaN). */
    private static final int RANDOM_BITS = 0, SPECIALS = 4, SENTINELS = 6, EXTREMES = 7, NAN_SENTINELS = 8;

    /** Every (encoding, storage type) pair colcodec reads and writes. */
    static List<Object[]> pairs() {
        List<Object[]> pairs = new ArrayList<>();
        for (TsEncoding e : TsEncoding.values()) {
            for (TsDataType t : STORAGE_TYPES) {
                if (TsFileValues.supports(e, t)) {
                    pairs.add(new Object[] {e, t});
                }
            }
        }
        return pairs;
    }

    static TsEncoding randomEncoding(TsDataType t, SplittableRandom r) {
        List<TsEncoding> ok = new ArrayList<>();
        for (TsEncoding e : TsEncoding.values()) {
            if (TsFileValues.supports(e, t)) {
                ok.add(e);
            }
        }
        return ok.get(r.nextInt(ok.size()));
    }

    /** A page's value count: around block and page sizes mostly, up to 100,000. */
    static int pageSize(SplittableRandom r) {
        int m = r.nextInt(10);
        if (m < 6) {
            return PAGE_SIZES[r.nextInt(PAGE_SIZES.length)];
        }
        return m < 9 ? r.nextInt(3000) : r.nextInt(100_000);
    }

    static boolean is32(TsDataType t) {
        return t == TsDataType.INT32 || t == TsDataType.FLOAT;
    }

    static boolean isFloating(TsDataType t) {
        return t == TsDataType.FLOAT || t == TsDataType.DOUBLE;
    }

    static long norm(TsDataType t, long x) {
        return is32(t) ? (int) x : x;
    }

    /** Numbers of one shape. */
    record Numbers(long[] values, int shape) {
        String shapeName() {
            return "shape" + shape;
        }

        /** Whether the shape puts the GORILLA/CHIMP end marker (or, for SPRINTZ, wrapping residuals) among the values. */
        boolean hasMarkerValues(TsEncoding e, TsDataType t) {
            if (t == TsDataType.BOOLEAN
                    || !(e == TsEncoding.GORILLA
                            || e == TsEncoding.GORILLA_V1
                            || e == TsEncoding.CHIMP
                            || e == TsEncoding.SPRINTZ
                            || e == TsEncoding.RLBE)) {
                return false;
            }
            if (isFloating(t)) {
                return shape == RANDOM_BITS || shape == SPECIALS || shape == NAN_SENTINELS;
            }
            return shape == SPECIALS
                    || shape == SENTINELS
                    || shape == EXTREMES
                    || (e == TsEncoding.SPRINTZ && shape == RANDOM_BITS);
        }
    }

    /** {@code n} numbers of storage type {@code t} (BOOLEAN, INT32, INT64, FLOAT, DOUBLE) in a random shape. */
    static Numbers numbers(TsDataType t, int n, SplittableRandom r) {
        long[] v = new long[n];
        if (t == TsDataType.BOOLEAN) {
            int shape = r.nextInt(4);
            boolean cur = r.nextBoolean();
            for (int i = 0; i < n; i++) {
                switch (shape) {
                    case 0 -> v[i] = r.nextInt(2);
                    case 1 -> v[i] = cur ? 1 : 0;
                    case 2 -> {
                        cur ^= r.nextInt(50) == 0;
                        v[i] = cur ? 1 : 0;
                    }
                    default -> v[i] = r.nextInt(20) == 0 ? 1 : 0;
                }
            }
            return new Numbers(v, shape);
        }
        int shape = r.nextInt(14);
        boolean i32 = is32(t);
        double base = r.nextDouble() * 1000 - 500;
        long lbase = r.nextLong();
        int width = r.nextInt(i32 ? 33 : 65);
        long cur = i32 ? r.nextInt() : r.nextLong();
        for (int i = 0; i < n; i++) {
            if (isFloating(t)) {
                double d;
                switch (shape) {
                    case RANDOM_BITS -> {
                        v[i] = norm(t, r.nextLong()); // any bits, NaN payloads included
                        continue;
                    }
                    case 1 -> d = r.nextGaussian() * 100;
                    case 2 -> d = Math.round((base + r.nextGaussian()) * 100) / 100.0;
                    case 3 -> d = base;
                    case SPECIALS -> {
                        if (r.nextInt(4) == 0) {
                            v[i] = i32
                                    ? (0x7f800000 | (1 + r.nextInt(0x7fffff))) | (r.nextBoolean() ? 0x80000000 : 0)
                                    : (0x7ff0000000000000L | (1 + (r.nextLong() >>> 13)))
                                            | (r.nextBoolean() ? Long.MIN_VALUE : 0);
                            continue;
                        }
                        double[] sp = {
                            Double.NaN,
                            Double.POSITIVE_INFINITY,
                            Double.NEGATIVE_INFINITY,
                            -0.0,
                            0.0,
                            Double.MIN_VALUE,
                            Double.MAX_VALUE,
                            -Double.MAX_VALUE,
                            Float.MAX_VALUE,
                            Float.MIN_VALUE,
                            1.0,
                            -1.0
                        };
                        d = sp[r.nextInt(sp.length)];
                    }
                    case 5 -> {
                        base += r.nextGaussian();
                        d = Math.round(base * 100) / 100.0; // a sensor's walk
                    }
                    case 6 -> d = (i / (1 + r.nextInt(50))) % 2 == 0 ? base : base + 1;
                    case 7 -> d = i * 0.25 + base;
                    case NAN_SENTINELS -> d = r.nextInt(10) == 0 ? Double.NaN : base + r.nextInt(3);
                    case 9 -> d = r.nextInt(1000);
                    case 10 -> d = r.nextDouble() * 1e12;
                    case 11 -> d = Math.round(r.nextGaussian() * 1e6) / 1000.0;
                    case 12 -> d = (r.nextInt(3) - 1) * 1e-3;
                    default -> d = Math.round(base * 10) / 10.0 + r.nextInt(5) * 0.1;
                }
                v[i] = i32 ? Float.floatToRawIntBits((float) d) : Double.doubleToRawLongBits(d);
            } else {
                long x;
                switch (shape) {
                    case RANDOM_BITS -> x = r.nextLong();
                    case 1 -> x = width == 0 ? 0 : r.nextLong() >>> (64 - width);
                    case 2 -> {
                        cur += 1000 + r.nextInt(21) - 10; // timestamps with jitter
                        x = cur;
                    }
                    case 3 -> x = lbase;
                    case SPECIALS ->
                        x = new long[] {Long.MIN_VALUE, Long.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1, 1}
                                [r.nextInt(7)];
                    case 5 -> x = (i / (1 + r.nextInt(30))) % 3 + lbase % 1000;
                    case SENTINELS ->
                        x = r.nextInt(10) == 0 ? (i32 ? Integer.MIN_VALUE : Long.MIN_VALUE) : r.nextInt(100);
                    case EXTREMES ->
                        x = i % 2 == 0
                                ? (i32 ? Integer.MIN_VALUE : Long.MIN_VALUE)
                                : (i32 ? Integer.MAX_VALUE : Long.MAX_VALUE);
                    case 8 -> {
                        cur += r.nextInt(3);
                        x = cur;
                    }
                    case 9 -> {
                        cur -= r.nextInt(1000);
                        x = cur;
                    }
                    case 10 -> x = r.nextInt(20) - 10;
                    case 11 -> x = 1_700_000_000_000L + i * 1000L;
                    case 12 -> x = r.nextInt(100) == 0 ? r.nextLong() : 7; // outliers
                    default -> {
                        cur += (long) (r.nextGaussian() * 1000);
                        x = cur;
                    }
                }
                v[i] = norm(t, x);
            }
        }
        return new Numbers(v, shape);
    }

    /** {@code n} binaries: random, from a small or large dictionary, empty, short UTF-8, or a few long ones. */
    static byte[][] binaries(int n, SplittableRandom r) {
        int shape = r.nextInt(6);
        byte[][] out = new byte[n][];
        int distinct = 1 + r.nextInt(r.nextBoolean() ? 5 : 2000);
        byte[][] dict = new byte[distinct][];
        for (int i = 0; i < distinct; i++) {
            dict[i] = FuzzData.bytes(r, shape == 4 ? 300 : 20);
        }
        for (int i = 0; i < n; i++) {
            out[i] = switch (shape) {
                case 0 -> FuzzData.bytes(r, 30);
                case 1, 4 -> dict[r.nextInt(distinct)];
                case 2 -> new byte[0];
                case 3 ->
                    ("s" + r.nextInt(1000) + (r.nextInt(10) == 0 ? "\u00e9\u4e2d" : ""))
                            .getBytes(StandardCharsets.UTF_8);
                default -> FuzzData.bytes(r, r.nextInt(20) == 0 ? 5000 : 3);
            };
        }
        return out;
    }

    /**
     * Per value: whether it lies in a SPRINTZ block where a residual equals the type's minimum. tsfile
     * 2.4.0's encoder writes 0 for that residual, so the block reads back changed (by tsfile and, reading
     * tsfile's page, by colcodec); colcodec's encoder writes a code that reads back exactly. Documented by
     * {@code SprintzCodecTest.aResidualOfTheTypesMinimumRoundTrips} (codec-core).
     */
    static boolean[] sprintzMinimumResidualBlocks(TsDataType t, long[] v) {
        boolean[] out = new boolean[v.length];
        boolean w32 = is32(t);
        for (int b = 0; b < v.length / 9; b++) {
            // tsfile's FIRE predictor (colcodec's FirePredictor): an int accumulator for both widths,
            // arithmetic wrapping in the type's width
            int acc = 0;
            long delta = 0;
            boolean hit = false;
            long pre = sprintzBits(t, v[b * 9]);
            for (int k = 1; k < 9; k++) {
                long val = sprintzBits(t, v[b * 9 + k]);
                long pred = norm(t, pre + (norm(t, (long) (acc >> (w32 ? 2 : 3)) * delta) >> (w32 ? 8 : 16)));
                long e = norm(t, val - pred);
                hit |= e == (w32 ? Integer.MIN_VALUE : Long.MIN_VALUE);
                acc = (int) (acc - (e > 0 ? norm(t, -delta) : delta));
                delta = norm(t, val - pre);
                pre = val;
            }
            if (hit) {
                java.util.Arrays.fill(out, b * 9, b * 9 + 9, true);
            }
        }
        return out;
    }

    /**
     * The values as tsfile's encoder stores them, where it makes every NaN the canonical one and colcodec
     * keeps the payload (PLAIN FLOAT/DOUBLE), or null where that changes nothing.
     */
    static long[] asTsFileStores(TsEncoding e, TsDataType t, long[] v) {
        if (v == null || !isFloating(t) || e != TsEncoding.PLAIN) {
            return null;
        }
        long[] out = null;
        for (int i = 0; i < v.length; i++) {
            long c = norm(t, sprintzBits(t, v[i]));
            if (c != norm(t, v[i])) {
                if (out == null) {
                    out = v.clone();
                }
                out[i] = c;
            }
        }
        return out;
    }

    /** The canonical-NaN bits of a FLOAT/DOUBLE value (SPRINTZ predicts from them), other values as they are. */
    private static long sprintzBits(TsDataType t, long x) {
        if (t == TsDataType.FLOAT) {
            return Float.floatToIntBits(Float.intBitsToFloat((int) x));
        }
        if (t == TsDataType.DOUBLE) {
            return Double.doubleToLongBits(Double.longBitsToDouble(x));
        }
        return x;
    }

    /**
     * Whether {@code got} is {@code expected} with only its sign bit changed: the first value of a SPRINTZ
     * block that a minimum residual changed (see {@link #sprintzMinimumResidualBlocks}); the values after
     * it in the series are predicted from the changed one.
     */
    static boolean sprintzSignFlip(TsEncoding e, Object expected, Object got) {
        if (e != TsEncoding.SPRINTZ || expected == null || got == null) {
            return false;
        }
        if (expected instanceof Float x && got instanceof Float y) {
            return (Float.floatToRawIntBits(x) ^ Float.floatToRawIntBits(y)) == Integer.MIN_VALUE;
        }
        if (expected instanceof Double x && got instanceof Double y) {
            return (Double.doubleToRawLongBits(x) ^ Double.doubleToRawLongBits(y)) == Long.MIN_VALUE;
        }
        if (expected instanceof Integer x && got instanceof Integer y) {
            return (x ^ y) == Integer.MIN_VALUE;
        }
        if (expected instanceof Long x && got instanceof Long y) {
            return (x ^ y) == Long.MIN_VALUE;
        }
        return false;
    }

    // ------------------------------------------------------------------------------- file columns

    /** A FIELD column (or tree-model measurement) of a generated file. */
    record Field(String name, TsDataType type, TsEncoding encoding, Compression compression) {
        boolean lossy() {
            return TsFileValues.isLossy(encoding, type);
        }

        Field withCompression(Compression c) {
            return new Field(name, type, encoding, c);
        }

        @Override
        public String toString() {
            return name + ":" + type + "/" + encoding + "/" + compression;
        }
    }

    static Field randomField(String name, SplittableRandom r) {
        TsDataType t = COLUMN_TYPES[r.nextInt(COLUMN_TYPES.length)];
        return new Field(name, t, randomEncoding(t, r), COMPRESSIONS[r.nextInt(COMPRESSIONS.length)]);
    }

    /**
     * {@code n} cells of a column (null for null): Boolean, Integer (INT32, DATE as yyyyMMdd), Long
     * (INT64, TIMESTAMP), Float, Double or byte[]; no null, some, most, all, or one run of nulls. With
     * {@code avoidMarkers}, number shapes holding the end-marker values of {@code f}'s encoding are drawn
     * again (up to 20 times).
     */
    static Object[] column(Field f, int n, SplittableRandom r, boolean avoidMarkers) {
        Object[] out = new Object[n];
        int nm = r.nextInt(7);
        double nullRate = new double[] {0, 0.1, 0.5, 0.95, 1.0, -1, 0.02}[nm];
        TsDataType st = f.type().storageType();
        long[] v = null;
        byte[][] b = null;
        if (st == TsDataType.TEXT) {
            b = binaries(n, r);
        } else {
            Numbers num = numbers(st, n, r);
            for (int tries = 0; avoidMarkers && num.hasMarkerValues(f.encoding(), st) && tries < 20; tries++) {
                num = numbers(st, n, r);
            }
            v = num.values();
        }
        if (f.encoding() == TsEncoding.CAMEL) {
            // tsfile 2.4.0's CAMEL does not round-trip every double (NaN, infinities, huge and tiny ones;
            // colcodec writes its bytes and reads them as it does): numbers it keeps, else quarters
            for (int tries = 0; !TsOracle.camelKeeps(st, v) && tries < 10; tries++) {
                v = numbers(st, n, r).values();
            }
            if (!TsOracle.camelKeeps(st, v)) {
                for (int i = 0; i < n; i++) {
                    v[i] = st == TsDataType.FLOAT
                            ? Float.floatToRawIntBits(i * 0.25f)
                            : Double.doubleToRawLongBits(i * 0.25);
                }
            }
        }
        int runStart = nullRate < 0 ? r.nextInt(Math.max(1, n)) : -1;
        int runEnd = nullRate < 0 ? runStart + 1 + r.nextInt(2000) : -1;
        for (int i = 0; i < n; i++) {
            boolean isNull = nullRate < 0 ? i >= runStart && i < runEnd : r.nextDouble() < nullRate;
            if (isNull) {
                continue;
            }
            out[i] = switch (f.type()) {
                case BOOLEAN -> v[i] != 0;
                case INT32 -> (int) v[i];
                case DATE ->
                    19700101
                            + (int) Math.floorMod(v[i], 28)
                            + 100 * (int) Math.floorMod(v[i] >> 5, 12)
                            + 10000 * (int) Math.floorMod(v[i] >> 9, 300);
                case INT64, TIMESTAMP -> v[i];
                case FLOAT -> Float.intBitsToFloat((int) v[i]);
                case DOUBLE -> Double.longBitsToDouble(v[i]);
                default -> b[i];
            };
        }
        return out;
    }

    /** {@code n} ascending times: steps of 1, 1-3, about 1000 with jitter, or up to 100,000. */
    static long[] times(int n, SplittableRandom r) {
        long[] times = new long[n];
        long t = r.nextInt(4) == 0 ? -r.nextLong(1L << 40) : r.nextInt(3) == 0 ? 1_700_000_000_000L : r.nextInt(1000);
        int gap = r.nextInt(4);
        for (int i = 0; i < n; i++) {
            times[i] = t;
            t += switch (gap) {
                case 0 -> 1;
                case 1 -> 1 + r.nextInt(3);
                case 2 -> 1000 + r.nextInt(21) - 10;
                default -> 1 + r.nextInt(100_000);
            };
        }
        return times;
    }

    /** A device's row count in one of five size classes (one class per file). */
    static int rows(int sizeClass, SplittableRandom r) {
        return switch (sizeClass) {
            case 0 -> 1 + r.nextInt(3);
            case 1 -> 1 + r.nextInt(300);
            case 2 -> 1 + r.nextInt(5000);
            case 3 -> 1 + r.nextInt(30_000);
            default -> 1 + r.nextInt(1200);
        };
    }

    /** Points per page: a few, tens to hundreds, thousands, or tsfile's default. */
    static int pagePoints(SplittableRandom r) {
        return switch (r.nextInt(4)) {
            case 0 -> 1 + r.nextInt(10);
            case 1 -> 10 + r.nextInt(200);
            case 2 -> 1000 + r.nextInt(9000);
            default -> 10_000;
        };
    }

    /** A time range: everything, one instant, open on one side, or closed, around the given times. */
    static long[] range(List<Long> times, SplittableRandom r) {
        int m = r.nextInt(5);
        if (m == 0 || times.isEmpty()) {
            return new long[] {Long.MIN_VALUE, Long.MAX_VALUE};
        }
        long a = times.get(r.nextInt(times.size())) + r.nextInt(3) - 1;
        long b = times.get(r.nextInt(times.size())) + r.nextInt(3) - 1;
        return switch (m) {
            case 1 -> new long[] {Math.min(a, b), Math.min(a, b)};
            case 2 -> new long[] {Long.MIN_VALUE, a};
            case 3 -> new long[] {a, Long.MAX_VALUE};
            default -> new long[] {Math.min(a, b), Math.max(a, b)};
        };
    }

    /** The cell at {@code i} of a column read by colcodec, in the form of {@link #column}. */
    static Object cell(TsColumn col, int i) {
        if (col.isNull(i)) {
            return null;
        }
        return switch (col.type()) {
            case BOOLEAN -> col.booleans()[i];
            case INT32, DATE -> col.ints()[i];
            case INT64, TIMESTAMP -> col.longs()[i];
            case FLOAT -> col.floats()[i];
            case DOUBLE -> col.doubles()[i];
            default -> col.binaries().get(i);
        };
    }
}
