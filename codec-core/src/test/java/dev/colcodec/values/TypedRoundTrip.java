package dev.colcodec.values;

import static org.assertj.core.api.Assertions.assertThat;

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
