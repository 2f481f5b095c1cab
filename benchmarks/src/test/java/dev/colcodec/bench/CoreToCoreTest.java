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
        if (Runtime.getRuntime().availableProcessors() > 1) {
            assertThat(nanos).isPositive();
        } else {
            assertThat(nanos == -1 || nanos > 0).isTrue();
        }
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
        assertThat(CoreToCore.describe(-1)).isEqualTo("# core-to-core round trip: no answer within a second");
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
