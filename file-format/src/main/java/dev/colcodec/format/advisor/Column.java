package dev.colcodec.format.advisor;

import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesReader;
import dev.colcodec.values.BinaryValuesWriter;
import dev.colcodec.values.DoubleValuesReader;
import dev.colcodec.values.DoubleValuesWriter;
import dev.colcodec.values.FloatValuesReader;
import dev.colcodec.values.FloatValuesWriter;
import dev.colcodec.values.IntValuesReader;
import dev.colcodec.values.IntValuesWriter;
import dev.colcodec.values.LongValuesReader;
import dev.colcodec.values.LongValuesWriter;
import dev.colcodec.values.ValuesReader;
import dev.colcodec.values.ValuesWriter;
import java.util.Arrays;
import java.util.Objects;

/**
 * One column of non-null values to give the {@link EncodingAdvisor}: ints, longs, floats, doubles or
 * byte strings. The column keeps the caller's array (it is not copied); the caller must not change it
 * while the advisor runs.
 *
 * <p>Each kind knows how to write itself to a typed {@link ValuesWriter}, read itself back from a typed
 * {@link ValuesReader} into a reusable scratch buffer, and compare what was read with the original, so
 * the advisor's measuring and verifying code is written once for every kind.
 */
public abstract class Column {
    private Column() {}

    /** A column of {@code int} values (Parquet INT32, TsFile INT32/DATE). */
    public static Column ofInts(int[] values) {
        return new Ints(Objects.requireNonNull(values, "values"));
    }

    /** A column of {@code long} values (Parquet INT64, TsFile INT64/TIMESTAMP). */
    public static Column ofLongs(long[] values) {
        return new Longs(Objects.requireNonNull(values, "values"));
    }

    /** A column of {@code float} values. */
    public static Column ofFloats(float[] values) {
        return new Floats(Objects.requireNonNull(values, "values"));
    }

    /** A column of {@code double} values. */
    public static Column ofDoubles(double[] values) {
        return new Doubles(Objects.requireNonNull(values, "values"));
    }

    /** A column of byte strings (Parquet BYTE_ARRAY, TsFile TEXT/STRING/BLOB); no element may be null. */
    public static Column ofBinaries(byte[][] values) {
        for (byte[] v : Objects.requireNonNull(values, "values")) {
            Objects.requireNonNull(v, "a binary value");
        }
        return new Binaries(values);
    }

    /** The type of the values. */
    public abstract ValueKind kind();

    /** The number of values. */
    public abstract int size();

    /** The first {@code n} values (this column if it has no more than {@code n}). */
    public abstract Column head(int n);

    /** Writes every value to {@code w}, which must be the writer type of {@link #kind()}. */
    abstract void writeTo(ValuesWriter w);

    /** A buffer that {@link #readInto} fills, reusable across reads. */
    abstract Object newScratch();

    /** Reads {@link #size()} values from {@code r} into {@code scratch}. */
    abstract void readInto(ValuesReader r, Object scratch);

    /** Whether {@code scratch}, filled by {@link #readInto}, holds exactly this column's values. */
    abstract boolean matches(Object scratch);

    private static final class Ints extends Column {
        private final int[] v;

        Ints(int[] v) {
            this.v = v;
        }

        @Override
        public ValueKind kind() {
            return ValueKind.INT32;
        }

        @Override
        public int size() {
            return v.length;
        }

        @Override
        public Column head(int n) {
            return n >= v.length ? this : new Ints(Arrays.copyOf(v, n));
        }

        @Override
        void writeTo(ValuesWriter w) {
            ((IntValuesWriter) w).writeIntegers(v, 0, v.length);
        }

        @Override
        Object newScratch() {
            return new int[v.length];
        }

        @Override
        void readInto(ValuesReader r, Object scratch) {
            ((IntValuesReader) r).readIntegers((int[]) scratch, 0, v.length);
        }

        @Override
        boolean matches(Object scratch) {
            return Arrays.equals(v, (int[]) scratch);
        }
    }

    private static final class Longs extends Column {
        private final long[] v;

        Longs(long[] v) {
            this.v = v;
        }

        @Override
        public ValueKind kind() {
            return ValueKind.INT64;
        }

        @Override
        public int size() {
            return v.length;
        }

