package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.values.BinaryBatch;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ParquetFileReader#decodeRowGroup} in small batches holds about what the values take. */
class DecodeRowGroupBatchesTest {
    /**
     * One PLAIN page of 100,000 strings (2 MB) decoded in batches of one value: every batch held room for
     * the rest of the page before (about 100 GB in all); now each holds room for its value.
     */
    @Test
    void smallBatchesOfALargeStringPageHoldTheirValuesOnly() throws Exception {
        int rows = 100_000;
        ParquetColumn col = ParquetColumn.flat("s", PhysicalType.BYTE_ARRAY, 0, false);
        BinaryBatch values = new BinaryBatch();
        for (int i = 0; i < rows; i++) {
            byte[] v = String.format("value-%010d", i).getBytes(StandardCharsets.US_ASCII);
            values.append(v, 0, v.length);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ParquetFileWriter w = new ParquetFileWriter(
                out, List.of(col), ParquetWriteOptions.defaults().withDictionary(false))) {
            w.write(new Object[] {values}, null, rows);
        }
        try (ParquetFileReader r = ParquetFileReader.open(out.toByteArray())) {
            for (int batchSize : new int[] {1, 3, 1000}) {
                List<ColumnBatch> batches =
                        r.decodeRowGroup(0, new int[] {0}, batchSize, null).get(0);
                long held = 0;
                int row = 0;
                for (ColumnBatch b : batches) {
                    BinaryBatch got = b.binaries();
                    held += got.data().length;
                    for (int i = 0; i < got.count(); i++, row++) {
                        assertThat(new String(got.get(i), StandardCharsets.US_ASCII))
                                .isEqualTo(String.format("value-%010d", row));
                    }
                }
                assertThat(row).isEqualTo(rows);
                assertThat(held).as("batches of %d", batchSize).isLessThan(64L * rows + 64L * batches.size());
            }
        }
    }
}
