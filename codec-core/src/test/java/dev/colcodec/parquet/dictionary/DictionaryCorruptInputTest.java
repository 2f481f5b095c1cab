package dev.colcodec.parquet.dictionary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.CorruptInputFuzzer;
import dev.colcodec.parquet.ValueShapes;
import dev.colcodec.parquet.ValueShapes.Shape;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.ValuesReader;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * 10,000 truncated or bit-flipped inputs per dictionary decoder (data page readers and dictionary page
 * decoders): only CorruptInputException or values.
 */
class DictionaryCorruptInputTest {
    private static final int VARIANTS = 10_000;
    private final Kernels kernels = KernelProvider.best();

    private static int count(SplittableRandom r) {
        return r.nextInt(4) == 0 ? ValuesReader.UNKNOWN_COUNT : r.nextInt(150);
    }

    /** Valid id pages for dictionaries of 1 to 40 entries. */
    private List<byte[]> idPages() {
        List<byte[]> pages = new ArrayList<>();
        long seed = 3;
        for (int bits : new int[] {0, 1, 3, 5}) {
            for (Shape shape : new Shape[] {Shape.RANDOM, Shape.RUNS_9, Shape.RUNS_64, Shape.CONSTANT}) {
                int[] keys = ValueShapes.ints(shape, 30 + (int) (seed * 7 % 90), bits, seed++);
                DictionaryIntWriter w = new DictionaryIntWriter(DictionaryFlavor.V2_RLE_DICTIONARY);
                w.writeIntegers(keys, 0, keys.length);
                byte[] page = w.toByteArray();
                if (w.encoding() != dev.colcodec.parquet.ParquetEncoding.PLAIN) {
                    pages.add(page);
                }
            }
        }
        assertThat(pages).hasSizeGreaterThan(8);
        return pages;
    }

    private static int[] entries(int n) {
        int[] e = new int[n];
        for (int i = 0; i < n; i++) {
            e[i] = i * 31;
        }
        return e;
    }

    @Test
    void ids() {
        DictionaryIdReader ids = new DictionaryIdReader(kernels);
        int[] out = new int[64];
        int corrupt = CorruptInputFuzzer.fuzz(idPages(), VARIANTS, 1, (buf, off, len, r) -> {
            ids.init(count(r), buf, off, len);
            for (int i = 0; i < 20; i++) {
                switch (r.nextInt(3)) {
                    case 0 -> ids.readInteger();
                    case 1 -> ids.readIntegers(out, 0, r.nextInt(30));
                    default -> ids.skip(r.nextInt(10));
                }
            }
        });
        assertThat(corrupt).isPositive();
    }

    @Test
    void int32Values() {
        DictionaryIntReader values = new DictionaryIntReader(IntDictionary.of(entries(20)), kernels);
        int[] out = new int[64];
        int corrupt = CorruptInputFuzzer.fuzz(idPages(), VARIANTS, 2, (buf, off, len, r) -> {
            values.init(count(r), buf, off, len);
            for (int i = 0; i < 20; i++) {
                switch (r.nextInt(3)) {
                    case 0 -> values.readInteger();
                    case 1 -> values.readIntegers(out, 0, r.nextInt(64));
                    default -> values.skip(r.nextInt(10));
                }
            }
        });
        assertThat(corrupt).isPositive();
    }

