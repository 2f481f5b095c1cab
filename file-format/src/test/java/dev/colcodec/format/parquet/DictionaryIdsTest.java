package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.values.BinaryBatch;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ColumnChunkReader#keepDictionaryIds}: batches of ids, looked up in {@link ColumnBatch#dictionary()},
 * give exactly the values and levels of a reader that decodes them; a batch never mixes ids and values.
 */
class DictionaryIdsTest {
    private static final PhysicalType[] TYPES = {
        PhysicalType.INT32,
        PhysicalType.INT64,
        PhysicalType.FLOAT,
        PhysicalType.DOUBLE,
        PhysicalType.BYTE_ARRAY,
        PhysicalType.FIXED_LEN_BYTE_ARRAY,
        PhysicalType.INT96
    };

    /**
     * A batch of values equal to {@code b}: a batch of values is copied, a batch of ids is looked up in its
     * dictionary, which must hold exactly the ids' entries, a batch of views is copied out of its array.
     */
    static ColumnBatch resolve(ColumnBatch b) {
        ColumnBatch out = new ColumnBatch(b.column(), b.capacity());
        out.levelCount = b.levelCount();
        out.valueCount = b.valueCount();
        if (b.definitionLevels() != null) {
            System.arraycopy(b.definitionLevels(), 0, out.definitionLevels(), 0, b.levelCount());
        }
        if (b.repetitionLevels() != null) {
            System.arraycopy(b.repetitionLevels(), 0, out.repetitionLevels(), 0, b.levelCount());
        }
        ColumnBatch d = b.dictionary();
        int n = b.valueCount();
        if (b.viewArray() != null) {
            assertThat(d).isNull();
            for (int k = 0; k < n; k++) {
                out.binaries().append(b.viewArray(), b.viewStarts()[k], b.viewLengths()[k]);
            }
            return out;
        }
        if (d == null) {
            assertThat(b.dictionaryIds()).isNull();
            copyValues(b, out, n);
            return out;
        }
        int[] ids = b.dictionaryIds();
        assertThat(d.levelCount()).isEqualTo(d.valueCount());
        for (int k = 0; k < n; k++) {
            int id = ids[k];
            assertThat(id).isBetween(0, d.valueCount() - 1);
            switch (b.column().type()) {
                case INT32 -> out.ints()[k] = d.ints()[id];
                case INT64 -> out.longs()[k] = d.longs()[id];
                case FLOAT -> out.floats()[k] = d.floats()[id];
                case DOUBLE -> out.doubles()[k] = d.doubles()[id];
                default -> {
                    BinaryBatch e = d.binaries();
                    out.binaries().append(e.data(), e.offset(id), e.length(id));
                }
            }
        }
        return out;
    }

    private static void copyValues(ColumnBatch b, ColumnBatch out, int n) {
        switch (b.column().type()) {
            case INT32 -> System.arraycopy(b.ints(), 0, out.ints(), 0, n);
            case INT64 -> System.arraycopy(b.longs(), 0, out.longs(), 0, n);
            case FLOAT -> System.arraycopy(b.floats(), 0, out.floats(), 0, n);
            case DOUBLE -> System.arraycopy(b.doubles(), 0, out.doubles(), 0, n);
            case BOOLEAN -> System.arraycopy(b.booleans(), 0, out.booleans(), 0, n);
            default -> {
                BinaryBatch e = b.binaries();
                for (int k = 0; k < n; k++) {
                    out.binaries().append(e.data(), e.offset(k), e.length(k));
                }
            }
        }
    }

