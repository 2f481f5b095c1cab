package dev.colcodec.format.tsfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.io.FileWindow;
import java.io.File;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TsFileLayoutTest {
    @TempDir
    File tmp;

    @Test
    void scansTheChunkGroupsTsFileWrote() throws Exception {
        TsFileFixtures.Dataset ds =
                TsFileFixtures.dataset(7, TsFileFixtures.allTypes(), new int[] {250, 40, 0, 3}, 0.1, 1);
        File f = new File(tmp, "oracle.tsfile");
        TsFileFixtures.writeWithTsFile(ds, f, 100, "TS_2DIFF");
        byte[] bytes = Files.readAllBytes(f.toPath());
        TsFileReader reader = TsFileReader.of(bytes);
        List<TsFileLayout.ChunkGroup> groups = TsFileLayout.scan(bytes, Math.toIntExact(reader.metadataOffset()));

        // devices with rows, each one chunk group (one tablet flush): a time chunk and a chunk per field
        assertThat(groups).hasSize(3);
        int fields = TsFileFixtures.allTypes().size();
        int[] rows = {250, 40, 3};
        for (int g = 0; g < groups.size(); g++) {
            TsFileLayout.ChunkGroup group = groups.get(g);
            assertThat(group.device()[0]).isEqualTo("t");
            assertThat(group.chunks()).hasSize(1 + fields);
            TsFileLayout.Chunk time = group.chunks().get(0);
            assertThat(time.header().isTimeChunk()).isTrue();
            assertThat(bytes[(int) time.offset()] & 0xFF)
                    .isEqualTo(time.header().marker());
            assertThat(time.pages()).hasSize((rows[g] + 99) / 100);
            int counted = 0;
            for (TsFileLayout.Page p : time.pages()) {
                counted +=
                        p.header().statistics() == null ? rows[g] : p.header().statistics().count;
            }
            assertThat(counted).isEqualTo(rows[g]);
            assertThat(group.chunks().subList(1, group.chunks().size()))
                    .allSatisfy(c -> assertThat(c.header().isValueChunk()).isTrue());
        }
        assertThat(groups.get(1).device()).containsExactly("t", "r1", "dev1");

        List<Map<String, TsStatistics>> stats = reader.deviceStatistics("t");
        assertThat(stats).hasSize(3);
        assertThat(stats.get(0).get("").count).isEqualTo(250);
        assertThat(stats.get(0).keySet()).hasSize(1 + fields);
    }

    @Test
    void badMarkersAndSizesAreCorruptInput() throws Exception {
        File f = new File(tmp, "small.tsfile");
        TsFileFixtures.writeWithTsFile(
                TsFileFixtures.dataset(3, TsFileFixtures.allTypes(), new int[] {20}, 0, -1), f, 100, "TS_2DIFF");
        byte[] bytes = Files.readAllBytes(f.toPath());
        int meta = Math.toIntExact(TsFileReader.of(bytes).metadataOffset());
        byte[] badMarker = bytes.clone();
        badMarker[7] = 0x33;
        assertThatThrownBy(() -> TsFileLayout.scan(badMarker, meta))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("marker");
        // the data area cut short: the last chunk's data no longer fits
        assertThatThrownBy(() -> TsFileLayout.scan(bytes, meta - 1)).isInstanceOf(CorruptInputException.class);
        assertThatThrownBy(() -> TsFileLayout.scan(bytes, bytes.length + 1)).isInstanceOf(CorruptInputException.class);
    }

    /**
     * A scan through positional reads of a channel (any file size; windows of 64 KiB, grown for longer
     * headers) finds what a scan of the whole file in memory finds, over a file of many windows.
     */
    @Test
    void aScanOfAChannelFindsWhatAScanOfTheBytesFinds() throws Exception {
        TsFileFixtures.Dataset ds =
                TsFileFixtures.dataset(11, TsFileFixtures.allTypes(), new int[] {9000, 1, 2500, 0, 700}, 0.2, 1);
        File f = new File(tmp, "many-pages.tsfile");
        TsFileFixtures.writeWithTsFile(ds, f, 37, "TS_2DIFF");
        byte[] bytes = Files.readAllBytes(f.toPath());
        assertThat(bytes.length).isGreaterThan(4 << 16);
        long meta = TsFileReader.of(bytes).metadataOffset();
        List<String> inMemory = describe(TsFileLayout.scan(bytes, Math.toIntExact(meta)));
        List<String> fromChannel;
        try (FileChannel ch = FileChannel.open(f.toPath(), StandardOpenOption.READ)) {
            FileWindow w = FileWindow.of(ch);
            fromChannel = describe(TsFileLayout.scan(w, meta));
            // headers close together: about one read of the file
            assertThat(w.bytesRead()).isLessThan(bytes.length + bytes.length / 10L);
        }
        assertThat(inMemory.size()).isGreaterThan(1000);
        assertThat(fromChannel).isEqualTo(inMemory);
    }

    /** Chunk and page data is skipped, not read: a file of large pages costs a window per header. */
    @Test
    void aScanOfAChannelReadsHeadersNotData() throws Exception {
        TsFileFixtures.Dataset ds = TsFileFixtures.dataset(12, TsFileFixtures.allTypes(), new int[] {120_000}, 0.1, 1);
        File f = new File(tmp, "large-pages.tsfile");
        TsFileFixtures.writeWithTsFile(ds, f, 60_000, "TS_2DIFF");
        byte[] bytes = Files.readAllBytes(f.toPath());
        long meta = TsFileReader.of(bytes).metadataOffset();
        List<TsFileLayout.ChunkGroup> groups = TsFileLayout.scan(bytes, Math.toIntExact(meta));
        int headers = 0;
        for (TsFileLayout.ChunkGroup g : groups) {
            headers++;
            for (TsFileLayout.Chunk c : g.chunks()) {
                headers += 1 + c.pages().size();
            }
        }
        try (FileChannel ch = FileChannel.open(f.toPath(), StandardOpenOption.READ)) {
            FileWindow w = FileWindow.of(ch);
            assertThat(describe(TsFileLayout.scan(w, meta))).isEqualTo(describe(groups));
            assertThat(w.bytesRead())
                    .isLessThanOrEqualTo(headers * (long) (1 << 16))
                    .isLessThan(bytes.length);
        }
    }

    /** Corrupt input is reported at the same offset, with the same words, from a channel as from bytes. */
    @Test
    void aChannelScanReportsCorruptInputAsAByteScanDoes() throws Exception {
        File f = new File(tmp, "mid.tsfile");
        TsFileFixtures.writeWithTsFile(
                TsFileFixtures.dataset(5, TsFileFixtures.allTypes(), new int[] {3000, 400}, 0.1, 1), f, 50, "TS_2DIFF");
        byte[] bytes = Files.readAllBytes(f.toPath());
        int meta = Math.toIntExact(TsFileReader.of(bytes).metadataOffset());
        List<TsFileLayout.ChunkGroup> groups = TsFileLayout.scan(bytes, meta);
        TsFileLayout.Chunk last =
                groups.get(1).chunks().get(groups.get(1).chunks().size() - 1);
        TsFileLayout.Page farPage = last.pages().get(last.pages().size() - 1);
        assertThat(farPage.offset()).isGreaterThan(1 << 16);
        byte[] badMarker = bytes.clone();
        badMarker[(int) last.offset()] = 0x33;
        byte[] badPage = bytes.clone();
        badPage[(int) farPage.offset()] = (byte) 0xFF; // its uncompressed size: a varint past the page
        badPage[(int) farPage.offset() + 1] = (byte) 0xFF;
        badPage[(int) farPage.offset() + 2] = (byte) 0xFF;
        badPage[(int) farPage.offset() + 3] = (byte) 0xFF;
        badPage[(int) farPage.offset() + 4] = (byte) 0xFF;
        for (int[] limits : new int[][] {{0, meta}, {1, meta}, {2, meta}, {0, meta - 1}, {0, 3}}) {
            byte[] file = limits[0] == 0 ? bytes : limits[0] == 1 ? badMarker : badPage;
            int limit = limits[1];
            CorruptInputException fromBytes = corrupt(() -> TsFileLayout.scan(file, limit));
            File copy = new File(tmp, "copy.tsfile");
            Files.write(copy.toPath(), file);
            try (FileChannel ch = FileChannel.open(copy.toPath(), StandardOpenOption.READ)) {
                CorruptInputException fromChannel = corrupt(() -> TsFileLayout.scan(ch, limit));
                if (fromBytes == null) {
                    assertThat(fromChannel).isNull();
                    continue;
                }
                assertThat(fromChannel).as("limit " + limit).isNotNull();
                assertThat(fromChannel.offset()).isEqualTo(fromBytes.offset());
                assertThat(fromChannel.expected()).isEqualTo(fromBytes.expected());
                if (limit == meta - 1) {
                    // the words of a chunk's own check (TsChunkHeader.read), at its header
                    assertThat(fromBytes.offset()).isEqualTo(last.offset());
                    assertThat(fromBytes.expected()).matches("chunk data of \\d+ bytes, but \\d+ remain");
                }
            }
        }
        assertThat(corrupt(() -> TsFileLayout.scan(badPage, meta)).offset()).isEqualTo(farPage.offset());
    }

    private interface Scan {
        List<TsFileLayout.ChunkGroup> run() throws Exception;
    }

    private static CorruptInputException corrupt(Scan scan) throws Exception {
        try {
            scan.run();
            return null;
        } catch (CorruptInputException e) {
            return e;
        }
    }

    /** One line per chunk group, chunk and page: offsets and header fields. */
    private static List<String> describe(List<TsFileLayout.ChunkGroup> groups) {
        List<String> lines = new ArrayList<>();
        for (TsFileLayout.ChunkGroup g : groups) {
            lines.add("group @" + g.offset() + " " + Arrays.toString(g.device()));
            for (TsFileLayout.Chunk c : g.chunks()) {
                TsChunkHeader h = c.header();
                lines.add("chunk @" + c.offset() + " " + h.marker() + " " + h.measurementId() + " " + h.dataType() + " "
                        + h.encoding() + " " + h.compression() + " " + h.dataSize() + " " + h.headerSize());
                for (TsFileLayout.Page p : c.pages()) {
                    TsPageHeader ph = p.header();
                    lines.add("page @" + p.offset() + " " + ph.uncompressedSize() + " " + ph.compressedSize() + " "
                            + (ph.statistics() == null ? "-" : ph.statistics().count));
                }
            }
        }
        return lines;
    }
}
