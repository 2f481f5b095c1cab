package dev.colcodec.bench.tsfile.more;

import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RlbeBenchTest {
    @ParameterizedTest
    @CsvSource({
        "colcodec,timestamps",
        "colcodec,counter-int",
        "colcodec,walk-double",
        "colcodec-scalar,timestamps",
        "colcodec-scalar,counter-int",
        "colcodec-scalar,walk-double",
        "tsfile,timestamps",
        "tsfile,counter-int",
        "tsfile,walk-double",
        "memcpy,timestamps",
        "memcpy,counter-int",
        "memcpy,walk-double"
    })
    void everyParamCombinationRunsAndIsCorrect(String impl, String data) {
        RlbeBench b = new RlbeBench();
        b.impl = impl;
        b.data = data;
        b.setup();
        NumericBenchChecks.check(b.bench, TSEncoding.RLBE, impl, true);
    }
}
