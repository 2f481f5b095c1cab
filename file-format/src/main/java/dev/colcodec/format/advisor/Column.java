package dev.colcodec.format.advisor;

import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesReader;
import dev.colcodec.values.BinaryValuesWriter;
import dev.colcodec.values.BooleanValuesReader;
import dev.colcodec.values.BooleanValuesWriter;
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
        return new Binaries(values, 0);
    }

    /**
     * A column of byte strings that all have {@code length} bytes (Parquet FIXED_LEN_BYTE_ARRAY of that
     * type length).
     */
    public static Column ofFixedLengthBinaries(byte[][] values, int length) {
        if (length < 1) {
            throw new IllegalArgumentException("a fixed length must be at least 1, got " + length);
        }
        for (byte[] v : Objects.requireNonNull(values, "values")) {
            if (Objects.requireNonNull(v, "a binary value").length != length) {
                throw new IllegalArgumentException("a value of " + v.length + " bytes in a column of length " + length);
            }
        }
        return new Binaries(values, length);
    }

    /** A column of {@code boolean} values (Parquet BOOLEAN, TsFile BOOLEAN). */
    public static Column ofBooleans(boolean[] values) {
        return new Booleans(Objects.requireNonNull(values, "values"));
    }

    /** The type of the values. */
    public abstract ValueKind kind();

    /** The byte length of every value of a {@link ValueKind#FIXED_BINARY} column; 0 for other kinds. */
    public int fixedLength() {
        return 0;
    }

    /**
     * The TsFile data type the values are stored as: the one {@link #withTsType} declared, else {@link
     * #kind()}'s. TsFile encodings are tried only if TsFile allows them for this type (no DICTIONARY for a
     * BLOB column, for example).
     */
    public TsDataType tsType() {
        return kind().tsType();
    }

    /**
     * This column declared as holding TsFile {@code type} values: DATE for ints, TIMESTAMP for longs,
     * STRING or BLOB for binaries, or the kind's own type.
     */
    public Column withTsType(TsDataType type) {
        Objects.requireNonNull(type, "type");
        boolean fits = type == kind().tsType()
                || (kind() == ValueKind.INT32 && type == TsDataType.DATE)
                || (kind() == ValueKind.INT64 && type == TsDataType.TIMESTAMP)
                || ((kind() == ValueKind.BINARY || kind() == ValueKind.FIXED_BINARY)
                        && (type == TsDataType.STRING || type == TsDataType.BLOB));
        if (!fits) {
            throw new IllegalArgumentException(kind() + " values cannot be TsFile " + type + " values");
        }
        Column plain = this instanceof TsTyped t ? t.values : this;
        return type == plain.kind().tsType() ? plain : new TsTyped(plain, type);
    }

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
        /** The values' common length, or 0 for variable-length values. */
        private final int fixedLength;

        Binaries(byte[][] v, int fixedLength) {
            this.v = v;
            this.fixedLength = fixedLength;
        }

        @Override
        public ValueKind kind() {
            return fixedLength > 0 ? ValueKind.FIXED_BINARY : ValueKind.BINARY;
        }

        @Override
        public int fixedLength() {
            return fixedLength;
        }

        @Override
        public int size() {
            return v.length;
        }

        @Override
        public Column head(int n) {
            return n >= v.length ? this : new Binaries(Arrays.copyOf(v, n), fixedLength);
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

    private static final class Booleans extends Column {
        private final boolean[] v;

        Booleans(boolean[] v) {
            this.v = v;
        }

        @Override
        public ValueKind kind() {
            return ValueKind.BOOLEAN;
        }

        @Override
        public int size() {
            return v.length;
        }

        @Override
        public Column head(int n) {
            return n >= v.length ? this : new Booleans(Arrays.copyOf(v, n));
        }

        @Override
        void writeTo(ValuesWriter w) {
            ((BooleanValuesWriter) w).writeBooleans(v, 0, v.length);
        }

        @Override
        Object newScratch() {
            return new boolean[v.length];
        }

        @Override
        void readInto(ValuesReader r, Object scratch) {
            ((BooleanValuesReader) r).readBooleans((boolean[]) scratch, 0, v.length);
        }

        @Override
        boolean matches(Object scratch) {
            return Arrays.equals(v, (boolean[]) scratch);
        }
    }

    /** A column with a declared TsFile type; everything else is the wrapped column's. */
    private static final class TsTyped extends Column {
        private final Column values;
        private final TsDataType type;

        TsTyped(Column values, TsDataType type) {
            this.values = values;
            this.type = type;
        }

        @Override
        public TsDataType tsType() {
            return type;
        }

        @Override
        public ValueKind kind() {
            return values.kind();
        }

        @Override
        public int fixedLength() {
            return values.fixedLength();
        }

        @Override
        public int size() {
            return values.size();
        }

        @Override
        public Column head(int n) {
            return new TsTyped(values.head(n), type);
        }

        @Override
        void writeTo(ValuesWriter w) {
            values.writeTo(w);
        }

        @Override
        Object newScratch() {
            return values.newScratch();
        }

        @Override
        void readInto(ValuesReader r, Object scratch) {
            values.readInto(r, scratch);
        }

        @Override
        boolean matches(Object scratch) {
            return values.matches(scratch);
        }
    }
}
