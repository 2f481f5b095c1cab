package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.io.ByteIO;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.values.BinaryBatch;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link ColumnChunkReader#keepBinaryViews}: batches of views into PLAIN BYTE_ARRAY pages give exactly the
 * values and levels of a reader that copies them; a batch of views holds one page's values and never mixes
 * with copied values or dictionary ids.
 */
class BinaryViewsTest {
    @Test
    void viewsAreTheValuesWithDictionaryFallbackNullsAndSkips() {
        Random r = new Random(2027);
        int[] batches = new int[2]; // of views, of other values
        for (int iter = 0; iter < 300; iter++) {
            ParquetColumn c = ParquetColumn.flat("c", PhysicalType.BYTE_ARRAY, 0, r.nextBoolean());
            ParquetWriteOptions o = ColumnChunkRoundTripTest.randomOptions(r)
                    .withDictionary(r.nextBoolean())
                    .withMaxDictionaryBytes(40 + r.nextInt(400));
            int rows = r.nextInt(4) == 0 ? r.nextInt(5) : r.nextInt(3000);
            TestData d = TestData.random(c, rows, r);
            if (r.nextBoolean()) {
                d = DictionaryIdsTest.repeatingPrefix(d, rows / 2); // dictionary pages, then a fallback
            }
            ColumnChunkWriter w = new ColumnChunkWriter(c, o);
            w.write(d.values, d.nulls, 0, rows);
            byte[] bytes = w.finish().bytes();
            String what = "iteration " + iter + " " + c + " " + o.pageVersion() + " " + o.compression();
            ColumnChunkReader reader = new ColumnChunkReader(
                            c, o.compression(), bytes, 0, bytes.length, 4, KernelProvider.best())
                    .keepDictionaryIds(r.nextBoolean())
                    .keepBinaryViews(true);
            ColumnBatch batch = new ColumnBatch(c, 1 + r.nextInt(700));
            int row = DictionaryIdsTest.readChecked(reader, batch, d, r, b -> {
                if (b.viewArray() != null) {
                    assertThat(b.dictionary()).isNull();
                    assertThat(b.binaries().count()).isZero(); // nothing copied
                    batches[0]++;
                } else {
                    assertThat(b.viewStarts()).isNull();
                    assertThat(b.viewLengths()).isNull();
                    batches[1]++;
                }
            });
            assertThat(row).as(what).isEqualTo(rows);
        }
        assertThat(batches[0]).isGreaterThan(500);
        assertThat(batches[1]).isGreaterThan(200);
    }

    /** Compressed pages are decompressed into one reused array: a batch of views ends at its page's end. */
    @Test
    void aBatchOfViewsEndsAtTheEndOfItsPage() {
        ParquetColumn c = ParquetColumn.flat("c", PhysicalType.BYTE_ARRAY, 0, false);
        BinaryBatch v = new BinaryBatch();
        for (int i = 0; i < 1000; i++) {
            byte[] s = ("value-" + i * 7919).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            v.append(s, 0, s.length);
        }
        ParquetWriteOptions o = ParquetWriteOptions.defaults()
                .withCompression(Compression.SNAPPY)
                .withDictionary(false)
                .withPageRowLimit(300);
        ColumnChunkWriter w = new ColumnChunkWriter(c, o);
        w.write(v, null, 0, 1000);
        byte[] bytes = w.finish().bytes();
        ColumnChunkReader reader = new ColumnChunkReader(
                        c, Compression.SNAPPY, bytes, 0, bytes.length, 0, KernelProvider.best())
                .keepBinaryViews(true);
        ColumnBatch b = new ColumnBatch(c, 1000);
        int row = 0;
        int[] sizes = new int[4];
        int batches = 0;
        int n;
        while ((n = reader.readBatch(b, 1000)) > 0) {
            sizes[batches++] = n;
            for (int k = 0; k < n; k++) {
                byte[] value = java.util.Arrays.copyOfRange(
                        b.viewArray(), b.viewStarts()[k], b.viewStarts()[k] + b.viewLengths()[k]);
                assertThat(value).isEqualTo(v.get(row + k));
            }
            row += n;
        }
        assertThat(sizes).containsExactly(300, 300, 300, 100);
        // without views one batch holds every value
        ColumnChunkReader copying =
                new ColumnChunkReader(c, Compression.SNAPPY, bytes, 0, bytes.length, 0, KernelProvider.best());
        assertThat(copying.readBatch(b, 1000)).isEqualTo(1000);
        assertThat(b.viewArray()).isNull();
        assertThat(b.binaries().get(999)).isEqualTo(v.get(999));
    }

    /** A length past the page is corrupt input, also when values are read as views. */
    @Test
    void aLengthPastThePageIsCorruptInput() {
        ParquetColumn c = ParquetColumn.flat("c", PhysicalType.BYTE_ARRAY, 0, false);
        BinaryBatch v = new BinaryBatch();
        for (int i = 0; i < 8; i++) {
            v.append(new byte[] {1, 2, 3}, 0, 3);
        }
        ParquetWriteOptions o = ParquetWriteOptions.defaults()
                .withCompression(Compression.UNCOMPRESSED)
                .withDictionary(false);
        ColumnChunkWriter w = new ColumnChunkWriter(c, o);
        w.write(v, null, 0, 8);
        byte[] bytes = w.finish().bytes();
        // the page ends with the last value: 4-byte length 3, then its bytes; make it claim 4
        int lastLength = bytes.length - 7;
        assertThat(ByteIO.getIntLE(bytes, lastLength)).isEqualTo(3);
        ByteIO.putIntLE(bytes, lastLength, 4);
        ColumnChunkReader reader = new ColumnChunkReader(
                        c, Compression.UNCOMPRESSED, bytes, 0, bytes.length, 0, KernelProvider.best())
                .verifyCrc(false)
                .keepBinaryViews(true);
        ColumnBatch b = new ColumnBatch(c, 8);
        assertThatThrownBy(() -> reader.readBatch(b, 8))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("BYTE_ARRAY length");
    }
}
