package dev.colcodec.bench.tsfile;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TsPlainBenchTest {
    static Stream<Arguments> params() {
        return TsBenchTwins.combinations(
                new String[] {"INT64", "DOUBLE"}, new String[] {"timestamps", "random", "sensor"});
    }

    @ParameterizedTest
    @MethodSource("params")
    void runsOnceAndIsCorrect(String impl, String type, String data) throws IOException {
        TsPlainBench b = new TsPlainBench();
        b.impl = impl;
        b.type = type;
        b.data = data;
        b.setup();
        Object decoded = b.decode();
        if (type.equals("INT64")) {
            assertThat((long[]) decoded).isEqualTo(b.longs);
        } else {
            assertThat((double[]) decoded).isEqualTo(b.doubles);
        }
        // PLAIN output is byte-identical across implementations
        assertThat(TsBenchTwins.bytes(b.encode())).isEqualTo(b.page);
        assertThat(TsBenchTwins.bytes(b.encode())).isEqualTo(b.page);
    }
}
