package dev.colcodec.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;

/**
 * Writes a batch of values through whichever typed writer interface a writer implements and reads
 * them back through the matching reader interface: the shared check behind the factory tests.
 */
public final class TypedRoundTrip {
    /** The Java form of a column's values. */
    public enum Kind {
        BOOLEAN,
        INT,
        LONG,
        FLOAT,
        DOUBLE,
        BINARY
    }

    private TypedRoundTrip() {}

    /**
     * Writes {@code n} values (few distinct ones, so dictionaries stay small) and returns them.
     *
     * @param binaryLength the length of every binary value, or -1 for varying lengths
     */
    public static Object write(ValuesWriter w, Kind kind, int n, int binaryLength, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        switch (kind) {
            case BOOLEAN: {
                boolean[] v = new boolean[n];
                for (int i = 0; i < n; i++) {
                    v[i] = rnd.nextInt(3) == 0;
                }
                ((BooleanValuesWriter) w).writeBooleans(v, 0, n);
                return v;
            }
            case INT: {
                int[] v = new int[n];
                for (int i = 0; i < n; i++) {
                    v[i] = rnd.nextInt(20) - 10;
                }
                ((IntValuesWriter) w).writeIntegers(v, 0, n);
                return v;
            }
            case LONG: {
                long[] v = new long[n];
                for (int i = 0; i < n; i++) {
                    v[i] = 1_700_000_000_000L + 1000L * i + rnd.nextInt(30);
                }
                ((LongValuesWriter) w).writeLongs(v, 0, n);
                return v;
            }
            case FLOAT: {
                float[] v = new float[n];
                for (int i = 0; i < n; i++) {
                    v[i] = rnd.nextInt(10) / 4f;
                }
                ((FloatValuesWriter) w).writeFloats(v, 0, n);
                return v;
            }
            case DOUBLE: {
                double[] v = new double[n];
                for (int i = 0; i < n; i++) {
                    v[i] = rnd.nextInt(10) / 4.0; // two decimals: exact under TS_2DIFF floats
                }
                ((DoubleValuesWriter) w).writeDoubles(v, 0, n);
                return v;
            }
            default: {
                byte[][] v = new byte[n][];
                for (int i = 0; i < n; i++) {
                    v[i] = new byte[binaryLength >= 0 ? binaryLength : rnd.nextInt(6)];
                    if (v[i].length > 0) {
                        v[i][0] = (byte) rnd.nextInt(7);
                    }
                    ((BinaryValuesWriter) w).writeBinary(v[i]);
                }
                return v;
            }
        }
    }

    /** Ranges outside an array of 4: negative offset, negative length, past the end. */
    private static final int[][] BAD_RANGES = {{-1, 1}, {0, -1}, {3, 2}, {5, 0}, {Integer.MAX_VALUE, 2}};

    /**
     * Asserts that {@code w} refuses a batch (or one binary value) whose range lies outside its array with
     * an {@link IndexOutOfBoundsException} naming the range (not an {@code ArrayIndexOutOfBoundsException}
     * from deep inside; binary writers also for a batch range outside a {@link BinaryBatch}), and that a
     * refused call changes nothing: the page {@code w} then writes is the page a fresh writer from {@code
     * fresh} writes for the same values.
     */
    public static void assertBadRangesRefused(
            ValuesWriter w, java.util.function.Supplier<ValuesWriter> fresh, Kind kind, int binaryLength, String what) {
        int n = 40;
        write(w, kind, n, binaryLength, 7);
        for (int[] r : BAD_RANGES) {
            assertThatThrownBy(() -> writeRange(w, kind, r[0], r[1]))
                    .as(what + " range " + r[0] + "+" + r[1])
                    .isExactlyInstanceOf(IndexOutOfBoundsException.class);
            assertThat(w.valueCount()).as(what).isEqualTo(n);
            if (kind == Kind.BINARY) {
                BinaryBatch b = batchOfFour(binaryLength);
                assertThatThrownBy(() -> ((BinaryValuesWriter) w).writeBinaries(b, r[0], r[1]))
                        .as(what + " batch range " + r[0] + "+" + r[1])
                        .isExactlyInstanceOf(IndexOutOfBoundsException.class);
                assertThat(w.valueCount()).as(what).isEqualTo(n);
            }
        }
        write(w, kind, n, binaryLength, 8);
        ValuesWriter f = fresh.get();
        write(f, kind, n, binaryLength, 7);
        write(f, kind, n, binaryLength, 8);
        assertThat(w.toByteArray()).as(what + ": the page after refused calls").isEqualTo(f.toByteArray());
    }

