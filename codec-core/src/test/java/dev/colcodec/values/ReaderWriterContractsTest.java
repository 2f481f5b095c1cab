package dev.colcodec.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.ParquetValues;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.parquet.dictionary.DictionaryFlavor;
import dev.colcodec.parquet.dictionary.DictionaryWriter;
import org.junit.jupiter.api.Test;

/** Contract cases a review of every reader and writer the factories hand out found broken (session 35). */
class ReaderWriterContractsTest {
    private static final Kernels K = KernelProvider.best();

    /**
     * A dictionary writer reset before its first page (as callers that reset before every page do) still
     * applies the first page's rule: the page falls back when the dictionary does not pay, as a fresh
     * writer's does; and a page of no values is PLAIN, never dictionary ids without a dictionary.
     */
    @Test
    void aDictionaryWriterResetBeforeItsFirstPageWritesAFreshWritersPages() {
        long[] v = new long[100]; // all distinct: the first page falls back to PLAIN
        for (int i = 0; i < v.length; i++) {
            v[i] = i * 0x9E3779B97F4A7C15L;
        }
        for (DictionaryFlavor flavor : DictionaryFlavor.values()) {
            DictionaryWriter fresh = ParquetValues.newDictionaryWriter(PhysicalType.INT64, 0, flavor, 1 << 20, K);
            ((LongValuesWriter) fresh).writeLongs(v, 0, v.length);
            byte[] expected = fresh.toByteArray();
            DictionaryWriter reset = ParquetValues.newDictionaryWriter(PhysicalType.INT64, 0, flavor, 1 << 20, K);
            reset.reset();
            ((LongValuesWriter) reset).writeLongs(v, 0, v.length);
            assertThat(reset.toByteArray()).isEqualTo(expected);
            assertThat(reset.encoding()).isEqualTo(fresh.encoding()).isEqualTo(ParquetEncoding.PLAIN);
            assertThat(reset.dictionaryPage()).isNull();
            // a page of no values after a reset: PLAIN and empty, as from a fresh writer
            DictionaryWriter empty = ParquetValues.newDictionaryWriter(PhysicalType.INT32, 0, flavor, 1 << 20, K);
            empty.reset();
            assertThat(empty.toByteArray()).isEmpty();
            assertThat(empty.encoding()).isEqualTo(ParquetEncoding.PLAIN);
            // a reset after a finished page still starts the row group's second page
            DictionaryWriter two = ParquetValues.newDictionaryWriter(PhysicalType.INT64, 0, flavor, 1 << 20, K);
            ((LongValuesWriter) two).writeLongs(new long[] {1, 1, 1, 1}, 0, 4);
            two.toByteArray();
            two.reset();
            ((LongValuesWriter) two).writeLongs(v, 0, v.length);
            two.toByteArray();
            assertThat(two.encoding()).as("a later page keeps the dictionary").isNotEqualTo(ParquetEncoding.PLAIN);
        }
    }

    /** Before its first init every reader of both factories holds an empty section. */
    @Test
    void aReaderBeforeInitReadsAnEmptySection() {
        int pairs = 0;
        for (ParquetEncoding e : ParquetEncoding.values()) {
            for (PhysicalType t : PhysicalType.values()) {
                if (ParquetValues.supports(e, t)) {
                    int typeLength = t == PhysicalType.FIXED_LEN_BYTE_ARRAY ? 4 : 0;
                    assertEmptyBeforeInit(ParquetValues.newReader(e, t, typeLength, K), e + " " + t);
                    pairs++;
                }
            }
        }
        for (dev.colcodec.tsfile.TsEncoding e : dev.colcodec.tsfile.TsEncoding.values()) {
            for (dev.colcodec.tsfile.TsDataType t : dev.colcodec.tsfile.TsDataType.values()) {
                if (dev.colcodec.tsfile.TsFileValues.supports(e, t)) {
                    assertEmptyBeforeInit(dev.colcodec.tsfile.TsFileValues.newReader(e, t, K), e + " " + t);
                    pairs++;
                }
            }
        }
        assertThat(pairs).isGreaterThan(70);
    }

    /**
     * A reader whose {@code init} refused a section as corrupt holds an empty section, for every pair of
     * both factories: reads then are that exception, never the previous page's remaining values or an
     * {@code ArrayIndexOutOfBoundsException} (review `reuse`: BYTE_STREAM_SPLIT read on in the old page,
     * TS_2DIFF FLOAT returned its values, RLE BOOLEAN threw out of bounds).
     */
    @Test
    void aReaderWhoseInitFailedReadsAnEmptySection() {
        byte[][] bad = {
            {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF},
            {3, 0},
            {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 1},
            {0, 0, 0, 0, 0},
            {7},
            {(byte) 0x81, 1, 4, 3, 0}, // DELTA_BINARY_PACKED: a block of 129 values
            {(byte) 0x80, 1, 5, 3, 0}, // miniblocks that do not divide a block of 128
            {(byte) 0x80, 1, 4, 3, 2, 5, (byte) 200, 0, 0, 0} // its header good, its miniblock widths cut short
        };
        int refused = 0;
        java.util.Set<String> wrong = new java.util.LinkedHashSet<>();
        for (Object[] pair : pairs()) {
            String name = (String) pair[0];
            ValuesWriter w = (ValuesWriter) pair[1];
            java.util.function.Supplier<ValuesReader> reader = (java.util.function.Supplier<ValuesReader>) pair[2];
            writeThree(w, name.endsWith("INT96") ? 12 : 4);
            byte[] page = w.toByteArray();
            for (byte[] b : bad) {
                for (int count : new int[] {1, 3, 3000, ValuesReader.UNKNOWN_COUNT}) {
                    ValuesReader r = reader.get();
                    r.init(3, page, 0, page.length);
                    r.skip(1);
                    try {
                        r.init(count, b, 0, b.length);
                    } catch (dev.colcodec.CorruptInputException expected) {
                        refused++;
                        String what = name + " after init(" + count + ", " + java.util.Arrays.toString(b) + ")";
                        try {
                            r.skip(1);
                            wrong.add(what + " skipped a value");
                        } catch (dev.colcodec.CorruptInputException empty) {
                            // an empty section
                        } catch (RuntimeException other) {
                            wrong.add(what + ": " + other);
                        }
                    }
                }
            }
        }
        assertThat(wrong).isEmpty();
        assertThat(refused).isGreaterThan(100);
    }

