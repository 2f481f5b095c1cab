package dev.colcodec.format.cli;

import dev.colcodec.CorruptInputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** The two file formats, told apart by their leading magic bytes. */
enum FileFormat {
    PARQUET,
    TSFILE;

    private static final byte[] PARQUET_MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TSFILE_MAGIC = "TsFile".getBytes(StandardCharsets.US_ASCII);

    /** The format of {@code file}: Parquet {@code PAR1}, or {@code TsFile} followed by a version byte. */
    static FileFormat detect(Path file) throws IOException {
        byte[] head = new byte[TSFILE_MAGIC.length + 1];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        }
        if (n >= PARQUET_MAGIC.length && Arrays.equals(head, 0, PARQUET_MAGIC.length, PARQUET_MAGIC, 0, 4)) {
            return PARQUET;
        }
        if (n == head.length && Arrays.equals(head, 0, TSFILE_MAGIC.length, TSFILE_MAGIC, 0, TSFILE_MAGIC.length)) {
            return TSFILE;
        }
        throw new CorruptInputException(0, "the Parquet magic PAR1 or the TsFile magic TsFile and a version byte");
    }

    FileFormat other() {
        return this == PARQUET ? TSFILE : PARQUET;
    }
}