    @Test
    void idsLookedUpAreTheValuesInEveryTypeWithFallbackNullsAndSkips() {
        Random r = new Random(2026);
        int[] batches = new int[2]; // of ids, of values
        int mixedChunks = 0;
        for (int iter = 0; iter < 400; iter++) {
            PhysicalType t = TYPES[iter % TYPES.length];
            int length = t == PhysicalType.FIXED_LEN_BYTE_ARRAY ? 1 + r.nextInt(20) : 0;
            ParquetColumn c = ParquetColumn.flat("c", t, length, r.nextBoolean());
            ParquetWriteOptions o = ColumnChunkRoundTripTest.randomOptions(r)
                    .withDictionary(true)
                    .withMaxDictionaryBytes(r.nextBoolean() ? 1 << 20 : 40 + r.nextInt(400));
            int rows = r.nextInt(4) == 0 ? r.nextInt(5) : r.nextInt(3000);
            TestData d = TestData.random(c, rows, r);
            if (r.nextBoolean()) {
                d = repeatingPrefix(d, rows / 2); // a dictionary page, then a fallback on random data
            }
            ColumnChunkWriter w = new ColumnChunkWriter(c, o);
            w.write(d.values, d.nulls, 0, rows);
            ColumnChunkWriter.Chunk chunk = w.finish();
            String what = "iteration " + iter + " " + c + " " + o.pageVersion() + " " + o.compression();
            java.util.Set<org.apache.parquet.format.Encoding> pageEncodings = dataPageEncodings(chunk.bytes());
            boolean dictionaryPages = pageEncodings.contains(org.apache.parquet.format.Encoding.PLAIN_DICTIONARY)
                    || pageEncodings.contains(org.apache.parquet.format.Encoding.RLE_DICTIONARY);
            boolean otherPages = pageEncodings.stream()
                    .anyMatch(e -> e != org.apache.parquet.format.Encoding.PLAIN_DICTIONARY
                            && e != org.apache.parquet.format.Encoding.RLE_DICTIONARY);

            ColumnChunkReader reader = new ColumnChunkReader(
                            c, o.compression(), chunk.bytes(), 0, chunk.bytes().length, 4, KernelProvider.best())
                    .keepDictionaryIds(true);
            ColumnBatch batch = new ColumnBatch(c, 1 + r.nextInt(700));
            ColumnBatch[] dictionary = {null};
            boolean[] saw = new boolean[2]; // ids, values
            int row = readChecked(reader, batch, d, r, b -> {
                if (b.dictionary() != null) {
                    // one dictionary per chunk
                    assertThat(dictionary[0] == null || dictionary[0] == b.dictionary())
                            .as(what)
                            .isTrue();
                    dictionary[0] = b.dictionary();
                    saw[0] |= b.valueCount() > 0;
                    batches[0]++;
                } else {
                    saw[1] |= b.valueCount() > 0;
                    batches[1]++;
                }
            });
            boolean sawIds = saw[0];
            boolean sawValues = saw[1];
            assertThat(row).as(what).isEqualTo(rows);
            if (!dictionaryPages) {
                assertThat(sawIds).as(what).isFalse();
            }
            if (!otherPages) {
                assertThat(sawValues).as(what).isFalse();
            }
            mixedChunks += sawIds && sawValues ? 1 : 0;
        }
        assertThat(batches[0]).isGreaterThan(200);
        assertThat(batches[1]).isGreaterThan(200);
        assertThat(mixedChunks).isGreaterThan(20);
    }

    /**
     * Reads the rest of the chunk in batches of random sizes, with random skips between them: {@code check}
     * looks at each batch, which must then {@link #resolve} to {@code d}'s rows; returns the rows read and
     * skipped.
     */
    static int readChecked(
            ColumnChunkReader reader, ColumnBatch batch, TestData d, Random r, Consumer<ColumnBatch> check) {
        int row = 0;
        while (true) {
            if (r.nextInt(6) == 0) {
                row += (int) reader.skipRows(r.nextInt(500));
            }
            int n = reader.readBatch(batch, 1 + r.nextInt(batch.capacity()));
            if (n == 0) {
                return row;
            }
            assertThat(batch.levelCount()).isEqualTo(n);
            check.accept(batch);
            d.assertBatch(resolve(batch), row);
            row += n;
        }
    }

    /** {@code d} with its first {@code prefix} values taken from its first four, over and over. */
    static TestData repeatingPrefix(TestData d, int prefix) {
        Object v = d.values;
        if (v instanceof BinaryBatch b) {
            BinaryBatch out = new BinaryBatch();
            for (int i = 0; i < d.rows; i++) {
                int from = i < prefix ? i % 4 : i;
                out.append(b.data(), b.offset(from), b.length(from));
            }
            return new TestData(d.column, out, d.nulls, d.rows);
        }
        int n = java.lang.reflect.Array.getLength(v);
        Object copy = java.lang.reflect.Array.newInstance(v.getClass().getComponentType(), n);
        System.arraycopy(v, 0, copy, 0, n);
        for (int i = 4; i < prefix; i++) {
            System.arraycopy(copy, i % 4, copy, i, 1);
        }
        return new TestData(d.column, copy, d.nulls, d.rows);
    }