    private static void writeRange(ValuesWriter w, Kind kind, int off, int len) {
        switch (kind) {
            case BOOLEAN:
                ((BooleanValuesWriter) w).writeBooleans(new boolean[4], off, len);
                break;
            case INT:
                ((IntValuesWriter) w).writeIntegers(new int[4], off, len);
                break;
            case LONG:
                ((LongValuesWriter) w).writeLongs(new long[4], off, len);
                break;
            case FLOAT:
                ((FloatValuesWriter) w).writeFloats(new float[4], off, len);
                break;
            case DOUBLE:
                ((DoubleValuesWriter) w).writeDoubles(new double[4], off, len);
                break;
            default:
                ((BinaryValuesWriter) w).writeBinary(new byte[4], off, len);
        }
    }

    /** A batch of 4 binary values of {@code length} bytes each (varying lengths for -1). */
    private static BinaryBatch batchOfFour(int length) {
        BinaryBatch b = new BinaryBatch();
        for (int i = 0; i < 4; i++) {
            b.append(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, 0, length >= 0 ? length : i);
        }
        return b;
    }

    /**
     * Asserts that {@code r} refuses a batch read whose range lies outside its array with an {@link
     * IndexOutOfBoundsException}, and a negative skip or binary batch length with an {@link
     * IllegalArgumentException}, before it consumes anything: the caller then reads every value.
     */
    public static void assertBadReadRangesRefused(ValuesReader r, Kind kind, String what) {
        for (int[] range : BAD_RANGES) {
            assertThatThrownBy(() -> readRange(r, kind, range[0], range[1]))
                    .as(what + " read range " + range[0] + "+" + range[1])
                    .isExactlyInstanceOf(IndexOutOfBoundsException.class);
        }
        assertThatThrownBy(() -> r.skip(-1)).as(what + " skip(-1)").isInstanceOf(IllegalArgumentException.class);
        if (kind == Kind.BINARY) {
            assertThatThrownBy(() -> ((BinaryValuesReader) r).readBinaries(new BinaryBatch(), -1))
                    .as(what + " readBinaries(-1)")
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    private static void readRange(ValuesReader r, Kind kind, int off, int len) {
        switch (kind) {
            case BOOLEAN:
                ((BooleanValuesReader) r).readBooleans(new boolean[4], off, len);
                break;
            case INT:
                ((IntValuesReader) r).readIntegers(new int[4], off, len);
                break;
            case LONG:
                ((LongValuesReader) r).readLongs(new long[4], off, len);
                break;
            case FLOAT:
                ((FloatValuesReader) r).readFloats(new float[4], off, len);
                break;
            case DOUBLE:
                ((DoubleValuesReader) r).readDoubles(new double[4], off, len);
                break;
            default:
                throw new IndexOutOfBoundsException("binary readers take a batch, not a range");
        }
    }

    /** Reads {@code n} values and asserts they equal {@code expected} (floats by value). */
    public static void assertReads(ValuesReader r, Kind kind, int n, Object expected, String what) {
        switch (kind) {
            case BOOLEAN: {
                boolean[] out = new boolean[n];
                ((BooleanValuesReader) r).readBooleans(out, 0, n);
                assertThat(out).as(what).isEqualTo(expected);
                break;
            }
            case INT: {
                int[] out = new int[n];
                ((IntValuesReader) r).readIntegers(out, 0, n);
                assertThat(out).as(what).isEqualTo(expected);
                break;
            }
            case LONG: {
                long[] out = new long[n];
                ((LongValuesReader) r).readLongs(out, 0, n);
                assertThat(out).as(what).isEqualTo(expected);
                break;
            }
            case FLOAT: {
                float[] out = new float[n];
                ((FloatValuesReader) r).readFloats(out, 0, n);
                assertThat(out).as(what).isEqualTo(expected);
                break;
            }
            case DOUBLE: {
                double[] out = new double[n];
                ((DoubleValuesReader) r).readDoubles(out, 0, n);
                assertThat(out).as(what).isEqualTo(expected);
                break;
            }
            default: {
                BinaryBatch batch = new BinaryBatch();
                ((BinaryValuesReader) r).readBinaries(batch, n);
                byte[][] exp = (byte[][]) expected;
                assertThat(batch.count()).as(what).isEqualTo(n);
                for (int i = 0; i < n; i++) {
                    assertThat(batch.get(i)).as(what + " value " + i).isEqualTo(exp[i]);
                }
            }
        }
    }
}
