package dev.colcodec.format.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.parquet.ColumnBatch;
import dev.colcodec.format.parquet.ColumnChunkReader;
import dev.colcodec.format.parquet.ColumnStatistics;
import dev.colcodec.format.parquet.ParquetFileReader;
import dev.colcodec.format.tsfile.TsFileReader;
import dev.colcodec.io.ByteIO;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Damaged Parquet files and TsFiles built from the interop matrices: truncated files and footers,
 * wrong offsets and lying sizes in the footer and page headers, bad page CRCs. Each reader must raise
 * {@link CorruptInputException} and nothing else: no other exception, no hang (the class timeout is a
 * hang guard, not a speed test) and no huge allocation (an OutOfMemoryError fails the test).
 */
@Timeout(300)
class CorruptFilesTest {
    static final List<String> TS_COLUMNS = TsFileMatrix.columnNames();

    static byte[] parquetFile(String caseName) throws IOException {
        for (ParquetMatrix.Case k : ParquetMatrix.cases()) {
            if (k.name().equals(caseName)) {
                return ParquetMatrix.write(k);
            }
        }
        throw new IllegalArgumentException(caseName);
    }

    /**
     * Opens and reads every column of every row group, from memory and from disk (memory-mapped, pages
     * copied as read or decompressed from the mapping); true when CorruptInputException was raised from
     * memory. From disk too, CorruptInputException is the only exception allowed.
     */
    static boolean readParquetFully(byte[] file) {
        boolean fromMemory = readParquetFully(file, null);
        try {
            Path p = Files.createTempFile("corrupt", ".parquet");
            try {
                Files.write(p, file);
                readParquetFully(file, p);
            } finally {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return fromMemory;
    }

    private static boolean readParquetFully(byte[] file, Path onDisk) {
        try (ParquetFileReader reader =
                onDisk == null ? ParquetFileReader.open(file) : ParquetFileReader.open(onDisk)) {
            for (int g = 0; g < reader.rowGroupCount(); g++) {
                for (int c = 0; c < reader.columns().size(); c++) {
                    ColumnChunkReader cr = reader.readColumn(g, c);
                    ColumnBatch b = new ColumnBatch(reader.columns().get(c), 512);
                    while (cr.readBatch(b, 512) > 0) {
                        // keep reading
                    }
                }
            }
            return false;
        } catch (CorruptInputException expected) {
            assertThat(expected.offset()).isBetween(-1L, (long) file.length + 1);
            return true;
        } catch (Exception e) {
            throw new AssertionError("not a CorruptInputException", e);
        }
    }

    static int footerLength(byte[] file) {
        return ByteIO.getIntLE(file, file.length - 8);
    }

    static FileMetaData footer(byte[] file) throws IOException {
        return dev.colcodec.format.parquet.ParquetTestFiles.footer(file);
    }

    /** The file with its footer replaced by {@code fmd}. */
    static byte[] withFooter(byte[] file, FileMetaData fmd) throws IOException {
        return dev.colcodec.format.parquet.ParquetTestFiles.withFooter(file, fmd);
    }

    @Test
    void truncatedParquetFilesAndFooters() throws IOException {
        byte[] file = parquetFile("dict_v2_zstd");
        int len = footerLength(file);
        int dataEnd = file.length - 8 - len;
        // every truncated footer behind an intact length and magic
        for (int k = 0; k < len; k++) {
            byte[] cut = new byte[dataEnd + k + 8];
            System.arraycopy(file, 0, cut, 0, dataEnd + k);
            ByteIO.putIntLE(cut, dataEnd + k, k);
            System.arraycopy(file, file.length - 4, cut, cut.length - 4, 4);
            assertThat(readParquetFully(cut))
                    .as("footer cut to %d of %d bytes", k, len)
                    .isTrue();
        }
        // truncated files: every length in the last 2 KiB, every 13th before
        for (int n = 0; n < file.length; n += n < file.length - 2048 ? 13 : 1) {
            assertThat(readParquetFully(Arrays.copyOf(file, n)))
                    .as("file cut to %d bytes", n)
                    .isTrue();
        }
    }

    /**
     * A file opened from disk is memory-mapped: truncated while the reader has it open, reading a column
     * chunk is corrupt input, not the mapping fault's InternalError.
     */
    @Test
    void parquetFileTruncatedWhileOpen(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path f = dir.resolve("shrinking.parquet");
        Files.write(f, parquetFile("dict_v2_zstd"));
        try (ParquetFileReader reader = ParquetFileReader.open(f)) {
            try (java.io.RandomAccessFile raf = new java.io.RandomAccessFile(f.toFile(), "rw")) {
                raf.setLength(8);
            }
            for (int c = 0; c < reader.columns().size(); c++) {
                int column = c;
                org.assertj.core.api.Assertions.assertThatThrownBy(() -> reader.readColumn(0, column))
                        .isInstanceOf(CorruptInputException.class)
                        .hasMessageContaining("shrank");
            }
        }
    }

    /** Applies {@code change} to every column chunk's metadata in turn; only CorruptInputException may follow. */
    static int mutateEveryChunk(byte[] file, Consumer<ColumnMetaData> change) throws IOException {
        int detected = 0;
        FileMetaData base = footer(file);
        for (int g = 0; g < base.getRow_groups().size(); g++) {
            for (int c = 0; c < base.getRow_groups().get(g).getColumns().size(); c++) {
                FileMetaData fmd = base.deepCopy();
                change.accept(fmd.getRow_groups().get(g).getColumns().get(c).getMeta_data());
                if (readParquetFully(withFooter(file, fmd))) {
                    detected++;
                }
            }
        }
        return detected;
    }

    @Test
    void wrongOffsetsAndLyingSizesInTheParquetFooter() throws IOException {
        for (String name : List.of("dict_v2_zstd", "plain_v1_uncompressed", "delta_v1_snappy")) {
            byte[] file = parquetFile(name);
            long len = file.length;
            int chunks = footer(file).getRow_groups().stream()
                    .mapToInt(RowGroup::getColumnsSize)
                    .sum();
            // behind the chunk or the file: chunks with a dictionary page are read from the dictionary
            // page offset, so for them this goes unnoticed and is harmless
            for (long off : new long[] {len - 8, len, len + 1000, Long.MAX_VALUE}) {
                mutateEveryChunk(file, m -> m.setData_page_offset(off));
            }
            for (long off : new long[] {-1, 0, 3, Long.MIN_VALUE}) {
                assertThat(mutateEveryChunk(file, m -> m.setData_page_offset(off)))
                        .as("%s data_page_offset %d", name, off)
                        .isEqualTo(chunks);
            }
            for (long size : new long[] {-5, 0, 1, 7, len * 2, Integer.MAX_VALUE + 1L, Long.MAX_VALUE}) {
                assertThat(mutateEveryChunk(file, m -> m.setTotal_compressed_size(size)))
                        .as("%s total_compressed_size %d", name, size)
                        .isEqualTo(chunks);
            }
            for (long n : new long[] {-1, 0, 1, Long.MAX_VALUE, Integer.MAX_VALUE + 1L}) {
                assertThat(mutateEveryChunk(file, m -> m.setNum_values(n)))
                        .as("%s num_values %d", name, n)
                        .isEqualTo(chunks);
            }
            // values the reader may not need: only CorruptInputException or a clean read
            mutateEveryChunk(file, m -> m.setTotal_uncompressed_size(Long.MAX_VALUE));
            mutateEveryChunk(file, m -> {
                if (m.isSetDictionary_page_offset()) {
                    m.setDictionary_page_offset(m.getData_page_offset() + 1);
                }
            });
            FileMetaData fmd = footer(file);
            fmd.getRow_groups().get(0).setNum_rows(Long.MAX_VALUE);
            assertThat(readParquetFully(withFooter(file, fmd))).isTrue();
            fmd = footer(file);
            fmd.getRow_groups().get(0).setNum_rows(-1);
            assertThat(readParquetFully(withFooter(file, fmd))).isTrue();
            fmd = footer(file);
            fmd.getSchema().get(0).setNum_children(Integer.MAX_VALUE);
            assertThat(readParquetFully(withFooter(file, fmd))).isTrue();
            fmd = footer(file);
            fmd.getSchema().get(8).setType_length(1 << 30); // "fixed": FIXED_LEN_BYTE_ARRAY(4)
            assertThat(readParquetFully(withFooter(file, fmd))).isTrue();
        }
    }

    /**
     * A chunk statistic whose min or max is not as wide as the column's values is corrupt input at the
     * footer when asked for, and is not used for pruning (the row group is kept); the data still reads.
     */
    @Test
    void statisticsOfTheWrongWidth() throws IOException {
        byte[] file = parquetFile("plain_v1_uncompressed");
        FileMetaData fmd = footer(file);
        int checked = 0;
        for (int c = 0; c < fmd.getRow_groups().get(0).getColumnsSize(); c++) {
            ColumnMetaData m = fmd.getRow_groups().get(0).getColumns().get(c).getMeta_data();
            if (m.isSetStatistics() && m.getStatistics().isSetMin_value()) {
                byte[] min = m.getStatistics().getMin_value();
                m.getStatistics().setMin_value(Arrays.copyOf(min, min.length == 0 ? 3 : min.length - 1));
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(3);
        byte[] damaged = withFooter(file, fmd);
        long footerStart = damaged.length - 8 - footerLength(damaged);
        try (ParquetFileReader r = ParquetFileReader.open(damaged)) {
            int refused = 0;
            int kept = 0;
            for (int c = 0; c < r.columns().size(); c++) {
                ColumnMetaData m =
                        fmd.getRow_groups().get(0).getColumns().get(c).getMeta_data();
                if (!m.isSetStatistics() || !m.getStatistics().isSetMin_value()) {
                    continue;
                }
                dev.colcodec.parquet.PhysicalType t = r.columns().get(c).type();
                int col = c;
                if (t == dev.colcodec.parquet.PhysicalType.BYTE_ARRAY
                        || t == dev.colcodec.parquet.PhysicalType.FIXED_LEN_BYTE_ARRAY
                                && r.order(col) == ColumnStatistics.Order.PHYSICAL) {
                    // any width is a BYTE_ARRAY bound, and a shorter FIXED_LEN_BYTE_ARRAY bound in the
                    // lexicographic order a truncated one (TruncatedStatisticsTest)
                    assertThat(r.statistics(0, col).min())
                            .isEqualTo(m.getStatistics().getMin_value());
                    continue;
                }
                assertThatThrownBy(() -> r.statistics(0, col))
                        .isInstanceOfSatisfying(
                                CorruptInputException.class,
                                e -> assertThat(e.offset()).isEqualTo(footerStart));
                refused++;
                if (t == dev.colcodec.parquet.PhysicalType.INT64 && r.order(col) == ColumnStatistics.Order.PHYSICAL) {
                    // above every (signed) value: with usable statistics the row group would be pruned
                    assertThat(r.rowGroupsOverlapping(col, ColumnStatistics.plain(Long.MAX_VALUE), null))
                            .containsExactly(0);
                    kept++;
                }
            }
            assertThat(refused).isGreaterThan(2);
            assertThat(kept).isPositive();
        }
        assertThat(readParquetFully(damaged)).isFalse();
    }

    /**
     * A dictionary entry whose length runs past the dictionary page is corrupt input at that length's
     * file offset, from memory and from disk alike.
     */
    @Test
    void aBadDictionaryEntryIsReportedAtItsFileOffset(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        byte[] file = parquetFile("dict_v1_uncompressed");
        FileMetaData fmd = footer(file);
        int damaged = 0;
        for (int c = 0; c < fmd.getRow_groups().get(0).getColumnsSize(); c++) {
            ColumnMetaData m = fmd.getRow_groups().get(0).getColumns().get(c).getMeta_data();
            if (m.getType() != org.apache.parquet.format.Type.BYTE_ARRAY || !m.isSetDictionary_page_offset()) {
                continue;
            }
            int at = (int) m.getDictionary_page_offset();
            ByteArrayInputStream in = new ByteArrayInputStream(file, at, file.length - at);
            int before = in.available();
            PageHeader h = Util.readPageHeader(in);
            int body = at + before - in.available();
            assertThat(h.getDictionary_page_header().getNum_values()).isPositive();
            byte[] bad = file.clone();
            ByteIO.putIntLE(bad, body, 1 << 30); // the first entry's length
            int col = c;
            Path p = dir.resolve("dict" + c + ".parquet");
            Files.write(p, bad);
            for (boolean fromDisk : new boolean[] {false, true}) {
                try (ParquetFileReader r = fromDisk ? ParquetFileReader.open(p) : ParquetFileReader.open(bad)) {
                    r.verifyCrc(false);
                    assertThatThrownBy(() -> {
                                ColumnChunkReader cr = r.readColumn(0, col);
                                cr.readBatch(new ColumnBatch(r.columns().get(col), 16), 16);
                            })
                            .as("column %d from %s", col, fromDisk ? "disk" : "memory")
                            .isInstanceOfSatisfying(
                                    CorruptInputException.class,
                                    e -> assertThat(e.offset()).isEqualTo(body));
                }
            }
            damaged++;
        }
        assertThat(damaged).isPositive();
    }

    /** Start and header length of every page of a column chunk. */
    static List<int[]> pages(byte[] file, ColumnMetaData m) throws IOException {
        long start = m.isSetDictionary_page_offset() ? m.getDictionary_page_offset() : m.getData_page_offset();
        long end = start + m.getTotal_compressed_size();
        List<int[]> out = new java.util.ArrayList<>();
        int pos = (int) start;
        while (pos < end) {
            ByteArrayInputStream in = new ByteArrayInputStream(file, pos, (int) (end - pos));
            int before = in.available();
            PageHeader h = Util.readPageHeader(in);
            int headerLength = before - in.available();
            out.add(new int[] {pos, headerLength, h.getCompressed_page_size()});
            pos += headerLength + h.getCompressed_page_size();
        }
        return out;
    }

    @Test
    void badPageCrcsAreDetected() throws IOException {
        for (String name : List.of("dict_v1_uncompressed", "plain_v2_snappy", "delta_v2_lz4_raw")) {
            byte[] file = parquetFile(name);
            int checked = 0;
            for (RowGroup g : footer(file).getRow_groups()) {
                for (ColumnChunk cc : g.getColumns()) {
                    for (int[] page : pages(file, cc.getMeta_data())) {
                        if (page[2] == 0) {
                            continue;
                        }
                        byte[] bad = file.clone();
                        bad[page[0] + page[1] + page[2] / 2] ^= 0x10;
                        assertThat(readParquetFully(bad))
                                .as("%s page at %d with a damaged byte", name, page[0])
                                .isTrue();
                        checked++;
                    }
                }
            }
            assertThat(checked).isGreaterThan(20);
        }
    }

    /** The file with the header of the page at {@code page} rewritten by {@code change}, offsets shifted. */
    static byte[] withPageHeader(byte[] file, int[] page, Consumer<PageHeader> change) throws IOException {
        PageHeader h = Util.readPageHeader(new ByteArrayInputStream(file, page[0], page[1]));
        change.accept(h);
        ByteArrayOutputStream header = new ByteArrayOutputStream();
        Util.writePageHeader(h, header);
        int delta = header.size() - page[1];
        FileMetaData fmd = footer(file);
        for (RowGroup g : fmd.getRow_groups()) {
            for (ColumnChunk cc : g.getColumns()) {
                ColumnMetaData m = cc.getMeta_data();
                long start = m.isSetDictionary_page_offset() ? m.getDictionary_page_offset() : m.getData_page_offset();
                if (start <= page[0] && page[0] < start + m.getTotal_compressed_size()) {
                    m.setTotal_compressed_size(m.getTotal_compressed_size() + delta);
                }
                if (m.getData_page_offset() > page[0]) {
                    m.setData_page_offset(m.getData_page_offset() + delta);
                }
                if (m.isSetDictionary_page_offset() && m.getDictionary_page_offset() > page[0]) {
                    m.setDictionary_page_offset(m.getDictionary_page_offset() + delta);
                }
                cc.unsetOffset_index_offset();
                cc.unsetOffset_index_length();
                cc.unsetColumn_index_offset();
                cc.unsetColumn_index_length();
            }
        }
        int dataEnd = file.length - 8 - footerLength(file);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(file, 0, page[0]);
        out.write(header.toByteArray());
        out.write(file, page[0] + page[1], dataEnd - page[0] - page[1]);
        out.write(new byte[8 + footerLength(file)]); // placeholder footer, replaced below
        return withFooter(out.toByteArray(), fmd);
    }

    @Test
    void lyingPageHeaderSizes() throws IOException {
        for (String name : List.of("dict_v1_zstd", "plain_v2_gzip", "delta_v1_uncompressed", "dlba_bss_v2_snappy")) {
            byte[] file = parquetFile(name);
            FileMetaData fmd = footer(file);
            for (int c = 0; c < fmd.getRow_groups().get(0).getColumnsSize(); c++) {
                List<int[]> pages = pages(
                        file, fmd.getRow_groups().get(0).getColumns().get(c).getMeta_data());
                int[] first = pages.get(0);
                int[] last = pages.get(pages.size() - 1);
                for (int size : new int[] {-1, Integer.MIN_VALUE, Integer.MAX_VALUE, 1 << 30}) {
                    String what = name + " column " + c + " size " + size;
                    assertThat(readParquetFully(withPageHeader(file, first, h -> h.setUncompressed_page_size(size))))
                            .as("uncompressed %s", what)
                            .isTrue();
                    assertThat(readParquetFully(withPageHeader(file, last, h -> h.setCompressed_page_size(size))))
                            .as("compressed %s", what)
                            .isTrue();
                }
                // lying value counts: detected or harmless, never another exception
                for (int n : new int[] {-1, 0, Integer.MAX_VALUE}) {
                    readParquetFully(withPageHeader(file, first, h -> {
                        if (h.isSetData_page_header()) {
                            h.getData_page_header().setNum_values(n);
                        } else if (h.isSetData_page_header_v2()) {
                            h.getData_page_header_v2().setNum_values(n);
                        } else if (h.isSetDictionary_page_header()) {
                            h.getDictionary_page_header().setNum_values(n);
                        }
                    }));
                }
            }
        }
    }

    // ---- TsFile ------------------------------------------------------------------------------------

    /**
     * Reads every row of {@code file} in memory and from disk (positional reads); true when both give
     * the corrupt-input exception, false when both read it; anything else fails the test.
     */
    static boolean readTsFileFully(byte[] file) {
        boolean inMemory = readTsFile(() -> TsFileReader.of(file));
        Path tmp;
        try {
            tmp = Files.createTempFile("corrupt", ".tsfile");
            Files.write(tmp, file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            boolean fromDisk = readTsFile(() -> TsFileReader.open(tmp));
            assertThat(fromDisk)
                    .as("positional reads agree with the in-memory reader")
                    .isEqualTo(inMemory);
            return inMemory;
        } finally {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // a temp file
            }
        }
    }

    interface ReaderSource {
        TsFileReader get() throws IOException;
    }

    private static boolean readTsFile(ReaderSource source) {
        try (TsFileReader r = source.get()) {
            List<dev.colcodec.format.tsfile.TsBlock> all =
                    r.query(TsFileMatrix.TABLE, TS_COLUMNS, Long.MIN_VALUE, Long.MAX_VALUE);
            if (!all.isEmpty() && all.get(0).size() > 2) {
                // a range inside the first device's rows: chunk groups partly in range (read page by page)
                long[] t = all.get(0).times();
                int n = all.get(0).size();
                r.query(TsFileMatrix.TABLE, TS_COLUMNS, t[n / 3], t[n / 2]);
            }
            return false;
        } catch (CorruptInputException expected) {
            return true;
        } catch (IllegalArgumentException e) {
            // a damaged schema that lost the table or a column: the query names what is missing
            if (e.getMessage() != null && e.getMessage().startsWith("no ")) {
                return true;
            }
            throw new AssertionError("not a CorruptInputException", e);
        } catch (Exception e) {
            throw new AssertionError("not a CorruptInputException", e);
        }
    }

    static byte[] tsFile(int caseIndex) throws IOException {
        return TsFileMatrix.write(TsFileMatrix.cases().get(caseIndex));
    }

    @Test
    void truncatedTsFiles() throws IOException {
        byte[] file = tsFile(1);
        for (int n = 0; n < file.length; n += n < file.length - 3000 ? 17 : 1) {
            assertThat(readTsFileFully(Arrays.copyOf(file, n)))
                    .as("file cut to %d of %d bytes is corrupt", n, file.length)
                    .isTrue();
        }
    }

    @Test
    void lyingTsFileTailAndMetadata() throws IOException {
        for (int k = 0; k < TsFileMatrix.cases().size(); k += 3) {
            byte[] file = tsFile(k);
            int sizeAt = file.length - 6 - 4;
            for (int size : new int[] {-1, 0, 1, file.length, file.length - 10, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
                byte[] bad = file.clone();
                ByteIO.putIntBE(bad, sizeAt, size);
                assertThat(readTsFileFully(bad)).as("metadata size %d", size).isTrue();
            }
            if (k > 0) {
                continue;
            }
            // every byte of the metadata section (index nodes, timeseries metadata, schemas, offsets) replaced
            int metaSize = ByteIO.getIntBE(file, sizeAt);
            int metaStart = sizeAt - metaSize;
            TsFileReader good = TsFileReader.of(file);
            int indexStart = Math.toIntExact(good.metadataOffset());
            int detected = 0;
            for (int at = indexStart; at < sizeAt; at++) {
                for (int v : new int[] {0x00, 0xFF, file[at] + 1}) {
                    byte[] bad = file.clone();
                    bad[at] = (byte) v;
                    if (readTsFileFully(bad)) {
                        detected++;
                    }
                }
            }
            assertThat(detected).isPositive();
            assertThat(metaStart).isGreaterThan(indexStart);
        }
    }
}
