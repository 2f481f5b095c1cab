package dev.colcodec.format.tsfile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.colcodec.format.tsfile.TsFileFixtures.Field;
import dev.colcodec.format.tsfile.TsTreeFixtures.TreeData;
import dev.colcodec.format.tsfile.TsTreeFixtures.TreeDevice;
import dev.colcodec.tsfile.TsEncoding;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.tsfile.file.metadata.IChunkMetadata;
import org.apache.tsfile.file.metadata.IDeviceID;
import org.apache.tsfile.file.metadata.TimeseriesMetadata;
import org.apache.tsfile.read.TsFileSequenceReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Tree-model (device path) files written by tsfile 2.4.0's TsFileWriter, read through TsFileReader. */
class TsTreeModelTest {
    @TempDir
    Path dir;

    private static Field field(TreeData t, String name) {
        for (Field f : t.fields()) {
            if (f.name.equals(name)) {
                return f;
            }
        }
        throw new AssertionError(name);
    }

    private static int fieldIndex(TreeData t, String name) {
        return t.fields().indexOf(field(t, name));
    }

    /** Per device path, the measurements tsfile's own reader lists (the time column left out). */
    private static Map<String, Set<String>> oracleSeries(File f) throws Exception {
        Map<String, Set<String>> out = new HashMap<>();
        try (TsFileSequenceReader sr = new TsFileSequenceReader(f.getPath())) {
            for (Map.Entry<IDeviceID, List<TimeseriesMetadata>> e :
                    sr.getAllTimeseriesMetadata(false).entrySet()) {
                Set<String> names = new HashSet<>();
                for (TimeseriesMetadata tm : e.getValue()) {
                    if (!tm.getMeasurementId().isEmpty()) {
                        names.add(tm.getMeasurementId());
                    }
                }
                out.put(e.getKey().toString(), names);
            }
        }
        return out;
    }

    /**
     * Every time encoding tsfile writes. TS_2DIFF and PLAIN time pages say how many times they hold;
     * the others do not, so the one page of a single-page chunk (no statistics of its own) takes its
     * row count from the chunk's statistics in the metadata.
     */
    @ParameterizedTest
    @ValueSource(strings = {"TS_2DIFF", "PLAIN", "RLE", "GORILLA", "ZIGZAG", "CHIMP", "SPRINTZ", "RLBE"})
    void readsTreeModelFilesWrittenByTsFile(String timeEncoder) throws Exception {
        TreeData t = TsTreeFixtures.standard(61);
        File f = dir.resolve("tree.tsfile").toFile();
        TsTreeFixtures.write(t, f, 64, timeEncoder, 160);
        TsEncoding te = TsEncoding.valueOf(timeEncoder);
        Map<String, Set<String>> oracle = oracleSeries(f);
        byte[] bytes = Files.readAllBytes(f.toPath());
        try (TsFileReader mem = TsFileReader.of(bytes);
                TsFileReader disk = TsFileReader.open(f.toPath())) {
            for (TsFileReader r : List.of(mem, disk)) {
                assertTrue(r.schemas().isEmpty());
                assertEquals(oracle.keySet(), new HashSet<>(r.treeDevices()));
                assertEquals(t.devices().size(), r.treeDevices().size());
                for (TreeDevice d : t.devices()) {
                    checkDevice(r, t, d, oracle.get(d.path()), te);
                }
            }
        }
    }

