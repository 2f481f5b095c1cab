package dev.colcodec.parquet.plain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.io.InPlacePage;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.ParquetValues;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.values.DoubleValuesWriter;
import dev.colcodec.values.FloatValuesWriter;
import dev.colcodec.values.IntValuesWriter;
import dev.colcodec.values.LongValuesWriter;
import dev.colcodec.values.ValuesWriter;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The PLAIN writers of numbers, their pages taken in place as a column writer takes them. */
class PlainPageWriterTest {
    private static ValuesWriter plain(PhysicalType t) {
        return ParquetValues.newWriter(ParquetEncoding.PLAIN, t, 0, KernelProvider.best());
    }

    /**
     * Pages of every fixed-width type, batch and single writes mixed, page after page of one writer: the
     * page in place is the page {@code toByteArray()} gives, and a finished page takes no more values.
     */
    @Test
    void pagesInPlaceAreThePlainPages() {
        Random r = new Random(11);
        for (PhysicalType t :
                new PhysicalType[] {PhysicalType.INT32, PhysicalType.INT64, PhysicalType.FLOAT, PhysicalType.DOUBLE}) {
            ValuesWriter page = plain(t);
            ValuesWriter expected = plain(t);
            for (int pageNo = 0; pageNo < 3; pageNo++) {
                int n = 1 + r.nextInt(3000);
                int[] ints = r.ints(n).toArray();
                long[] longs = r.longs(n).toArray();
                float[] floats = new float[n];
                double[] doubles = new double[n];
                for (int i = 0; i < n; i++) {
                    floats[i] = i % 7 == 0 ? Float.NaN : r.nextFloat() - 0.5f;
                    doubles[i] = i % 5 == 0 ? -0.0 : r.nextGaussian();
                }
                for (int i = 0; i < n; ) {
                    int k = r.nextBoolean() ? 1 : Math.min(n - i, r.nextInt(700));
                    write(t, page, ints, longs, floats, doubles, i, k);
                    write(t, expected, ints, longs, floats, doubles, i, k);
                    i += k;
                }
                assertThat(page.valueCount()).isEqualTo(n);
                assertThat(page.bufferedSize()).isEqualTo(expected.bufferedSize());
                InPlacePage inPlace = (InPlacePage) page;
                int size = inPlace.finishInPlace();
                byte[] want = expected.toByteArray();
                assertThat(Arrays.copyOfRange(inPlace.pageArray(), inPlace.pageOffset(), inPlace.pageOffset() + size))
                        .isEqualTo(want);
                // a finished page is finished once, and takes no more values
                assertThatThrownBy(page::toByteArray).isInstanceOf(IllegalStateException.class);
                assertThatThrownBy(() -> write(t, page, ints, longs, floats, doubles, 0, 1))
                        .isInstanceOf(IllegalStateException.class);
                page.reset();
                expected.reset();
                assertThat(page.bufferedSize()).isZero();
            }
        }
    }

    private static void write(
            PhysicalType t, ValuesWriter w, int[] ints, long[] longs, float[] floats, double[] doubles, int i, int k) {
        switch (t) {
            case INT32:
                if (k == 1) {
                    ((IntValuesWriter) w).writeInteger(ints[i]);
                } else {
                    ((IntValuesWriter) w).writeIntegers(ints, i, k);
                }
                break;
            case INT64:
                if (k == 1) {
                    ((LongValuesWriter) w).writeLong(longs[i]);
                } else {
                    ((LongValuesWriter) w).writeLongs(longs, i, k);
                }
                break;
            case FLOAT:
                if (k == 1) {
                    ((FloatValuesWriter) w).writeFloat(floats[i]);
                } else {
                    ((FloatValuesWriter) w).writeFloats(floats, i, k);
                }
                break;
            default:
                if (k == 1) {
                    ((DoubleValuesWriter) w).writeDouble(doubles[i]);
                } else {
                    ((DoubleValuesWriter) w).writeDoubles(doubles, i, k);
                }
                break;
        }
    }
}
