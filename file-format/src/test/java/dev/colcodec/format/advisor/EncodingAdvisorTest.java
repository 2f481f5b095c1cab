package dev.colcodec.format.advisor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.tsfile.TsEncoding;
import dev.colcodec.values.ValuesReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class EncodingAdvisorTest {
    /** Every candidate decodes at the same speed: choices depend on sizes (and order) only. */
    private static final DecodeMeter SAME_SPEED = (e, c, n, run) -> 1.0;

    private static EncodingAdvisor advisor() {
        return EncodingAdvisor.defaults().withMeter(SAME_SPEED).withSampleSize(4096);
    }

    private static long[] regularTimestamps(int n) {
        long[] t = new long[n];
        for (int i = 0; i < n; i++) {
            t[i] = 1_700_000_000_000L + 1000L * i;
        }
        return t;
    }

    @Test
    void constantColumnGoesToARunOrDeltaEncodingOfAlmostNoBytes() {
        long[] v = new long[4096];
        java.util.Arrays.fill(v, 42L);
        Column c = Column.ofLongs(v);
        Candidate uncompressed =
                advisor().withCodecs(List.of(Compression.UNCOMPRESSED)).recommend(c, Policy.SMALLEST);
        assertThat(uncompressed.encoding().name()).isIn("RLE", "RLE_DICTIONARY", "DELTA_BINARY_PACKED", "TS_2DIFF");
        assertThat(uncompressed.bytesPerValue()).isLessThan(0.1);
        assertThat(advisor().recommend(c, Policy.SMALLEST).bytesPerValue()).isLessThan(0.1);
    }

    @Test
    void regularTimestampsGoToDeltaEncodingsUnderSmallest() {
        Advice advice = advisor().advise(Column.ofLongs(regularTimestamps(10_000)));
        Candidate best = advice.best(Policy.SMALLEST);
        assertThat(best.encoding().name()).isIn("DELTA_BINARY_PACKED", "TS_2DIFF");
        assertThat(best.valueCount()).isEqualTo(4096);
        assertThat(best.bytesPerValue()).isLessThan(0.5);
        Candidate plain = find(advice, Format.PARQUET, "PLAIN", Compression.UNCOMPRESSED);
        assertThat(plain.encodedBytes()).isEqualTo(8L * 4096);
    }

    @Test
    void randomDoublesAreNeverDictionaryEncoded() {
        SplittableRandom r = new SplittableRandom(7);
        double[] v = new double[4096];
        for (int i = 0; i < v.length; i++) {
            v[i] = r.nextDouble() * 1e6;
        }
        Advice advice = advisor().advise(Column.ofDoubles(v));
        assertThat(advice.candidates()).noneMatch(c -> c.encoding().name().contains("DICTIONARY"));
        assertThat(advice.rejections())
                .anySatisfy(x -> assertThat(x.encoding().name()).isEqualTo("RLE_DICTIONARY"));
        for (Policy p : Policy.values()) {
            assertThat(advice.best(p).encoding().name()).doesNotContain("DICTIONARY");
        }
        // random mantissas do not compress: nothing beats 8 bytes/value by much
        assertThat(advice.best(Policy.SMALLEST).bytesPerValue()).isBetween(6.0, 8.0);
        assertThat(advice.candidates())
                .extracting(c -> c.encoding().label())
                .contains("PARQUET PLAIN", "PARQUET BYTE_STREAM_SPLIT", "TSFILE PLAIN")
                .doesNotContain("PARQUET DELTA_BINARY_PACKED");
    }

    @Test
    void fastestAndBalancedFollowTheMeasuredSpeeds() {
        List<ColumnEncoding> three = List.of(
                Encodings.parquet(ParquetEncoding.PLAIN),
                Encodings.parquet(ParquetEncoding.BYTE_STREAM_SPLIT),
                Encodings.parquet(ParquetEncoding.DELTA_BINARY_PACKED));
        Column ts = Column.ofLongs(regularTimestamps(2048));
        EncodingAdvisor base = advisor().withEncodings(three).withCodecs(List.of(Compression.UNCOMPRESSED));

        Advice deltaWithinTwoX = base.withMeter(
                        table(Map.of("PLAIN", 100.0, "BYTE_STREAM_SPLIT", 60.0, "DELTA_BINARY_PACKED", 55.0)))
                .advise(ts);
        assertThat(deltaWithinTwoX.best(Policy.FASTEST).encoding().name()).isEqualTo("PLAIN");
        assertThat(deltaWithinTwoX.best(Policy.SMALLEST).encoding().name()).isEqualTo("DELTA_BINARY_PACKED");
        assertThat(deltaWithinTwoX.best(Policy.BALANCED).encoding().name()).isEqualTo("DELTA_BINARY_PACKED");

        Advice deltaTooSlow = base.withMeter(
                        table(Map.of("PLAIN", 100.0, "BYTE_STREAM_SPLIT", 60.0, "DELTA_BINARY_PACKED", 45.0)))
                .advise(ts);
        // PLAIN and BYTE_STREAM_SPLIT are the same size: the faster one wins
        assertThat(deltaTooSlow.best(Policy.BALANCED).encoding().name()).isEqualTo("PLAIN");
        assertThat(deltaTooSlow.best(Policy.SMALLEST).encoding().name()).isEqualTo("DELTA_BINARY_PACKED");
    }

    @Test
    void timingMeterCountsRunsAgainstTheInjectedClock() {
        AtomicLong now = new AtomicLong();
        // every clock read advances 1 ms
        DecodeMeter meter = DecodeMeter.timing(() -> now.getAndAdd(1_000_000L), 2_000_000L, 3_000_000L, 2);
        AtomicInteger runs = new AtomicInteger();
        double speed = meter.valuesPerSecond(null, Compression.UNCOMPRESSED, 1000, runs::incrementAndGet);
        // each batch: a start read, then 3 runs of 1 ms each. Warm-up: two batches (the second is no
        // faster than the first, and 10 ms >= 2 ms have passed), then the 2 timed batches.
        assertThat(runs.get()).isEqualTo(2 * 3 + 2 * 3);
        assertThat(speed).isEqualTo(3 * 1000 * 1e9 / 3_000_000L);
    }

    @Test
    void timingMeterDoesNotRunATaskOfNoValues() {
        // a warm-up that waits for 0 values/s to settle never would: the task is not run at all
        AtomicInteger runs = new AtomicInteger();
        DecodeMeter meter = DecodeMeter.timing(() -> 0L, 2_000_000L, 3_000_000L, 2);
        assertThat(meter.valuesPerSecond(null, Compression.UNCOMPRESSED, 0, runs::incrementAndGet))
                .isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(runs.get()).isZero();
    }

    @Test
    void anEmptyColumnIsSizedButNotTimed() {
        DecodeMeter refuses = (e, c, n, run) -> {
            throw new AssertionError("timed an empty sample of " + e.label() + " + " + c);
        };
        Advice empty = EncodingAdvisor.defaults().withMeter(refuses).advise(Column.ofLongs(new long[0]));
        assertThat(empty.candidates())
                .isNotEmpty()
                .allSatisfy(c -> assertThat(c.valuesPerSecond()).isEqualTo(Double.POSITIVE_INFINITY))
                .allSatisfy(c -> assertThat(c.toString()).endsWith("not timed"));
        // speeds tie, so every policy chooses by size, then order
        assertThat(empty.best(Policy.FASTEST)).isEqualTo(empty.best(Policy.SMALLEST));
        assertThat(empty.best(Policy.BALANCED)).isEqualTo(empty.best(Policy.SMALLEST));
        // a column with values is timed
        AtomicInteger timed = new AtomicInteger();
        EncodingAdvisor.defaults()
                .withMeter((e, c, n, run) -> {
                    assertThat(n).isEqualTo(3);
                    timed.incrementAndGet();
                    return 1.0;
                })
                .advise(Column.ofLongs(new long[] {1, 2, 3}));
        assertThat(timed.get()).isPositive();
    }

    @Test
    void corruptedRoundTripIsRejectedNotRecommended() {
        ColumnEncoding plain = Encodings.parquet(ParquetEncoding.PLAIN);
        ColumnEncoding flipping = new ColumnEncoding() {
            @Override
            public Format format() {
                return Format.PARQUET;
            }

            @Override
            public String name() {
                return "FLIPPING";
            }

            @Override
            public boolean supports(ValueKind kind) {
                return plain.supports(kind);
            }

            @Override
            public Optional<Encoded> encode(Column column, Kernels kernels) {
                Encoded inner = plain.encode(column, kernels).orElseThrow();
                byte[] page = inner.sections()[0].clone();
                page[0] ^= 1;
                return Optional.of(new Encoded() {
                    @Override
                    public byte[][] sections() {
                        return new byte[][] {page};
                    }

                    @Override
                    public ValuesReader open(byte[][] s, Kernels k) {
                        return inner.open(s, k);
                    }
                });
            }
        };
        Advice advice = advisor()
                .withEncodings(List.of(flipping, plain))
                .withCodecs(List.of(Compression.UNCOMPRESSED, Compression.ZSTD))
                .advise(Column.ofInts(new int[] {1, 2, 3, 4, 5}));
        assertThat(advice.rejections())
                .hasSize(2)
                .allSatisfy(r -> assertThat(r.reason()).contains("lossy"));
        assertThat(advice.candidates()).extracting(c -> c.encoding().name()).containsOnly("PLAIN");
        assertThat(advice.best(Policy.SMALLEST).encodedBytes()).isLessThanOrEqualTo(20);
    }

    @Test
    void everyKindRoundTripsThroughEveryCompatibleEncoding() {
        SplittableRandom r = new SplittableRandom(3);
        int n = 1000;
        int[] ints = new int[n];
        float[] floats = new float[n];
        byte[][] strings = new byte[n][];
        for (int i = 0; i < n; i++) {
            ints[i] = r.nextInt(100);
            floats[i] = (float) r.nextGaussian();
            strings[i] = ("sensor-" + r.nextInt(20)).getBytes(StandardCharsets.UTF_8);
        }
        Advice i32 = advisor().advise(Column.ofInts(ints));
        assertThat(i32.rejections()).isEmpty();
        assertThat(i32.candidates())
                .extracting(c -> c.encoding().label())
                .contains("PARQUET RLE_DICTIONARY", "TSFILE RLE", "TSFILE TS_2DIFF", "PARQUET DELTA_BINARY_PACKED");
        Advice f32 = advisor().advise(Column.ofFloats(floats));
        assertThat(f32.candidates()).extracting(c -> c.encoding().label()).contains("PARQUET BYTE_STREAM_SPLIT");
        Advice bin = advisor().advise(Column.ofBinaries(strings));
        assertThat(bin.rejections()).isEmpty();
        assertThat(bin.candidates())
                .extracting(c -> c.encoding().label())
                .contains(
                        "PARQUET PLAIN",
                        "PARQUET DELTA_LENGTH_BYTE_ARRAY",
                        "PARQUET DELTA_BYTE_ARRAY",
                        "PARQUET RLE_DICTIONARY",
                        "TSFILE PLAIN");
        // 20 distinct strings: a dictionary (Parquet's page + 5-bit ids, or TsFile's entries + RLE ids)
        // beats every other uncompressed encoding
        Candidate smallest = advisor()
                .withCodecs(List.of(Compression.UNCOMPRESSED))
                .recommend(Column.ofBinaries(strings), Policy.SMALLEST);
        assertThat(smallest.encoding().name()).isIn("RLE_DICTIONARY", "DICTIONARY");
    }

    @Test
    void emptyColumnsAndSpecialFloatsRoundTrip() {
        Advice empty = advisor().advise(Column.ofLongs(new long[0]));
        assertThat(empty.candidates())
                .isNotEmpty()
                .allSatisfy(c -> assertThat(c.bytesPerValue()).isZero());
        assertThat(empty.rejections()).extracting(r -> r.encoding().name()).containsOnly("RLE_DICTIONARY");
        double[] special = {Double.NaN, -0.0, 0.0, Double.NEGATIVE_INFINITY, Double.MIN_VALUE};
        Advice doubles = advisor().advise(Column.ofDoubles(special));
        // bit patterns are compared, so -0.0 and NaN must survive every kept candidate
        assertThat(doubles.candidates())
                .extracting(c -> c.encoding().label())
                .contains("PARQUET PLAIN", "TSFILE PLAIN");
        assertThat(doubles.rejections()).noneMatch(r -> r.reason().contains("lossy"));
    }

    @Test
    void tsfileFamiliesAreFoundByConvention() {
        assertThat(Encodings.tsfile(TsEncoding.PLAIN)).get().satisfies(e -> {
            for (ValueKind k : ValueKind.values()) {
                assertThat(e.supports(k)).as(k.name()).isTrue();
            }
        });
        ColumnEncoding ts2diff = Encodings.tsfile(TsEncoding.TS_2DIFF).orElseThrow();
        assertThat(ts2diff.supports(ValueKind.INT64)).isTrue();
        assertThat(ts2diff.supports(ValueKind.INT32)).isTrue();
        assertThat(ts2diff.supports(ValueKind.DOUBLE)).isFalse();
        assertThat(Encodings.tsfile(TsEncoding.RLE).orElseThrow().supports(ValueKind.BINARY))
                .isFalse();
        assertThat(Encodings.tsfile(TsEncoding.BITMAP)).isEmpty();
        assertThat(Encodings.all()).extracting(ColumnEncoding::label).startsWith("PARQUET PLAIN");
    }

    private static DecodeMeter table(Map<String, Double> speeds) {
        return (e, c, n, run) -> speeds.get(e.name());
    }

    private static Candidate find(Advice a, Format f, String name, Compression codec) {
        return a.candidates().stream()
                .filter(c -> c.encoding().format() == f && c.encoding().name().equals(name) && c.codec() == codec)
                .findFirst()
                .orElseThrow();
    }
}
