package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.compress.CompressionCodecs;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.values.BinaryBatch;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Random;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type.Repetition;
import org.junit.jupiter.api.Test;

/**
 * Files written by colcodec, read by parquet-java 1.18.1: the footer through parquet-format-structures'
 * own {@code Util.readFileMetaData} (stream transport, as parquet-hadoop reads it), pages handed to
 * parquet-column's {@code ColumnReadStoreImpl} (the decoder behind parquet-hadoop's record readers).
 * Page splitting and decompression are done here because parquet-hadoop (with Hadoop) is not a
 * dependency.
 */
class ParquetJavaInteropTest {

    @Test
    void parquetJavaReadsWhatColcodecWrites() throws IOException {
        Random r = new Random(314);
        for (int iter = 0; iter < 30; iter++) {
            ParquetFileRoundTripTest.Written w = ParquetFileRoundTripTest.randomFile(r);
            byte[] f = w.file;
            int footerLen = dev.colcodec.io.ByteIO.getIntLE(f, f.length - 8);
            FileMetaData fmd = Util.readFileMetaData(new ByteArrayInputStream(f, f.length - 8 - footerLen, footerLen));
            assertThat(fmd.getNum_rows()).isEqualTo(w.rows);
            MessageType schema = schemaOf(w.schema);
            for (int col = 0; col < w.schema.size(); col++) {
                TestData d = w.data.get(col);
                ColumnDescriptor desc = schema.getColumns().get(col);
                int row = 0;
                for (int g = 0; g < fmd.getRow_groupsSize(); g++) {
                    ColumnMetaData md =
                            fmd.getRow_groups().get(g).getColumns().get(col).getMeta_data();
                    long rows = fmd.getRow_groups().get(g).getNum_rows();
                    ChunkPages pages = pagesOf(f, md, desc);
                    PageReadStore store = new PageReadStore() {
                        @Override
                        public PageReader getPageReader(ColumnDescriptor c) {
                            return pages;
                        }

                        @Override
                        public long getRowCount() {
                            return rows;
                        }
                    };
                    ColumnReader cr = new ColumnReadStoreImpl(
                                    store, new NoopConverter(), schema, "parquet-mr version 1.18.1")
                            .getColumnReader(desc);
                    assertThat(cr.getTotalValueCount()).isEqualTo(rows);
                    for (long i = 0; i < rows; i++, row++) {
                        boolean isNull = cr.getCurrentDefinitionLevel() < desc.getMaxDefinitionLevel();
                        if (isNull != d.isNull(row) || (!isNull && !same(d, row, cr))) {
                            throw new AssertionError("iteration " + iter + " column " + d.column + " row " + row
                                    + " encodings " + md.getEncodings());
                        }
                        cr.consume();
                    }
                }
                assertThat(row).isEqualTo(w.rows);
            }
        }
    }

    static boolean same(TestData d, int row, ColumnReader cr) {
        switch (d.column.type()) {
            case INT32:
                return cr.getInteger() == ((int[]) d.values)[row];
            case INT64:
                return cr.getLong() == ((long[]) d.values)[row];
            case FLOAT:
                return Float.floatToRawIntBits(cr.getFloat()) == Float.floatToRawIntBits(((float[]) d.values)[row]);
            case DOUBLE:
                return Double.doubleToRawLongBits(cr.getDouble())
                        == Double.doubleToRawLongBits(((double[]) d.values)[row]);
            case BOOLEAN:
                return cr.getBoolean() == ((boolean[]) d.values)[row];
            default:
                return Arrays.equals(cr.getBinary().getBytes(), ((BinaryBatch) d.values).get(row));
        }
    }

    static MessageType schemaOf(List<ParquetColumn> cols) {
        List<org.apache.parquet.schema.Type> fields = new ArrayList<>();
        for (ParquetColumn c : cols) {
            fields.add(new PrimitiveType(
                    c.isNullable() ? Repetition.OPTIONAL : Repetition.REQUIRED,
                    c.type() == PhysicalType.BYTE_ARRAY
                            ? PrimitiveTypeName.BINARY
                            : PrimitiveTypeName.valueOf(c.type().name()),
                    c.type() == PhysicalType.FIXED_LEN_BYTE_ARRAY ? c.typeLength() : 0,
                    c.name()));
        }
        return new MessageType("schema", fields);
    }

