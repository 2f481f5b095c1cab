package dev.colcodec.format.advisor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.parquet.ColumnBatch;
import dev.colcodec.format.parquet.ColumnChunkReader;
import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileReader;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.ParquetValues;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.tsfile.TsEncoding;
import dev.colcodec.tsfile.TsFileValues;
import dev.colcodec.values.BinaryBatch;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The advisor library on every flat column of golden files written by pyarrow and DuckDB (read with
 * colcodec's reader): every column, booleans and fixed-length binaries included, gets candidates and a
 * recommendation per policy, and every candidate is an encoding Parquet or TsFile allows for the
 * column's type.
 */
class EncodingAdvisorGoldenFilesTest {
    private static final Path GOLDEN = Path.of("src/test/resources/parquet");

    /** Sizes decide; no timing, so the test is fast and deterministic. */
    private static final EncodingAdvisor ADVISOR = EncodingAdvisor.defaults()
            .withCodecs(List.of(Compression.UNCOMPRESSED, Compression.ZSTD))
            .withMeter((encoding, codec, n, decodeOnce) -> 1e9);

    /** The non-null values of a flat column, all row groups. */
    static Column read(ParquetFileReader r, int index) throws IOException {
        ParquetColumn c = r.columns().get(index);
        List<Object> parts = new ArrayList<>();
        int total = 0;
        ColumnBatch b = new ColumnBatch(c, 4096);
        List<byte[]> binaries = new ArrayList<>();
        int[] ints = new int[0];
        long[] longs = new long[0];
        float[] floats = new float[0];
        double[] doubles = new double[0];
        boolean[] booleans = new boolean[0];
        for (int g = 0; g < r.rowGroupCount(); g++) {
            ColumnChunkReader chunk = r.readColumn(g, index);
            while (chunk.readBatch(b, 4096) > 0) {
                int n = b.valueCount();
                switch (c.type()) {
                    case BOOLEAN -> {
                        booleans = Arrays.copyOf(booleans, total + n);
                        System.arraycopy(b.booleans(), 0, booleans, total, n);
                    }
                    case INT32 -> {
                        ints = Arrays.copyOf(ints, total + n);
                        System.arraycopy(b.ints(), 0, ints, total, n);
                    }
                    case INT64 -> {
                        longs = Arrays.copyOf(longs, total + n);
                        System.arraycopy(b.longs(), 0, longs, total, n);
                    }
                    case FLOAT -> {
                        floats = Arrays.copyOf(floats, total + n);
                        System.arraycopy(b.floats(), 0, floats, total, n);
                    }
                    case DOUBLE -> {
                        doubles = Arrays.copyOf(doubles, total + n);
                        System.arraycopy(b.doubles(), 0, doubles, total, n);
                    }
                    default -> {
                        BinaryBatch bin = b.binaries();
                        for (int i = 0; i < n; i++) {
                            binaries.add(Arrays.copyOfRange(bin.data(), bin.offset(i), bin.offset(i + 1)));
                        }
                    }
                }
                total += n;
            }
        }
        return switch (c.type()) {
            case BOOLEAN -> Column.ofBooleans(booleans);
            case INT32 -> Column.ofInts(ints);
            case INT64 -> Column.ofLongs(longs);
            case FLOAT -> Column.ofFloats(floats);
            case DOUBLE -> Column.ofDoubles(doubles);
            case FIXED_LEN_BYTE_ARRAY -> Column.ofFixedLengthBinaries(binaries.toArray(new byte[0][]), c.typeLength());
            default -> Column.ofBinaries(binaries.toArray(new byte[0][]));
        };
    }

    /** Whether the candidate's encoding can hold the column's type in its format. */
    static boolean compatible(Candidate c, PhysicalType parquetType, ValueKind kind) {
        if (c.encoding().format() == Format.PARQUET) {
            ParquetEncoding e = ParquetEncoding.valueOf(c.encoding().name());
            return e == ParquetEncoding.RLE_DICTIONARY
                    ? parquetType != PhysicalType.BOOLEAN
                    : ParquetValues.supports(e, parquetType);
        }
        TsEncoding e = TsEncoding.valueOf(c.encoding().name());
        return TsFileValues.supports(e, kind.tsType()) && !TsFileValues.isLossy(e, kind.tsType());
    }

    private static void adviseEveryFlatColumn(Path file, int expectedColumns) throws IOException {
        int advised = 0;
        try (ParquetFileReader r = ParquetFileReader.open(file)) {
            for (int i = 0; i < r.columns().size(); i++) {
                ParquetColumn pc = r.columns().get(i);
                if (pc.maxRepetitionLevel() > 0) {
                    continue;
                }
                Column column = read(r, i);
                String name = file.getFileName() + " " + String.join(".", pc.path());
                assertThat(column.size()).as(name).isPositive();
                Advice advice = ADVISOR.advise(column);
                assertThat(advice.candidates()).as(name).isNotEmpty();
                for (Candidate c : advice.candidates()) {
                    assertThat(compatible(c, pc.type(), column.kind()))
                            .as(name + ": " + c.label() + " holds " + pc.type())
                            .isTrue();
                }
                for (Policy p : Policy.values()) {
                    assertThat(advice.candidates()).as(name).contains(advice.best(p));
                }
                advised++;
            }
        }
        assertThat(advised).isEqualTo(expectedColumns);
    }

    @Test
    void everyFlatColumnOfThePyarrowFileGetsACompatibleRecommendation() throws IOException {
        // i32, i64, f32, f64, flag (BOOLEAN), str, fixed (FIXED_LEN_BYTE_ARRAY(4)); the list is nested
        adviseEveryFlatColumn(GOLDEN.resolve("pyarrow/v1_snappy_dict.parquet"), 7);
    }

    @Test
    void everyFlatColumnOfTheDuckDbFileGetsACompatibleRecommendation() throws IOException {
        // id, big, d, f, flag, city, name, day, ts, dec, u (UUID: FIXED_LEN_BYTE_ARRAY(16)); lst is nested
        adviseEveryFlatColumn(GOLDEN.resolve("duckdb/v2_zstd.parquet"), 11);
    }

    @Test
    void booleansTryPlainAndRleInBothFormatsAndNoDictionary() {
        boolean[] flags = new boolean[4096];
        for (int i = 0; i < flags.length; i++) {
            flags[i] = i % 3 == 0;
        }
        Advice advice = ADVISOR.withCodecs(List.of(Compression.UNCOMPRESSED)).advise(Column.ofBooleans(flags));
        assertThat(advice.candidates())
                .extracting(Candidate::label)
                .contains(
                        "PARQUET PLAIN + UNCOMPRESSED",
                        "PARQUET RLE + UNCOMPRESSED",
                        "TSFILE PLAIN + UNCOMPRESSED",
                        "TSFILE RLE + UNCOMPRESSED")
                .noneMatch(l -> l.contains("RLE_DICTIONARY"));
        // PLAIN packs 8 booleans a byte
        Candidate plain = advice.candidates().stream()
                .filter(c -> c.label().equals("PARQUET PLAIN + UNCOMPRESSED"))
                .findFirst()
                .orElseThrow();
        assertThat(plain.encodedBytes()).isEqualTo(4096 / 8);

        // a constant column is one run
        Candidate smallest = ADVISOR.withCodecs(List.of(Compression.UNCOMPRESSED))
                .recommend(Column.ofBooleans(new boolean[4096]), Policy.SMALLEST);
        assertThat(smallest.encoding().name()).isEqualTo("RLE");
        assertThat(smallest.encodedBytes()).isLessThan(16);
    }

    @Test
    void fixedLengthBinariesAreNeverGivenALengthPrefixedEncoding() {
        byte[][] uuids = new byte[1000][];
        for (int i = 0; i < uuids.length; i++) {
            uuids[i] = new byte[16];
            for (int k = 0; k < 16; k++) {
                uuids[i][k] = (byte) (i * 31 + k * 7);
            }
        }
        Column column = Column.ofFixedLengthBinaries(uuids, 16);
        assertThat(column.kind()).isEqualTo(ValueKind.FIXED_BINARY);
        Advice advice = ADVISOR.withCodecs(List.of(Compression.UNCOMPRESSED)).advise(column);
        List<String> parquet = advice.candidates().stream()
                .filter(c -> c.encoding().format() == Format.PARQUET)
                .map(c -> c.encoding().name())
                .toList();
        assertThat(parquet)
                .contains("PLAIN", "DELTA_BYTE_ARRAY", "BYTE_STREAM_SPLIT")
                .doesNotContain("DELTA_LENGTH_BYTE_ARRAY");
        // FIXED_LEN_BYTE_ARRAY PLAIN has no length prefixes
        Candidate plain = advice.candidates().stream()
                .filter(c -> c.label().equals("PARQUET PLAIN + UNCOMPRESSED"))
                .findFirst()
                .orElseThrow();
        assertThat(plain.encodedBytes()).isEqualTo(16_000);
    }
}
