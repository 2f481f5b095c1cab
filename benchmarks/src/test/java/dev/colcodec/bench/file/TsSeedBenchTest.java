package dev.colcodec.bench.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
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
        String[][] runs = {
            {"colcodec", "1"}, {"colcodec", "2"}, {"colcodec-parts", "1"}, {"colcodec-parts", "2"}, {"tsfile", "1"}
        };
        for (String[] implThreads : runs) {
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
    void memcpyReadsEveryByteOfTheFileAndQueryTheMiddlePercent(String encoding) throws Exception {
        TsSeedBench b = bench("memcpy", "1", encoding);
        b.prepare(true);
        try {
            byte[] file = Files.readAllBytes(b.readFile);
            TsSeedWorkload.ReadResult all = b.read();
            assertThat(all.rows()).isEqualTo(file.length / 8);
            assertThat(all.valueSum()).isEqualTo(sumLongs(file, 0, file.length));
            TsSeedWorkload.ReadResult some = b.query();
            int from = file.length / 2 - file.length / 200;
            assertThat(some.rows()).isEqualTo(file.length / 100 / 8).isPositive();
            assertThat(some.valueSum()).isEqualTo(sumLongs(file, from, file.length / 100));
        } finally {
            b.tearDown();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"TS_2DIFF_LZ4", "PLAIN_UNCOMPRESSED"})
    void memcpyWritesTheFileColcodecWrites(String encoding) throws Exception {
        TsSeedBench colcodec = bench("colcodec", "1", encoding);
        TsSeedBench memcpy = bench("memcpy", "1", encoding);
        colcodec.prepare(false);
        memcpy.prepare(false);
        try {
            colcodec.write();
            assertThat(memcpy.write()).isEqualTo(Files.size(colcodec.writeFile));
            assertThat(Files.readAllBytes(memcpy.writeFile)).isEqualTo(Files.readAllBytes(colcodec.writeFile));
            // and it read every time stamp and value once
            long sum = 0;
            for (int k = 0; k < memcpy.workload.tabletTimes.length; k++) {
                for (int i = 0; i < memcpy.workload.tabletTimes[k].length; i++) {
                    sum += memcpy.workload.tabletTimes[k][i];
                    for (long[] column : memcpy.workload.tabletValues[k]) {
                        sum += column[i];
                    }
                }
            }
            assertThat(memcpy.inputSum).isEqualTo(sum).isNotZero();
        } finally {
            colcodec.tearDown();
            memcpy.tearDown();
        }
    }

    private static long sumLongs(byte[] bytes, int from, int len) {
        ByteBuffer bb = ByteBuffer.wrap(bytes, from, len).slice().order(ByteOrder.LITTLE_ENDIAN);
        long sum = 0;
        while (bb.remaining() >= 8) {
            sum += bb.getLong();
        }
        return sum;
    }

    @ParameterizedTest
    @ValueSource(strings = {"TS_2DIFF_LZ4", "PLAIN_UNCOMPRESSED"})
    void filesWrittenByEitherLibraryReadBackInBoth(String encoding) throws Exception {
        for (String[] implThreads : new String[][] {
            {"colcodec", "1", "false"}, {"colcodec", "2", "true"}, {"tsfile", "1", "false"}, {"tsfile", "1", "true"}
        }) {
            TsSeedBench b = bench(implThreads[0], implThreads[1], encoding);
            b.sync = Boolean.parseBoolean(implThreads[2]);
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
