package dev.colcodec.bench.tsfile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.tsfile.ts2diff.Ts2DiffIntReader;
import dev.colcodec.tsfile.ts2diff.Ts2DiffLongReader;
import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TsTs2DiffBenchTest {
    static Stream<Arguments> params() {
        return TsBenchTwins.combinations(new String[] {"INT64", "INT32"}, new String[] {"timestamps", "random"});
    }

    @ParameterizedTest
    @MethodSource("params")
    void runsOnceAndIsCorrect(String impl, String type, String data) throws IOException {
        TsTs2DiffBench b = new TsTs2DiffBench();
        b.impl = impl;
        b.type = type;
        b.data = data;
        b.setup();
        boolean isLong = type.equals("INT64");
        Object decoded = b.decode();
        if (isLong) {
            assertThat((long[]) decoded).isEqualTo(b.longs);
        } else {
            assertThat((int[]) decoded).isEqualTo(b.ints);
        }
        byte[] encoded = TsBenchTwins.bytes(b.encode());
        if (impl.equals("memcpy") || impl.equals("tsfile")) {
            assertThat(encoded).isEqualTo(b.page);
        }
        // colcodec differs from tsfile only in padding bits: check by decoding
        assertThat(encoded).hasSameSizeAs(b.page);
        if (isLong) {
            long[] out = new long[TsBenchData.N];
            Ts2DiffLongReader r = new Ts2DiffLongReader();
            r.init(TsBenchData.N, encoded, 0, encoded.length);
            r.readLongs(out, 0, out.length);
            assertThat(out).isEqualTo(b.longs);
        } else {
            int[] out = new int[TsBenchData.N];
            Ts2DiffIntReader r = new Ts2DiffIntReader();
            r.init(TsBenchData.N, encoded, 0, encoded.length);
            r.readIntegers(out, 0, out.length);
            assertThat(out).isEqualTo(b.ints);
        }
    }
}
