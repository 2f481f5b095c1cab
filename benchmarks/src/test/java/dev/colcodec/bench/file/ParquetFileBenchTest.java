package dev.colcodec.bench.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Runs the bodies of {@link ParquetFileBench} once on small files: every impl reads and writes the same values. */
class ParquetFileBenchTest {
    private static ParquetFileBench bench(String impl, String threads, String data, String encoding, String codec)
            throws Exception {
        ParquetFileBench b = new ParquetFileBench();
        b.impl = impl;
        b.threads = threads;
        b.rows = 20_000;
        b.columns = 4;
        b.data = data;
        b.encoding = encoding;
        b.codec = codec;
        return b;
    }

    static Stream<Arguments> settings() {
        List<Arguments> out = new ArrayList<>();
        for (String encoding : List.of("PLAIN", "DICTIONARY", "DELTA")) {
            for (String codec : List.of("SNAPPY", "ZSTD", "UNCOMPRESSED")) {
                out.add(Arguments.of(codec.equals("ZSTD") ? "sorted" : "random", encoding, codec));
            }
        }
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("settings")
    void bothLibrariesReadTheSameFileToTheSameValues(String data, String encoding, String codec) throws Exception {
        for (String[] implThreads : new String[][] {{"colcodec", "1"}, {"colcodec", "2"}, {"parquet-java", "1"}}) {
            ParquetFileBench b = bench(implThreads[0], implThreads[1], data, encoding, codec);
            b.prepare(true);
            try {
                ParquetWorkload.ReadResult expected = b.workload.expected();
                assertThat(expected.values()).isEqualTo(20_000L * 5);
                assertThat(expected.stringBytes()).isPositive();
                ParquetFileBench.FileBytes counter = new ParquetFileBench.FileBytes();
                assertThat(b.read(counter)).as(String.join(" ", implThreads)).isEqualTo(expected);
                assertThat(counter.fileBytes).isEqualTo(b.readFileSize).isPositive();
            } finally {
                b.tearDown();
            }
        }
    }

    @ParameterizedTest
    @MethodSource("settings")
    void filesWrittenByEitherLibraryReadBackInBoth(String data, String encoding, String codec) throws Exception {
        for (String[] implThreads : new String[][] {{"colcodec", "1"}, {"colcodec", "all"}, {"parquet-java", "1"}}) {
            ParquetFileBench b = bench(implThreads[0], implThreads[1], data, encoding, codec);
            b.prepare(false);
            try {
                ParquetWorkload.ReadResult expected = b.workload.expected();
                ParquetFileBench.FileBytes counter = new ParquetFileBench.FileBytes();
                long size = b.write(counter);
                assertThat(size).isPositive().isEqualTo(counter.fileBytes);
                assertThat(ParquetWorkload.readColcodec(b.writeFile, null)).isEqualTo(expected);
                assertThat(ParquetWorkload.readParquetJava(b.writeFile)).isEqualTo(expected);
            } finally {
                b.tearDown();
            }
        }
    }

    @Test
    void colcodecWritesTheSameFileOnOneThreadAndOnAPool() throws Exception {
        byte[][] files = new byte[2][];
        String[] threads = {"1", "2"};
        for (int i = 0; i < 2; i++) {
            ParquetFileBench b = bench("colcodec", threads[i], "random", "DICTIONARY", "SNAPPY");
            b.prepare(false);
            try {
                b.write(new ParquetFileBench.FileBytes());
                files[i] = java.nio.file.Files.readAllBytes(b.writeFile);
                b.removeWrittenFile();
                assertThat(b.writeFile).doesNotExist();
            } finally {
                b.tearDown();
            }
        }
        assertThat(files[1]).isEqualTo(files[0]);
    }
}
