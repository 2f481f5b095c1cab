package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.format.compress.Compression;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Reads the files DuckDB 2.0.0 wrote ({@code src/test/resources/parquet/duckdb/generate.py}): V1 pages
 * (PLAIN, dictionary) and V2 pages (DELTA_BINARY_PACKED, BYTE_STREAM_SPLIT, DELTA_LENGTH_BYTE_ARRAY,
 * RLE_DICTIONARY), uncompressed, snappy, zstd, gzip and LZ4_RAW, nulls, STRING, DATE, TIMESTAMP, DECIMAL
 * (INT64) and UUID columns and a list column read as leaf values plus levels. Every value is compared
 * with {@code expected.tsv}, which the script wrote from DuckDB's own table.
 */
class DuckDbGoldenFilesTest {
    static byte[] resource(String name) throws IOException {
        try (InputStream in = DuckDbGoldenFilesTest.class.getResourceAsStream("/parquet/duckdb/" + name)) {
            return in.readAllBytes();
        }
    }

    /** expected.tsv: a header of names, a line of DuckDB types, then one line per row. */
    static List<String[]> expectedLines() throws IOException {
        List<String[]> lines = new ArrayList<>();
        for (String line : new String(resource("expected.tsv"), StandardCharsets.UTF_8).split("\n")) {
            if (!line.isEmpty()) {
                lines.add(line.split("\t", -1));
            }
        }
        return lines;
    }

    @ParameterizedTest
    @CsvSource({
        "v1_uncompressed.parquet, UNCOMPRESSED",
        "v1_snappy.parquet, SNAPPY",
        "v2_zstd.parquet, ZSTD",
        "v2_gzip.parquet, GZIP",
        "v2_lz4.parquet, LZ4_RAW"
    })
    void readsDuckDbFile(String file, Compression codec) throws IOException {
        List<String[]> lines = expectedLines();
        String[] names = lines.get(0);
        String[] types = lines.get(1);
        List<String[]> rows = lines.subList(2, lines.size());
        try (ParquetFileReader reader = ParquetFileReader.open(resource(file))) {
            assertThat(reader.rowCount()).isEqualTo(rows.size());
            assertThat(reader.columns()).hasSize(names.length);
            for (int c = 0; c < names.length; c++) {
                ParquetColumn col = reader.columns().get(c);
                assertThat(col.path().get(0)).isEqualTo(names[c]);
                assertThat(reader.compression(0, c)).isEqualTo(codec);
                checkLogicalType(col, types[c]);
                List<String> read = readColumn(reader, c, types[c]);
                assertThat(read).as("%s %s", file, names[c]).hasSize(rows.size());
                for (int r = 0; r < rows.size(); r++) {
                    assertThat(read.get(r))
                            .as("%s %s row %d", file, names[c], r)
                            .isEqualTo(rows.get(r)[c]);
                }
            }
        }
    }

    static void checkLogicalType(ParquetColumn col, String duckType) {
        ParquetLogicalType lt = col.logicalType();
        switch (duckType) {
            case "VARCHAR":
                assertThat(lt).isEqualTo(ParquetLogicalType.string());
                break;
            case "DATE":
                assertThat(lt).isEqualTo(ParquetLogicalType.date());
                break;
            case "TIMESTAMP":
                assertThat(lt).isEqualTo(ParquetLogicalType.timestamp(ParquetLogicalType.Unit.MICROS, false));
                break;
            case "DECIMAL(18,3)":
                assertThat(lt).isEqualTo(ParquetLogicalType.decimal(18, 3));
                break;
            case "UUID":
                assertThat(lt).isEqualTo(ParquetLogicalType.uuid());
                break;
            default:
                break;
        }
    }

    /** One column as expected.tsv's text, one entry per row (lists rebuilt from their levels). */
    static List<String> readColumn(ParquetFileReader reader, int c, String duckType) throws IOException {
        ParquetColumn col = reader.columns().get(c);
        boolean list = duckType.endsWith("[]");
        String leafType = list ? duckType.substring(0, duckType.length() - 2) : duckType;
        List<String> out = new ArrayList<>();
        ColumnBatch b = new ColumnBatch(col, 64);
        StringBuilder current = null; // the list being rebuilt
        for (int g = 0; g < reader.rowGroupCount(); g++) {
            ColumnChunkReader cr = reader.readColumn(g, c);
            while (cr.readBatch(b, 64) > 0) {
                int v = 0;
                for (int i = 0; i < b.levelCount(); i++) {
                    boolean present = b.isPresent(i);
                    String value = present ? text(b, v++, leafType) : "\\N";
                    if (!list) {
                        out.add(value);
                        continue;
                    }
                    // optional list (def 1) > repeated group (def 2) > optional element (def 3)
                    int def = b.definitionLevels()[i];
                    if (b.repetitionLevels()[i] == 0) {
                        if (current != null) {
                            out.add(current.append(']').toString());
                        }
                        current = null;
                        if (def == 0) {
                            out.add("\\N");
                            continue;
                        }
                        current = new StringBuilder("[");
                        if (def == 1) {
                            continue; // empty list
                        }
                    } else {
                        current.append(',');
                    }
                    current.append(value);
                }
            }
        }
        if (current != null) {
            out.add(current.append(']').toString());
        }
        return out;
    }

    static String text(ColumnBatch b, int v, String duckType) {
        switch (duckType) {
            case "INTEGER":
            case "DATE":
                return Integer.toString(b.ints()[v]);
            case "BIGINT":
            case "TIMESTAMP":
            case "DECIMAL(18,3)":
                return Long.toString(b.longs()[v]);
            case "DOUBLE":
                return pythonRepr(b.doubles()[v]);
            case "FLOAT":
                return pythonRepr(b.floats()[v]);
            case "BOOLEAN":
                return Boolean.toString(b.booleans()[v]);
            case "VARCHAR":
                return b.binaries().getString(v);
            case "UUID":
                return HexFormat.of().formatHex(b.binaries().get(v));
            default:
                throw new AssertionError("unexpected type " + duckType);
        }
    }

    /** The double as Python's repr writes it, for the values in expected.tsv (no exponents there). */
    static String pythonRepr(double d) {
        String s = Double.toString(d);
        assertThat(s).doesNotContain("E");
        return s;
    }
}