    /**
     * GORILLA and CHIMP values equal to their end marker (NaN, the type's minimum) in non-aligned series,
     * in a single page (no page statistics) and over several pages: the value reader is told the page's
     * row count (the chunk's statistics, or the counted TS_2DIFF times), so it does not stop at them as
     * tsfile's reader does.
     */
    @ParameterizedTest
    @ValueSource(strings = {"GORILLA", "CHIMP"})
    void valuesEqualToTheEndMarkerInNonAlignedPages(String encoding) throws Exception {
        org.apache.tsfile.common.conf.TSFileConfig conf =
                org.apache.tsfile.common.conf.TSFileDescriptor.getInstance().getConfig();
        int oldPoints = conf.getMaxNumberOfPointsInPage();
        for (int points : new int[] {1000, 2}) {
            File f = dir.resolve("marker-" + encoding + points + ".tsfile").toFile();
            conf.setMaxNumberOfPointsInPage(points);
            String[] types = {"FLOAT", "DOUBLE", "INT32", "INT64"};
            try (org.apache.tsfile.write.TsFileWriter w = new org.apache.tsfile.write.TsFileWriter(f)) {
                IDeviceID d = IDeviceID.Factory.DEFAULT_FACTORY.create("root.sg.d1");
                for (String type : types) {
                    w.registerTimeseries(
                            d,
                            new org.apache.tsfile.write.schema.MeasurementSchema(
                                    type.toLowerCase(java.util.Locale.ROOT),
                                    org.apache.tsfile.enums.TSDataType.valueOf(type),
                                    org.apache.tsfile.file.metadata.enums.TSEncoding.valueOf(encoding),
                                    org.apache.tsfile.file.metadata.enums.CompressionType.UNCOMPRESSED));
                }
                for (int t = 1; t <= 5; t++) {
                    boolean marker = t == 2 || t == 5;
                    w.writeRecord(new org.apache.tsfile.write.record.TSRecord(d, t)
                            .addPoint("float", marker ? Float.NaN : (float) t)
                            .addPoint("double", marker ? Double.NaN : (double) t)
                            .addPoint("int32", marker ? Integer.MIN_VALUE : t)
                            .addPoint("int64", marker ? Long.MIN_VALUE : (long) t));
                }
            } finally {
                conf.setMaxNumberOfPointsInPage(oldPoints);
            }
            try (TsFileReader r = TsFileReader.open(f.toPath())) {
                for (String type : types) {
                    TsBlock b = r.seriesQuery(
                            "root.sg.d1", type.toLowerCase(java.util.Locale.ROOT), Long.MIN_VALUE, Long.MAX_VALUE);
                    String where = encoding + " " + type + ", " + points + " points a page";
                    assertArrayEquals(new long[] {1, 2, 3, 4, 5}, java.util.Arrays.copyOf(b.times(), b.size()), where);
                    TsColumn c = b.column(0);
                    for (int i = 0; i < 5; i++) {
                        boolean marker = i == 1 || i == 4;
                        String v;
                        switch (type) {
                            case "FLOAT":
                                v = String.valueOf(c.floats()[i]);
                                assertEquals(marker ? "NaN" : String.valueOf((float) (i + 1)), v, where);
                                break;
                            case "DOUBLE":
                                v = String.valueOf(c.doubles()[i]);
                                assertEquals(marker ? "NaN" : String.valueOf((double) (i + 1)), v, where);
                                break;
                            case "INT32":
                                assertEquals(marker ? Integer.MIN_VALUE : i + 1, c.ints()[i], where);
                                break;
                            default:
                                assertEquals(marker ? Long.MIN_VALUE : i + 1, c.longs()[i], where);
                                break;
                        }
                    }
                }
            }
        }
    }

    private static void checkDevice(TsFileReader r, TreeData t, TreeDevice d, Set<String> oracle, TsEncoding te) {
        List<TsMeasurement> ms = r.measurements(d.path());
        Set<String> names = new HashSet<>();
        for (TsMeasurement m : ms) {
            names.add(m.name());
            Field f = field(t, m.name());
            assertEquals(f.type, m.type(), m.name());
            assertEquals(f.encoding.name(), m.encoding().name(), m.name());
            assertEquals(f.compression.name(), compressionName(m), m.name());
            assertEquals(d.aligned(), m.aligned(), m.name());
        }
        assertEquals(oracle, names, d.path());
        // field 3 has no point in the first device: no series for it unless aligned
        assertTrue(names.size() >= t.fields().size() - 1, d.path() + " " + names);

        long[] times = d.data().times;
        long first = times[0];
        long last = times[times.length - 1];
        long[][] ranges = {
            {Long.MIN_VALUE, Long.MAX_VALUE},
            {first + (last - first) / 3, first + (last - first) / 2},
            {times[times.length / 2], times[times.length / 2]},
            {last + 1, Long.MAX_VALUE},
            {Long.MIN_VALUE, first - 1},
            {first + 1, last - 1}
        };
        for (TsMeasurement m : ms) {
            int c = fieldIndex(t, m.name());
            TsBlock all = r.seriesQuery(d.path(), m.name(), Long.MIN_VALUE, Long.MAX_VALUE, te);
            assertEquals(d.path(), String.join(".", all.device()));
            for (long[] range : ranges) {
                TsBlock b = r.seriesQuery(d.path(), m.name(), range[0], range[1], te);
                assertEquals(1, b.columnCount());
                assertEquals(m.name(), b.column(0).name());
                List<Integer> rows = new ArrayList<>();
                for (int i = 0; i < times.length; i++) {
                    if (d.data().values[c][i] != null && times[i] >= range[0] && times[i] <= range[1]) {
                        rows.add(i);
                    }
                }
                String where = d.path() + "." + m.name() + " " + range[0] + ".." + range[1];
                assertEquals(rows.size(), b.size(), where);
                assertFalse(b.column(0).hasNulls(), where);
                for (int k = 0; k < rows.size(); k++) {
                    int i = rows.get(k);
                    assertEquals(times[i], b.times()[k], where);
                    TsFileFixtures.assertCell(d.data().values[c][i], b.column(0), k, where + " row " + i);
                }
                // a range query equals the full read filtered by time
                int kept = 0;
                for (int k = 0; k < all.size(); k++) {
                    if (all.times()[k] >= range[0] && all.times()[k] <= range[1]) {
                        assertEquals(all.times()[k], b.times()[kept]);
                        kept++;
                    }
                }
                assertEquals(kept, b.size(), where);
            }
        }
        if (d.aligned()) {
            List<String> names2 = new ArrayList<>();
            for (TsMeasurement m : ms) {
                names2.add(m.name());
            }
            for (long[] range : ranges) {
                TsBlock b = r.alignedQuery(d.path(), names2, range[0], range[1]);
                String where = d.path() + " aligned " + range[0] + ".." + range[1];
                List<Integer> rows = new ArrayList<>();
                for (int i = 0; i < times.length; i++) {
                    if (times[i] >= range[0] && times[i] <= range[1]) {
                        rows.add(i);
                    }
                }
                assertEquals(rows.size(), b.size(), where);
                for (int k = 0; k < rows.size(); k++) {
                    int i = rows.get(k);
                    assertEquals(times[i], b.times()[k], where);
                    for (int j = 0; j < names2.size(); j++) {
                        int c = fieldIndex(t, names2.get(j));
                        TsFileFixtures.assertCell(
                                d.data().values[c][i], b.column(j), k, where + " " + names2.get(j) + " row " + i);
                    }
                }
            }
        } else {
            assertThrows(
                    IllegalArgumentException.class,
                    () -> r.alignedQuery(d.path(), List.of(ms.get(0).name()), 0, 1));
        }
        assertThrows(IllegalArgumentException.class, () -> r.seriesQuery(d.path(), "nope", 0, 1));
    }

