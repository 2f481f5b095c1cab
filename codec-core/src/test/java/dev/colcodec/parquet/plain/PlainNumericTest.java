package dev.colcodec.parquet.plain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.ValueShapes;
import dev.colcodec.parquet.ValueShapes.Shape;
import dev.colcodec.values.IntValuesReader;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * PLAIN INT32, INT64, FLOAT and DOUBLE against parquet-java. Floats and doubles are compared by raw bits,
 * so NaN payloads, infinities and -0.0 must survive both ways.
 */
class PlainNumericTest {
    private final SplittableRandom r = new SplittableRandom(17);

    private Kernels kernels() {
        return r.nextBoolean() ? KernelProvider.best() : KernelProvider.scalar();
    }

    @Test
    void referenceVectorInt32() {
        byte[] expected = HexFormat.ofDelimiter(" ").parseHex("01 00 00 00 fe ff ff ff 04 03 02 01");
        int[] values = {1, -2, 0x01020304};
        assertThat(PlainOracle.ints(values)).isEqualTo(expected);
        PlainIntWriter w = new PlainIntWriter(kernels());
        w.writeIntegers(values, 0, 3);
        assertThat(w.toByteArray()).isEqualTo(expected);
        PlainIntReader reader = new PlainIntReader(kernels());
        reader.init(3, expected, 0, expected.length);
        int[] out = new int[3];
        reader.readIntegers(out, 0, 3);
        assertThat(out).containsExactly(values);
    }

    /** Writes per value, in batches or both mixed, as {@code r} decides. */
    private int[] chunks(int n) {
        int[] c = new int[n + 1];
        int k = 0;
        for (int i = 0; i < n; ) {
            int len = Math.min(n - i, r.nextInt(3) == 0 ? 1 : 1 + r.nextInt(300));
            c[k++] = len;
            i += len;
        }
        return Arrays.copyOf(c, k);
    }

    @Test
    void int32() {
        long seed = 1;
        for (Shape shape : Shape.values()) {
            for (int n : ValueShapes.SIZES) {
                int[] v = ValueShapes.anyInts(shape, n, seed++);
                byte[] oracle = PlainOracle.ints(v);
                PlainIntWriter w = new PlainIntWriter(kernels());
                int at = 0;
                for (int c : chunks(n)) {
                    if (c == 1) {
                        w.writeInteger(v[at]);
                    } else {
                        w.writeIntegers(v, at, c);
                    }
                    at += c;
                }
                assertThat(w.valueCount()).isEqualTo(n);
                assertThat(w.bufferedSize()).isEqualTo(4L * n);
                byte[] ours = w.toByteArray();
                assertThat(ours).isEqualTo(oracle);
                assertThat(PlainOracle.readInts(ours, n)).isEqualTo(v);
                checkIntReader(new PlainIntReader(kernels()), oracle, v);
            }
        }
    }

