package dev.colcodec.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.dictionary.DictionaryFlavor;
import dev.colcodec.parquet.dictionary.DictionaryWriter;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesReader;
import dev.colcodec.values.BinaryValuesWriter;
import dev.colcodec.values.BooleanValuesReader;
import dev.colcodec.values.BooleanValuesWriter;
import dev.colcodec.values.DoubleValuesReader;
import dev.colcodec.values.DoubleValuesWriter;
import dev.colcodec.values.FloatValuesReader;
import dev.colcodec.values.FloatValuesWriter;
import dev.colcodec.values.IntValuesReader;
import dev.colcodec.values.IntValuesWriter;
import dev.colcodec.values.LongValuesReader;
import dev.colcodec.values.LongValuesWriter;
import dev.colcodec.values.ValuesReader;
import dev.colcodec.values.ValuesWriter;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
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
                if (ok != null && ok.contains(t)) {
                    roundTrip(
                            ParquetValues.newWriter(e, t, FLBA, K),
                            () -> ParquetValues.newReader(e, t, FLBA, K),
                            t,
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
        for (PhysicalType t : PhysicalType.values()) {
            if (t == PhysicalType.BOOLEAN) {
                assertThatThrownBy(() ->
                                ParquetValues.newDictionaryWriter(t, 0, DictionaryFlavor.V2_RLE_DICTIONARY, 1 << 20, K))
                        .isInstanceOf(IllegalArgumentException.class);
                continue;
            }
            DictionaryWriter w =
                    ParquetValues.newDictionaryWriter(t, FLBA, DictionaryFlavor.V2_RLE_DICTIONARY, 1 << 20, K);
            Object values = write(w, t, 3);
            byte[] data = w.toByteArray();
            byte[] dict = w.dictionaryPage();
            ValuesReader r =
                    ParquetValues.newDictionaryReader(t, FLBA, w.dictionaryEntryCount(), dict, 0, dict.length, K);
            r.init(N, data, 0, data.length);
            assertRead(r, t, values, "dictionary " + t);
        }
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

    private static void roundTrip(ValuesWriter w, ReaderFactory f, PhysicalType t, String what) {
        Object values = write(w, t, 1000);
        byte[] page = w.toByteArray();
        ValuesReader r = f.create();
        r.init(N, page, 0, page.length);
        assertRead(r, t, values, what);
    }

    /** Writes N values of the type's Java form (few distinct ones so dictionaries stay small). */
    private static Object write(ValuesWriter w, PhysicalType t, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        switch (t) {
            case BOOLEAN: {
                boolean[] v = new boolean[N];
                for (int i = 0; i < N; i++) {
                    v[i] = rnd.nextInt(3) == 0;
                }
                ((BooleanValuesWriter) w).writeBooleans(v, 0, N);
                return v;
            }
            case INT32: {
                int[] v = new int[N];
                for (int i = 0; i < N; i++) {
                    v[i] = rnd.nextInt(20) - 10;
                }
                ((IntValuesWriter) w).writeIntegers(v, 0, N);
                return v;
            }
            case INT64: {
                long[] v = new long[N];
                for (int i = 0; i < N; i++) {
                    v[i] = 1_700_000_000_000L + rnd.nextInt(30);
                }
                ((LongValuesWriter) w).writeLongs(v, 0, N);
                return v;
            }
            case FLOAT: {
                float[] v = new float[N];
                for (int i = 0; i < N; i++) {
                    v[i] = rnd.nextInt(10) / 4f;
                }
                ((FloatValuesWriter) w).writeFloats(v, 0, N);
                return v;
            }
            case DOUBLE: {
                double[] v = new double[N];
                for (int i = 0; i < N; i++) {
                    v[i] = rnd.nextInt(10) / 8.0;
                }
                ((DoubleValuesWriter) w).writeDoubles(v, 0, N);
                return v;
            }
            default: {
                int len = t == PhysicalType.INT96 ? 12 : t == PhysicalType.FIXED_LEN_BYTE_ARRAY ? FLBA : -1;
                byte[][] v = new byte[N][];
                for (int i = 0; i < N; i++) {
                    v[i] = new byte[len >= 0 ? len : rnd.nextInt(6)];
                    if (v[i].length > 0) {
                        v[i][0] = (byte) rnd.nextInt(7);
                    }
                    ((BinaryValuesWriter) w).writeBinary(v[i]);
                }
                return v;
            }
        }
    }

    private static void assertRead(ValuesReader r, PhysicalType t, Object expected, String what) {
        switch (t) {
            case BOOLEAN: {
                boolean[] out = new boolean[N];
                ((BooleanValuesReader) r).readBooleans(out, 0, N);
                assertThat(out).as(what).isEqualTo(expected);
                break;
            }
            case INT32: {
                int[] out = new int[N];
                ((IntValuesReader) r).readIntegers(out, 0, N);
                assertThat(out).as(what).isEqualTo(expected);
                break;
            }
            case INT64: {
                long[] out = new long[N];
                ((LongValuesReader) r).readLongs(out, 0, N);
                assertThat(out).as(what).isEqualTo(expected);
                break;
            }
            case FLOAT: {
                float[] out = new float[N];
                ((FloatValuesReader) r).readFloats(out, 0, N);
                assertThat(out).as(what).isEqualTo(expected);
                break;
            }
            case DOUBLE: {
                double[] out = new double[N];
                ((DoubleValuesReader) r).readDoubles(out, 0, N);
                assertThat(out).as(what).isEqualTo(expected);
                break;
            }
            default: {
                BinaryBatch batch = new BinaryBatch();
                ((BinaryValuesReader) r).readBinaries(batch, N);
                byte[][] exp = (byte[][]) expected;
                assertThat(batch.count()).isEqualTo(N);
                for (int i = 0; i < N; i++) {
                    assertThat(batch.get(i)).as(what + " value " + i).isEqualTo(exp[i]);
                }
            }
        }
    }
}
