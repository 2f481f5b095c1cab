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
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
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
    void aWriterThatRefusesItsArgumentsLeavesAnExistingFileAlone() throws IOException {
        Path file = dir.resolve("kept");
        Files.write(file, KEPT);
        assertThatThrownBy(() -> NewFile.create(file, os -> {
                    os.write(KEPT);
                    throw new IllegalArgumentException("refused");
                }))
                .hasMessage("refused");
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
    void aWriterMayNotWriteABlockBeforeTheFileIsOpened() throws IOException {
        Path file = dir.resolve("kept");
        Files.write(file, KEPT);
        assertThatThrownBy(() -> NewFile.create(file, os -> {
                    os.write(new byte[BLOCK + 1]);
                    return os;
                }))
                .isInstanceOf(IllegalStateException.class);
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
