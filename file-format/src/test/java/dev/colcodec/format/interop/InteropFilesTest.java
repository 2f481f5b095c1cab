package dev.colcodec.format.interop;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Writes the interop matrix to {@code file-format/target/interop/} for the Python checkers run by
 * {@code .ci/run} ({@code src/test/python/check_interop.py}): every file of {@link ParquetMatrix} and
 * {@link TsFileMatrix} next to a {@code .json} file with its expected values. Each file is first read
 * back with colcodec's own reader and compared with those values, so a file that reaches the checkers
 * is known to hold what the JSON says.
 */
class InteropFilesTest {
    static final Path OUT = Path.of(System.getProperty("basedir", "."), "target", "interop");

    @BeforeAll
    static void createDirectories() throws IOException {
        Files.createDirectories(OUT.resolve("parquet"));
        Files.createDirectories(OUT.resolve("tsfile"));
        Files.writeString(OUT.resolve("parquet").resolve("expected.json"), ParquetMatrix.expectedJson());
    }

    static List<ParquetMatrix.Case> parquetCases() {
        return ParquetMatrix.cases();
    }

    static List<TsFileMatrix.Case> tsfileCases() {
        return TsFileMatrix.cases();
    }

    @ParameterizedTest
    @MethodSource("parquetCases")
    void writesParquetFile(ParquetMatrix.Case k) throws IOException {
        byte[] file = ParquetMatrix.write(k);
        Object[][] read = ParquetMatrix.readWithColcodec(file);
        assertThat(read).hasNumberOfRows(ParquetMatrix.COLUMNS.size());
        for (int c = 0; c < read.length; c++) {
            for (int row = 0; row < ParquetMatrix.ROWS; row++) {
                assertThat(read[c][row])
                        .as("%s %s row %d", k, ParquetMatrix.COLUMNS.get(c).name(), row)
                        .isEqualTo(ParquetMatrix.expected(c, row));
            }
        }
        Files.write(OUT.resolve("parquet").resolve(k.name() + ".parquet"), file);
    }

    @ParameterizedTest
    @MethodSource("tsfileCases")
    void writesTsFile(TsFileMatrix.Case k) throws IOException {
        byte[] file = TsFileMatrix.write(k);
        List<Object[]> expected = TsFileMatrix.expectedRows();
        List<Object[]> read = TsFileMatrix.readWithColcodec(file);
        assertThat(read).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            assertThat(read.get(i)).as("%s row %d", k, i).containsExactly(expected.get(i));
        }
        Files.write(OUT.resolve("tsfile").resolve(k.name() + ".tsfile"), file);
        Files.writeString(
                OUT.resolve("tsfile").resolve(k.name() + ".json"),
                TsFileMatrix.expectedJson(k),
                StandardCharsets.UTF_8);
    }
}
