package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.parquet.PhysicalType;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Reads files written by pyarrow 22+ ({@code src/test/resources/parquet/pyarrow/generate.py}): V1 and V2
 * pages, uncompressed/snappy/zstd/gzip/LZ4_RAW, dictionaries (with fallback to PLAIN), DELTA_*, BYTE_STREAM_SPLIT, page CRCs, several row
 * groups and pages, and a nested list column (repetition levels). Values are recomputed from the row
 * index exactly as the script computes them.
 */
class PyArrowGoldenFilesTest {

    static byte[] resource(String name) throws IOException {
        try (InputStream in = PyArrowGoldenFilesTest.class.getResourceAsStream("/parquet/pyarrow/" + name)) {
            return in.readAllBytes();
        }
    }

    /** pyarrow declares every column OPTIONAL; these hold nulls (every fifth row). */
    static final List<String> WITH_NULLS = List.of("i64", "f64", "flag", "str");

    static boolean nullable(int i) {
        return i % 5 == 0;
    }

    static final List<String> FILES = List.of(
            "v1_snappy_dict.parquet",
            "v2_zstd_dict.parquet",
            "v2_gzip_plain.parquet",
            "v2_delta_bss.parquet",
            "v1_lz4_dlba.parquet",
            "v1_dict_fallback.parquet",
            "v1_brotli_dict.parquet",
            "v2_brotli_plain.parquet");

    /** Every file, read from memory and from disk (memory-mapped). */
    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> filesFromMemoryAndDisk() {
        return FILES.stream()
                .flatMap(f -> java.util.stream.Stream.of(
                        org.junit.jupiter.params.provider.Arguments.of(f, false),
                        org.junit.jupiter.params.provider.Arguments.of(f, true)));
    }

    @org.junit.jupiter.api.io.TempDir
    java.nio.file.Path tmp;

    private ParquetFileReader open(String file, boolean fromDisk) throws IOException {
        if (!fromDisk) {
            return ParquetFileReader.open(resource(file));
        }
        java.nio.file.Path p = tmp.resolve(file);
        java.nio.file.Files.write(p, resource(file));
        return ParquetFileReader.open(p);
    }

    /**
     * pyarrow's empty table: a row group of 0 rows whose chunks have a data page offset of 0 (one of them
     * still holding a dictionary page): every chunk reads as no values, and the row group decodes to none.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({
        "empty_table.parquet,false",
        "empty_table.parquet,true",
        "empty_table_plain.parquet,false",
        "empty_table_plain.parquet,true"
    })
    void readsAnEmptyTable(String file, boolean fromDisk) throws IOException {
        try (ParquetFileReader reader = open(file, fromDisk)) {
            assertThat(reader.rowCount()).isZero();
            assertThat(reader.rowGroupCount()).isEqualTo(1);
            assertThat(reader.columns()).hasSize(2);
            for (int c = 0; c < reader.columns().size(); c++) {
                ColumnBatch b = new ColumnBatch(reader.columns().get(c), 16);
                assertThat(reader.readColumn(0, c).readBatch(b, 16)).isZero();
            }
            List<List<ColumnBatch>> decoded = reader.decodeRowGroup(0, new int[] {0, 1}, 100, null);
            for (List<ColumnBatch> batches : decoded) {
                assertThat(batches.stream().mapToInt(ColumnBatch::levelCount).sum())
                        .isZero();
            }
        }
    }

    /** The definition level of each repeated node on a leaf's path, from the schema, for a list in a struct and a list of lists. */
    @org.junit.jupiter.api.Test
    void repeatedDefinitionLevelsFollowTheSchema() throws IOException {
        try (ParquetFileReader reader = ParquetFileReader.open(resource("nested_lists.parquet"))) {
            // s (optional) . l (optional) . list (repeated) . element (optional)
            assertThat(reader.repeatedDefinitionLevels(reader.columnIndex("s.l.list.element")))
                    .containsExactly(3);
            // ll (optional) . list (repeated) . element (optional) . list (repeated) . element (optional)
            assertThat(reader.repeatedDefinitionLevels(reader.columnIndex("ll.list.element.list.element")))
                    .containsExactly(2, 4);
        }
    }

