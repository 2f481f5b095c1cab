package dev.colcodec.format.tsfile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.colcodec.format.tsfile.TsFileFixtures.Dataset;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.tsfile.file.metadata.IDeviceID;
import org.apache.tsfile.file.metadata.TimeseriesMetadata;
import org.apache.tsfile.read.TsFileSequenceReader;
import org.apache.tsfile.utils.BloomFilter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bloom filter of our files against tsfile 2.4.0's BloomFilter and reader. */
class TsBloomFilterTest {
    @TempDir
    Path dir;

    private static String randomPath(Random r) {
        StringBuilder sb = new StringBuilder();
        int n = r.nextInt(50);
        for (int i = 0; i < n; i++) {
            int k = r.nextInt(10);
            // ASCII, Latin-1 and CJK: UTF-8 bytes >= 0x80 in the hash tail are sign-extended by tsfile
            sb.append(k < 6 ? (char) ('a' + r.nextInt(26)) : k < 8 ? '.' : k < 9 ? '\u00e9' : '\u4e2d');
        }
        return sb.toString();
    }

    @Test
    void bitsEqualTsFilesBloomFilter() {
        Random r = new Random(3);
        int[] counts = {0, 1, 2, 40, 41, 42, 100, 777, 5000};
        double[] rates = {0.05, 0.01, 0.1, 0.003, 0.5, 0.0731};
        for (int count : counts) {
            for (double rate : rates) {
                BloomFilter theirs = BloomFilter.getEmptyBloomFilter(rate, count);
                TsBloomFilter ours = TsBloomFilter.sizedFor(count, rate);
                assertEquals(theirs.getSize(), ours.bitCount(), count + " at " + rate);
                assertEquals(theirs.getHashFunctionSize(), ours.hashCount(), count + " at " + rate);
                List<String> added = new ArrayList<>();
                for (int i = 0; i < Math.min(count, 600); i++) {
                    String p = randomPath(r);
                    added.add(p);
                    theirs.add(p);
                    ours.add(p);
                }
                assertArrayEquals(theirs.serialize(), ours.toByteArray(), count + " at " + rate);
                for (String p : added) {
                    assertTrue(ours.mayContain(p), p);
                }
                for (int i = 0; i < 200; i++) {
                    String p = randomPath(r);
                    assertEquals(theirs.contains(p), ours.mayContain(p), p);
                }
            }
        }
    }

    @Test
    void murmurHashEqualsTsFilesForEveryTailLength() {
        Random r = new Random(4);
        for (int len = 0; len < 70; len++) {
            byte[] b = new byte[len];
            r.nextBytes(b);
            String s = new String(b, StandardCharsets.ISO_8859_1); // chars 0x80-0xff: two UTF-8 bytes each
            for (int seed : new int[] {5, 59}) {
                assertEquals(
                        org.apache.tsfile.utils.Murmur128Hash.hash(s, seed),
                        (int) TsBloomFilter.murmur3x64(s.getBytes(StandardCharsets.UTF_8), seed),
                        "length " + len);
            }
        }
    }

    /** The filter tsfile builds for a file: one path per series, sized for the file's chunk count. */
    private static BloomFilter expectedFor(File f) throws Exception {
        try (TsFileSequenceReader sr = new TsFileSequenceReader(f.getPath())) {
            int chunks = 0;
            List<String> paths = new ArrayList<>();
            for (Map.Entry<IDeviceID, List<TimeseriesMetadata>> e :
                    sr.getAllTimeseriesMetadata(true).entrySet()) {
                for (TimeseriesMetadata tm : e.getValue()) {
                    chunks += tm.getChunkMetadataList().size();
                    paths.add(e.getKey().toString() + "." + tm.getMeasurementId());
                }
            }
            BloomFilter b = BloomFilter.getEmptyBloomFilter(TsBloomFilter.DEFAULT_ERROR_RATE, chunks);
            for (String p : paths) {
                b.add(p);
            }
            assertTrue(b.getSize() > 256, "a file with enough chunks for more than the minimum size");
            return b;
        }
    }

    private static void assertSameFilter(BloomFilter expected, File f) throws Exception {
        try (TsFileSequenceReader sr = new TsFileSequenceReader(f.getPath())) {
            BloomFilter got = sr.readBloomFilter();
            assertEquals(expected.getSize(), got.getSize());
            assertEquals(expected.getHashFunctionSize(), got.getHashFunctionSize());
            assertArrayEquals(expected.serialize(), got.serialize());
            for (Map.Entry<IDeviceID, List<TimeseriesMetadata>> e :
                    sr.getAllTimeseriesMetadata(false).entrySet()) {
                for (TimeseriesMetadata tm : e.getValue()) {
                    assertTrue(got.contains(e.getKey().toString() + "." + tm.getMeasurementId()));
                }
            }
        }
    }

    @Test
    void tsfileWritesTheFilterThisWay() throws Exception {
        // the rule of expectedFor, checked on a file tsfile 2.4.0 writes itself
        Dataset ds = TsFileFixtures.dataset(7, TsFileFixtures.allTypes(), new int[] {900, 50, 300}, 0.2, 4);
        File f = dir.resolve("theirs.tsfile").toFile();
        TsFileFixtures.writeWithTsFile(ds, f, 64, "TS_2DIFF", 4096, 100);
        assertSameFilter(expectedFor(f), f);
    }

    @Test
    void ourFilesCarryTheFilterTsFileWrites() throws Exception {
        Dataset ds = TsFileFixtures.dataset(8, TsFileFixtures.allTypes(), new int[] {900, 50, 300, 7}, 0.2, 4);
        ds.devices.get(3).tags[0] = null; // a null segment inside the device id: "null" in the path
        File f = dir.resolve("ours.tsfile").toFile();
        Files.write(f.toPath(), TsFileWriterTest.writeWithColcodec(ds, 64, 100));
        assertSameFilter(expectedFor(f), f);
    }

    @Test
    void aFileWithoutSeriesHasTheEmptyFilter() throws Exception {
        Dataset ds = TsFileFixtures.dataset(9, TsFileFixtures.allTypes(), new int[0], 0.2, -1);
        File f = dir.resolve("empty.tsfile").toFile();
        Files.write(f.toPath(), TsFileWriterTest.writeWithColcodec(ds, 64, 100));
        try (TsFileSequenceReader sr = new TsFileSequenceReader(f.getPath())) {
            assertEquals(null, sr.readBloomFilter());
            assertTrue(sr.readFileMetadata().getMetaOffset() > 0);
        }
        assertTrue(TsFileReader.of(Files.readAllBytes(f.toPath())).schema("t") != null);
    }
}
