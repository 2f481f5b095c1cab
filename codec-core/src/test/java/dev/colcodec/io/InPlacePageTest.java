package dev.colcodec.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.parquet.delta.DeltaBinaryPackedIntWriter;
import dev.colcodec.parquet.delta.DeltaBinaryPackedLongWriter;
import dev.colcodec.parquet.deltastrings.DeltaByteArrayWriter;
import dev.colcodec.parquet.plain.PlainBinaryWriter;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesWriter;
import dev.colcodec.values.ValuesWriter;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The page a writer hands over in place is the page {@code toByteArray()} returns, page after page of
 * one writer (reset in between), for sizes around block boundaries and pages whose header room is too
 * short.
 */
class InPlacePageTest {
    private static final int[] SIZES = {1, 2, 127, 128, 129, 1000, 20_000};

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
        ValuesWriter inPlace = make.get();
        ValuesWriter copying = make.get();
        for (int round = 0; round < 2; round++) {
            for (int n : SIZES) {
                long seed = 31L * n + round;
                feed.write(inPlace, new SplittableRandom(seed), n);
                feed.write(copying, new SplittableRandom(seed), n);
                InPlacePage p = (InPlacePage) inPlace;
                int size = p.finishInPlace();
                byte[] page = Arrays.copyOfRange(p.pageArray(), p.pageOffset(), p.pageOffset() + size);
                byte[] expected = copying.toByteArray();
                assertThat(page).as("n=%d round %d", n, round).isEqualTo(expected);
                inPlace.reset();
                copying.reset();
            }
        }
    }
}
