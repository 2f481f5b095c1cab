package dev.colcodec.format.cli;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.advisor.EncodingAdvisor;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code colcodec} command line tool for Parquet files and TsFiles (the format is read from the
 * file's magic bytes): {@code inspect}, {@code dump}, {@code rewrite}, {@code convert} and {@code
 * advise}. Run {@code java -jar colcodec-cli.jar --help} for the usage.
 *
 * <p>Exit status: 0 success, 1 bad or unreadable input, 2 bad usage. Errors are one line on stderr,
 * {@code colcodec: ...}; {@code --verbose} adds the stack trace.
 */
public final class ColcodecCli {
    static final String USAGE = String.join(
            "\n",
            "usage: colcodec [--verbose] COMMAND ARGS",
            "Parquet files and TsFiles; the format is detected from the file's magic bytes.",
            "",
            "  " + InspectCommand.USAGE,
            "      schema, row groups (Parquet) or devices and chunk groups (TsFile), chunks with encodings,",
            "      codec, sizes and statistics; --pages adds the page headers",
            "  " + DumpCommand.USAGE,
            "      rows as CSV with a header row; TsFile rows are time, tags, fields",
            "  " + RewriteCommand.USAGE,
            "      the same rows in the same format with a new codec, encodings, page version (Parquet),",
            "      or the encodings the advisor recommends under POLICY (printed per column)",
            "  " + ConvertCommand.USAGE,
            "      Parquet -> TsFile (--time column, --tags columns, the rest FIELD columns) or",
            "      TsFile -> Parquet (time, tags and fields as columns)",
            "  " + AdviseCommand.USAGE,
            "      per column: encoding x codec candidates, bytes/value, decode values/s, recommendations",
            "",
            "codecs: UNCOMPRESSED (NONE), SNAPPY, GZIP, ZSTD, LZ4_RAW (LZ4), LZMA2 (TsFile only); BROTLI is read only",
            "exit status: 0 success, 1 bad input file, 2 bad usage");

    private final EncodingAdvisor advisor;

    /** A tool whose {@code advise} and {@code rewrite --advise} use {@code advisor}. */
    ColcodecCli(EncodingAdvisor advisor) {
        this.advisor = advisor;
    }

    public static void main(String[] args) {
        // the kernel choice is logged at INFO; a command line tool keeps stderr for errors
        java.util.logging.Logger kernelLog = java.util.logging.Logger.getLogger("dev.colcodec.kernel");
        boolean verbose = Arrays.asList(args).contains("--verbose");
        kernelLog.setLevel(verbose ? java.util.logging.Level.INFO : java.util.logging.Level.WARNING);
        // UTF-8 whatever the platform's or terminal's charset (dump's CSV is UTF-8), buffered: dump prints
        // a line per row
        PrintStream out = new PrintStream(
                new java.io.BufferedOutputStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), 1 << 16),
                false,
                java.nio.charset.StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(
                new java.io.FileOutputStream(java.io.FileDescriptor.err),
                true,
                java.nio.charset.StandardCharsets.UTF_8);
        int status = run(args, out, err);
        out.flush();
        err.flush();
        System.exit(status);
    }

    /** Runs one command with the default advisor; returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return new ColcodecCli(EncodingAdvisor.defaults()).execute(args, out, err);
    }

    int execute(String[] args, PrintStream out, PrintStream err) {
        List<String> rest = new ArrayList<>(Arrays.asList(args));
        boolean verbose = rest.removeIf("--verbose"::equals);
        if (rest.isEmpty()
                || rest.get(0).equals("--help")
                || rest.get(0).equals("-h")
                || rest.get(0).equals("help")) {
            (rest.isEmpty() ? err : out).println(USAGE);
            return rest.isEmpty() ? 2 : 0;
        }
        String command = rest.remove(0);
        if (rest.contains("--help") || rest.contains("-h")) {
            String usage = COMMAND_USAGE.get(command);
            if (usage != null) {
                out.println("usage: colcodec [--verbose] " + usage);
                return 0;
            }
        }
        try {
            switch (command) {
                case "inspect":
                    return InspectCommand.run(rest, out);
                case "dump":
                    return DumpCommand.run(rest, out, err);
                case "rewrite":
                    return RewriteCommand.run(rest, out, advisor);
                case "convert":
                    return ConvertCommand.run(rest, out);
                case "advise":
                    return AdviseCommand.run(rest, out, advisor);
                default:
                    throw new UsageException("unknown command '" + command + "' (try --help)");
            }
        } catch (UsageException e) {
            return fail(err, verbose, e, e.getMessage(), 2);
        } catch (CorruptInputException e) {
            return fail(err, verbose, e, "corrupt input at offset " + e.offset() + ": expected " + e.expected(), 1);
        } catch (NoSuchFileException e) {
            return fail(err, verbose, e, "no such file: " + e.getFile(), 1);
        } catch (AccessDeniedException e) {
            return fail(err, verbose, e, "permission denied: " + e.getFile(), 1);
        } catch (java.io.EOFException e) {
            return fail(err, verbose, e, "truncated input: " + oneLine(e.getMessage()), 1);
        } catch (IOException e) {
            return fail(err, verbose, e, "I/O error: " + oneLine(String.valueOf(e.getMessage())), 1);
        } catch (java.io.UncheckedIOException e) {
            // a read of a file the readers have open (positional reads of chunks and headers)
            return fail(
                    err,
                    verbose,
                    e,
                    "I/O error: " + oneLine(String.valueOf(e.getCause().getMessage())),
                    1);
        } catch (OutOfMemoryError e) {
            return fail(err, verbose, e, "out of memory (raise -Xmx)", 1);
        } catch (RuntimeException e) {
            // the libraries reject impossible requests (an encoding a type cannot use, repeated time
            // stamps) with IllegalArgumentException; anything else is reported the same way
            return fail(err, verbose, e, oneLine(e.getMessage() == null ? e.toString() : e.getMessage()), 1);
        }
    }

    /** Each command's usage line. */
    private static final java.util.Map<String, String> COMMAND_USAGE = java.util.Map.of(
            "inspect", InspectCommand.USAGE,
            "dump", DumpCommand.USAGE,
            "rewrite", RewriteCommand.USAGE,
            "convert", ConvertCommand.USAGE,
            "advise", AdviseCommand.USAGE);

    private static int fail(PrintStream err, boolean verbose, Throwable e, String message, int status) {
        err.println("colcodec: " + oneLine(message));
        if (verbose) {
            e.printStackTrace(err);
        }
        return status;
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replace('\n', ' ').replace('\r', ' ');
    }
}
