package dev.colcodec.format.tsfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.tsfile.TsFileFixtures.Dataset;
import dev.colcodec.format.tsfile.TsFileFixtures.Device;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.tsfile.file.metadata.IChunkMetadata;
import org.apache.tsfile.file.metadata.IDeviceID;
import org.apache.tsfile.file.metadata.TimeseriesMetadata;
import org.apache.tsfile.read.TsFileSequenceReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TsChunkReaderTest {
    @TempDir
    Path dir;

    /** Chunk offsets per device tag "devN": column name ("" = time) to offset. */
    private static Map<String, Map<String, Integer>> chunkOffsets(File f) throws Exception {
        Map<String, Map<String, Integer>> out = new HashMap<>();
        try (TsFileSequenceReader r = new TsFileSequenceReader(f.getPath())) {
            for (Map.Entry<IDeviceID, List<TimeseriesMetadata>> e :
                    r.getAllTimeseriesMetadata(true).entrySet()) {
                Map<String, Integer> cols = new HashMap<>();
                for (TimeseriesMetadata tm : e.getValue()) {
                    List<IChunkMetadata> chunks = tm.getChunkMetadataList();
                    assertEquals(1, chunks.size(), "one chunk per series in these fixtures");
                    cols.put(tm.getMeasurementId(), (int) chunks.get(0).getOffsetOfChunkHeader());
                }
                out.put((String) e.getKey().segment(2), cols);
            }
        }
        return out;
    }

    private static TsBlock newBlock(Dataset ds) {
        List<TsColumn> cols = new ArrayList<>();
        for (TsFileFixtures.Field fd : ds.fields) {
            cols.add(new TsColumn(fd.name, fd.type));
        }
        return new TsBlock(cols);
    }

    private static void readAndCheck(
            Dataset ds, byte[] bytes, Map<String, Map<String, Integer>> offsets, long min, long max) {
        readAndCheck(ds, bytes, offsets, min, max, new TsChunkReader());
    }

    /** Reads every device's rows in {@code [min, max]} with {@code reader} and checks them. */
    private static void readAndCheck(
            Dataset ds,
            byte[] bytes,
            Map<String, Map<String, Integer>> offsets,
            long min,
            long max,
            TsChunkReader reader) {
        for (Device dev : ds.devices) {
            Map<String, Integer> cols = offsets.get(dev.tags[1]);
            int[] valueOffsets = new int[ds.fields.size()];
            for (int c = 0; c < valueOffsets.length; c++) {
                valueOffsets[c] = cols.getOrDefault(ds.fields.get(c).name, -1);
            }
            TsBlock block = newBlock(ds);
            reader.readAligned(bytes, bytes.length, cols.get(""), valueOffsets, min, max, block);
            int row = 0;
            for (int i = 0; i < dev.times.length; i++) {
                long t = dev.times[i];
                if (t < min || t > max) {
                    continue;
                }
                assertEquals(t, block.times()[row], "time of row " + row);
                for (int c = 0; c < valueOffsets.length; c++) {
                    assertEquals(row + 1, Math.max(row + 1, 0));
                    TsFileFixtures.assertCell(
                            dev.values[c][i],
                            block.column(c),
                            row,
                            dev.tags[1] + " " + ds.fields.get(c).name + " row " + i);
                }
                row++;
            }
            assertEquals(row, block.size(), dev.tags[1] + " rows in [" + min + ", " + max + "]");
            for (int c = 0; c < valueOffsets.length; c++) {
                assertEquals(row, block.column(c).size());
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"TS_2DIFF", "PLAIN"})
    void readsTsFileAlignedChunksWithTimeFilter(String timeEncoder) throws Exception {
        Dataset ds = TsFileFixtures.dataset(7, TsFileFixtures.allTypes(), new int[] {1234, 1, 350}, 0.2, 3);
        File f = dir.resolve("a.tsfile").toFile();
        TsFileFixtures.writeWithTsFile(ds, f, 100, timeEncoder);
        byte[] bytes = Files.readAllBytes(f.toPath());
        Map<String, Map<String, Integer>> offsets = chunkOffsets(f);
        readAndCheck(ds, bytes, offsets, Long.MIN_VALUE, Long.MAX_VALUE);
        long[] t0 = ds.devices.get(0).times;
        readAndCheck(ds, bytes, offsets, t0[150], t0[777]);
        readAndCheck(ds, bytes, offsets, t0[3], t0[3]);
        readAndCheck(ds, bytes, offsets, t0[999] + 1, Long.MAX_VALUE);
        readAndCheck(ds, bytes, offsets, Long.MIN_VALUE, 0);
        Random r = new Random(3);
        for (int k = 0; k < 10; k++) {
            long a = t0[r.nextInt(t0.length)];
            long b = a + r.nextInt(900);
            readAndCheck(ds, bytes, offsets, a, b);
        }
    }

    /**
     * A narrow time range leaves the pages outside it undecoded (their statistics say so) and skips the
     * TS_2DIFF blocks of a time page that lie wholly before it (their headers say so), and still gives
     * exactly the rows a full read filtered gives; a full read skips nothing.
     */
    @Test
    void narrowRangesSkipPagesByStatisticsAndTs2DiffBlocksByPeeking() throws Exception {
        Dataset ds = TsFileFixtures.dataset(7, TsFileFixtures.allTypes(), new int[] {1234, 1, 350}, 0.2, 3);
        File f = dir.resolve("skips.tsfile").toFile();
        TsFileFixtures.writeWithTsFile(ds, f, 1000, "TS_2DIFF");
        byte[] bytes = Files.readAllBytes(f.toPath());
        Map<String, Map<String, Integer>> offsets = chunkOffsets(f);
        TsChunkReader all = new TsChunkReader();
        readAndCheck(ds, bytes, offsets, Long.MIN_VALUE, Long.MAX_VALUE, all);
        assertEquals(0, all.pagesSkipped());
        assertEquals(0, all.timeBlocksSkipped());
        long[] t0 = ds.devices.get(0).times;
        TsChunkReader narrow = new TsChunkReader();
        readAndCheck(ds, bytes, offsets, t0[300], t0[400], narrow);
        // device 0's second page (rows 1000 to 1233) starts after the range
        assertEquals(1, narrow.pagesSkipped());
        // blocks of 129 times: device 0's rows 0-128 and 129-257 end before its row 300, and two blocks of
        // device 2 (whose times step as device 0's do) before the same time
        assertEquals(4, narrow.timeBlocksSkipped());
    }

    @Test
    void noNullsAndSinglePageChunks() throws Exception {
        Dataset ds = TsFileFixtures.dataset(11, TsFileFixtures.allTypesWithLzma2(), new int[] {90, 300}, 0.0, -1);
        File f = dir.resolve("b.tsfile").toFile();
        TsFileFixtures.writeWithTsFile(ds, f, 10_000, "TS_2DIFF");
        byte[] bytes = Files.readAllBytes(f.toPath());
        Map<String, Map<String, Integer>> offsets = chunkOffsets(f);
        readAndCheck(ds, bytes, offsets, Long.MIN_VALUE, Long.MAX_VALUE);
        long[] t0 = ds.devices.get(1).times;
        readAndCheck(ds, bytes, offsets, t0[100], t0[200]);
    }

    @Test
    void everyCorruptionOfAChunkIsCorruptInput() throws Exception {
        Dataset ds = TsFileFixtures.dataset(5, TsFileFixtures.allTypes(), new int[] {260}, 0.3, -1);
        File f = dir.resolve("c.tsfile").toFile();
        TsFileFixtures.writeWithTsFile(ds, f, 100, "TS_2DIFF");
        byte[] good = Files.readAllBytes(f.toPath());
        Map<String, Map<String, Integer>> offsets = chunkOffsets(f);
        Map<String, Integer> cols = offsets.get("dev0");
        int[] valueOffsets = new int[ds.fields.size()];
        int lo = Integer.MAX_VALUE;
        int hi = 0;
        for (int c = 0; c < valueOffsets.length; c++) {
            valueOffsets[c] = cols.get(ds.fields.get(c).name);
            lo = Math.min(lo, valueOffsets[c]);
            hi = Math.max(hi, valueOffsets[c]);
        }
        lo = Math.min(lo, cols.get(""));
        Random r = new Random(1);
        TsChunkReader reader = new TsChunkReader();
        int corrupt = 0;
        for (int k = 0; k < 250; k++) {
            byte[] bad = good.clone();
            int at = lo + r.nextInt(hi + 64 - lo);
            bad[at] = (byte) (bad[at] ^ (1 << r.nextInt(8)));
            try {
                reader.readAligned(
                        bad, bad.length, cols.get(""), valueOffsets, Long.MIN_VALUE, Long.MAX_VALUE, newBlock(ds));
            } catch (CorruptInputException e) {
                // includes an encoding byte flipped to a pair colcodec does not decode
                corrupt++;
            }
        }
        assertTrue(corrupt > 0);
        // truncation anywhere inside the chunks
        for (int cut = lo; cut < hi; cut += 29) {
            int limit = cut;
            assertThrows(
                    CorruptInputException.class,
                    () -> reader.readAligned(
                            good, limit, cols.get(""), valueOffsets, Long.MIN_VALUE, Long.MAX_VALUE, newBlock(ds)));
        }
    }

    @Test
    void countBitsMatchesNaive() {
        Random r = new Random(2);
        byte[] b = new byte[40];
        r.nextBytes(b);
        for (int from = 0; from < 100; from += 3) {
            for (int to = from; to < 320; to += 5) {
                int n = 0;
                for (int i = from; i < to; i++) {
                    n += (b[i >>> 3] >>> (7 - (i & 7))) & 1;
                }
                assertEquals(n, TsChunkReader.countBits(b, 0, from, to));
            }
        }
    }
}
