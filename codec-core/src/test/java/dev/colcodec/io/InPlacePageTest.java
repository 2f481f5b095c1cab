package dev.colcodec.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.delta.DeltaBinaryPackedIntWriter;
import dev.colcodec.parquet.delta.DeltaBinaryPackedLongWriter;
import dev.colcodec.parquet.deltastrings.DeltaByteArrayWriter;
import dev.colcodec.parquet.dictionary.DictionaryBinaryWriter;
import dev.colcodec.parquet.dictionary.DictionaryDoubleWriter;
import dev.colcodec.parquet.dictionary.DictionaryFlavor;
import dev.colcodec.parquet.dictionary.DictionaryIntWriter;
import dev.colcodec.parquet.dictionary.DictionaryLongWriter;
import dev.colcodec.parquet.dictionary.DictionaryWriter;
import dev.colcodec.parquet.plain.PlainBinaryWriter;
import dev.colcodec.parquet.plain.PlainDoubleWriter;
import dev.colcodec.parquet.plain.PlainFixedLenWriter;
import dev.colcodec.parquet.plain.PlainFloatWriter;
import dev.colcodec.parquet.plain.PlainIntWriter;
import dev.colcodec.parquet.plain.PlainLongWriter;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesWriter;
import dev.colcodec.values.DoubleValuesWriter;
import dev.colcodec.values.FloatValuesWriter;
import dev.colcodec.values.IntValuesWriter;
import dev.colcodec.values.LongValuesWriter;
import dev.colcodec.values.ValuesWriter;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The page a writer hands over in place is the page {@code toByteArray()} returns, page after page of
 * one writer (reset in between), for sizes around block boundaries and pages whose header room is too
 * short. Dictionary writers also give the same page encodings, before and after they fall back.
 */
class InPlacePageTest {
    private static final int[] SIZES = {1, 2, 127, 128, 129, 1000, 20_000};
    /** A first page of repeats keeps the dictionary; the page of 20,000 spread values makes it fall back. */
    private static final int[] DICTIONARY_SIZES = {1000, 1, 2, 127, 128, 129, 20_000, 1000, 1};

    @Test
    void deltaLongs() {
        check(() -> new DeltaBinaryPackedLongWriter(KernelProvider.best()), (w, rnd, n) -> {
            long[] v = new long[n];
            long x = rnd.nextLong();
            for (int i = 0; i < n; i++) {
                x += rnd.nextBoolean() ? rnd.nextLong() : rnd.nextInt(100);
                v[i] = x;
            }
            ((DeltaBinaryPackedLongWriter) w).writeLongs(v, 0, n);
        });
    }

    @Test
    void deltaInts() {
        check(() -> new DeltaBinaryPackedIntWriter(KernelProvider.scalar()), (w, rnd, n) -> {
            int[] v = new int[n];
            for (int i = 0; i < n; i++) {
                v[i] = rnd.nextBoolean() ? rnd.nextInt() : rnd.nextInt(1000);
            }
            ((DeltaBinaryPackedIntWriter) w).writeIntegers(v, 0, n);
        });
    }

    @Test
    void deltaByteArrays() {
        check(DeltaByteArrayWriter::new, InPlacePageTest::strings);
    }

    @Test
    void plainByteArrays() {
        check(PlainBinaryWriter::new, InPlacePageTest::strings);
    }

    @Test
    void plainNumbers() {
        check(() -> new PlainIntWriter(KernelProvider.best()), InPlacePageTest::ints);
        check(() -> new PlainLongWriter(KernelProvider.best()), InPlacePageTest::longs);
        check(() -> new PlainFloatWriter(KernelProvider.scalar()), (w, rnd, n) -> {
            float[] v = new float[n];
            for (int i = 0; i < n; i++) {
                v[i] = Float.intBitsToFloat(rnd.nextInt());
            }
            ((FloatValuesWriter) w).writeFloats(v, 0, n);
        });
        check(() -> new PlainDoubleWriter(KernelProvider.best()), InPlacePageTest::doubles);
    }

    @Test
    void plainFixedLength() {
        check(() -> new PlainFixedLenWriter(5), (w, rnd, n) -> {
            BinaryBatch b = new BinaryBatch(n, 5 * n);
            byte[] v = new byte[5];
            for (int i = 0; i < n; i++) {
                rnd.nextBytes(v);
                b.append(v, 0, 5);
            }
            ((BinaryValuesWriter) w).writeBinaries(b, 0, n);
        });
    }

