package dev.colcodec.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.io.ByteCursor;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileWindowTest {
    @TempDir
    Path tmp;

    /** A record: a varint length and that many bytes; the parser returns the bytes' sum and their count. */
    private static long record(ByteCursor in) {
        int n = in.readUnsignedVarInt("record length");
        int at = in.skip(n, "record bytes");
        long sum = n;
        for (int i = 0; i < n; i++) {
            sum = sum * 31 + in.buffer()[at + i];
        }
        return sum;
    }

    private static void varint(ByteArrayOutputStream out, int v) {
        while ((v & ~0x7F) != 0) {
            out.write((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write(v);
    }

    /** Records of 0 bytes to 3 windows, each followed by a gap skipped without parsing. */
    private static byte[] records(long seed, List<Long> offsets) {
        Random rnd = new Random(seed);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int r = 0; r < 60; r++) {
            offsets.add((long) out.size());
            int n = rnd.nextInt(8) == 0 ? rnd.nextInt(3 * FileWindow.FIRST) : rnd.nextInt(300);
            varint(out, n);
            byte[] b = new byte[n];
            rnd.nextBytes(b);
            out.write(b, 0, n);
            int gap = rnd.nextInt(4) == 0 ? rnd.nextInt(2 * FileWindow.FIRST) : rnd.nextInt(50);
            out.write(new byte[gap], 0, gap);
        }
        offsets.add((long) out.size());
        return out.toByteArray();
    }

    private static List<Long> walk(FileWindow w, List<Long> offsets) {
        List<Long> seen = new ArrayList<>();
        for (int r = 0; r + 1 < offsets.size(); r++) {
            seen.add(w.parse(offsets.get(r), offsets.get(r + 1), FileWindowTest::record));
            seen.add(w.lastEnd());
        }
        return seen;
    }

    @Test
    void aChannelParsesWhatTheArrayParsesWhateverTheRecordsLength() throws IOException {
        for (long seed = 1; seed <= 5; seed++) {
            List<Long> offsets = new ArrayList<>();
            byte[] bytes = records(seed, offsets);
            Path f = tmp.resolve("records");
            Files.write(f, bytes);
            List<Long> fromArray = walk(FileWindow.of(bytes), offsets);
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
                FileWindow w = FileWindow.of(ch);
                assertThat(w.length()).isEqualTo(bytes.length);
                assertThat(walk(w, offsets)).isEqualTo(fromArray);
                // and again backwards, every record outside the window left by the one before
                for (int r = offsets.size() - 2; r >= 0; r--) {
                    assertThat(w.parse(offsets.get(r), offsets.get(r + 1), FileWindowTest::record))
                            .isEqualTo(fromArray.get(2 * r));
                    assertThat(w.lastEnd()).isEqualTo(fromArray.get(2 * r + 1));
                }
            }
        }
    }

    /**
     * A record cut short by its limit is corrupt input at the same file offset from a channel (whatever
     * window it was read in) as from the array, after the window has grown to the limit.
     */
    @Test
    void corruptInputIsReportedAtFileOffsets() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(new byte[FileWindow.FIRST + 77], 0, FileWindow.FIRST + 77);
        long at = out.size();
        varint(out, 5 * FileWindow.FIRST); // claims more than lies before the limit
        out.write(new byte[200_000], 0, 200_000);
        byte[] bytes = out.toByteArray();
        Path f = tmp.resolve("short");
        Files.write(f, bytes);
        long limit = bytes.length - 10;
        CorruptInputException fromArray = catchCorrupt(FileWindow.of(bytes), at, limit);
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
            FileWindow w = FileWindow.of(ch);
            w.parse(0, 10, in -> in.skip(10, "ten bytes")); // a window elsewhere first
            CorruptInputException fromChannel = catchCorrupt(w, at, limit);
            assertThat(fromChannel.offset()).isEqualTo(fromArray.offset()).isEqualTo(at + 3);
            assertThat(fromChannel.expected()).isEqualTo(fromArray.expected());
            // a position outside the file, or a limit past its end
            assertThatThrownBy(() -> w.parse(-1, 10, FileWindowTest::record)).isInstanceOf(CorruptInputException.class);
            assertThatThrownBy(() -> w.parse(0, bytes.length + 1L, FileWindowTest::record))
                    .isInstanceOf(CorruptInputException.class);
            assertThatThrownBy(() -> w.parse(20, 10, FileWindowTest::record)).isInstanceOf(CorruptInputException.class);
        }
    }

    private static CorruptInputException catchCorrupt(FileWindow w, long at, long limit) {
        try {
            w.parse(at, limit, FileWindowTest::record);
        } catch (CorruptInputException e) {
            return e;
        }
        throw new AssertionError("no corrupt input");
    }

    /** Records past 2 GiB of a sparse file are read without reading the file whole. */
    @Test
    void recordsPast2GiBAreRead() throws IOException {
        Path f = tmp.resolve("sparse");
        long far = (1L << 31) + 12_345;
        ByteArrayOutputStream rec = new ByteArrayOutputStream();
        varint(rec, 100_000);
        byte[] body = new byte[100_000];
        new Random(3).nextBytes(body);
        rec.write(body, 0, body.length);
        byte[] r = rec.toByteArray();
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.seek(far);
            raf.write(r);
            raf.write(new byte[] {(byte) 0x80}); // a varint cut short by the end of the file
        }
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
            FileWindow w = FileWindow.of(ch);
            assertThat(w.parse(far, far + r.length, FileWindowTest::record))
                    .isEqualTo(FileWindow.of(r).parse(0, r.length, FileWindowTest::record));
            assertThat(w.lastEnd()).isEqualTo(far + r.length);
            // a hole of zeros: empty records
            assertThat(w.parse(1L << 31, far, FileWindowTest::record)).isZero();
            assertThat(w.lastEnd()).isEqualTo((1L << 31) + 1);
            assertThatThrownBy(() -> w.parse(far + r.length, far + r.length + 1, FileWindowTest::record))
                    .isInstanceOf(CorruptInputException.class)
                    .extracting(e -> ((CorruptInputException) e).offset())
                    .isEqualTo(far + r.length);
        } finally {
            Files.delete(f);
        }
    }

    /**
     * Headers close together cost one read: a walk over many small records reads the file about once;
     * records far apart cost a window each, not the bytes between them.
     */
    @Test
    void aWalkReadsHeadersNotTheBytesItSkips() throws IOException {
        ByteArrayOutputStream small = new ByteArrayOutputStream();
        List<Long> offsets = new ArrayList<>();
        Random rnd = new Random(9);
        while (small.size() < 1 << 20) {
            offsets.add((long) small.size());
            int n = rnd.nextInt(200);
            varint(small, n);
            small.write(new byte[n], 0, n);
        }
        offsets.add((long) small.size());
        Path f = tmp.resolve("small");
        Files.write(f, small.toByteArray());
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
            FileWindow w = FileWindow.of(ch);
            walk(w, offsets);
            assertThat(w.bytesRead()).isBetween((long) small.size(), small.size() + small.size() / 20L);
        }
        // 40 records of 100 bytes, each followed by 1 MiB that is skipped
        Path sparse = tmp.resolve("far-apart");
        List<Long> far = new ArrayList<>();
        try (RandomAccessFile raf = new RandomAccessFile(sparse.toFile(), "rw")) {
            for (int r = 0; r < 40; r++) {
                far.add(raf.getFilePointer());
                raf.write(100);
                raf.write(new byte[100]);
                raf.seek(raf.getFilePointer() + (1 << 20));
            }
            far.add(raf.getFilePointer());
            raf.setLength(raf.getFilePointer());
        }
        try (FileChannel ch = FileChannel.open(sparse, StandardOpenOption.READ)) {
            FileWindow w = FileWindow.of(ch);
            for (int r = 0; r + 1 < far.size(); r++) {
                assertThat(w.parse(far.get(r), far.get(r + 1), FileWindowTest::record))
                        .isEqualTo(100 * pow31(100));
            }
            assertThat(w.bytesRead()).isEqualTo(40L * FileWindow.FIRST);
        }
    }

    private static long pow31(int n) {
        long p = 1;
        for (int i = 0; i < n; i++) {
            p *= 31;
        }
        return p;
    }

    /**
     * A corrupt length far from its limit (a header that claims 1 GiB in a file of 1.5 GiB) is corrupt
     * input after windows of at most {@link FileWindow#MAX} bytes: it costs that much reading and memory,
     * not what the length claims.
     */
    @Test
    void aCorruptLengthCostsAtMostTheLargestWindow() throws IOException {
        Path f = tmp.resolve("claims");
        long size = 3L << 29;
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.seek(100);
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            varint(b, 1 << 30);
            raf.write(b.toByteArray());
            raf.setLength(size);
        }
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
            FileWindow w = FileWindow.of(ch);
            assertThatThrownBy(() -> w.parse(100, size, FileWindowTest::record))
                    .isInstanceOf(CorruptInputException.class)
                    .extracting(e -> ((CorruptInputException) e).offset())
                    .isEqualTo(105L);
            assertThat(w.bytesRead()).isLessThan(2L * FileWindow.MAX);
        } finally {
            Files.delete(f);
        }
    }
}
