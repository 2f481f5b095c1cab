package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.parquet.PhysicalType;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ColumnChunkReader#skipRows} on repeated (list) columns of the pyarrow and DuckDB golden files (V1
 * and V2 pages, several pages per chunk, dictionaries, null and empty lists): random interleavings of
 * skips (0, within a page, across pages, past the end) and reads, seeded, checked entry by entry against
 * a full read of the same chunk.
 */
class RepeatedSkipRowsTest {

    static byte[] resource(String path) throws IOException {
        try (InputStream in = RepeatedSkipRowsTest.class.getResourceAsStream("/parquet/" + path)) {
            return in.readAllBytes();
        }
    }

    /** A whole chunk as read by {@code readBatch}: levels per entry and the value of each present entry. */
    record Entries(int[] reps, int[] defs, int[] values, int count) {
        /** Index of the first entry of each row, plus {@code count}. */
        int[] rowStarts() {
            int[] starts = new int[count + 1];
            int n = 0;
            for (int i = 0; i < count; i++) {
                if (reps[i] == 0) {
                    starts[n++] = i;
                }
            }
            starts[n++] = count;
            return Arrays.copyOf(starts, n);
        }
    }

    static Entries readAll(ColumnChunkReader r, int batchSize) {
        ColumnBatch b = new ColumnBatch(r.column(), batchSize);
        int[] reps = new int[16];
        int[] defs = new int[16];
        int[] values = new int[16];
        int count = 0;
        while (r.readBatch(b, batchSize) > 0) {
            if (count + b.levelCount() > reps.length) {
                int cap = Math.max(2 * reps.length, count + b.levelCount());
                reps = Arrays.copyOf(reps, cap);
                defs = Arrays.copyOf(defs, cap);
                values = Arrays.copyOf(values, cap);
            }
            System.arraycopy(b.repetitionLevels(), 0, reps, count, b.levelCount());
            System.arraycopy(b.definitionLevels(), 0, defs, count, b.levelCount());
            int v = 0;
            for (int i = 0; i < b.levelCount(); i++) {
                values[count + i] = defs[count + i] == r.column().maxDefinitionLevel() ? b.ints()[v++] : 0;
            }
            assertThat(v).isEqualTo(b.valueCount());
            count += b.levelCount();
        }
        return new Entries(reps, defs, values, count);
    }

