package dev.colcodec.bench.tsfile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.format.tsfile.TsStatistics;
import dev.colcodec.io.ByteSink;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.apache.tsfile.file.metadata.statistics.Statistics;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TsStatisticsBenchTest {
    /** Each colcodec kernel set gives tsfile's bytes, page for page, for every type and data shape. */
    @ParameterizedTest
    @CsvSource({
        "colcodec, INT64, random",
        "colcodec, INT64, sensor",
        "colcodec, DOUBLE, random",
        "colcodec, DOUBLE, sensor",
        "colcodec, FLOAT, random",
        "colcodec, FLOAT, sensor",
        "colcodec-scalar, INT64, random",
        "colcodec-scalar, DOUBLE, sensor",
        "colcodec-scalar, FLOAT, random"
    })
    void runsOnceAndGivesTsFilesBytes(String impl, String type, String data) throws IOException {
        TsStatisticsBench ours = new TsStatisticsBench();
        ours.impl = impl;
        ours.type = type;
        ours.data = data;
        ours.setup();
        TsStatisticsBench theirs = new TsStatisticsBench();
        theirs.impl = "tsfile";
        theirs.type = type;
        theirs.data = data;
        theirs.setup();
        TsStatistics[] got = (TsStatistics[]) ours.pages();
        Statistics<?>[] want = (Statistics<?>[]) theirs.pages();
        assertThat(got).hasSize(10).hasSameSizeAs(want);
        for (int p = 0; p < got.length; p++) {
            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            want[p].serialize(expected);
            ByteSink sink = new ByteSink();
            got[p].writeTo(sink);
            assertThat(sink.toByteArray()).as("page " + p).isEqualTo(expected.toByteArray());
            assertThat(want[p].getCount()).isEqualTo(TsStatisticsBench.PAGE_ROWS);
        }
    }
}
