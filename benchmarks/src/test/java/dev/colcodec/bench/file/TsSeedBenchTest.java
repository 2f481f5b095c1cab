package dev.colcodec.bench.file;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Runs the bodies of {@link TsSeedBench} once on a small workload: every impl reads and writes the same rows. */
class TsSeedBenchTest {
    /** Two tablets (one partial), so the file has two chunk groups; the 1% range has 700 rows. */
    private static final int ROWS = 70_000;

    private static TsSeedBench bench(String impl, String threads, String encoding) {
        TsSeedBench b = new TsSeedBench();
        b.impl = impl;
        b.threads = threads;
        b.rows = ROWS;
        b.fields = 4;
        b.encoding = encoding;
        return b;
    }

    @ParameterizedTest
    @ValueSource(strings = {"TS_2DIFF_LZ4", "PLAIN_UNCOMPRESSED"})
    void readAndQueryGiveTheSameRowsInBothLibraries(String encoding) throws Exception {
        for (String[] implThreads : new String[][] {{"colcodec", "1"}, {"colcodec", "2"}, {"tsfile", "1"}}) {
            TsSeedBench b = bench(implThreads[0], implThreads[1], encoding);
            b.prepare(true);
            try {
                String what = String.join(" ", implThreads);
                TsSeedWorkload.ReadResult all = b.workload.expected(Long.MIN_VALUE, Long.MAX_VALUE);
                assertThat(all.rows()).isEqualTo(ROWS);
                assertThat(b.read()).as(what).isEqualTo(all);
                TsSeedWorkload.ReadResult some = b.workload.expected(b.range[0], b.range[1]);
                assertThat(some.rows()).isEqualTo(ROWS / 100);
                assertThat(b.query()).as(what).isEqualTo(some);
            } finally {
                b.tearDown();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"TS_2DIFF_LZ4", "PLAIN_UNCOMPRESSED"})
    void filesWrittenByEitherLibraryReadBackInBoth(String encoding) throws Exception {
        for (String[] implThreads : new String[][] {{"colcodec", "1"}, {"colcodec", "2"}, {"tsfile", "1"}}) {
            TsSeedBench b = bench(implThreads[0], implThreads[1], encoding);
            b.prepare(false);
            try {
                assertThat(b.write()).isPositive();
                TsSeedWorkload.ReadResult all = b.workload.expected(Long.MIN_VALUE, Long.MAX_VALUE);
                assertThat(b.workload.readColcodec(b.writeFile, Long.MIN_VALUE, Long.MAX_VALUE, null))
                        .isEqualTo(all);
                assertThat(b.workload.readTsFile(b.writeFile, Long.MIN_VALUE, Long.MAX_VALUE))
                        .isEqualTo(all);
                b.removeWrittenFile();
                assertThat(b.writeFile).doesNotExist();
                assertThat(b.write()).isPositive();
            } finally {
                b.tearDown();
            }
        }
    }
}
