package dev.colcodec.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.kernel.spi.VectorKernelsFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A vector layer that throws while it is checked or built leaves the scalar kernels in place, with the
 * reason, instead of breaking the provider for the whole JVM: a child JVM finds a factory (registered
 * through a services file in a directory of its own) that throws from the step named by its argument.
 */
class KernelProviderFailuresTest {
    @TempDir
    Path services;

    @ParameterizedTest
    @ValueSource(strings = {"unavailableReason", "notRecommendedReason", "describe", "create"})
    void aFactoryThatThrowsLeavesTheScalarKernels(String step) throws IOException, InterruptedException {
        Path file = services.resolve("META-INF/services/" + VectorKernelsFactory.class.getName());
        Files.createDirectories(file.getParent());
        Files.writeString(file, ThrowingFactory.class.getName() + "\n");
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElseThrow());
        cmd.add("-D" + ThrowingFactory.STEP + "=" + step);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path") + java.io.File.pathSeparator + services);
        cmd.add(Child.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out;
        try (InputStream in = p.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        if (step.equals("describe")) {
            // the kernels it built are used; only the log line lacks their description
            assertThat(out).contains("first=fake", "second=fake", "(no description: ");
        } else {
            assertThat(out).contains("first=scalar", "second=scalar", "thrown by " + step);
        }
    }

    /** Child JVM: asks for the best kernels twice and prints the decision. */
    public static final class Child {
        public static void main(String[] args) {
            System.out.println("first=" + KernelProvider.best().name());
            System.out.println("second=" + KernelProvider.best().name());
            System.out.println("decision=" + KernelProvider.decision());
        }
    }

    /** A factory whose step named by the system property {@link #STEP} throws; otherwise "fake" kernels. */
    public static final class ThrowingFactory implements VectorKernelsFactory {
        static final String STEP = "colcodec.test.throwingStep";

        private static String maybeThrow(String step, String value) {
            if (step.equals(System.getProperty(STEP))) {
                throw new IllegalStateException("thrown by " + step);
            }
            return value;
        }

        @Override
        public String unavailableReason() {
            return maybeThrow("unavailableReason", null);
        }

        @Override
        public String notRecommendedReason() {
            return maybeThrow("notRecommendedReason", null);
        }

        @Override
        public String describe() {
            return maybeThrow("describe", "a fake layer");
        }

        @Override
        public Kernels create() {
            maybeThrow("create", null);
            return new ScalarKernels() {
                @Override
                public String name() {
                    return "fake";
                }
            };
        }
    }
}
