package dev.colcodec.bench;

import java.util.Arrays;

/**
 * The benchmark jar's entry point: {@code java -jar benchmarks.jar bench [options] FILE} runs {@link
 * BenchFile} on a Parquet file or TsFile, {@code java -jar benchmarks.jar scaling} runs {@link
 * ScalingProbe}; anything else goes to JMH's own command line ({@code -l}, a
 * benchmark regex, {@code -p ...}), exactly as with JMH's {@code org.openjdk.jmh.Main}. JMH's forks start
 * their own main class, so they are unaffected.
 */
public final class BenchMain {
    /** The first argument that selects {@link BenchFile}. */
    static final String BENCH_COMMAND = "bench";
    /** The first argument that selects {@link ScalingProbe}. */
    static final String SCALING_COMMAND = "scaling";

    private BenchMain() {}

    public static void main(String[] args) throws Exception {
        if (runsBenchFile(args)) {
            BenchFile.main(Arrays.copyOfRange(args, 1, args.length));
        } else if (runsScalingProbe(args)) {
            ScalingProbe.main(Arrays.copyOfRange(args, 1, args.length));
        } else {
            org.openjdk.jmh.Main.main(args);
        }
    }

    /** Whether {@code args} ask for {@link BenchFile}: the first argument is exactly {@code bench}. */
    static boolean runsBenchFile(String[] args) {
        return args.length > 0 && args[0].equals(BENCH_COMMAND);
    }

    /** Whether {@code args} ask for {@link ScalingProbe}: the first argument is exactly {@code scaling}. */
    static boolean runsScalingProbe(String[] args) {
        return args.length > 0 && args[0].equals(SCALING_COMMAND);
    }
}
