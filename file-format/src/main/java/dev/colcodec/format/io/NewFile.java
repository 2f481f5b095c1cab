package dev.colcodec.format.io;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The stream of a writer's {@code create(Path, ...)}: a new file (replacing one there) behind a buffer of
 * {@value #BUFFER} bytes. The writers hand chunks and pages over in writes of their own, larger than that,
 * which the buffer passes straight to the file; it only gathers headers and other small pieces (a buffer
 * larger than a chunk would copy every chunk once more).
 */
public final class NewFile {
    /** Bytes of the stream's buffer. */
    public static final int BUFFER = 1 << 16;

    /** Makes a writer on a stream (which the writer then owns). */
    @FunctionalInterface
    public interface WriterOn<W> {
        W make(OutputStream out) throws IOException;
    }

    private NewFile() {}

    /** Opens the stream of {@code file} and makes the writer on it; closes the stream if that fails. */
    public static <W> W create(Path file, WriterOn<W> writer) throws IOException {
        OutputStream os = new BufferedOutputStream(Files.newOutputStream(file), BUFFER);
        try {
            return writer.make(os);
        } catch (IOException | RuntimeException | Error e) {
            try {
                os.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }
}
