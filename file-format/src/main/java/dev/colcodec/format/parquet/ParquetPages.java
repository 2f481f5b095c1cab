package dev.colcodec.format.parquet;

import dev.colcodec.format.compress.AdaptivePageCompressor;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.compress.CompressionCodecs;
import dev.colcodec.io.ByteSink;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.PhysicalType;
import java.util.Arrays;
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
 *
 * <p>An instance keeps the scratch arrays of one column's pages (the V1 body, the compressed bytes) so
 * that writing a page allocates nothing but its header. Data pages written into a chunk's {@link
 * PageSlabs} are compressed straight into the slabs, their CRC taken and their header put in front there,
 * so the compressed bytes are not copied. Once SNAPPY or LZ4_RAW has saved less than 1/32 of a page, the
 * next pages are literal runs of the codec ({@link AdaptivePageCompressor}): random numbers are written at
 * memory-copy speed instead of being scanned for matches. Not thread-safe.
 */
public final class ParquetPages {
    /** More than any page header this class writes takes (no statistics in page headers). */
    private static final int MAX_HEADER_BYTES = 128;

    /** Where a page's bytes go: a {@link ByteSink} or the {@link PageSlabs} of a column chunk. */
    private interface Out {
        void write(byte[] b, int off, int len);
    }

    private final Compression codec;
    private final boolean crc;
    /** The header of the page being written. */
    private final ByteSink header = new ByteSink(MAX_HEADER_BYTES);

    private final CRC32 checksum = new CRC32();
    /** Stores the pages SNAPPY or LZ4_RAW cannot shrink as literal runs of the codec (see its javadoc). */
    private final AdaptivePageCompressor pageCompressor;

    private byte[] body = new byte[0];
    private byte[] compressed = new byte[0];

    /**
     * What a column's PLAIN values are, which lets its SNAPPY pages (PLAIN data pages and dictionary pages)
     * go to colcodec's writers for such values: see {@link AdaptivePageCompressor}.
     */
    public enum PlainValues {
        /** Nothing known (the pages go to the codec as they are). */
        OTHER,
        /** 8-byte values (INT64, DOUBLE). */
        EIGHT_BYTE,
        /** A 4-byte length and that many bytes per value (BYTE_ARRAY). */
        LENGTH_PREFIXED;

        /** The values of a column of this physical type. */
        public static PlainValues of(PhysicalType type) {
            switch (type) {
                case INT64:
                case DOUBLE:
                    return EIGHT_BYTE;
                case BYTE_ARRAY:
                    return LENGTH_PREFIXED;
                default:
                    return OTHER;
            }
        }
    }

    private final PlainValues plainValues;

    /** Pages compressed with {@code codec}, with CRCs if {@code crc}. */
    public ParquetPages(Compression codec, boolean crc) {
        this(codec, crc, PlainValues.OTHER);
    }

    /** Pages compressed with {@code codec}, with CRCs if {@code crc}, of a column of {@code plainValues}. */
    public ParquetPages(Compression codec, boolean crc, PlainValues plainValues) {
        this(codec, crc, plainValues, KernelProvider.best());
    }

    /**
     * Pages compressed with {@code codec}, with CRCs if {@code crc}, of a column of {@code plainValues};
     * {@code kernels} find the runs of LZ4_RAW pages stored as literal runs.
     */
    public ParquetPages(Compression codec, boolean crc, PlainValues plainValues, Kernels kernels) {
        this.codec = codec;
        this.crc = crc;
        this.plainValues = java.util.Objects.requireNonNull(plainValues);
        this.pageCompressor = new AdaptivePageCompressor(kernels);
    }

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
     * Compresses {@code src[0, len)}; the result is {@code [0, compressedLength)} of the returned array,
     * which is {@code src} itself when uncompressed and scratch otherwise.
     */
    private byte[] compress(byte[] src, int len, int valuesFrom, ParquetEncoding valueEncoding) {
        if (codec == Compression.UNCOMPRESSED) {
            compressedLength = len;
            return src;
        }
        int room = CompressionCodecs.maxCompressedLength(codec, len);
        if (room < 0) {
            byte[] c = CompressionCodecs.compress(codec, src, 0, len);
            compressedLength = c.length;
            return c;
        }
        if (compressed.length < room) {
            compressed = new byte[Math.max(room, compressed.length + (compressed.length >> 1))];
        }
        compressedLength = compressPage(src, 0, len, valuesFrom, compressed, 0, valueEncoding);
        return compressed;
    }

