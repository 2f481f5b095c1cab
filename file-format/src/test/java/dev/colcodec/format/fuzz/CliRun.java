package dev.colcodec.format.fuzz;

import dev.colcodec.format.cli.ColcodecCli;
import dev.colcodec.format.cli.FixedSpeedCli;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * One in-process run of the {@code colcodec} command line tool ({@link ColcodecCli#run}) with captured
 * stdout and stderr, and the checks of its rule for bad input: exit 0, or a non-zero exit with exactly
 * one non-empty line on stderr and no stack trace (unless {@code --verbose}). {@code advise} and {@code
 * rewrite --advise} run with a meter of fixed speed ({@link FixedSpeedCli}). Hangs are caught by the
 * harness's per-case timeout ({@link Fuzzing}).
 */
record CliRun(List<String> args, int status, String out, String err) {
    static CliRun run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        // advise and rewrite --advise size every candidate but take a fixed speed: the real meter times each
        // one for up to a second
        boolean advising =
                Arrays.asList(args).contains("advise") || Arrays.asList(args).contains("--advise");
        int status = advising ? FixedSpeedCli.run(args, o, e) : ColcodecCli.run(args, o, e);
        return new CliRun(
                List.of(args), status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    List<String> errLines() {
        return err.lines().toList();
    }

    /** The command line and what it did, for a message. */
    String show() {
        String e = err.length() > 600 ? err.substring(0, 600) + "..." : err;
        return "colcodec " + String.join(" ", args) + " -> exit " + status + ", stderr: " + e.replace("\n", "\\n");
    }

    /**
     * The rule for any input: exit 0 with nothing on stderr (stdout may be empty only for rewrite and
     * convert, which write a file), or a non-zero exit and one non-empty line on stderr, with no stack
     * trace text.
     */
    CliRun checkRule() {
        if (err.contains("\tat ") || err.contains("Exception in thread")) {
            throw new AssertionError("a stack trace on stderr: " + show());
        }
        if (status == 0) {
            // notes only (dump names STRING values that are not valid UTF-8, which fuzzed TEXT values are)
            for (String line : errLines()) {
                if (!line.startsWith("colcodec: note: ")) {
                    throw new AssertionError("exit 0 with stderr output: " + show());
                }
            }
            return this;
        }
        List<String> lines = errLines();
        if (lines.size() != 1 || lines.get(0).isBlank()) {
            throw new AssertionError("exit " + status + " with " + lines.size() + " stderr lines: " + show());
        }
        if (!lines.get(0).startsWith("colcodec: ")) {
            throw new AssertionError("the stderr line is not the CLI's: " + show());
        }
        return this;
    }

    CliRun checkSuccess() {
        checkRule();
        if (status != 0) {
            throw new AssertionError("expected success: " + show());
        }
        return this;
    }

    /** Refused with exit {@code status} and a stderr line holding {@code message}. */
    CliRun checkRefused(int expectedStatus, String message) {
        checkRule();
        if (status != expectedStatus || !err.contains(message)) {
            throw new AssertionError("expected exit " + expectedStatus + " and '" + message + "': " + show());
        }
        return this;
    }
}
