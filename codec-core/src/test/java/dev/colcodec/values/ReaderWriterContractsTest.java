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
