package dev.colcodec.parquet.plain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.parquet.CorruptInputFuzzer;
import dev.colcodec.parquet.ValueShapes;
import dev.colcodec.parquet.ValueShapes.Shape;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesReader;
import dev.colcodec.values.ValuesReader;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** 10,000 truncated or bit-flipped pages per PLAIN reader: only CorruptInputException or values. */
class PlainCorruptInputTest {
    private static final int VARIANTS = 10_000;

    private static int count(SplittableRandom r) {
        return r.nextInt(4) == 0 ? ValuesReader.UNKNOWN_COUNT : r.nextInt(150);
    }

    private static List<byte[]> pages(java.util.function.LongFunction<byte[]> page) {
        List<byte[]> out = new ArrayList<>();
        for (long seed = 0; seed < 12; seed++) {
            out.add(page.apply(seed));
        }
        return out;
    }

    private static Shape shape(long seed) {
        return Shape.values()[(int) (seed % Shape.values().length)];
    }

    @Test
    void int32() {
        PlainIntReader reader = new PlainIntReader(KernelProvider.best());
        int[] out = new int[64];
        List<byte[]> pages = pages(s -> PlainOracle.ints(ValueShapes.anyInts(shape(s), 10 + (int) s * 7, s)));
        int corrupt = CorruptInputFuzzer.fuzz(pages, VARIANTS, 1, (buf, off, len, r) -> {
            reader.init(count(r), buf, off, len);
            for (int i = 0; i < 20; i++) {
                switch (r.nextInt(3)) {
                    case 0 -> reader.readInteger();
                    case 1 -> reader.readIntegers(out, 0, r.nextInt(20));
                    default -> reader.skip(r.nextInt(10));
                }
            }
        });
        assertThat(corrupt).isPositive();
    }

    @Test
    void int64() {
        PlainLongReader reader = new PlainLongReader(KernelProvider.best());
        long[] out = new long[64];
        List<byte[]> pages = pages(s -> PlainOracle.longs(ValueShapes.longs(shape(s), 10 + (int) s * 7, s)));
        int corrupt = CorruptInputFuzzer.fuzz(pages, VARIANTS, 2, (buf, off, len, r) -> {
            reader.init(count(r), buf, off, len);
            for (int i = 0; i < 20; i++) {
                switch (r.nextInt(3)) {
                    case 0 -> reader.readLong();
                    case 1 -> reader.readLongs(out, 0, r.nextInt(20));
                    default -> reader.skip(r.nextInt(10));
                }
            }
        });
        assertThat(corrupt).isPositive();
    }

    @Test
    void floats() {
        PlainFloatReader reader = new PlainFloatReader(KernelProvider.best());
        float[] out = new float[64];
        List<byte[]> pages = pages(s ->
                PlainOracle.floats(ValueShapes.floats(ValueShapes.floatBits(shape(s), 10 + (int) s * 7, s))));
        int corrupt = CorruptInputFuzzer.fuzz(pages, VARIANTS, 3, (buf, off, len, r) -> {
            reader.init(count(r), buf, off, len);
            for (int i = 0; i < 20; i++) {
                switch (r.nextInt(3)) {
                    case 0 -> reader.readFloat();
                    case 1 -> reader.readFloats(out, 0, r.nextInt(20));
                    default -> reader.skip(r.nextInt(10));
                }
            }
        });
        assertThat(corrupt).isPositive();
    }

    @Test
    void doubles() {
        PlainDoubleReader reader = new PlainDoubleReader(KernelProvider.best());
        double[] out = new double[64];
        List<byte[]> pages = pages(s ->
                PlainOracle.doubles(ValueShapes.doubles(ValueShapes.doubleBits(shape(s), 10 + (int) s * 7, s))));
        int corrupt = CorruptInputFuzzer.fuzz(pages, VARIANTS, 4, (buf, off, len, r) -> {
            reader.init(count(r), buf, off, len);
            for (int i = 0; i < 20; i++) {
                switch (r.nextInt(3)) {
                    case 0 -> reader.readDouble();
                    case 1 -> reader.readDoubles(out, 0, r.nextInt(20));
                    default -> reader.skip(r.nextInt(10));
                }
            }
        });
        assertThat(corrupt).isPositive();
    }

    @Test
    void booleans() {
        PlainBooleanReader reader = new PlainBooleanReader(KernelProvider.best());
        boolean[] out = new boolean[64];
        List<byte[]> pages = pages(s -> PlainOracle.booleans(PlainBooleanTest.booleans(shape(s), 10 + (int) s * 9, s)));
        int corrupt = CorruptInputFuzzer.fuzz(pages, VARIANTS, 5, (buf, off, len, r) -> {
            reader.init(count(r), buf, off, len);
            for (int i = 0; i < 20; i++) {
                switch (r.nextInt(3)) {
                    case 0 -> reader.readBoolean();
                    case 1 -> reader.readBooleans(out, 0, r.nextInt(20));
                    default -> reader.skip(r.nextInt(10));
                }
            }
            reader.endOffset();
        });
        assertThat(corrupt).isPositive();
    }

    @Test
    void byteArray() {
        fuzzBinary(
                PlainBinaryReader::new,
                pages(s -> PlainOracle.binaries(ValueShapes.binaries(shape(s), 5 + (int) s * 3, -1, 12, s))),
                6);
    }

    @Test
    void fixedLengthAndInt96() {
        fuzzBinary(
                () -> new PlainFixedLenReader(5),
                pages(s -> PlainOracle.fixed(5, ValueShapes.binaries(shape(s), 5 + (int) s * 3, 5, 5, s))),
                7);
        fuzzBinary(
                PlainFixedLenReader::forInt96,
                pages(s -> PlainOracle.fixed(12, ValueShapes.binaries(shape(s), 5 + (int) s * 3, 12, 12, s))),
                8);
    }

    private static void fuzzBinary(Supplier<BinaryValuesReader> make, List<byte[]> pages, long seed) {
        BinaryValuesReader reader = make.get();
        BinaryBatch batch = new BinaryBatch();
        int corrupt = CorruptInputFuzzer.fuzz(pages, VARIANTS, seed, (buf, off, len, r) -> {
            reader.init(count(r), buf, off, len);
            batch.clear();
            for (int i = 0; i < 20; i++) {
                switch (r.nextInt(3)) {
                    case 0 -> reader.readBinary();
                    case 1 -> reader.readBinaries(batch, r.nextInt(10));
                    default -> reader.skip(r.nextInt(5));
                }
            }
        });
        assertThat(corrupt).isPositive();
    }
}