        @Override
        public Column head(int n) {
            return n >= v.length ? this : new Longs(Arrays.copyOf(v, n));
        }

        @Override
        void writeTo(ValuesWriter w) {
            ((LongValuesWriter) w).writeLongs(v, 0, v.length);
        }

        @Override
        Object newScratch() {
            return new long[v.length];
        }

        @Override
        void readInto(ValuesReader r, Object scratch) {
            ((LongValuesReader) r).readLongs((long[]) scratch, 0, v.length);
        }

        @Override
        boolean matches(Object scratch) {
            return Arrays.equals(v, (long[]) scratch);
        }
    }

    private static final class Floats extends Column {
        private final float[] v;

        Floats(float[] v) {
            this.v = v;
        }

        @Override
        public ValueKind kind() {
            return ValueKind.FLOAT;
        }

        @Override
        public int size() {
            return v.length;
        }

        @Override
        public Column head(int n) {
            return n >= v.length ? this : new Floats(Arrays.copyOf(v, n));
        }

        @Override
        void writeTo(ValuesWriter w) {
            ((FloatValuesWriter) w).writeFloats(v, 0, v.length);
        }

        @Override
        Object newScratch() {
            return new float[v.length];
        }

        @Override
        void readInto(ValuesReader r, Object scratch) {
            ((FloatValuesReader) r).readFloats((float[]) scratch, 0, v.length);
        }

        @Override
        boolean matches(Object scratch) {
            float[] d = (float[]) scratch;
            for (int i = 0; i < v.length; i++) {
                if (Float.floatToRawIntBits(v[i]) != Float.floatToRawIntBits(d[i])) {
                    return false;
                }
            }
            return true;
        }
    }

    private static final class Doubles extends Column {
        private final double[] v;

        Doubles(double[] v) {
            this.v = v;
        }

        @Override
        public ValueKind kind() {
            return ValueKind.DOUBLE;
        }

        @Override
        public int size() {
            return v.length;
        }

        @Override
        public Column head(int n) {
            return n >= v.length ? this : new Doubles(Arrays.copyOf(v, n));
        }

        @Override
        void writeTo(ValuesWriter w) {
            ((DoubleValuesWriter) w).writeDoubles(v, 0, v.length);
        }

        @Override
        Object newScratch() {
            return new double[v.length];
        }

        @Override
        void readInto(ValuesReader r, Object scratch) {
            ((DoubleValuesReader) r).readDoubles((double[]) scratch, 0, v.length);
        }

        @Override
        boolean matches(Object scratch) {
            double[] d = (double[]) scratch;
            for (int i = 0; i < v.length; i++) {
                if (Double.doubleToRawLongBits(v[i]) != Double.doubleToRawLongBits(d[i])) {
                    return false;
                }
            }
            return true;
        }
    }

    private static final class Binaries extends Column {
        private final byte[][] v;

        Binaries(byte[][] v) {
            this.v = v;
        }

        @Override
        public ValueKind kind() {
            return ValueKind.BINARY;
        }

        @Override
        public int size() {
            return v.length;
        }

        @Override
        public Column head(int n) {
            return n >= v.length ? this : new Binaries(Arrays.copyOf(v, n));
        }

        @Override
        void writeTo(ValuesWriter w) {
            BinaryValuesWriter bw = (BinaryValuesWriter) w;
            for (byte[] b : v) {
                bw.writeBinary(b, 0, b.length);
            }
        }

        @Override
        Object newScratch() {
            long bytes = 0;
            for (byte[] b : v) {
                bytes += b.length;
            }
            return new BinaryBatch(v.length, (int) Math.min(Integer.MAX_VALUE - 16, bytes));
        }

        @Override
        void readInto(ValuesReader r, Object scratch) {
            BinaryBatch batch = (BinaryBatch) scratch;
            batch.clear();
            ((BinaryValuesReader) r).readBinaries(batch, v.length);
        }

        @Override
        boolean matches(Object scratch) {
            BinaryBatch d = (BinaryBatch) scratch;
            if (d.count() != v.length) {
                return false;
            }
            for (int i = 0; i < v.length; i++) {
                if (!Arrays.equals(v[i], 0, v[i].length, d.data(), d.offset(i), d.offset(i + 1))) {
                    return false;
                }
            }
            return true;
        }
    }
}
