package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.CorruptInputException;
import dev.colcodec.parquet.PhysicalType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import org.apache.parquet.format.FileMetaData;
import org.junit.jupiter.api.Test;

/**
 * {@code decodeRowGroup} asked for one batch of everything sizes its batches by what the chunk's bytes can
 * hold, not by the footer's row count alone: a footer claiming two billion rows for a chunk of ten values
 * is corrupt input after a small allocation, not a 16 GB array.
 */
class RowCountAllocationTest {
    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean())
                .getCurrentThreadAllocatedBytes();
    }

    private static byte[] tenRows() throws IOException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ParquetFileWriter w = new ParquetFileWriter(
                bos, List.of(ParquetColumn.flat("v", PhysicalType.INT64, 0, false)), ParquetWriteOptions.defaults())) {
            w.write(new Object[] {new long[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}}, new boolean[1][], 10);
        }
        return bos.toByteArray();
    }

    @Test
    void aFooterClaimingBillionsOfRowsForATinyChunkAllocatesLittle() throws IOException {
        byte[] file = tenRows();
        FileMetaData fmd = ParquetTestFiles.footer(file);
        fmd.getRow_groups().get(0).setNum_rows(2_000_000_000L);
        fmd.getRow_groups().get(0).getColumns().get(0).getMeta_data().setNum_values(2_000_000_000L);
        byte[] lying = ParquetTestFiles.withFooter(file, fmd);
        long before = allocated();
        Throwable t = null;
        try (ParquetFileReader r = ParquetFileReader.open(lying)) {
            r.decodeRowGroup(0, new int[] {0}, Integer.MAX_VALUE, null);
        } catch (Throwable e) {
            t = e;
        }
        long used = allocated() - before;
        assertThat(t).isInstanceOf(CorruptInputException.class);
        assertThat(used).as("bytes allocated").isLessThan(64L << 20);
    }

    @Test
    void anHonestFileStillComesInOneBatch() throws IOException {
        try (ParquetFileReader r = ParquetFileReader.open(tenRows())) {
            List<List<ColumnBatch>> b = r.decodeRowGroup(0, new int[] {0}, Integer.MAX_VALUE, null);
            assertThat(b.get(0)).hasSize(1);
            assertThat(b.get(0).get(0).valueCount()).isEqualTo(10);
            assertThat(b.get(0).get(0).longs()[9]).isEqualTo(10);
        }
    }
}
