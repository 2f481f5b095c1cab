package dev.colcodec.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * {@code bench FILE} on the golden files other writers produced (pyarrow, DuckDB, tsfile-python), kept in
 * file-format's test resources and reached from this module's directory, where Maven runs the tests: every
 * leaf column is listed with its entry count, both libraries consumed the same values, and the speed-up
 * column is filled.
 */
class BenchFileGoldenFilesTest {
    /** file-format's golden files, relative to the benchmarks module (the tests' working directory). */
    static final Path GOLDEN = Path.of("../file-format/src/test/resources");

    /** One warm-up run and one timed run: the test checks the table, not the speed. */
    private static final BenchFile.Repetitions ONCE = new BenchFile.Repetitions(1, 0, 1);

    /** A column's name, its type (for a TsFile, followed by its encoding and compression) and entries. */
    private record Expected(String column, String type, long rows) {}

    private static String run(Path file, List<BenchFile.ColumnResult> into) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            into.addAll(BenchFile.run(file, ONCE, out));
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static void check(Path file, String reference, List<Expected> expected) throws Exception {
        assertThat(file).isRegularFile();
        List<BenchFile.ColumnResult> results = new ArrayList<>();
        String text = run(file, results);
        assertThat(text)
                .contains(expected.size() + " columns")
                .contains("| column | type | rows | colcodec rows/s | " + reference + " rows/s | speed-up |");
        assertThat(results)
                .extracting(BenchFile.ColumnResult::column)
                .containsExactlyElementsOf(
                        expected.stream().map(Expected::column).toList());
        for (int i = 0; i < expected.size(); i++) {
            Expected e = expected.get(i);
            BenchFile.ColumnResult r = results.get(i);
            assertThat(r.type()).as(e.column()).matches(java.util.regex.Pattern.quote(e.type()) + "( .*)?");
            assertThat(r.rows()).as(e.column()).isEqualTo(e.rows());
            assertThat(r.sameValues())
                    .as(e.column() + ": both libraries consumed the same values")
                    .isTrue();
            assertThat(r.colcodecRowsPerSecond()).as(e.column()).isPositive().isFinite();
            assertThat(r.referenceRowsPerSecond()).as(e.column()).isPositive().isFinite();
            String line = text.lines()
                    .filter(l -> l.startsWith("| " + e.column() + " |"))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no row for " + e.column() + " in\n" + text));
            assertThat(line)
                    .startsWith("| " + e.column() + " | " + r.type() + " | " + e.rows() + " | ")
                    .endsWith(String.format(Locale.ROOT, "| %.2fx |", r.speedUp()));
        }
        assertThat(text).doesNotContain("values differ");
    }

    private static List<Expected> flat(long rows, String... columnsAndTypes) {
        List<Expected> out = new ArrayList<>();
        for (int i = 0; i < columnsAndTypes.length; i += 2) {
            out.add(new Expected(columnsAndTypes[i], columnsAndTypes[i + 1], rows));
        }
        return out;
    }

    @Test
    void pyarrowFileWithEveryTypeAndAList() throws Exception {
        // generate.py: 1000 rows; list column null at i % 7 == 3, else i % 4 elements (an empty list is one entry)
        long listEntries = 0;
        for (int i = 0; i < 1000; i++) {
            listEntries += i % 7 == 3 ? 1 : Math.max(1, i % 4);
        }
        List<Expected> expected = flat(
                1000,
                "i32",
                "INT32",
                "i64",
                "INT64",
                "f32",
                "FLOAT",
                "f64",
                "DOUBLE",
                "flag",
                "BOOLEAN",
                "str",
                "BYTE_ARRAY",
                "fixed",
                "FIXED_LEN_BYTE_ARRAY");
        expected.add(new Expected("list.list.element", "INT32", listEntries));
        check(GOLDEN.resolve("parquet/pyarrow/v1_snappy_dict.parquet"), "parquet-java", expected);
    }

    @Test
    void pyarrowDeltaAndByteStreamSplitFile() throws Exception {
        check(
                GOLDEN.resolve("parquet/pyarrow/v2_delta_bss.parquet"),
                "parquet-java",
                flat(
                        1000,
                        "i32",
                        "INT32",
                        "i64",
                        "INT64",
                        "f32",
                        "FLOAT",
                        "f64",
                        "DOUBLE",
                        "str",
                        "BYTE_ARRAY",
                        "fixed",
                        "FIXED_LEN_BYTE_ARRAY"));
    }

    @Test
    void duckDbFileWithDecimalsUuidsAndAList() throws Exception {
        // generate.py: 300 rows; lst null at i % 7 == 3, empty at i % 5 == 0, else i % 4 + 1 elements
        long listEntries = 0;
        for (int i = 0; i < 300; i++) {
            listEntries += i % 7 == 3 || i % 5 == 0 ? 1 : i % 4 + 1;
        }
        List<Expected> expected = flat(
                300,
                "id",
                "INT32",
                "big",
                "INT64",
                "d",
                "DOUBLE",
                "f",
                "FLOAT",
                "flag",
                "BOOLEAN",
                "city",
                "BYTE_ARRAY",
                "name",
                "BYTE_ARRAY",
                "day",
                "INT32",
                "ts",
                "INT64",
                "dec",
                "INT64",
                "u",
                "FIXED_LEN_BYTE_ARRAY");
        expected.add(new Expected("lst.list.element", "INT32", listEntries));
        check(GOLDEN.resolve("parquet/duckdb/v2_zstd.parquet"), "parquet-java", expected);
    }

    @Test
    void tsfilePythonFilesWithEveryType() throws Exception {
        // generate.py: table sensors, 2 devices x 150 rows, one FIELD column of every type
        String[][] fields = {
            {"b", "BOOLEAN"}, {"i", "INT32"}, {"l", "INT64"}, {"f", "FLOAT"}, {"d", "DOUBLE"},
            {"txt", "TEXT"}, {"s", "STRING"}, {"blob", "BLOB"}, {"day", "DATE"}, {"ts", "TIMESTAMP"}
        };
        for (String name : List.of("default_lz4.tsfile", "plain_zstd.tsfile")) {
            String encodingAndCodec = name.startsWith("plain") ? " PLAIN ZSTD" : "";
            List<Expected> expected = new ArrayList<>();
            for (String[] f : fields) {
                expected.add(new Expected("sensors." + f[0], f[1] + encodingAndCodec, 300));
            }
            check(GOLDEN.resolve("tsfile/python").resolve(name), "tsfile", expected);
        }
    }
}