    private int compressedLength;

    /**
     * Compresses {@code src[off, off + len)}, whose values of {@code valueEncoding} start at {@code
     * valuesFrom}, into {@code dst} from {@code dstOff}; returns the compressed size.
     */
    private int compressPage(
            byte[] src, int off, int len, int valuesFrom, byte[] dst, int dstOff, ParquetEncoding valueEncoding) {
        if (valueEncoding == ParquetEncoding.PLAIN && plainValues == PlainValues.LENGTH_PREFIXED) {
            return pageCompressor.compressEntriesInto(codec, src, off, len, valuesFrom, dst, dstOff);
        }
        return pageCompressor.compressInto(
                codec,
                src,
                off,
                len,
                dst,
                dstOff,
                valueEncoding == ParquetEncoding.PLAIN && plainValues == PlainValues.EIGHT_BYTE);
    }

    /** {@code a[off, off + len)} from index 0: {@code a} itself or a copy (pages not compressed in place). */
    private static byte[] zeroBased(byte[] a, int off, int len) {
        return off == 0 ? a : Arrays.copyOfRange(a, off, off + len);
    }

    private int crcOf(byte[] a, int aLen, byte[] b, int bLen, byte[] c, int cLen) {
        checksum.reset();
        checksum.update(a, 0, aLen);
        checksum.update(b, 0, bLen);
        checksum.update(c, 0, cLen);
        return (int) checksum.getValue();
    }

    private static final byte[] NONE = new byte[0];

    /**
     * Writes a V1 data page. {@code repLevels}/{@code defLevels} are the length-prefixed RLE sections or
     * {@code null} when the column has no such levels.
     */
    public Written writeDataPageV1(
            ByteSink out,
            int numValues,
            ParquetEncoding valueEncoding,
            byte[] repLevels,
            byte[] defLevels,
            byte[] values) {
        return writeDataPageV1(
                (Out) out::write, null, numValues, valueEncoding, repLevels, defLevels, values, 0, values.length);
    }

    /**
     * {@link #writeDataPageV1(ByteSink, int, ParquetEncoding, byte[], byte[], byte[])} of the values {@code
     * values[valuesOffset, valuesOffset + valuesLength)} into a chunk's slabs: the body is compressed straight into them and the CRC
     * taken there (no copy of the compressed page), unless they take no reservation for it.
     */
    Written writeDataPageV1(
            PageSlabs out,
            int numValues,
            ParquetEncoding valueEncoding,
            byte[] repLevels,
            byte[] defLevels,
            byte[] values,
            int valuesOffset,
            int valuesLength) {
        return writeDataPageV1(
                (Out) out::write,
                out,
                numValues,
                valueEncoding,
                repLevels,
                defLevels,
                values,
                valuesOffset,
                valuesLength);
    }

