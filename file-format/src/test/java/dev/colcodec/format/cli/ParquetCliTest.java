package dev.colcodec.format.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileWriter;
import dev.colcodec.format.parquet.ParquetLogicalType;
import dev.colcodec.format.parquet.ParquetWriteOptions;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.values.BinaryBatch;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParquetCliTest {
    @TempDir
    Path tmp;

    private Path sample() throws IOException {
        Path p = tmp.resolve("s.parquet");
        BinaryBatch names = new BinaryBatch();
        for (String s : new String[] {"a", "b,\"c\"", "", "d"}) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            names.append(b, 0, b.length);
        }
        try (OutputStream os = Files.newOutputStream(p);
                ParquetFileWriter w = new ParquetFileWriter(
                        os,
                        List.of(
                                ParquetColumn.flat("id", PhysicalType.INT32, 0, false),
                                ParquetColumn.flat("name", PhysicalType.BYTE_ARRAY, 0, true)
                                        .withLogicalType(ParquetLogicalType.string()),
                                ParquetColumn.flat("score", PhysicalType.DOUBLE, 0, true)),
                        ParquetWriteOptions.defaults().withKeyValueMetadata(Map.of("origin", "test")))) {
            w.write(
                    new Object[] {new int[] {1, 2, 3, 4}, names, new double[] {0.5, 1.5, 2.5, 3.5}},
                    new boolean[][] {null, {false, false, true, false}, {false, true, false, false}},
                    4);
        }
        return p;
    }

    private static String[] run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ParquetCli.run(args, new PrintStream(out, true), new PrintStream(err, true));
        return new String[] {Integer.toString(code), out.toString(), err.toString()};
    }

    @Test
    void dumpsCsv() throws IOException {
        String[] r = run("dump", sample().toString());
        assertThat(r[0]).isEqualTo("0");
        assertThat(r[1].split("\\R"))
                .containsExactly(
                        "\"id\",\"name\",\"score\"", "1,\"a\",0.5", "2,\"b,\"\"c\"\"\",", "3,,2.5", "4,\"d\",3.5");
        String[] projected = run("dump", sample().toString(), "--columns", "score,id", "--limit", "2");
        assertThat(projected[1].split("\\R")).containsExactly("\"score\",\"id\"", "0.5,1", ",2");
    }

    @Test
    void inspectsFooter() throws IOException {
        String[] r = run("inspect", sample().toString());
        assertThat(r[0]).isEqualTo("0");
        assertThat(r[1])
                .contains("rows: 4")
                .contains("metadata: origin = test")
                .contains("name: BYTE_ARRAY STRING maxDef=1 maxRep=0")
                .contains("id: UNCOMPRESSED")
                .contains("min=1 max=4");
    }

    @Test
    void reportsCorruptFilesAndUsage() throws IOException {
        Path bad = tmp.resolve("bad.parquet");
        Files.write(bad, "PAR1 not really PAR1".getBytes(StandardCharsets.US_ASCII));
        String[] r = run("inspect", bad.toString());
        assertThat(r[0]).isEqualTo("1");
        assertThat(r[2]).contains("corrupt file");
        assertThat(run("frobnicate")[0]).isEqualTo("2");
    }
}
