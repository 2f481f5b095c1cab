package dev.colcodec.bench.tsfile.more;

import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GorillaBenchTest {
    @ParameterizedTest
    @CsvSource({
        "colcodec,timestamps",
        "colcodec,xorshift",
        "colcodec,walk-double",
        "colcodec,walk-float",
        "colcodec-scalar,timestamps",
        "colcodec-scalar,xorshift",
        "colcodec-scalar,walk-double",
        "colcodec-scalar,walk-float",
        "tsfile,timestamps",
        "tsfile,xorshift",
        "tsfile,walk-double",
        "tsfile,walk-float",
        "memcpy,timestamps",
        "memcpy,xorshift",
        "memcpy,walk-double",
        "memcpy,walk-float"
    })
    void everyParamCombinationRunsAndIsCorrect(String impl, String data) {
        GorillaBench b = new GorillaBench();
        b.impl = impl;
        b.data = data;
        b.setup();
        NumericBenchChecks.check(b.bench, TSEncoding.GORILLA, impl, true);
    }
}