    private Written writeDataPageV1(
            Out out,
            PageSlabs slabs,
            int numValues,
            ParquetEncoding valueEncoding,
            byte[] repLevels,
            byte[] defLevels,
            byte[] values,
            int valuesOffset,
            int valuesLength) {
        int rl = repLevels == null ? 0 : repLevels.length;
        int dl = defLevels == null ? 0 : defLevels.length;
        int bodyLength = rl + dl + valuesLength;
        byte[] whole = values;
        int wholeOffset = valuesOffset;
        if (rl + dl > 0) {
            if (body.length < bodyLength) {
                body = new byte[Math.max(bodyLength, body.length + (body.length >> 1))];
            }
            if (rl > 0) {
                System.arraycopy(repLevels, 0, body, 0, rl);
            }
            if (dl > 0) {
                System.arraycopy(defLevels, 0, body, rl, dl);
            }
            System.arraycopy(values, valuesOffset, body, rl + dl, valuesLength);
            whole = body;
            wholeOffset = 0;
        }
        // parquet-java labels absent level sections BIT_PACKED and present ones RLE
        DataPageHeader dh = new DataPageHeader(
                numValues,
                thrift(valueEncoding),
                defLevels == null ? Encoding.BIT_PACKED : Encoding.RLE,
                repLevels == null ? Encoding.BIT_PACKED : Encoding.RLE);
        int base = slabs == null ? -1 : reserve(slabs, bodyLength, 0);
        if (base >= 0) {
            byte[] slab = slabs.reserved();
            int at = base + MAX_HEADER_BYTES;
            int clen = compressPage(whole, wholeOffset, bodyLength, wholeOffset + rl + dl, slab, at, valueEncoding);
            PageHeader h = new PageHeader(PageType.DATA_PAGE, bodyLength, clen);
            h.setData_page_header(dh);
            if (crc) {
                h.setCrc(crcOf(slab, at, clen));
            }
            int hs = headerInFront(h, slab, at);
            slabs.commit(at - hs, hs + clen);
            return new Written(hs, clen, bodyLength);
        }
        byte[] c = compress(zeroBased(whole, wholeOffset, bodyLength), bodyLength, rl + dl, valueEncoding);
        int clen = compressedLength;
        PageHeader h = new PageHeader(PageType.DATA_PAGE, bodyLength, clen);
        h.setData_page_header(dh);
        if (crc) {
            h.setCrc(crcOf(c, clen, NONE, 0, NONE, 0));
        }
        int hs = writeHeader(h, out);
        out.write(c, 0, clen);
        return new Written(hs, clen, bodyLength);
    }

    /**
     * Reserves room in {@code slabs} for a page header, {@code prefix} uncompressed bytes and {@code len}
     * bytes compressed; returns its offset in {@link PageSlabs#reserved()}, or -1 when the page is to be
     * compressed aside and copied (a stream codec, or no such reservation).
     */
    private int reserve(PageSlabs slabs, int len, int prefix) {
        int room = CompressionCodecs.maxCompressedLength(codec, len);
        if (room < 0 || room > Integer.MAX_VALUE - MAX_HEADER_BYTES - prefix) {
            return -1;
        }
        return slabs.reserve(MAX_HEADER_BYTES + prefix + room);
    }

    /** Serializes {@code h} into {@code slab} right before {@code at}; returns its size. */
    private int headerInFront(PageHeader h, byte[] slab, int at) {
        header.reset();
        int hs = ParquetThrift.write(h, header);
        if (hs > MAX_HEADER_BYTES) {
            throw new IllegalStateException("page header of " + hs + " bytes");
        }
        System.arraycopy(header.array(), 0, slab, at - hs, hs);
        return hs;
    }

    private int crcOf(byte[] a, int off, int len) {
        checksum.reset();
        checksum.update(a, off, len);
        return (int) checksum.getValue();
    }

    /**
     * Writes a V2 data page. {@code repLevels}/{@code defLevels} are RLE hybrid sections without length
     * prefix, or {@code null}.
     */
    public Written writeDataPageV2(
            ByteSink out,
            int numValues,
            int numNulls,
            int numRows,
            ParquetEncoding valueEncoding,
            byte[] repLevels,
            byte[] defLevels,
            byte[] values) {
        return writeDataPageV2(
                (Out) out::write,
                null,
                numValues,
                numNulls,
                numRows,
                valueEncoding,
                repLevels,
                defLevels,
                values,
                0,
                values.length);
    }

