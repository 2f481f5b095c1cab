package dev.colcodec.format.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileWriter;
import dev.colcodec.format.parquet.ParquetWriteOptions;
import dev.colcodec.format.tsfile.TsFileWriter;
import dev.colcodec.format.tsfile.TsTableSchema;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file holds exactly what was written, whatever the sizes of the writes and the flushes between them. */
class NewFileTest {
    private static final int BLOCK = NewFile.BLOCK;
    private static final byte[] KEPT = "the caller's bytes".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    @Test
    void theFileHoldsEveryWriteInOrder() throws IOException {
        // sizes around the block boundary and the piece size, single bytes, empty writes, flushes
        int[] sizes = {0, 1, 7, BLOCK - 1, BLOCK, BLOCK + 1, 2 * BLOCK - 3, 4 * BLOCK, 4 * BLOCK + 5, 9 * BLOCK + 11};
        Random rnd = new Random(42);
        for (int round = 0; round < 12; round++) {
            Path file = dir.resolve("f" + round);
            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            try (OutputStream out = NewFile.create(file, os -> os)) {
                for (int w = 0; w < 40; w++) {
                    int kind = rnd.nextInt(10);
                    if (kind == 0) {
                        int b = rnd.nextInt(256);
                        out.write(b);
                        expected.write(b);
                    } else if (kind == 1 && round % 2 == 1) {
                        out.flush();
                    } else {
                        int len = kind < 5 ? sizes[rnd.nextInt(sizes.length)] : rnd.nextInt(3 * BLOCK);
                        byte[] a = new byte[len + 10];
                        rnd.nextBytes(a);
                        int off = rnd.nextInt(11);
                        out.write(a, off, len);
                        expected.write(a, off, len);
                    }
                }
            }
            assertThat(Files.readAllBytes(file)).isEqualTo(expected.toByteArray());
        }
    }

    @Test
    void singleBytesAndFlushesAcrossBlockBoundaries() throws IOException {
        Path file = dir.resolve("bytes");
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        Random rnd = new Random(3);
        try (OutputStream out = NewFile.create(file, os -> {
            os.write(9);
            os.flush(); // before the file is opened: the byte stays buffered
            return os;
        })) {
            expected.write(9);
            byte[] a = new byte[BLOCK - 2];
            rnd.nextBytes(a);
            out.write(a);
            expected.write(a);
            for (int i = 0; i < BLOCK + 5; i++) { // over the boundary one byte at a time
                out.write(i);
                expected.write(i);
            }
            out.flush(); // the buffer now starts mid-block
            for (int i = 0; i < 2 * BLOCK + 3; i++) {
                out.write(i * 7);
                expected.write(i * 7);
                if (i % 100_003 == 0) {
                    out.flush();
                }
            }
        }
        assertThat(Files.readAllBytes(file)).isEqualTo(expected.toByteArray());
    }

