package dev.colcodec.format.cli;

import dev.colcodec.format.advisor.EncodingAdvisor;
import java.io.PrintStream;

/**
 * The command line tool with an advisor whose meter answers a fixed speed at once, for tests outside
 * this package (the fuzzing's CLI harness): {@code advise} and {@code rewrite --advise} then size every
 * candidate as the tool does, without seconds of timing per column.
 */
public final class FixedSpeedCli {
    private FixedSpeedCli() {}

    /** {@link ColcodecCli#run}, with {@link CliFixtures#fixedSpeedAdvisor()}. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return new ColcodecCli(CliFixtures.fixedSpeedAdvisor()).execute(args, out, err);
    }

    /** The advisor {@link #run} uses. */
    static EncodingAdvisor advisor() {
        return CliFixtures.fixedSpeedAdvisor();
    }
}
