package dev.colcodec.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.bench.file.Threads;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;

class CoreToCoreTest {
    @Test
    void aRoundTripTakesTimeAndTheEchoThreadEnds() throws Exception {
        double nanos = CoreToCore.roundTripNanos(1_000);
        // -1 when the other thread could not keep up (one core, or a busy machine)
        assertThat(nanos == -1 || nanos > 0).as("round trip %s", nanos).isTrue();
        assertThat(Thread.getAllStackTraces().keySet())
                .noneMatch(t -> t.getName().equals("colcodec-core-to-core"));
    }

    @Test
    void roundsMustBePositive() {
        assertThatThrownBy(() -> CoreToCore.roundTripNanos(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("rounds");
    }

    @Test
    void describesTheFigureOrNoAnswer() {
        assertThat(CoreToCore.describe(69.6)).isEqualTo("# core-to-core round trip: 70 ns");
        assertThat(CoreToCore.describe(-1))
                .isEqualTo("# core-to-core round trip: not measured (the other thread did not keep up)");
    }

    @Test
    void theBenchmarksPrintThePlacementOnlyWithAPool() throws Exception {
        PrintStream old = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ForkJoinPool pool = Threads.pool("2");
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            System.setOut(out);
            Threads.printPlacement(null);
            assertThat(bytes.size()).isZero();
            Threads.printPlacement(pool);
        } finally {
            System.setOut(old);
            Threads.close(pool);
        }
        assertThat(bytes.toString(StandardCharsets.UTF_8)).startsWith("# core-to-core round trip: ");
    }
}
