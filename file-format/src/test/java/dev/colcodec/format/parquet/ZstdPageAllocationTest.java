package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.parquet.PhysicalType;
import java.io.ByteArrayOutputStream;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.junit.jupiter.api.Test;

/**
 * A Parquet data page whose zstd frame states another size than the page header claims is refused before
 * the page buffer grows to the claim, as in TsFile's reader.
 */
class ZstdPageAllocationTest {
    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean())
                .getCurrentThreadAllocatedBytes();
    }

    @Test
    void aTinyZstdPageClaimingAGibibyteIsRefusedBeforeAllocating() {
        // a zstd frame that declares 100 bytes (single segment, 1-byte content size) and one RLE block
        byte[] frame = new byte[10];
        dev.colcodec.io.ByteIO.putIntLE(frame, 0, 0xFD2FB528);
        frame[4] = 0x20;
        frame[5] = 100;
        int header = 100 << 3 | 2 << 1 | 1;
        frame[6] = (byte) header;
        frame[7] = (byte) (header >>> 8);
        frame[8] = (byte) (header >>> 16);
        frame[9] = 'x';
        PageHeader h = new PageHeader(PageType.DATA_PAGE, 1 << 30, frame.length);
        h.setData_page_header(new DataPageHeader(1, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
        ByteArrayOutputStream chunk = new ByteArrayOutputStream();
        chunk.writeBytes(ParquetThrift.toBytes(h));
        chunk.writeBytes(frame);
        byte[] bytes = chunk.toByteArray();
        ParquetColumn c = ParquetColumn.flat("c", PhysicalType.INT64, 0, false);
        long before = allocated();
        Throwable t = null;
        try {
            ColumnChunkReader r =
                    new ColumnChunkReader(c, Compression.ZSTD, bytes, 0, bytes.length, 4, KernelProvider.best());
            r.readBatch(new ColumnBatch(c, 10), 10);
        } catch (Throwable e) {
            t = e;
        }
        long used = allocated() - before;
        System.out.println("thrown: " + t + "; allocated " + used);
        assertThat(t).isInstanceOf(CorruptInputException.class);
        assertThat(used)
                .as("bytes allocated for a 10-byte page whose frame declares 100 bytes")
                .isLessThan(64L << 20);
    }
}