    static int countPages(byte[] file, ParquetFileReader reader, int rowGroup, int column, PageType type) {
        org.apache.parquet.format.ColumnMetaData md = reader.metadata()
                .getRow_groups()
                .get(rowGroup)
                .getColumns()
                .get(column)
                .getMeta_data();
        long at = md.isSetDictionary_page_offset() && md.getDictionary_page_offset() > 0
                ? Math.min(md.getDictionary_page_offset(), md.getData_page_offset())
                : md.getData_page_offset();
        long end = at + md.getTotal_compressed_size();
        int pages = 0;
        while (at < end) {
            ParquetThrift.Decoded<PageHeader> d = ParquetThrift.readPageHeader(file, (int) at, (int) (end - at), 0);
            pages += d.value().getType() == type ? 1 : 0;
            at += d.length() + d.value().getCompressed_page_size();
        }
        return pages;
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "pyarrow/v1_snappy_dict.parquet",
                "pyarrow/v2_zstd_dict.parquet",
                "pyarrow/v2_gzip_plain.parquet",
                "duckdb/v1_uncompressed.parquet",
                "duckdb/v1_snappy.parquet",
                "duckdb/v2_zstd.parquet",
                "duckdb/v2_gzip.parquet",
                "duckdb/v2_lz4.parquet"
            })
    void skipsMatchFullReads(String file) throws IOException {
        byte[] bytes = resource(file);
        Random random = new Random(file.hashCode());
        int listColumns = 0;
        int multiPageChunks = 0;
        try (ParquetFileReader reader = ParquetFileReader.open(bytes)) {
            for (int c = 0; c < reader.columns().size(); c++) {
                ParquetColumn col = reader.columns().get(c);
                if (col.maxRepetitionLevel() == 0) {
                    continue;
                }
                assertThat(col.type()).isEqualTo(PhysicalType.INT32);
                listColumns++;
                for (int g = 0; g < reader.rowGroupCount(); g++) {
                    int dataPages = countPages(bytes, reader, g, c, PageType.DATA_PAGE)
                            + countPages(bytes, reader, g, c, PageType.DATA_PAGE_V2);
                    multiPageChunks += dataPages > 1 ? 1 : 0;
                    Entries all = readAll(reader.readColumn(g, c), 1000);
                    int[] starts = all.rowStarts();
                    int rows = starts.length - 1;
                    assertThat(rows).isEqualTo(reader.rowGroupRowCount(g));
                    assertThat(all.reps()[0]).isZero();
                    // skip to every row from the start, and past the end
                    for (int k = 0; k <= rows + 2; k += 1 + (k / 16)) {
                        ColumnChunkReader r = reader.readColumn(g, c);
                        assertThat(r.skipRows(k))
                                .as("%s rg %d skip %d", file, g, k)
                                .isEqualTo(Math.min(k, rows));
                        Entries rest = readAll(r, 1 + random.nextInt(300));
                        assertSuffix(all, Math.min(starts[Math.min(k, rows)], all.count()), rest, file);
                    }
                    for (int iter = 0; iter < 40; iter++) {
                        randomWalk(reader.readColumn(g, c), all, starts, random, file + " rg " + g + " iter " + iter);
                    }
                }
            }
        }
        assertThat(listColumns).isEqualTo(1);
        if (file.startsWith("pyarrow")) {
            assertThat(multiPageChunks).as("chunks with several data pages").isPositive();
        }
    }

    /**
     * {@link ParquetFileReader#decodeRowGroup(int, int[], RowRanges, int, java.util.concurrent.ForkJoinPool)}
     * over random row ranges, list and flat columns together, batches of 1 to 40 entries (rows split
     * between batches): the entries of exactly the rows in the ranges, whole, in order; {@link
     * ColumnChunkReader#readRows} reads whole rows however small its batches.
     */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "pyarrow/v1_snappy_dict.parquet",
                "pyarrow/v2_zstd_dict.parquet",
                "duckdb/v1_snappy.parquet",
                "duckdb/v2_gzip.parquet"
            })
    void rowRangesOfRepeatedColumnsHoldWholeRows(String file) throws IOException {
        checkRowRanges(resource(file), file);
    }

    /**
     * As {@link #rowRangesOfRepeatedColumnsHoldWholeRows} on lists parquet-java writes in pages of at most
     * 7 rows (V1 pages, whose rows may span pages, and V2), with null, empty and long lists and null
     * elements: many page boundaries inside and between the ranges.
     */
    @ParameterizedTest
    @ValueSource(strings = {"PARQUET_1_0", "PARQUET_2_0"})
    void rowRangesOfManyPagedListsHoldWholeRows(String version, @org.junit.jupiter.api.io.TempDir Path dir)
            throws IOException {
        Path p = dir.resolve("lists.parquet");
        writeLists(p, version);
        byte[] bytes = Files.readAllBytes(p);
        try (ParquetFileReader reader = ParquetFileReader.open(bytes)) {
            int listPages = countPages(bytes, reader, 0, 1, PageType.DATA_PAGE)
                    + countPages(bytes, reader, 0, 1, PageType.DATA_PAGE_V2);
            assertThat(listPages).isGreaterThan(50);
        }
        checkRowRanges(bytes, version);
    }

    private static void checkRowRanges(byte[] bytes, String file) throws IOException {
        Random random = new Random(file.hashCode() + 1);
        try (ParquetFileReader reader = ParquetFileReader.open(bytes)) {
            int list = -1;
            for (int c = 0; c < reader.columns().size(); c++) {
                if (reader.columns().get(c).maxRepetitionLevel() > 0) {
                    list = c;
                }
            }
            int flat = list == 0 ? 1 : 0;
            for (int g = 0; g < reader.rowGroupCount(); g++) {
                Entries all = readAll(reader.readColumn(g, list), 1000);
                int[] starts = all.rowStarts();
                int rows = starts.length - 1;
                for (int iter = 0; iter < 30; iter++) {
                    List<Long> bounds = new ArrayList<>();
                    long at = random.nextInt(3) == 0 ? 0 : random.nextInt(rows);
                    while (at < rows) {
                        long to = Math.min(rows, at + 1 + random.nextInt(Math.max(1, rows / 4)));
                        bounds.add(at);
                        bounds.add(to);
                        at = to + random.nextInt(rows / 3 + 1);
                    }
                    RowRanges ranges = RowRanges.of(
                            bounds.stream().mapToLong(Long::longValue).toArray());
                    int batch = 1 + random.nextInt(40);
                    List<List<ColumnBatch>> got = reader.decodeRowGroup(g, new int[] {list, flat}, ranges, batch, null);
                    // the expected entries: those of the rows in the ranges
                    List<int[]> expected = new ArrayList<>();
                    long expectedRows = 0;
                    for (int k = 0; k < ranges.count(); k++) {
                        for (int e = starts[(int) ranges.from(k)]; e < starts[(int) ranges.to(k)]; e++) {
                            expected.add(new int[] {all.reps()[e], all.defs()[e], all.values()[e]});
                        }
                        expectedRows += ranges.to(k) - ranges.from(k);
                    }
                    List<int[]> actual = new ArrayList<>();
                    for (ColumnBatch b : got.get(0)) {
                        assertThat(b.levelCount()).isBetween(1, batch);
                        int v = 0;
                        for (int i = 0; i < b.levelCount(); i++) {
                            int d = b.definitionLevels()[i];
                            int value = d == reader.columns().get(list).maxDefinitionLevel() ? b.ints()[v++] : 0;
                            actual.add(new int[] {b.repetitionLevels()[i], d, value});
                        }
                    }
                    String what = file + " rg " + g + " " + ranges + " batch " + batch;
                    assertThat(actual).as(what).hasSize(expected.size());
                    for (int e = 0; e < expected.size(); e++) {
                        assertThat(actual.get(e)).as(what + " entry " + e).isEqualTo(expected.get(e));
                    }
                    long flatRows = 0;
                    for (ColumnBatch b : got.get(1)) {
                        flatRows += b.levelCount();
                    }
                    assertThat(flatRows).as(what).isEqualTo(expectedRows);
                }
                // readRows: whole rows, however small the batches
                ColumnChunkReader r = reader.readColumn(g, list);
                ColumnBatch b = new ColumnBatch(reader.columns().get(list), 3);
                int entries = 0;
                long left = 5;
                for (int n; (n = r.readRows(b, 3, left)) > 0; ) {
                    entries += n;
                    for (int i = 0; i < n; i++) {
                        left -= b.repetitionLevels()[i] == 0 ? 1 : 0;
                    }
                }
                assertThat(entries).isEqualTo(starts[Math.min(5, rows)]);
            }
        }
    }

    /** 600 rows of an id and a list column, written by parquet-java in pages of at most 7 rows. */
    static void writeLists(Path p, String version) throws IOException {
        MessageType schema = MessageTypeParser.parseMessageType("message m { required int32 id;"
                + " optional group l (LIST) { repeated group list { optional int32 element; } } }");
        Random r = new Random(7);
        try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(p))
                .withConf(new PlainParquetConfiguration())
                .withType(schema)
                .withWriterVersion(ParquetProperties.WriterVersion.valueOf(version))
                .withPageRowCountLimit(7)
                .withPageSize(64)
                .withDictionaryEncoding(false)
                .build()) {
            SimpleGroupFactory f = new SimpleGroupFactory(schema);
            for (int i = 0; i < 600; i++) {
                Group g = f.newGroup().append("id", i);
                int kind = r.nextInt(6);
                if (kind != 0) { // kind 0: a null list
                    Group l = g.addGroup("l");
                    int len = kind == 1 ? 0 : kind == 5 ? 20 + r.nextInt(30) : r.nextInt(4);
                    for (int k = 0; k < len; k++) {
                        Group e = l.addGroup("list");
                        if (r.nextInt(5) != 0) {
                            e.append("element", i * 100 + k);
                        }
                    }
                }
                w.write(g);
            }
        }
    }

    /**
     * Damaged repetition levels of a V2 page must not make a ranged decode (which finds pages by the
     * offset index and passes whole pages over by their stated rows) return other rows than a read in
     * order: every one-byte change of the first list pages' level sections either makes the in-order read
     * corrupt input or leaves the ranged decode equal to it.
     */
    @Test
    void damagedV2RepetitionLevelsNeverShiftRangedRows(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path p = dir.resolve("lists.parquet");
        writeLists(p, "PARQUET_2_0");
        byte[] clean = Files.readAllBytes(p);
        int corrupt = 0;
        int same = 0;
        try (ParquetFileReader reader = ParquetFileReader.open(clean)) {
            org.apache.parquet.format.OffsetIndex oi = reader.readOffsetIndex(0, 1);
            for (int page = 1; page < 6; page++) {
                org.apache.parquet.format.PageLocation loc =
                        oi.getPage_locations().get(page);
                ParquetThrift.Decoded<PageHeader> h =
                        ParquetThrift.readPageHeader(clean, (int) loc.getOffset(), loc.getCompressed_page_size(), 0);
                int levelsAt = (int) loc.getOffset() + h.length();
                int levelBytes = h.value().getData_page_header_v2().getRepetition_levels_byte_length();
                for (int k = 0; k < levelBytes; k++) {
                    for (int change : new int[] {0x00, 0x01, 0x03, 0x80, 0xFF}) {
                        byte[] damaged = clean.clone();
                        damaged[levelsAt + k] = (byte) change;
                        if (damaged[levelsAt + k] == clean[levelsAt + k]) {
                            continue;
                        }
                        Entries all;
                        // without CRC checks, which parquet-java's page checksums would fail first
                        try (ParquetFileReader r =
                                ParquetFileReader.open(damaged).verifyCrc(false)) {
                            try {
                                all = readAll(r.readColumn(0, 1), 1000);
                            } catch (dev.colcodec.CorruptInputException e) {
                                corrupt++;
                                continue;
                            }
                            int[] starts = all.rowStarts();
                            assertThat(starts.length - 1).isEqualTo(r.rowGroupRowCount(0));
                            long from = oi.getPage_locations().get(page + 1).getFirst_row_index();
                            RowRanges ranges = RowRanges.of(from, from + 5);
                            List<ColumnBatch> got = r.decodeRowGroup(0, new int[] {1}, ranges, 64, null)
                                    .get(0);
                            int e = starts[(int) from];
                            for (ColumnBatch b : got) {
                                for (int i = 0; i < b.levelCount(); i++, e++) {
                                    assertThat(b.repetitionLevels()[i]).isEqualTo(all.reps()[e]);
                                    assertThat(b.definitionLevels()[i]).isEqualTo(all.defs()[e]);
                                }
                            }
                            assertThat(e).isEqualTo(starts[(int) from + 5]);
                            same++;
                        }
                    }
                }
            }
        }
        assertThat(corrupt).isPositive();
        assertThat(corrupt + same).isGreaterThan(20);
    }

    /** Reads (batches ending anywhere, mid-row too) and skips at random; compares with the full read. */
    static void randomWalk(ColumnChunkReader r, Entries all, int[] starts, Random random, String what) {
        int rows = starts.length - 1;
        int maxDef = r.column().maxDefinitionLevel();
        ColumnBatch b = new ColumnBatch(r.column(), 64);
        int at = 0; // entry index
        while (true) {
            if (random.nextBoolean()) {
                int k = switch (random.nextInt(4)) {
                    case 0 -> 0;
                    case 1 -> 1 + random.nextInt(5);
                    case 2 -> random.nextInt(200);
                    default -> random.nextInt(rows + 10);
                };
                // expected: finish the current row (if mid-row), then k rows, stopping before a row start
                int skipped = 0;
                int e = at;
                if (k > 0) {
                    while (e < all.count()) {
                        if (all.reps()[e] == 0) {
                            if (skipped == k) {
                                break;
                            }
                            skipped++;
                        }
                        e++;
                    }
                }
                assertThat(r.skipRows(k))
                        .as("%s skip %d at entry %d", what, k, at)
                        .isEqualTo(skipped);
                at = e;
            }
            int want = 1 + random.nextInt(64);
            int n = r.readBatch(b, want);
            if (n == 0) {
                assertThat(at).as(what).isEqualTo(all.count());
                return;
            }
            assertThat(n).isEqualTo(Math.min(want, all.count() - at));
            int v = 0;
            for (int i = 0; i < n; i++) {
                int e = at + i;
                if (b.repetitionLevels()[i] != all.reps()[e]
                        || b.definitionLevels()[i] != all.defs()[e]
                        || (all.defs()[e] == maxDef && b.ints()[v++] != all.values()[e])) {
                    throw new AssertionError(what + ": entry " + e + " differs");
                }
            }
            assertThat(v).isEqualTo(b.valueCount());
            at += n;
        }
    }

    static void assertSuffix(Entries all, int from, Entries rest, String what) {
        assertThat(rest.count()).as(what).isEqualTo(all.count() - from);
        for (int i = 0; i < rest.count(); i++) {
            int e = from + i;
            if (rest.reps()[i] != all.reps()[e]
                    || rest.defs()[i] != all.defs()[e]
                    || rest.values()[i] != all.values()[e]) {
                throw new AssertionError(what + ": entry " + e + " differs after a skip");
            }
        }
    }
}
