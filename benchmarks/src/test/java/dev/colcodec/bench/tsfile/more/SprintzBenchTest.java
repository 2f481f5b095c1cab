package dev.colcodec.bench.tsfile.more;

import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SprintzBenchTest {
    @ParameterizedTest
    @CsvSource({
        "colcodec,timestamps",
        "colcodec,counter-int",
        "colcodec,walk-double",
        "colcodec,walk-float",
        "colcodec-scalar,timestamps",
        "colcodec-scalar,counter-int",
        "colcodec-scalar,walk-double",
        "colcodec-scalar,walk-float",
        "tsfile,timestamps",
        "tsfile,counter-int",
        "tsfile,walk-double",
        "tsfile,walk-float",
        "memcpy,timestamps",
        "memcpy,counter-int",
        "memcpy,walk-double",
        "memcpy,walk-float"
    })
    void everyParamCombinationRunsAndIsCorrect(String impl, String data) {
        SprintzBench b = new SprintzBench();
        b.impl = impl;
        b.data = data;
        b.setup();
        NumericBenchChecks.check(b.bench, TSEncoding.SPRINTZ, impl, true);
    }
}
