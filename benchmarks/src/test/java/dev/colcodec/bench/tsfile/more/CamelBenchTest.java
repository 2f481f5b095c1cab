package dev.colcodec.bench.tsfile.more;

import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CamelBenchTest {
    @ParameterizedTest
    @CsvSource({
        "colcodec,walk-double",
        "colcodec,xorshift-double",
        "colcodec-scalar,walk-double",
        "colcodec-scalar,xorshift-double",
        "tsfile,walk-double",
        "tsfile,xorshift-double",
        "memcpy,walk-double",
        "memcpy,xorshift-double"
    })
    void everyParamCombinationRunsAndIsCorrect(String impl, String data) {
        CamelBench b = new CamelBench();
        b.impl = impl;
        b.data = data;
        b.setup();
        NumericBenchChecks.check(b.bench, TSEncoding.CAMEL, impl, false);
    }
}
