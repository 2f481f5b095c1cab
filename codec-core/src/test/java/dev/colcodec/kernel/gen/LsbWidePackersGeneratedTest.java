package dev.colcodec.kernel.gen;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LsbWidePackersGeneratedTest {
    @Test
    void committedFileIsTheGeneratorsOutput() throws Exception {
        Path file = Path.of("..").resolve(LsbPackerGenerator.TARGET);
        String committed = Files.readString(file, StandardCharsets.UTF_8);
        assertThat(committed)
                .as("regenerate with: java LsbPackerGenerator <repo root>")
                .isEqualTo(LsbPackerGenerator.generate());
    }
}
