package dev.colcodec.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.dictionary.DictionaryFlavor;
import dev.colcodec.parquet.dictionary.DictionaryWriter;
import dev.colcodec.values.TypedRoundTrip;
import dev.colcodec.values.ValuesReader;
import dev.colcodec.values.ValuesWriter;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ParquetValuesTest {
    private static final Kernels K = KernelProvider.scalar();
    private static final int FLBA = 5;

    /** The pairs the Parquet spec allows for data pages (dictionary encodings aside). */
    static final Map<ParquetEncoding, Set<PhysicalType>> VALID = Map.of(
            ParquetEncoding.PLAIN, EnumSet.allOf(PhysicalType.class),
            ParquetEncoding.RLE, EnumSet.of(PhysicalType.BOOLEAN),
            ParquetEncoding.DELTA_BINARY_PACKED, EnumSet.of(PhysicalType.INT32, PhysicalType.INT64),
            ParquetEncoding.DELTA_LENGTH_BYTE_ARRAY, EnumSet.of(PhysicalType.BYTE_ARRAY),
            ParquetEncoding.DELTA_BYTE_ARRAY, EnumSet.of(PhysicalType.BYTE_ARRAY, PhysicalType.FIXED_LEN_BYTE_ARRAY),
            ParquetEncoding.BYTE_STREAM_SPLIT,
                    EnumSet.of(
                            PhysicalType.INT32,
                            PhysicalType.INT64,
                            PhysicalType.FLOAT,
                            PhysicalType.DOUBLE,
                            PhysicalType.FIXED_LEN_BYTE_ARRAY));

    @Test
    void everyValidPairRoundTripsAndEveryOtherPairIsRefusedByName() {
        int checked = 0;
        for (ParquetEncoding e : ParquetEncoding.values()) {
            for (PhysicalType t : PhysicalType.values()) {
                Set<PhysicalType> ok = VALID.get(e);
                assertThat(ParquetValues.supports(e, t)).as(e + " " + t).isEqualTo(ok != null && ok.contains(t));
                if (ok != null && ok.contains(t)) {
                    roundTrip(
                            ParquetValues.newWriter(e, t, FLBA, K),
                            () -> ParquetValues.newReader(e, t, FLBA, K),
                            t,
                            e + " " + t);
                    TypedRoundTrip.assertBadRangesRefused(
                            ParquetValues.newWriter(e, t, FLBA, K),
                            () -> ParquetValues.newWriter(e, t, FLBA, K),
                            kind(t),
                            binaryLength(t),
                            e + " " + t);
                    checked++;
                } else {
                    assertThatThrownBy(() -> ParquetValues.newReader(e, t, FLBA, K))
                            .isInstanceOf(IllegalArgumentException.class)
                            .hasMessageContaining(e.name());
                    assertThatThrownBy(() -> ParquetValues.newWriter(e, t, FLBA, K))
                            .isInstanceOf(IllegalArgumentException.class)
                            .hasMessageContaining(e.name());
                }
            }
        }
        assertThat(checked).isEqualTo(8 + 1 + 2 + 1 + 2 + 5);
    }

    @Test
    void dictionaryWritersAndReadersRoundTripForEveryTypeButBoolean() {
        int keptDictionary = 0;
        for (PhysicalType t : PhysicalType.values()) {
            if (t == PhysicalType.BOOLEAN) {
                assertThatThrownBy(() ->
                                ParquetValues.newDictionaryWriter(t, 0, DictionaryFlavor.V2_RLE_DICTIONARY, 1 << 20, K))
                        .isInstanceOf(IllegalArgumentException.class);
                continue;
            }
            DictionaryWriter w =
                    ParquetValues.newDictionaryWriter(t, FLBA, DictionaryFlavor.V2_RLE_DICTIONARY, 1 << 20, K);
            TypedRoundTrip.assertBadRangesRefused(
                    ParquetValues.newDictionaryWriter(t, FLBA, DictionaryFlavor.V2_RLE_DICTIONARY, 1 << 20, K),
                    () -> ParquetValues.newDictionaryWriter(t, FLBA, DictionaryFlavor.V2_RLE_DICTIONARY, 1 << 20, K),
                    kind(t),
                    binaryLength(t),
                    "dictionary " + t);
            Object values = write(w, t, 3);
            byte[] data = w.toByteArray();
            ValuesReader r;
            if (w.hasFallenBack()) {
                // distinct values (the INT64 sample is timestamps): parquet-java's rule falls back to PLAIN
                assertThat(w.encoding()).isEqualTo(ParquetEncoding.PLAIN);
                r = ParquetValues.newReader(ParquetEncoding.PLAIN, t, FLBA, K);
            } else {
                assertThat(w.encoding()).isEqualTo(ParquetEncoding.RLE_DICTIONARY);
                byte[] dict = w.dictionaryPage();
                r = ParquetValues.newDictionaryReader(t, FLBA, w.dictionaryEntryCount(), dict, 0, dict.length, K);
                keptDictionary++;
            }
            r.init(N, data, 0, data.length);
            TypedRoundTrip.assertBadReadRangesRefused(r, kind(t), "dictionary " + t);
            assertRead(r, t, values, "dictionary " + t);
        }
        assertThat(keptDictionary)
                .as("types whose low-cardinality sample kept the dictionary")
                .isGreaterThanOrEqualTo(5);
    }

    @Test
    void fixedLengthTypesNeedALength() {
        assertThatThrownBy(
                        () -> ParquetValues.newReader(ParquetEncoding.PLAIN, PhysicalType.FIXED_LEN_BYTE_ARRAY, 0, K))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("type length");
    }

    private static final int N = 300;

    private interface ReaderFactory {
        ValuesReader create();
    }

    private static TypedRoundTrip.Kind kind(PhysicalType t) {
        switch (t) {
            case BOOLEAN:
                return TypedRoundTrip.Kind.BOOLEAN;
            case INT32:
                return TypedRoundTrip.Kind.INT;
            case INT64:
                return TypedRoundTrip.Kind.LONG;
            case FLOAT:
                return TypedRoundTrip.Kind.FLOAT;
            case DOUBLE:
                return TypedRoundTrip.Kind.DOUBLE;
            default:
                return TypedRoundTrip.Kind.BINARY;
        }
    }

    private static int binaryLength(PhysicalType t) {
        return t == PhysicalType.INT96 ? 12 : t == PhysicalType.FIXED_LEN_BYTE_ARRAY ? FLBA : -1;
    }

    private static Object write(ValuesWriter w, PhysicalType t, long seed) {
        return TypedRoundTrip.write(w, kind(t), N, binaryLength(t), seed);
    }

    private static void assertRead(ValuesReader r, PhysicalType t, Object expected, String what) {
        TypedRoundTrip.assertReads(r, kind(t), N, expected, what);
    }

    private static void roundTrip(ValuesWriter w, ReaderFactory f, PhysicalType t, String what) {
        Object values = write(w, t, 1000);
        byte[] page = w.toByteArray();
        ValuesReader r = f.create();
        r.init(N, page, 0, page.length);
        TypedRoundTrip.assertBadReadRangesRefused(r, kind(t), what);
        assertRead(r, t, values, what);
    }
}
