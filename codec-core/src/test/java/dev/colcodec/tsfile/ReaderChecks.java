package dev.colcodec.tsfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesReader;
import dev.colcodec.values.BooleanValuesReader;
import dev.colcodec.values.DoubleValuesReader;
import dev.colcodec.values.FloatValuesReader;
import dev.colcodec.values.IntValuesReader;
import dev.colcodec.values.LongValuesReader;
import dev.colcodec.values.ValuesReader;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Drives a reader over one encoded page in every way the API allows and checks each value against
 * the expected ones: per value, in odd-sized batches mixed with skips and single reads, as one batch
 * with an unknown count, inside a larger array (offset, trailing bytes, {@code endOffset}), and that
 * reading past the end is a {@link CorruptInputException}.
 */
public final class ReaderChecks {
    private static final int[] BATCH_SIZES = {1, 3, 5, 7, 9, 13, 63, 127, 129, 131, 257, 511, 1001};

    /** One reader bound to the values it must produce. */
    public interface Typed {
        ValuesReader reader();

        int count();

        /** Reads the next value alone and checks it is value {@code i}. */
        void one(int i);

        /** Reads the next {@code n} values in one batch (into an array at offset 1) and checks them. */
        void batch(int i, int n);
    }

    private ReaderChecks() {}

    public static void checkAll(Typed t, byte[] page, long seed) {
        ValuesReader r = t.reader();
        int n = t.count();
        String ctx = "page of " + n + " values, " + page.length + " bytes";

        r.init(n, page, 0, page.length);
        for (int i = 0; i < n; i++) {
            t.one(i);
        }
        assertThatThrownBy(() -> t.one(n)).as(ctx).isInstanceOf(CorruptInputException.class);

        r.init(n, page, 0, page.length);
        mixed(t, n, seed);
        assertThatThrownBy(() -> t.batch(n, 1)).as(ctx).isInstanceOf(CorruptInputException.class);
        assertThatThrownBy(() -> r.skip(1)).as(ctx).isInstanceOf(CorruptInputException.class);

        r.init(ValuesReader.UNKNOWN_COUNT, page, 0, page.length);
        t.batch(0, n);
        assertThatThrownBy(() -> t.one(n)).as(ctx).isInstanceOf(CorruptInputException.class);

        r.init(ValuesReader.UNKNOWN_COUNT, page, 0, page.length);
        mixed(t, n, seed + 1);

        byte[] framed = new byte[page.length + 10];
        Arrays.fill(framed, (byte) 0x5A);
        System.arraycopy(page, 0, framed, 3, page.length);
        r.init(n, framed, 3, page.length + 7);
        assertThat(r.endOffset()).as(ctx).isEqualTo(3 + page.length);
        mixed(t, n, seed + 2);
        assertThat(r.endOffset()).as(ctx).isEqualTo(3 + page.length);

        r.init(n, framed, 3, page.length + 7);
        if (n > 0) {
            int half = n / 2;
            r.skip(half);
            assertThat(r.endOffset()).as(ctx).isEqualTo(3 + page.length);
            t.batch(half, n - half);
        }
    }

    private static void mixed(Typed t, int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int i = 0;
        while (i < n) {
            int k = Math.min(n - i, BATCH_SIZES[rnd.nextInt(BATCH_SIZES.length)]);
            switch (rnd.nextInt(4)) {
                case 0:
                    t.one(i);
                    i++;
                    break;
                case 1:
                    t.reader().skip(k);
                    i += k;
                    break;
                default:
                    t.batch(i, k);
                    i += k;
            }
        }
    }

    public static Typed longs(LongValuesReader r, long[] e) {
        return new Typed() {
            public ValuesReader reader() {
                return r;
            }

            public int count() {
                return e.length;
            }

            public void one(int i) {
                long v = r.readLong();
                assertThat(v).as("value %d", i).isEqualTo(e[i]);
            }

            public void batch(int i, int n) {
                long[] dst = new long[n + 2];
                r.readLongs(dst, 1, n);
                assertThat(Arrays.copyOfRange(dst, 1, n + 1))
                        .as("values [%d, %d)", i, i + n)
                        .isEqualTo(Arrays.copyOfRange(e, i, i + n));
            }
        };
    }