    /** A batch of ids ends before the first page that fell back; the next one starts there. */
    @Test
    void aBatchEndsWhereTheWriterFellBack() {
        ParquetColumn c = ParquetColumn.flat("c", PhysicalType.INT64, 0, false);
        long[] v = new long[3000];
        for (int i = 0; i < v.length; i++) {
            v[i] = i < 1000 ? i % 10 : i * 1_000_003L; // the dictionary overflows in the second page
        }
        ParquetWriteOptions o = ParquetWriteOptions.defaults()
                .withCompression(Compression.UNCOMPRESSED)
                .withPageRowLimit(500)
                .withMaxDictionaryBytes(4000);
        ColumnChunkWriter w = new ColumnChunkWriter(c, o);
        w.write(v, null, 0, v.length);
        byte[] bytes = w.finish().bytes();
        ColumnChunkReader reader = new ColumnChunkReader(
                        c, Compression.UNCOMPRESSED, bytes, 0, bytes.length, 0, KernelProvider.best())
                .keepDictionaryIds(true);
        ColumnBatch b = new ColumnBatch(c, 3000);
        int row = 0;
        int idRows = 0;
        int n;
        while ((n = reader.readBatch(b, 3000)) > 0) {
            if (b.dictionary() != null) {
                idRows += n;
                for (int k = 0; k < n; k++) {
                    assertThat(b.dictionary().longs()[b.dictionaryIds()[k]]).isEqualTo(v[row + k]);
                }
            } else {
                assertThat(Arrays.copyOf(b.longs(), n)).isEqualTo(Arrays.copyOfRange(v, row, row + n));
            }
            row += n;
        }
        assertThat(row).isEqualTo(3000);
        // the pages of ids end where the dictionary overflowed: a page boundary at or after row 1000
        assertThat(idRows).isBetween(1000, 2999);
        assertThat(idRows % 500).isZero();
        // without the switch the same reader decodes values
        ColumnChunkReader plain =
                new ColumnChunkReader(c, Compression.UNCOMPRESSED, bytes, 0, bytes.length, 0, KernelProvider.best());
        assertThat(plain.readBatch(b, 3000)).isEqualTo(3000);
        assertThat(b.dictionary()).isNull();
        assertThat(b.dictionaryIds()).isNull();
        assertThat(Arrays.copyOf(b.longs(), 3000)).isEqualTo(v);
    }

    /** An id outside the dictionary is corrupt input, also when ids are kept. */
    @Test
    void anIdOutsideTheDictionaryIsCorruptInput() {
        ParquetColumn c = ParquetColumn.flat("c", PhysicalType.BYTE_ARRAY, 0, false);
        BinaryBatch v = new BinaryBatch();
        for (int i = 0; i < 64; i++) {
            v.append(new byte[] {(byte) (i % 3)}, 0, 1);
        }
        ParquetWriteOptions o = ParquetWriteOptions.defaults().withCompression(Compression.UNCOMPRESSED);
        ColumnChunkWriter w = new ColumnChunkWriter(c, o);
        w.write(v, null, 0, 64);
        byte[] bytes = w.finish().bytes();
        ColumnChunkReader probe = new ColumnChunkReader(
                        c, Compression.UNCOMPRESSED, bytes, 0, bytes.length, 0, KernelProvider.best())
                .keepDictionaryIds(true);
        ColumnBatch b = new ColumnBatch(c, 64);
        assertThat(probe.readBatch(b, 64)).isEqualTo(64);
        assertThat(b.dictionary().valueCount()).isEqualTo(3);
        // the data page (the chunk's last page, no levels) is the id section: width 2, then the runs.
        // In their place one RLE run of 64 x id 3, one beyond the 3-entry dictionary
        byte[] idsSection = idSection(bytes);
        int at = bytes.length - idsSection.length;
        assertThat(idsSection[0]).isEqualTo((byte) 2);
        assertThat(idsSection.length).isGreaterThanOrEqualTo(4);
        byte[] corrupt = bytes.clone();
        corrupt[at + 1] = (byte) 0x80; // run header 64 << 1 as a varint
        corrupt[at + 2] = 1;
        corrupt[at + 3] = 3;
        for (int i = at + 4; i < corrupt.length; i++) {
            corrupt[i] = 0;
        }
        ColumnChunkReader reader = new ColumnChunkReader(
                        c, Compression.UNCOMPRESSED, corrupt, 0, corrupt.length, 0, KernelProvider.best())
                .verifyCrc(false)
                .keepDictionaryIds(true);
        assertThatThrownBy(() -> reader.readBatch(new ColumnBatch(c, 64), 64))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("dictionary id");
    }

