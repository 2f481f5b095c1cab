package dev.colcodec.format.tsfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.colcodec.CorruptInputException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
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
        int scanned = 0;
        ForkJoinPool pool = new ForkJoinPool(2);
        for (int k = 0; k < 700; k++) {
            byte[] bad = good.clone();
            int flips = 1 + r.nextInt(3);
            for (int j = 0; j < flips; j++) {
                int at = r.nextInt(bad.length);
                bad[at] = r.nextBoolean() ? (byte) r.nextInt(256) : (byte) (bad[at] ^ (1 << r.nextInt(8)));
            }
            long lo = k % 2 == 0 ? Long.MIN_VALUE : 1000 + r.nextInt(700);
            long hi = k % 2 == 0 ? Long.MAX_VALUE : lo + r.nextInt(400);
            String inMemory = "values";
            String memoryMessage = "";
            try {
                TsFileReader.of(bad).query("t", cols, lo, hi);
            } catch (CorruptInputException e) {
                corrupt++;
                inMemory = "corrupt at " + e.offset();
                memoryMessage = e.getMessage();
                assertTrue(e.offset() >= 0 && e.offset() < bad.length, e.getMessage());
            } catch (IllegalArgumentException e) {
                // a damaged name or an encoding this module does not decode yet
                assertTrue(e.getMessage().startsWith("no "), e.getMessage());
                inMemory = "argument";
            }
            if (k % 4 == 1) {
                // a streaming scan reading ahead on a pool (the caller helping) ends as one on this thread
                String serial = scanOutcome(bad, cols, lo, hi, null);
                assertEquals(serial, scanOutcome(bad, cols, lo, hi, pool), "scan with a pool");
                scanned++;
            }
            if (disk != null && k % 4 == 0) {
                Files.write(disk, bad);
                String fromFile = "values";
                String fileMessage = "";
                try (TsFileReader fromDisk = TsFileReader.open(disk)) {
                    fromDisk.query("t", cols, lo, hi);
                } catch (CorruptInputException e) {
                    fromFile = "corrupt at " + e.offset();
                    fileMessage = e.getMessage();
                } catch (IllegalArgumentException e) {
                    assertTrue(e.getMessage().startsWith("no "), e.getMessage());
                    fromFile = "argument";
                }
                // an error at the same file offset, whether the pages were in memory, read whole or read
                // page by page from the file (a codec's message may name its own buffer's index)
                String why = "damaged file " + k + ": " + memoryMessage + " | " + fileMessage;
                assertEquals(inMemory, fromFile, why);
            }
        }
        pool.shutdownNow();
        assertTrue(corrupt > 60, "corrupt " + corrupt);
        assertEquals(175, scanned);
    }

    private static long valueHash(TsColumn col, int i) {
        switch (col.storageType()) {
            case BOOLEAN:
                return col.booleans()[i] ? 1 : 0;
            case INT32:
                return col.ints()[i];
            case INT64:
                return col.longs()[i];
            case FLOAT:
                return Float.floatToRawIntBits(col.floats()[i]);
            case DOUBLE:
                return Double.doubleToRawLongBits(col.doubles()[i]);
            default:
                return java.util.Arrays.hashCode(col.binaries().get(i));
        }
    }

    /**
     * Scans {@code file} in blocks of at most 50 rows: "rows N sum S" (times and values hashed) when it
     * reads to the end, "corrupt after N" when it stops at corrupt input after N rows, "argument" for a
     * damaged name.
     */
    private static String scanOutcome(byte[] file, List<String> cols, long lo, long hi, ForkJoinPool pool) {
        long rows = 0;
        long sum = 0;
        try (TsScan scan = TsFileReader.of(file).scan("t", cols, lo, hi, pool, 50)) {
            for (TsBlock b = scan.next(); b != null; b = scan.next()) {
                rows += b.size();
                for (int i = 0; i < b.size(); i++) {
                    sum = sum * 31 + b.times()[i];
                }
                for (int c = 0; c < b.columnCount(); c++) {
                    TsColumn col = b.column(c);
                    for (int i = 0; i < b.size(); i++) {
                        sum = sum * 31 + (col.isNull(i) ? -1 : valueHash(col, i));
                    }
                }
            }
            return "rows " + rows + " sum " + sum;
        } catch (CorruptInputException e) {
            return "corrupt after " + rows;
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().startsWith("no "), e.getMessage());
            return "argument";
        }
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