    @Test
    void aFailedWriteFailsLaterCallsAndCloseWritesNothingMore() throws IOException {
        Path full = Path.of("/dev/full"); // every write fails: no space left on device
        Assumptions.assumeTrue(Files.isWritable(full));
        OutputStream out = NewFile.create(full, os -> os);
        out.write(new byte[10]);
        assertThatThrownBy(() -> out.write(new byte[BLOCK])).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> out.write(1)).isInstanceOf(IOException.class).hasMessageContaining("an earlier write");
        out.close(); // only closes the file: the buffered bytes of the failed write are not written again
    }

    /**
     * With {@code sync}, close forces the file to its device: a file's bytes are all there, and on {@code
     * /dev/null}, which cannot be forced (fsync fails with EINVAL), close says so, where a stream without
     * {@code sync} closes quietly.
     */
    @Test
    void syncForcesTheFileWhenItCloses() throws IOException {
        Path file = dir.resolve("synced");
        byte[] bytes = new byte[BLOCK + 5];
        new java.util.Random(3).nextBytes(bytes);
        try (OutputStream out = NewFile.create(file, true, os -> os)) {
            out.write(bytes);
        }
        assertThat(Files.readAllBytes(file)).isEqualTo(bytes);
        Path devNull = Path.of("/dev/null");
        Assumptions.assumeTrue(Files.isWritable(devNull));
        OutputStream quiet = NewFile.create(devNull, false, os -> os);
        quiet.write(bytes);
        quiet.close();
        OutputStream synced = NewFile.create(devNull, true, os -> os);
        synced.write(bytes);
        assertThatThrownBy(synced::close).isInstanceOf(java.io.SyncFailedException.class);
        // the writers' options reach the stream
        List<ParquetColumn> parquet = List.of(ParquetColumn.flat("v", PhysicalType.INT64, 0, false));
        ParquetFileWriter.create(devNull, parquet, ParquetWriteOptions.defaults())
                .close();
        ParquetFileWriter pw = ParquetFileWriter.create(
                devNull, parquet, ParquetWriteOptions.defaults().withSyncOnClose(true));
        assertThatThrownBy(pw::close).isInstanceOf(java.io.SyncFailedException.class);
        List<TsTableSchema> ts = List.of(new TsTableSchema(
                "t",
                List.of(new TsTableSchema.Column(
                        "v",
                        TsDataType.INT64,
                        TsEncoding.PLAIN,
                        Compression.UNCOMPRESSED,
                        TsTableSchema.Category.FIELD))));
        TsFileWriter.create(devNull, ts, new TsFileWriter.Options()).close();
        TsFileWriter tw = TsFileWriter.create(devNull, ts, new TsFileWriter.Options().syncOnClose(true));
        assertThatThrownBy(tw::close).isInstanceOf(java.io.SyncFailedException.class);
    }

    @Test
    void aPathOfAnotherFileSystem() throws IOException {
        Path zip = dir.resolve("z.zip");
        byte[] a = new byte[BLOCK + 99];
        new Random(5).nextBytes(a);
        try (FileSystem fs = FileSystems.newFileSystem(zip, Map.of("create", "true"))) {
            Path inZip = fs.getPath("/f.bin");
            try (OutputStream out = NewFile.create(inZip, os -> os)) {
                out.write(a);
            }
            assertThat(Files.readAllBytes(inZip)).isEqualTo(a);
        }
    }

    @Test
    void anInterruptedThreadStillWritesTheWholeFile() throws IOException {
        // a FileChannel closes itself when its writing thread is interrupted, and the file is lost
        byte[] a = new byte[3 * BLOCK + 17];
        new Random(7).nextBytes(a);
        Path file = dir.resolve("interrupted");
        OutputStream out = NewFile.create(file, os -> os);
        Thread.currentThread().interrupt();
        try {
            out.write(a, 0, 5);
            out.write(a, 5, a.length - 5);
            out.close();
        } finally {
            assertThat(Thread.interrupted()).isTrue();
        }
        assertThat(Files.readAllBytes(file)).isEqualTo(a);
    }

    @Test
    void aWriterThatRefusesItsArgumentsOrWritesTooEarlyLeavesAnExistingFileAlone() throws IOException {
        Path file = dir.resolve("kept");
        Files.write(file, KEPT);
        assertThatThrownBy(() -> NewFile.create(file, os -> {
                    os.write(KEPT);
                    throw new IllegalArgumentException("refused");
                }))
                .hasMessage("refused");
        assertThat(Files.readAllBytes(file)).isEqualTo(KEPT);
        // a writer may not write a whole block before the file is opened
        assertThatThrownBy(() -> NewFile.create(file, os -> {
                    os.write(new byte[BLOCK + 1]);
                    return os;
                }))
                .isInstanceOf(IllegalStateException.class);
        assertThat(Files.readAllBytes(file)).isEqualTo(KEPT);

        List<ParquetColumn> twice = List.of(
                ParquetColumn.flat("a", PhysicalType.INT64, 0, false),
                ParquetColumn.flat("a", PhysicalType.INT64, 0, false));
        assertThatThrownBy(() -> ParquetFileWriter.create(file, twice, ParquetWriteOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(Files.readAllBytes(file)).isEqualTo(KEPT);

        TsTableSchema intTag = new TsTableSchema(
                "t",
                List.of(new TsTableSchema.Column(
                        "tag",
                        TsDataType.INT32,
                        TsEncoding.PLAIN,
                        Compression.UNCOMPRESSED,
                        TsTableSchema.Category.TAG)));
        assertThatThrownBy(() -> TsFileWriter.create(file, List.of(intTag), new TsFileWriter.Options()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(Files.readAllBytes(file)).isEqualTo(KEPT);
    }

    @Test
    void aMissingDirectoryAndAClosedStreamAreIoErrors() throws IOException {
        assertThatThrownBy(() -> NewFile.create(dir.resolve("no/such/dir/f"), os -> os))
                .isInstanceOf(NoSuchFileException.class);
        OutputStream out = NewFile.create(dir.resolve("closed"), os -> os);
        out.write(1);
        out.close();
        out.close();
        assertThatThrownBy(() -> out.write(2)).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> out.write(new byte[3], 0, 3)).isInstanceOf(IOException.class);
        assertThat(Files.readAllBytes(dir.resolve("closed"))).containsExactly(1);
    }
}
