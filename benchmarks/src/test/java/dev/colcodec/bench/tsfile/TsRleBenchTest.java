package dev.colcodec.bench.tsfile;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TsRleBenchTest {
    static Stream<Arguments> params() {
        return TsBenchTwins.combinations(
                new String[] {"INT32", "INT64", "BOOLEAN"}, new String[] {"timestamps", "random", "sensor"});
    }

    @ParameterizedTest
    @MethodSource("params")
    void runsOnceAndIsCorrect(String impl, String type, String data) throws IOException {
        TsRleBench b = new TsRleBench();
        b.impl = impl;
        b.type = type;
        b.data = data;
        b.setup();
        Object decoded = b.decode();
        switch (type) {
            case "INT64":
                assertThat((long[]) decoded).isEqualTo(b.longs);
                break;
            case "INT32":
                assertThat((int[]) decoded).isEqualTo(b.ints);
                break;
            default:
                assertThat((boolean[]) decoded).isEqualTo(b.booleans);
        }
        // RLE output is byte-identical across implementations
        assertThat(TsBenchTwins.bytes(b.encode())).isEqualTo(b.page);
        assertThat(TsBenchTwins.bytes(b.encode())).isEqualTo(b.page);
    }
}
