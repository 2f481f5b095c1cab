package dev.colcodec.format.misuse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.parquet.ColumnBatch;
import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileReader;
import dev.colcodec.format.parquet.ParquetFileWriter;
import dev.colcodec.format.parquet.ParquetWriteOptions;
import dev.colcodec.format.parquet.RowRanges;
import dev.colcodec.format.tsfile.TsColumn;
import dev.colcodec.format.tsfile.TsFileReader;
import dev.colcodec.format.tsfile.TsFileWriter;
import dev.colcodec.format.tsfile.TsTableSchema;
import dev.colcodec.format.tsfile.TsTablet;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A caller's mistake at the file API is said where it is made, with what was wrong, instead of data
 * dropped without a word, a footer that cannot be written, or an exception from deep inside.
 */
class ApiMisuseTest {
    private static TsTableSchema.Column field(String name) {
        return new TsTableSchema.Column(
                name, TsDataType.INT64, TsEncoding.TS_2DIFF, Compression.LZ4_RAW, TsTableSchema.Category.FIELD);
    }

    private static final TsTableSchema TABLE = new TsTableSchema("t", List.of(field("v")));

    @Test
    void aTabletTakesColumnsOnlyAfterItsTimes() throws IOException {
        TsTablet t = new TsTablet(TABLE);
        // times() empties every column: values set before it would be written as nulls
        assertThatThrownBy(() -> t.longs("v", new long[] {1, 2}, null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("times(...) before setting column v");
        t.times(new long[] {10, 20}, 2).longs("v", new long[] {1, 2}, null);
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (TsFileWriter w = new TsFileWriter(bos, List.of(TABLE), new TsFileWriter.Options())) {
            w.write(t);
        }
        try (TsFileReader r = TsFileReader.of(bos.toByteArray())) {
            TsColumn v = r.query("t", List.of("v"), Long.MIN_VALUE, Long.MAX_VALUE)
                    .get(0)
                    .column(0);
            assertThat(v.size()).isEqualTo(2);
            assertThat(v.isNull(1)).isFalse();
            assertThatThrownBy(() -> v.isNull(2)).isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> r.seriesQuery("t", "v", 0, 1, TsEncoding.DICTIONARY))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("no INT64 reader");
        }
    }

    @Test
    void aTsFileWriterRefusesTwoSchemasOfOneTableAndAFieldWithoutAName() {
        TsTableSchema again = new TsTableSchema("t", List.of(field("w")));
        assertThatThrownBy(() -> new TsFileWriter(
                        new ByteArrayOutputStream(), List.of(TABLE, again), new TsFileWriter.Options()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("two schemas for table t");
        TsTableSchema unnamed = new TsTableSchema("u", List.of(field("")));
        assertThatThrownBy(() ->
                        new TsFileWriter(new ByteArrayOutputStream(), List.of(unnamed), new TsFileWriter.Options()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("without a name");
    }

    private static final List<ParquetColumn> SCHEMA = List.of(ParquetColumn.flat("x", PhysicalType.INT64, 0, false));

    @Test
    void parquetOptionsThatNameNoColumnOrNoKeyAreRefused() {
        ParquetWriteOptions typo =
                ParquetWriteOptions.defaults().withEncoding("X", ParquetEncoding.DELTA_BINARY_PACKED);
        assertThatThrownBy(() -> new ParquetFileWriter(new ByteArrayOutputStream(), SCHEMA, typo))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("names column X, which is not in the schema");
        ParquetWriteOptions noDict = ParquetWriteOptions.defaults().withoutDictionary("y");
        assertThatThrownBy(() -> new ParquetFileWriter(new ByteArrayOutputStream(), SCHEMA, noDict))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("column y");
        Map<String, String> kv = new HashMap<>();
        kv.put(null, "v");
        assertThatThrownBy(() -> ParquetWriteOptions.defaults().withKeyValueMetadata(kv))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("without a key");
    }

    @Test
    void parquetReaderArgumentsOutOfTheirRangeAreRefused() throws IOException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ParquetFileWriter w = new ParquetFileWriter(bos, SCHEMA, ParquetWriteOptions.defaults())) {
            w.write(new Object[] {new long[] {5, 6, 7}}, null, 3);
        }
        try (ParquetFileReader r = ParquetFileReader.open(bos.toByteArray())) {
            assertThatThrownBy(() -> r.decodeRowGroup(0, new int[] {0}, 0, null))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("batch size");
            assertThatThrownBy(() -> r.maxPageBytes(0))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("max page bytes");
            assertThatThrownBy(() -> r.rowGroupsMightContain(0, null))
                    .isInstanceOf(NullPointerException.class)
                    .hasMessageContaining("plain value");
            assertThat(r.decodeRowGroup(0, new int[] {0}, 2, null).get(0)).hasSize(2);
        }
        RowRanges rows = RowRanges.of(0, 2, 5, 9);
        assertThat(rows.to(1)).isEqualTo(9);
        assertThatThrownBy(() -> rows.from(2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> rows.to(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void oneBatchOfEverythingIsNoLargerThanTheChunk() throws IOException {
        byte[] file;
        try (InputStream in = ApiMisuseTest.class.getResourceAsStream("/parquet/pyarrow/v2_gzip_plain.parquet")) {
            file = in.readAllBytes();
        }
        try (ParquetFileReader r = ParquetFileReader.open(file)) {
            int list = -1;
            for (int i = 0; i < r.columns().size(); i++) {
                if (r.columns().get(i).maxRepetitionLevel() > 0) {
                    list = i;
                }
            }
            assertThat(list).as("the golden file's list column").isNotNegative();
            // Integer.MAX_VALUE entries per batch allocated 2^31 levels before: an OutOfMemoryError
            List<ColumnBatch> one = r.decodeRowGroup(0, new int[] {list}, Integer.MAX_VALUE, null)
                    .get(0);
            List<ColumnBatch> small =
                    r.decodeRowGroup(0, new int[] {list}, 100, null).get(0);
            long entries = small.stream().mapToLong(ColumnBatch::levelCount).sum();
            assertThat(one).hasSize(1);
            assertThat(one.get(0).capacity()).isEqualTo(entries);
            assertThat(one.get(0).levelCount()).isEqualTo(entries);
        }
    }
}
