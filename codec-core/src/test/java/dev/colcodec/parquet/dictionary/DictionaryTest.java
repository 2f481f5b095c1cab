package dev.colcodec.parquet.dictionary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.values.BinaryBatch;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class DictionaryTest {
    private static final HexFormat HEX = HexFormat.ofDelimiter(" ");
    private final Kernels kernels = KernelProvider.best();

    @Test
    void referenceVectorsRleDictionary() {
        int[] values = {10, 20, 10, 30, 10, 20, 10, 10, 30};
        DictionaryIntWriter w = new DictionaryIntWriter(DictionaryFlavor.V2_RLE_DICTIONARY);
        w.writeIntegers(values, 0, values.length);
        byte[] page = w.toByteArray();
        assertThat(page).isEqualTo(HEX.parseHex("02 05 84 04 02 00"));
        assertThat(w.encoding()).isEqualTo(ParquetEncoding.RLE_DICTIONARY);
        byte[] dict = w.dictionaryPage();
        assertThat(dict).isEqualTo(HEX.parseHex("0a 00 00 00 14 00 00 00 1e 00 00 00"));
        assertThat(w.dictionaryEntryCount()).isEqualTo(3);
        assertThat(w.dictionaryPageEncoding()).isEqualTo(ParquetEncoding.PLAIN);

        IntDictionary d = IntDictionary.read(3, dict, 0, dict.length, kernels);
        DictionaryIntReader reader = new DictionaryIntReader(d, kernels);
        reader.init(values.length, page, 0, page.length);
        int[] out = new int[values.length];
        reader.readIntegers(out, 0, out.length);
        assertThat(out).isEqualTo(values);
        DictionaryIdReader ids = new DictionaryIdReader(kernels);
        ids.init(values.length, page, 0, page.length);
        ids.readIntegers(out, 0, out.length);
        assertThat(out).containsExactly(0, 1, 0, 2, 0, 1, 0, 0, 2);
        assertThat(ids.bitWidth()).isEqualTo(2);
    }

    @Test
    void referenceVectorOneEntryDictionaryHasWidthZero() {
        DictionaryIntWriter w = new DictionaryIntWriter(DictionaryFlavor.V1_PLAIN_DICTIONARY);
        for (int i = 0; i < 5; i++) {
            w.writeInteger(7);
        }
        byte[] page = w.toByteArray();
        assertThat(page).isEqualTo(HEX.parseHex("00 03"));
        assertThat(w.encoding()).isEqualTo(ParquetEncoding.PLAIN_DICTIONARY);
        assertThat(w.dictionaryPageEncoding()).isEqualTo(ParquetEncoding.PLAIN_DICTIONARY);
        DictionaryIntReader reader = new DictionaryIntReader(IntDictionary.of(7), kernels);
        reader.init(5, page, 0, page.length);
        int[] out = new int[5];
        reader.readIntegers(out, 0, 5);
        assertThat(out).containsOnly(7);
    }

    @Test
    void emptyDataPageIsAcceptedUntilRead() {
        DictionaryLongReader reader = new DictionaryLongReader(LongDictionary.of(1L, 2L), kernels);
        reader.init(3, new byte[4], 2, 0);
        assertThat(reader.endOffset()).isEqualTo(2);
        assertThatThrownBy(reader::readLong)
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("empty");
        assertThatThrownBy(() -> reader.readLongs(new long[1], 0, 1)).isInstanceOf(CorruptInputException.class);
        reader.skip(0);
    }

    @Test
    void badBitWidthsAndIdsAreCorruptInput() {
        DictionaryIntReader reader = new DictionaryIntReader(IntDictionary.of(1, 2, 3), kernels);
        assertThatThrownBy(() -> reader.init(1, HEX.parseHex("21 02 05"), 0, 3))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("at most 32");
        // width 2, RLE run of 4 x id 3: outside a 3-entry dictionary
        byte[] page = HEX.parseHex("02 08 03");
        reader.init(4, page, 0, page.length);
        assertThatThrownBy(reader::readInteger)
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("[0, 3)");
        reader.init(4, page, 0, page.length);
        assertThatThrownBy(() -> reader.readIntegers(new int[4], 0, 4)).isInstanceOf(CorruptInputException.class);
        DictionaryBinaryReader binary =
                new DictionaryBinaryReader(BinaryDictionary.readByteArray(1, HEX.parseHex("01 00 00 00 61"), 0, 5));
        binary.init(4, page, 0, page.length);
        assertThatThrownBy(() -> binary.readBinaries(new BinaryBatch(), 4)).isInstanceOf(CorruptInputException.class);
        binary.init(4, page, 0, page.length);
        assertThatThrownBy(binary::readBinary).isInstanceOf(CorruptInputException.class);
    }

    @Test
    void dictionaryPagesClaimingMoreEntriesThanBytesAreCorruptWithoutAllocating() {
        byte[] page = new byte[10];
        assertThatThrownBy(() -> IntDictionary.read(Integer.MAX_VALUE, page, 0, 10))
                .isInstanceOf(CorruptInputException.class);
        assertThatThrownBy(() -> DoubleDictionary.read(2, page, 0, 10)).isInstanceOf(CorruptInputException.class);
        assertThatThrownBy(() -> BinaryDictionary.readByteArray(Integer.MAX_VALUE, page, 0, 10))
                .isInstanceOf(CorruptInputException.class);
        assertThatThrownBy(() -> BinaryDictionary.readInt96(1, page, 0, 10)).isInstanceOf(CorruptInputException.class);
        assertThatThrownBy(() -> LongDictionary.read(-1, page, 0, 10)).isInstanceOf(CorruptInputException.class);
        assertThat(FloatDictionary.read(2, page, 0, 10).size()).isEqualTo(2);
    }

    @Test
    void dictionariesAreImmutable() {
        int[] entries = {5, 6};
        IntDictionary d = IntDictionary.of(entries);
        entries[0] = 99;
        d.toArray()[1] = 99;
        assertThat(d.get(0)).isEqualTo(5);
        assertThat(d.get(1)).isEqualTo(6);
        assertThatThrownBy(() -> d.get(2)).isInstanceOf(IndexOutOfBoundsException.class);
        BinaryDictionary b = BinaryDictionary.readFixedLength(2, 2, HEX.parseHex("01 02 03 04"), 0, 4);
        b.get(0)[0] = 9;
        assertThat(b.get(0)).containsExactly(1, 2);
        assertThat(b.length(1)).isEqualTo(2);
    }

    @Test
    void writerLifecycleAndFallback() {
        DictionaryIntWriter w = new DictionaryIntWriter(DictionaryFlavor.V2_RLE_DICTIONARY, 64, kernels);
        assertThatThrownBy(w::encoding).isInstanceOf(IllegalStateException.class);
        w.writeIntegers(new int[] {1, 1, 1, 1}, 0, 4);
        assertThat(w.bufferedSize()).isEqualTo(16);
        w.toByteArray();
        assertThatThrownBy(() -> w.writeInteger(1)).isInstanceOf(IllegalStateException.class);
        w.reset();
        // 17 new entries of 4 bytes: 68 > 64 bytes, so this page and the rest of the row group are PLAIN
        for (int i = 0; i < 17; i++) {
            w.writeInteger(100 + i);
        }
        assertThat(w.hasFallenBack()).isTrue();
        assertThat(w.toByteArray()).hasSize(17 * 4);
        assertThat(w.encoding()).isEqualTo(ParquetEncoding.PLAIN);
        // the first page used the dictionary: its page holds the one entry it used
        assertThat(w.dictionaryPage()).isEqualTo(HEX.parseHex("01 00 00 00"));
        w.resetDictionary();
        assertThat(w.hasFallenBack()).isFalse();
        assertThat(w.dictionaryPage()).isNull();
        assertThat(w.dictionaryEntryCount()).isZero();
    }

    @Test
    void fixedLengthWriterRejectsOtherLengths() {
        DictionaryBinaryWriter w = DictionaryBinaryWriter.forInt96(DictionaryFlavor.V1_PLAIN_DICTIONARY);
        assertThatThrownBy(() -> w.writeBinary(new byte[11])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> DictionaryBinaryWriter.forFixedLength(0, DictionaryFlavor.V1_PLAIN_DICTIONARY))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void binaryIdsReferenceTheDictionaryBytesWithoutCopying() {
        String[] words = {"alpha", "", "beta", "alpha", "gamma", "beta", "alpha", "alpha", "", "delta"};
        BinaryBatch in = new BinaryBatch(words.length, 64);
        for (String w : words) {
            byte[] b = w.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            in.append(b, 0, b.length);
        }
        DictionaryBinaryWriter w = DictionaryBinaryWriter.forByteArray(DictionaryFlavor.V2_RLE_DICTIONARY);
        w.writeBinaries(in, 0, words.length);
        byte[] page = w.toByteArray();
        byte[] dictPage = w.dictionaryPage();
        BinaryDictionary d = BinaryDictionary.readByteArray(w.dictionaryEntryCount(), dictPage, 0, dictPage.length);
        DictionaryBinaryReader reader = new DictionaryBinaryReader(d, kernels);
        reader.init(words.length, page, 0, page.length);
        int[] ids = new int[words.length + 2];
        reader.readIds(ids, 1, words.length);
        java.nio.ByteBuffer bytes = d.bytes();
        assertThat(bytes.isReadOnly()).isTrue();
        for (int i = 0; i < words.length; i++) {
            int id = ids[1 + i];
            byte[] value = new byte[d.length(id)];
            bytes.get(d.start(id), value);
            assertThat(new String(value, java.nio.charset.StandardCharsets.UTF_8))
                    .isEqualTo(words[i]);
        }
        assertThat(ids[0]).isZero();
        assertThat(ids[words.length + 1]).isZero();

        // width 2, an RLE run of 4 x id 3, against a 3-entry dictionary
        BinaryDictionary three =
                BinaryDictionary.readByteArray(3, HEX.parseHex("01 00 00 00 61 01 00 00 00 62 01 00 00 00 63"), 0, 15);
        DictionaryBinaryReader bad = new DictionaryBinaryReader(three, kernels);
        bad.init(4, HEX.parseHex("02 08 03"), 0, 3);
        assertThatThrownBy(() -> bad.readIds(new int[4], 0, 4))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("[0, 3)");
    }

    /** Every typed reader hands out the ids its values are looked up by, and copies its dictionary. */
    @Test
    void everyTypedReaderReadsIdsAndCopiesItsDictionary() {
        // the ids 0, 1, 0, 2, 0, 1, 0, 0, 2 of referenceVectorsRleDictionary, against 3-entry dictionaries
        byte[] page = HEX.parseHex("02 05 84 04 02 00");
        int[] want = {0, 1, 0, 2, 0, 1, 0, 0, 2};
        DictionaryIdsReader[] readers = {
            new DictionaryIntReader(IntDictionary.of(10, 20, 30), kernels),
            new DictionaryLongReader(LongDictionary.of(-1L, Long.MAX_VALUE, 5L), kernels),
            new DictionaryFloatReader(FloatDictionary.of(1.5f, Float.NaN, -0f), kernels),
            new DictionaryDoubleReader(DoubleDictionary.of(2.5, -0.0, Double.MIN_VALUE), kernels),
            new DictionaryBinaryReader(
                    BinaryDictionary.readByteArray(
                            3, HEX.parseHex("01 00 00 00 61 00 00 00 00 02 00 00 00 62 63"), 0, 15),
                    kernels)
        };
        Object[] dictionaries = {
            new int[] {10, 20, 30},
            new long[] {-1L, Long.MAX_VALUE, 5L},
            new float[] {1.5f, Float.NaN, -0f},
            new double[] {2.5, -0.0, Double.MIN_VALUE},
            null
        };
        for (int k = 0; k < readers.length; k++) {
            DictionaryIdsReader r = readers[k];
            r.init(want.length, page, 0, page.length);
            assertThat(r.dictionarySize()).isEqualTo(3);
            int[] ids = new int[want.length + 1];
            r.readIds(ids, 1, 4);
            r.readIds(ids, 5, 5);
            assertThat(Arrays.copyOfRange(ids, 1, ids.length)).isEqualTo(want);
            assertThatThrownBy(() -> r.readIds(new int[1], 0, 2)).isInstanceOf(IndexOutOfBoundsException.class);
            if (dictionaries[k] == null) {
                BinaryBatch b = new BinaryBatch();
                b.append(new byte[] {9}, 0, 1);
                r.appendDictionaryTo(b);
                assertThat(b.count()).isEqualTo(4);
                assertThat(b.get(1)).containsExactly('a');
                assertThat(b.get(2)).isEmpty();
                assertThat(b.get(3)).containsExactly('b', 'c');
                assertThatThrownBy(() -> r.appendDictionaryTo(new int[3]))
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("BinaryBatch");
                continue;
            }
            Object expected = dictionaries[k];
            Object dst = java.lang.reflect.Array.newInstance(expected.getClass().getComponentType(), 4);
            r.appendDictionaryTo(dst);
            for (int i = 0; i < 3; i++) {
                assertThat(java.lang.reflect.Array.get(dst, i)).isEqualTo(java.lang.reflect.Array.get(expected, i));
            }
            Object shortArray =
                    java.lang.reflect.Array.newInstance(expected.getClass().getComponentType(), 2);
            assertThatThrownBy(() -> r.appendDictionaryTo(shortArray))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("do not fit");
            assertThatThrownBy(() -> r.appendDictionaryTo(new BinaryBatch()))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> r.appendDictionaryTo(null)).isInstanceOf(IllegalArgumentException.class);
        }
        // an id beyond the dictionary: width 2, an RLE run of 4 x id 3
        DictionaryIdsReader r = new DictionaryLongReader(LongDictionary.of(1, 2, 3), kernels);
        r.init(4, HEX.parseHex("02 08 03"), 0, 3);
        assertThatThrownBy(() -> r.readIds(new int[4], 0, 4))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("[0, 3)");
    }
}
