package dev.colcodec.bench.tsfile.more;

import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ZigzagBenchTest {
    @ParameterizedTest
    @CsvSource({
        "colcodec,timestamps", "colcodec,xorshift", "colcodec,counter-int",
        "colcodec-scalar,timestamps", "colcodec-scalar,xorshift", "colcodec-scalar,counter-int",
        "tsfile,timestamps", "tsfile,xorshift", "tsfile,counter-int",
        "memcpy,timestamps", "memcpy,xorshift", "memcpy,counter-int"
    })
    void everyParamCombinationRunsAndIsCorrect(String impl, String data) {
        ZigzagBench b = new ZigzagBench();
        b.impl = impl;
        b.data = data;
        b.setup();
        NumericBenchChecks.check(b.bench, TSEncoding.ZIGZAG, impl, true);
    }
}
