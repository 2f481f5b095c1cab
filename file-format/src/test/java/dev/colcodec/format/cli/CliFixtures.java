package dev.colcodec.format.cli;

import dev.colcodec.format.advisor.EncodingAdvisor;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileWriter;
import dev.colcodec.format.parquet.ParquetLogicalType;
import dev.colcodec.format.parquet.ParquetWriteOptions;
import dev.colcodec.format.tsfile.TsFileWriter;
import dev.colcodec.format.tsfile.TsTableSchema;
import dev.colcodec.format.tsfile.TsTablet;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import dev.colcodec.values.BinaryBatch;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Files and a runner shared by the CLI tests. */
final class CliFixtures {
    static final Path GOLDEN = Path.of("src/test/resources/parquet/pyarrow");

    private CliFixtures() {}

    /** Exit status, stdout and stderr of one in-process run. */
    record Result(int status, String out, String err) {
        List<String> outLines() {
            return out.lines().toList();
        }

        List<String> errLines() {
            return err.lines().toList();
        }
    }

    /**
     * An advisor whose speeds are a fixed function of the candidate (no timing), so choices are
     * deterministic: every pair decodes at the same speed, and SMALLEST/BALANCED pick by size.
     */
    static EncodingAdvisor fixedSpeedAdvisor() {
        return EncodingAdvisor.defaults().withMeter((encoding, codec, n, decodeOnce) -> 1e9);
    }