    private void checkIntReader(IntValuesReader reader, byte[] page, int[] v) {
        int n = v.length;
        reader.init(n, page, 0, page.length);
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = reader.readInteger();
        }
        assertThat(out).isEqualTo(v);
        assertThat(reader.endOffset()).isEqualTo(page.length);
        assertThatThrownBy(reader::readInteger).isInstanceOf(CorruptInputException.class);
        reader.init(n, page, 0, page.length);
        int pos = 0;
        for (int b : ValueShapes.oddBatches(n, r)) {
            if (b < 0) {
                reader.skip(-b);
                pos -= b;
            } else {
                reader.readIntegers(out, 0, b);
                assertThat(Arrays.copyOf(out, b)).isEqualTo(Arrays.copyOfRange(v, pos, pos + b));
                pos += b;
            }
        }
    }

    @Test
    void int64() {
        long seed = 100;
        for (Shape shape : Shape.values()) {
            for (int n : ValueShapes.SIZES) {
                long[] v = ValueShapes.longs(shape, n, seed++);
                byte[] oracle = PlainOracle.longs(v);
                PlainLongWriter w = new PlainLongWriter(kernels());
                int at = 0;
                for (int c : chunks(n)) {
                    if (c == 1) {
                        w.writeLong(v[at]);
                    } else {
                        w.writeLongs(v, at, c);
                    }
                    at += c;
                }
                byte[] ours = w.toByteArray();
                assertThat(ours).isEqualTo(oracle);
                assertThat(PlainOracle.readLongs(ours, n)).isEqualTo(v);
                PlainLongReader reader = new PlainLongReader(kernels());
                reader.init(n, oracle, 0, oracle.length);
                long[] out = new long[n];
                for (int i = 0; i < n; i++) {
                    out[i] = reader.readLong();
                }
                assertThat(out).isEqualTo(v);
                assertThatThrownBy(reader::readLong).isInstanceOf(CorruptInputException.class);
                reader.init(n, oracle, 0, oracle.length);
                int pos = 0;
                for (int b : ValueShapes.oddBatches(n, r)) {
                    if (b < 0) {
                        reader.skip(-b);
                        pos -= b;
                    } else {
                        reader.readLongs(out, 0, b);
                        assertThat(Arrays.copyOf(out, b)).isEqualTo(Arrays.copyOfRange(v, pos, pos + b));
                        pos += b;
                    }
                }
            }
        }
    }

    @Test
    void floatKeepsRawBits() {
        long seed = 200;
        for (Shape shape : Shape.values()) {
            for (int n : ValueShapes.SIZES) {
                int[] bits = ValueShapes.floatBits(shape, n, seed++);
                float[] v = ValueShapes.floats(bits);
                byte[] oracle = PlainOracle.floats(v);
                PlainFloatWriter w = new PlainFloatWriter(kernels());
                int at = 0;
                for (int c : chunks(n)) {
                    if (c == 1) {
                        w.writeFloat(v[at]);
                    } else {
                        w.writeFloats(v, at, c);
                    }
                    at += c;
                }
                byte[] ours = w.toByteArray();
                assertThat(ours).isEqualTo(oracle);
                assertThat(PlainOracle.readFloatBits(ours, n)).isEqualTo(bits);
                PlainFloatReader reader = new PlainFloatReader(kernels());
                reader.init(n, oracle, 0, oracle.length);
                int[] got = new int[n];
                for (int i = 0; i < n; i++) {
                    got[i] = Float.floatToRawIntBits(reader.readFloat());
                }
                assertThat(got).isEqualTo(bits);
                reader.init(n, oracle, 0, oracle.length);
                float[] out = new float[n];
                int pos = 0;
                for (int b : ValueShapes.oddBatches(n, r)) {
                    if (b < 0) {
                        reader.skip(-b);
                        pos -= b;
                    } else {
                        reader.readFloats(out, 0, b);
                        for (int i = 0; i < b; i++) {
                            got[i] = Float.floatToRawIntBits(out[i]);
                        }
                        assertThat(Arrays.copyOf(got, b)).isEqualTo(Arrays.copyOfRange(bits, pos, pos + b));
                        pos += b;
                    }
                }
            }
        }
    }

    @Test
    void doubleKeepsRawBits() {
        long seed = 300;
        for (Shape shape : Shape.values()) {
            for (int n : ValueShapes.SIZES) {
                long[] bits = ValueShapes.doubleBits(shape, n, seed++);
                double[] v = ValueShapes.doubles(bits);
                byte[] oracle = PlainOracle.doubles(v);
                PlainDoubleWriter w = new PlainDoubleWriter(kernels());
                int at = 0;
                for (int c : chunks(n)) {
                    if (c == 1) {
                        w.writeDouble(v[at]);
                    } else {
                        w.writeDoubles(v, at, c);
                    }
                    at += c;
                }
                byte[] ours = w.toByteArray();
                assertThat(ours).isEqualTo(oracle);
                assertThat(PlainOracle.readDoubleBits(ours, n)).isEqualTo(bits);
                PlainDoubleReader reader = new PlainDoubleReader(kernels());
                reader.init(n, oracle, 0, oracle.length);
                long[] got = new long[n];
                for (int i = 0; i < n; i++) {
                    got[i] = Double.doubleToRawLongBits(reader.readDouble());
                }
                assertThat(got).isEqualTo(bits);
                reader.init(n, oracle, 0, oracle.length);
                double[] out = new double[n];
                int pos = 0;
                for (int b : ValueShapes.oddBatches(n, r)) {
                    if (b < 0) {
                        reader.skip(-b);
                        pos -= b;
                    } else {
                        reader.readDoubles(out, 0, b);
                        for (int i = 0; i < b; i++) {
                            got[i] = Double.doubleToRawLongBits(out[i]);
                        }
                        assertThat(Arrays.copyOf(got, b)).isEqualTo(Arrays.copyOfRange(bits, pos, pos + b));
                        pos += b;
                    }
                }
            }
        }
    }

    @Test
    void valueCountIsAnUpperBoundAndTheBytesDecide() {
        byte[] page = PlainOracle.ints(new int[] {1, 2, 3});
        PlainIntReader reader = new PlainIntReader(kernels());
        reader.init(10, page, 0, page.length); // 10 values including nulls, 3 present
        int[] out = new int[3];
        reader.readIntegers(out, 0, 3);
        assertThat(out).containsExactly(1, 2, 3);
        assertThatThrownBy(() -> reader.skip(1))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("remain");
        reader.init(2, page, 0, page.length);
        assertThatThrownBy(() -> reader.readIntegers(out, 0, 3))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("at most 2 more values");
        reader.init(-1, page, 0, 10); // unknown count: whole values only
        reader.readIntegers(out, 0, 2);
        assertThatThrownBy(reader::readInteger).isInstanceOf(CorruptInputException.class);
    }

    @Test
    void writersReturnFreshArraysAndRefuseWritesUntilReset() {
        PlainDoubleWriter w = new PlainDoubleWriter(kernels());
        w.writeDouble(1.5);
        byte[] a = w.toByteArray();
        assertThatThrownBy(() -> w.writeDouble(2)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(w::toByteArray).isInstanceOf(IllegalStateException.class);
        w.reset();
        w.writeDoubles(new double[] {1.5}, 0, 1);
        byte[] b = w.toByteArray();
        assertThat(b).isEqualTo(a).isNotSameAs(a);
    }
}