    private static String compressionName(TsMeasurement m) {
        switch (m.compression()) {
            case LZ4_RAW:
                return "LZ4";
            case UNCOMPRESSED:
                return "UNCOMPRESSED";
            default:
                return m.compression().name();
        }
    }

    /**
     * The pages of a chunk follow in time order (tsfile refuses to write out-of-order data): a page whose
     * times start before the previous page's last time is corrupt input at that page. Chunks may overlap
     * (unsequence files), so only pages of one chunk are compared.
     */
    @Test
    void aPageGoingBackInTimeIsCorruptInput() throws Exception {
        File f = dir.resolve("back.tsfile").toFile();
        org.apache.tsfile.common.conf.TSFileConfig conf =
                org.apache.tsfile.common.conf.TSFileDescriptor.getInstance().getConfig();
        int oldPoints = conf.getMaxNumberOfPointsInPage();
        String oldTime = conf.getTimeEncoder();
        conf.setMaxNumberOfPointsInPage(4);
        conf.setTimeEncoder("PLAIN");
        IDeviceID d = IDeviceID.Factory.DEFAULT_FACTORY.create("root.sg.d1");
        try (org.apache.tsfile.write.TsFileWriter w = new org.apache.tsfile.write.TsFileWriter(f)) {
            w.registerTimeseries(
                    d,
                    new org.apache.tsfile.write.schema.MeasurementSchema(
                            "s",
                            org.apache.tsfile.enums.TSDataType.INT64,
                            org.apache.tsfile.file.metadata.enums.TSEncoding.PLAIN,
                            org.apache.tsfile.file.metadata.enums.CompressionType.UNCOMPRESSED));
            for (long t = 10; t <= 80; t += 10) {
                w.writeRecord(new org.apache.tsfile.write.record.TSRecord(d, t).addPoint("s", 1000 + t));
            }
        } finally {
            conf.setMaxNumberOfPointsInPage(oldPoints);
            conf.setTimeEncoder(oldTime);
        }
        byte[] file = Files.readAllBytes(f.toPath());
        try (TsFileReader r = TsFileReader.of(file)) {
            assertArrayEquals(
                    new long[] {10, 20, 30, 40, 50, 60, 70, 80},
                    java.util.Arrays.copyOf(
                            r.seriesQuery("root.sg.d1", "s", 0, 100, TsEncoding.PLAIN)
                                    .times(),
                            8));
        }
        // the second page's first time, 50 (big-endian, followed by 60; not its header's statistics), becomes 5
        byte[] fiftySixty = new byte[16];
        dev.colcodec.io.ByteIO.putLongBE(fiftySixty, 0, 50);
        dev.colcodec.io.ByteIO.putLongBE(fiftySixty, 8, 60);
        int at = -1;
        for (int i = 0; i + 16 <= file.length && at < 0; i++) {
            if (java.util.Arrays.equals(file, i, i + 16, fiftySixty, 0, 16)) {
                at = i;
            }
        }
        assertTrue(at > 0);
        file[at + 7] = 5;
        try (TsFileReader r = TsFileReader.of(file)) {
            dev.colcodec.CorruptInputException e = assertThrows(
                    dev.colcodec.CorruptInputException.class,
                    () -> r.seriesQuery("root.sg.d1", "s", 0, 100, TsEncoding.PLAIN));
            assertTrue(e.offset() > 0 && e.offset() < at, "offset " + e.offset() + " of the page before " + at);
            assertTrue(e.expected().contains("times from 40 on"), e.expected());
            // a range that only reaches the second page reads it (no earlier page to compare with); its
            // time 5 is outside the range
            TsBlock second = r.seriesQuery("root.sg.d1", "s", 45, 100, TsEncoding.PLAIN);
            assertArrayEquals(new long[] {60, 70, 80}, java.util.Arrays.copyOf(second.times(), second.size()));
        }
    }

