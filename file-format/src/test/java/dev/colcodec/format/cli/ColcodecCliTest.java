package dev.colcodec.format.cli;

import static dev.colcodec.format.cli.CliFixtures.GOLDEN;
import static dev.colcodec.format.cli.CliFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileReader;
import dev.colcodec.format.parquet.ParquetFileWriter;
import dev.colcodec.format.parquet.ParquetLogicalType;
import dev.colcodec.format.parquet.ParquetTestFiles;
import dev.colcodec.format.parquet.ParquetWriteOptions;
import dev.colcodec.format.tsfile.TsFileLayout;
import dev.colcodec.format.tsfile.TsFileReader;
import dev.colcodec.format.tsfile.TsFileWriter;
import dev.colcodec.format.tsfile.TsTableSchema;
import dev.colcodec.format.tsfile.TsTablet;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import dev.colcodec.values.BinaryBatch;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ColcodecCliTest {
    @TempDir
    Path tmp;

    @Test
    void dumpWritesExactCsvWithNullsQuotesNewlinesNanAndBinary() throws IOException {
        Path file = CliFixtures.awkward(tmp);
        CliFixtures.Result r = run("dump", file.toString());
        assertThat(r.status()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out().replace(System.lineSeparator(), "\n")).isEqualTo(CliFixtures.AWKWARD_CSV);

        CliFixtures.Result projected = run("dump", file.toString(), "--columns", "score,id", "--limit", "2");
        assertThat(projected.outLines()).containsExactly("score,id", "NaN,1", "-0.0,2");
    }

    @Test
    void dumpOfATsFilePutsTimeThenTagsThenFields() throws IOException {
        CliFixtures.Result r = run("dump", CliFixtures.tsfile(tmp).toString());
        assertThat(r.status()).isZero();
        assertThat(r.outLines())
                .containsExactly("time,dev,v,s", "10,d1,1.5,\"x,y\"", "20,d1,NaN,", "30,d1,,z", "5,d2,0.25,\"\"");
        assertThat(run("dump", CliFixtures.tsfile(tmp).toString(), "--columns", "s,time", "--limit", "1")
                        .outLines())
                .containsExactly("s,time", "\"x,y\",10");
    }

    @Test
    void dumpRendersGoldenListsAndFixedBinaries() {
        CliFixtures.Result r =
                run("dump", GOLDEN.resolve("v1_snappy_dict.parquet").toString(), "--limit", "4");
        assertThat(r.status()).isZero();
        assertThat(r.outLines())
                .containsExactly(
                        "i32,i64,f32,f64,flag,str,fixed,list.list.element",
                        "-300,,0.0,,,,00000000,[]",
                        "-293,1000003,0.25,0.3333333333333333,false,s1,00000001,[1]",
                        "-286,4000012,0.5,0.6666666666666666,false,s2,00000002,\"[2, 3]\"",
                        "-279,9000027,0.75,1.0,true,s3,00000003,");
    }

    @Test
    void inspectShowsRowGroupsChunksAndPagesOfGoldenFiles() {
        CliFixtures.Result r =
                run("inspect", GOLDEN.resolve("v2_delta_bss.parquet").toString(), "--pages");
        assertThat(r.status()).isZero();
        assertThat(r.out())
                .contains("created_by: parquet-cpp-arrow version 26.0.1")
                .contains("row groups: 3")
                .contains("i32: codec=UNCOMPRESSED encodings=[RLE, DELTA_BINARY_PACKED] values=400")
                .contains("min=-300 max=2493")
                .contains("DATA_PAGE_V2")
                .contains("encoding=BYTE_STREAM_SPLIT");
        CliFixtures.Result plain =
                run("inspect", GOLDEN.resolve("v1_snappy_dict.parquet").toString());
        assertThat(plain.out()).contains("str: codec=SNAPPY").doesNotContain("page @");
    }

    /**
     * A chunk's line names the footer fields that say how it was written: its pages by type and encoding,
     * the plain size of its strings, and the size of its page index.
     */
    @Test
    void inspectShowsEncodingStatsSizeStatisticsAndPageIndexOfAChunk() throws IOException {
        BinaryBatch s = new BinaryBatch();
        long[] id = new long[10];
        String[] words = {"a", "bb", "ccc"};
        for (int i = 0; i < id.length; i++) {
            byte[] v = words[i % 3].getBytes(StandardCharsets.UTF_8);
            s.append(v, 0, v.length);
            id[i] = i;
        }
        Path file = tmp.resolve("stats.parquet");
        try (ParquetFileWriter w = ParquetFileWriter.create(
                file,
                List.of(
                        ParquetColumn.flat("s", PhysicalType.BYTE_ARRAY, 0, false)
                                .withLogicalType(ParquetLogicalType.string()),
                        ParquetColumn.flat("id", PhysicalType.INT64, 0, false)),
                ParquetWriteOptions.defaults())) {
            w.write(new Object[] {s, id}, null, id.length);
        }
        String inspected = run("inspect", file.toString()).out();
        assertThat(inspected)
                .containsPattern("(?m)^  s: .* encoding_stats=\\[DICTIONARY_PAGE/PLAIN_DICTIONARYx1,"
                        + " DATA_PAGE/PLAIN_DICTIONARYx1\\] unencoded_bytes=19 column_index=\\d+B"
                        + " offset_index=\\d+B$")
                // ten distinct numbers in ten rows: the dictionary does not pay, the page is PLAIN
                .containsPattern("(?m)^  id: .* encoding_stats=\\[DATA_PAGE/PLAINx1\\] column_index=\\d+B"
                        + " offset_index=\\d+B$");
        // a file written without these fields (pyarrow 26 writes no page index by default) prints none of them
        assertThat(run("inspect", GOLDEN.resolve("v1_snappy_dict.parquet").toString())
                        .out())
                .doesNotContain("column_index=");
    }

    /**
     * {@code inspect --pages} reads page headers through a window, not the whole file: a golden file moved
     * past 2 GiB (a sparse file: a hole after the magic, the footer's offsets shifted by it) shows the same
     * chunks and pages, at offsets shifted by the hole.
     */
    @Test
    void inspectPagesOfAParquetFileBeyond2GiB() throws IOException {
        Path golden = GOLDEN.resolve("v2_delta_bss.parquet");
        byte[] file = Files.readAllBytes(golden);
        int footerLen = dev.colcodec.io.ByteIO.getIntLE(file, file.length - 8);
        int footerAt = file.length - 8 - footerLen;
        org.apache.parquet.format.FileMetaData fmd = org.apache.parquet.format.Util.readFileMetaData(
                new java.io.ByteArrayInputStream(file, footerAt, footerLen));
        long hole = (1L << 31) + 1000;
        for (org.apache.parquet.format.RowGroup g : fmd.getRow_groups()) {
            if (g.isSetFile_offset()) {
                g.setFile_offset(g.getFile_offset() + hole);
            }
            for (org.apache.parquet.format.ColumnChunk cc : g.getColumns()) {
                assertThat(cc.isSetColumn_index_offset() || cc.isSetOffset_index_offset())
                        .isFalse();
                cc.setFile_offset(cc.getFile_offset() + hole);
                org.apache.parquet.format.ColumnMetaData md = cc.getMeta_data();
                md.setData_page_offset(md.getData_page_offset() + hole);
                if (md.isSetDictionary_page_offset()) {
                    md.setDictionary_page_offset(md.getDictionary_page_offset() + hole);
                }
                if (md.isSetIndex_page_offset()) {
                    md.setIndex_page_offset(md.getIndex_page_offset() + hole);
                }
                if (md.isSetBloom_filter_offset()) {
                    md.setBloom_filter_offset(md.getBloom_filter_offset() + hole);
                }
            }
        }
        java.io.ByteArrayOutputStream footer = new java.io.ByteArrayOutputStream();
        org.apache.parquet.format.Util.writeFileMetaData(fmd, footer);
        Path far = tmp.resolve("far.parquet");
        try (java.io.RandomAccessFile raf = new java.io.RandomAccessFile(far.toFile(), "rw")) {
            raf.write(file, 0, 4);
            raf.seek(4 + hole);
            raf.write(file, 4, footerAt - 4);
            raf.write(footer.toByteArray());
            byte[] tail = new byte[8];
            dev.colcodec.io.ByteIO.putIntLE(tail, 0, footer.size());
            System.arraycopy(file, file.length - 4, tail, 4, 4);
            raf.write(tail);
        }
        try {
            CliFixtures.Result near = run("inspect", golden.toString(), "--pages");
            CliFixtures.Result moved = run("inspect", far.toString(), "--pages");
            assertThat(moved.status()).as(moved.err()).isZero();
            java.util.regex.Matcher m =
                    java.util.regex.Pattern.compile("page @(\\d+)").matcher(near.out());
            StringBuilder shifted = new StringBuilder();
            int pages = 0;
            while (m.find()) {
                m.appendReplacement(shifted, "page @" + (Long.parseLong(m.group(1)) + hole));
                pages++;
            }
            m.appendTail(shifted);
            assertThat(pages).isGreaterThan(3);
            assertThat(moved.out()).isEqualTo(shifted.toString());
        } finally {
            Files.delete(far);
        }
    }

    @Test
    void inspectShowsTsFileDevicesChunkGroupsAndPages() throws IOException {
        CliFixtures.Result r = run("inspect", CliFixtures.tsfile(tmp).toString(), "--pages");
        assertThat(r.status()).isZero();
        assertThat(r.out())
                .contains("table t:")
                .contains("v: DOUBLE FIELD encoding=GORILLA codec=LZ4_RAW")
                .contains("device t.d1:")
                .contains("(time): count=3 time=[10,30]")
                .contains("v: count=2 time=[10,20]")
                .contains("chunk groups: 2")
                .contains("device t.d2: 3 chunks")
                .contains("s: STRING encoding=PLAIN codec=SNAPPY")
                .containsPattern("v: DOUBLE encoding=GORILLA codec=LZ4_RAW bytes=\\d+ pages=1 count=2 time=\\[10,20\\]")
                .contains("page @");
    }

    @Test
    void parquetRewriteChangesCodecEncodingAndPageVersionAndKeepsValues() throws IOException {
        Path in = GOLDEN.resolve("v2_delta_bss.parquet");
        Path out = tmp.resolve("r.parquet");
        CliFixtures.Result r = run(
                "rewrite",
                in.toString(),
                out.toString(),
                "--codec",
                "zstd",
                "--encoding",
                "i64=DELTA_BINARY_PACKED",
                "--encoding",
                "f32=BYTE_STREAM_SPLIT",
                "--page-version",
                "1");
        assertThat(r.status()).as(r.err()).isZero();
        assertSameParquetValues(in, out);
        String inspect = run("inspect", out.toString(), "--pages").out();
        assertThat(inspect)
                // V1 pages list their level encodings, as parquet-java's do: RLE definition levels, and
                // BIT_PACKED for the absent repetition levels
                .contains("i64: codec=ZSTD encodings=[RLE, BIT_PACKED, DELTA_BINARY_PACKED]")
                .contains("f32: codec=ZSTD encodings=[RLE, BIT_PACKED, BYTE_STREAM_SPLIT]")
                .contains(" DATA_PAGE ")
                .doesNotContain("DATA_PAGE_V2");
    }

    @Test
    void parquetRewriteWithAdvicePrintsAndUsesTheChosenEncodings() throws IOException {
        Path in = CliFixtures.sensors(tmp, Compression.SNAPPY);
        Path out = tmp.resolve("advised.parquet");
        CliFixtures.Result r =
                run("rewrite", in.toString(), out.toString(), "--advise", "smallest", "--page-version", "2");
        assertThat(r.status()).as(r.err()).isZero();
        // one line per column; sorted timestamps get a delta encoding, the constant column almost no bytes
        assertThat(r.outLines()).hasSize(5);
        assertThat(r.out()).containsPattern("(?m)^ts: DELTA_(BINARY_PACKED|BYTE_ARRAY) \\+ SNAPPY");
        assertThat(r.out()).containsPattern("(?m)^count: (RLE_DICTIONARY|DELTA_BINARY_PACKED) \\+ SNAPPY");
        assertSameParquetValues(in, out);
        String tsEncoding = r.outLines().get(0).split(" ")[1];
        assertThat(run("inspect", out.toString()).out())
                .containsPattern("(?m)^  ts: codec=SNAPPY encodings=\\[.*" + tsEncoding + ".*\\]");
    }

    @Test
    void tsFileRewriteChangesCodecAndEncodingsAndKeepsValues() throws IOException {
        Path in = CliFixtures.tsfile(tmp);
        Path out = tmp.resolve("r.tsfile");
        CliFixtures.Result r = run(
                "rewrite",
                in.toString(),
                out.toString(),
                "--codec",
                "ZSTD",
                "--encoding",
                "v=CHIMP",
                "--encoding",
                "time=GORILLA");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(run("dump", out.toString()).out())
                .isEqualTo(run("dump", in.toString()).out());
        assertThat(run("inspect", out.toString()).out())
                .contains("v: DOUBLE FIELD encoding=CHIMP codec=ZSTD")
                .contains("(time): VECTOR encoding=GORILLA codec=ZSTD")
                .contains("s: STRING encoding=PLAIN codec=ZSTD");

        Path advised = tmp.resolve("a.tsfile");
        CliFixtures.Result a = run("rewrite", in.toString(), advised.toString(), "--advise", "balanced");
        assertThat(a.status()).as(a.err()).isZero();
        assertThat(a.outLines())
                .hasSize(3)
                .anyMatch(l -> l.startsWith("time: "))
                .anyMatch(l -> l.startsWith("v: "));
        assertThat(run("dump", advised.toString()).out())
                .isEqualTo(run("dump", in.toString()).out());
    }

    @Test
    void convertRoundTripsParquetThroughTsFile() throws IOException {
        Path in = CliFixtures.sensors(tmp, Compression.UNCOMPRESSED);
        Path ts = tmp.resolve("s.tsfile");
        Path back = tmp.resolve("back.parquet");
        CliFixtures.Result r = run(
                "convert",
                in.toString(),
                ts.toString(),
                "--time",
                "ts",
                "--tags",
                "site",
                "--encoding",
                "temp=CHIMP",
                "--codec",
                "zstd");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(run("inspect", ts.toString()).out())
                .contains("site: STRING TAG")
                .contains("temp: DOUBLE FIELD encoding=CHIMP codec=ZSTD")
                .contains("count: INT32 FIELD encoding=TS_2DIFF")
                .contains("device sensors.site-c:");
        CliFixtures.Result r2 = run("convert", ts.toString(), back.toString(), "--time", "ts");
        assertThat(r2.status()).as(r2.err()).isZero();
        // rows are grouped by device and ordered by time already, so the round trip keeps their order
        assertThat(run("dump", back.toString()).out())
                .isEqualTo(run("dump", in.toString()).out());
    }

    /**
     * Lists of pyarrow's files as dump prints them: an empty list is {@code []} whether its elements are
     * required or optional and whether the list itself is, a null list is an empty field (or {@code null}
     * inside another list), and a list of lists keeps its nesting.
     */
    @Test
    void dumpRendersEmptyNullAndNestedLists() throws IOException {
        assertThat(run("dump", GOLDEN.resolve("lists.parquet").toString()).outLines())
                .containsExactly(
                        "req_elem.list.element,opt_elem.list.element,req_list_req_elem.list.element",
                        "\"[1, 2]\",\"[1, null]\",[1]",
                        "[],[],[]",
                        ",,\"[2, 3]\"",
                        "[3],[3],[4]");
        CliFixtures.Result empty =
                run("inspect", GOLDEN.resolve("empty_table.parquet").toString(), "--pages");
        assertThat(empty.status()).as(empty.err()).isZero();
        assertThat(run("dump", GOLDEN.resolve("empty_table.parquet").toString()).outLines())
                .containsExactly("a,s");
        assertThat(run("dump", GOLDEN.resolve("nested_lists.parquet").toString())
                        .outLines())
                .containsExactly(
                        "s.l.list.element,ll.list.element.list.element",
                        "[1],\"[[1, 2], [3]]\"",
                        ",\"[[], null]\"",
                        "[],[]",
                        ",");
    }

    /**
     * A string element of a list is quoted with its quotes and backslashes escaped, and an empty binary
     * element is {@code ""}: rows that differ print differently ({@code ["a\", \"b"]} is one element,
     * {@code [""]} a list of one).
     */
    @Test
    void dumpTellsListElementsApart() throws IOException {
        org.apache.parquet.schema.MessageType schema = org.apache.parquet.schema.MessageTypeParser.parseMessageType(
                "message m { optional group ls (LIST) { repeated group list { optional binary element (STRING); } }"
                        + " optional group lb (LIST) { repeated group list { optional binary element; } } }");
        Path p = tmp.resolve("elements.parquet");
        try (org.apache.parquet.hadoop.ParquetWriter<org.apache.parquet.example.data.Group> w =
                org.apache.parquet.hadoop.example.ExampleParquetWriter.builder(
                                new org.apache.parquet.io.LocalOutputFile(p))
                        .withConf(new org.apache.parquet.conf.PlainParquetConfiguration())
                        .withType(schema)
                        .build()) {
            org.apache.parquet.example.data.simple.SimpleGroupFactory f =
                    new org.apache.parquet.example.data.simple.SimpleGroupFactory(schema);
            org.apache.parquet.example.data.Group one = f.newGroup();
            one.addGroup("ls").addGroup("list").append("element", "a\", \"b\\");
            one.addGroup("lb").addGroup("list").append("element", org.apache.parquet.io.api.Binary.EMPTY);
            w.write(one);
            org.apache.parquet.example.data.Group two = f.newGroup();
            org.apache.parquet.example.data.Group ls = two.addGroup("ls");
            ls.addGroup("list").append("element", "a");
            ls.addGroup("list").append("element", "b\\");
            two.addGroup("lb");
            w.write(two);
        }
        assertThat(run("dump", p.toString()).outLines())
                .containsExactly(
                        "ls.list.element,lb.list.element",
                        "\"[\"\"a\\\"\", \\\"\"b\\\\\"\"]\",\"[\"\"\"\"]\"",
                        "\"[\"\"a\"\", \"\"b\\\\\"\"]\",[]");
    }

    @Test
    void convertRoundTripsAGoldenFileUpToRowOrder() throws IOException {
        Path in = GOLDEN.resolve("v2_delta_bss.parquet");
        Path ts = tmp.resolve("g.tsfile");
        Path back = tmp.resolve("g.parquet");
        assertThat(run("convert", in.toString(), ts.toString(), "--time", "i32", "--tags", "str")
                        .status())
                .isZero();
        assertThat(run("convert", ts.toString(), back.toString(), "--time", "i32")
                        .status())
                .isZero();
        List<String> original = new ArrayList<>(run("dump", in.toString(), "--columns", "i32,str,i64,f32,f64,fixed")
                .outLines());
        List<String> converted = new ArrayList<>(run("dump", back.toString()).outLines());
        assertThat(converted.get(0)).isEqualTo(original.get(0));
        assertThat(converted).hasSize(1001).containsExactlyInAnyOrderElementsOf(original);
    }

    @Test
    void adviseOnAnEmptyTableSizesTheEncodingsWithoutTimingThem() {
        CliFixtures.Result r =
                run("advise", GOLDEN.resolve("empty_table.parquet").toString(), "--policy", "fastest");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("0 values sampled").contains("not timed").doesNotContain("Infinity");
        assertThat(r.outLines().stream().filter(l -> l.contains("recommended (fastest): ")))
                .isNotEmpty()
                .noneMatch(l -> l.endsWith(": none"));
    }

    @Test
    void advisePrintsCandidatesAndARecommendationPerColumn() throws IOException {
        Path in = CliFixtures.sensors(tmp, Compression.UNCOMPRESSED);
        CliFixtures.Result r = run("advise", in.toString(), "--policy", "smallest", "--sample", "1000");
        assertThat(r.status()).as(r.err()).isZero();
        List<String> recommendations =
                r.outLines().stream().filter(l -> l.contains("recommended")).toList();
        assertThat(recommendations).hasSize(5);
        assertThat(r.out()).contains("column ts (INT64, 1000 values sampled):").contains("PARQUET PLAIN + ZSTD");
        String ts = recommendations.get(0);
        String count = recommendations.get(3);
        // RLBE is TsFile's delta encoding with run-length coded bit widths
        assertThat(ts).containsAnyOf("DELTA_BINARY_PACKED", "TS_2DIFF", "RLBE");
        assertThat(count).containsAnyOf(" RLE", "DICTIONARY");

        CliFixtures.Result all = run("advise", CliFixtures.tsfile(tmp).toString());
        assertThat(all.status()).isZero();
        assertThat(all.out())
                .contains("column time (INT64")
                .contains("column v (DOUBLE")
                .contains("column s (BINARY");
        assertThat(all.outLines().stream()
                        .filter(l -> l.contains("recommended ("))
                        .count())
                .isEqualTo(9);
    }

    @Test
    void badFilesGiveOneLineAndStatusOne() throws IOException {
        Path missing = tmp.resolve("missing.parquet");
        assertOneLineError(run("inspect", missing.toString()), 1, "colcodec: no such file: ");

        Path garbage = tmp.resolve("garbage.bin");
        Files.write(garbage, new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        assertOneLineError(run("dump", garbage.toString()), 1, "colcodec: corrupt input at offset 0: expected ");

        byte[] golden = Files.readAllBytes(GOLDEN.resolve("v2_zstd_dict.parquet"));
        Path truncated = tmp.resolve("truncated.parquet");
        Files.write(truncated, java.util.Arrays.copyOf(golden, golden.length / 2));
        assertOneLineError(run("inspect", truncated.toString()), 1, "colcodec: corrupt input at offset ");

        byte[] ts = Files.readAllBytes(CliFixtures.tsfile(tmp));
        Path truncatedTs = tmp.resolve("truncated.tsfile");
        Files.write(truncatedTs, java.util.Arrays.copyOf(ts, ts.length - 3));
        assertOneLineError(run("dump", truncatedTs.toString()), 1, "colcodec: corrupt input at offset ");
    }

    /**
     * pyarrow's BROTLI file is dumped as its SNAPPY twin is, and rewritten with ZSTD (colcodec writes no
     * BROTLI) with a note.
     */
    @Test
    void brotliFilesAreReadAndRewrittenWithZstd() throws IOException {
        Path in = GOLDEN.resolve("v2_brotli_plain.parquet");
        Path out = tmp.resolve("from_brotli.parquet");
        CliFixtures.Result r = run("rewrite", in.toString(), out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("note: colcodec writes no BROTLI; the pages are written with ZSTD");
        try (ParquetFileReader reader = ParquetFileReader.open(out)) {
            assertThat(reader.compression(0, 0)).isEqualTo(Compression.ZSTD);
        }
        String dumped = run("dump", in.toString()).out();
        assertThat(dumped.lines().count()).isEqualTo(1001);
        assertThat(run("dump", out.toString()).out()).isEqualTo(dumped);
        assertThat(run("dump", GOLDEN.resolve("v1_brotli_dict.parquet").toString(), "--columns", "i32,str,flag")
                        .out())
                .isEqualTo(run("dump", GOLDEN.resolve("v1_snappy_dict.parquet").toString(), "--columns", "i32,str,flag")
                        .out());
    }

    /**
     * The {@code ARROW:schema} pyarrow 26.0.1 writes for {@code s: dictionary<string>, t: string, id: int64}
     * ({@code pq.write_table(pa.table({'s': pa.array(['a', 'b']).dictionary_encode(), 't': pa.array(['x',
     * 'y']), 'id': pa.array([1, 2], pa.int64())}), f)}).
     */
    static final String ARROW_SCHEMA_S_DICTIONARY = "//////gAAAAQAAAAAAAKAAwABgAFAAgACgAAAAABBAAEAAAAVP///wQAAAAD"
            + "AAAAfAAAAEQAAAAEAAAA1P///wAAAQIQAAAAFAAAAAQAAAAAAAAAAgAAAGlkAAB8////AAAAAUAAAAAQABQACAAGAAcADAAAABAAEA"
            + "AAAAAAAQUQAAAAFAAAAAQAAAAAAAAAAQAAAHQAAACk////EAAYAAgABgAHAAwAEAAUABAAAAAAAAEFFAAAAEAAAAAcAAAABAAAAAAA"
            + "AAABAAAAcwAAAAgACAAAAAQACAAAAAwAAAAIAAwACAAHAAgAAAAAAAABIAAAAAQABAAEAAAAAAAAAA==";

    /**
     * A V2 rewrite of a file from Arrow lets the dictionaries of the columns of dictionary type in its
     * Arrow schema fall back to PLAIN, which Arrow reads into dictionary types, not to DELTA_BYTE_ARRAY,
     * which it does not; its other string columns, and a file without an Arrow schema, keep parquet-java's
     * V2 default. The advisor is not let to choose DELTA pages for such a column, and an explicit choice of
     * them gets a note.
     */
    @Test
    void aV2RewriteOfAnArrowFileFallsBackToPlainForItsDictionaryColumns() throws IOException {
        int rows = 60_000; // about 1.4 MB of distinct strings per column: the 1 MiB dictionaries overflow
        BinaryBatch s = new BinaryBatch();
        long[] id = new long[rows];
        for (int i = 0; i < rows; i++) {
            byte[] v = ("distinct string " + i).getBytes(StandardCharsets.UTF_8);
            s.append(v, 0, v.length);
            id[i] = i;
        }
        List<ParquetColumn> schema = List.of(
                ParquetColumn.flat("s", PhysicalType.BYTE_ARRAY, 0, false).withLogicalType(ParquetLogicalType.string()),
                ParquetColumn.flat("t", PhysicalType.BYTE_ARRAY, 0, false).withLogicalType(ParquetLogicalType.string()),
                ParquetColumn.flat("id", PhysicalType.INT64, 0, false));
        for (boolean arrow : new boolean[] {true, false}) {
            Path in = tmp.resolve("arrow-" + arrow + ".parquet");
            try (ParquetFileWriter w = ParquetFileWriter.create(
                    in,
                    schema,
                    ParquetWriteOptions.defaults()
                            .withKeyValueMetadata(
                                    arrow
                                            ? java.util.Map.of("ARROW:schema", ARROW_SCHEMA_S_DICTIONARY)
                                            : java.util.Map.of()))) {
                w.write(new Object[] {s, s, id}, null, rows);
            }
            Path out = tmp.resolve("arrow-" + arrow + "-v2.parquet");
            CliFixtures.Result r = run("rewrite", in.toString(), out.toString(), "--page-version", "2");
            assertThat(r.status()).as(r.err()).isZero();
            String inspected = run("inspect", out.toString()).out();
            if (arrow) {
                assertThat(r.out())
                        .isEqualTo(
                                "note: the dictionaries of s (of dictionary type in the file's Arrow schema) fall back to"
                                        + " PLAIN, as Arrow writes them (Arrow reads no DELTA_BYTE_ARRAY page into a dictionary"
                                        + " type)" + System.lineSeparator());
                // the dictionary overflows within the first page, so the chunk has none
                assertThat(inspected).contains("s: codec=UNCOMPRESSED encodings=[PLAIN]");
            } else {
                assertThat(r.out()).isEmpty();
                assertThat(inspected).contains("s: codec=UNCOMPRESSED encodings=[DELTA_BYTE_ARRAY]");
            }
            // the other columns keep the V2 defaults either way
            assertThat(inspected).contains("t: codec=UNCOMPRESSED encodings=[DELTA_BYTE_ARRAY]");
            assertThat(inspected).contains("id: codec=UNCOMPRESSED encodings=[DELTA_BINARY_PACKED]");
            assertSameParquetValues(in, out);
        }
        Path in = tmp.resolve("arrow-true.parquet");
        // the advisor's choice of DELTA pages for s is not taken; for t it is
        CliFixtures.Result advised = run(
                "rewrite",
                in.toString(),
                tmp.resolve("advised.parquet").toString(),
                "--page-version",
                "2",
                "--advise",
                "smallest");
        assertThat(advised.status()).as(advised.err()).isZero();
        assertThat(advised.out())
                .containsPattern(
                        "(?m)^s: writer default \\(the advisor chose DELTA_\\w+ \\+ UNCOMPRESSED.*, but the column is"
                                + " of dictionary type in the file's Arrow schema, which Arrow fills from dictionary and PLAIN"
                                + " pages only\\)$")
                .containsPattern("(?m)^t: DELTA_");
        assertThat(run("inspect", tmp.resolve("advised.parquet").toString()).out())
                .contains("s: codec=UNCOMPRESSED encodings=[PLAIN]");
        // an explicit choice is taken, with a note
        CliFixtures.Result given = run(
                "rewrite", in.toString(), tmp.resolve("given.parquet").toString(), "--encoding", "s=DELTA_BYTE_ARRAY");
        assertThat(given.status()).as(given.err()).isZero();
        assertThat(given.out())
                .isEqualTo("note: column s is of dictionary type in the file's Arrow schema, and Arrow reads no"
                        + " DELTA_BYTE_ARRAY page into it" + System.lineSeparator());
    }

    /**
     * A column whose damaged footer annotates it UNKNOWN (always null) while it holds values is corrupt
     * input to rewrite and convert, not the writer's refusal (found by the fuzzing's CLI harness, seed
     * cliDamaged:25001212).
     */
    @Test
    void valuesInAColumnAnnotatedAlwaysNullAreCorruptInput() throws IOException {
        Path good = tmp.resolve("values.parquet");
        try (ParquetFileWriter w = ParquetFileWriter.create(
                good,
                List.of(
                        ParquetColumn.flat("t", PhysicalType.INT64, 0, false),
                        ParquetColumn.flat("v", PhysicalType.INT32, 0, true)),
                ParquetWriteOptions.defaults())) {
            w.write(
                    new Object[] {new long[] {1, 2, 3}, new int[] {7, 8, 9}},
                    new boolean[][] {null, {true, false, true}},
                    3);
        }
        byte[] file = Files.readAllBytes(good);
        org.apache.parquet.format.FileMetaData fmd = dev.colcodec.format.parquet.ParquetTestFiles.footer(file);
        fmd.getSchema()
                .get(2)
                .setLogicalType(
                        org.apache.parquet.format.LogicalType.UNKNOWN(new org.apache.parquet.format.NullType()));
        Path bad = tmp.resolve("unknown.parquet");
        Files.write(bad, dev.colcodec.format.parquet.ParquetTestFiles.withFooter(file, fmd));
        long pageAt =
                fmd.getRow_groups().get(0).getColumns().get(1).getMeta_data().getData_page_offset();
        String error = "colcodec: corrupt input at offset " + pageAt
                + ": expected only nulls in column v, annotated UNKNOWN (always null); the page holds a value";
        assertOneLineError(
                run("rewrite", bad.toString(), tmp.resolve("r.parquet").toString()), 1, error);
        assertOneLineError(
                run("convert", bad.toString(), tmp.resolve("c.tsfile").toString(), "--time", "t"), 1, error);
        CliFixtures.Result dump = run("dump", bad.toString());
        assertThat(dump.status()).isEqualTo(1);
        assertThat(dump.errLines()).containsExactly(error);
        assertThat(dump.out()).isEqualTo("t,v\n"); // dump streams: the header row went out before the page
        assertThat(Files.exists(tmp.resolve("r.parquet"))).isFalse();
    }

    /**
     * A chunk compressed with LZO, which colcodec does not read, is corrupt input to colcodec, named in one
     * line (a damaged footer can say LZO as well as a real LZO file).
     */
    @Test
    void anLzoChunkIsNamedInOneLine() throws IOException {
        byte[] file = Files.readAllBytes(GOLDEN.resolve("v2_gzip_plain.parquet"));
        org.apache.parquet.format.FileMetaData fmd = dev.colcodec.format.parquet.ParquetTestFiles.footer(file);
        for (org.apache.parquet.format.RowGroup g : fmd.getRow_groups()) {
            g.getColumns().get(1).getMeta_data().setCodec(org.apache.parquet.format.CompressionCodec.LZO);
        }
        Path lzo = tmp.resolve("lzo.parquet");
        Files.write(lzo, dev.colcodec.format.parquet.ParquetTestFiles.withFooter(file, fmd));
        CliFixtures.Result dumped = run("dump", lzo.toString());
        assertThat(dumped.status()).isEqualTo(1);
        assertThat(dumped.errLines())
                .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .matches("colcodec: corrupt input at offset \\d+: expected a compression codec colcodec reads \\(column"
                        + " i64 of row group 0 is LZO-compressed, which colcodec does not read\\)");
        CliFixtures.Result inspected = run("inspect", lzo.toString());
        assertThat(inspected.status()).as(inspected.err()).isZero();
        assertThat(inspected.out()).contains("codec=LZO");
    }

    @Test
    void damagedFilesNeverEscapeAsStackTraces() throws IOException {
        byte[] parquet = Files.readAllBytes(GOLDEN.resolve("v2_gzip_plain.parquet"));
        byte[] tsfile = Files.readAllBytes(CliFixtures.tsfile(tmp));
        java.util.Random random = new java.util.Random(42);
        Path damaged = tmp.resolve("damaged");
        for (int i = 0; i < 60; i++) {
            byte[] src = i % 2 == 0 ? parquet : tsfile;
            byte[] b = src.clone();
            if (i % 3 == 0) {
                b = java.util.Arrays.copyOf(b, 8 + random.nextInt(b.length - 8));
            } else {
                for (int k = 0; k < 4; k++) {
                    int at = 8 + random.nextInt(b.length - 16);
                    b[at] ^= (byte) (1 + random.nextInt(255));
                }
            }
            Files.write(damaged, b);
            for (String command : new String[] {"inspect", "dump"}) {
                CliFixtures.Result r = run(command, damaged.toString());
                assertThat(r.status()).as(r.err()).isIn(0, 1);
                assertThat(r.errLines()).hasSize(r.status() == 0 ? 0 : 1);
                assertThat(r.err()).doesNotContain("\tat ").doesNotContain("Exception");
            }
        }
    }

    @Test
    void inspectKeepsATextBoundOnOneLine() {
        assertThat(InspectCommand.text("plain".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("plain");
        assertThat(InspectCommand.text("a,b".getBytes(StandardCharsets.UTF_8))).isEqualTo("\"a,b\"");
        assertThat(InspectCommand.text("l1\nl2\r\t\u0001\"\\".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("\"l1\\nl2\\r\\t\\u0001\"\"\\\\\"");
        // a backslash and an n are not a line break
        assertThat(InspectCommand.text("x\\n,".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("\"x\\\\n,\"");
        assertThat(InspectCommand.text("x\n,".getBytes(StandardCharsets.UTF_8))).isEqualTo("\"x\\n,\"");
    }

    @Test
    void inspectShowsTheFirstBytesOfALongBinaryStatistic() throws IOException {
        // 'a' then 2-byte characters: byte 64 continues a character, so the text stops before it
        String longText = "a" + "\u00e9".repeat(3000);
        byte[] b = longText.getBytes(StandardCharsets.UTF_8);
        assertThat(InspectCommand.shown(b, true)).isEqualTo("a" + "\u00e9".repeat(31) + "...(6001 bytes)");
        assertThat(InspectCommand.shown(java.util.Arrays.copyOf(b, 63), true)).isEqualTo("a" + "\u00e9".repeat(31));
        assertThat(InspectCommand.shown(new byte[65], false)).isEqualTo("00".repeat(64) + "...(65 bytes)");
        assertThat(InspectCommand.shown(new byte[64], false)).isEqualTo("00".repeat(64));

        TsTableSchema schema = new TsTableSchema(
                "t",
                List.of(
                        CliFixtures.tag("dev", Compression.UNCOMPRESSED),
                        new TsTableSchema.Column(
                                "s",
                                TsDataType.STRING,
                                TsEncoding.PLAIN,
                                Compression.UNCOMPRESSED,
                                TsTableSchema.Category.FIELD)));
        Path f = tmp.resolve("long-text.tsfile");
        int rows = 30;
        long[] times = new long[rows];
        byte[][] values = new byte[rows][];
        for (int i = 0; i < rows; i++) {
            times[i] = i;
            values[i] = (i + longText).getBytes(StandardCharsets.UTF_8);
        }
        try (TsFileWriter w = TsFileWriter.create(f, List.of(schema), new TsFileWriter.Options())) {
            w.write(new TsTablet(schema).device("d").times(times, rows).binaries("s", values, null));
        }
        CliFixtures.Result r = run("inspect", f.toString(), "--pages");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("page @").contains("...(6002 bytes)").contains("...(6003 bytes)");
        assertThat(r.out().lines()).allSatisfy(line -> assertThat(line.length()).isLessThan(1000));
    }

    @Test
    void badUsageGivesOneLineAndStatusTwo() throws IOException {
        Path file = CliFixtures.awkward(tmp);
        assertOneLineError(run("frobnicate", file.toString()), 2, "colcodec: unknown command 'frobnicate'");
        assertOneLineError(run("dump", file.toString(), "--bogus"), 2, "colcodec: dump: unknown option --bogus");
        assertOneLineError(run("dump", file.toString(), "--limit", "x"), 2, "colcodec: dump: --limit needs");
        assertOneLineError(run("dump", file.toString(), "--columns", "nope"), 2, "colcodec: dump: no column nope");
        assertOneLineError(run("rewrite", file.toString()), 2, "colcodec: rewrite: expected IN OUT");
        assertOneLineError(
                run("rewrite", file.toString(), tmp.resolve("o").toString(), "--codec", "lzo"),
                2,
                "colcodec: unknown codec 'lzo'");
        assertOneLineError(
                run("rewrite", file.toString(), tmp.resolve("o").toString(), "--codec", "brotli"),
                2,
                "colcodec: PARQUET files cannot be written with BROTLI");
        assertOneLineError(
                run("convert", file.toString(), tmp.resolve("o").toString()), 2, "colcodec: convert: a Parquet input");
        // the output is always the other format: a name saying the input's format is refused
        assertOneLineError(
                run("convert", file.toString(), tmp.resolve("o.PARQUET").toString(), "--time", "id"),
                2,
                "colcodec: convert: IN is Parquet, so OUT is written as TsFile, but its name o.PARQUET says Parquet");
        assertThat(tmp.resolve("o.PARQUET")).doesNotExist();
        CliFixtures.Result codecs =
                run("rewrite", file.toString(), tmp.resolve("o").toString(), "--codec", "lzo");
        assertThat(codecs.err()).contains("PARQUET codecs: UNCOMPRESSED, ").doesNotContain("BROTLI", "LZ4_HADOOP");
        // a directory is named as one, for an input and for the library's readers
        Path dir = Files.createDirectories(tmp.resolve("a-dir"));
        assertOneLineError(
                run("inspect", dir.toString()), 1, "colcodec: I/O error: " + dir + ": a directory, not a file");
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> dev.colcodec.format.parquet.ParquetFileReader.open(dir))
                .isInstanceOf(java.nio.file.FileSystemException.class)
                .hasMessage(dir + ": a directory, not a file");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> dev.colcodec.format.tsfile.TsFileReader.open(dir))
                .isInstanceOf(java.nio.file.FileSystemException.class)
                .hasMessage(dir + ": a directory, not a file");
        assertOneLineError(run("advise", file.toString(), "--policy", "cheapest"), 2, "colcodec: unknown policy");
        assertOneLineError(
                run("rewrite", file.toString(), tmp.resolve("o").toString(), "--encoding", "id=DELTA_BYTE_ARRAY"),
                2,
                "colcodec: rewrite: Parquet encoding DELTA_BYTE_ARRAY cannot hold INT32 values");
        assertOneLineError(
                run(
                        "rewrite",
                        CliFixtures.tsfile(tmp).toString(),
                        tmp.resolve("o").toString(),
                        "--encoding",
                        "v=DICTIONARY"),
                2,
                "colcodec: rewrite: TsFile encoding DICTIONARY cannot hold DOUBLE values");
        assertThat(Files.exists(tmp.resolve("o"))).isFalse();

        CliFixtures.Result help = run("--help");
        assertThat(help.status()).isZero();
        assertThat(help.out()).contains("inspect FILE [--pages]").contains("convert IN OUT");
        CliFixtures.Result none = run();
        assertThat(none.status()).isEqualTo(2);
        assertThat(none.err()).contains("usage: colcodec");
    }

    /** README's usage block is the commands' usage lines, as {@code --help} prints them. */
    @Test
    void readmeShowsEachCommandsUsageAsHelpPrintsIt() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        String help = run("--help").out();
        for (String usage : List.of(
                InspectCommand.USAGE,
                DumpCommand.USAGE,
                RewriteCommand.USAGE,
                ConvertCommand.USAGE,
                AdviseCommand.USAGE)) {
            assertThat(help).contains(usage);
            assertThat(readme).contains("java -jar file-format/target/colcodec-cli.jar " + usage + "\n");
        }
    }

    @Test
    void aFailedRewriteOrConvertLeavesAnExistingOutAlone() throws IOException {
        Path parquet = CliFixtures.awkward(tmp);
        Path tsfile = CliFixtures.tsfile(tmp);
        Path garbage = tmp.resolve("garbage.parquet");
        Files.write(garbage, "PAR1 not a parquet file PAR1".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Path out = tmp.resolve("kept.bin");
        byte[] kept = "the caller's bytes".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Files.write(out, kept);
        // refused options (the writer refuses the encoding), and an IN that cannot be read
        assertOneLineError(
                run("rewrite", parquet.toString(), out.toString(), "--encoding", "id=DELTA_BYTE_ARRAY"),
                2,
                "colcodec:");
        assertThat(Files.readAllBytes(out)).isEqualTo(kept);
        assertOneLineError(
                run("rewrite", tsfile.toString(), out.toString(), "--encoding", "v=DICTIONARY"), 2, "colcodec:");
        assertThat(Files.readAllBytes(out)).isEqualTo(kept);
        assertOneLineError(run("rewrite", garbage.toString(), out.toString()), 1, "colcodec: corrupt input");
        assertThat(Files.readAllBytes(out)).isEqualTo(kept);
        assertOneLineError(
                run("convert", garbage.toString(), out.toString(), "--time", "t"), 1, "colcodec: corrupt input");
        assertThat(Files.readAllBytes(out)).isEqualTo(kept);
        // a failure found while writing (a time repeated for a device) leaves OUT as it was too: the
        // output goes to a new file beside OUT, which replaces OUT only when the command succeeds
        Path repeated = tmp.resolve("repeated.parquet");
        try (ParquetFileWriter w = ParquetFileWriter.create(
                repeated,
                List.of(
                        ParquetColumn.flat("t", PhysicalType.INT64, 0, false),
                        ParquetColumn.flat("v", PhysicalType.DOUBLE, 0, false)),
                ParquetWriteOptions.defaults())) {
            w.write(new Object[] {new long[] {2, 1, 2}, new double[] {1, 2, 3}}, null, 3);
        }
        assertOneLineError(
                run("convert", repeated.toString(), out.toString(), "--time", "t"), 1, "colcodec: time 2 occurs twice");
        assertThat(Files.readAllBytes(out)).isEqualTo(kept);
        // an OUT that is a directory is refused, and the directory stays
        Path dir = Files.createDirectory(tmp.resolve("out-dir"));
        assertOneLineError(
                run("rewrite", parquet.toString(), dir.toString()), 2, "colcodec: rewrite: OUT is a directory: " + dir);
        assertThat(dir).isDirectory();
        // an OUT in a missing directory is a usage mistake, said in one line
        assertOneLineError(
                run("rewrite", parquet.toString(), tmp.resolve("no/such/dir/o").toString()),
                2,
                "colcodec: rewrite: OUT's directory does not exist: "
                        + tmp.resolve("no/such/dir").toAbsolutePath());
        // a command's --help prints its usage line
        CliFixtures.Result help = run("rewrite", "--help");
        assertThat(help.status()).isZero();
        assertThat(help.outLines()).containsExactly("usage: colcodec [--verbose] " + RewriteCommand.USAGE);
        assertThat(help.err()).isEmpty();
    }

    /** A Parquet file of unsigned, half-float, JSON and TIME columns with a time column t. */
    private Path logicalTypes(long u64) throws IOException {
        Path p = tmp.resolve("logical-" + Long.toUnsignedString(u64) + ".parquet");
        BinaryBatch halves = new BinaryBatch();
        // 1.5, -2.0, +Inf
        for (int h : new int[] {0x3E00, 0xC000, 0x7C00}) {
            halves.append(new byte[] {(byte) h, (byte) (h >>> 8)}, 0, 2);
        }
        try (ParquetFileWriter w = ParquetFileWriter.create(
                p,
                List.of(
                        ParquetColumn.flat("t", PhysicalType.INT64, 0, false),
                        ParquetColumn.flat("u32", PhysicalType.INT32, 0, false)
                                .withLogicalType(ParquetLogicalType.integer(32, false)),
                        ParquetColumn.flat("u64", PhysicalType.INT64, 0, false)
                                .withLogicalType(ParquetLogicalType.integer(64, false)),
                        ParquetColumn.flat("f16", PhysicalType.FIXED_LEN_BYTE_ARRAY, 2, false)
                                .withLogicalType(ParquetLogicalType.float16()),
                        ParquetColumn.flat("js", PhysicalType.BYTE_ARRAY, 0, false)
                                .withLogicalType(ParquetLogicalType.json()),
                        ParquetColumn.flat("tod", PhysicalType.INT32, 0, false)
                                .withLogicalType(ParquetLogicalType.time(ParquetLogicalType.Unit.MILLIS, false))),
                ParquetWriteOptions.defaults())) {
            w.write(
                    new Object[] {
                        new long[] {1, 2, 3},
                        new int[] {-1, 7, Integer.MIN_VALUE},
                        new long[] {u64, 5, Long.MAX_VALUE},
                        halves,
                        CliFixtures.binaries("[1]", "{}", "null"),
                        new int[] {0, 1000, 86_399_999}
                    },
                    null,
                    3);
        }
        return p;
    }

    @Test
    void rewriteKeepsLogicalTypesAndDumpShowsUnsignedHalfFloatAndJsonValues() throws IOException {
        Path in = logicalTypes(-1L);
        CliFixtures.Result dump = run("dump", in.toString());
        assertThat(dump.status()).as(dump.err()).isZero();
        assertThat(dump.outLines())
                .containsExactly(
                        "t,u32,u64,f16,js,tod",
                        "1,4294967295,18446744073709551615,1.5,[1],0",
                        "2,7,5,-2.0,{},1000",
                        "3,2147483648,9223372036854775807,Infinity,null,86399999");
        Path out = tmp.resolve("logical-rewritten.parquet");
        CliFixtures.Result r = run("rewrite", in.toString(), out.toString(), "--codec", "ZSTD");
        assertThat(r.status()).as(r.err()).isZero();
        try (ParquetFileReader a = ParquetFileReader.open(in);
                ParquetFileReader b = ParquetFileReader.open(out)) {
            assertThat(b.columns()).isEqualTo(a.columns());
            assertThat(b.order(2)).isEqualTo(dev.colcodec.format.parquet.ColumnStatistics.Order.UNSIGNED_INTEGER);
        }
        assertThat(run("dump", out.toString()).outLines()).isEqualTo(dump.outLines());
        CliFixtures.Result inspect = run("inspect", out.toString());
        assertThat(inspect.out())
                .contains(
                        "u32: INT32 INTEGER(32,unsigned)",
                        "tod: INT32 TIME(MILLIS,local)",
                        "f16: FIXED_LEN_BYTE_ARRAY(2) FLOAT16")
                .contains("max=18446744073709551615");
    }

    @Test
    void rewriteRefusesAnAnnotationItWouldDropAndInspectNamesIt() throws IOException {
        Path in = logicalTypes(3);
        byte[] file = Files.readAllBytes(in);
        org.apache.parquet.format.FileMetaData fmd = ParquetTestFiles.footer(file);
        org.apache.parquet.format.LogicalType geometry = new org.apache.parquet.format.LogicalType();
        geometry.setGEOMETRY(new org.apache.parquet.format.GeometryType());
        fmd.getSchema().get(5).setLogicalType(geometry);
        fmd.getSchema().get(5).unsetConverted_type();
        Path geo = tmp.resolve("geometry.parquet");
        Files.write(geo, ParquetTestFiles.withFooter(file, fmd));
        Path out = tmp.resolve("geometry-out.parquet");
        assertOneLineError(
                run("rewrite", geo.toString(), out.toString()),
                2,
                "colcodec: rewrite: column js has the annotation GEOMETRY, which colcodec does not write");
        assertThat(Files.exists(out)).isFalse();
        assertThat(run("inspect", geo.toString()).out()).contains("js: BYTE_ARRAY (annotation GEOMETRY, not read)");
    }

    @Test
    void convertWidensUnsignedAndHalfFloatsAndRefusesWhatTsFileCannotHold() throws IOException {
        Path ts = tmp.resolve("logical.tsfile");
        CliFixtures.Result r = run("convert", logicalTypes(9).toString(), ts.toString(), "--time", "t");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("note: column tod is TIME in Parquet, which TsFile cannot hold");
        try (TsFileReader read = TsFileReader.open(ts)) {
            dev.colcodec.format.tsfile.TsTableSchema schema = read.schema("logical-9");
            assertThat(schema.column("u32").type()).isEqualTo(dev.colcodec.tsfile.TsDataType.INT64);
            assertThat(schema.column("u64").type()).isEqualTo(dev.colcodec.tsfile.TsDataType.INT64);
            assertThat(schema.column("f16").type()).isEqualTo(dev.colcodec.tsfile.TsDataType.FLOAT);
            assertThat(schema.column("js").type()).isEqualTo(dev.colcodec.tsfile.TsDataType.STRING);
        }
        assertThat(run("dump", ts.toString()).outLines())
                .containsExactly(
                        "time,u32,u64,f16,js,tod",
                        "1,4294967295,9,1.5,[1],0",
                        "2,7,5,-2.0,{},1000",
                        "3,2147483648,9223372036854775807,Infinity,null,86399999");
        Path out = tmp.resolve("refused.tsfile");
        assertOneLineError(
                run("convert", logicalTypes(-1L).toString(), out.toString(), "--time", "t"),
                1,
                "colcodec: column u64 holds the unsigned 64-bit value 18446744073709551615 (row 0)");
        assertThat(Files.exists(out)).isFalse();
    }

    /**
     * A Parquet file whose devices come in time order from one row group to the next converts a row group
     * at a time (each row group's rows of a device are a chunk group), with what the whole file decides
     * decided first: a date TsFile's DATE cannot hold in the last row group keeps the column INT32 days in
     * every chunk group, with one note. Rows of a device that go back in time across row groups are
     * converted the whole file at once instead (a chunk group per device, its rows sorted); a null time
     * stamp is reported at its row of the file either way.
     */
    @Test
    void convertGoesRowGroupByRowGroupWhenEachDeviceIsInTimeOrder() throws IOException {
        int old = (int) java.time.LocalDate.of(999, 12, 31).toEpochDay();
        int day = (int) java.time.LocalDate.of(2024, 2, 29).toEpochDay();
        long[][] times = {{1, 1, 2, 2}, {3, 3, 4, 4}, {5, 5, 6, 6}};
        Path ordered = rowGroupsOfTwoSites(tmp.resolve("ordered.parquet"), times, old, null);
        Path ts = tmp.resolve("ordered.tsfile");
        CliFixtures.Result r = convertTwoSites(ordered, ts);
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.outLines())
                .containsExactly(
                        "note: column d has the date 0999-12-31, outside the years 1000 to 9999 of TsFile's DATE: its"
                                + " values are written as INT32 days since 1970-01-01",
                        "wrote TsFile table ordered: 12 rows, 2 devices");
        assertThat(run("inspect", ts.toString()).out()).contains("chunk groups: 6");
        try (TsFileReader read = TsFileReader.open(ts)) {
            assertThat(read.schema("ordered").column("d").type()).isEqualTo(TsDataType.INT32);
        }
        List<String> expected = new ArrayList<>();
        for (int g = 0; g < 3; g++) {
            for (int i = 0; i < 4; i++) {
                int row = 4 * g + i;
                String d = row == 7 ? "" : row == 8 ? Integer.toString(old) : Integer.toString(day + row);
                expected.add(times[g][i] + "," + (i % 2 == 0 ? "a" : "b") + "," + (row == 5 ? "" : 10 * row) + "," + d);
            }
        }
        assertThat(run("dump", ts.toString()).outLines()).first().isEqualTo("time,site,v,d");
        assertThat(run("dump", ts.toString()).outLines().subList(1, 13)).containsExactlyInAnyOrderElementsOf(expected);

        // site b goes back in time in the last row group: the whole file at once, a chunk group per device
        long[][] back = {{1, 1, 2, 2}, {3, 3, 4, 4}, {5, 0, 6, -1}};
        Path unordered = rowGroupsOfTwoSites(tmp.resolve("unordered.parquet"), back, day, null);
        Path ts2 = tmp.resolve("unordered.tsfile");
        CliFixtures.Result r2 = convertTwoSites(unordered, ts2);
        assertThat(r2.status()).as(r2.err()).isZero();
        assertThat(r2.outLines()).containsExactly("wrote TsFile table unordered: 12 rows, 2 devices");
        assertThat(run("inspect", ts2.toString()).out()).contains("chunk groups: 2");
        assertThat(run("dump", ts2.toString()).outLines())
                .containsExactly(
                        "time,site,v,d",
                        "1,a,0,20240229",
                        "2,a,20,20240302",
                        "3,a,40,20240304",
                        "4,a,60,20240306",
                        "5,a,80,20240229", // row 8: the date given for it
                        "6,a,100,20240310",
                        "-1,b,110,20240311",
                        "0,b,90,20240309",
                        "1,b,10,20240301",
                        "2,b,30,20240303",
                        "3,b,,20240305",
                        "4,b,70,");

        // site b has no v in the first row group but has later: tsfile 2.4.0 would read all of b's v as null
        // from a first chunk group without it, so the whole file at once, a chunk group per device
        Path sparse = rowGroupsOfTwoSites(tmp.resolve("sparse.parquet"), times, day, null, List.of(1, 3, 5));
        Path ts4 = tmp.resolve("sparse.tsfile");
        CliFixtures.Result r4 = convertTwoSites(sparse, ts4);
        assertThat(r4.status()).as(r4.err()).isZero();
        assertThat(run("inspect", ts4.toString()).out()).contains("chunk groups: 2");
        assertThat(run("dump", ts4.toString()).outLines())
                .containsExactly(
                        "time,site,v,d",
                        "1,a,0,20240229",
                        "2,a,20,20240302",
                        "3,a,40,20240304",
                        "4,a,60,20240306",
                        "5,a,80,20240229",
                        "6,a,100,20240310",
                        "1,b,,20240301",
                        "2,b,,20240303",
                        "3,b,,20240305",
                        "4,b,70,",
                        "5,b,90,20240309",
                        "6,b,110,20240311");
        // b without v in the middle row group, with v after it: tsfile 2.4.0's query of a time range that
        // starts in that group would read b's later v as null, so the whole file at once too
        Path middle = rowGroupsOfTwoSites(tmp.resolve("middle.parquet"), times, day, null, List.of(5, 7));
        Path ts6 = tmp.resolve("middle.tsfile");
        CliFixtures.Result r6 = convertTwoSites(middle, ts6);
        assertThat(r6.status()).as(r6.err()).isZero();
        assertThat(run("inspect", ts6.toString()).out()).contains("chunk groups: 2");
        // b without v in the last row group only: a row group at a time
        Path later = rowGroupsOfTwoSites(tmp.resolve("later.parquet"), times, day, null, List.of(9, 11));
        Path ts5 = tmp.resolve("later.tsfile");
        CliFixtures.Result r5 = convertTwoSites(later, ts5);
        assertThat(r5.status()).as(r5.err()).isZero();
        assertThat(run("inspect", ts5.toString()).out()).contains("chunk groups: 6");

        // a null time stamp in the last row group: reported at its row of the file, nothing written
        Path nullTime = rowGroupsOfTwoSites(tmp.resolve("null-time.parquet"), times, day, 9);
        Path ts3 = tmp.resolve("null-time.tsfile");
        assertOneLineError(convertTwoSites(nullTime, ts3), 1, "colcodec: the time column t is null at row 9");
        assertThat(Files.exists(ts3)).isFalse();
    }

    /**
     * TsFile names are lower case: convert writes a Parquet table and columns with upper-case letters in
     * lower case, with a note for each (tsfile 2.4.0 finds no rows of them otherwise), and refuses two
     * columns that would get one name.
     */
    @Test
    void convertWritesTsFileNamesInLowerCase() throws Exception {
        Path in = tmp.resolve("Sensors.parquet");
        BinaryBatch site = new BinaryBatch();
        for (String s : new String[] {"a", "b"}) {
            site.append(s.getBytes(StandardCharsets.UTF_8), 0, 1);
        }
        try (ParquetFileWriter w = ParquetFileWriter.create(
                in,
                List.of(
                        ParquetColumn.flat("Time", PhysicalType.INT64, 0, false),
                        ParquetColumn.flat("Site", PhysicalType.BYTE_ARRAY, 0, false)
                                .withLogicalType(ParquetLogicalType.string()),
                        ParquetColumn.flat("Temp", PhysicalType.INT64, 0, false),
                        ParquetColumn.flat("humidity", PhysicalType.INT64, 0, false)),
                ParquetWriteOptions.defaults())) {
            w.write(new Object[] {new long[] {1, 2}, site, new long[] {10, 20}, new long[] {5, 6}}, null, 2);
        }
        Path ts = tmp.resolve("sensors.tsfile");
        CliFixtures.Result r = run(
                "convert",
                in.toString(),
                ts.toString(),
                "--time",
                "Time",
                "--tags",
                "Site",
                "--encoding",
                "Temp=PLAIN");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.outLines())
                .containsExactly(
                        "note: the column Site is named site in the TsFile, whose names are lower case",
                        "note: the column Temp is named temp in the TsFile, whose names are lower case",
                        "note: the table Sensors is named sensors in the TsFile, whose names are lower case",
                        "wrote TsFile table sensors: 2 rows, 2 devices");
        List<String> rows = new ArrayList<>();
        try (org.apache.tsfile.read.v4.ITsFileReader tr = new org.apache.tsfile.read.v4.TsFileReaderBuilder()
                        .file(ts.toFile())
                        .build();
                org.apache.tsfile.read.query.dataset.ResultSet rs =
                        tr.query("sensors", List.of("site", "temp", "humidity"), Long.MIN_VALUE, Long.MAX_VALUE)) {
            while (rs.next()) {
                rows.add(rs.getLong(1) + "," + rs.getString(2) + "," + rs.getLong(3) + "," + rs.getLong(4));
            }
        }
        assertThat(rows).containsExactlyInAnyOrder("1,a,10,5", "2,b,20,6");
        assertThat(run("inspect", ts.toString()).out()).contains("temp: INT64 FIELD encoding=PLAIN");

        Path twice = tmp.resolve("twice.parquet");
        try (ParquetFileWriter w = ParquetFileWriter.create(
                twice,
                List.of(
                        ParquetColumn.flat("t", PhysicalType.INT64, 0, false),
                        ParquetColumn.flat("Temp", PhysicalType.INT64, 0, false),
                        ParquetColumn.flat("temp", PhysicalType.INT64, 0, false)),
                ParquetWriteOptions.defaults())) {
            w.write(new Object[] {new long[] {1}, new long[] {2}, new long[] {3}}, null, 1);
        }
        Path out = tmp.resolve("twice.tsfile");
        CliFixtures.Result refused = run("convert", twice.toString(), out.toString(), "--time", "t");
        assertThat(refused.status()).as(refused.err()).isEqualTo(2);
        assertThat(refused.err()).contains("convert: columns Temp and temp are both temp in a TsFile");
        assertThat(Files.exists(out)).isFalse();
    }

    /**
     * Three row groups of four rows (times {@code times[g]}) of sites a and b in turn: {@code v} = 10 x row
     * (null in row 5), {@code d} = 2024-02-29 + row as a DATE (null in row 7, {@code day8} in row 8), and
     * the time stamp of row {@code nullTimeRow} null (when given).
     */
    private static Path rowGroupsOfTwoSites(Path file, long[][] times, int day8, Integer nullTimeRow)
            throws IOException {
        return rowGroupsOfTwoSites(file, times, day8, nullTimeRow, List.of(5));
    }

    /** As above, {@code v} null in rows {@code vNulls}. */
    private static Path rowGroupsOfTwoSites(
            Path file, long[][] times, int day8, Integer nullTimeRow, List<Integer> vNulls) throws IOException {
        int day = (int) java.time.LocalDate.of(2024, 2, 29).toEpochDay();
        try (ParquetFileWriter w = ParquetFileWriter.create(
                file,
                List.of(
                        ParquetColumn.flat("t", PhysicalType.INT64, 0, nullTimeRow != null),
                        ParquetColumn.flat("site", PhysicalType.BYTE_ARRAY, 0, false)
                                .withLogicalType(ParquetLogicalType.string()),
                        ParquetColumn.flat("v", PhysicalType.INT64, 0, true),
                        ParquetColumn.flat("d", PhysicalType.INT32, 0, true)
                                .withLogicalType(ParquetLogicalType.date())),
                ParquetWriteOptions.defaults())) {
            for (int g = 0; g < times.length; g++) {
                BinaryBatch site = new BinaryBatch();
                long[] v = new long[4];
                int[] d = new int[4];
                boolean[] tNull = new boolean[4];
                boolean[] vNull = new boolean[4];
                boolean[] dNull = new boolean[4];
                for (int i = 0; i < 4; i++) {
                    int row = 4 * g + i;
                    byte[] s = (i % 2 == 0 ? "a" : "b").getBytes(StandardCharsets.UTF_8);
                    site.append(s, 0, s.length);
                    v[i] = 10L * row;
                    d[i] = row == 8 ? day8 : day + row;
                    tNull[i] = nullTimeRow != null && row == nullTimeRow;
                    vNull[i] = vNulls.contains(row);
                    dNull[i] = row == 7;
                }
                w.write(
                        new Object[] {times[g].clone(), site, v, d},
                        new boolean[][] {nullTimeRow != null ? tNull : null, null, vNull, dNull},
                        4);
                w.flushRowGroup();
            }
        }
        return file;
    }

    /**
     * Dates and time stamps keep their meaning through convert: Parquet DATE (days) becomes TsFile DATE
     * (yyyyMMdd) and comes back as DATE; TIMESTAMP(MICROS) and (NANOS) are not relabelled as TsFile's
     * millisecond time stamps but stay INT64 numbers, with a note, as does a date TsFile's DATE cannot hold.
     */
    @Test
    void convertKeepsWhatDatesAndTimeStampsMean() throws IOException {
        Path in = tmp.resolve("dates.parquet");
        int day = (int) java.time.LocalDate.of(2024, 2, 29).toEpochDay();
        try (ParquetFileWriter w = ParquetFileWriter.create(
                in,
                List.of(
                        ParquetColumn.flat("t", PhysicalType.INT64, 0, false),
                        ParquetColumn.flat("d", PhysicalType.INT32, 0, true).withLogicalType(ParquetLogicalType.date()),
                        ParquetColumn.flat("old", PhysicalType.INT32, 0, false)
                                .withLogicalType(ParquetLogicalType.date()),
                        ParquetColumn.flat("us", PhysicalType.INT64, 0, false)
                                .withLogicalType(ParquetLogicalType.timestamp(ParquetLogicalType.Unit.MICROS, true)),
                        ParquetColumn.flat("ns", PhysicalType.INT64, 0, false)
                                .withLogicalType(ParquetLogicalType.timestamp(ParquetLogicalType.Unit.NANOS, true)),
                        ParquetColumn.flat("ms", PhysicalType.INT64, 0, false)
                                .withLogicalType(ParquetLogicalType.timestamp(ParquetLogicalType.Unit.MILLIS, false))),
                ParquetWriteOptions.defaults())) {
            w.write(
                    new Object[] {
                        new long[] {1, 2},
                        new int[] {day, 0},
                        new int[] {0, (int) java.time.LocalDate.of(999, 12, 31).toEpochDay()},
                        new long[] {1_704_067_200_000_001L, 5},
                        new long[] {1_704_067_200_000_000_001L, 6},
                        new long[] {1_704_067_200_000L, 7}
                    },
                    new boolean[][] {null, {false, true}, null, null, null, null},
                    2);
        }
        Path ts = tmp.resolve("dates.tsfile");
        CliFixtures.Result r = run("convert", in.toString(), ts.toString(), "--time", "t");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("note: column old has the date 0999-12-31, outside the years 1000 to 9999")
                .contains("note: column us is TIMESTAMP(MICROS) in Parquet")
                .contains("note: column ns is TIMESTAMP(NANOS) in Parquet")
                .contains("note: column ms is a local TIMESTAMP(MILLIS) in Parquet");
        try (TsFileReader read = TsFileReader.open(ts)) {
            dev.colcodec.format.tsfile.TsTableSchema schema = read.schema("dates");
            assertThat(schema.column("d").type()).isEqualTo(dev.colcodec.tsfile.TsDataType.DATE);
            assertThat(schema.column("old").type()).isEqualTo(dev.colcodec.tsfile.TsDataType.INT32);
            assertThat(schema.column("us").type()).isEqualTo(dev.colcodec.tsfile.TsDataType.INT64);
            assertThat(schema.column("ns").type()).isEqualTo(dev.colcodec.tsfile.TsDataType.INT64);
            assertThat(schema.column("ms").type()).isEqualTo(dev.colcodec.tsfile.TsDataType.TIMESTAMP);
        }
        assertThat(run("dump", ts.toString()).outLines())
                .containsExactly(
                        "time,d,old,us,ns,ms",
                        "1,20240229,0,1704067200000001,1704067200000000001,1704067200000",
                        "2,," + (int) java.time.LocalDate.of(999, 12, 31).toEpochDay() + ",5,6,7");

        // a TIMESTAMP(MICROS) time column: its values are the TsFile times as they are, with a note
        Path byMicros = tmp.resolve("dates-us.tsfile");
        CliFixtures.Result micros = run("convert", in.toString(), byMicros.toString(), "--time", "us");
        assertThat(micros.status()).as(micros.err()).isZero();
        assertThat(micros.out()).contains("note: the time column us is TIMESTAMP(MICROS) in Parquet");
        assertThat(run("dump", byMicros.toString()).outLines())
                .startsWith("time,t,d,old,ns,ms")
                .anyMatch(l -> l.startsWith("5,2,,"))
                .anyMatch(l -> l.startsWith("1704067200000001,1,20240229,"));

        Path back = tmp.resolve("dates-back.parquet");
        CliFixtures.Result r2 = run("convert", ts.toString(), back.toString());
        assertThat(r2.status()).as(r2.err()).isZero();
        try (ParquetFileReader read = ParquetFileReader.open(back)) {
            int d = read.columnIndex("d");
            assertThat(read.columns().get(d).logicalType()).isEqualTo(ParquetLogicalType.date());
            dev.colcodec.format.parquet.ColumnBatch b =
                    new dev.colcodec.format.parquet.ColumnBatch(read.columns().get(d), 4);
            read.readColumn(0, d).readBatch(b, 4);
            assertThat(b.isPresent(0)).isTrue();
            assertThat(b.ints()[0]).isEqualTo(day);
            assertThat(b.isPresent(1)).isFalse();
            assertThat(read.columns().get(read.columnIndex("us")).logicalType()).isNull();
        }
    }

    /**
     * dump of a TsFile table decodes a chunk group at a time and stops at --limit: with the second
     * device's chunk damaged, the first device's rows still print, and the whole table fails in one line.
     */
    @Test
    void tsFileDumpStopsDecodingAtTheLimit() throws IOException {
        TsTableSchema schema = plainTable("s", TsDataType.STRING);
        byte[] marker = "MARKER-0123456789".getBytes(StandardCharsets.UTF_8);
        java.io.ByteArrayOutputStream bos = new java.io.ByteArrayOutputStream();
        try (TsFileWriter w = new TsFileWriter(bos, List.of(schema), new TsFileWriter.Options())) {
            w.write(new TsTablet(schema)
                    .device("d1")
                    .times(new long[] {1, 2, 3}, 3)
                    .binaries("s", new byte[][] {{'a'}, {'b'}, {'c'}}, null));
            w.write(new TsTablet(schema)
                    .device("d2")
                    .times(new long[] {4}, 1)
                    .binaries("s", new byte[][] {marker}, null));
        }
        byte[] file = bos.toByteArray();
        int at = indexOf(file, marker);
        assertThat(at).isPositive();
        assertThat(file[at - 1]).isEqualTo((byte) (2 * marker.length)); // the value's zigzag varint length
        file[at - 1] = 0x7E; // 63 bytes: past the page's end
        Path damaged = tmp.resolve("late-damage.tsfile");
        Files.write(damaged, file);
        CliFixtures.Result first = run("dump", damaged.toString(), "--limit", "3");
        assertThat(first.status()).as(first.err()).isZero();
        assertThat(first.outLines()).containsExactly("time,dev,s", "1,d1,a", "2,d1,b", "3,d1,c");
        CliFixtures.Result all = run("dump", damaged.toString());
        assertThat(all.status()).isEqualTo(1);
        assertThat(all.errLines()).hasSize(1);
        assertThat(all.errLines().get(0)).startsWith("colcodec: corrupt input at offset");
    }

    /** dump of a Parquet file decodes only the pages of the rows it prints (flat columns). */
    @Test
    void parquetDumpDecodesOnlyThePagesItPrints() throws IOException {
        int n = 1000;
        BinaryBatch s = new BinaryBatch();
        byte[] marker = "MARKER-0123456789".getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < n; i++) {
            byte[] v = i == n - 1 ? marker : ("v" + i).getBytes(StandardCharsets.UTF_8);
            s.append(v, 0, v.length);
        }
        java.io.ByteArrayOutputStream bos = new java.io.ByteArrayOutputStream();
        try (ParquetFileWriter w = new ParquetFileWriter(
                bos,
                List.of(
                        ParquetColumn.flat("i", PhysicalType.INT32, 0, false),
                        ParquetColumn.flat("s", PhysicalType.BYTE_ARRAY, 0, false)
                                .withLogicalType(ParquetLogicalType.string())),
                ParquetWriteOptions.defaults().withDictionary(false).withPageRowLimit(100))) {
            int[] ints = new int[n];
            for (int i = 0; i < n; i++) {
                ints[i] = i;
            }
            w.write(new Object[] {ints, s}, null, n);
        }
        byte[] file = bos.toByteArray();
        int at = indexOf(file, marker);
        assertThat(at).isGreaterThan(4);
        file[at - 4] = 0x7F; // the last value's little-endian length: past its page's end
        Path damaged = tmp.resolve("late-damage.parquet");
        Files.write(damaged, file);
        CliFixtures.Result first = run("dump", damaged.toString(), "--limit", "2");
        assertThat(first.status()).as(first.err()).isZero();
        assertThat(first.outLines()).containsExactly("i,s", "0,v0", "1,v1");
        CliFixtures.Result all = run("dump", damaged.toString());
        assertThat(all.status()).isEqualTo(1);
        assertThat(all.errLines()).hasSize(1);
        assertThat(all.errLines().get(0)).startsWith("colcodec: corrupt input at offset");
    }

    private static int indexOf(byte[] a, byte[] b) {
        outer:
        for (int i = 0; i + b.length <= a.length; i++) {
            for (int j = 0; j < b.length; j++) {
                if (a[i + j] != b[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    @Test
    void rewriteKeepsTsFileColumnAndFileProperties() throws IOException {
        java.util.Map<String, String> fileProps = new java.util.LinkedHashMap<>();
        fileProps.put("origin", "lab 4");
        fileProps.put("encryptLevel", "0");
        Path in = CliFixtures.tsfile(tmp, java.util.Map.of("unit", "degC"), fileProps);
        Path out = tmp.resolve("props-rewritten.tsfile");
        CliFixtures.Result r = run("rewrite", in.toString(), out.toString(), "--codec", "ZSTD");
        assertThat(r.status()).as(r.err()).isZero();
        try (TsFileReader read = TsFileReader.open(out)) {
            assertThat(read.schema("t").column("v").properties()).containsExactly(java.util.Map.entry("unit", "degC"));
            assertThat(read.schema("t").column("v").compression()).isEqualTo(Compression.ZSTD);
            assertThat(read.properties()).containsExactlyEntriesOf(fileProps);
        }
        CliFixtures.Result inspect = run("inspect", out.toString());
        assertThat(inspect.status()).as(inspect.err()).isZero();
        assertThat(inspect.out()).contains("property: origin = lab 4\n", "property: encryptLevel = 0\n");
    }

    /**
     * rewrite reads and writes a TsFile one chunk group at a time (a file of any size in the memory of its
     * largest chunk group): the output keeps the input's chunk groups, a device's together, and its rows.
     */
    @Test
    void rewriteOfATsFileGoesChunkGroupByChunkGroup() throws IOException {
        TsTableSchema schema = plainTable("v", TsDataType.INT64);
        Path in = tmp.resolve("groups.tsfile");
        try (TsFileWriter w = TsFileWriter.create(in, List.of(schema), new TsFileWriter.Options())) {
            for (int k = 0; k < 5; k++) {
                long[] t = {k * 10L, k * 10L + 1};
                w.write(new TsTablet(schema)
                        .device(k % 2 == 0 ? "a" : "b")
                        .times(t, 2)
                        .longs("v", new long[] {k, -k}, null));
            }
        }
        Path out = tmp.resolve("groups-rewritten.tsfile");
        CliFixtures.Result r = run("rewrite", in.toString(), out.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(chunkGroupDevices(in)).containsExactly("t.a", "t.b", "t.a", "t.b", "t.a");
        assertThat(chunkGroupDevices(out)).containsExactly("t.a", "t.a", "t.a", "t.b", "t.b");
        assertThat(run("dump", out.toString()).outLines())
                .hasSize(11)
                .containsExactlyElementsOf(run("dump", in.toString()).outLines());
        // convert counts devices, not runs of chunk groups of one device
        CliFixtures.Result converted =
                run("convert", in.toString(), tmp.resolve("groups.parquet").toString());
        assertThat(converted.status()).as(converted.err()).isZero();
        assertThat(converted.outLines()).containsExactly("wrote Parquet, 10 rows of table t from 2 devices");
    }

    /**
     * A TsFile another writer gave upper-case names (tsfile finds no rows under them: it looks names up in
     * lower case) is rewritten with lower-case ones, with a note per name; the rows stay.
     */
    @Test
    void rewriteWritesUpperCaseTsFileNamesInLowerCase() throws IOException {
        TsTableSchema schema = new TsTableSchema(
                "plant",
                List.of(
                        CliFixtures.tag("site", Compression.UNCOMPRESSED),
                        new TsTableSchema.Column(
                                "temp",
                                TsDataType.DOUBLE,
                                TsEncoding.GORILLA,
                                Compression.LZ4_RAW,
                                TsTableSchema.Category.FIELD)));
        Path lower = tmp.resolve("lower.tsfile");
        try (TsFileWriter w = TsFileWriter.create(lower, List.of(schema), new TsFileWriter.Options())) {
            w.write(new TsTablet(schema)
                    .device("north")
                    .times(new long[] {1, 2, 3}, 3)
                    .doubles("temp", new double[] {1.5, -2.5, 3.5}, new boolean[] {false, true, false}));
        }
        // the same file with the names in upper case (each name's bytes replaced in place, same length)
        byte[] bytes = Files.readAllBytes(lower);
        replaceAll(bytes, "plant", "PLant");
        replaceAll(bytes, "site", "SITE");
        replaceAll(bytes, "temp", "Temp");
        Path upper = tmp.resolve("upper.tsfile");
        Files.write(upper, bytes);
        try (TsFileReader r = TsFileReader.open(upper)) {
            assertThat(r.tables()).containsExactly("PLant");
            assertThat(r.schema("PLant").column("Temp")).isNotNull();
        }
        Path out = tmp.resolve("rewritten.tsfile");
        CliFixtures.Result r = run("rewrite", upper.toString(), out.toString(), "--encoding", "Temp=PLAIN");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.outLines())
                .containsExactly(
                        "note: the table PLant is named plant in the TsFile, whose names are lower case",
                        "note: the column SITE is named site in the TsFile, whose names are lower case",
                        "note: the column Temp is named temp in the TsFile, whose names are lower case");
        try (TsFileReader read = TsFileReader.open(out)) {
            assertThat(read.tables()).containsExactly("plant");
            assertThat(read.schema("plant").column("temp").encoding()).isEqualTo(TsEncoding.PLAIN);
        }
        assertThat(run("dump", out.toString()).outLines())
                .containsExactlyElementsOf(run("dump", lower.toString()).outLines());
        // names that would be one in lower case are refused
        byte[] twice = Files.readAllBytes(upper);
        replaceAll(twice, "SITE", "TEMP");
        Path clash = tmp.resolve("clash.tsfile");
        Files.write(clash, twice);
        CliFixtures.Result refused =
                run("rewrite", clash.toString(), tmp.resolve("x.tsfile").toString());
        assertThat(refused.status()).isEqualTo(2);
        assertThat(refused.err()).contains("rewrite: columns TEMP and Temp are both temp in a TsFile");
    }

    private static void replaceAll(byte[] bytes, String from, String to) {
        byte[] f = from.getBytes(StandardCharsets.UTF_8);
        byte[] t = to.getBytes(StandardCharsets.UTF_8);
        int n = 0;
        for (int i = 0; i + f.length <= bytes.length; i++) {
            if (java.util.Arrays.equals(bytes, i, i + f.length, f, 0, f.length)) {
                System.arraycopy(t, 0, bytes, i, t.length);
                n++;
            }
        }
        assertThat(n).as(from).isPositive();
    }

    /** {@code convert} of a file of {@link #rowGroupsOfTwoSites} to a TsFile: time {@code t}, tag {@code site}. */
    private static CliFixtures.Result convertTwoSites(Path parquet, Path tsfile) {
        return run("convert", parquet.toString(), tsfile.toString(), "--time", "t", "--tags", "site");
    }

    private static List<String> chunkGroupDevices(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        List<String> devices = new java.util.ArrayList<>();
        for (TsFileLayout.ChunkGroup g :
                TsFileLayout.scan(bytes, Math.toIntExact(TsFileReader.of(bytes).metadataOffset()))) {
            devices.add(String.join(".", g.device()));
        }
        return devices;
    }

    @Test
    void verboseAddsTheStackTrace() {
        CliFixtures.Result r =
                run("--verbose", "inspect", tmp.resolve("missing").toString());
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.errLines().get(0)).startsWith("colcodec: no such file");
        assertThat(r.err()).contains("\tat ");
    }

    /**
     * A TsFile DATE value that is not a date (here 2024-13-01, written over a valid one) is corrupt input
     * to rewrite, at the chunk that holds it: the writer refuses such a value from a caller.
     */
    @Test
    void rewriteAndConvertOfATsFileWithAnImpossibleDateAreCorruptInputAtItsChunk() throws IOException {
        // two chunk groups of device a: the bad value in the second, found after the first was written
        Path in = tmp.resolve("bad-date.tsfile");
        byte[] file = tsFileOfDates(20240102, 20241302);
        Files.write(in, file);
        long chunk = -1;
        List<TsFileLayout.ChunkGroup> groups =
                TsFileLayout.scan(file, Math.toIntExact(TsFileReader.of(file).metadataOffset()));
        assertThat(groups).hasSize(2);
        for (TsFileLayout.Chunk c : groups.get(1).chunks()) {
            if (c.header().measurementId().equals("d")) {
                chunk = c.offset();
            }
        }
        assertThat(chunk).isPositive();
        byte[] kept = "the caller's bytes".getBytes(StandardCharsets.UTF_8);
        // rewrite writes a TsFile, which has no such date; convert a Parquet DATE, which has no such day
        for (String out : List.of("out.tsfile", "out.parquet")) {
            String command = out.endsWith(".tsfile") ? "rewrite" : "convert";
            Files.write(tmp.resolve(out), kept);
            CliFixtures.Result r = run(command, in.toString(), tmp.resolve(out).toString());
            assertOneLineError(r, 1, "colcodec: corrupt input at offset ");
            assertThat(r.errLines().get(0))
                    .as(command)
                    .isEqualTo("colcodec: corrupt input at offset " + chunk + ": expected a yyyyMMdd date"
                            + (command.equals("rewrite") ? " of the years 1000 to 9999" : "")
                            + " in column d, got 20241302");
            // OUT as it was, and nothing written beside it left behind
            assertThat(Files.readAllBytes(tmp.resolve(out))).as(command).isEqualTo(kept);
            try (java.util.stream.Stream<Path> files = Files.list(tmp)) {
                assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".colcodec-tmp"));
            }
        }
        // the year 500: a calendar date, which Parquet's DATE holds, but not one a TsFile writer writes
        Path early = tmp.resolve("early-date.tsfile");
        Files.write(early, tsFileOfDates(20240102, 5000102));
        assertOneLineError(
                run("rewrite", early.toString(), tmp.resolve("early-out.tsfile").toString()),
                1,
                "colcodec: corrupt input at offset " + chunk
                        + ": expected a yyyyMMdd date of the years 1000 to 9999 in column d, got 5000102");
        CliFixtures.Result converted =
                run("convert", early.toString(), tmp.resolve("early.parquet").toString());
        assertThat(converted.status()).as(converted.err()).isZero();
        assertThat(run("dump", tmp.resolve("early.parquet").toString()).outLines())
                .containsExactly(
                        "time,dev,d",
                        "1,a," + java.time.LocalDate.of(2024, 1, 1).toEpochDay(),
                        "2,a," + java.time.LocalDate.of(500, 1, 2).toEpochDay());
    }

    /**
     * A TsFile of device a with DATE column d: 20240101 at time 1 and {@code second} at time 2, in two
     * chunk groups, where {@code second} is written over {@code written} (a value of the same varint size).
     */
    /**
     * A chunk group may hold several time chunks, each with its value chunks (IoTDB's compaction writes
     * such files; tsfile's {@code TsFileIOWriter} does here): an impossible date is reported at the chunk
     * after its own time chunk, not at the n-th chunk group's.
     */
    @Test
    void anImpossibleDateInTheSecondTimeChunkOfAChunkGroupIsReportedAtItsChunk() throws Exception {
        Path in = tmp.resolve("two-time-chunks.tsfile");
        org.apache.tsfile.write.writer.TsFileIOWriter w =
                new org.apache.tsfile.write.writer.TsFileIOWriter(in.toFile());
        org.apache.tsfile.write.schema.MeasurementSchema d = new org.apache.tsfile.write.schema.MeasurementSchema(
                "d",
                org.apache.tsfile.enums.TSDataType.DATE,
                org.apache.tsfile.file.metadata.enums.TSEncoding.PLAIN,
                org.apache.tsfile.file.metadata.enums.CompressionType.UNCOMPRESSED);
        w.getSchema()
                .registerTableSchema(new org.apache.tsfile.file.metadata.TableSchema(
                        "t",
                        List.of(
                                new org.apache.tsfile.write.schema.MeasurementSchema(
                                        "dev", org.apache.tsfile.enums.TSDataType.STRING),
                                d),
                        List.of(
                                org.apache.tsfile.enums.ColumnCategory.TAG,
                                org.apache.tsfile.enums.ColumnCategory.FIELD)));
        org.apache.tsfile.file.metadata.IDeviceID device =
                org.apache.tsfile.file.metadata.IDeviceID.Factory.DEFAULT_FACTORY.create(new String[] {"t", "a"});
        int[][] groups = {{20240101, 20241302}, {20240103}}; // the bad date in the first group's second set
        long t = 1;
        for (int[] dates : groups) {
            w.startChunkGroup(device);
            for (int date : dates) {
                org.apache.tsfile.write.chunk.AlignedChunkWriterImpl cw =
                        new org.apache.tsfile.write.chunk.AlignedChunkWriterImpl(List.of(d));
                cw.write(t, date, false);
                cw.write(t++);
                cw.writeToFileWriter(w);
            }
            w.endChunkGroup();
        }
        w.endFile();
        byte[] file = Files.readAllBytes(in);
        List<TsFileLayout.Chunk> chunks = TsFileLayout.scan(
                        file, Math.toIntExact(TsFileReader.of(file).metadataOffset()))
                .get(0)
                .chunks();
        assertThat(chunks).extracting(c -> c.header().measurementId()).containsExactly("", "d", "", "d");
        long chunk = chunks.get(3).offset();
        for (String out : List.of("out.tsfile", "out.parquet")) {
            String command = out.endsWith(".tsfile") ? "rewrite" : "convert";
            CliFixtures.Result r = run(command, in.toString(), tmp.resolve(out).toString());
            assertOneLineError(r, 1, "colcodec: corrupt input at offset " + chunk + ": expected a yyyyMMdd date");
        }
    }

    private static byte[] tsFileOfDates(int written, int second) throws IOException {
        TsTableSchema schema = plainTable("d", TsDataType.DATE);
        java.io.ByteArrayOutputStream bos = new java.io.ByteArrayOutputStream();
        try (TsFileWriter w = new TsFileWriter(bos, List.of(schema), new TsFileWriter.Options())) {
            w.write(new TsTablet(schema).device("a").times(new long[] {1}, 1).ints("d", new int[] {20240101}, null));
            w.write(new TsTablet(schema).device("a").times(new long[] {2}, 1).ints("d", new int[] {written}, null));
        }
        byte[] file = bos.toByteArray();
        byte[] good = zigzagVarint(written);
        byte[] bad = zigzagVarint(second);
        assertThat(bad).hasSameSizeAs(good);
        int at = -1;
        for (int i = 0; i + good.length <= file.length; i++) {
            if (java.util.Arrays.equals(file, i, i + good.length, good, 0, good.length)) {
                assertThat(at).as("one place holds the value").isEqualTo(-1);
                at = i;
            }
        }
        assertThat(at).isPositive();
        System.arraycopy(bad, 0, file, at, bad.length);
        return file;
    }

    /** Table {@code t}: a TAG column {@code dev} and one PLAIN, uncompressed FIELD column. */
    private static TsTableSchema plainTable(String field, TsDataType type) {
        return new TsTableSchema(
                "t",
                List.of(
                        CliFixtures.tag("dev", Compression.UNCOMPRESSED),
                        new TsTableSchema.Column(
                                field,
                                type,
                                TsEncoding.PLAIN,
                                Compression.UNCOMPRESSED,
                                TsTableSchema.Category.FIELD)));
    }

    private static byte[] zigzagVarint(int v) {
        int z = (v << 1) ^ (v >> 31);
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        while ((z & ~0x7F) != 0) {
            b.write((z & 0x7F) | 0x80);
            z >>>= 7;
        }
        b.write(z);
        return b.toByteArray();
    }

    /**
     * {@code --columns} names a column holding a comma with {@code \,} and a backslash before a comma or
     * at the end of a name with {@code \\}; a backslash before anything else is itself.
     */
    @Test
    void columnNamesWithCommasAndBackslashesCanBeChosen() throws IOException {
        Path in = tmp.resolve("names.parquet");
        try (ParquetFileWriter w = ParquetFileWriter.create(
                in,
                List.of(
                        ParquetColumn.flat("a,b", PhysicalType.INT64, 0, false),
                        ParquetColumn.flat("c\\", PhysicalType.INT64, 0, false),
                        ParquetColumn.flat("d\\e", PhysicalType.INT64, 0, false),
                        ParquetColumn.flat("k=v", PhysicalType.INT64, 0, false)),
                ParquetWriteOptions.defaults())) {
            w.write(new Object[] {new long[] {1}, new long[] {2}, new long[] {3}, new long[] {4}}, new boolean[4][], 1);
        }
        CliFixtures.Result r = run("dump", in.toString(), "--columns", "d\\e,c\\\\,a\\,b");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.outLines()).containsExactly("d\\e,c\\,\"a,b\"", "3,2,1");
        assertOneLineError(run("dump", in.toString(), "--columns", "a,b"), 2, "colcodec: dump: no column a");
        // --encoding splits at the last '=': a column name may hold one
        Path out = tmp.resolve("names-delta.parquet");
        CliFixtures.Result rewritten =
                run("rewrite", in.toString(), out.toString(), "--encoding", "k=v=DELTA_BINARY_PACKED");
        assertThat(rewritten.status()).as(rewritten.err()).isZero();
        assertThat(run("inspect", out.toString()).out())
                .containsPattern("k=v: codec=\\S+ encodings=\\[[^]]*DELTA_BINARY_PACKED");
    }

    /**
     * A STRING value that is not valid UTF-8 is dumped with U+FFFD for each invalid sequence, and stderr
     * says so (with the count and the first row) so the output is not taken for the file's bytes; a value
     * holding a real U+FFFD is not counted. {@code convert} refuses such a value as a tag (a device id is
     * text) rather than change it.
     */
    @Test
    void stringsThatAreNotUtf8AreNamedOnStderr() throws IOException {
        Path in = tmp.resolve("bad-utf8.parquet");
        BinaryBatch s = new BinaryBatch();
        byte[][] values = {{'o', 'k'}, {(byte) 0xEF, (byte) 0xBF, (byte) 0xBD}, {(byte) 0xFF, 'a'}, {'z'}, {(byte) 0xC3}
        };
        for (byte[] v : values) {
            s.append(v, 0, v.length);
        }
        try (ParquetFileWriter w = ParquetFileWriter.create(
                in,
                List.of(
                        ParquetColumn.flat("t", PhysicalType.INT64, 0, false),
                        ParquetColumn.flat("s", PhysicalType.BYTE_ARRAY, 0, false)
                                .withLogicalType(ParquetLogicalType.string())),
                ParquetWriteOptions.defaults())) {
            w.write(new Object[] {new long[] {1, 2, 3, 4, 5}, s}, new boolean[2][], 5);
        }
        CliFixtures.Result r = run("dump", in.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo("t,s\n1,ok\n2,\uFFFD\n3,\uFFFDa\n4,z\n5,\uFFFD\n");
        assertThat(r.errLines())
                .containsExactly("colcodec: note: column s has 2 STRING value(s) that are not valid UTF-8 (the first"
                        + " in row 3 after the header), printed with U+FFFD for each invalid byte sequence");
        // a column shown twice is counted once
        assertThat(run("dump", in.toString(), "--columns", "s,s").errLines())
                .containsExactly("colcodec: note: column s has 2 STRING value(s) that are not valid UTF-8 (the first"
                        + " in row 3 after the header), printed with U+FFFD for each invalid byte sequence");
        CliFixtures.Result clean = run("dump", in.toString(), "--limit", "2");
        assertThat(clean.err()).isEmpty();
        CliFixtures.Result converted =
                run("convert", in.toString(), tmp.resolve("bad.tsfile").toString(), "--time", "t", "--tags", "s");
        assertOneLineError(converted, 1, "colcodec: convert: a value of the tag column s is not valid UTF-8");
    }

    /**
     * An option that takes a value followed by another option, and a single-dash argument, are usage errors
     * that name them; {@code --verbose} may be given twice.
     */
    @Test
    void optionsAreToldFromValuesAndFiles() throws IOException {
        Path in = CliFixtures.awkward(tmp);
        assertOneLineError(
                run("dump", in.toString(), "--columns", "--limit", "2"),
                2,
                "colcodec: dump: option --columns needs a value");
        assertOneLineError(run("dump", in.toString(), "-x"), 2, "colcodec: dump: unknown option -x");
        CliFixtures.Result twice = run("dump", in.toString(), "--verbose", "--verbose", "--limit", "1");
        assertThat(twice.status()).as(twice.err()).isZero();
        assertThat(twice.err()).isEmpty();
        assertThat(run("dump", in.toString(), "--limit", "-1").err()).contains("--limit needs a non-negative integer");
    }

    private static void assertOneLineError(CliFixtures.Result r, int status, String prefix) {
        assertThat(r.status()).as(r.err()).isEqualTo(status);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.errLines().get(0)).startsWith(prefix);
        assertThat(r.out()).isEmpty();
    }

    private static void assertSameParquetValues(Path a, Path b) throws IOException {
        try (ParquetFileReader ra = ParquetFileReader.open(a);
                ParquetFileReader rb = ParquetFileReader.open(b)) {
            assertThat(rb.rowCount()).isEqualTo(ra.rowCount());
            assertThat(rb.rowGroupCount()).isEqualTo(ra.rowGroupCount());
            int[] all = new int[ra.columns().size()];
            for (int i = 0; i < all.length; i++) {
                all[i] = i;
            }
            for (int g = 0; g < ra.rowGroupCount(); g++) {
                List<ColumnValues> va = ParquetTables.readRowGroup(ra, g, all);
                List<ColumnValues> vb = ParquetTables.readRowGroup(rb, g, all);
                for (int c = 0; c < all.length; c++) {
                    assertThat(vb.get(c).sameRows(va.get(c)))
                            .as("row group %d column %s", g, va.get(c).name)
                            .isTrue();
                }
            }
        }
    }
}
