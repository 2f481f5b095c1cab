package dev.colcodec.format.fuzz;

/**
 * One differential fuzz harness in one mode. {@link #run} generates a case from its seed alone (so a seed
 * replays exactly), states it with {@link #describe} as soon as it is generated, and throws (an
 * AssertionError for a mismatch) when the two implementations disagree. A new instance runs each case.
 */
abstract class FuzzHarness {
    private volatile String description = "(not generated yet)";
    /** Set for a replay: the harness prints what it does. */
    volatile boolean verbose;

    abstract void run(long seed) throws Exception;

    /** The case in one line (schema, encodings, types, sizes), for a failure report. */
    final String description() {
        return description;
    }

    protected final void describe(String caseInOneLine) {
        description = caseInOneLine;
        log(caseInOneLine);
    }

    protected final void log(String line) {
        if (verbose) {
            System.out.println(line);
        }
    }
}