    /**
     * A chunk that claims no values in a row group that has rows is refused, not read as empty: the
     * golden list file with its first chunk's value count set to 0 in the footer.
     */
    @org.junit.jupiter.api.Test
    void aChunkOfNoValuesInARowGroupWithRowsIsCorrupt() throws IOException {
        byte[] file = resource("lists.parquet");
        int len = ByteBuffer.wrap(file, file.length - 8, 4)
                .order(java.nio.ByteOrder.LITTLE_ENDIAN)
                .getInt();
        int start = file.length - 8 - len;
        org.apache.parquet.format.FileMetaData fmd =
                org.apache.parquet.format.Util.readFileMetaData(new java.io.ByteArrayInputStream(file, start, len));
        assertThat(fmd.getRow_groups().get(0).getNum_rows()).isPositive();
        fmd.getRow_groups().get(0).getColumns().get(0).getMeta_data().setNum_values(0);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        out.write(file, 0, start);
        java.io.ByteArrayOutputStream footer = new java.io.ByteArrayOutputStream();
        org.apache.parquet.format.Util.writeFileMetaData(fmd, footer);
        footer.writeTo(out);
        out.write(ByteBuffer.allocate(4)
                .order(java.nio.ByteOrder.LITTLE_ENDIAN)
                .putInt(footer.size())
                .array());
        out.write("PAR1".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        try (ParquetFileReader reader = ParquetFileReader.open(out.toByteArray())) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> {
                        ColumnBatch b = new ColumnBatch(reader.columns().get(0), 16);
                        reader.readColumn(0, 0).readBatch(b, 16);
                    })
                    .isInstanceOf(dev.colcodec.CorruptInputException.class);
        }
    }

    /**
     * A map column whose V2 pages include one of no rows and no values, which pyarrow indexes with the first
     * row of the next page: the row ranges a predicate keeps still hold the row with the matching value,
     * and the whole column reads as DuckDB reads it ([[{}, {1: true, -2: false}, {}, null, {}]]).
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
    void prunesWithAnEmptyPageInTheOffsetIndex(boolean fromDisk) throws IOException {
        try (ParquetFileReader reader = open("v2_map_empty_page.parquet", fromDisk)) {
            int key = reader.columnIndex("c3.list.element.key_value.key");
            int value = reader.columnIndex("c3.list.element.key_value.value");
            assertThat(reader.rowRangesOverlapping(0, value, new byte[] {1}, new byte[] {1}))
                    .isEqualTo(RowRanges.all(1));
            byte[] one = ByteBuffer.allocate(8)
                    .order(java.nio.ByteOrder.LITTLE_ENDIAN)
                    .putLong(0, 1)
                    .array();
            assertThat(reader.rowRangesOverlapping(0, key, one, one)).isEqualTo(RowRanges.all(1));

            ColumnBatch keys = new ColumnBatch(reader.columns().get(key), 16);
            assertThat(reader.readColumn(0, key).readBatch(keys, 16)).isEqualTo(6);
            assertThat(java.util.Arrays.copyOf(keys.longs(), keys.valueCount())).containsExactly(1L, -2L);
            ColumnBatch values = new ColumnBatch(reader.columns().get(value), 16);
            assertThat(reader.readColumn(0, value).readBatch(values, 16)).isEqualTo(6);
            assertThat(java.util.Arrays.copyOf(values.booleans(), values.valueCount()))
                    .containsExactly(true, false);
        }
    }

    /** The BROTLI files (read above with the others) hold BROTLI chunks, as generate.py asks. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"v1_brotli_dict.parquet", "v2_brotli_plain.parquet"})
    void brotliFilesHoldBrotliChunks(String file) throws IOException {
        try (ParquetFileReader reader = open(file, false)) {
            for (int g = 0; g < reader.rowGroupCount(); g++) {
                for (int c = 0; c < reader.columns().size(); c++) {
                    assertThat(reader.compression(g, c)).isEqualTo(dev.colcodec.format.compress.Compression.BROTLI);
                }
            }
        }
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("filesFromMemoryAndDisk")
    void readsPyArrowFiles(String file, boolean fromDisk) throws IOException {
        try (ParquetFileReader reader = open(file, fromDisk)) {
            assertThat(reader.rowCount()).isEqualTo(1000);
            assertThat(reader.rowGroupCount()).isEqualTo(3);
            for (int c = 0; c < reader.columns().size(); c++) {
                ParquetColumn col = reader.columns().get(c);
                String name = col.path().get(0);
                if (name.equals("str")) {
                    assertThat(col.logicalType()).isEqualTo(ParquetLogicalType.string());
                }
                ColumnBatch b = new ColumnBatch(col, 97);
                int row = 0;
                int value = 0;
                int entry = 0;
                for (int g = 0; g < reader.rowGroupCount(); g++) {
                    ColumnChunkReader cr = reader.readColumn(g, c);
                    while (cr.readBatch(b, 97) > 0) {
                        if (name.equals("list")) {
                            int[] state = checkList(b, row, entry);
                            row = state[0];
                            entry = state[1];
                            continue;
                        }
                        int v = 0;
                        for (int i = 0; i < b.levelCount(); i++, row++) {
                            boolean present = b.isPresent(i);
                            boolean expectNull = nullable(row) && WITH_NULLS.contains(name);
                            assertThat(present)
                                    .as("%s row %d present", name, row)
                                    .isEqualTo(!expectNull);
                            if (present) {
                                checkValue(name, col.type(), b, v++, row);
                                value++;
                            }
                        }
                    }
                }
                if (!name.equals("list")) {
                    assertThat(row).as(name).isEqualTo(1000);
                    assertThat(value).isPositive();
                } else {
                    // for the list column, row is the index of the last row started
                    assertThat(row).as(name).isEqualTo(999);
                }
            }
        }
    }

    /** Checks list entries; returns the row reached and the position within it (for rows split by batches). */
    static int[] checkList(ColumnBatch b, int row, int pos) {
        assertThat(b.column().maxRepetitionLevel()).isEqualTo(1);
        int maxDef = b.column().maxDefinitionLevel();
        int[] rep = b.repetitionLevels();
        int[] def = b.definitionLevels();
        int v = 0;
        for (int i = 0; i < b.levelCount(); i++) {
            if (rep[i] == 0) {
                if (i > 0 || pos != 0 || row != 0) {
                    row++;
                }
                pos = 0;
            }
            int r = row;
            if (r % 7 == 3) {
                assertThat(def[i]).as("null list at row %d", r).isLessThan(maxDef - 1);
            } else if (r % 4 == 0) {
                assertThat(def[i]).as("empty list at row %d", r).isEqualTo(maxDef - 2);
            } else {
                assertThat(def[i]).as("element at row %d", r).isEqualTo(maxDef);
                assertThat(b.ints()[v++]).isEqualTo(r + pos);
                pos++;
            }
        }
        assertThat(b.valueCount()).isEqualTo(v);
        return new int[] {row, pos};
    }

    static void checkValue(String name, PhysicalType t, ColumnBatch b, int v, int row) {
        switch (name) {
            case "i32":
                assertThat(b.ints()[v]).isEqualTo(row * 7 - 300);
                break;
            case "i64":
                assertThat(b.longs()[v]).isEqualTo((long) row * row * 1000003L);
                break;
            case "f32":
                assertThat(b.floats()[v]).isEqualTo(row / 4f);
                break;
            case "f64":
                assertThat(b.doubles()[v]).isEqualTo(row / 3.0);
                break;
            case "flag":
                assertThat(b.booleans()[v]).isEqualTo(row % 3 == 0);
                break;
            case "str":
                assertThat(b.binaries().getString(v)).isEqualTo("s" + (row % 17));
                break;
            case "fixed":
                assertThat(t).isEqualTo(PhysicalType.FIXED_LEN_BYTE_ARRAY);
                assertThat(b.binaries().get(v))
                        .isEqualTo(ByteBuffer.allocate(4).putInt(row).array());
                break;
            default:
                throw new AssertionError("unexpected column " + name);
        }
    }
}
