package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
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
 * parquet-java's {@code withStatisticsTruncateLength} and {@code withColumnIndexTruncateLength} write
 * FIXED_LEN_BYTE_ARRAY bounds shorter than the type length (a prefix of the minimum, the maximum's prefix
 * rounded up). colcodec reads them as bounds in the unsigned lexicographic order, and prunes with them
 * (found by the differential fuzzing's CLI harness: {@code inspect} refused such a file as corrupt).
 */
class TruncatedStatisticsTest {
    @TempDir
    Path tmp;

    private static byte[] value(int i) {
        byte[] v = new byte[16];
        v[0] = (byte) i;
        v[15] = 7;
        return v;
    }

    @Test
    void truncatedFixedLengthBoundsAreReadAndPruneBothWays() throws IOException {
        Path file = tmp.resolve("flba.parquet");
        MessageType mt = MessageTypeParser.parseMessageType("message m { required fixed_len_byte_array(16) c; }");
        try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file))
                .withConf(new PlainParquetConfiguration())
                .withType(mt)
                .withDictionaryEncoding(false)
                .withStatisticsTruncateLength(4)
                .withColumnIndexTruncateLength(4)
                .build()) {
            SimpleGroupFactory f = new SimpleGroupFactory(mt);
            for (int i = 0; i < 3; i++) {
                w.write(f.newGroup().append("c", Binary.fromConstantByteArray(value(i))));
            }
        }
        try (ParquetFileReader r = ParquetFileReader.open(file)) {
            assertThat(r.order(0)).isEqualTo(ColumnStatistics.Order.PHYSICAL);
            ColumnStatistics s = r.statistics(0, 0);
            assertThat(s.min()).containsExactly(0, 0, 0, 0);
            assertThat(s.max()).hasSize(4);
            for (int i = 0; i < 3; i++) {
                assertThat(Arrays.compareUnsigned(s.min(), value(i))).isLessThanOrEqualTo(0);
                assertThat(Arrays.compareUnsigned(s.max(), value(i))).isGreaterThanOrEqualTo(0);
                // a value in the row group keeps it and its page
                assertThat(r.rowGroupsOverlapping(0, value(i), value(i))).containsExactly(0);
                assertThat(r.rowRangesOverlapping(0, 0, value(i), value(i)).rowCount())
                        .isEqualTo(3);
            }
            // a bound given by the caller is still a whole value
            assertThatThrownBy(() -> r.rowGroupsOverlapping(0, new byte[] {1}, null))
                    .isInstanceOf(IllegalArgumentException.class);
            // above the maximum: pruned by the truncated bounds, as by whole ones
            byte[] above = value(5);
            assertThat(r.rowGroupsOverlapping(0, above, null)).isEmpty();
            assertThat(r.rowRangesOverlapping(0, 0, above, null).rowCount()).isZero();
        }
    }
}
