package dev.colcodec.format.cli;

import static dev.colcodec.format.cli.CliFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileReader;
import dev.colcodec.format.parquet.ParquetFileWriter;
import dev.colcodec.format.parquet.ParquetLogicalType;
import dev.colcodec.format.parquet.ParquetTestFiles;
import dev.colcodec.format.parquet.ParquetWriteOptions;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.values.BinaryBatch;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.SchemaElement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rewrite} of a Parquet file keeps its columns' field ids (which Iceberg maps columns by) and its
 * schema's name ({@code spark_schema} from Spark), which it dropped before session 40.
 */
class RewriteFieldIdsCliTest {
    @TempDir
    Path tmp;

    @Test
    void rewriteKeepsFieldIdsAndTheSchemaName() throws IOException {
        Path in = tmp.resolve("ids.parquet");
        BinaryBatch s = new BinaryBatch();
        s.append(new byte[] {'a'}, 0, 1);
        s.append(new byte[] {'b'}, 0, 1);
        try (OutputStream os = Files.newOutputStream(in);
                ParquetFileWriter w = new ParquetFileWriter(
                        os,
                        List.of(
                                ParquetColumn.flat("id", PhysicalType.INT64, 0, false)
                                        .withFieldId(1),
                                ParquetColumn.flat("name", PhysicalType.BYTE_ARRAY, 0, true)
                                        .withLogicalType(ParquetLogicalType.string())
                                        .withFieldId(7),
                                ParquetColumn.flat("plain", PhysicalType.INT32, 0, false)),
                        ParquetWriteOptions.defaults().withSchemaName("spark_schema"))) {
            w.write(new Object[] {new long[] {1, 2}, s, new int[] {3, 4}}, new boolean[3][], 2);
        }
        try (ParquetFileReader r = ParquetFileReader.open(in)) {
            assertThat(r.schemaName()).isEqualTo("spark_schema");
            assertThat(r.columns()).extracting(ParquetColumn::fieldId).containsExactly(1, 7, null);
        }
        Path out = tmp.resolve("out.parquet");
        CliFixtures.Result res = run("rewrite", in.toString(), out.toString(), "--codec", "zstd");
        assertThat(res.status()).as(res.err()).isZero();
        FileMetaData fmd = ParquetTestFiles.footer(Files.readAllBytes(out));
        List<SchemaElement> schema = fmd.getSchema();
        assertThat(schema.get(0).getName()).isEqualTo("spark_schema");
        assertThat(schema.get(1).getField_id()).isEqualTo(1);
        assertThat(schema.get(2).getField_id()).isEqualTo(7);
        assertThat(schema.get(3).isSetField_id()).isFalse();
        assertThat(run("dump", out.toString()).out())
                .isEqualTo(run("dump", in.toString()).out());
    }
}
