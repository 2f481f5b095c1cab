package dev.colcodec.format.tsfile;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.colcodec.CorruptInputException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Random byte damage to whole files (ours and tsfile's), full and ranged queries: only CorruptInputException. */
class TsFileFuzzTest {
    @TempDir
    Path dir;

    /**
     * Damages {@code good} 700 times and queries it in memory; with {@code disk} every fourth damaged file
     * is also written to {@code disk} and queried from there (memory-mapped, value pages read page by
     * page, LZ4 pages decompressed from the mapping).
     */
    private static void fuzz(byte[] good, List<String> cols, long seed, Path disk) throws Exception {
        Random r = new Random(seed);
        int corrupt = 0;
        for (int k = 0; k < 700; k++) {
            byte[] bad = good.clone();
            int flips = 1 + r.nextInt(3);
            for (int j = 0; j < flips; j++) {
                int at = r.nextInt(bad.length);
                bad[at] = r.nextBoolean() ? (byte) r.nextInt(256) : (byte) (bad[at] ^ (1 << r.nextInt(8)));
            }
            long lo = k % 2 == 0 ? Long.MIN_VALUE : 1000 + r.nextInt(700);
            long hi = k % 2 == 0 ? Long.MAX_VALUE : lo + r.nextInt(400);
            try {
                TsFileReader.of(bad).query("t", cols, lo, hi);
            } catch (CorruptInputException e) {
                corrupt++;
            } catch (IllegalArgumentException e) {
                // a damaged name or an encoding this module does not decode yet
                assertTrue(e.getMessage().startsWith("no "), e.getMessage());
            }
            if (disk != null && k % 4 == 0) {
                Files.write(disk, bad);
                try (TsFileReader fromDisk = TsFileReader.open(disk)) {
                    fromDisk.query("t", cols, lo, hi);
                } catch (CorruptInputException e) {
                    // as in memory
                } catch (IllegalArgumentException e) {
                    assertTrue(e.getMessage().startsWith("no "), e.getMessage());
                }
            }
        }
        assertTrue(corrupt > 60, "corrupt " + corrupt);
    }

    @Test
    void damagedFilesOnlyRaiseCorruptInput() throws Exception {
        TsFileFixtures.Dataset ds =
                TsFileFixtures.dataset(41, TsFileFixtures.allTypes(), new int[] {300, 20, 5}, 0.3, 2);
        List<String> cols = TsFileReaderTest.allColumns(ds);
        Path disk = dir.resolve("damaged.tsfile");
        fuzz(TsFileWriterTest.writeWithColcodec(ds, 64, 100), cols, 1, disk);
        File f = dir.resolve("fz.tsfile").toFile();
        TsFileFixtures.writeWithTsFile(ds, f, 64, "TS_2DIFF", 4096, 100);
        fuzz(Files.readAllBytes(f.toPath()), cols, 2, disk);
    }
}
