package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.parquet.PhysicalType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.parquet.format.ColumnIndex;
import org.apache.parquet.format.PageLocation;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * FLOAT and DOUBLE bounds, per chunk and per page (column index), against a value-at-a-time expectation
 * in the type-defined order colcodec writes: NaN left out (no bounds for a chunk of only NaN), a zero
 * minimum written as -0.0 and a zero maximum as +0.0. The writer takes them a batch at a time through its
 * kernels: this runs with the scalar kernels and, in the {@code fuzz-vector} execution, with the vector ones.
 */
class FloatingStatisticsTest {

    @ParameterizedTest
    @EnumSource(
            value = PhysicalType.class,
            names = {"FLOAT", "DOUBLE"})
    @Tag("both-kernels")
    void boundsLeaveNanOutAndNormalizeZeros(PhysicalType type) throws IOException {
        double[] special = {
            Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1.0, -1.0, 1e30, -1e-30
        };
        Random r = new Random(type.ordinal() * 17L);
        int pagesChecked = 0;
        int withoutBounds = 0;
        for (int trial = 0; trial < 120; trial++) {
            int rows = 1 + r.nextInt(trial < 20 ? 3 : trial < 40 ? 30 : 1500);
            int shape = r.nextInt(5);
            double[] d = new double[rows];
            boolean[] nulls = r.nextBoolean() ? null : new boolean[rows];
            for (int i = 0; i < rows; i++) {
                d[i] = switch (shape) {
                    case 0 -> special[r.nextInt(special.length)];
                    case 1 -> r.nextInt(3) == 0 ? Double.NaN : r.nextBoolean() ? 0.0 : -0.0;
                    case 2 -> r.nextInt(20) == 0 ? special[r.nextInt(special.length)] : 20 + r.nextGaussian();
                    case 3 -> r.nextInt(50) == 0 ? Double.NaN : r.nextGaussian() * 1e6;
                    default -> r.nextInt(300) == 0 ? -0.0 : Double.NaN; // pages and chunks of only NaN
                };
                if (type == PhysicalType.FLOAT) {
                    d[i] = (float) d[i];
                }
                if (nulls != null) {
                    nulls[i] = r.nextInt(4) == 0;
                }
            }
            Object values = d;
            if (type == PhysicalType.FLOAT) {
                float[] f = new float[rows];
                for (int i = 0; i < rows; i++) {
                    f[i] = (float) d[i];
                }
                values = f;
            }
            ParquetWriteOptions options = ParquetWriteOptions.defaults()
                    .withPageRowLimit(1 + r.nextInt(200))
                    .withDictionary(r.nextBoolean());
            ByteArrayOutputStream bos = new ByteArrayOutputStream();
            try (ParquetFileWriter w =
                    new ParquetFileWriter(bos, List.of(ParquetColumn.flat("x", type, 0, nulls != null)), options)) {
                // batches of several sizes
                for (int from = 0; from < rows; ) {
                    int n = Math.min(rows - from, 1 + r.nextInt(700));
                    Object part = values instanceof float[] f
                            ? Arrays.copyOfRange(f, from, from + n)
                            : Arrays.copyOfRange(d, from, from + n);
                    w.write(
                            new Object[] {part},
                            new boolean[][] {nulls == null ? null : Arrays.copyOfRange(nulls, from, from + n)},
                            n);
                    from += n;
                }
            }
            String what = type + " trial " + trial;
            try (ParquetFileReader reader = ParquetFileReader.open(bos.toByteArray())) {
                assertBounds(reader.statistics(0, 0), type, d, nulls, 0, rows, what + " chunk");
                withoutBounds += reader.statistics(0, 0).hasMinMax() ? 0 : 1;
                ColumnIndex ci = reader.readColumnIndex(0, 0);
                if (ci == null) {
                    continue;
                }
                List<PageLocation> locs = reader.readOffsetIndex(0, 0).getPage_locations();
                for (int p = 0; p < locs.size(); p++) {
                    if (ci.getNull_pages().get(p)) {
                        continue;
                    }
                    int first = (int) locs.get(p).getFirst_row_index();
                    int last = p + 1 < locs.size() ? (int) locs.get(p + 1).getFirst_row_index() : rows;
                    ColumnStatistics page = new ColumnStatistics(
                            0,
                            ParquetFileRoundTripTest.bytes(ci.getMin_values().get(p)),
                            ParquetFileRoundTripTest.bytes(ci.getMax_values().get(p)));
                    assertBounds(page, type, d, nulls, first, last, what + " page " + p);
                    pagesChecked++;
                }
            }
        }
        // both kinds of case came up
        assertThat(pagesChecked).isGreaterThan(100);
        assertThat(withoutBounds).isPositive();
    }

    private static void assertBounds(
            ColumnStatistics s, PhysicalType type, double[] d, boolean[] nulls, int from, int to, String what) {
        double min = Double.NaN;
        double max = Double.NaN;
        for (int i = from; i < to; i++) {
            double x = d[i];
            if ((nulls != null && nulls[i]) || Double.isNaN(x)) {
                continue;
            }
            min = Double.isNaN(min) || x < min ? x : min;
            max = Double.isNaN(max) || x > max ? x : max;
        }
        if (Double.isNaN(min)) {
            assertThat(s.hasMinMax())
                    .as(what + ": no bounds without a value other than NaN")
                    .isFalse();
            return;
        }
        double lo = min == 0 ? -0.0 : min;
        double hi = max == 0 ? 0.0 : max;
        byte[] wantMin = type == PhysicalType.FLOAT ? ColumnStatistics.plain((float) lo) : ColumnStatistics.plain(lo);
        byte[] wantMax = type == PhysicalType.FLOAT ? ColumnStatistics.plain((float) hi) : ColumnStatistics.plain(hi);
        assertThat(s.min()).as(what + " min, want " + lo).isEqualTo(wantMin);
        assertThat(s.max()).as(what + " max, want " + hi).isEqualTo(wantMax);
    }
}
