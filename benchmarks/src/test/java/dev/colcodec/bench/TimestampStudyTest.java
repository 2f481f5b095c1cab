package dev.colcodec.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class TimestampStudyTest {
    @Test
    void tableHasOneRowPerColumnEncodingAndCodecWithNumbers() {
        String md = TimestampStudy.run(300, (e, c, n, run) -> 1e6);
        assertThat(md).contains(TimestampStudy.HEADER);
        List<String> rows = md.lines()
                .filter(l -> l.startsWith("| ") && !l.equals(TimestampStudy.HEADER))
                .collect(Collectors.toList());
        int encodings = TimestampStudy.encodings().size();
        assertThat(encodings).isGreaterThanOrEqualTo(4);
        assertThat(rows).hasSize(4 * encodings * TimestampStudy.CODECS.size());
        for (String row : rows) {
            String[] cells = row.split("\\|", -1);
            // leading and trailing empty cells around 5 columns
            assertThat(cells).as(row).hasSize(7);
            assertThat(Double.parseDouble(cells[4].trim())).as(row).isPositive();
            assertThat(cells[5].trim()).as(row).isEqualTo("1.0");
        }
        assertThat(rows.stream().map(r -> r.split("\\|")[1].trim()).distinct())
                .containsExactly("regular", "jittered", "dates", "random");
        assertThat(rows)
                .anyMatch(r -> r.startsWith("| regular | PARQUET DELTA_BINARY_PACKED | UNCOMPRESSED |"))
                .anyMatch(r -> r.startsWith("| random | TSFILE TS_2DIFF | ZSTD |"))
                .anyMatch(r -> r.startsWith("| dates | PARQUET BYTE_STREAM_SPLIT | LZ4_RAW |"));
        // PLAIN is 8 bytes a value whatever the data
        assertThat(rows.stream().filter(r -> r.contains("| PARQUET PLAIN | UNCOMPRESSED |")))
                .allSatisfy(r -> assertThat(r).contains("| 8.000 |"));
    }

    @Test
    void columnsHaveTheAdvertisedShapes() {
        var cols = TimestampStudy.columns(1000, 1);
        long[] regular = cols.get("regular");
        long[] jittered = cols.get("jittered");
        for (int i = 1; i < 1000; i++) {
            assertThat(regular[i] - regular[i - 1]).isEqualTo(1000);
            assertThat(Math.abs(jittered[i] - regular[i])).isLessThanOrEqualTo(20);
        }
        for (long d : cols.get("dates")) {
            assertThat(d % 86_400_000L).isZero();
        }
    }
}