    /** The same of the dictionary id reader: a bit width over 32 leaves no id of the last page. */
    @Test
    void aDictionaryIdReaderWhoseInitFailedReadsAnEmptySection() {
        dev.colcodec.parquet.dictionary.DictionaryIdReader r =
                new dev.colcodec.parquet.dictionary.DictionaryIdReader(K);
        r.init(3, new byte[] {2, 6, 0b00_10_01_00}, 0, 3); // width 2, one bit-packed group of ids 0, 1, 2
        r.skip(1);
        assertThatThrownBy(() -> r.init(2, new byte[] {33, 0}, 0, 2))
                .isInstanceOf(dev.colcodec.CorruptInputException.class);
        assertThatThrownBy(() -> r.skip(1)).isInstanceOf(dev.colcodec.CorruptInputException.class);
    }

    /** Every pair of both factories: its name, a writer, and a supplier of readers. */
    private static java.util.List<Object[]> pairs() {
        java.util.List<Object[]> pairs = new java.util.ArrayList<>();
        for (ParquetEncoding e : ParquetEncoding.values()) {
            for (PhysicalType t : PhysicalType.values()) {
                if (ParquetValues.supports(e, t)
                        && e != ParquetEncoding.PLAIN_DICTIONARY
                        && e != ParquetEncoding.RLE_DICTIONARY) {
                    int typeLength = t == PhysicalType.FIXED_LEN_BYTE_ARRAY ? 4 : 0;
                    pairs.add(new Object[] {
                        e + " " + t,
                        ParquetValues.newWriter(e, t, typeLength, K),
                        (java.util.function.Supplier<ValuesReader>) () -> ParquetValues.newReader(e, t, typeLength, K)
                    });
                }
            }
        }
        for (dev.colcodec.tsfile.TsEncoding e : dev.colcodec.tsfile.TsEncoding.values()) {
            for (dev.colcodec.tsfile.TsDataType t : dev.colcodec.tsfile.TsDataType.values()) {
                if (dev.colcodec.tsfile.TsFileValues.supports(e, t)) {
                    pairs.add(new Object[] {
                        e + " " + t,
                        dev.colcodec.tsfile.TsFileValues.newWriter(e, t, K),
                        (java.util.function.Supplier<ValuesReader>)
                                () -> dev.colcodec.tsfile.TsFileValues.newReader(e, t, K)
                    });
                }
            }
        }
        return pairs;
    }

    /** Three values of the writer's type (binaries of {@code binaryLength} bytes). */
    private static void writeThree(ValuesWriter w, int binaryLength) {
        if (w instanceof IntValuesWriter iw) {
            iw.writeIntegers(new int[] {20240101, 20240102, 20240103}, 0, 3);
        } else if (w instanceof LongValuesWriter lw) {
            lw.writeLongs(new long[] {10, 20, 30}, 0, 3);
        } else if (w instanceof FloatValuesWriter fw) {
            fw.writeFloats(new float[] {1.5f, 2.5f, 3.5f}, 0, 3);
        } else if (w instanceof DoubleValuesWriter dw) {
            dw.writeDoubles(new double[] {1.5, 2.5, 3.5}, 0, 3);
        } else if (w instanceof BooleanValuesWriter bw) {
            bw.writeBooleans(new boolean[] {true, false, true}, 0, 3);
        } else {
            BinaryValuesWriter xw = (BinaryValuesWriter) w;
            for (int i = 0; i < 3; i++) {
                byte[] v = new byte[binaryLength];
                v[0] = (byte) i;
                xw.writeBinary(v, 0, binaryLength);
            }
        }
    }

    private static void assertEmptyBeforeInit(ValuesReader r, String pair) {
        assertThatThrownBy(() -> r.skip(1))
                .as(pair)
                .isInstanceOfSatisfying(
                        dev.colcodec.CorruptInputException.class,
                        x -> assertThat(x.offset()).isZero());
    }

    /** A negative value count other than UNKNOWN_COUNT is a caller's mistake for every reader. */
    @Test
    void aNegativeValueCountIsRefusedByEveryParquetReader() {
        for (ParquetEncoding e : ParquetEncoding.values()) {
            for (PhysicalType t : PhysicalType.values()) {
                if (!ParquetValues.supports(e, t)) {
                    continue;
                }
                int typeLength = t == PhysicalType.FIXED_LEN_BYTE_ARRAY ? 4 : 0;
                byte[] page = ParquetValues.newWriter(e, t, typeLength, K).toByteArray();
                ValuesReader r = ParquetValues.newReader(e, t, typeLength, K);
                assertThatThrownBy(() -> r.init(-2, page, 0, page.length))
                        .as(e + " " + t)
                        .isInstanceOf(IllegalArgumentException.class);
            }
        }
    }
}
