package dev.colcodec.format.cli;

import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileWriter;
import dev.colcodec.format.parquet.ParquetWriteOptions;
import dev.colcodec.format.tsfile.TsFileWriter;
import dev.colcodec.format.tsfile.TsTableSchema;
import dev.colcodec.tsfile.TsEncoding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Creates the target files' writers (a refused schema or option leaves an existing target alone), turning their refusal of a requested encoding or codec (an {@link
 * IllegalArgumentException} naming the pair) into a usage error.
 */
final class Writers {
    private Writers() {}

    /** A command's OUT file, and whether the command has created (or truncated) it. */
    static final class Target {
        private final Path path;
        private boolean created;

        Target(Path path) {
            this.path = path;
        }

        Path path() {
            return path;
        }

        /**
         * After a failure: deletes the file if the command created it (a part-written file); a file the
         * command never opened, such as an existing OUT when IN is unreadable, stays as it was.
         */
        void deleteIfCreated() throws IOException {
            if (created) {
                Files.deleteIfExists(path);
            }
        }
    }

    static ParquetFileWriter parquet(
            String command, Target target, List<ParquetColumn> schema, ParquetWriteOptions options) throws IOException {
        try {
            ParquetFileWriter w = ParquetFileWriter.create(target.path, schema, options);
            target.created = true;
            return w;
        } catch (IllegalArgumentException e) {
            throw new UsageException(command + ": " + e.getMessage());
        }
    }

    static TsFileWriter tsfile(String command, Target target, List<TsTableSchema> schemas, TsFileWriter.Options options)
            throws IOException {
        try {
            TsFileWriter w = TsFileWriter.create(target.path, schemas, options);
            target.created = true;
            return w;
        } catch (IllegalArgumentException e) {
            throw new UsageException(command + ": " + e.getMessage());
        }
    }

    /** Sets the time column's encoding. */
    static void timeEncoding(String command, TsFileWriter.Options options, TsEncoding encoding) {
        try {
            options.timeEncoding(encoding);
        } catch (IllegalArgumentException e) {
            throw new UsageException(command + ": time column: " + e.getMessage());
        }
    }
}