    /**
     * {@link #writeDataPageV2(ByteSink, int, int, int, ParquetEncoding, byte[], byte[], byte[])} into slabs,
     * values {@code values[valuesOffset, valuesOffset + valuesLength)} compressed in place as {@link
     * #writeDataPageV1(PageSlabs, int, ParquetEncoding, byte[], byte[], byte[], int, int)}.
     */
    Written writeDataPageV2(
            PageSlabs out,
            int numValues,
            int numNulls,
            int numRows,
            ParquetEncoding valueEncoding,
            byte[] repLevels,
            byte[] defLevels,
            byte[] values,
            int valuesOffset,
            int valuesLength) {
        return writeDataPageV2(
                (Out) out::write,
                out,
                numValues,
                numNulls,
                numRows,
                valueEncoding,
                repLevels,
                defLevels,
                values,
                valuesOffset,
                valuesLength);
    }

    private Written writeDataPageV2(
            Out out,
            PageSlabs slabs,
            int numValues,
            int numNulls,
            int numRows,
            ParquetEncoding valueEncoding,
            byte[] repLevels,
            byte[] defLevels,
            byte[] values,
            int valuesOffset,
            int valuesLength) {
        byte[] rep = repLevels == null ? NONE : repLevels;
        byte[] def = defLevels == null ? NONE : defLevels;
        int rl = rep.length;
        int dl = def.length;
        DataPageHeaderV2 v2 = new DataPageHeaderV2(numValues, numNulls, numRows, thrift(valueEncoding), dl, rl);
        // as parquet-java: an empty values section (a page of nulls) is stored as it is, not compressed
        boolean compressed = valuesLength > 0;
        v2.setIs_compressed(compressed);
        int base = slabs == null ? -1 : reserve(slabs, valuesLength, rl + dl);
        if (base >= 0) {
            byte[] slab = slabs.reserved();
            int at = base + MAX_HEADER_BYTES;
            System.arraycopy(rep, 0, slab, at, rl);
            System.arraycopy(def, 0, slab, at + rl, dl);
            int clen = compressed
                    ? compressPage(values, valuesOffset, valuesLength, valuesOffset, slab, at + rl + dl, valueEncoding)
                    : 0;
            PageHeader h = new PageHeader(PageType.DATA_PAGE_V2, rl + dl + valuesLength, rl + dl + clen);
            h.setData_page_header_v2(v2);
            if (crc) {
                h.setCrc(crcOf(slab, at, rl + dl + clen));
            }
            int hs = headerInFront(h, slab, at);
            slabs.commit(at - hs, hs + rl + dl + clen);
            return new Written(hs, rl + dl + clen, rl + dl + valuesLength);
        }
        byte[] c = compressed
                ? compress(zeroBased(values, valuesOffset, valuesLength), valuesLength, 0, valueEncoding)
                : NONE;
        int clen = compressed ? compressedLength : 0;
        PageHeader h = new PageHeader(PageType.DATA_PAGE_V2, rl + dl + valuesLength, rl + dl + clen);
        h.setData_page_header_v2(v2);
        if (crc) {
            h.setCrc(crcOf(rep, rl, def, dl, c, clen));
        }
        int hs = writeHeader(h, out);
        out.write(rep, 0, rl);
        out.write(def, 0, dl);
        out.write(c, 0, clen);
        return new Written(hs, rl + dl + clen, rl + dl + valuesLength);
    }

    /** Writes a dictionary page of {@code entryCount} PLAIN entries. */
    public Written writeDictionaryPage(ByteSink out, int entryCount, ParquetEncoding encoding, byte[] entries) {
        byte[] c = compress(entries, entries.length, 0, ParquetEncoding.PLAIN);
        int clen = compressedLength;
        PageHeader h = new PageHeader(PageType.DICTIONARY_PAGE, entries.length, clen);
        h.setDictionary_page_header(new DictionaryPageHeader(entryCount, thrift(encoding)));
        if (crc) {
            h.setCrc(crcOf(c, clen, NONE, 0, NONE, 0));
        }
        int hs = ParquetThrift.write(h, out);
        out.write(c, 0, clen);
        return new Written(hs, clen, entries.length);
    }

    /** Writes the Thrift header to {@code out}; returns its size. */
    private int writeHeader(PageHeader h, Out out) {
        header.reset();
        int hs = ParquetThrift.write(h, header);
        out.write(header.array(), 0, hs);
        return hs;
    }
}
