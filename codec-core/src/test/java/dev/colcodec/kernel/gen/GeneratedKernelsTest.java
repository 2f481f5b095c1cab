package dev.colcodec.kernel.gen;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Each committed generated source equals its generator's output. */
class GeneratedKernelsTest {
    @Test
    void bitUnpackersAreTheGeneratorsOutput() throws Exception {
        assertGenerated(BitUnpackerGenerator.TARGET, BitUnpackerGenerator.generate(), "BitUnpackerGenerator");
    }

    @Test
    void lsbWidePackersAreTheGeneratorsOutput() throws Exception {
        assertGenerated(LsbPackerGenerator.TARGET, LsbPackerGenerator.generate(), "LsbPackerGenerator");
    }

    private static void assertGenerated(String target, String generated, String generator) throws Exception {
        String committed = Files.readString(Path.of("..").resolve(target), StandardCharsets.UTF_8);
        assertThat(committed)
                .as("regenerate with: java " + generator + " <repo root>")
                .isEqualTo(generated);
    }
}
