package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.parquet.PhysicalType;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.junit.jupiter.api.Test;

/**
 * Repetition levels a repeated column's pages cannot hold: above the column's maximum, or a chunk whose
 * first entry continues a row. Both are corrupt input, reported at the page's header, as a V2 page that
 * does not begin a row is (pages built by hand: no writer makes them).
 */
class RepetitionLevelChecksTest {
    /** {@code optional group l (LIST) { repeated group list { optional int32 element } }}. */
    private static final ParquetColumn LIST =
            new ParquetColumn(List.of("l", "list", "element"), PhysicalType.INT32, 0, 3, 1);

    /** A list of lists: maximum repetition level 2. */
    private static final ParquetColumn LISTS =
            new ParquetColumn(List.of("a", "list", "element", "list", "element"), PhysicalType.INT32, 0, 5, 2);

    /** The chunk's file offset: errors at the first page's header say 4. */
    private static final int CHUNK_AT = 4;

    /** One RLE run of {@code count} levels of {@code value} at {@code width} bits (1 to 8). */
    private static byte[] rle(int count, int value) {
        return new byte[] {(byte) (count << 1), (byte) value};
    }

    /** One bit-packed run of a group of 8 levels at {@code width} bits, LSB-first, zero after the values. */
    private static byte[] packed(int width, int... levels) {
        byte[] out = new byte[1 + width];
        out[0] = (byte) (1 << 1 | 1);
        long bits = 0;
        for (int i = 0; i < levels.length; i++) {
            bits |= (long) levels[i] << (i * width);
        }
        for (int i = 0; i < width; i++) {
            out[1 + i] = (byte) (bits >>> (8 * i));
        }
        return out;
    }

    private static byte[] plainInts(int... v) {
        byte[] out = new byte[4 * v.length];
        for (int i = 0; i < v.length; i++) {
            for (int k = 0; k < 4; k++) {
                out[4 * i + k] = (byte) (v[i] >>> (8 * k));
            }
        }
        return out;
    }

    private static byte[] lengthPrefixed(byte[] levels) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int k = 0; k < 4; k++) {
            out.write(levels.length >>> (8 * k));
        }
        out.writeBytes(levels);
        return out.toByteArray();
    }

    /** A V1 data page: repetition and definition levels (length-prefixed RLE), then PLAIN values. */
    private static byte[] v1(int values, byte[] reps, byte[] defs, byte[] plain) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(lengthPrefixed(reps));
        body.writeBytes(lengthPrefixed(defs));
        body.writeBytes(plain);
        PageHeader h = new PageHeader(PageType.DATA_PAGE, body.size(), body.size());
        h.setData_page_header(new DataPageHeader(values, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
        return page(h, body.toByteArray());
    }

    /** An uncompressed V2 data page. */
    private static byte[] v2(int values, int rows, int nulls, byte[] reps, byte[] defs, byte[] plain) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(reps);
        body.writeBytes(defs);
        body.writeBytes(plain);
        PageHeader h = new PageHeader(PageType.DATA_PAGE_V2, body.size(), body.size());
        DataPageHeaderV2 d = new DataPageHeaderV2(values, nulls, rows, Encoding.PLAIN, defs.length, reps.length);
        d.setIs_compressed(false);
        h.setData_page_header_v2(d);
        return page(h, body.toByteArray());
    }

    private static byte[] page(PageHeader h, byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(ParquetThrift.toBytes(h));
        out.writeBytes(body);
        return out.toByteArray();
    }

    private static ColumnChunkReader reader(ParquetColumn c, byte[] chunk) {
        return new ColumnChunkReader(
                c, Compression.UNCOMPRESSED, chunk, 0, chunk.length, CHUNK_AT, KernelProvider.best());
    }

    /** Reads every entry in batches of {@code batch}. */
    private static int readAll(ParquetColumn c, byte[] chunk, int batch) {
        ColumnChunkReader r = reader(c, chunk);
        ColumnBatch b = new ColumnBatch(c, batch);
        int entries = 0;
        for (int n; (n = r.readBatch(b, batch)) > 0; ) {
            entries += n;
        }
        return entries;
    }

    private static void assertCorruptAtHeader(Runnable read, String expected) {
        assertThatThrownBy(read::run)
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining(expected)
                .satisfies(e -> assertThat(((CorruptInputException) e).offset()).isEqualTo(CHUNK_AT));
    }

    @Test
    void aRepetitionLevelAboveTheMaximumIsCorruptInput() {
        // an RLE run keeps whole bytes: level 3 in a column of maximum 1, reps 0, 3, 3
        byte[] rleRun = v1(3, concat(rle(1, 0), rle(2, 3)), rle(3, 3), plainInts(1, 2, 3));
        // bit-packed at width 2: 0, 3, 2 in a column of maximum 2
        byte[] bitPacked = v1(3, packed(2, 0, 3, 2), packed(3, 5, 5, 5), plainInts(1, 2, 3));
        for (int batch : new int[] {1, 2, 10}) {
            assertCorruptAtHeader(() -> readAll(LIST, rleRun, batch), "repetition levels <= 1");
            assertCorruptAtHeader(() -> readAll(LISTS, bitPacked, batch), "repetition levels <= 2");
        }
        assertCorruptAtHeader(() -> reader(LIST, rleRun).skipRows(5), "repetition levels <= 1");
        assertCorruptAtHeader(() -> reader(LISTS, bitPacked).readRows(new ColumnBatch(LISTS, 8), 8, 5), "levels <= 2");
        // the same pages with levels in range read: 1 row of 3 entries, and 2 rows
        assertThat(readAll(LIST, v1(3, concat(rle(1, 0), rle(2, 1)), rle(3, 3), plainInts(1, 2, 3)), 2))
                .isEqualTo(3);
        assertThat(readAll(LISTS, v1(3, packed(2, 0, 2, 0), packed(3, 5, 5, 5), plainInts(1, 2, 3)), 2))
                .isEqualTo(3);
    }

    @Test
    void aChunkWhoseFirstEntryContinuesARowIsCorruptInput() {
        byte[] chunk = v1(3, packed(1, 1, 0, 1), packed(2, 3, 3, 3), plainInts(1, 2, 3));
        for (int batch : new int[] {1, 3, 10}) {
            assertCorruptAtHeader(() -> readAll(LIST, chunk, batch), "a column chunk that begins a row");
        }
        assertCorruptAtHeader(() -> reader(LIST, chunk).skipRows(1), "a column chunk that begins a row");
        // a row that goes on into the next V1 page is fine: 0, 1 | 1, 0
        byte[] spanning = concat(
                v1(2, packed(1, 0, 1), packed(2, 3, 3), plainInts(1, 2)),
                v1(2, packed(1, 1, 0), packed(2, 3, 3), plainInts(3, 4)));
        assertThat(readAll(LIST, spanning, 3)).isEqualTo(4);
        assertThat(reader(LIST, spanning).skipRows(5)).isEqualTo(2);
    }

    @Test
    void aV2PageThatDoesNotBeginARowIsReportedAtItsHeader() {
        byte[] chunk = v2(3, 1, 0, packed(1, 1, 0, 1), packed(2, 3, 3, 3), plainInts(1, 2, 3));
        assertCorruptAtHeader(() -> readAll(LIST, chunk, 10), "begins a row");
        // and one stating more rows than its levels begin
        byte[] rows = v2(3, 3, 0, packed(1, 0, 1, 0), packed(2, 3, 3, 3), plainInts(1, 2, 3));
        assertCorruptAtHeader(() -> readAll(LIST, rows, 10), "a V2 data page of 3 rows");
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
