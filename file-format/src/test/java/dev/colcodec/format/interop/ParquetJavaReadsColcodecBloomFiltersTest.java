package dev.colcodec.format.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.colcodec.format.parquet.BloomFilterFileTestAccess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** parquet-java 1.18.1 reads the Bloom filters colcodec writes and finds every value written. */
class ParquetJavaReadsColcodecBloomFiltersTest {
    @TempDir
    Path dir;

    @Test
    void parquetJavaFindsEveryValueInColcodecsFilters() throws Exception {
        Path file = dir.resolve("bloom.parquet");
        Files.write(file, BloomFilterFileTestAccess.fileWithFilters());
        ParquetReadOptions options = ParquetReadOptions.builder(new PlainParquetConfiguration())
                .withCodecFactory(new ReferenceCodecFactory())
                .build();
        try (ParquetFileReader reader = ParquetJavaReadsColcodecFilesTest.open(new LocalInputFile(file), options)) {
            List<BlockMetaData> groups = reader.getFooter().getBlocks();
            assertEquals(3, groups.size());
            long firstRow = 0;
            for (BlockMetaData g : groups) {
                for (int c = 0; c < 5; c++) {
                    ColumnChunkMetaData meta = g.getColumns().get(c);
                    BloomFilter f = reader.readBloomFilter(meta);
                    assertNotNull(f, "column " + c);
                    for (long row = firstRow; row < firstRow + g.getRowCount(); row++) {
                        if (BloomFilterFileTestAccess.isNull(c, row)) {
                            continue;
                        }
                        byte[] v = BloomFilterFileTestAccess.plain(c, row);
                        long h = switch (c) {
                            case 0 -> f.hash(dev.colcodec.io.ByteIO.getIntLE(v, 0));
                            case 1 -> f.hash(dev.colcodec.io.ByteIO.getLongLE(v, 0));
                            case 2 -> f.hash(Double.longBitsToDouble(dev.colcodec.io.ByteIO.getLongLE(v, 0)));
                            default -> f.hash(Binary.fromConstantByteArray(v));
                        };
                        assertTrue(f.findHash(h), "column " + c + " row " + row);
                    }
                }
                firstRow += g.getRowCount();
            }
        }
    }
}
