package dev.colcodec.kernel;

/** Bit-at-a-time reference implementations the kernels are tested against. */
public final class KernelReference {
    private KernelReference() {}

    public static long getBitsLsb(byte[] b, int off, long bitPos, int w) {
        long v = 0;
        for (int k = 0; k < w; k++) {
            long bit = bitPos + k;
            int byteIdx = off + (int) (bit >>> 3);
            long x = (b[byteIdx] >>> (bit & 7)) & 1;
            v |= x << k;
        }
        return v;
    }

    public static long getBitsMsb(byte[] b, int off, long bitPos, int w) {
        long v = 0;
        for (int k = 0; k < w; k++) {
            long bit = bitPos + k;
            int byteIdx = off + (int) (bit >>> 3);
            long x = (b[byteIdx] >>> (7 - (bit & 7))) & 1;
            v = (v << 1) | x;
        }
        return v;
    }

    public static void putBitsLsb(byte[] b, int off, long bitPos, int w, long v) {
        for (int k = 0; k < w; k++) {
            long bit = bitPos + k;
            int byteIdx = off + (int) (bit >>> 3);
            if (((v >>> k) & 1) != 0) {
                b[byteIdx] |= (byte) (1 << (bit & 7));
            }
        }
    }

    public static void putBitsMsb(byte[] b, int off, long bitPos, int w, long v) {
        for (int k = 0; k < w; k++) {
            long bit = bitPos + k;
            int byteIdx = off + (int) (bit >>> 3);
            if (((v >>> (w - 1 - k)) & 1) != 0) {
                b[byteIdx] |= (byte) (0x80 >>> (bit & 7));
            }
        }
    }

    /** {@link Kernels#findByteRun}, run by run. */
    public static int findByteRun(byte[] src, int from, int to, int minRun) {
        int s = from;
        while (s < to) {
            int e = s + 1;
            while (e < to && src[e] == src[s]) {
                e++;
            }
            if (e - s >= minRun) {
                return s;
            }
            s = e;
        }
        return -1;
    }

    /** {@link Kernels#minMax(long[], int, int, long, long[])}, one value at a time. */
    public static void minMax(long[] src, int off, int len, long flip, long[] minMax) {
        for (int i = off; i < off + len; i++) {
            long x = src[i] ^ flip;
            if (x < minMax[0]) {
                minMax[0] = x;
            }
            if (x > minMax[1]) {
                minMax[1] = x;
            }
        }
    }

    /** {@link Kernels#minMax(int[], int, int, int, int[])}, one value at a time. */
    public static void minMax(int[] src, int off, int len, int flip, int[] minMax) {
        for (int i = off; i < off + len; i++) {
            int x = src[i] ^ flip;
            if (x < minMax[0]) {
                minMax[0] = x;
            }
            if (x > minMax[1]) {
                minMax[1] = x;
            }
        }
    }

    /** {@link Kernels#serialSums}, one lane after the other. */
    public static void serialSums(long[] src, int off, int stride, int lanes, int len, double[] sums) {
        for (int l = 0; l < lanes; l++) {
            double s = sums[l];
            for (int i = 0; i < len; i++) {
                s = s + (double) src[off + l * stride + i];
            }
            sums[l] = s;
        }
    }

    /** {@link Kernels#minMax(double[], int, int, double[])}, one value at a time. */
    public static void minMax(double[] src, int off, int len, double[] minMax) {
        for (int i = off; i < off + len; i++) {
            double x = src[i];
            if (Double.isNaN(x)) {
                continue;
            }
            boolean zeros0 = x == 0 && minMax[0] == 0;
            if (x < minMax[0] || zeros0 && Double.doubleToRawLongBits(x) < 0) {
                minMax[0] = x;
            }
            boolean zeros1 = x == 0 && minMax[1] == 0;
            if (x > minMax[1] || zeros1 && Double.doubleToRawLongBits(x) == 0) {
                minMax[1] = x;
            }
        }
    }

    /** {@link Kernels#minMax(float[], int, int, float[])}, one value at a time. */
    public static void minMax(float[] src, int off, int len, float[] minMax) {
        double[] wide = {minMax[0], minMax[1]};
        double[] values = new double[len];
        for (int i = 0; i < len; i++) {
            values[i] = src[off + i];
        }
        minMax(values, 0, len, wide);
        minMax[0] = (float) wide[0];
        minMax[1] = (float) wide[1];
    }

    /** {@link Kernels#serialSums(double[], int, int, int, int, double[])}, one lane after the other. */
    public static void serialSums(double[] src, int off, int stride, int lanes, int len, double[] sums) {
        for (int l = 0; l < lanes; l++) {
            double s = sums[l];
            for (int i = 0; i < len; i++) {
                s = s + src[off + l * stride + i];
            }
            sums[l] = s;
        }
    }

    /** {@link Kernels#serialSums(float[], int, int, int, int, double[])}, one lane after the other. */
    public static void serialSums(float[] src, int off, int stride, int lanes, int len, double[] sums) {
        for (int l = 0; l < lanes; l++) {
            double s = sums[l];
            for (int i = 0; i < len; i++) {
                s = s + (double) src[off + l * stride + i];
            }
            sums[l] = s;
        }
    }
}
