package dev.colcodec.format.cli;

import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileWriter;
import dev.colcodec.format.parquet.ParquetWriteOptions;
import dev.colcodec.format.tsfile.TsFileWriter;
import dev.colcodec.format.tsfile.TsTableSchema;
import dev.colcodec.tsfile.TsEncoding;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * Creates the target files' writers (a refused schema or option leaves an existing target alone), turning their refusal of a requested encoding or codec (an {@link
 * IllegalArgumentException} naming the pair) into a usage error.
 */
final class Writers {
    private Writers() {}

    /**
     * A command's OUT file. The writers write a new file beside it, which {@link #commit} moves onto OUT
     * once the command has succeeded: a command that fails at any point, even after writing much of
     * its output, leaves an existing OUT as it was and no part-written file.
     */
    static final class Target {
        private final Path path;
        /** The file being written, or null before a writer was created and after {@link #commit}. */
        private Path temp;

        Target(Path path) {
            this.path = path;
        }

        Path path() {
            return path;
        }

        /** The new file beside OUT the writer is to create (a hidden name no other run picks). */
        private Path create(String command) {
            if (Files.isDirectory(path)) {
                // a move onto it would replace an empty directory
                throw new UsageException(command + ": OUT is a directory: " + path);
            }
            Path dir = path.toAbsolutePath().getParent();
            if (dir != null && !Files.isDirectory(dir)) {
                // a mistake in the command, not in the input file
                throw new UsageException(command + ": OUT's directory does not exist: " + dir);
            }
            Path name = path.getFileName();
            temp = path.resolveSibling("." + (name == null ? "out" : name) + "."
                    + ProcessHandle.current().pid() + "." + System.nanoTime() + ".colcodec-tmp");
            return temp;
        }

        /** Replaces OUT with the file written (atomically where the file system can). */
        void commit() throws IOException {
            if (temp == null) {
                return;
            }
            try {
                Files.move(temp, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, path, StandardCopyOption.REPLACE_EXISTING);
            }
            temp = null;
        }

        /** After a failure: deletes the file being written, if any; OUT stays as it was. */
        void deleteIfCreated() throws IOException {
            if (temp != null) {
                Files.deleteIfExists(temp);
                temp = null;
            }
        }

        /** An exception about the new file beside OUT, said of OUT's directory or OUT. */
        private IOException aboutOut(IOException e) {
            Path dir = path.toAbsolutePath().getParent();
            String where = dir == null ? path.toString() : dir.toString();
            if (e instanceof NoSuchFileException) {
                return new NoSuchFileException(where);
            }
            if (e instanceof AccessDeniedException) {
                return new AccessDeniedException(where);
            }
            return e;
        }
    }

    static ParquetFileWriter parquet(
            String command, Target target, List<ParquetColumn> schema, ParquetWriteOptions options) throws IOException {
        try {
            Path file = target.create(command);
            try {
                return ParquetFileWriter.create(file, schema, options);
            } catch (IOException e) {
                throw target.aboutOut(e);
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException(command + ": " + e.getMessage());
        }
    }

    static TsFileWriter tsfile(String command, Target target, List<TsTableSchema> schemas, TsFileWriter.Options options)
            throws IOException {
        try {
            Path file = target.create(command);
            try {
                return TsFileWriter.create(file, schemas, options);
            } catch (IOException e) {
                throw target.aboutOut(e);
            }
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
