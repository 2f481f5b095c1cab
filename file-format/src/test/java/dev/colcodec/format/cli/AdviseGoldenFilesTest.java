package dev.colcodec.format.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileReader;
import dev.colcodec.format.tsfile.TsFileReader;
import dev.colcodec.format.tsfile.TsTableSchema;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.ParquetValues;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import dev.colcodec.tsfile.TsFileValues;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code advise FILE} on the golden files written by pyarrow, DuckDB and tsfile-python: one table per
 * column (candidate, bytes/value, values/s), and for every flat column a recommendation per policy that
 * is one of its candidates and an encoding its format allows for the column's type. Speeds are fixed
 * ({@link CliFixtures#fixedSpeedAdvisor()}), so the test does not time anything.
 */
class AdviseGoldenFilesTest {
    private static final Path RESOURCES = Path.of("src/test/resources");

    /** One column's block of the output. */
    record Block(String header, List<String> candidates, Map<String, String> recommended) {}

    static Map<String, Block> blocks(String out) {
        Map<String, Block> blocks = new LinkedHashMap<>();
        Block current = null;
        for (String line : out.lines().toList()) {
            if (line.startsWith("column ")) {
                String name = line.substring("column ".length()).split("[ :]", 2)[0];
                current = new Block(line, new ArrayList<>(), new LinkedHashMap<>());
                blocks.put(name, current);
            } else if (line.startsWith("  recommended (")) {
                int close = line.indexOf("): ");
                current.recommended().put(line.substring("  recommended (".length(), close), line.substring(close + 3));
            } else if (line.startsWith("  PARQUET ") || line.startsWith("  TSFILE ")) {
                // "  PARQUET PLAIN + ZSTD      12.000   1.000e+09"
                current.candidates().add(line.strip().split(" {2,}")[0]);
            }
        }
        return blocks;
    }

    /** Whether "FORMAT ENCODING + CODEC" can hold the column's type. */
    static boolean compatible(String label, PhysicalType parquetType, TsDataType tsType) {
        String[] words = label.split(" ");
        if (words[0].equals("PARQUET")) {
            ParquetEncoding e = ParquetEncoding.valueOf(words[1]);
            return e == ParquetEncoding.RLE_DICTIONARY
                    ? parquetType != PhysicalType.BOOLEAN
                    : ParquetValues.supports(e, parquetType);
        }
        TsEncoding e = TsEncoding.valueOf(words[1]);
        return TsFileValues.supports(e, tsType) && !TsFileValues.isLossy(e, tsType);
    }

    private static void checkBlock(String file, String column, Block b, PhysicalType parquetType, TsDataType tsType) {
        String what = file + " " + column;
        assertThat(b).as(what + " has no block").isNotNull();
        assertThat(b.header())
                .as(what)
                .matches("column \\Q" + column + "\\E \\([A-Z_0-9]+, [1-9][0-9]* values sampled\\):");
        assertThat(b.candidates()).as(what).isNotEmpty();
        assertThat(b.recommended()).as(what).containsOnlyKeys("smallest", "fastest", "balanced");
        for (String label : b.candidates()) {
            assertThat(compatible(label, parquetType, tsType))
                    .as(what + ": " + label)
                    .isTrue();
        }
        for (String choice : b.recommended().values()) {
            assertThat(b.candidates()).as(what).contains(choice);
        }
    }

    private static String advise(Path file) {
        CliFixtures.Result r = CliFixtures.run("advise", file.toString(), "--sample", "500");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("candidate").contains("bytes/value").contains("values/s");
        return r.out();
    }

    /** The TsFile type of a Parquet column's values (what the advisor tries TsFile encodings on). */
    private static TsDataType tsTypeOf(PhysicalType t) {
        switch (t) {
            case BOOLEAN:
                return TsDataType.BOOLEAN;
            case INT32:
                return TsDataType.INT32;
            case INT64:
                return TsDataType.INT64;
            case FLOAT:
                return TsDataType.FLOAT;
            case DOUBLE:
                return TsDataType.DOUBLE;
            default:
                return TsDataType.TEXT;
        }
    }

    private static void checkParquet(Path file) throws IOException {
        Map<String, Block> blocks = blocks(advise(file));
        int flat = 0;
        try (ParquetFileReader r = ParquetFileReader.open(file)) {
            assertThat(blocks).hasSameSizeAs(r.columns());
            for (ParquetColumn c : r.columns()) {
                String name = String.join(".", c.path());
                if (c.maxRepetitionLevel() > 0) {
                    assertThat(blocks.get(name).header()).as(name).contains("no advisor encodings");
                    continue;
                }
                checkBlock(file.toString(), name, blocks.get(name), c.type(), tsTypeOf(c.type()));
                flat++;
            }
        }
        assertThat(flat).isPositive();
    }

    @Test
    void pyarrowFilesEveryFlatColumnBooleansAndFixedLengthIncluded() throws IOException {
        checkParquet(RESOURCES.resolve("parquet/pyarrow/v1_snappy_dict.parquet"));
        checkParquet(RESOURCES.resolve("parquet/pyarrow/v2_delta_bss.parquet"));
    }

    @Test
    void duckDbFileEveryFlatColumnUuidsIncluded() throws IOException {
        checkParquet(RESOURCES.resolve("parquet/duckdb/v2_zstd.parquet"));
    }

    @Test
    void tsfilePythonFileTimeAndEveryFieldColumn() throws IOException {
        Path file = RESOURCES.resolve("tsfile/python/default_lz4.tsfile");
        Map<String, Block> blocks = blocks(advise(file));
        TsFileReader r = TsFileReader.open(file);
        List<TsTableSchema.Column> fields = new ArrayList<>();
        for (TsTableSchema.Column c : r.schema("sensors").columns()) {
            if (c.category() == TsTableSchema.Category.FIELD) {
                fields.add(c);
            }
        }
        assertThat(fields).hasSize(10);
        assertThat(blocks).hasSize(1 + fields.size());
        checkBlock(file.toString(), "time", blocks.get("time"), PhysicalType.INT64, TsDataType.INT64);
        for (TsTableSchema.Column c : fields) {
            PhysicalType parquet = switch (c.type()) {
                case BOOLEAN -> PhysicalType.BOOLEAN;
                case INT32, DATE -> PhysicalType.INT32;
                case INT64, TIMESTAMP -> PhysicalType.INT64;
                case FLOAT -> PhysicalType.FLOAT;
                case DOUBLE -> PhysicalType.DOUBLE;
                default -> PhysicalType.BYTE_ARRAY;
            };
            checkBlock(file.toString(), c.name(), blocks.get(c.name()), parquet, c.type());
        }
    }

    /** {@code rewrite --advise} with the advisor's choices for every column, then the same rows back. */
    private static void rewriteKeepsEveryRow(Path in, Path out, String... more) {
        List<String> args = new ArrayList<>(List.of("rewrite", in.toString(), out.toString(), "--advise", "smallest"));
        args.addAll(List.of(more));
        CliFixtures.Result r = CliFixtures.run(args.toArray(new String[0]));
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).doesNotContain("the advisor has no candidate for BOOLEAN");
        CliFixtures.Result before = CliFixtures.run("dump", in.toString());
        CliFixtures.Result after = CliFixtures.run("dump", out.toString());
        assertThat(after.status()).as(after.err()).isZero();
        assertThat(after.outLines()).containsExactlyElementsOf(before.outLines());
    }

    @Test
    void rewriteAdvisesEveryTsFileColumnAnEncodingItsTypeAllows(@org.junit.jupiter.api.io.TempDir Path tmp) {
        // BLOB has no TsFile DICTIONARY: the advisor used to pick it and the writer refused
        Path in = RESOURCES.resolve("tsfile/python/default_lz4.tsfile");
        rewriteKeepsEveryRow(in, tmp.resolve("advised.tsfile"), "--codec", "UNCOMPRESSED");
    }

    @Test
    void rewriteAdvisesBooleanParquetColumns(@org.junit.jupiter.api.io.TempDir Path tmp) {
        // rewrite takes flat files only: the pyarrow file without the list column
        Path in = RESOURCES.resolve("parquet/pyarrow/v1_dict_fallback.parquet");
        rewriteKeepsEveryRow(in, tmp.resolve("advised.parquet"));
    }
}
