package dev.colcodec.parquet.plain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.ValueShapes;
import dev.colcodec.parquet.ValueShapes.Shape;
import dev.colcodec.values.ValuesReader;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PlainBooleanTest {
    private final SplittableRandom r = new SplittableRandom(23);

    private Kernels kernels() {
        return r.nextBoolean() ? KernelProvider.best() : KernelProvider.scalar();
    }

    static boolean[] booleans(Shape shape, int n, long seed) {
        int[] bits = ValueShapes.ints(shape, n, 1, seed);
        boolean[] out = new boolean[n];
        for (int i = 0; i < n; i++) {
            out[i] = bits[i] != 0;
        }
        return out;
    }

    @Test
    void referenceVector() {
        boolean[] values = {true, false, true, true, false, false, false, false, true, true};
        byte[] expected = HexFormat.ofDelimiter(" ").parseHex("0d 03");
        assertThat(PlainOracle.booleans(values)).isEqualTo(expected);
        PlainBooleanWriter w = new PlainBooleanWriter(kernels());
        w.writeBooleans(values, 0, values.length);
        assertThat(w.toByteArray()).isEqualTo(expected);
        PlainBooleanReader reader = new PlainBooleanReader(kernels());
        reader.init(values.length, expected, 0, 2);
        boolean[] out = new boolean[values.length];
        reader.readBooleans(out, 0, out.length);
        assertThat(out).isEqualTo(values);
    }

    @Test
    void matchesOracleBothWays() {
        long seed = 1;
        for (Shape shape : Shape.values()) {
            for (int n : ValueShapes.SIZES) {
                boolean[] v = booleans(shape, n, seed++);
                byte[] oracle = PlainOracle.booleans(v);
                PlainBooleanWriter w = new PlainBooleanWriter(kernels());
                for (int i = 0; i < n; ) {
                    int c = Math.min(n - i, r.nextInt(3) == 0 ? 1 : 1 + r.nextInt(70));
                    if (c == 1) {
                        w.writeBoolean(v[i]);
                    } else {
                        w.writeBooleans(v, i, c);
                    }
                    i += c;
                }
                assertThat(w.bufferedSize()).isEqualTo((n + 7) / 8);
                byte[] ours = w.toByteArray();
                assertThat(ours).as("%s n=%d", shape, n).isEqualTo(oracle);
                assertThat(PlainOracle.readBooleans(ours, n)).isEqualTo(v);

                PlainBooleanReader reader = new PlainBooleanReader(kernels());
                reader.init(n, oracle, 0, oracle.length);
                boolean[] out = new boolean[n];
                for (int i = 0; i < n; i++) {
                    out[i] = reader.readBoolean();
                }
                assertThat(out).isEqualTo(v);
                assertThat(reader.endOffset()).isEqualTo(oracle.length);
                assertThatThrownBy(reader::readBoolean).isInstanceOf(CorruptInputException.class);
                reader.init(n, oracle, 0, oracle.length);
                int pos = 0;
                for (int b : ValueShapes.oddBatches(n, r)) {
                    if (b < 0) {
                        reader.skip(-b);
                        pos -= b;
                    } else {
                        reader.readBooleans(out, 0, b);
                        assertThat(Arrays.copyOf(out, b)).isEqualTo(Arrays.copyOfRange(v, pos, pos + b));
                        pos += b;
                    }
                }
            }
        }
    }

    @Test
    void sectionIsCeilOfValueCountOverEightCappedAtTheSlice() {
        byte[] buf = {(byte) 0xff, 0x01, 0x55, 0x66};
        PlainBooleanReader reader = new PlainBooleanReader(kernels());
        reader.init(9, buf, 0, 4);
        assertThat(reader.endOffset()).isEqualTo(2);
        reader.init(100, buf, 1, 3); // nulls counted: more values than bits
        assertThat(reader.endOffset()).isEqualTo(4);
        boolean[] out = new boolean[24];
        reader.readBooleans(out, 0, 24);
        assertThat(out[0]).isTrue();
        assertThat(out[1]).isFalse();
        assertThatThrownBy(reader::readBoolean)
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("bits remain");
        reader.init(ValuesReader.UNKNOWN_COUNT, buf, 0, 4);
        assertThat(reader.endOffset()).isEqualTo(4);
    }
}