    static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = new ColcodecCli(fixedSpeedAdvisor())
                .execute(
                        args,
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static BinaryBatch binaries(String... values) {
        BinaryBatch b = new BinaryBatch();
        for (String s : values) {
            byte[] bytes = s == null ? new byte[0] : s.getBytes(StandardCharsets.UTF_8);
            b.append(bytes, 0, bytes.length);
        }
        return b;
    }

    /**
     * A small Parquet file with every awkward value (an empty string or binary is {@code ""}, a null nothing): {@code id INT32, name STRING (comma, quote, CR/LF,
     * empty, null), score DOUBLE (NaN, -0.0, 1e-5, null), ratio FLOAT, flag BOOLEAN, blob BYTE_ARRAY}.
     */
    static Path awkward(Path dir) throws IOException {
        Path p = dir.resolve("awkward.parquet");
        BinaryBatch blob = new BinaryBatch();
        for (byte[] b : new byte[][] {{0, 1, (byte) 0xff}, {}, {0x7f}, {0x10, 0x20}, {}}) {
            blob.append(b, 0, b.length);
        }
        try (OutputStream os = Files.newOutputStream(p);
                ParquetFileWriter w = new ParquetFileWriter(
                        os,
                        List.of(
                                ParquetColumn.flat("id", PhysicalType.INT32, 0, false),
                                ParquetColumn.flat("name", PhysicalType.BYTE_ARRAY, 0, true)
                                        .withLogicalType(ParquetLogicalType.string()),
                                ParquetColumn.flat("score", PhysicalType.DOUBLE, 0, true),
                                ParquetColumn.flat("ratio", PhysicalType.FLOAT, 0, false),
                                ParquetColumn.flat("flag", PhysicalType.BOOLEAN, 0, true),
                                ParquetColumn.flat("blob", PhysicalType.BYTE_ARRAY, 0, true)),
                        ParquetWriteOptions.defaults())) {
            w.write(
                    new Object[] {
                        new int[] {1, 2, 3, 4, 5},
                        binaries("plain", "a,b \"q\"", "line1\nline2\r", "", null),
                        new double[] {Double.NaN, -0.0, 1e-5, 0, 1.0 / 3},
                        new float[] {0.1f, Float.NEGATIVE_INFINITY, 1e10f, 3f, 2.5f},
                        new boolean[] {true, false, false, true, false},
                        blob
                    },
                    new boolean[][] {
                        null,
                        {false, false, false, false, true},
                        {false, false, false, true, false},
                        null,
                        {false, false, true, false, false},
                        {false, false, false, false, true}
                    },
                    5);
        }
        return p;
    }

    /** The exact dump of {@link #awkward}. */
    static final String AWKWARD_CSV = String.join(
            "\n",
            "id,name,score,ratio,flag,blob",
            "1,plain,NaN,0.1,true,0001ff",
            "2,\"a,b \"\"q\"\"\",-0.0,-Infinity,false,\"\"",
            "3,\"line1\nline2\r\",1.0E-5,1.0E10,,7f",
            "4,\"\",,3.0,true,1020",
            "5,,0.3333333333333333,2.5,false,",
            "");

    /**
     * A Parquet table for conversion, rows grouped by device and ascending in time within each: {@code ts
     * INT64, site STRING, temp DOUBLE (nullable), count INT32, note STRING (nullable)}; 3 sites x 500 rows,
     * with a constant {@code count} column.
     */
    static Path sensors(Path dir, Compression codec) throws IOException {
        Path p = dir.resolve("sensors.parquet");
        int n = 1500;
        long[] ts = new long[n];
        BinaryBatch site = new BinaryBatch();
        double[] temp = new double[n];
        boolean[] tempNull = new boolean[n];
        int[] count = new int[n];
        BinaryBatch note = new BinaryBatch();
        boolean[] noteNull = new boolean[n];
        for (int i = 0; i < n; i++) {
            int s = i / 500;
            int k = i % 500;
            ts[i] = 1_700_000_000_000L + k * 1000L;
            byte[] name = ("site-" + (char) ('a' + s)).getBytes(StandardCharsets.UTF_8);
            site.append(name, 0, name.length);
            temp[i] = 20 + Math.sin(i) * 5;
            tempNull[i] = k % 17 == 3;
            count[i] = 7;
            byte[] t =
                    (k % 5 == 0 ? "" : "n" + (k % 9) + (k % 11 == 0 ? ", \"x\"" : "")).getBytes(StandardCharsets.UTF_8);
            note.append(t, 0, t.length);
            noteNull[i] = k % 13 == 0;
        }
        try (OutputStream os = Files.newOutputStream(p);
                ParquetFileWriter w = new ParquetFileWriter(
                        os,
                        List.of(
                                ParquetColumn.flat("ts", PhysicalType.INT64, 0, false),
                                ParquetColumn.flat("site", PhysicalType.BYTE_ARRAY, 0, false)
                                        .withLogicalType(ParquetLogicalType.string()),
                                ParquetColumn.flat("temp", PhysicalType.DOUBLE, 0, true),
                                ParquetColumn.flat("count", PhysicalType.INT32, 0, false),
                                ParquetColumn.flat("note", PhysicalType.BYTE_ARRAY, 0, true)
                                        .withLogicalType(ParquetLogicalType.string())),
                        ParquetWriteOptions.defaults().withCompression(codec).withRowGroupSize(16 << 10))) {
            w.write(
                    new Object[] {ts, site, temp, count, note},
                    new boolean[][] {null, null, tempNull, null, noteNull},
                    n);
        }
        return p;
    }

    /** A TsFile table {@code t}: tag {@code dev}, fields {@code v DOUBLE} (GORILLA) and {@code s STRING}; two devices. */
    static Path tsfile(Path dir) throws IOException {
        return tsfile(dir, java.util.Map.of());
    }

    /** {@link #tsfile(Path)} with properties on column {@code v}. */
    static Path tsfile(Path dir, java.util.Map<String, String> vProperties) throws IOException {
        return tsfile(dir, vProperties, java.util.Map.of());
    }

    /** {@link #tsfile(Path)} with properties on column {@code v} and file properties. */
    static Path tsfile(
            Path dir, java.util.Map<String, String> vProperties, java.util.Map<String, String> fileProperties)
            throws IOException {
        Path p = dir.resolve("t.tsfile");
        TsTableSchema schema = new TsTableSchema(
                "t",
                List.of(
                        tag("dev", Compression.LZ4_RAW),
                        new TsTableSchema.Column(
                                "v",
                                TsDataType.DOUBLE,
                                TsEncoding.GORILLA,
                                Compression.LZ4_RAW,
                                TsTableSchema.Category.FIELD,
                                vProperties),
                        new TsTableSchema.Column(
                                "s",
                                TsDataType.STRING,
                                TsEncoding.PLAIN,
                                Compression.SNAPPY,
                                TsTableSchema.Category.FIELD)));
        try (OutputStream os = Files.newOutputStream(p);
                TsFileWriter w =
                        new TsFileWriter(os, List.of(schema), new TsFileWriter.Options().properties(fileProperties))) {
            w.write(new TsTablet(schema)
                    .device("d1")
                    .times(new long[] {10, 20, 30}, 3)
                    .doubles("v", new double[] {1.5, Double.NaN, -2}, new boolean[] {false, false, true})
                    .binaries(
                            "s",
                            new byte[][] {
                                "x,y".getBytes(StandardCharsets.UTF_8), null, "z".getBytes(StandardCharsets.UTF_8)
                            },
                            null));
            w.write(new TsTablet(schema)
                    .device("d2")
                    .times(new long[] {5}, 1)
                    .doubles("v", new double[] {0.25}, null)
                    .binaries("s", new byte[][] {"".getBytes(StandardCharsets.UTF_8)}, null));
        }
        return p;
    }

    /** A STRING TAG column {@code name} (PLAIN, {@code compression}). */
    static TsTableSchema.Column tag(String name, Compression compression) {
        return new TsTableSchema.Column(
                name, TsDataType.STRING, TsEncoding.PLAIN, compression, TsTableSchema.Category.TAG);
    }
}
