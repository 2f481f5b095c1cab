package dev.colcodec.format.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.format.parquet.ColumnStatistics;
import dev.colcodec.format.parquet.ParquetFileReader;
import java.nio.file.Path;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Found by {@code cliDamaged} (seeds 5000388, 5000861, 5001252 from base seed 5000000): parquet-java
 * 1.18.1 with {@code withStatisticsTruncateLength(n)} writes a FIXED_LEN_BYTE_ARRAY column's chunk
 * statistics truncated to {@code n} bytes (shorter than the type length; still a lower and upper bound
 * in unsigned byte order), and its own reader reads the file. colcodec's {@code ParquetFileReader.statistics}
 * rejects any FIXED_LEN_BYTE_ARRAY bound that is not the type length as corrupt, so {@code colcodec
 * inspect} fails ("corrupt input ... got a bound of 4 bytes", exit 1) on this undamaged file. Expected:
 * the statistics (or none) and {@code inspect} exit 0. Fails until fixed.
 */
class ReproTruncatedFixedStatisticsTest {
    @TempDir
    Path tmp;

    private Path write() throws Exception {
        Path file = tmp.resolve("flba.parquet");
        MessageType mt = MessageTypeParser.parseMessageType("message m { required fixed_len_byte_array(16) c; }");
        try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file))
                .withConf(new PlainParquetConfiguration())
                .withCodecFactory(new ParquetJavaCodecs())
                .withType(mt)
                .withStatisticsTruncateLength(4)
                .build()) {
            SimpleGroupFactory f = new SimpleGroupFactory(mt);
            for (int i = 0; i < 3; i++) {
                byte[] v = new byte[16];
                v[0] = (byte) i;
                v[15] = 7;
                w.write(f.newGroup().append("c", Binary.fromConstantByteArray(v)));
            }
        }
        return file;
    }

    @Test
    void statisticsOfAFixedColumnTruncatedByParquetJavaAreRead() throws Exception {
        Path file = write();
        try (ParquetFileReader r = ParquetFileReader.open(file)) {
            ColumnStatistics s = r.statistics(0, 0); // throws CorruptInputException: "got a bound of 4 bytes"
            assertThat(s.nullCount()).isZero();
        }
    }

    @Test
    void inspectReadsTheFile() throws Exception {
        CliRun run = CliRun.run("inspect", write().toString());
        assertThat(run.err()).isEmpty(); // "colcodec: corrupt input at offset ...: expected statistics of ..."
        assertThat(run.status()).isZero();
    }
}
