package dev.colcodec.values;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.ByteIO;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BinaryBatchTest {
    private static byte[] prefixed(List<byte[]> values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] len = new byte[4];
        for (byte[] v : values) {
            ByteIO.putIntLE(len, 0, v.length);
            out.write(len, 0, 4);
            out.write(v, 0, v.length);
        }
        return out.toByteArray();
    }

    @Test
    void aCallersMistakeLeavesTheBatchAsItWas() {
        BinaryBatch batch = new BinaryBatch();
        batch.append(new byte[] {1, 2, 3}, 0, 3);
        assertThrows(IndexOutOfBoundsException.class, () -> batch.append(new byte[4], 2, 4));
        assertThrows(IndexOutOfBoundsException.class, () -> batch.append(new byte[4], 0, -1));
        assertThrows(IllegalArgumentException.class, () -> batch.reserve(-3));
        assertEquals(1, batch.count());
        assertEquals(3, batch.byteSize());
        assertEquals(3, batch.length(0));
        assertEquals(3, batch.offset(1)); // the end of the last value
        assertThrows(IndexOutOfBoundsException.class, () -> batch.length(1));
        assertThrows(IndexOutOfBoundsException.class, () -> batch.length(-1));
        assertThrows(IndexOutOfBoundsException.class, () -> batch.offset(2));
        batch.append(new byte[] {9}, 0, 1);
        assertArrayEquals(new byte[] {9}, batch.get(1));
    }

    @Test
    void appendsLengthPrefixedValuesOfEverySizeInBatches() {
        Random rnd = new Random(7);
        List<byte[]> values = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            int n = rnd.nextInt(10) == 0 ? rnd.nextInt(100) : rnd.nextInt(26); // in one to three words
            byte[] v = new byte[n];
            rnd.nextBytes(v);
            values.add(v);
        }
        byte[] page = prefixed(values);
        // the values end exactly at the end of the array: the last short values take the arraycopy path
        BinaryBatch batch = new BinaryBatch(1, 16);
        int pos = 0;
        int done = 0;
        while (done < values.size()) {
            int n = Math.min(values.size() - done, 1 + rnd.nextInt(300));
            pos = batch.appendLengthPrefixedLE(page, pos, page.length, n);
            done += n;
        }
        assertEquals(page.length, pos);
        assertEquals(values.size(), batch.count());
        for (int i = 0; i < values.size(); i++) {
            assertArrayEquals(values.get(i), batch.get(i), "value " + i);
        }
    }

    /**
     * A few values from a large page take room for those values, not for the rest of the page (a decode in
     * batches of one value of a 2 MB page held 2 MB per batch); values longer than the room made up front
     * grow the array as they come, to at most twice what the values hold.
     */
    @Test
    void roomGrowsWithTheValuesNotWithTheRestOfThePage() {
        List<byte[]> small = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            small.add(String.format("value-%010d", i).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        }
        byte[] page = prefixed(small);
        BinaryBatch one = new BinaryBatch(1, 16);
        assertEquals(20, one.appendLengthPrefixedLE(page, 0, page.length, 1));
        assertArrayEquals(small.get(0), one.get(0));
        assertTrue(one.data().length <= 64, "room for one value: " + one.data().length);

        Random rnd = new Random(11);
        List<byte[]> mixed = new ArrayList<>();
        long bytes = 0;
        for (int i = 0; i < 400; i++) {
            byte[] v = new byte[rnd.nextInt(4) == 0 ? 1000 + rnd.nextInt(5000) : rnd.nextInt(30)];
            rnd.nextBytes(v);
            mixed.add(v);
            bytes += v.length;
        }
        byte[] longPage = prefixed(mixed);
        for (int batchSize : new int[] {1, 7, 400}) {
            BinaryBatch b = new BinaryBatch(1, 16);
            int pos = 0;
            for (int done = 0; done < mixed.size(); done += batchSize) {
                pos = b.appendLengthPrefixedLE(
                        longPage, pos, longPage.length, Math.min(batchSize, mixed.size() - done));
            }
            assertEquals(longPage.length, pos);
            for (int i = 0; i < mixed.size(); i++) {
                assertArrayEquals(mixed.get(i), b.get(i), "value " + i + ", batches of " + batchSize);
            }
            assertTrue(b.data().length <= 2 * bytes + 64, batchSize + ": " + b.data().length + " for " + bytes);
        }
    }

    /**
     * Entries picked by id from a table whose data ends right after its last entry (the entries near the
     * end take the arraycopy path), after what the batch holds, in calls of every size from a small batch
     * that grows; the bytes past the values stay inside the batch's room.
     */
    @Test
    void appendsEntriesPickedByIdAfterWhatIsThere() {
        Random rnd = new Random(11);
        List<byte[]> entries = new ArrayList<>();
        ByteArrayOutputStream table = new ByteArrayOutputStream();
        int[] entryOffsets = new int[301];
        for (int e = 0; e < 300; e++) {
            int n = e % 50 == 0 ? 0 : rnd.nextInt(10) == 0 ? 17 + rnd.nextInt(60) : rnd.nextInt(17);
            byte[] v = new byte[n];
            rnd.nextBytes(v);
            entries.add(v);
            table.write(v, 0, n);
            entryOffsets[e + 1] = table.size();
        }
        byte[] data = table.toByteArray();
        int[] entryLengths = new int[300];
        for (int e = 0; e < 300; e++) {
            entryLengths[e] = entryOffsets[e + 1] - entryOffsets[e];
        }
        // the same entries apart from each other (a byte before each, as a length would be), the first
        // at the table's start and the last at its end
        byte[] spread = new byte[data.length + 299];
        int[] spreadStarts = new int[300];
        for (int e = 0; e < 300; e++) {
            spreadStarts[e] = entryOffsets[e] + e;
            System.arraycopy(data, entryOffsets[e], spread, spreadStarts[e], entryLengths[e]);
        }
        BinaryBatch batch = new BinaryBatch(1, 16);
        batch.append(new byte[] {9, 9, 9}, 0, 3);
        List<byte[]> expected = new ArrayList<>(List.of(new byte[] {9, 9, 9}));
        int[] ids = new int[500];
        for (int call = 0; call < 200; call++) {
            int n = rnd.nextInt(call % 20 == 0 ? 500 : 8);
            int off = rnd.nextInt(ids.length - n + 1);
            for (int i = 0; i < n; i++) {
                // runs of one id, the first and last entries, and random ones
                ids[off + i] = i > 0 && rnd.nextInt(3) == 0
                        ? ids[off + i - 1]
                        : rnd.nextInt(4) == 0 ? (rnd.nextBoolean() ? 0 : 299) : rnd.nextInt(300);
                expected.add(entries.get(ids[off + i]));
            }
            if (call % 2 == 0) {
                batch.appendEntries(data, entryOffsets, entryLengths, ids, off, n);
            } else {
                batch.appendEntries(spread, spreadStarts, entryLengths, ids, off, n);
            }
        }
        assertEquals(expected.size(), batch.count());
        for (int i = 0; i < expected.size(); i++) {
            assertArrayEquals(expected.get(i), batch.get(i), "value " + i);
        }
        assertThrows(
                IndexOutOfBoundsException.class,
                () -> batch.appendEntries(data, entryOffsets, entryLengths, ids, 490, 11));
    }

    @Test
    void appendRepeatedAddsOneValuePerCopyAfterWhatIsThere() {
        for (int len : new int[] {0, 1, 2, 7, 40}) {
            for (int times : new int[] {0, 1, 2, 3, 100, 1025}) {
                BinaryBatch batch = new BinaryBatch(1, 1);
                batch.append(new byte[] {9, 9}, 0, 2);
                byte[] src = new byte[len + 3];
                for (int i = 0; i < src.length; i++) {
                    src[i] = (byte) (i * 31 + len);
                }
                batch.appendRepeated(src, 3, len, times);
                assertEquals(1 + times, batch.count());
                assertArrayEquals(new byte[] {9, 9}, batch.get(0));
                byte[] want = java.util.Arrays.copyOfRange(src, 3, 3 + len);
                for (int i = 1; i <= times; i++) {
                    assertArrayEquals(want, batch.get(i), "len " + len + " copy " + i);
                }
                assertEquals(2 + len * times, batch.byteSize());
            }
        }
        assertThrows(IndexOutOfBoundsException.class, () -> new BinaryBatch().appendRepeated(new byte[2], 1, 2, 3));
    }

    @Test
    void aBadLengthLeavesTheBatchAsItWas() {
        byte[] page = prefixed(List.of(new byte[] {1, 2, 3}, new byte[] {4}, new byte[40]));
        BinaryBatch batch = new BinaryBatch();
        batch.append(new byte[] {9}, 0, 1);
        byte[] lying = page.clone();
        ByteIO.putIntLE(lying, 7 + 5, 41); // the third length claims one byte too many
        CorruptInputException e = assertThrows(
                CorruptInputException.class, () -> batch.appendLengthPrefixedLE(lying, 0, lying.length, 3));
        assertEquals(12, e.offset());
        assertEquals(1, batch.count());
        assertThrows(CorruptInputException.class, () -> batch.appendLengthPrefixedLE(page, 0, page.length, 4));
        assertEquals(1, batch.count());
        assertEquals(page.length, batch.appendLengthPrefixedLE(page, 0, page.length, 3));
        assertEquals(4, batch.count());
        assertArrayEquals(new byte[40], batch.get(3));
        assertArrayEquals(new byte[] {9}, batch.get(0));
    }

    /**
     * A first length that takes the bytes the later values' lengths need is corrupt input at that length,
     * before any byte is copied past the room the call reserved (it had copied 96 bytes into 76).
     */
    @Test
    void aLengthThatLeavesNoRoomForTheNextLengthsIsRefused() {
        byte[] page = new byte[100];
        ByteIO.putIntLE(page, 0, 96); // fits the page, but nine more values need 36 bytes of lengths
        for (BinaryBatch batch : List.of(new BinaryBatch(), new BinaryBatch(1, 1))) {
            CorruptInputException e = assertThrows(
                    CorruptInputException.class, () -> batch.appendLengthPrefixedLE(page, 0, page.length, 10));
            assertEquals(0, e.offset());
            assertEquals(0, batch.count());
        }
        // the same length as the last of ten values in a page long enough is read
        byte[] ok = new byte[4 * 10 + 96];
        ByteIO.putIntLE(ok, 36, 96);
        BinaryBatch batch = new BinaryBatch(1, 1);
        assertEquals(ok.length, batch.appendLengthPrefixedLE(ok, 0, ok.length, 10));
        assertEquals(96, batch.length(9));
    }
}
