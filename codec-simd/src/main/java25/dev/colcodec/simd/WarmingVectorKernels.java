package dev.colcodec.simd;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.kernel.ScalarKernels;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The vector kernels as colcodec hands them out by default: every call runs the scalar kernels until a
 * background warm-up has seen the Vector API code compiled by C2, then the vector kernels.
 *
 * <p>Why: until C2 compiles it, Vector API code runs interpreted or in C1, where every vector operation
 * allocates a box; measured on RLE width-4 decoding, the first second ran at 2.8 M values/s against
 * 1.3 to 2.3 G values/s once compiled, and about 1 G values/s for the scalar kernels. A short-lived
 * program (the CLI, a benchmark with short warm-up, the first query of a server) would otherwise pay
 * that. The warm-up thread ({@code colcodec-vector-warmup}, a daemon at minimum priority) calls every
 * vector kernel on small random inputs and, every few rounds, times each against its scalar twin;
 * once no vector kernel is more than {@link #SLOWER_LIMIT} times slower than its scalar twin (interpreted
 * vector code is hundreds of times slower), the gate opens for good and the thread ends. If that has
 * not happened after {@link #DEADLINE_NANOS}, the gate stays closed (the scalar kernels stay in use) and
 * one warning is logged. Results are identical either way: the two kernel sets agree bit for bit.
 *
 * <p>Both paths are plain calls on final or concrete classes: the gate is one volatile read per kernel
 * call (per batch of values, not per value).
 */
final class WarmingVectorKernels extends ScalarKernels {
    /** A vector kernel counts as compiled once it is at most this many times slower than scalar. */
    static final double SLOWER_LIMIT = 3.0;
    /** How long the warm-up may try before it gives up and leaves the scalar kernels in place. */
    static final long DEADLINE_NANOS = 60_000_000_000L;

    // the kernels the gate switches one by one (bit numbers of openKernels)
    private static final int UNPACK_LSB_INT = 0;
    private static final int UNPACK_MSB_INT = 1;
    private static final int FILL_INT = 2;
    private static final int FILL_LONG = 3;
    private static final int UNPACK_LSB_LONG = 4;
    private static final int UNPACK_MSB_LONG = 5;
    private static final int PREFIX_SUM_INT = 6;
    private static final int UNPACK_PREFIX_SUM_LONG = 7;
    private static final int UNPACK_PREFIX_SUM_INT = 8;
    private static final int BSS_DECODE_INT = 9;
    private static final int BSS_DECODE_FLOAT = 10;
    private static final int BSS_DECODE_LONG = 11;
    private static final int BSS_DECODE_DOUBLE = 12;
    private static final int BSS_ENCODE_INT = 13;
    private static final int BSS_ENCODE_FLOAT = 14;
    private static final int BSS_ENCODE_LONG = 15;
    private static final int BSS_ENCODE_DOUBLE = 16;
    private static final int READ_INTS_BE = 17;
    private static final int READ_LONGS_BE = 18;
    private static final int READ_DOUBLES_BE = 19;
    private static final int WRITE_LONGS_BE = 20;
    private static final int GATHER_INT = 21;
    private static final int GATHER_FLOAT = 22;
    private static final int GATHER_LONG = 23;
    private static final int GATHER_DOUBLE = 24;
    private static final int UNPACK_BOOLEANS = 25;
    private static final int DELTA_BLOCK_INT = 26;
    private static final int DELTA_BLOCK_LONG = 27;
    /** How many kernels the gate switches one by one. */
    static final int KERNELS = 28;

    private final VectorKernels vector;
    /** Bit i set: calls of kernel i (the order of {@link #pairs()}) go to the vector kernels. */
    private volatile int openKernels;
    /** Counted down when the warm-up thread ends (all kernels switched, or gave up). */
    private final CountDownLatch finished = new CountDownLatch(1);

    WarmingVectorKernels(VectorKernels vector) {
        this.vector = vector;
    }

    /** Starts the background warm-up (once). */
    WarmingVectorKernels start() {
        Thread t = new Thread(
                () -> {
                    String failure;
                    try {
                        failure = warmUp(DEADLINE_NANOS)
                                ? null
                                : "were not all compiled within " + DEADLINE_NANOS / 1_000_000_000L + " s";
                    } catch (RuntimeException | Error e) {
                        failure = "failed to warm up: " + e;
                    } finally {
                        finished.countDown();
                    }
                    if (failure != null) {
                        System.getLogger("dev.colcodec.kernel")
                                .log(
                                        System.Logger.Level.WARNING,
                                        "colcodec: the vector kernels " + failure
                                                + "; the scalar code stays in use for those not yet switched");
                    }
                },
                "colcodec-vector-warmup");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
        return this;
    }

    private boolean open(int kernel) {
        return (openKernels & (1 << kernel)) != 0;
    }

    /**
     * Waits up to {@code nanos} for the warm-up thread to end; returns whether every call now goes to
     * the vector kernels. An interrupt ends the wait early (the interrupt flag is kept).
     */
    boolean awaitWarmUp(long nanos) {
        try {
            finished.await(nanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return vectorsInUse();
    }

    /** Whether every call now goes to the vector kernels. */
    boolean vectorsInUse() {
        return openKernels == (1 << KERNELS) - 1;
    }

    /**
     * Calls every vector kernel (and its scalar twin) until each is compiled, opening the gate kernel by
     * kernel: a kernel opens once two timings in a row found its vector code at most {@link
     * #SLOWER_LIMIT} times slower than its scalar code. Returns true once all are open, false when
     * {@code maxNanos} has passed first. Runs on the calling thread.
     */
    boolean warmUp(long maxNanos) {
        long start = System.nanoTime();
        List<Pair> pairs = pairs();
        int[] passes = new int[pairs.size()];
        for (int round = 1; System.nanoTime() - start < maxNanos; round++) {
            int pending = ~openKernels;
            for (int i = 0; i < pairs.size(); i++) {
                if ((pending & (1 << i)) != 0) {
                    pairs.get(i).vector.run();
                    pairs.get(i).scalar.run();
                }
            }
            if (round % 32 == 0) {
                int opened = 0;
                for (int i = 0; i < pairs.size(); i++) {
                    if ((pending & (1 << i)) != 0) {
                        Pair p = pairs.get(i);
                        passes[i] = best(p.vector) <= SLOWER_LIMIT * best(p.scalar) ? passes[i] + 1 : 0;
                        if (passes[i] >= 2) {
                            opened |= 1 << i;
                        }
                    }
                }
                if (opened != 0) {
                    openKernels |= opened;
                }
                if (vectorsInUse()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The fastest of three timings of four calls, in nanoseconds. */
    private static long best(Runnable r) {
        long best = Long.MAX_VALUE;
        for (int t = 0; t < 3; t++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < 4; i++) {
                r.run();
            }
            best = Math.min(best, System.nanoTime() - t0);
        }
        return best;
    }

    private record Pair(Runnable vector, Runnable scalar) {}

    /**
     * One vector/scalar call pair per vector kernel, on 256 random values (widths cycling): few enough
     * that the interpreted calls before C2 steps in are cheap, enough for every vector loop to run.
     */
    private List<Pair> pairs() {
        int n = 256;
        SplittableRandom r = new SplittableRandom(42);
        byte[] bytes = new byte[16 * n];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) r.nextInt();
        }
        int[] ints = new int[n];
        long[] longs = new long[n];
        float[] floats = new float[n];
        double[] doubles = new double[n];
        boolean[] booleans = new boolean[n];
        int[] scratch = new int[n];
        int[] ids = new int[n];
        for (int i = 0; i < n; i++) {
            ids[i] = r.nextInt(256);
            longs[i] = r.nextLong();
            ints[i] = (int) longs[i];
        }
        int[] intDict = ints.clone();
        long[] longDict = longs.clone();
        float[] floatDict = new float[256];
        double[] doubleDict = new double[256];
        int[] cycle = {0};
        int[] deltaInts = new int[128];
        int[] maxInts = new int[4];
        long[] deltaLongs = new long[128];
        long[] maxLongs = new long[4];
        List<Pair> out = new ArrayList<>();
        Runnable[][] calls = new Runnable[2][KERNELS];
        Kernels[] sets = {vector, KernelProvider.scalar()};
        for (int s = 0; s < 2; s++) {
            Kernels k = sets[s];
            Runnable[] c = calls[s];
            c[UNPACK_LSB_INT] = () -> k.unpackLsb(bytes, 0, 1 + cycle[0]++ % 31, ints, 0, n);
            c[UNPACK_MSB_INT] = () -> k.unpackMsb(bytes, 0, 1 + cycle[0]++ % 31, ints, 0, n);
            c[FILL_INT] = () -> k.fillArithmetic(ints, 0, n, 1, 3);
            c[FILL_LONG] = () -> k.fillArithmetic(longs, 0, n, 1L, 3L);
            c[UNPACK_LSB_LONG] = () -> k.unpackLsb(bytes, 0, 1 + cycle[0]++ % 63, longs, 0, n);
            c[UNPACK_MSB_LONG] = () -> k.unpackMsb(bytes, 0, 1 + cycle[0]++ % 63, longs, 0, n);
            c[PREFIX_SUM_INT] = () -> k.prefixSum(ints, 0, n, 0, 1);
            c[UNPACK_PREFIX_SUM_LONG] = () ->
                    k.unpackPrefixSum(bytes, 0, 1 + cycle[0]++ % 25, cycle[0] % 2 == 0, longs, 0, n, 0L, 1L, scratch);
            c[UNPACK_PREFIX_SUM_INT] = () ->
                    k.unpackPrefixSum(bytes, 0, bytes.length, 1 + cycle[0]++ % 31, cycle[0] % 2 == 0, ints, 0, n, 0, 1);
            c[BSS_DECODE_INT] = () -> k.bssDecode(bytes, 0, n, ints, 0, n);
            c[BSS_DECODE_FLOAT] = () -> k.bssDecode(bytes, 0, n, floats, 0, n);
            c[BSS_DECODE_LONG] = () -> k.bssDecode(bytes, 0, n, longs, 0, n);
            c[BSS_DECODE_DOUBLE] = () -> k.bssDecode(bytes, 0, n, doubles, 0, n);
            c[BSS_ENCODE_INT] = () -> k.bssEncode(ints, 0, n, bytes, 0, n);
            c[BSS_ENCODE_FLOAT] = () -> k.bssEncode(floats, 0, n, bytes, 0, n);
            c[BSS_ENCODE_LONG] = () -> k.bssEncode(longs, 0, n, bytes, 0, n);
            c[BSS_ENCODE_DOUBLE] = () -> k.bssEncode(doubles, 0, n, bytes, 0, n);
            c[READ_INTS_BE] = () -> k.readIntsBE(bytes, 0, ints, 0, n);
            c[READ_LONGS_BE] = () -> k.readLongsBE(bytes, 0, longs, 0, n);
            c[READ_DOUBLES_BE] = () -> k.readDoublesBE(bytes, 0, doubles, 0, n);
            c[WRITE_LONGS_BE] = () -> k.writeLongsBE(longs, 0, n, bytes, 0);
            c[GATHER_INT] = () -> k.gather(intDict, 256, ids, 0, ints, 0, n);
            c[GATHER_FLOAT] = () -> k.gather(floatDict, 256, ids, 0, floats, 0, n);
            c[GATHER_LONG] = () -> k.gather(longDict, 256, ids, 0, longs, 0, n);
            c[GATHER_DOUBLE] = () -> k.gather(doubleDict, 256, ids, 0, doubles, 0, n);
            c[UNPACK_BOOLEANS] = () -> k.unpackBooleans(bytes, 0, 3, booleans, 0, n);
            c[DELTA_BLOCK_INT] = () -> k.deltaBlock(ints, 0, 128, 0, 32, deltaInts, maxInts);
            c[DELTA_BLOCK_LONG] = () -> k.deltaBlock(longs, 0, 128, 0L, 32, deltaLongs, maxLongs);
        }
        for (int i = 0; i < KERNELS; i++) {
            out.add(new Pair(calls[0][i], calls[1][i]));
        }
        return out;
    }

    /** The kernels' name: the vector kernels' (they are the ones this gate leads to). */
    @Override
    public String name() {
        return vector.name();
    }

    @Override
    public void unpackLsb(byte[] src, int srcOff, int bitWidth, int[] dst, int dstOff, int count) {
        if (open(UNPACK_LSB_INT)) {
            vector.unpackLsb(src, srcOff, bitWidth, dst, dstOff, count);
        } else {
            super.unpackLsb(src, srcOff, bitWidth, dst, dstOff, count);
        }
    }

    @Override
    public void unpackMsb(byte[] src, int srcOff, int bitWidth, int[] dst, int dstOff, int count) {
        if (open(UNPACK_MSB_INT)) {
            vector.unpackMsb(src, srcOff, bitWidth, dst, dstOff, count);
        } else {
            super.unpackMsb(src, srcOff, bitWidth, dst, dstOff, count);
        }
    }

    @Override
    public int fillArithmetic(int[] values, int off, int len, int previous, int step) {
        return open(FILL_INT)
                ? vector.fillArithmetic(values, off, len, previous, step)
                : super.fillArithmetic(values, off, len, previous, step);
    }

    @Override
    public long fillArithmetic(long[] values, int off, int len, long previous, long step) {
        return open(FILL_LONG)
                ? vector.fillArithmetic(values, off, len, previous, step)
                : super.fillArithmetic(values, off, len, previous, step);
    }

    @Override
    public void unpackLsb(byte[] src, int srcOff, int bitWidth, long[] dst, int dstOff, int count) {
        if (open(UNPACK_LSB_LONG)) {
            vector.unpackLsb(src, srcOff, bitWidth, dst, dstOff, count);
        } else {
            super.unpackLsb(src, srcOff, bitWidth, dst, dstOff, count);
        }
    }

    @Override
    public void unpackMsb(byte[] src, int srcOff, int bitWidth, long[] dst, int dstOff, int count) {
        if (open(UNPACK_MSB_LONG)) {
            vector.unpackMsb(src, srcOff, bitWidth, dst, dstOff, count);
        } else {
            super.unpackMsb(src, srcOff, bitWidth, dst, dstOff, count);
        }
    }

    @Override
    public int prefixSum(int[] values, int off, int len, int previous, int minDelta) {
        return open(PREFIX_SUM_INT)
                ? vector.prefixSum(values, off, len, previous, minDelta)
                : super.prefixSum(values, off, len, previous, minDelta);
    }

    @Override
    public long unpackPrefixSum(
            byte[] src,
            int srcOff,
            int bitWidth,
            boolean msbFirst,
            long[] dst,
            int dstOff,
            int count,
            long previous,
            long minDelta,
            int[] scratch) {
        return open(UNPACK_PREFIX_SUM_LONG)
                ? vector.unpackPrefixSum(
                        src, srcOff, bitWidth, msbFirst, dst, dstOff, count, previous, minDelta, scratch)
                : super.unpackPrefixSum(
                        src, srcOff, bitWidth, msbFirst, dst, dstOff, count, previous, minDelta, scratch);
    }

    @Override
    public int unpackPrefixSum(
            byte[] src,
            int srcOff,
            int srcEnd,
            int bitWidth,
            boolean msbFirst,
            int[] dst,
            int dstOff,
            int count,
            int previous,
            int minDelta) {
        return open(UNPACK_PREFIX_SUM_INT)
                ? vector.unpackPrefixSum(
                        src, srcOff, srcEnd, bitWidth, msbFirst, dst, dstOff, count, previous, minDelta)
                : super.unpackPrefixSum(
                        src, srcOff, srcEnd, bitWidth, msbFirst, dst, dstOff, count, previous, minDelta);
    }

    @Override
    public void bssDecode(byte[] src, int srcOff, int stride, int[] dst, int dstOff, int count) {
        if (open(BSS_DECODE_INT)) {
            vector.bssDecode(src, srcOff, stride, dst, dstOff, count);
        } else {
            super.bssDecode(src, srcOff, stride, dst, dstOff, count);
        }
    }

    @Override
    public void bssDecode(byte[] src, int srcOff, int stride, float[] dst, int dstOff, int count) {
        if (open(BSS_DECODE_FLOAT)) {
            vector.bssDecode(src, srcOff, stride, dst, dstOff, count);
        } else {
            super.bssDecode(src, srcOff, stride, dst, dstOff, count);
        }
    }

    @Override
    public void bssDecode(byte[] src, int srcOff, int stride, long[] dst, int dstOff, int count) {
        if (open(BSS_DECODE_LONG)) {
            vector.bssDecode(src, srcOff, stride, dst, dstOff, count);
        } else {
            super.bssDecode(src, srcOff, stride, dst, dstOff, count);
        }
    }

    @Override
    public void bssDecode(byte[] src, int srcOff, int stride, double[] dst, int dstOff, int count) {
        if (open(BSS_DECODE_DOUBLE)) {
            vector.bssDecode(src, srcOff, stride, dst, dstOff, count);
        } else {
            super.bssDecode(src, srcOff, stride, dst, dstOff, count);
        }
    }

    @Override
    public void bssEncode(int[] src, int srcOff, int count, byte[] dst, int dstOff, int stride) {
        if (open(BSS_ENCODE_INT)) {
            vector.bssEncode(src, srcOff, count, dst, dstOff, stride);
        } else {
            super.bssEncode(src, srcOff, count, dst, dstOff, stride);
        }
    }

    @Override
    public void bssEncode(float[] src, int srcOff, int count, byte[] dst, int dstOff, int stride) {
        if (open(BSS_ENCODE_FLOAT)) {
            vector.bssEncode(src, srcOff, count, dst, dstOff, stride);
        } else {
            super.bssEncode(src, srcOff, count, dst, dstOff, stride);
        }
    }

    @Override
    public void bssEncode(long[] src, int srcOff, int count, byte[] dst, int dstOff, int stride) {
        if (open(BSS_ENCODE_LONG)) {
            vector.bssEncode(src, srcOff, count, dst, dstOff, stride);
        } else {
            super.bssEncode(src, srcOff, count, dst, dstOff, stride);
        }
    }

    @Override
    public void bssEncode(double[] src, int srcOff, int count, byte[] dst, int dstOff, int stride) {
        if (open(BSS_ENCODE_DOUBLE)) {
            vector.bssEncode(src, srcOff, count, dst, dstOff, stride);
        } else {
            super.bssEncode(src, srcOff, count, dst, dstOff, stride);
        }
    }

    @Override
    public void readIntsBE(byte[] src, int srcOff, int[] dst, int dstOff, int count) {
        if (open(READ_INTS_BE)) {
            vector.readIntsBE(src, srcOff, dst, dstOff, count);
        } else {
            super.readIntsBE(src, srcOff, dst, dstOff, count);
        }
    }

    @Override
    public void readLongsBE(byte[] src, int srcOff, long[] dst, int dstOff, int count) {
        if (open(READ_LONGS_BE)) {
            vector.readLongsBE(src, srcOff, dst, dstOff, count);
        } else {
            super.readLongsBE(src, srcOff, dst, dstOff, count);
        }
    }

    @Override
    public void readDoublesBE(byte[] src, int srcOff, double[] dst, int dstOff, int count) {
        if (open(READ_DOUBLES_BE)) {
            vector.readDoublesBE(src, srcOff, dst, dstOff, count);
        } else {
            super.readDoublesBE(src, srcOff, dst, dstOff, count);
        }
    }

    @Override
    public void writeLongsBE(long[] src, int srcOff, int count, byte[] dst, int dstOff) {
        if (open(WRITE_LONGS_BE)) {
            vector.writeLongsBE(src, srcOff, count, dst, dstOff);
        } else {
            super.writeLongsBE(src, srcOff, count, dst, dstOff);
        }
    }

    @Override
    public void gather(int[] dict, int dictSize, int[] ids, int idsOff, int[] dst, int dstOff, int count) {
        if (open(GATHER_INT)) {
            vector.gather(dict, dictSize, ids, idsOff, dst, dstOff, count);
        } else {
            super.gather(dict, dictSize, ids, idsOff, dst, dstOff, count);
        }
    }

    @Override
    public void gather(float[] dict, int dictSize, int[] ids, int idsOff, float[] dst, int dstOff, int count) {
        if (open(GATHER_FLOAT)) {
            vector.gather(dict, dictSize, ids, idsOff, dst, dstOff, count);
        } else {
            super.gather(dict, dictSize, ids, idsOff, dst, dstOff, count);
        }
    }

    @Override
    public void gather(long[] dict, int dictSize, int[] ids, int idsOff, long[] dst, int dstOff, int count) {
        if (open(GATHER_LONG)) {
            vector.gather(dict, dictSize, ids, idsOff, dst, dstOff, count);
        } else {
            super.gather(dict, dictSize, ids, idsOff, dst, dstOff, count);
        }
    }

    @Override
    public void gather(double[] dict, int dictSize, int[] ids, int idsOff, double[] dst, int dstOff, int count) {
        if (open(GATHER_DOUBLE)) {
            vector.gather(dict, dictSize, ids, idsOff, dst, dstOff, count);
        } else {
            super.gather(dict, dictSize, ids, idsOff, dst, dstOff, count);
        }
    }

    @Override
    public void unpackBooleans(byte[] src, int srcOff, int bitOff, boolean[] dst, int dstOff, int count) {
        if (open(UNPACK_BOOLEANS)) {
            vector.unpackBooleans(src, srcOff, bitOff, dst, dstOff, count);
        } else {
            super.unpackBooleans(src, srcOff, bitOff, dst, dstOff, count);
        }
    }

    @Override
    public int deltaBlock(
            int[] src, int srcOff, int count, int previous, int miniblockSize, int[] deltas, int[] miniblockMax) {
        return open(DELTA_BLOCK_INT)
                ? vector.deltaBlock(src, srcOff, count, previous, miniblockSize, deltas, miniblockMax)
                : super.deltaBlock(src, srcOff, count, previous, miniblockSize, deltas, miniblockMax);
    }

    @Override
    public long deltaBlock(
            long[] src, int srcOff, int count, long previous, int miniblockSize, long[] deltas, long[] miniblockMax) {
        return open(DELTA_BLOCK_LONG)
                ? vector.deltaBlock(src, srcOff, count, previous, miniblockSize, deltas, miniblockMax)
                : super.deltaBlock(src, srcOff, count, previous, miniblockSize, deltas, miniblockMax);
    }
}
