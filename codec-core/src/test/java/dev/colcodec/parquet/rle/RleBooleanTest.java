package dev.colcodec.parquet.rle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.CorruptInputFuzzer;
import dev.colcodec.parquet.ValueShapes;
import dev.colcodec.parquet.ValueShapes.Shape;
import dev.colcodec.values.ValuesReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RleBooleanTest {
    private final Kernels kernels = KernelProvider.best();
    private final Kernels scalar = KernelProvider.scalar();

    static boolean[] booleans(Shape shape, int n, long seed) {
        int[] bits = ValueShapes.ints(shape, n, 1, seed);
        boolean[] out = new boolean[n];
        for (int i = 0; i < n; i++) {
            out[i] = bits[i] != 0;
        }
        return out;
    }

    @Test
    void writerMatchesOracleAndReaderDecodesOracleBytes() {
        SplittableRandom r = new SplittableRandom(3);
        long seed = 1;
        for (Shape shape : Shape.values()) {
            for (int n : ValueShapes.SIZES) {
                boolean[] values = booleans(shape, n, seed++);
                byte[] oracle = RleOracle.encodeBooleans(values);
                Kernels k = r.nextBoolean() ? kernels : scalar;
                // our bytes: per value, whole batch, mixed chunks
                RleBooleanWriter w = new RleBooleanWriter(RleFraming.LENGTH_PREFIXED, k);
                for (boolean v : values) {
                    w.writeBoolean(v);
                }
                assertThat(w.toByteArray()).as("%s n=%d", shape, n).isEqualTo(oracle);
                w.reset();
                w.writeBooleans(values, 0, n);
                assertThat(w.valueCount()).isEqualTo(n);
                assertThat(w.toByteArray()).isEqualTo(oracle);
                w.reset();
                int i = 0;
                while (i < n) {
                    int c = Math.min(n - i, 1 + r.nextInt(600));
                    w.writeBooleans(values, i, c);
                    i += c;
                }
                byte[] ours = w.toByteArray();
                assertThat(ours).isEqualTo(oracle);
                assertThat(RleOracle.decodeBooleans(ours, n)).isEqualTo(values);
                // decode: per value, then odd batches with skips
                RleBooleanReader reader = new RleBooleanReader(RleFraming.LENGTH_PREFIXED, k);
                reader.init(n, oracle, 0, oracle.length);
                boolean[] one = new boolean[n];
                for (int j = 0; j < n; j++) {
                    one[j] = reader.readBoolean();
                }
                assertThat(one).isEqualTo(values);
                assertThat(reader.endOffset()).isEqualTo(oracle.length);
                assertThatThrownBy(reader::readBoolean).isInstanceOf(CorruptInputException.class);
                reader.init(n, oracle, 0, oracle.length);
                boolean[] out = new boolean[n + 1];
                int pos = 0;
                for (int b : ValueShapes.oddBatches(n, r)) {
                    if (b < 0) {
                        reader.skip(-b);
                        pos -= b;
                    } else {
                        reader.readBooleans(out, 1, b);
                        assertThat(Arrays.copyOfRange(out, 1, 1 + b))
                                .isEqualTo(Arrays.copyOfRange(values, pos, pos + b));
                        pos += b;
                    }
                }
            }
        }
    }

    @Test
    void nonZeroRleValuesAreTrueAndAMissingGroupIsCorrupt() {
        // RLE run of 9 x 0x02 (not a valid 1-bit value, but non-zero), then a 2-group bit-packed run
        byte[] page = HexFormat.ofDelimiter(" ").parseHex("05 00 00 00 12 02 05 ff 01");
        RleBooleanReader reader = new RleBooleanReader(RleFraming.LENGTH_PREFIXED, kernels);
        reader.init(25, page, 0, page.length);
        boolean[] out = new boolean[25];
        reader.readBooleans(out, 0, 25);
        boolean[] expected = new boolean[25];
        Arrays.fill(expected, 0, 17, true);
        expected[17] = true;
        assertThat(out).isEqualTo(expected);
        // at width 1 a group is one byte: a missing byte is a missing group, not a cut-short one
        byte[] cut = HexFormat.ofDelimiter(" ").parseHex("04 00 00 00 12 02 05 ff");
        reader.init(25, cut, 0, cut.length);
        assertThatThrownBy(() -> reader.readBooleans(out, 0, 25))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("last group");
    }

    @Test
    void corruptInputGivesOnlyCorruptInputException() {
        List<byte[]> pages = new ArrayList<>();
        long seed = 5;
        for (Shape shape : new Shape[] {Shape.RANDOM, Shape.RUNS_9, Shape.RUNS_64, Shape.EXTREMES, Shape.RUNS_1}) {
            for (int n : new int[] {7, 30, 90, 200}) {
                pages.add(RleOracle.encodeBooleans(booleans(shape, n, seed++)));
            }
        }
        int corrupt = CorruptInputFuzzer.fuzz(pages, 10_000, 77, (buf, off, len, r) -> {
            RleBooleanReader reader =
                    new RleBooleanReader(RleFraming.LENGTH_PREFIXED, r.nextBoolean() ? kernels : scalar);
            reader.init(r.nextInt(4) == 0 ? ValuesReader.UNKNOWN_COUNT : r.nextInt(250), buf, off, len);
            boolean[] out = new boolean[64];
            for (int step = 0; step < 30; step++) {
                switch (r.nextInt(3)) {
                    case 0:
                        reader.readBoolean();
                        break;
                    case 1:
                        reader.readBooleans(out, 0, r.nextInt(64));
                        break;
                    default:
                        reader.skip(r.nextInt(64));
                }
            }
            reader.endOffset();
        });
        assertThat(corrupt).isGreaterThan(1000);
    }
}
