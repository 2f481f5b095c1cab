package dev.colcodec.format.cli;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.io.MappedFile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
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
        // opened as the readers open it: a directory is refused by name
        try (InputStream in = java.nio.channels.Channels.newInputStream(MappedFile.openForReading(file))) {
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

    /**
     * The format a file's name says by its extension ({@code .parquet}, {@code .parq}, {@code .pq}; {@code
     * .tsfile}, any case), or null.
     */
    static FileFormat named(Path file) {
        Path name = file.getFileName();
        String n = name == null ? "" : name.toString().toLowerCase(java.util.Locale.ROOT);
        if (n.endsWith(".parquet") || n.endsWith(".parq") || n.endsWith(".pq")) {
            return PARQUET;
        }
        return n.endsWith(".tsfile") ? TSFILE : null;
    }

    /** The format's name in messages. */
    String label() {
        return this == PARQUET ? "Parquet" : "TsFile";
    }

    FileFormat other() {
        return this == PARQUET ? TSFILE : PARQUET;
    }
}