    public static Typed ints(IntValuesReader r, int[] e) {
        return new Typed() {
            public ValuesReader reader() {
                return r;
            }

            public int count() {
                return e.length;
            }

            public void one(int i) {
                int v = r.readInteger();
                assertThat(v).as("value %d", i).isEqualTo(e[i]);
            }

            public void batch(int i, int n) {
                int[] dst = new int[n + 2];
                r.readIntegers(dst, 1, n);
                assertThat(Arrays.copyOfRange(dst, 1, n + 1))
                        .as("values [%d, %d)", i, i + n)
                        .isEqualTo(Arrays.copyOfRange(e, i, i + n));
            }
        };
    }

    /** Doubles compared by raw bits. */
    public static Typed doubles(DoubleValuesReader r, double[] e) {
        return new Typed() {
            public ValuesReader reader() {
                return r;
            }

            public int count() {
                return e.length;
            }

            public void one(int i) {
                double v = r.readDouble();
                assertThat(Double.doubleToRawLongBits(v))
                        .as("value %d: %s vs %s", i, v, i < e.length ? e[i] : null)
                        .isEqualTo(Double.doubleToRawLongBits(e[i]));
            }

            public void batch(int i, int n) {
                double[] dst = new double[n + 2];
                r.readDoubles(dst, 1, n);
                assertThat(rawBits(Arrays.copyOfRange(dst, 1, n + 1)))
                        .as("values [%d, %d)", i, i + n)
                        .isEqualTo(rawBits(Arrays.copyOfRange(e, i, i + n)));
            }
        };
    }

    /** Floats compared by raw bits. */
    public static Typed floats(FloatValuesReader r, float[] e) {
        return new Typed() {
            public ValuesReader reader() {
                return r;
            }

            public int count() {
                return e.length;
            }

            public void one(int i) {
                float v = r.readFloat();
                assertThat(Float.floatToRawIntBits(v))
                        .as("value %d: %s vs %s", i, v, i < e.length ? e[i] : null)
                        .isEqualTo(Float.floatToRawIntBits(e[i]));
            }

            public void batch(int i, int n) {
                float[] dst = new float[n + 2];
                r.readFloats(dst, 1, n);
                assertThat(rawBits(Arrays.copyOfRange(dst, 1, n + 1)))
                        .as("values [%d, %d)", i, i + n)
                        .isEqualTo(rawBits(Arrays.copyOfRange(e, i, i + n)));
            }
        };
    }

    public static Typed booleans(BooleanValuesReader r, boolean[] e) {
        return new Typed() {
            public ValuesReader reader() {
                return r;
            }

            public int count() {
                return e.length;
            }

            public void one(int i) {
                boolean v = r.readBoolean();
                assertThat(v).as("value %d", i).isEqualTo(e[i]);
            }

            public void batch(int i, int n) {
                boolean[] dst = new boolean[n + 2];
                r.readBooleans(dst, 1, n);
                assertThat(Arrays.copyOfRange(dst, 1, n + 1))
                        .as("values [%d, %d)", i, i + n)
                        .isEqualTo(Arrays.copyOfRange(e, i, i + n));
            }
        };
    }

    public static Typed binaries(BinaryValuesReader r, byte[][] e) {
        BinaryBatch batch = new BinaryBatch(4, 16);
        return new Typed() {
            public ValuesReader reader() {
                return r;
            }

            public int count() {
                return e.length;
            }

            public void one(int i) {
                byte[] v = r.readBinary();
                assertThat(v).as("value %d", i).isEqualTo(e[i]);
            }

            public void batch(int i, int n) {
                batch.clear();
                r.readBinaries(batch, n);
                assertThat(batch.count()).isEqualTo(n);
                for (int k = 0; k < n; k++) {
                    assertThat(batch.get(k)).as("value %d", i + k).isEqualTo(e[i + k]);
                }
            }
        };
    }

    /** {@code v} with every NaN made the canonical one, as TsFile's canonicalizing encoders store it. */
    public static double[] canonicalNaNs(double[] v) {
        double[] out = v.clone();
        for (int i = 0; i < out.length; i++) {
            if (Double.isNaN(out[i])) {
                out[i] = Double.NaN;
            }
        }
        return out;
    }

    /** {@code v} with every NaN made the canonical one, as TsFile's canonicalizing encoders store it. */
    public static float[] canonicalNaNs(float[] v) {
        float[] out = v.clone();
        for (int i = 0; i < out.length; i++) {
            if (Float.isNaN(out[i])) {
                out[i] = Float.NaN;
            }
        }
        return out;
    }

    public static long[] rawBits(double[] v) {
        long[] out = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = Double.doubleToRawLongBits(v[i]);
        }
        return out;
    }

    public static int[] rawBits(float[] v) {
        int[] out = new int[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = Float.floatToRawIntBits(v[i]);
        }
        return out;
    }
}
