package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.values.BinaryBatch;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FileMetaData;
import org.junit.jupiter.api.Test;

/**
 * {@link ParquetWriteOptions#withFallbackEncoding}: a dictionary that overflows falls back to the given
 * encoding instead of the page version's default, a column without dictionary uses it from the start, and
 * the values read back unchanged.
 */
class FallbackEncodingTest {
    private static final int ROWS = 3000;

    private static final ParquetColumn S = ParquetColumn.flat("s", PhysicalType.BYTE_ARRAY, 0, false);
    private static final ParquetColumn L = ParquetColumn.flat("l", PhysicalType.INT64, 0, false);

    private static BinaryBatch strings() {
        BinaryBatch b = new BinaryBatch();
        for (int i = 0; i < ROWS; i++) {
            // a few values repeated in the first pages (written with the dictionary), then distinct ones
            byte[] v = (i < 1000 ? "repeated " + i % 10 : "distinct value " + i).getBytes(StandardCharsets.UTF_8);
            b.append(v, 0, v.length);
        }
        return b;
    }

    private static long[] longs() {
        long[] v = new long[ROWS];
        for (int i = 0; i < ROWS; i++) {
            v[i] = i < 1000 ? i % 10 : 1_700_000_000_000L + i * 1000L;
        }
        return v;
    }

    /** The encodings of each column's first chunk, by name. */
    private static List<Set<Encoding>> encodings(byte[] file) throws IOException {
        FileMetaData fmd = ParquetTestFiles.footer(file);
        List<Set<Encoding>> out = new ArrayList<>();
        for (ColumnChunk c : fmd.getRow_groups().get(0).getColumns()) {
            out.add(new TreeSet<>(c.getMeta_data().getEncodings()));
        }
        return out;
    }

    private static byte[] write(ParquetWriteOptions o) throws IOException {
        return ParquetTestFiles.write(
                List.of(S, L), o, new Object[] {strings(), longs()}, new boolean[2][], ROWS, ROWS);
    }

    private static void assertValuesReadBack(byte[] file) throws IOException {
        try (ParquetFileReader r = ParquetFileReader.open(file)) {
            ColumnBatch s = new ColumnBatch(S, ROWS);
            assertThat(r.readColumn(0, 0).readBatch(s, ROWS)).isEqualTo(ROWS);
            ColumnBatch l = new ColumnBatch(L, ROWS);
            assertThat(r.readColumn(0, 1).readBatch(l, ROWS)).isEqualTo(ROWS);
            BinaryBatch expected = strings();
            long[] expectedLongs = longs();
            for (int i = 0; i < ROWS; i++) {
                assertThat(s.binaries().get(i)).isEqualTo(expected.get(i));
                assertThat(l.longs()[i]).isEqualTo(expectedLongs[i]);
            }
        }
    }

    @Test
    void anOverflowingDictionaryFallsBackToTheGivenEncoding() throws IOException {
        ParquetWriteOptions v2 = ParquetWriteOptions.defaults()
                .withPageVersion(ParquetWriteOptions.PageVersion.V2)
                .withPageRowLimit(500)
                .withMaxDictionaryBytes(512);
        byte[] defaults = write(v2);
        assertThat(encodings(defaults).get(0)).contains(Encoding.RLE_DICTIONARY, Encoding.DELTA_BYTE_ARRAY);
        assertThat(encodings(defaults).get(1)).contains(Encoding.RLE_DICTIONARY, Encoding.DELTA_BINARY_PACKED);
        assertValuesReadBack(defaults);

        byte[] plain = write(
                v2.withFallbackEncoding("s", ParquetEncoding.PLAIN).withFallbackEncoding("l", ParquetEncoding.PLAIN));
        assertThat(encodings(plain).get(0))
                .contains(Encoding.PLAIN, Encoding.RLE_DICTIONARY)
                .doesNotContain(Encoding.DELTA_BYTE_ARRAY);
        assertThat(encodings(plain).get(1)).contains(Encoding.PLAIN).doesNotContain(Encoding.DELTA_BINARY_PACKED);
        assertValuesReadBack(plain);

        byte[] v1 = write(ParquetWriteOptions.defaults()
                .withPageRowLimit(500)
                .withMaxDictionaryBytes(512)
                .withFallbackEncoding("s", ParquetEncoding.DELTA_BYTE_ARRAY));
        assertThat(encodings(v1).get(0)).contains(Encoding.DELTA_BYTE_ARRAY, Encoding.PLAIN_DICTIONARY);
        assertValuesReadBack(v1);
    }

    @Test
    void withoutDictionaryTheFallbackIsUsedFromTheStartAndAnExplicitEncodingWins() throws IOException {
        byte[] file = write(ParquetWriteOptions.defaults()
                .withPageVersion(ParquetWriteOptions.PageVersion.V2)
                .withDictionary(false)
                .withFallbackEncoding("s", ParquetEncoding.PLAIN)
                .withFallbackEncoding("l", ParquetEncoding.PLAIN)
                .withEncoding("l", ParquetEncoding.DELTA_BINARY_PACKED));
        assertThat(encodings(file).get(0)).containsExactly(Encoding.PLAIN);
        assertThat(encodings(file).get(1))
                .contains(Encoding.DELTA_BINARY_PACKED)
                .doesNotContain(Encoding.PLAIN);
        assertValuesReadBack(file);
    }

    @Test
    void aDictionaryOrUnsuitableFallbackIsRefused() {
        assertThatThrownBy(
                        () -> ParquetWriteOptions.defaults().withFallbackEncoding("s", ParquetEncoding.RLE_DICTIONARY))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not RLE_DICTIONARY");
        assertThatThrownBy(() -> write(
                        ParquetWriteOptions.defaults().withFallbackEncoding("s", ParquetEncoding.DELTA_BINARY_PACKED)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(
                        () -> write(ParquetWriteOptions.defaults().withFallbackEncoding("nope", ParquetEncoding.PLAIN)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("column nope, which is not in the schema");
    }
}
