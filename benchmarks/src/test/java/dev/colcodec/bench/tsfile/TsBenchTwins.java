package dev.colcodec.bench.tsfile;

import java.util.stream.Stream;
import org.apache.tsfile.utils.PublicBAOS;
import org.junit.jupiter.params.provider.Arguments;

/** Shared by the TsFile benchmark twins: parameter combinations and the bytes an encode returned. */
final class TsBenchTwins {
    static final String[] IMPLS = {"colcodec", "colcodec-scalar", "tsfile", "memcpy"};

    private TsBenchTwins() {}

    static Stream<Arguments> combinations(String[] types, String[] data) {
        Stream.Builder<Arguments> b = Stream.builder();
        for (String impl : IMPLS) {
            for (String type : types) {
                for (String d : data) {
                    b.add(Arguments.of(impl, type, d));
                }
            }
        }
        return b.build();
    }

    static byte[] bytes(Object encoded) {
        return encoded instanceof PublicBAOS ? ((PublicBAOS) encoded).toByteArray() : (byte[]) encoded;
    }
}