    /**
     * A small dictionary: the first pages are ids (mostly repeats), then the values spread and the writer
     * falls back to its PLAIN or DELTA writer within the row group.
     */
    @Test
    void dictionariesBeforeAndAfterTheirFallback() {
        int max = 8 * 3000;
        for (DictionaryFlavor flavor : DictionaryFlavor.values()) {
            check(
                    () -> new DictionaryLongWriter(flavor, max, KernelProvider.best()),
                    InPlacePageTest::longs,
                    DICTIONARY_SIZES);
            check(
                    () -> new DictionaryLongWriter(
                            flavor, max, KernelProvider.best(), ParquetEncoding.DELTA_BINARY_PACKED),
                    InPlacePageTest::longs,
                    DICTIONARY_SIZES);
            check(
                    () -> new DictionaryIntWriter(flavor, max, KernelProvider.scalar()),
                    InPlacePageTest::ints,
                    DICTIONARY_SIZES);
            check(
                    () -> new DictionaryDoubleWriter(flavor, max, KernelProvider.best()),
                    InPlacePageTest::doubles,
                    DICTIONARY_SIZES);
            check(
                    () -> DictionaryBinaryWriter.forByteArray(flavor, max, KernelProvider.best()),
                    InPlacePageTest::spreadStrings,
                    DICTIONARY_SIZES);
            check(
                    () -> DictionaryBinaryWriter.forByteArray(
                            flavor, max, KernelProvider.best(), ParquetEncoding.DELTA_BYTE_ARRAY),
                    InPlacePageTest::spreadStrings,
                    DICTIONARY_SIZES);
        }
    }

    /** A few repeated values in pages of up to 1000 values, spread values in larger ones. */
    private static long spread(SplittableRandom rnd, int n) {
        return n <= 1000 ? rnd.nextInt(8) : rnd.nextLong();
    }

    private static void spreadStrings(ValuesWriter w, SplittableRandom rnd, int n) {
        BinaryBatch b = new BinaryBatch(n, 20 * n);
        for (int i = 0; i < n; i++) {
            byte[] v = Long.toString(spread(rnd, n)).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            b.append(v, 0, v.length);
        }
        ((BinaryValuesWriter) w).writeBinaries(b, 0, n);
    }

    private static void ints(ValuesWriter w, SplittableRandom rnd, int n) {
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = (int) spread(rnd, n);
        }
        ((IntValuesWriter) w).writeIntegers(v, 0, n);
    }

    private static void longs(ValuesWriter w, SplittableRandom rnd, int n) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = spread(rnd, n);
        }
        ((LongValuesWriter) w).writeLongs(v, 0, n);
    }

    private static void doubles(ValuesWriter w, SplittableRandom rnd, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = Double.longBitsToDouble(spread(rnd, n));
        }
        ((DoubleValuesWriter) w).writeDoubles(v, 0, n);
    }

    private static void strings(ValuesWriter w, SplittableRandom rnd, int n) {
        BinaryBatch b = new BinaryBatch(n, 16 * n);
        byte[] v = new byte[300];
        for (int i = 0; i < n; i++) {
            // long values now and then: length pages too large for the header room kept so far
            int len = rnd.nextInt(10) == 0 ? rnd.nextInt(300) : rnd.nextInt(20);
            rnd.nextBytes(v);
            v[0] = (byte) rnd.nextInt(3); // shared prefixes
            b.append(v, 0, len);
        }
        ((BinaryValuesWriter) w).writeBinaries(b, 0, n);
    }

    interface Feed {
        void write(ValuesWriter w, SplittableRandom rnd, int n);
    }

    private static void check(Supplier<ValuesWriter> make, Feed feed) {
        check(make, feed, SIZES);
    }

    private static void check(Supplier<ValuesWriter> make, Feed feed, int[] sizes) {
        ValuesWriter inPlace = make.get();
        ValuesWriter copying = make.get();
        boolean fellBack = false;
        boolean usedIds = false;
        for (int round = 0; round < 2; round++) {
            for (int n : sizes) {
                long seed = 31L * n + round;
                feed.write(inPlace, new SplittableRandom(seed), n);
                feed.write(copying, new SplittableRandom(seed), n);
                InPlacePage p = (InPlacePage) inPlace;
                int size = p.finishInPlace();
                byte[] page = Arrays.copyOfRange(p.pageArray(), p.pageOffset(), p.pageOffset() + size);
                byte[] expected = copying.toByteArray();
                assertThat(page).as("n=%d round %d", n, round).isEqualTo(expected);
                if (inPlace instanceof DictionaryWriter d) {
                    assertThat(d.encoding()).isEqualTo(((DictionaryWriter) copying).encoding());
                    fellBack |= d.hasFallenBack();
                    usedIds |= d.encoding() == d.flavor().dataPageEncoding();
                }
                inPlace.reset();
                copying.reset();
            }
            if (inPlace instanceof DictionaryWriter d) {
                d.resetDictionary();
                ((DictionaryWriter) copying).resetDictionary();
            }
        }
        if (inPlace instanceof DictionaryWriter) {
            assertThat(usedIds).as("a page of ids").isTrue();
            assertThat(fellBack).as("a fallback").isTrue();
        }
    }
}