    @Test
    void devicePathsSplitAsTsFileSplitsThem() throws Exception {
        TreeData t = TsTreeFixtures.standard(62);
        File f = dir.resolve("paths.tsfile").toFile();
        TsTreeFixtures.write(t, f, 1000, "TS_2DIFF", 1000);
        TsFileReader r = TsFileReader.of(Files.readAllBytes(f.toPath()));
        // tsfile keys a tree device under its first three levels at most: root.a.b.c.d5 -> [root.a.b, c, d5]
        assertEquals(List.of("root.a.b", "root.sg1", "root.sg2"), r.tables());
        assertEquals(List.of(List.of("root.a.b", "c", "d5")), ids(r.devices("root.a.b")));
        assertEquals(
                List.of(List.of("root.sg1", "d1"), List.of("root.sg1", "d2"), List.of("root.sg1", "d4")),
                ids(r.devices("root.sg1")));
        assertEquals(
                List.of("root.a.b.c.d5", "root.sg1.d1", "root.sg1.d2", "root.sg1.d4", "root.sg2.d3"), r.treeDevices());
        TsBlock b = r.seriesQuery("root.a.b.c.d5", "l", Long.MIN_VALUE, Long.MAX_VALUE);
        assertArrayEquals(new String[] {"root.a.b", "c", "d5"}, b.device());
        assertThrows(IllegalArgumentException.class, () -> r.measurements("root.sg1"));
        assertThrows(IllegalArgumentException.class, () -> r.seriesQuery("root.sg9.d1", "l", 0, 1));
    }

    private static List<List<String>> ids(List<String[]> ids) {
        List<List<String>> out = new ArrayList<>();
        for (String[] id : ids) {
            out.add(List.of(id));
        }
        return out;
    }

    @Test
    void narrowQueriesFromDiskReadLittle() throws Exception {
        TreeData t = TsTreeFixtures.data(
                63,
                new String[] {"root.sg.big", "root.sg.al"},
                new TsTreeFixtures.Kind[] {TsTreeFixtures.Kind.TABLET, TsTreeFixtures.Kind.ALIGNED},
                new int[] {6000, 6000},
                0.1);
        File f = dir.resolve("big.tsfile").toFile();
        TsTreeFixtures.write(t, f, 100, "TS_2DIFF", 3000);
        long size = Files.size(f.toPath());
        for (String dev : List.of("root.sg.big", "root.sg.al")) {
            try (TsFileReader r = TsFileReader.open(f.toPath())) {
                long t0 = t.devices().get(0).data().times[2500];
                long before = r.bytesRead();
                TsBlock b = r.seriesQuery(dev, "l", t0, t0 + 20);
                assertTrue(b.size() > 0);
                long read = r.bytesRead() - before;
                assertTrue(read < size / 20, dev + " read " + read + " of " + size);
            }
        }
    }

    @Test
    void chunkStatisticsPruneWholeChunks() throws Exception {
        TreeData t = TsTreeFixtures.standard(64);
        File f = dir.resolve("prune.tsfile").toFile();
        TsTreeFixtures.write(t, f, 64, "TS_2DIFF", 100);
        // several chunks per series: the oracle's metadata says so
        try (TsFileSequenceReader sr = new TsFileSequenceReader(f.getPath())) {
            int multi = 0;
            for (List<TimeseriesMetadata> l : sr.getAllTimeseriesMetadata(true).values()) {
                for (TimeseriesMetadata tm : l) {
                    List<? extends IChunkMetadata> cms = tm.getChunkMetadataList();
                    multi += cms.size() > 1 ? 1 : 0;
                }
            }
            assertTrue(multi > 20, "series with several chunks: " + multi);
        }
        TsFileReader r = TsFileReader.of(Files.readAllBytes(f.toPath()));
        long[] times = t.devices().get(0).data().times;
        TsBlock b = r.seriesQuery("root.sg1.d1", "i", times[650], Long.MAX_VALUE);
        int expect = 0;
        int c = fieldIndex(t, "i");
        for (int i = 650; i < times.length; i++) {
            expect += t.devices().get(0).data().values[c][i] != null ? 1 : 0;
        }
        assertEquals(expect, b.size());
    }
}
