package dev.colcodec.format.parquet;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.compress.CompressionCodecs;
import dev.colcodec.io.ByteSink;
import dev.colcodec.parquet.ParquetEncoding;
import java.util.zip.CRC32;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.DictionaryPageHeader;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;

/**
 * Writes whole Parquet pages (Thrift header, then body) to a {@link ByteSink}.
 *
 * <ul>
 *   <li>Data page V1: body = {@code [rep levels][def levels][values]}, all compressed together; level
 *       sections are RLE hybrid with a 4-byte length prefix (as {@code RleHybridWriter} with {@code
 *       LENGTH_PREFIXED} framing writes them) and absent when the maximum level is 0.
 *   <li>Data page V2: rep and def levels uncompressed, without length prefix, their lengths in the
 *       header; only the values are compressed ({@code is_compressed} is written true, as parquet-java
 *       does).
 *   <li>Dictionary page: PLAIN entries, compressed.
 * </ul>
 *
 * CRC32 of the bytes after the header is written when {@code crc} is set (parquet-java's default).
 */
public final class ParquetPages {
    private ParquetPages() {}

    /** Sizes of one written page. */
    public record Written(int headerSize, int compressedSize, int uncompressedSize) {
        /** Header plus compressed body. */
        public int totalSize() {
            return headerSize + compressedSize;
        }
    }

    static Encoding thrift(ParquetEncoding e) {
        return Encoding.findByValue(e.thriftId());
    }

    /**
     * Writes a V1 data page. {@code repLevels}/{@code defLevels} are the length-prefixed RLE sections or
     * {@code null} when the column has no such levels.
     */
    public static Written writeDataPageV1(
            ByteSink out,
            Compression codec,
            int numValues,
            ParquetEncoding valueEncoding,
            byte[] repLevels,
            byte[] defLevels,
            byte[] values,
            boolean crc) {
        int rl = repLevels == null ? 0 : repLevels.length;
        int dl = defLevels == null ? 0 : defLevels.length;
        byte[] body = new byte[rl + dl + values.length];
        if (rl > 0) {
            System.arraycopy(repLevels, 0, body, 0, rl);
        }
        if (dl > 0) {
            System.arraycopy(defLevels, 0, body, rl, dl);
        }
        System.arraycopy(values, 0, body, rl + dl, values.length);
        byte[] compressed =
                codec == Compression.UNCOMPRESSED ? body : CompressionCodecs.compress(codec, body, 0, body.length);
        PageHeader h = new PageHeader(PageType.DATA_PAGE, body.length, compressed.length);
        // parquet-java labels absent level sections BIT_PACKED and present ones RLE
        h.setData_page_header(new DataPageHeader(
                numValues,
                thrift(valueEncoding),
                defLevels == null ? Encoding.BIT_PACKED : Encoding.RLE,
                repLevels == null ? Encoding.BIT_PACKED : Encoding.RLE));
        if (crc) {
            CRC32 c = new CRC32();
            c.update(compressed, 0, compressed.length);
            h.setCrc((int) c.getValue());
        }
        int hs = ParquetThrift.write(h, out);
        out.write(compressed, 0, compressed.length);
        return new Written(hs, compressed.length, body.length);
    }

    /**
     * Writes a V2 data page. {@code repLevels}/{@code defLevels} are RLE hybrid sections without length
     * prefix, or {@code null}.
     */
    public static Written writeDataPageV2(
            ByteSink out,
            Compression codec,
            int numValues,
            int numNulls,
            int numRows,
            ParquetEncoding valueEncoding,
            byte[] repLevels,
            byte[] defLevels,
            byte[] values,
            boolean crc) {
        int rl = repLevels == null ? 0 : repLevels.length;
        int dl = defLevels == null ? 0 : defLevels.length;
        byte[] compressed = codec == Compression.UNCOMPRESSED
                ? values
                : CompressionCodecs.compress(codec, values, 0, values.length);
        PageHeader h = new PageHeader(PageType.DATA_PAGE_V2, rl + dl + values.length, rl + dl + compressed.length);
        DataPageHeaderV2 v2 = new DataPageHeaderV2(numValues, numNulls, numRows, thrift(valueEncoding), dl, rl);
        v2.setIs_compressed(true);
        h.setData_page_header_v2(v2);
        if (crc) {
            CRC32 c = new CRC32();
            if (rl > 0) {
                c.update(repLevels, 0, rl);
            }
            if (dl > 0) {
                c.update(defLevels, 0, dl);
            }
            c.update(compressed, 0, compressed.length);
            h.setCrc((int) c.getValue());
        }
        int hs = ParquetThrift.write(h, out);
        if (rl > 0) {
            out.write(repLevels, 0, rl);
        }
        if (dl > 0) {
            out.write(defLevels, 0, dl);
        }
        out.write(compressed, 0, compressed.length);
        return new Written(hs, rl + dl + compressed.length, rl + dl + values.length);
    }

    /** Writes a dictionary page of {@code entryCount} PLAIN entries. */
    public static Written writeDictionaryPage(
            ByteSink out, Compression codec, int entryCount, ParquetEncoding encoding, byte[] entries, boolean crc) {
        byte[] compressed = codec == Compression.UNCOMPRESSED
                ? entries
                : CompressionCodecs.compress(codec, entries, 0, entries.length);
        PageHeader h = new PageHeader(PageType.DICTIONARY_PAGE, entries.length, compressed.length);
        h.setDictionary_page_header(new DictionaryPageHeader(entryCount, thrift(encoding)));
        if (crc) {
            CRC32 c = new CRC32();
            c.update(compressed, 0, compressed.length);
            h.setCrc((int) c.getValue());
        }
        int hs = ParquetThrift.write(h, out);
        out.write(compressed, 0, compressed.length);
        return new Written(hs, compressed.length, entries.length);
    }
}
