package dev.colcodec.simd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.kernel.KernelChecks;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Runs against the packaged multi-release jar, once with {@code jdk.incubator.vector} (expect.kernels
 * = vector) and once without (expect.kernels = scalar), so both paths of the jar are exercised.
 */
class VectorKernelsIT {
    private static final String EXPECT = System.getProperty("expect.kernels", "scalar");

    @Test
    void providerChoosesTheExpectedKernels() {
        assertThat(SimdKernelsFactory.class
                        .getProtectionDomain()
                        .getCodeSource()
                        .getLocation()
                        .getPath())
                .as("codec-simd must be loaded from its jar")
                .endsWith(".jar");
        if (EXPECT.equals("vector")) {
            assertThat(KernelProvider.vector()).isPresent();
            assertThat(KernelProvider.best().name()).startsWith("vector-");
            assertThat(KernelProvider.decision()).contains("jdk.incubator.vector");
            String bits = System.getProperty("expect.vector.bits");
            if (bits != null) {
                assertThat(KernelProvider.best().name()).isEqualTo("vector-" + bits);
            }
        } else {
            assertThat(KernelProvider.vector()).isEmpty();
            assertThat(KernelProvider.best().name()).isEqualTo("scalar");
            assertThat(KernelProvider.decision()).contains("--add-modules jdk.incubator.vector");
        }
    }

    private static Kernels candidate() {
        return EXPECT.equals("vector") ? KernelProvider.vector().orElseThrow() : KernelProvider.best();
    }

    @Test
    void bitPackingAgreesWithScalarForEveryWidthAndLength() {
        KernelChecks.checkBitPackingDifferential(
                candidate(), KernelProvider.scalar(), KernelChecks.allLengths(1100), 11);
    }

    @Test
    void bitPackingAgreesWithTheReferenceOnExtremes() {
        int[] lengths = {0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 1024, 1100};
        KernelChecks.checkBitPacking(candidate(), lengths, 12);
    }

    @Test
    void otherKernelsAgreeWithScalarForEveryLength() {
        KernelChecks.checkOthers(candidate(), KernelProvider.scalar(), KernelChecks.allLengths(1100), 13);
    }

    @Test
    void intUnpackPrefixSumAgreesWithScalarForEveryWidthAndLength() {
        KernelChecks.checkIntUnpackPrefixSum(candidate(), KernelProvider.scalar(), KernelChecks.allLengths(1100), 14);
    }

    @Test
    void longUnpackPrefixSumAgreesWithScalarForEveryWidthAndLength() {
        KernelChecks.checkLongUnpackPrefixSum(candidate(), KernelProvider.scalar(), KernelChecks.allLengths(1100), 16);
    }

    @Test
    void longUnpackPrefixSumBlockAgreesWithScalar() {
        KernelChecks.checkLongUnpackPrefixSumBlock(candidate(), KernelProvider.scalar(), 2000, 17);
    }

    @Test
    void deltaBlockAgreesWithScalarForEveryLength() {
        KernelChecks.checkDeltaBlock(candidate(), KernelProvider.scalar(), KernelChecks.allLengths(1100), 15);
    }

    @Test
    void statisticsAgreeWithTheReferenceForEveryLength() {
        KernelChecks.checkStatistics(candidate(), 1100, 19);
    }

    @Test
    void byteRunsAgreeWithTheReferenceForEveryLength() {
        KernelChecks.checkByteRuns(candidate(), 700, 18);
    }

    @Test
    void dictionaryRunsAgreeWithScalarForEveryDictionarySizeAndWidth() {
        for (long seed = 16; seed < 24; seed++) {
            KernelChecks.checkDictionaryRuns(candidate(), KernelProvider.scalar(), seed);
        }
    }

    @Test
    void theDecisionIsLoggedExactlyOncePerJvm() throws Exception {
        String out = child(EXPECT.equals("vector"));
        int count = out.split("colcodec: ", -1).length - 1;
        assertThat(count).as(out).isEqualTo(1);
        assertThat(out).contains(EXPECT.equals("vector") ? "vector-" : "scalar kernels");
    }

    /**
     * With the vector module present, {@code auto} keeps the scalar kernels where C2 cannot intrinsify the
     * Vector API (the vector kernels then run hundreds of times slower): interpreted, compilation stopped
     * below C2, the intrinsics off. {@code false} means {@code off}; an unknown value is {@code auto}, said
     * at WARNING.
     */
    @Test
    void autoKeepsScalarKernelsWithoutC2AndTheSwitchTakesItsSynonyms() throws Exception {
        if (!EXPECT.equals("vector")) {
            return; // without the module every child uses the scalar kernels anyway (theDecisionIsLogged...)
        }
        assertThat(childDecision("-Xint")).contains("scalar kernels: the JVM runs interpreted");
        assertThat(childDecision("-XX:TieredStopAtLevel=1")).contains("scalar kernels: the JIT is C1 only");
        assertThat(childDecision("-XX:TieredStopAtLevel=3")).contains("scalar kernels: compilation stops at tier 3");
        assertThat(childDecision("-XX:+UnlockExperimentalVMOptions", "-XX:-EnableVectorSupport"))
                .contains("scalar kernels: the Vector API intrinsics are off");
        assertThat(childDecision("-XX:-UseCompiler")).contains("scalar kernels: ");
        assertThat(childDecision("-Dcolcodec.simd=false")).contains("scalar kernels: colcodec.simd=false");
        assertThat(childDecision("-Dcolcodec.simd=sure"))
                .contains("vector-")
                .contains("WARNING")
                .contains("unknown colcodec.simd=sure treated as auto");
        assertThat(childDecision()).contains("vector-");
    }

    /** What a child JVM with the module and {@code flags} logs and picks. */
    private static String childDecision(String... flags) throws Exception {
        return child(true, flags);
    }

    /** What a child JVM running {@link TwiceMain} with {@code flags} (and the vector module or not) prints. */
    private static String child(boolean withModule, String... flags) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElseThrow());
        if (withModule) {
            cmd.add("--add-modules=jdk.incubator.vector");
        }
        cmd.addAll(List.of(flags));
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(TwiceMain.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out;
        try (InputStream in = p.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    /** Child JVM: asks for the kernels twice. */
    public static final class TwiceMain {
        public static void main(String[] args) {
            System.out.println("first=" + KernelProvider.best().name());
            System.out.println("second=" + KernelProvider.best().name());
        }
    }
}
