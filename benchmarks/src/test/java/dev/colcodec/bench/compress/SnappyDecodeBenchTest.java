package dev.colcodec.bench.compress;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SnappyDecodeBenchTest {
    @ParameterizedTest
    @CsvSource({
        "colcodec,sorted-longs", "colcodec,sensor-doubles", "colcodec,strings",
        "colcodec-java,sorted-longs", "colcodec-java,sensor-doubles", "colcodec-java,strings",
        "snappy-java,sorted-longs", "snappy-java,sensor-doubles", "snappy-java,strings"
    })
    void decodesThePageOnce(String impl, String data) throws Exception {
        SnappyDecodeBench b = new SnappyDecodeBench();
        b.impl = impl;
        b.data = data;
        b.setup();
        assertThat(b.decode()).isEqualTo(b.raw);
        // a page that compresses, and about as large as the numeric ones
        assertThat(b.compressed.length).isLessThan(b.raw.length * 3 / 4);
        assertThat(b.raw.length).isGreaterThan(SnappyDecodeBench.PAGE_BYTES - 40);
        // the block encode writes is the page, and no larger than snappy-java's but for 1/32
        int n = b.encode();
        assertThat(org.xerial.snappy.Snappy.uncompress(java.util.Arrays.copyOf(b.packed, n)))
                .isEqualTo(b.raw);
        assertThat(n).isLessThanOrEqualTo(b.compressed.length + b.compressed.length / 32);
    }
}
