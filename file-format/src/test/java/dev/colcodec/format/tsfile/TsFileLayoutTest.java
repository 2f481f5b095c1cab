package dev.colcodec.format.tsfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import java.io.File;
import java.nio.file.Files;
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
}