    @Test
    void int64Values() {
        long[] out = new long[20];
        DictionaryLongReader reader = new DictionaryLongReader(LongDictionary.of(out), kernels);
        int corrupt = CorruptInputFuzzer.fuzz(idPages(), VARIANTS, 3, (buf, off, len, r) -> {
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
    void floatValues() {
        float[] out = new float[20];
        DictionaryFloatReader reader = new DictionaryFloatReader(FloatDictionary.of(out), kernels);
        int corrupt = CorruptInputFuzzer.fuzz(idPages(), VARIANTS, 4, (buf, off, len, r) -> {
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
    void doubleValues() {
        double[] out = new double[20];
        DictionaryDoubleReader reader = new DictionaryDoubleReader(DoubleDictionary.of(out), kernels);
        int corrupt = CorruptInputFuzzer.fuzz(idPages(), VARIANTS, 5, (buf, off, len, r) -> {
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
    void binaryValues() {
        byte[] dictPage = new DictionaryCasesPages().byteArrayDictionaryPage(20);
        DictionaryBinaryReader reader =
                new DictionaryBinaryReader(BinaryDictionary.readByteArray(20, dictPage, 0, dictPage.length), kernels);
        BinaryBatch batch = new BinaryBatch();
        int corrupt = CorruptInputFuzzer.fuzz(idPages(), VARIANTS, 3, (buf, off, len, r) -> {
            reader.init(count(r), buf, off, len);
            batch.clear();
            for (int i = 0; i < 20; i++) {
                switch (r.nextInt(3)) {
                    case 0 -> reader.readBinary();
                    case 1 -> reader.readBinaries(batch, r.nextInt(30));
                    default -> reader.skip(r.nextInt(10));
                }
            }
        });
        assertThat(corrupt).isPositive();
    }

    @Test
    void dictionaryPages() {
        List<byte[]> pages = new ArrayList<>();
        DictionaryCasesPages p = new DictionaryCasesPages();
        for (int n = 1; n < 40; n += 5) {
            pages.add(p.byteArrayDictionaryPage(n));
            pages.add(p.fixedDictionaryPage(n, 12));
        }
        List<CorruptInputFuzzer.Decode> decoders = List.of(
                (buf, off, len, r) -> BinaryDictionary.readByteArray(entries(r), buf, off, len),
                (buf, off, len, r) -> BinaryDictionary.readInt96(entries(r), buf, off, len),
                (buf, off, len, r) -> BinaryDictionary.readFixedLength(entries(r), 1 + r.nextInt(20), buf, off, len),
                (buf, off, len, r) -> IntDictionary.read(entries(r), buf, off, len, kernels),
                (buf, off, len, r) -> LongDictionary.read(entries(r), buf, off, len, kernels),
                (buf, off, len, r) -> FloatDictionary.read(entries(r), buf, off, len, kernels),
                (buf, off, len, r) -> DoubleDictionary.read(entries(r), buf, off, len, kernels));
        for (int d = 0; d < decoders.size(); d++) {
            assertThat(CorruptInputFuzzer.fuzz(pages, VARIANTS, 10 + d, decoders.get(d)))
                    .isPositive();
        }
    }

    private static int entries(SplittableRandom r) {
        return r.nextInt(5) == 0 ? r.nextInt() : r.nextInt(60);
    }

    /** Valid dictionary pages made by our writers. */
    static final class DictionaryCasesPages {
        byte[] byteArrayDictionaryPage(int entries) {
            DictionaryBinaryWriter w = DictionaryBinaryWriter.forByteArray(DictionaryFlavor.V2_RLE_DICTIONARY);
            for (int i = 0; i < entries; i++) {
                byte[] v = new byte[1 + i % 7];
                new SplittableRandom(i).nextBytes(v);
                v[0] = (byte) i;
                for (int k = 0; k < 5; k++) {
                    w.writeBinary(v);
                }
            }
            w.toByteArray();
            return w.dictionaryPage();
        }

        byte[] fixedDictionaryPage(int entries, int length) {
            DictionaryBinaryWriter w =
                    DictionaryBinaryWriter.forFixedLength(length, DictionaryFlavor.V2_RLE_DICTIONARY);
            for (int i = 0; i < entries; i++) {
                byte[] v = new byte[length];
                new SplittableRandom(i).nextBytes(v);
                v[0] = (byte) i;
                for (int k = 0; k < 5; k++) {
                    w.writeBinary(v);
                }
            }
            w.toByteArray();
            return w.dictionaryPage();
        }
    }
}
