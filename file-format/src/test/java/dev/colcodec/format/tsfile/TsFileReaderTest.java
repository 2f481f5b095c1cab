package dev.colcodec.format.tsfile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.tsfile.TsFileFixtures.Dataset;
import dev.colcodec.format.tsfile.TsFileFixtures.Device;
import dev.colcodec.format.tsfile.TsFileFixtures.Field;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TsFileReaderTest {
    @TempDir
    Path dir;

    /** Checks a query's blocks against the data set: devices in any order, rows in time order. */
    static void check(Dataset ds, List<TsBlock> blocks, List<String> columns, long min, long max) {
        int expectedDevices = 0;
        for (Device dev : ds.devices) {
            int rows = 0;
            for (long t : dev.times) {
                if (t >= min && t <= max) {
                    rows++;
                }
            }
            if (rows == 0) {
                continue;
            }
            expectedDevices++;
            TsBlock b = null;
            for (TsBlock x : blocks) {
                if (x.device()[2].equals(dev.tags[1])) {
                    b = x;
                }
            }
            if (b == null) {
                throw new AssertionError("no block for " + dev.tags[1]);
            }
            assertEquals(ds.table, b.device()[0]);
            assertEquals(dev.tags[0], b.device()[1]);
            assertEquals(rows, b.size(), dev.tags[1]);
            int row = 0;
            for (int i = 0; i < dev.times.length; i++) {
                if (dev.times[i] < min || dev.times[i] > max) {
                    continue;
                }
                assertEquals(dev.times[i], b.times()[row]);
                for (int c = 0; c < columns.size(); c++) {
                    String name = columns.get(c);
                    TsColumn col = b.column(c);
                    assertEquals(name, col.name());
                    int tag = Arrays.asList(ds.tagNames).indexOf(name);
                    Object expected;
                    if (tag >= 0) {
                        expected = dev.tags[tag] == null
                                ? null
                                : dev.tags[tag].getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    } else {
                        int f = fieldIndex(ds, name);
                        expected = dev.values[f][i];
                    }
                    TsFileFixtures.assertCell(expected, col, row, dev.tags[1] + " " + name + " row " + i);
                }
                row++;
            }
        }
        assertEquals(expectedDevices, blocks.size());
    }

    static int fieldIndex(Dataset ds, String name) {
        for (int f = 0; f < ds.fields.size(); f++) {
            if (ds.fields.get(f).name.equals(name)) {
                return f;
            }
        }
        throw new AssertionError(name);
    }

    static List<String> allColumns(Dataset ds) {
        List<String> cols = new ArrayList<>(Arrays.asList(ds.tagNames));
        for (Field f : ds.fields) {
            cols.add(f.name);
        }
        return cols;
    }

    @Test
    void readsTsFileWrittenFilesWithSchemaDevicesAndQueries() throws Exception {
        Dataset ds = TsFileFixtures.dataset(21, TsFileFixtures.allTypes(), new int[] {900, 1, 420, 77}, 0.15, 5);
        File f = dir.resolve("q.tsfile").toFile();
        TsFileFixtures.writeWithTsFile(ds, f, 128, "TS_2DIFF");
        TsFileReader r = TsFileReader.open(f.toPath());
        assertEquals(List.of("t"), r.tables());
        TsTableSchema schema = r.schema("t");
        assertEquals(List.of("region", "dev", "extra"), schema.tagNames());
        assertEquals(ds.tagNames.length + ds.fields.size(), schema.columns().size());
        for (Field fd : ds.fields) {
            TsTableSchema.Column c = schema.column(fd.name);
            assertEquals(fd.type, c.type());
            assertEquals(fd.encoding.serialize(), c.encoding().serialized());
            assertEquals(fd.compression.serialize(), c.compression().tsfileId());
            assertEquals(TsTableSchema.Category.FIELD, c.category());
        }
        List<String[]> devices = r.devices("t");
        assertEquals(4, devices.size());
        List<String> cols = allColumns(ds);
        check(ds, r.query("t", cols, Long.MIN_VALUE, Long.MAX_VALUE), cols, Long.MIN_VALUE, Long.MAX_VALUE);
        long[] t0 = ds.devices.get(0).times;
        Random rnd = new Random(4);
        for (int k = 0; k < 4; k++) {
            long a = t0[rnd.nextInt(t0.length)];
            long b = a + rnd.nextInt(2000);
            List<String> some = List.of("l", "dev", "s", "b");
            check(ds, r.query("t", some, a, b), some, a, b);
        }
        assertThrows(IllegalArgumentException.class, () -> r.query("nope", cols, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> r.query("t", List.of("zz"), 0, 1));
    }

    @Test
    void parallelDecodeGivesTheSameBlocks() throws Exception {
        Dataset ds = TsFileFixtures.dataset(24, TsFileFixtures.allTypes(), new int[] {800, 3, 200}, 0.25, 1);
        File f = dir.resolve("p.tsfile").toFile();
        TsFileFixtures.writeWithTsFile(ds, f, 100, "TS_2DIFF", 8192, 250);
        TsFileReader r = TsFileReader.open(f.toPath());
        List<String> cols = allColumns(ds);
        long[] t0 = ds.devices.get(0).times;
        for (int threads = 1; threads <= 3; threads++) {
            java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(threads);
            try {
                check(
                        ds,
                        r.query("t", cols, Long.MIN_VALUE, Long.MAX_VALUE, pool),
                        cols,
                        Long.MIN_VALUE,
                        Long.MAX_VALUE);
                check(ds, r.query("t", cols, t0[77], t0[612], pool), cols, t0[77], t0[612]);
            } finally {
                pool.shutdownNow();
            }
        }
    }

    /** The rows of {@code blocks}, concatenated per device (in order), as one block per device. */
    private static List<TsBlock> perDevice(java.util.Iterator<TsBlock> blocks, List<String> cols, Dataset ds) {
        List<TsBlock> out = new ArrayList<>();
        List<TsBlock> parts = new ArrayList<>();
        String[] device = null;
        while (blocks.hasNext()) {
            TsBlock b = blocks.next();
            assertTrue(b.size() > 0, "no empty blocks");
            if (device != null && !Arrays.equals(device, b.device())) {
                out.add(concat(parts));
                parts.clear();
            }
            device = b.device();
            parts.add(b);
        }
        if (!parts.isEmpty()) {
            out.add(concat(parts));
        }
        return out;
    }

    private static TsBlock concat(List<TsBlock> parts) {
        TsBlock first = parts.get(0);
        List<TsColumn> cols = new ArrayList<>();
        for (int c = 0; c < first.columnCount(); c++) {
            cols.add(new TsColumn(first.column(c).name(), first.column(c).type()));
        }
        TsBlock all = new TsBlock(cols);
        for (TsBlock p : parts) {
            all.ensureMore(p.size());
            System.arraycopy(p.times(), 0, all.times, all.size, p.size());
            for (int c = 0; c < cols.size(); c++) {
                TsColumn from = p.column(c);
                TsColumn to = cols.get(c);
                for (int i = 0; i < p.size(); i++) {
                    to.ensureMore(1);
                    int at = to.size;
                    to.nulls[at] = from.nulls[i];
                    to.anyNull |= from.nulls[i];
                    switch (to.storageType()) {
                        case BOOLEAN -> to.booleans[at] = from.booleans[i];
                        case INT32 -> to.ints[at] = from.ints[i];
                        case INT64 -> to.longs[at] = from.longs[i];
                        case FLOAT -> to.floats[at] = from.floats[i];
                        case DOUBLE -> to.doubles[at] = from.doubles[i];
                        default ->
                            to.binaries.append(from.binaries.data(), from.binaries.offset(i), from.binaries.length(i));
                    }
                    to.size++;
                }
            }
            all.size += p.size();
        }
        all.device = first.device();
        return all;
    }

    /** Devices of 3,000, 700 and 1 rows of every type, 10% nulls, from {@code seed}. */
    private static Dataset threeDevices(long seed) {
        return TsFileFixtures.dataset(seed, TsFileFixtures.allTypes(), new int[] {3000, 700, 1}, 0.1, -1);
    }

    /** {@code ds} written by tsfile to {@code name}: TS_2DIFF times, pages of at most 300 rows. */
    private File writtenByTsFile(Dataset ds, String name) throws Exception {
        File f = dir.resolve(name).toFile();
        TsFileFixtures.writeWithTsFile(ds, f, 100, "TS_2DIFF", 4096, 300);
        return f;
    }

    @Test
    void fileReadsBlocksAndInMemoryReadsAgree() throws Exception {
        Dataset ds = threeDevices(25);
        File f = writtenByTsFile(ds, "b.tsfile");
        List<String> cols = allColumns(ds);
        long[] t0 = ds.devices.get(0).times;
        long[][] ranges = {{Long.MIN_VALUE, Long.MAX_VALUE}, {t0[333], t0[1444]}, {t0[2999], t0[2999]}, {0, 1}};
        java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(2);
        try (TsFileReader disk = TsFileReader.open(f.toPath())) {
            TsFileReader memory = TsFileReader.of(Files.readAllBytes(f.toPath()));
            for (long[] r : ranges) {
                check(ds, disk.query("t", cols, r[0], r[1]), cols, r[0], r[1]);
                check(ds, memory.query("t", cols, r[0], r[1]), cols, r[0], r[1]);
                check(ds, perDevice(disk.blocks("t", cols, r[0], r[1], null), cols, ds), cols, r[0], r[1]);
                check(ds, perDevice(disk.blocks("t", cols, r[0], r[1], pool), cols, ds), cols, r[0], r[1]);
                check(ds, perDevice(memory.blocks("t", cols, r[0], r[1], pool), cols, ds), cols, r[0], r[1]);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void streamingScansGiveTheRowsOfTheQueryInBoundedReusedBlocks() throws Exception {
        Dataset ds = threeDevices(27);
        File f = writtenByTsFile(ds, "s.tsfile");
        List<String> cols = allColumns(ds);
        long[] t0 = ds.devices.get(0).times;
        long[][] ranges = {{Long.MIN_VALUE, Long.MAX_VALUE}, {t0[333], t0[1444]}, {t0[2999], t0[2999]}, {0, 1}};
        java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(2);
        try (TsFileReader disk = TsFileReader.open(f.toPath())) {
            TsFileReader memory = TsFileReader.of(Files.readAllBytes(f.toPath()));
            for (long[] r : ranges) {
                for (int maxRows : new int[] {1, 299, 301, 1000, Integer.MAX_VALUE}) {
                    for (TsFileReader reader : List.of(disk, memory)) {
                        boolean parallel = maxRows == 1000 || maxRows == 299;
                        TsScan scan = reader.scan("t", cols, r[0], r[1], parallel ? pool : null, maxRows);
                        List<TsBlock> copies = new ArrayList<>();
                        List<TsBlock> seen = new ArrayList<>();
                        for (TsBlock b = scan.next(); b != null; b = scan.next()) {
                            assertTrue(b.size() > 0, "no empty blocks");
                            // pages hold at most 300 rows here: a block is cut before it exceeds maxRows
                            assertTrue(b.size() <= Math.max(maxRows, 300), b.size() + " rows > " + maxRows);
                            // one block (two with a pool: one may be decoded ahead) refilled over and over
                            int blocks = parallel ? 2 : 1;
                            java.util.Set<TsColumn> distinct =
                                    java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
                            for (TsBlock e : seen) {
                                if (Arrays.equals(e.device(), b.device())) {
                                    distinct.add(e.column(0));
                                }
                            }
                            distinct.add(b.column(0));
                            assertTrue(distinct.size() <= blocks, "columns reused: " + distinct.size() + " blocks");
                            copies.add(concat(List.of(b)));
                            seen.add(b);
                        }
                        assertNull(scan.next(), "a finished scan stays finished");
                        scan.close();
                        check(ds, perDevice(copies.iterator(), cols, ds), cols, r[0], r[1]);
                    }
                }
            }
        } finally {
            pool.shutdownNow();
        }
        // a scan left early on a pool is closed while the next block may still be decoding
        try (TsFileReader disk = TsFileReader.open(f.toPath())) {
            java.util.concurrent.ForkJoinPool p2 = new java.util.concurrent.ForkJoinPool(2);
            try (TsScan scan = disk.scan("t", cols, Long.MIN_VALUE, Long.MAX_VALUE, p2, 100)) {
                for (int i = 0; i < 3; i++) {
                    assertTrue(scan.next().size() > 0); // each reads the next block ahead
                }
                scan.close();
                assertNull(scan.next(), "a closed scan gives no more blocks");
            } finally {
                p2.shutdownNow();
            }
        }
        assertThrows(
                IllegalArgumentException.class,
                () -> TsFileReader.of(Files.readAllBytes(f.toPath())).scan("t", cols, 0, 1, null, 0));
    }

    /**
     * The parts of a scan, read one after another or each on a thread of its own, give every row of the
     * scan exactly once: a device's rows in consecutive runs of its chunk groups, devices of one chunk
     * group dealt out in turn, time ranges and device filters as in the scan.
     */
    @Test
    void scanPartsTogetherGiveEveryRowOfTheScanOnce() throws Exception {
        Dataset ds = TsFileFixtures.dataset(
                33, TsFileFixtures.allTypes(), new int[] {3000, 700, 1, 1, 1, 250, 1, 1}, 0.1, -1);
        File f = writtenByTsFile(ds, "parts.tsfile");
        List<String> cols = allColumns(ds);
        long[] t0 = ds.devices.get(0).times;
        long[][] ranges = {{Long.MIN_VALUE, Long.MAX_VALUE}, {t0[333], t0[1444]}, {t0[2999], t0[2999]}, {0, 1}};
        try (TsFileReader r = TsFileReader.open(f.toPath())) {
            for (long[] range : ranges) {
                for (int parts : new int[] {1, 2, 3, 7, 40}) {
                    List<List<TsBlock>> byPart = new ArrayList<>();
                    for (int p = 0; p < parts; p++) {
                        byPart.add(partBlocks(r.scanPart("t", cols, range[0], range[1], null, p, parts, 500)));
                    }
                    check(ds, mergedByDevice(byPart), cols, range[0], range[1]);
                    if (parts == 2 && range[0] == Long.MIN_VALUE) {
                        for (List<TsBlock> part : byPart) {
                            long rows = part.stream().mapToLong(TsBlock::size).sum();
                            // the 3,000-row device alone has chunk groups in both parts
                            assertTrue(rows > 1000, rows + " rows in a part of two");
                        }
                    }
                }
            }
            // three parts, each on a thread of its own, over one reader, with a device filter
            java.util.function.Predicate<String[]> notSecond =
                    id -> !ds.devices.get(1).tags[1].equals(id[2]);
            java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newFixedThreadPool(3);
            try {
                List<java.util.concurrent.Future<List<TsBlock>>> futures = new ArrayList<>();
                for (int p = 0; p < 3; p++) {
                    int part = p;
                    futures.add(threads.submit(() -> partBlocks(
                            r.scanPart("t", cols, Long.MIN_VALUE, Long.MAX_VALUE, notSecond, part, 3, 128))));
                }
                List<List<TsBlock>> byPart = new ArrayList<>();
                for (java.util.concurrent.Future<List<TsBlock>> fu : futures) {
                    byPart.add(fu.get());
                }
                List<TsBlock> merged = mergedByDevice(byPart);
                assertTrue(merged.stream().noneMatch(b -> b.device()[2].equals(ds.devices.get(1).tags[1])));
                Dataset without = TsFileFixtures.dataset(
                        33, TsFileFixtures.allTypes(), new int[] {3000, 700, 1, 1, 1, 250, 1, 1}, 0.1, -1);
                without.devices.remove(1);
                check(without, merged, cols, Long.MIN_VALUE, Long.MAX_VALUE);
            } finally {
                threads.shutdownNow();
            }
            assertThrows(IllegalArgumentException.class, () -> r.scanPart("t", cols, 0, 1, null, 2, 2, 10));
            assertThrows(IllegalArgumentException.class, () -> r.scanPart("t", cols, 0, 1, null, -1, 2, 10));
            assertThrows(IllegalArgumentException.class, () -> r.scanPart("t", cols, 0, 1, null, 0, 0, 10));
            assertThrows(IllegalArgumentException.class, () -> r.scanPart("t", cols, 0, 1, null, 0, 1, 0));
        }
    }

    /**
     * A time-range query's chunk groups are dealt out among the parts evenly: the two chunk groups in range
     * of ten go one to each of two parts (cutting all ten in halves put both in one part), and each chunk
     * group out of range is skipped by one part only.
     */
    @Test
    void scanPartsShareTheChunkGroupsOfATimeRange() throws Exception {
        TsTableSchema schema = new TsTableSchema(
                "t",
                List.of(new TsTableSchema.Column(
                        "v",
                        TsDataType.INT64,
                        TsEncoding.TS_2DIFF,
                        Compression.LZ4_RAW,
                        TsTableSchema.Category.FIELD)));
        java.io.ByteArrayOutputStream bos = new java.io.ByteArrayOutputStream();
        try (TsFileWriter w = new TsFileWriter(bos, List.of(schema), new TsFileWriter.Options())) {
            for (int g = 0; g < 10; g++) {
                long[] times = new long[100];
                long[] values = new long[100];
                for (int i = 0; i < 100; i++) {
                    times[i] = g * 100L + i;
                    values[i] = 7L * times[i];
                }
                w.write(new TsTablet(schema).times(times, 100).longs("v", values, null));
            }
        }
        byte[] file = bos.toByteArray();
        long[][] ranges = {{650, 749}, {650, 849}, {0, 999}, {990, 5000}, {-5, 0}, {2000, 3000}};
        for (long[] range : ranges) {
            for (int parts : new int[] {2, 3, 4, 11}) {
                TsFileReader r = TsFileReader.of(file);
                List<Long> rowsPerPart = new ArrayList<>();
                List<Long> times = new ArrayList<>();
                for (int p = 0; p < parts; p++) {
                    long rows = 0;
                    for (TsBlock b :
                            partBlocks(r.scanPart("t", List.of("v"), range[0], range[1], null, p, parts, 64))) {
                        rows += b.size();
                        for (int i = 0; i < b.size(); i++) {
                            times.add(b.times()[i]);
                            assertEquals(7L * b.times()[i], b.column("v").longs()[i]);
                        }
                    }
                    rowsPerPart.add(rows);
                }
                java.util.Collections.sort(times);
                long from = Math.max(range[0], 0);
                long to = Math.min(range[1], 999);
                List<Long> expected = new ArrayList<>();
                for (long t = from; t <= to; t++) {
                    expected.add(t);
                }
                assertEquals(expected, times, Arrays.toString(range) + ", " + parts + " parts");
                long groupsInRange = from > to ? 0 : to / 100 - from / 100 + 1;
                // every part with a chunk group in range has one of its own while there are enough
                long busy = rowsPerPart.stream().filter(n -> n > 0).count();
                assertEquals(Math.min(parts, groupsInRange), busy, rowsPerPart + " for " + Arrays.toString(range));
                assertEquals(10 - groupsInRange, r.readCounts().chunksSkipped(), Arrays.toString(range));
            }
        }
    }

    /** Copies of the blocks of a scan, which it closes. */
    private static List<TsBlock> partBlocks(TsScan scan) {
        List<TsBlock> copies = new ArrayList<>();
        try (scan) {
            for (TsBlock b = scan.next(); b != null; b = scan.next()) {
                assertTrue(b.size() > 0, "no empty blocks");
                copies.add(concat(List.of(b)));
            }
        }
        return copies;
    }

    /**
     * The blocks of all parts as one block per device: a device's blocks from any part, ordered by their
     * first time (each holds ascending times of consecutive chunk groups, which do not overlap).
     */
    private static List<TsBlock> mergedByDevice(List<List<TsBlock>> byPart) {
        java.util.Map<String, List<TsBlock>> devices = new java.util.LinkedHashMap<>();
        for (List<TsBlock> part : byPart) {
            for (TsBlock b : part) {
                devices.computeIfAbsent(Arrays.toString(b.device()), k -> new ArrayList<>())
                        .add(b);
            }
        }
        List<TsBlock> out = new ArrayList<>();
        for (List<TsBlock> blocks : devices.values()) {
            blocks.sort(java.util.Comparator.comparingLong(b -> b.times()[0]));
            out.add(concat(blocks));
        }
        return out;
    }

    /**
     * A scan told to read ahead or decode alone in any order (the order its timing would choose depends on
     * the machine) gives every row, leaves the block it returned alone until the next call, and refills at
     * most two blocks.
     */
    @Test
    void scansSwitchingBetweenReadingAheadAndDecodingAloneGiveEveryRow() throws Exception {
        Dataset ds = threeDevices(28);
        File f = writtenByTsFile(ds, "switch.tsfile");
        List<String> cols = allColumns(ds);
        java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(2);
        try (TsFileReader disk = TsFileReader.open(f.toPath())) {
            for (String pattern : new String[] {"r", "a", "raar", "rraaar", "arar"}) {
                TsScan scan = disk.scan("t", cols, Long.MIN_VALUE, Long.MAX_VALUE, pool, 299);
                int[] decisions = {0};
                scan.choice(new TsScan.ReadAheadChoice() {
                    @Override
                    boolean readAheadNext(boolean readAhead, boolean alone, long nanos, int rows) {
                        return pattern.charAt(decisions[0]++ % pattern.length()) == 'r';
                    }
                });
                List<TsBlock> copies = new ArrayList<>();
                java.util.Map<String, java.util.Set<TsColumn>> blocks = new java.util.HashMap<>();
                for (TsBlock b = scan.next(); b != null; b = scan.next()) {
                    List<Object> before = contents(b);
                    copies.add(concat(List.of(b)));
                    assertEquals(before, contents(b), pattern + ": the block changed before the next call");
                    blocks.computeIfAbsent(
                                    Arrays.toString(b.device()),
                                    k -> java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>()))
                            .add(b.column(0));
                }
                scan.close();
                assertTrue(decisions[0] > 10, pattern + ": " + decisions[0] + " blocks");
                for (java.util.Set<TsColumn> used : blocks.values()) {
                    assertTrue(used.size() <= 2, pattern + ": " + used.size() + " blocks refilled");
                }
                check(ds, perDevice(copies.iterator(), cols, ds), cols, Long.MIN_VALUE, Long.MAX_VALUE);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** A block's times, and per column its nulls and values, boxed, for comparing. */
    private static List<Object> contents(TsBlock b) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < b.size(); i++) {
            out.add(b.times()[i]);
        }
        for (int c = 0; c < b.columnCount(); c++) {
            TsColumn col = b.column(c);
            for (int i = 0; i < b.size(); i++) {
                boolean isNull = col.isNull(i);
                out.add(isNull);
                if (isNull) {
                    continue;
                }
                switch (col.storageType()) {
                    case BOOLEAN -> out.add(col.booleans()[i]);
                    case INT32 -> out.add(col.ints()[i]);
                    case INT64 -> out.add(col.longs()[i]);
                    case FLOAT -> out.add(col.floats()[i]);
                    case DOUBLE -> out.add(col.doubles()[i]);
                    default ->
                        out.add(new String(
                                col.binaries().data(),
                                col.binaries().offset(i),
                                col.binaries().length(i),
                                java.nio.charset.StandardCharsets.ISO_8859_1));
                }
            }
        }
        return out;
    }

    /**
     * A scan reading ahead on a pool whose only thread is busy elsewhere (with work that waits for the
     * scan to finish) decodes its read-aheads itself instead of waiting, from memory and from disk; a pool
     * shut down (queued read-ahead dropped) or shut down at once during a scan leaves it decoding on the
     * calling thread. All give every row.
     */
    @Test
    @org.junit.jupiter.api.Timeout(value = 60, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
    void scansOnABusyOrClosedPoolDoNotWaitForIt() throws Exception {
        Dataset ds = TsFileFixtures.dataset(29, TsFileFixtures.allTypes(), new int[] {2000, 300}, 0.1, -1);
        File f = dir.resolve("busy.tsfile").toFile();
        TsFileFixtures.writeWithTsFile(ds, f, 100, "TS_2DIFF", 4096, 300);
        List<String> cols = allColumns(ds);
        try (TsFileReader disk = TsFileReader.open(f.toPath())) {
            TsFileReader memory = TsFileReader.of(Files.readAllBytes(f.toPath()));
            for (TsFileReader reader : List.of(memory, disk)) {
                java.util.concurrent.ForkJoinPool busy = new java.util.concurrent.ForkJoinPool(1);
                java.util.concurrent.CountDownLatch scanned = new java.util.concurrent.CountDownLatch(1);
                java.util.concurrent.CountDownLatch blocking = new java.util.concurrent.CountDownLatch(1);
                try {
                    busy.execute(() -> {
                        blocking.countDown();
                        try {
                            scanned.await(); // the pool's only thread waits for the scan below
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    });
                    blocking.await();
                    List<TsBlock> copies = new ArrayList<>();
                    try (TsScan scan = reader.scan("t", cols, Long.MIN_VALUE, Long.MAX_VALUE, busy, 250)) {
                        for (TsBlock b = scan.next(); b != null; b = scan.next()) {
                            copies.add(concat(List.of(b)));
                            busy.execute(() -> {}); // queued after the read-ahead
                        }
                    }
                    scanned.countDown();
                    check(ds, perDevice(copies.iterator(), cols, ds), cols, Long.MIN_VALUE, Long.MAX_VALUE);
                } finally {
                    scanned.countDown();
                    busy.shutdownNow();
                }
                for (boolean now : new boolean[] {false, true}) {
                    java.util.concurrent.ForkJoinPool closing = new java.util.concurrent.ForkJoinPool(2);
                    List<TsBlock> copies = new ArrayList<>();
                    try (TsScan scan = reader.scan("t", cols, Long.MIN_VALUE, Long.MAX_VALUE, closing, 250)) {
                        for (TsBlock b = scan.next(); b != null; b = scan.next()) {
                            copies.add(concat(List.of(b)));
                            if (copies.size() == 3) {
                                if (now) {
                                    closing.shutdownNow();
                                } else {
                                    closing.shutdown();
                                }
                            }
                        }
                    } finally {
                        closing.shutdownNow();
                    }
                    check(ds, perDevice(copies.iterator(), cols, ds), cols, Long.MIN_VALUE, Long.MAX_VALUE);
                }
            }
        }
    }

    @Test
    void ts2DiffTimeBlocksAreKnownSortedOnlyWhenNoDeltaCanWrap() {
        assertTrue(TsChunkReader.nonDecreasing(1_700_000_000_000L, 129, 1, 0));
        assertTrue(TsChunkReader.nonDecreasing(-5, 2, 0, 62));
        assertFalse(TsChunkReader.nonDecreasing(-5, 129, 0, 62), "128 deltas of up to 2^62 - 1 can wrap");
        assertTrue(TsChunkReader.nonDecreasing(Long.MAX_VALUE - 128, 129, 1, 0));
        assertFalse(TsChunkReader.nonDecreasing(Long.MAX_VALUE - 127, 129, 1, 0), "the last delta wraps");
        assertFalse(TsChunkReader.nonDecreasing(0, 2, -1, 3), "a negative minimum delta");
        assertFalse(TsChunkReader.nonDecreasing(0, 2, 0, 63), "a 63-bit delta can be negative");
        assertFalse(TsChunkReader.nonDecreasing(0, 2, Long.MAX_VALUE, 1), "minimum delta plus the span wraps");
        assertFalse(TsChunkReader.nonDecreasing(0, 4, 1L << 61, 61), "three deltas of up to 2^62 - 1 wrap");
        assertTrue(TsChunkReader.nonDecreasing(0, 3, 1L << 61, 61), "two do not");
        assertTrue(TsChunkReader.nonDecreasing(0, 2, 1L << 61, 61));
        assertTrue(TsChunkReader.nonDecreasing(Long.MAX_VALUE, 1, 5, 60), "one value cannot decrease");
    }

    @Test
    void narrowQueriesReadOnlyTheChunksTheyNeed() throws Exception {
        Dataset ds = TsFileFixtures.dataset(26, TsFileFixtures.allTypes(), new int[] {6000}, 0.05, -1);
        File f = dir.resolve("n.tsfile").toFile();
        TsFileFixtures.writeWithTsFile(ds, f, 100, "PLAIN", 4096, 500);
        long size = f.length();
        long[] read = bytesReadByANarrowThenAFullQuery(ds, f, 3000, 3010);
        assertTrue(read[0] > 0 && read[0] < size / 4, read[0] + " bytes read of " + size);
        assertTrue(read[1] > size / 2, read[1] + " bytes read of " + size);
    }

    /**
     * The bytes {@code r} reads for a query of the first device's rows {@code from} to {@code to} of {@code
     * ds} in {@code f} (after its metadata), then for a query of every row; both results checked.
     */
    private static long[] bytesReadByANarrowThenAFullQuery(Dataset ds, File f, int from, int to) throws IOException {
        List<String> cols = allColumns(ds);
        long[] t0 = ds.devices.get(0).times;
        try (TsFileReader r = TsFileReader.open(f.toPath())) {
            long meta = r.bytesRead();
            check(ds, r.query("t", cols, t0[from], t0[to]), cols, t0[from], t0[to]);
            long narrow = r.bytesRead() - meta;
            check(ds, r.query("t", cols, Long.MIN_VALUE, Long.MAX_VALUE), cols, Long.MIN_VALUE, Long.MAX_VALUE);
            return new long[] {narrow, r.bytesRead() - meta - narrow};
        }
    }

    /**
     * The page headers of a chunk read page by page come from windows of the chunk's bytes that hold
     * several small pages: a query of 4 rows of a device in pages of one row read 256 bytes a page, 4.3
     * times the file's bytes (review `tsquery`); it reads about the file once now (1.07 times: in pages of
     * one row the headers are most of the file, and each is looked at).
     */
    @Test
    void pageHeadersOfSmallPagesAreReadTogether() throws Exception {
        Dataset ds = TsFileFixtures.dataset(29, TsFileFixtures.allTypes(), new int[] {900}, 0.05, -1);
        File f = dir.resolve("one-row-pages.tsfile").toFile();
        TsFileFixtures.writeWithTsFile(ds, f, 1, "PLAIN", 4096, 900);
        long narrow = bytesReadByANarrowThenAFullQuery(ds, f, 450, 453)[0];
        assertTrue(narrow < f.length() * 5 / 4, narrow + " bytes read of " + f.length());
    }

    /**
     * A reader counts what its queries left unread: chunk groups outside the range by their statistics,
     * pages by theirs, and TS_2DIFF blocks of time pages by peeking at block headers; a full read skips
     * nothing. One device of 6,000 rows in chunk groups of 1,500 rows, pages of 300 rows.
     */
    @Test
    void readCountsShowTheChunksPagesAndBlocksANarrowQuerySkipped() throws Exception {
        Dataset ds = TsFileFixtures.dataset(28, TsFileFixtures.allTypes(), new int[] {6000}, 0.05, -1);
        File f = dir.resolve("counts.tsfile").toFile();
        TsFileFixtures.writeWithTsFile(ds, f, 300, "TS_2DIFF", 4096, 1500);
        List<String> cols = allColumns(ds);
        long[] t0 = ds.devices.get(0).times;
        for (boolean fromDisk : new boolean[] {false, true}) {
            try (TsFileReader r =
                    fromDisk ? TsFileReader.open(f.toPath()) : TsFileReader.of(Files.readAllBytes(f.toPath()))) {
                check(ds, r.query("t", cols, Long.MIN_VALUE, Long.MAX_VALUE), cols, Long.MIN_VALUE, Long.MAX_VALUE);
                TsFileReader.ReadCounts all = r.readCounts();
                assertEquals(0, all.chunksSkipped());
                assertEquals(0, all.pagesSkipped());
                assertEquals(0, all.timeBlocksSkipped());
                assertEquals(fromDisk, all.bytesRead() > f.length() / 2, all + " of " + f.length());

                check(ds, r.query("t", cols, t0[3560], t0[3570]), cols, t0[3560], t0[3570]);
                TsFileReader.ReadCounts narrow = r.readCounts();
                // chunk groups of rows 0, 1,500 and 4,500 on; in the one of row 3,000 on, pages of rows 3,000
                // and 3,600 to 4,499; in the page of rows 3,300 to 3,599, blocks of 129 rows end before row
                // 3,558 starts the third
                assertEquals(3, narrow.chunksSkipped());
                assertEquals(4, narrow.pagesSkipped());
                assertEquals(2, narrow.timeBlocksSkipped());
                assertTrue(narrow.bytesRead() - all.bytesRead() < f.length() / 3, narrow + " of " + f.length());
                // a range before the device's first time skips the device by its statistics: its 4 chunk groups
                check(ds, r.query("t", cols, Long.MIN_VALUE, t0[0] - 1), cols, Long.MIN_VALUE, t0[0] - 1);
                assertEquals(7, r.readCounts().chunksSkipped());
            }
        }
        // every way of reading counts the same skips, with and without a pool
        java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(2);
        try (TsFileReader r = TsFileReader.open(f.toPath())) {
            List<java.util.function.Consumer<TsFileReader>> reads = List.of(
                    x -> x.query("t", cols, t0[3560], t0[3570], pool),
                    x -> x.blocks("t", cols, t0[3560], t0[3570], null).forEachRemaining(b -> {}),
                    x -> x.blocks("t", cols, t0[3560], t0[3570], pool).forEachRemaining(b -> {}),
                    x -> {
                        try (TsScan scan = x.scan("t", cols, t0[3560], t0[3570], pool, 7)) {
                            while (scan.next() != null) {
                                // every block
                            }
                        }
                    },
                    x -> {
                        try (TsScan scan = x.scan("t", cols, t0[3560], t0[3570], null, 1000)) {
                            while (scan.next() != null) {
                                // every block
                            }
                        }
                    });
            for (int k = 0; k < reads.size(); k++) {
                TsFileReader.ReadCounts before = r.readCounts();
                reads.get(k).accept(r);
                TsFileReader.ReadCounts after = r.readCounts();
                assertEquals(3, after.chunksSkipped() - before.chunksSkipped(), "read " + k);
                assertEquals(4, after.pagesSkipped() - before.pagesSkipped(), "read " + k);
                assertEquals(2, after.timeBlocksSkipped() - before.timeBlocksSkipped(), "read " + k);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * A file opened from disk is memory-mapped; when it is truncated while open, reading a chunk past the
     * new end is corrupt input (the mapping's fault is not let out as an InternalError).
     */
    @Test
    void aFileTruncatedWhileOpenIsCorruptInput() throws Exception {
        Dataset ds = TsFileFixtures.dataset(27, TsFileFixtures.allTypes(), new int[] {6000}, 0.05, -1);
        File f = dir.resolve("shrinking.tsfile").toFile();
        TsFileFixtures.writeWithTsFile(ds, f, 100, "PLAIN", 4096, 500);
        List<String> cols = allColumns(ds);
        try (TsFileReader r = TsFileReader.open(f.toPath())) {
            try (java.io.RandomAccessFile raf = new java.io.RandomAccessFile(f, "rw")) {
                raf.setLength(16);
            }
            CorruptInputException e =
                    assertThrows(CorruptInputException.class, () -> r.query("t", cols, Long.MIN_VALUE, Long.MAX_VALUE));
            assertTrue(e.getMessage().contains("shrank"), e.getMessage());
        }
    }

    /**
     * A table name written as a null string (a length of -1) is corrupt input at the name, the same offset
     * from memory and from disk (it was an IllegalArgumentException from the schema's constructor).
     */
    @Test
    void aNullTableNameIsCorruptInput() throws Exception {
        TsTableSchema schema = new TsTableSchema(
                "tblx",
                List.of(new TsTableSchema.Column(
                        "v",
                        TsDataType.INT64,
                        TsEncoding.PLAIN,
                        Compression.UNCOMPRESSED,
                        TsTableSchema.Category.FIELD)));
        java.io.ByteArrayOutputStream bos = new java.io.ByteArrayOutputStream();
        try (TsFileWriter w = new TsFileWriter(bos, List.of(schema), new TsFileWriter.Options())) {
            w.write(new TsTablet(schema).times(new long[] {1, 2}, 2).longs("v", new long[] {5, 6}, null));
        }
        byte[] file = bos.toByteArray();
        // the name "tblx" (zigzag length 4 = 0x08) in the table index and in the schema list: the last
        // is the schema's
        int at = -1;
        for (int i = 0; i + 4 < file.length; i++) {
            if (file[i] == 0x08
                    && file[i + 1] == 't'
                    && file[i + 2] == 'b'
                    && file[i + 3] == 'l'
                    && file[i + 4] == 'x') {
                at = i;
            }
        }
        assertTrue(at > 0);
        file[at] = 0x01; // zigzag -1: a null string
        CorruptInputException fromMemory = assertThrows(CorruptInputException.class, () -> TsFileReader.of(file));
        assertEquals(at, fromMemory.offset());
        assertTrue(fromMemory.getMessage().contains("table schema name"), fromMemory.getMessage());
        Path p = dir.resolve("null-name.tsfile");
        Files.write(p, file);
        CorruptInputException fromDisk = assertThrows(CorruptInputException.class, () -> TsFileReader.open(p));
        assertEquals(fromMemory.getMessage(), fromDisk.getMessage());
    }

    /**
     * A device filter reads only the devices it accepts, skipping the others' metadata and chunks; each
     * call gets its own copy of the device id, in index order.
     */
    @Test
    void aDeviceFilterReadsOnlyTheDevicesItAccepts() throws Exception {
        Dataset ds = TsFileFixtures.dataset(31, TsFileFixtures.allTypes(), new int[] {3000, 2500, 40, 2800}, 0.1, -1);
        File f = dir.resolve("devices.tsfile").toFile();
        TsFileFixtures.writeWithTsFile(ds, f, 100, "TS_2DIFF", 4096, 700);
        List<String> cols = allColumns(ds);
        // the second and the fourth device
        java.util.Set<String> wanted = java.util.Set.of(ds.devices.get(1).tags[1], ds.devices.get(3).tags[1]);
        Dataset subset = new Dataset(ds.table, ds.tagNames, ds.fields, List.of(ds.devices.get(1), ds.devices.get(3)));
        List<String> asked = java.util.Collections.synchronizedList(new ArrayList<>());
        java.util.function.Predicate<String[]> filter = id -> {
            asked.add(String.join("/", id));
            boolean yes = wanted.contains(id[2]);
            id[2] = "changed"; // the reader's copy of the id is not this one
            return yes;
        };
        ForkJoinPool pool = new ForkJoinPool(2);
        try (TsFileReader r = TsFileReader.open(f.toPath())) {
            List<String> ids = new ArrayList<>();
            for (String[] id : r.devices(ds.table)) {
                ids.add(String.join("/", id));
            }
            long before = r.bytesRead();
            check(
                    subset,
                    r.query(ds.table, cols, Long.MIN_VALUE, Long.MAX_VALUE, filter, null),
                    cols,
                    Long.MIN_VALUE,
                    Long.MAX_VALUE);
            long some = r.bytesRead() - before;
            assertEquals(ids, asked);
            before = r.bytesRead();
            List<TsBlock> all = r.query(ds.table, cols, Long.MIN_VALUE, Long.MAX_VALUE);
            long every = r.bytesRead() - before;
            // the two devices hold 5,300 of the 8,340 rows
            assertTrue(some < every * 0.8, some + " bytes read for two devices, " + every + " for all");
            check(ds, all, cols, Long.MIN_VALUE, Long.MAX_VALUE);
            long lo = ds.devices.get(1).times[500];
            long hi = ds.devices.get(1).times[2000];
            check(subset, r.query(ds.table, cols, lo, hi, filter, pool), cols, lo, hi);
            check(subset, perDevice(r.blocks(ds.table, cols, lo, hi, filter, pool), cols, subset), cols, lo, hi);
            try (TsScan scan = r.scan(ds.table, cols, lo, hi, filter, pool, 300)) {
                List<TsBlock> copies = new ArrayList<>();
                for (TsBlock b = scan.next(); b != null; b = scan.next()) {
                    copies.add(concat(List.of(b)));
                }
                check(subset, perDevice(copies.iterator(), cols, subset), cols, lo, hi);
            }
            assertTrue(r.query(ds.table, cols, Long.MIN_VALUE, Long.MAX_VALUE, id -> false, pool)
                    .isEmpty());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void manyChunkGroupsPerDevice() throws Exception {
        Dataset ds = TsFileFixtures.dataset(22, TsFileFixtures.allTypes(), new int[] {2000, 600}, 0.1, -1);
        File f = dir.resolve("m.tsfile").toFile();
        TsFileFixtures.writeWithTsFile(ds, f, 100, "PLAIN", 4096, 300);
        TsFileReader r = TsFileReader.open(f.toPath());
        List<String> cols = allColumns(ds);
        check(ds, r.query("t", cols, Long.MIN_VALUE, Long.MAX_VALUE), cols, Long.MIN_VALUE, Long.MAX_VALUE);
        long[] t0 = ds.devices.get(0).times;
        check(ds, r.query("t", cols, t0[333], t0[1444]), cols, t0[333], t0[1444]);
    }

    /**
     * A time page of an encoding other than TS_2DIFF and PLAIN does not say how many times it holds, and
     * the one page of a single-page chunk has no statistics: its row count comes from a value page, or,
     * when the query asks for no value column with a page there (tags only, or a column null in every
     * row of the group), from the time chunk's statistics in the metadata. tsfile 2.4.0 reads the same
     * files (its decoders find the end of such pages themselves).
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(
            value = TsEncoding.class,
            names = {"TS_2DIFF", "PLAIN", "RLE", "GORILLA", "ZIGZAG", "CHIMP", "SPRINTZ", "RLBE"})
    void singlePageTimeChunksOfEveryTimeEncodingReadWithoutValuePages(TsEncoding timeEncoding) throws Exception {
        TsTableSchema schema = new TsTableSchema(
                "t",
                List.of(
                        plainColumn("dev", TsDataType.STRING, TsTableSchema.Category.TAG),
                        plainColumn("x", TsDataType.INT32, TsTableSchema.Category.FIELD)));
        Path f = dir.resolve("te-" + timeEncoding + ".tsfile");
        try (TsFileWriter w =
                TsFileWriter.create(f, List.of(schema), new TsFileWriter.Options().timeEncoding(timeEncoding))) {
            w.write(new TsTablet(schema)
                    .device("d1")
                    .times(new long[] {10, 20, 30}, 3)
                    .ints("x", new int[] {1, 2, 3}, null));
            w.write(new TsTablet(schema)
                    .device("d2")
                    .times(new long[] {15, 25, 35}, 3)
                    .ints("x", new int[3], new boolean[] {true, true, true}));
        }
        try (TsFileReader disk = TsFileReader.open(f);
                TsFileReader mem = TsFileReader.of(Files.readAllBytes(f))) {
            for (TsFileReader r : List.of(disk, mem)) {
                List<Long> times = new ArrayList<>();
                List<String> devices = new ArrayList<>();
                for (TsBlock b : r.query("t", List.of("dev"), Long.MIN_VALUE, Long.MAX_VALUE)) {
                    for (int i = 0; i < b.size(); i++) {
                        times.add(b.times()[i]);
                        devices.add(b.device()[1]);
                    }
                }
                assertEquals(List.of(10L, 20L, 30L, 15L, 25L, 35L), times);
                assertEquals(List.of("d1", "d1", "d1", "d2", "d2", "d2"), devices);
                List<String> cells = new ArrayList<>();
                try (TsScan scan = r.scan("t", List.of("dev", "x"), 20, 30, null, 2)) {
                    for (TsBlock b = scan.next(); b != null; b = scan.next()) {
                        for (int i = 0; i < b.size(); i++) {
                            TsColumn x = b.column(1);
                            cells.add(b.times()[i] + "=" + (x.isNull(i) ? "null" : String.valueOf(x.ints()[i])));
                        }
                    }
                }
                assertEquals(List.of("20=2", "30=3", "25=null"), cells);
            }
        }
        int rows = 0;
        try (org.apache.tsfile.read.v4.ITsFileReader tr = new org.apache.tsfile.read.v4.TsFileReaderBuilder()
                        .file(f.toFile())
                        .build();
                org.apache.tsfile.read.query.dataset.ResultSet rs =
                        tr.query("t", List.of("dev", "x"), Long.MIN_VALUE, Long.MAX_VALUE)) {
            while (rs.next()) {
                rows++;
            }
        }
        assertEquals(6, rows);
    }

    /**
     * The pages of an aligned time chunk follow in time order (page pruning relies on it): a page whose
     * times start before the previous page's last kept time is corrupt input at that page, in a query and
     * in a scan that reads the pages in separate windows.
     */
    @Test
    void anAlignedPageGoingBackInTimeIsCorruptInput() throws Exception {
        TsTableSchema schema = new TsTableSchema(
                "t",
                List.of(
                        plainColumn("dev", TsDataType.STRING, TsTableSchema.Category.TAG),
                        plainColumn("v", TsDataType.INT64, TsTableSchema.Category.FIELD)));
        long[] times = {10, 20, 30, 40, 50, 60, 70, 80};
        long[] v = {1010, 1020, 1030, 1040, 1050, 1060, 1070, 1080};
        java.io.ByteArrayOutputStream bos = new java.io.ByteArrayOutputStream();
        TsFileWriter.Options opts = new TsFileWriter.Options()
                .maxPointsPerPage(4)
                .timeEncoding(TsEncoding.PLAIN)
                .timeCompression(Compression.UNCOMPRESSED);
        try (TsFileWriter w = new TsFileWriter(bos, List.of(schema), opts)) {
            w.write(new TsTablet(schema).device("d1").times(times, 8).longs("v", v, null));
        }
        byte[] file = bos.toByteArray();
        List<String> cols = List.of("v");
        TsBlock all = TsFileReader.of(file).query("t", cols, 0, 100).get(0);
        assertArrayEquals(times, Arrays.copyOf(all.times(), all.size()));
        // the second time page's first time, 50 (big-endian, followed by 60; not its header's
        // statistics), becomes 5
        byte[] fiftySixty = new byte[16];
        dev.colcodec.io.ByteIO.putLongBE(fiftySixty, 0, 50);
        dev.colcodec.io.ByteIO.putLongBE(fiftySixty, 8, 60);
        int at = -1;
        for (int i = 0; i + 16 <= file.length && at < 0; i++) {
            if (Arrays.equals(file, i, i + 16, fiftySixty, 0, 16)) {
                at = i;
            }
        }
        assertTrue(at > 0);
        file[at + 7] = 5;
        TsFileReader r = TsFileReader.of(file);
        CorruptInputException e = assertThrows(CorruptInputException.class, () -> r.query("t", cols, 0, 100));
        assertEquals(at, e.offset(), e.getMessage()); // the page's payload: its times
        assertTrue(e.expected().contains("times from 40 on"), e.expected());
        try (TsScan scan = r.scan("t", cols, 0, 100, null, 4)) {
            assertEquals(4, scan.next().size());
            CorruptInputException inScan = assertThrows(CorruptInputException.class, scan::next);
            assertEquals(at, inScan.offset(), inScan.getMessage());
        }
        // a range that only reaches the second page reads it (no earlier page to compare with); its time
        // 5 is outside the range
        TsBlock second = r.query("t", cols, 45, 100).get(0);
        assertArrayEquals(new long[] {60, 70, 80}, Arrays.copyOf(second.times(), second.size()));
    }

    /**
     * An error inside a page carries the file offset of what is wrong, or, for a decompressed page, of the
     * page's payload (with the offset in its decompressed bytes): the same from memory as from disk, where
     * chunks are read whole or page by page.
     */
    @Test
    void pageErrorsCarryFileOffsets() throws Exception {
        for (Compression comp : List.of(Compression.UNCOMPRESSED, Compression.LZ4_RAW)) {
            TsTableSchema schema = new TsTableSchema(
                    "t",
                    List.of(
                            plainColumn("dev", TsDataType.STRING, TsTableSchema.Category.TAG),
                            new TsTableSchema.Column(
                                    "v", TsDataType.INT64, TsEncoding.TS_2DIFF, comp, TsTableSchema.Category.FIELD)));
            int n = 1000;
            long[] times = new long[n];
            long[] v = new long[n];
            Random rnd = new Random(3);
            for (int i = 0; i < n; i++) {
                times[i] = 1000 + i;
                v[i] = rnd.nextLong();
            }
            java.io.ByteArrayOutputStream bos = new java.io.ByteArrayOutputStream();
            TsFileWriter.Options opts =
                    new TsFileWriter.Options().maxPointsPerPage(100).timeCompression(comp);
            try (TsFileWriter w = new TsFileWriter(bos, List.of(schema), opts)) {
                w.write(new TsTablet(schema).device("d1").times(times, n).longs("v", v, null));
            }
            byte[] good = bos.toByteArray();
            List<TsFileLayout.Chunk> chunks = TsFileLayout.scan(
                            good, (int) TsFileReader.of(good).metadataOffset())
                    .get(0)
                    .chunks();
            assertEquals(2, chunks.size());
            for (TsFileLayout.Chunk chunk : chunks) {
                // page 2 (rows 200 to 299): its payload ends where page 3 starts; a value page starts with
                // its row count, a time page with its first block's value count and bit width, all 4-byte
                // big-endian ints (a block of more values than the page has, all deltas alike, is no error)
                int damageAt = chunk.header().isValueChunk() ? 0 : 4;
                TsPageHeader page = chunk.pages().get(2).header();
                int payloadAt = (int) chunk.pages().get(3).offset() - page.compressedSize();
                byte[] bad = good.clone();
                int countAt = payloadAt;
                if (comp == Compression.LZ4_RAW) {
                    // the first LZ4 sequence's literals begin with the page's first bytes
                    int token = bad[countAt++] & 0xFF;
                    int literals = token >>> 4;
                    if (literals == 15) {
                        int more;
                        do {
                            more = bad[countAt++] & 0xFF;
                            literals += more;
                        } while (more == 255);
                    }
                    assertTrue(literals > damageAt, "literals " + literals);
                }
                bad[countAt + damageAt] = 0x7F; // the int's high byte
                String what = comp + (chunk.header().isValueChunk() ? " value page" : " time page");
                Path file = dir.resolve("offsets.tsfile");
                Files.write(file, bad);
                List<String> cols = List.of("v");
                List<CorruptInputException> errors = new ArrayList<>();
                errors.add(assertThrows(
                        CorruptInputException.class,
                        () -> TsFileReader.of(bad).query("t", cols, Long.MIN_VALUE, Long.MAX_VALUE),
                        what));
                errors.add(assertThrows(
                        CorruptInputException.class, () -> TsFileReader.of(bad).query("t", cols, 1150, 1450)));
                try (TsFileReader r = TsFileReader.open(file)) {
                    // the time chunk read whole, value pages one by one
                    errors.add(assertThrows(
                            CorruptInputException.class, () -> r.query("t", cols, Long.MIN_VALUE, Long.MAX_VALUE)));
                    // every chunk page by page
                    errors.add(assertThrows(CorruptInputException.class, () -> r.query("t", cols, 1150, 1450)));
                }
                for (CorruptInputException e : errors) {
                    boolean decompressed = comp != Compression.UNCOMPRESSED;
                    assertEquals(
                            decompressed ? payloadAt : payloadAt + damageAt, e.offset(), what + ": " + e.getMessage());
                    String body =
                            "at offset " + damageAt + " of its " + page.uncompressedSize() + " decompressed bytes)";
                    assertEquals(decompressed, e.getMessage().contains(body), what + ": " + e.getMessage());
                }
            }
        }
    }

    @Test
    void corruptFilesGiveOnlyCorruptInput() throws Exception {
        Dataset ds = TsFileFixtures.dataset(23, TsFileFixtures.allTypes(), new int[] {300, 40}, 0.2, -1);
        File f = dir.resolve("c.tsfile").toFile();
        TsFileFixtures.writeWithTsFile(ds, f, 100, "TS_2DIFF");
        byte[] good = Files.readAllBytes(f.toPath());
        List<String> cols = allColumns(ds);
        Random rnd = new Random(9);
        int corrupt = 0;
        for (int k = 0; k < 300; k++) {
            byte[] bad = good.clone();
            // bias towards the metadata at the end
            int at = k % 2 == 0 ? rnd.nextInt(bad.length) : bad.length - 1 - rnd.nextInt(Math.min(bad.length, 600));
            bad[at] = (byte) (bad[at] ^ (1 << rnd.nextInt(8)));
            try {
                TsFileReader r = TsFileReader.of(bad);
                r.query("t", cols, Long.MIN_VALUE, Long.MAX_VALUE);
            } catch (CorruptInputException e) {
                corrupt++;
            } catch (IllegalArgumentException e) {
                // a flipped name, or an encoding this module does not decode yet
                String m = e.getMessage();
                assertTrue(m.startsWith("no TsFile value reader") || m.startsWith("no "), m);
            }
        }
        assertTrue(corrupt > 25, "corrupt " + corrupt);
        for (int cut = 0; cut < good.length; cut += 41) {
            byte[] t = Arrays.copyOf(good, cut);
            assertThrows(CorruptInputException.class, () -> TsFileReader.of(t).query("t", cols, 0, Long.MAX_VALUE));
        }
    }

    /**
     * Two damaged value columns, one failing at its last page, the other (decoded on another thread) at its
     * first: with a pool, as without, the error is the first damaged column's, every time.
     */
    @Test
    void theSameErrorWithAPoolAsWithout() throws Exception {
        List<TsTableSchema.Column> columns = new ArrayList<>();
        columns.add(plainColumn("dev", TsDataType.STRING, TsTableSchema.Category.TAG));
        for (String name : List.of("a", "late", "b", "early")) {
            columns.add(new TsTableSchema.Column(
                    name,
                    TsDataType.INT64,
                    TsEncoding.TS_2DIFF,
                    Compression.UNCOMPRESSED,
                    TsTableSchema.Category.FIELD));
        }
        TsTableSchema schema = new TsTableSchema("t", columns);
        int n = 200_000;
        long[] times = new long[n];
        long[] v = new long[n];
        Random rnd = new Random(11);
        for (int i = 0; i < n; i++) {
            times[i] = i;
            v[i] = rnd.nextLong();
        }
        java.io.ByteArrayOutputStream bos = new java.io.ByteArrayOutputStream();
        try (TsFileWriter w =
                new TsFileWriter(bos, List.of(schema), new TsFileWriter.Options().maxPointsPerPage(1000))) {
            TsTablet tab = new TsTablet(schema).device("d").times(times, n);
            for (String name : List.of("a", "late", "b", "early")) {
                tab.longs(name, v, null);
            }
            w.write(tab);
        }
        byte[] file = bos.toByteArray();
        List<TsFileLayout.Chunk> chunks = TsFileLayout.scan(
                        file, (int) TsFileReader.of(file).metadataOffset())
                .get(0)
                .chunks();
        // chunks: time, a, late, b, early; a value page starts with its row count (high byte damaged)
        List<TsFileLayout.Page> late = chunks.get(2).pages();
        List<TsFileLayout.Page> early = chunks.get(4).pages();
        int lastPageEnd = (int) (chunks.get(3).offset()); // the next chunk starts where it ends
        file[lastPageEnd - late.get(late.size() - 1).header().compressedSize()] = 0x7F;
        file[(int) early.get(1).offset() - early.get(0).header().compressedSize()] = 0x7F;
        List<String> cols = List.of("a", "late", "b", "early");
        TsFileReader r = TsFileReader.of(file);
        String serial = assertThrows(CorruptInputException.class, () -> r.query("t", cols, 0, n))
                .getMessage();
        assertTrue(serial.contains("row count"), serial);
        ForkJoinPool pool = new ForkJoinPool(4);
        try {
            for (int k = 0; k < 20; k++) {
                assertEquals(
                        serial,
                        assertThrows(CorruptInputException.class, () -> r.query("t", cols, 0, n, pool))
                                .getMessage());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Two columns of one name cannot be told apart in a file (series are stored by name): a schema with
     * them is refused when built, and is corrupt input in a file (fuzzing found a rewrite of such a file
     * writing mixed-up statistics).
     */
    @Test
    void columnsOfOneNameAreRefused() throws Exception {
        TsTableSchema.Column v = plainColumn("v", TsDataType.INT64, TsTableSchema.Category.FIELD);
        TsTableSchema.Column w = plainColumn("w", TsDataType.INT64, TsTableSchema.Category.FIELD);
        assertThrows(IllegalArgumentException.class, () -> new TsTableSchema("t", List.of(v, v)));
        assertThrows(IllegalArgumentException.class, () -> new TsTableSchema(null, List.of(v)));
        assertThrows(
                IllegalArgumentException.class,
                () -> new TsTableSchema(
                        "t",
                        List.of(new TsTableSchema.Column(
                                "x", null, TsEncoding.PLAIN, Compression.UNCOMPRESSED, TsTableSchema.Category.FIELD))));
        TsTableSchema schema = new TsTableSchema("t", List.of(v, w));
        java.io.ByteArrayOutputStream bos = new java.io.ByteArrayOutputStream();
        try (TsFileWriter writer = new TsFileWriter(bos, List.of(schema))) {
            writer.write(new TsTablet(schema)
                    .device()
                    .times(new long[] {1, 2}, 2)
                    .longs("v", new long[] {3, 4}, null)
                    .longs("w", new long[] {5, 6}, null));
        }
        byte[] file = bos.toByteArray();
        // the schema stores the names as int32 length + bytes: "w" becomes "v"
        byte[] named = {0, 0, 0, 1, 'w'};
        int at = -1;
        for (int i = file.length - named.length; i >= fileMetadataStart(file) && at < 0; i--) {
            if (Arrays.equals(file, i, i + named.length, named, 0, named.length)) {
                at = i;
            }
        }
        assertTrue(at > 0);
        file[at + 4] = 'v';
        CorruptInputException e = assertThrows(CorruptInputException.class, () -> TsFileReader.of(file));
        assertEquals(at, e.offset(), e.getMessage());
    }

    @Test
    void headerBytes() {
        byte[] notTs =
                "TsFilX\u0004 and more bytes than that......".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertThrows(CorruptInputException.class, () -> TsFileReader.of(notTs));
        assertArrayEquals("TsFile".getBytes(java.nio.charset.StandardCharsets.US_ASCII), TsFileReader.MAGIC);
    }

    /** A table "sensors" (tag dev, INT64 field v, DOUBLE field w) of three rows, written by colcodec. */
    private static byte[] smallTable() throws Exception {
        TsTableSchema schema = new TsTableSchema(
                "sensors",
                List.of(
                        plainColumn("dev", dev.colcodec.tsfile.TsDataType.STRING, TsTableSchema.Category.TAG),
                        plainColumn("v", dev.colcodec.tsfile.TsDataType.INT64, TsTableSchema.Category.FIELD),
                        plainColumn("w", dev.colcodec.tsfile.TsDataType.DOUBLE, TsTableSchema.Category.FIELD)));
        java.io.ByteArrayOutputStream bos = new java.io.ByteArrayOutputStream();
        try (TsFileWriter w = new TsFileWriter(bos, List.of(schema))) {
            w.write(new TsTablet(schema)
                    .device("d1")
                    .times(new long[] {1, 2, 3}, 3)
                    .longs("v", new long[] {4, 5, 6}, null)
                    .doubles("w", new double[] {0.5, 1.5, 2.5}, null));
        }
        return bos.toByteArray();
    }

    /** A tsfile measurement schema of {@code type}, PLAIN and uncompressed. */
    private static org.apache.tsfile.write.schema.MeasurementSchema plainMeasurement(
            String name, org.apache.tsfile.enums.TSDataType type) {
        return new org.apache.tsfile.write.schema.MeasurementSchema(
                name,
                type,
                org.apache.tsfile.file.metadata.enums.TSEncoding.PLAIN,
                org.apache.tsfile.file.metadata.enums.CompressionType.UNCOMPRESSED);
    }

    /** A tsfile table schema of a TAG column id and an INT64 FIELD column v, and {@code extra} first when given. */
    private static org.apache.tsfile.file.metadata.TableSchema tsfileSchema(
            String table, org.apache.tsfile.enums.ColumnCategory extra) {
        List<org.apache.tsfile.write.schema.IMeasurementSchema> ms = new ArrayList<>();
        List<org.apache.tsfile.enums.ColumnCategory> cats = new ArrayList<>();
        if (extra != null) {
            ms.add(plainMeasurement("ts", org.apache.tsfile.enums.TSDataType.TIMESTAMP));
            cats.add(extra);
        }
        ms.add(plainMeasurement("id", org.apache.tsfile.enums.TSDataType.STRING));
        cats.add(org.apache.tsfile.enums.ColumnCategory.TAG);
        ms.add(plainMeasurement("v", org.apache.tsfile.enums.TSDataType.INT64));
        cats.add(org.apache.tsfile.enums.ColumnCategory.FIELD);
        return new org.apache.tsfile.file.metadata.TableSchema(table, ms, cats);
    }

    /** Rows (id "a", v = 10 x time) at times 1 to n of table {@code table}, for tsfile's writers. */
    private static org.apache.tsfile.write.record.Tablet tsfileRows(String table, int n) {
        org.apache.tsfile.write.record.Tablet t = new org.apache.tsfile.write.record.Tablet(
                table,
                List.of("id", "v"),
                List.of(org.apache.tsfile.enums.TSDataType.STRING, org.apache.tsfile.enums.TSDataType.INT64),
                List.of(org.apache.tsfile.enums.ColumnCategory.TAG, org.apache.tsfile.enums.ColumnCategory.FIELD),
                n);
        for (int i = 0; i < n; i++) {
            t.addTimestamp(i, i + 1);
            t.addValue(i, 0, "a");
            t.addValue(i, 1, 10L * (i + 1));
        }
        t.setRowSize(n);
        return t;
    }

    /** The v values colcodec reads of table {@code table}, block by block. */
    private static List<Long> values(TsFileReader r, String table) {
        List<Long> v = new ArrayList<>();
        for (TsBlock b : r.query(table, List.of("id", "v"), Long.MIN_VALUE, Long.MAX_VALUE)) {
            for (int i = 0; i < b.size(); i++) {
                v.add(b.column(1).longs()[i]);
            }
        }
        return v;
    }

    /**
     * A table tsfile was given a schema of and no rows has no device index in the file (tsfile writes none):
     * it is an empty table, as tsfile reads it, not corrupt input; alone in a file, or next to a table with
     * rows.
     */
    @Test
    void aTableWithASchemaAndNoRowsIsEmpty() throws Exception {
        File empty = dir.resolve("empty.tsfile").toFile();
        try (org.apache.tsfile.write.v4.ITsFileWriter w = new org.apache.tsfile.write.v4.TsFileWriterBuilder()
                .file(empty)
                .tableSchema(tsfileSchema("t", null))
                .build()) {
            // no rows
        }
        try (TsFileReader r = TsFileReader.open(empty.toPath())) {
            assertEquals(List.of("t"), r.tables());
            assertEquals(List.of(), r.devices("t"));
            assertEquals(List.of(), r.deviceStatistics("t"));
            assertEquals(List.of(), values(r, "t"));
        }
        File two = dir.resolve("two.tsfile").toFile();
        try (org.apache.tsfile.write.TsFileWriter w = new org.apache.tsfile.write.TsFileWriter(two)) {
            w.registerTableSchema(tsfileSchema("a", null));
            w.registerTableSchema(tsfileSchema("b", null));
            w.writeTable(tsfileRows("a", 3));
        }
        try (TsFileReader r = TsFileReader.open(two.toPath())) {
            assertEquals(List.of("a", "b"), r.tables());
            assertEquals(List.of(10L, 20L, 30L), values(r, "a"));
            assertEquals(List.of(), values(r, "b"));
            assertEquals(List.of(), r.devices("b"));
        }
    }

    /**
     * tsfile 2.4.0 may name the time column in a table schema (category TIME, 3): colcodec reads such a
     * schema (the column is no TAG or FIELD to query), and writes one back that tsfile reads.
     */
    @Test
    void aTimeColumnInATableSchemaIsRead() throws Exception {
        File theirs = dir.resolve("time-column.tsfile").toFile();
        try (org.apache.tsfile.write.v4.ITsFileWriter w = new org.apache.tsfile.write.v4.TsFileWriterBuilder()
                .file(theirs)
                .tableSchema(tsfileSchema("t", org.apache.tsfile.enums.ColumnCategory.TIME))
                .build()) {
            w.write(tsfileRows("t", 2));
        }
        TsTableSchema schema;
        try (TsFileReader r = TsFileReader.open(theirs.toPath())) {
            schema = r.schema("t");
            assertEquals(TsTableSchema.Category.TIME, schema.column("ts").category());
            assertEquals(List.of(10L, 20L), values(r, "t"));
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class, () -> r.query("t", List.of("ts"), Long.MIN_VALUE, Long.MAX_VALUE));
            assertEquals("no TAG or FIELD column 'ts' in table t", e.getMessage());
        }
        Path ours = dir.resolve("time-column-ours.tsfile");
        try (TsFileWriter w = TsFileWriter.create(ours, List.of(schema), new TsFileWriter.Options())) {
            w.write(new TsTablet(schema).device("a").times(new long[] {1, 2}, 2).longs("v", new long[] {10, 20}, null));
        }
        List<String> rows = new ArrayList<>();
        try (org.apache.tsfile.read.v4.ITsFileReader r = new org.apache.tsfile.read.v4.TsFileReaderBuilder()
                        .file(ours.toFile())
                        .build();
                org.apache.tsfile.read.query.dataset.ResultSet rs =
                        r.query("t", List.of("id", "v"), Long.MIN_VALUE, Long.MAX_VALUE)) {
            while (rs.next()) {
                rows.add(rs.getLong(1) + "," + rs.getString(2) + "," + rs.getLong(3));
            }
        }
        assertEquals(List.of("1,a,10", "2,a,20"), rows);
        try (TsFileReader r = TsFileReader.open(ours)) {
            assertEquals(schema.columns().size(), r.schema("t").columns().size());
            assertEquals(TsTableSchema.Category.TIME, r.schema("t").column("ts").category());
        }
    }

    /**
     * A FIELD column of tsfile's OBJECT type (whose statistics are a count and time range only), not asked
     * for, leaves the other columns of its table readable, as tsfile reads them; asking for it is corrupt
     * input (colcodec holds no OBJECT values).
     */
    @Test
    void anObjectColumnNotAskedForLeavesTheOthersReadable() throws Exception {
        File f = dir.resolve("object.tsfile").toFile();
        org.apache.tsfile.file.metadata.TableSchema schema = new org.apache.tsfile.file.metadata.TableSchema(
                "t",
                List.of(
                        plainMeasurement("id", org.apache.tsfile.enums.TSDataType.STRING),
                        plainMeasurement("v", org.apache.tsfile.enums.TSDataType.INT64),
                        plainMeasurement("o", org.apache.tsfile.enums.TSDataType.OBJECT)),
                List.of(
                        org.apache.tsfile.enums.ColumnCategory.TAG,
                        org.apache.tsfile.enums.ColumnCategory.FIELD,
                        org.apache.tsfile.enums.ColumnCategory.FIELD));
        try (org.apache.tsfile.write.v4.ITsFileWriter w = new org.apache.tsfile.write.v4.TsFileWriterBuilder()
                .file(f)
                .tableSchema(schema)
                .build()) {
            w.write(tsfileRows("t", 3));
        }
        try (TsFileReader r = TsFileReader.open(f.toPath())) {
            assertEquals(List.of(10L, 20L, 30L), values(r, "t"));
            Map<String, TsStatistics> stats = r.deviceStatistics("t").get(0);
            assertEquals(3, stats.get("v").count);
            assertThrows(
                    CorruptInputException.class,
                    () -> r.query("t", List.of("id", "o"), Long.MIN_VALUE, Long.MAX_VALUE));
        }
    }

    /**
     * Tree-model devices under table schemas tsfile generated for them ({@code setGenerateTableSchema}):
     * colcodec lists them as tree-model devices and reads their series; a table query reads the aligned
     * ones as rows, as tsfile does, and says it does not read non-aligned ones as rows (no corrupt input:
     * the file is sound).
     */
    @Test
    void treeModelDevicesUnderGeneratedTableSchemasAreTreeDevices() throws Exception {
        for (boolean aligned : new boolean[] {false, true}) {
            File f = dir.resolve("generated-" + aligned + ".tsfile").toFile();
            List<org.apache.tsfile.write.schema.IMeasurementSchema> ms =
                    List.of(plainMeasurement("m0", org.apache.tsfile.enums.TSDataType.INT64));
            try (org.apache.tsfile.write.TsFileWriter w = new org.apache.tsfile.write.TsFileWriter(f)) {
                w.setGenerateTableSchema(true);
                for (String path : List.of("root.sg.d1", "root.sg.d2", "root.sg2.x.y")) {
                    org.apache.tsfile.file.metadata.IDeviceID id =
                            org.apache.tsfile.file.metadata.IDeviceID.Factory.DEFAULT_FACTORY.create(path);
                    if (aligned) {
                        w.registerAlignedTimeseries(id, ms);
                    } else {
                        w.registerTimeseries(id, ms.get(0));
                    }
                    org.apache.tsfile.write.record.Tablet tab = new org.apache.tsfile.write.record.Tablet(path, ms, 3);
                    for (int i = 0; i < 3; i++) {
                        tab.addTimestamp(i, i);
                        tab.addValue(i, 0, 10L * i);
                    }
                    tab.setRowSize(3);
                    if (aligned) {
                        w.writeAligned(tab);
                    } else {
                        w.writeTree(tab);
                    }
                }
            }
            try (TsFileReader r = TsFileReader.open(f.toPath())) {
                assertEquals(List.of("root.sg", "root.sg2.x"), r.tables());
                assertEquals(List.of("root.sg.d1", "root.sg.d2", "root.sg2.x.y"), r.treeDevices());
                TsBlock b = r.seriesQuery("root.sg.d2", "m0", Long.MIN_VALUE, Long.MAX_VALUE);
                assertArrayEquals(
                        new long[] {0, 10, 20}, Arrays.copyOf(b.column(0).longs(), b.size()));
                if (aligned) {
                    int rows = 0;
                    for (TsBlock t : r.query("root.sg", List.of("__level1", "m0"), Long.MIN_VALUE, Long.MAX_VALUE)) {
                        rows += t.size();
                    }
                    assertEquals(6, rows);
                } else {
                    UnsupportedOperationException e = assertThrows(
                            UnsupportedOperationException.class,
                            () -> r.query("root.sg", List.of("__level1", "m0"), Long.MIN_VALUE, Long.MAX_VALUE));
                    assertTrue(
                            e.getMessage().startsWith("device root.sg.d1 of table root.sg is a non-aligned"),
                            e.getMessage());
                }
            }
        }
    }

    static TsTableSchema.Column plainColumn(
            String name, dev.colcodec.tsfile.TsDataType type, TsTableSchema.Category category) {
        return new TsTableSchema.Column(
                name,
                type,
                dev.colcodec.tsfile.TsEncoding.PLAIN,
                dev.colcodec.format.compress.Compression.UNCOMPRESSED,
                category);
    }

    /** The start of the file metadata: the tail is its int32 size and the magic. */
    private static int fileMetadataStart(byte[] f) {
        return f.length - 10 - dev.colcodec.io.ByteIO.getIntBE(f, f.length - 10);
    }

    /** The first index of {@code needle} in {@code hay} from {@code from}. */
    private static int indexOf(byte[] hay, byte[] needle, int from) {
        for (int i = from; i <= hay.length - needle.length; i++) {
            if (Arrays.equals(hay, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }

    /**
     * Damage that leaves the metadata parseable but inconsistent: a table schema whose index entry is
     * missing reads as an empty table (as tsfile writes a table without rows), and a FIELD column of a type
     * no column holds (OBJECT) is corrupt input with the offset of the file metadata, not an
     * IllegalArgumentException; the other columns of that table still read.
     */
    @Test
    void inconsistentMetadataIsCorruptInput() throws Exception {
        byte[] file = smallTable();
        int meta = fileMetadataStart(file);
        // the index names its table first: count 1, then "sensors" as a varstring
        assertEquals(1, file[meta]);
        assertEquals('s', file[meta + 8]);
        byte[] renamed = file.clone();
        renamed[meta + 8] = 'z'; // "sensorz" in the index, "sensors" in the schema
        try (TsFileReader r = TsFileReader.of(renamed)) {
            // a schema without an index entry is how tsfile writes a table without rows
            // (aTableWithASchemaAndNoRowsIsEmpty): an empty table, as tsfile reads it
            assertEquals(List.of(), r.query("sensors", List.of("v"), 0, 10));
            assertEquals(List.of(), r.devices("sensors"));
            // the index's table has no schema: a request for it is the caller's mistake
            assertThrows(IllegalArgumentException.class, () -> r.query("sensorz", List.of("v"), 0, 10));
        }
        // the schema's column v: int32 name length 1, "v", then its type byte (INT64 = 2)
        int v = indexOf(file, new byte[] {0, 0, 0, 1, 'v', 2}, meta) + 5;
        byte[] objectType = file.clone();
        objectType[v] = (byte) dev.colcodec.tsfile.TsDataType.OBJECT.serialized();
        try (TsFileReader r = TsFileReader.of(objectType)) {
            CorruptInputException e =
                    assertThrows(CorruptInputException.class, () -> r.query("sensors", List.of("dev", "v"), 0, 10));
            assertEquals(meta, e.offset());
            org.assertj.core.api.Assertions.assertThat(e.expected())
                    .contains("column v")
                    .contains("OBJECT");
            assertThrows(CorruptInputException.class, () -> r.scan("sensors", List.of("v"), 0, 10, null, 100));
            List<TsBlock> w = r.query("sensors", List.of("w"), 0, 10);
            assertEquals(3, w.get(0).size());
            assertEquals(2.5, w.get(0).column(0).doubles()[2]);
        }
    }
}
