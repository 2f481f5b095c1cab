package dev.colcodec.format.tsfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.colcodec.CorruptInputException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random damage (bit flips, byte overwrites, truncations) to a tree-model file tsfile 2.4.0 wrote, read
 * through every tree-model call, in memory and from disk: only values or CorruptInputException.
 */
class TsTreeModelFuzzTest {
    @TempDir
    Path dir;

    /** Lists and reads everything (full and ranged): null, or the corrupt input found. */
    private static CorruptInputException readAll(TsFileReader r, long lo, long hi) {
        try {
            for (String d : r.treeDevices()) {
                List<String> names = new ArrayList<>();
                boolean aligned = false;
                for (TsMeasurement m : r.measurements(d)) {
                    names.add(m.name());
                    aligned = m.aligned();
                    r.seriesQuery(d, m.name(), lo, hi);
                }
                if (aligned) {
                    r.alignedQuery(d, names, lo, hi);
                }
            }
            return null;
        } catch (CorruptInputException e) {
            return e;
        } catch (IllegalArgumentException e) {
            // a damaged name read twice differently cannot happen; an unknown encoding id is corrupt input
            throw new AssertionError("IllegalArgumentException from damaged input: " + e.getMessage(), e);
        }
    }

    private static byte[] damage(byte[] good, Random r, int k) {
        if (k % 5 == 4) {
            return Arrays.copyOf(good, r.nextInt(good.length));
        }
        byte[] bad = good.clone();
        int flips = 1 + r.nextInt(3);
        for (int j = 0; j < flips; j++) {
            int at = r.nextInt(bad.length);
            bad[at] = r.nextBoolean() ? (byte) r.nextInt(256) : (byte) (bad[at] ^ (1 << r.nextInt(8)));
        }
        return bad;
    }

    @Test
    void damagedTreeModelFilesOnlyRaiseCorruptInput() throws Exception {
        TsTreeFixtures.TreeData t = TsTreeFixtures.data(
                71,
                new String[] {"root.sg1.d1", "root.sg1.d2", "root.sg2.d3"},
                new TsTreeFixtures.Kind[] {
                    TsTreeFixtures.Kind.TABLET, TsTreeFixtures.Kind.ALIGNED, TsTreeFixtures.Kind.RECORD
                },
                new int[] {200, 150, 40},
                0.3);
        File f = dir.resolve("fz.tsfile").toFile();
        TsTreeFixtures.write(t, f, 32, "TS_2DIFF", 64);
        byte[] good = Files.readAllBytes(f.toPath());
        assertNull(readAll(TsFileReader.of(good), Long.MIN_VALUE, Long.MAX_VALUE));
        Random r = new Random(5);
        Path bad = dir.resolve("bad.tsfile");
        int corrupt = 0;
        for (int k = 0; k < 500; k++) {
            byte[] b = damage(good, r, k);
            long lo = k % 2 == 0 ? Long.MIN_VALUE : 1000 + r.nextInt(300);
            long hi = k % 2 == 0 ? Long.MAX_VALUE : lo + r.nextInt(200);
            CorruptInputException inMemory;
            try {
                inMemory = readAll(TsFileReader.of(b), lo, hi);
            } catch (CorruptInputException e) {
                inMemory = e;
            }
            Files.write(bad, b);
            CorruptInputException fromDisk;
            try (TsFileReader disk = TsFileReader.open(bad)) {
                fromDisk = readAll(disk, lo, hi);
            } catch (CorruptInputException e) {
                fromDisk = e;
            }
            // corrupt input at the same file offset, whether the file is in memory or read from disk (a
            // codec's message may name an index in its own buffer)
            assertEquals(
                    inMemory == null ? "values" : "corrupt at " + inMemory.offset(),
                    fromDisk == null ? "values" : "corrupt at " + fromDisk.offset(),
                    "damaged file " + k + ": " + inMemory + " | " + fromDisk);
            corrupt += inMemory == null ? 0 : 1;
        }
        assertTrue(corrupt > 100, "corrupt " + corrupt);
    }
}
