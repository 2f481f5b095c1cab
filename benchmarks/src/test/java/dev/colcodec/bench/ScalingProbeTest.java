package dev.colcodec.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScalingProbeTest {
    @Test
    void oneSmallRoundPrintsATableRow() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        List<ScalingProbe.Round> rounds;
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            rounds = ScalingProbe.run(out, 1, 4, 100_000);
        }
        assertThat(rounds).hasSize(1);
        assertThat(rounds.get(0).registerScaling()).isPositive();
        assertThat(rounds.get(0).memoryScaling()).isPositive();
        assertThat(rounds.get(0).oneThreadGigabytesPerSecond()).isPositive();
        assertThat(rounds.get(0).coreToCoreNanos()).isNotZero();
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertThat(text)
                .startsWith(
                        "| round | register-bound 2t/1t | memory-bound 2t/1t | memory 1t GB/s | core-to-core round trip ns |");
        assertThat(text.lines().filter(l -> l.startsWith("| 0 | "))).hasSize(1);
    }

    @Test
    void theJarsEntryPointRunsItOnScaling() {
        assertThat(BenchMain.runsScalingProbe(new String[] {"scaling"})).isTrue();
        assertThat(BenchMain.runsScalingProbe(new String[] {"scaling", "--rounds", "3"}))
                .isTrue();
        assertThat(BenchMain.runsScalingProbe(new String[] {"bench"})).isFalse();
        assertThat(BenchMain.runsScalingProbe(new String[] {"-l"})).isFalse();
    }
}