    /** The value encodings of the chunk's data pages. */
    private static java.util.Set<org.apache.parquet.format.Encoding> dataPageEncodings(byte[] chunk) {
        java.util.Set<org.apache.parquet.format.Encoding> out = new java.util.HashSet<>();
        int at = 0;
        while (at < chunk.length) {
            ParquetThrift.Decoded<org.apache.parquet.format.PageHeader> h =
                    ParquetThrift.readPageHeader(chunk, at, chunk.length - at, 0);
            org.apache.parquet.format.PageHeader ph = h.value();
            if (ph.isSetData_page_header()) {
                out.add(ph.getData_page_header().getEncoding());
            } else if (ph.isSetData_page_header_v2()) {
                out.add(ph.getData_page_header_v2().getEncoding());
            }
            at += h.length() + ph.getCompressed_page_size();
        }
        return out;
    }

    /** The id section of the chunk's only data page: everything after its header. */
    private static byte[] idSection(byte[] chunk) {
        int at = 0;
        byte[] last = null;
        while (at < chunk.length) {
            ParquetThrift.Decoded<org.apache.parquet.format.PageHeader> h =
                    ParquetThrift.readPageHeader(chunk, at, chunk.length - at, 0);
            int body = at + h.length();
            last = Arrays.copyOfRange(chunk, body, body + h.value().getCompressed_page_size());
            at = body + h.value().getCompressed_page_size();
        }
        return last;
    }

    /** Repeated (list) columns of golden files, read whole rows at a time, ids kept. */
    @ParameterizedTest
    @ValueSource(strings = {"pyarrow/v1_snappy_dict.parquet", "pyarrow/v2_zstd_dict.parquet"})
    void listColumnsOfGoldenFiles(String file) throws IOException {
        byte[] bytes = RepeatedSkipRowsTest.resource(file);
        Random r = new Random(file.hashCode());
        int idBatches = 0;
        int listIdBatches = 0;
        try (ParquetFileReader reader = ParquetFileReader.open(bytes)) {
            for (int c = 0; c < reader.columns().size(); c++) {
                for (int g = 0; g < reader.rowGroupCount(); g++) {
                    ColumnChunkReader plain = reader.readColumn(g, c);
                    ColumnChunkReader ids = reader.readColumn(g, c).keepDictionaryIds(true);
                    ColumnBatch pb = new ColumnBatch(plain.column(), 4096);
                    ColumnBatch ib = new ColumnBatch(plain.column(), 4096);
                    // the same rows through both: take ids in row steps, then as many entries of values
                    while (true) {
                        int n = ids.readRows(ib, 1 + r.nextInt(300), 1 + r.nextInt(40));
                        if (n == 0) {
                            assertThat(plain.readBatch(pb, 4096)).isZero();
                            break;
                        }
                        idBatches += ib.dictionary() != null ? 1 : 0;
                        listIdBatches +=
                                ib.dictionary() != null && plain.column().maxRepetitionLevel() > 0 ? 1 : 0;
                        assertThat(plain.readBatch(pb, n)).isEqualTo(n);
                        assertSameEntries(pb, resolve(ib));
                    }
                }
            }
        }
        assertThat(idBatches).isPositive();
        assertThat(listIdBatches).isPositive();
    }

    private static void assertSameEntries(ColumnBatch a, ColumnBatch b) {
        assertThat(b.levelCount()).isEqualTo(a.levelCount());
        assertThat(b.valueCount()).isEqualTo(a.valueCount());
        int n = a.levelCount();
        if (a.definitionLevels() != null) {
            assertThat(Arrays.copyOf(b.definitionLevels(), n)).isEqualTo(Arrays.copyOf(a.definitionLevels(), n));
        }
        if (a.repetitionLevels() != null) {
            assertThat(Arrays.copyOf(b.repetitionLevels(), n)).isEqualTo(Arrays.copyOf(a.repetitionLevels(), n));
        }
        int v = a.valueCount();
        switch (a.column().type()) {
            case INT32 -> assertThat(Arrays.copyOf(b.ints(), v)).isEqualTo(Arrays.copyOf(a.ints(), v));
            case INT64 -> assertThat(Arrays.copyOf(b.longs(), v)).isEqualTo(Arrays.copyOf(a.longs(), v));
            case FLOAT -> assertThat(Arrays.copyOf(b.floats(), v)).isEqualTo(Arrays.copyOf(a.floats(), v));
            case DOUBLE -> assertThat(Arrays.copyOf(b.doubles(), v)).isEqualTo(Arrays.copyOf(a.doubles(), v));
            case BOOLEAN -> assertThat(Arrays.copyOf(b.booleans(), v)).isEqualTo(Arrays.copyOf(a.booleans(), v));
            default -> {
                for (int k = 0; k < v; k++) {
                    assertThat(b.binaries().get(k)).isEqualTo(a.binaries().get(k));
                }
            }
        }
    }
}