    /** Splits a chunk into parquet-column pages, decompressing bodies. */
    static ChunkPages pagesOf(byte[] f, ColumnMetaData md, ColumnDescriptor desc) {
        long start = md.isSetDictionary_page_offset() ? md.getDictionary_page_offset() : md.getData_page_offset();
        int pos = (int) start;
        int end = (int) (start + md.getTotal_compressed_size());
        Compression codec = Compression.fromParquetId(md.getCodec().getValue());
        ChunkPages pages = new ChunkPages(md.getNum_values());
        Statistics<?> noStats =
                Statistics.getBuilderForReading(desc.getPrimitiveType()).build();
        while (pos < end) {
            ParquetThrift.Decoded<PageHeader> d = ParquetThrift.readPageHeader(f, pos, end - pos, 0);
            PageHeader h = d.value();
            int body = pos + d.length();
            int cs = h.getCompressed_page_size();
            int us = h.getUncompressed_page_size();
            pos = body + cs;
            if (h.getType() == PageType.DICTIONARY_PAGE) {
                byte[] b = CompressionCodecs.decompress(codec, f, body, cs, us);
                pages.dictionary = new DictionaryPage(
                        BytesInput.from(b),
                        h.getDictionary_page_header().getNum_values(),
                        Encoding.valueOf(
                                h.getDictionary_page_header().getEncoding().name()));
            } else if (h.getType() == PageType.DATA_PAGE) {
                byte[] b = CompressionCodecs.decompress(codec, f, body, cs, us);
                org.apache.parquet.format.DataPageHeader dh = h.getData_page_header();
                pages.data.add(new DataPageV1(
                        BytesInput.from(b),
                        dh.getNum_values(),
                        us,
                        noStats,
                        Encoding.valueOf(dh.getRepetition_level_encoding().name()),
                        Encoding.valueOf(dh.getDefinition_level_encoding().name()),
                        Encoding.valueOf(dh.getEncoding().name())));
            } else if (h.getType() == PageType.DATA_PAGE_V2) {
                org.apache.parquet.format.DataPageHeaderV2 dh = h.getData_page_header_v2();
                int rl = dh.getRepetition_levels_byte_length();
                int dl = dh.getDefinition_levels_byte_length();
                byte[] values = dh.isIs_compressed()
                        ? CompressionCodecs.decompress(codec, f, body + rl + dl, cs - rl - dl, us - rl - dl)
                        : Arrays.copyOfRange(f, body + rl + dl, body + cs);
                pages.data.add(DataPageV2.uncompressed(
                        dh.getNum_rows(),
                        dh.getNum_nulls(),
                        dh.getNum_values(),
                        BytesInput.from(Arrays.copyOfRange(f, body, body + rl)),
                        BytesInput.from(Arrays.copyOfRange(f, body + rl, body + rl + dl)),
                        Encoding.valueOf(dh.getEncoding().name()),
                        BytesInput.from(values),
                        noStats));
            }
        }
        return pages;
    }

    static final class ChunkPages implements PageReader {
        final long total;
        DictionaryPage dictionary;
        final Deque<DataPage> data = new ArrayDeque<>();

        ChunkPages(long total) {
            this.total = total;
        }

        @Override
        public DictionaryPage readDictionaryPage() {
            return dictionary;
        }

        @Override
        public long getTotalValueCount() {
            return total;
        }

        @Override
        public DataPage readPage() {
            return data.poll();
        }
    }

    static final class NoopConverter extends GroupConverter {
        private final PrimitiveConverter leaf = new PrimitiveConverter() {};

        @Override
        public Converter getConverter(int fieldIndex) {
            return leaf;
        }

        @Override
        public void start() {}

        @Override
        public void end() {}
    }
}
