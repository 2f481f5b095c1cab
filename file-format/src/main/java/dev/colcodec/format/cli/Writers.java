package dev.colcodec.format.cli;

import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileWriter;
import dev.colcodec.format.parquet.ParquetWriteOptions;
import dev.colcodec.format.tsfile.TsFileWriter;
import dev.colcodec.format.tsfile.TsTableSchema;
import dev.colcodec.tsfile.TsEncoding;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * Opens the file writers, turning their refusal of a requested encoding or codec (an {@link
 * IllegalArgumentException} naming the pair) into a usage error.
 */
final class Writers {
    private Writers() {}

    static ParquetFileWriter parquet(
            String command, OutputStream out, List<ParquetColumn> schema, ParquetWriteOptions options)
            throws IOException {
        try {
            return new ParquetFileWriter(out, schema, options);
        } catch (IllegalArgumentException e) {
            throw new UsageException(command + ": " + e.getMessage());
        }
    }

    static TsFileWriter tsfile(
            String command, OutputStream out, List<TsTableSchema> schemas, TsFileWriter.Options options)
            throws IOException {
        try {
            return new TsFileWriter(out, schemas, options);
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
