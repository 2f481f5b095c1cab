package dev.colcodec.format.tsfile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.tsfile.TsDataType;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reads the TsFiles the TsFile Python package 2.5.0 (its C++ writer) wrote ({@code
 * src/test/resources/tsfile/python/generate.py}): table {@code sensors} with a time column, two TAG
 * columns, two devices and a FIELD column of every type with nulls, once with the package's defaults
 * (TS_2DIFF, GORILLA, LZ4) and once PLAIN with ZSTD. Every row is compared with {@code expected.tsv}.
 * A third file holds SPRINTZ columns with lost signs ({@code sprintz_signs.tsv}).
 */
class TsFilePythonGoldenFilesTest {
    static byte[] resource(String name) throws IOException {
        try (InputStream in = TsFilePythonGoldenFilesTest.class.getResourceAsStream("/tsfile/python/" + name)) {
            return in.readAllBytes();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"default_lz4.tsfile", "plain_zstd.tsfile"})
    void readsPythonWrittenFile(String file) throws IOException {
        String[] lines = new String(resource("expected.tsv"), StandardCharsets.UTF_8).split("\n");
        List<String> header = Arrays.asList(lines[0].split("\t"));
        List<String> columns = header.subList(1, header.size());
        TsFileReader reader = TsFileReader.of(resource(file));
        assertThat(reader.tables()).containsExactly("sensors");
        // the C++ writer's encryption settings, in its order, the key null
        assertThat(new ArrayList<>(reader.properties().entrySet()))
                .containsExactly(
                        new java.util.AbstractMap.SimpleEntry<String, String>("encryptKey", null),
                        java.util.Map.entry("encryptType", "org.apache.tsfile.encrypt.UNENCRYPTED"),
                        java.util.Map.entry("encryptLevel", "0"));
        List<String> read = new ArrayList<>();
        for (TsBlock block : reader.query("sensors", columns, Long.MIN_VALUE, Long.MAX_VALUE)) {
            for (int r = 0; r < block.size(); r++) {
                StringBuilder line = new StringBuilder().append(block.times()[r]);
                for (int c = 0; c < block.columnCount(); c++) {
                    line.append('\t').append(text(block.column(c), r));
                }
                read.add(line.toString());
            }
        }
        assertThat(read)
                .containsExactlyInAnyOrderElementsOf(Arrays.asList(lines).subList(1, lines.length));
        // devices come in index order, rows in time order within a device
        assertThat(read).containsExactlyElementsOf(Arrays.asList(lines).subList(1, lines.length));
    }

    /**
     * {@code sprintz_signs.tsfile}: SPRINTZ columns of the four types where the C++ encoder lost a sign
     * (one value each, a 9-value block's second, the previous one negated, integers 2^31 or 2^63 away),
     * which colcodec's reader recovers from the chunk statistics ({@code SprintzSigns}); the whole range
     * and a range starting inside the changed block.
     */
    @ParameterizedTest
    @ValueSource(longs = {Long.MIN_VALUE, 1_700_000_040_000L})
    void readsPythonWrittenSprintzPagesWithLostSigns(long from) throws IOException {
        String[] lines = new String(resource("sprintz_signs.tsv"), StandardCharsets.UTF_8).split("\n");
        List<String> header = Arrays.asList(lines[0].split("\t"));
        TsFileReader reader = TsFileReader.of(resource("sprintz_signs.tsfile"));
        List<String> read = new ArrayList<>();
        for (TsBlock block : reader.query("signals", header.subList(1, header.size()), from, Long.MAX_VALUE)) {
            for (int r = 0; r < block.size(); r++) {
                StringBuilder line = new StringBuilder().append(block.times()[r]);
                for (int c = 0; c < block.columnCount(); c++) {
                    line.append('\t').append(text(block.column(c), r));
                }
                read.add(line.toString());
            }
        }
        List<String> want = new ArrayList<>();
        for (String line : Arrays.asList(lines).subList(1, lines.length)) {
            if (Long.parseLong(line.substring(0, line.indexOf('\t'))) >= from) {
                want.add(line);
            }
        }
        assertThat(want).hasSizeGreaterThan(150);
        assertThat(read).containsExactlyElementsOf(want);
    }

    static String text(TsColumn col, int r) {
        if (col.isNull(r)) {
            return "\\N";
        }
        switch (col.storageType()) {
            case BOOLEAN:
                return Boolean.toString(col.booleans()[r]);
            case INT32:
                return Integer.toString(col.ints()[r]);
            case INT64:
                return Long.toString(col.longs()[r]);
            case FLOAT:
                return Double.toString(col.floats()[r]);
            case DOUBLE:
                return Double.toString(col.doubles()[r]);
            default:
                byte[] b = col.binaries().get(r);
                return col.type() == TsDataType.BLOB
                        ? HexFormat.of().formatHex(b)
                        : new String(b, StandardCharsets.UTF_8);
        }
    }
}
