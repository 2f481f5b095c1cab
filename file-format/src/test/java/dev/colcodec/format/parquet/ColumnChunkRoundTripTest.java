package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.PhysicalType;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ColumnChunkRoundTripTest {
    private static final PhysicalType[] TYPES = PhysicalType.values();
    private static final Compression[] CODECS = {
        Compression.UNCOMPRESSED, Compression.SNAPPY, Compression.ZSTD, Compression.GZIP, Compression.LZ4_RAW
    };

    static ParquetColumn randomColumn(Random r, String name) {
        PhysicalType t = TYPES[r.nextInt(TYPES.length)];
        int length = t == PhysicalType.FIXED_LEN_BYTE_ARRAY ? 1 + r.nextInt(20) : 0;
        if (t == PhysicalType.FIXED_LEN_BYTE_ARRAY && r.nextInt(3) == 0) {
            length = new int[] {2, 12, 16}[r.nextInt(3)]; // FLOAT16, INTERVAL, UUID
        }
        ParquetColumn c = ParquetColumn.flat(name, t, length, r.nextBoolean());
        return r.nextInt(3) == 0 ? c.withLogicalType(randomLogicalType(r, t, length)) : c;
    }

    /** A logical type that can annotate {@code t} (of {@code length}), or null. */
    static ParquetLogicalType randomLogicalType(Random r, PhysicalType t, int length) {
        ParquetLogicalType.Unit unit = ParquetLogicalType.Unit.values()[r.nextInt(3)];
        switch (t) {
            case INT32: {
                ParquetLogicalType[] c = {
                    ParquetLogicalType.integer(32, r.nextBoolean()),
                    ParquetLogicalType.integer(8, false),
                    ParquetLogicalType.date(),
                    ParquetLogicalType.time(ParquetLogicalType.Unit.MILLIS, r.nextBoolean()),
                    ParquetLogicalType.decimal(9, 2)
                };
                return c[r.nextInt(c.length)];
            }
            case INT64: {
                ParquetLogicalType[] c = {
                    ParquetLogicalType.integer(64, r.nextBoolean()),
                    ParquetLogicalType.timestamp(unit, r.nextBoolean()),
                    ParquetLogicalType.time(ParquetLogicalType.Unit.NANOS, true),
                    ParquetLogicalType.decimal(18, 3)
                };
                return c[r.nextInt(c.length)];
            }
            case BYTE_ARRAY: {
                ParquetLogicalType[] c = {
                    ParquetLogicalType.string(),
                    ParquetLogicalType.json(),
                    ParquetLogicalType.bson(),
                    ParquetLogicalType.enumeration(),
                    ParquetLogicalType.decimal(30, 5)
                };
                return c[r.nextInt(c.length)];
            }
            case FIXED_LEN_BYTE_ARRAY:
                switch (length) {
                    case 2:
                        return ParquetLogicalType.float16();
                    case 12:
                        return ParquetLogicalType.interval();
                    case 16:
                        return ParquetLogicalType.uuid();
                    default:
                        return length >= 3 ? ParquetLogicalType.decimal(5, 1) : null;
                }
            default:
                return null; // UNKNOWN takes only nulls, which random data does not keep to
        }
    }

    static ParquetEncoding randomEncoding(Random r, PhysicalType t) {
        ParquetEncoding[] candidates;
        switch (t) {
            case INT32:
            case INT64:
                candidates = new ParquetEncoding[] {
                    null,
                    ParquetEncoding.PLAIN,
                    ParquetEncoding.DELTA_BINARY_PACKED,
                    ParquetEncoding.BYTE_STREAM_SPLIT,
                    ParquetEncoding.RLE_DICTIONARY
                };
                break;
            case FLOAT:
            case DOUBLE:
                candidates = new ParquetEncoding[] {null, ParquetEncoding.PLAIN, ParquetEncoding.BYTE_STREAM_SPLIT};
                break;
            case BOOLEAN:
                candidates = new ParquetEncoding[] {null, ParquetEncoding.PLAIN, ParquetEncoding.RLE};
                break;
            case BYTE_ARRAY:
                candidates = new ParquetEncoding[] {
                    null,
                    ParquetEncoding.PLAIN,
                    ParquetEncoding.DELTA_LENGTH_BYTE_ARRAY,
                    ParquetEncoding.DELTA_BYTE_ARRAY,
                    ParquetEncoding.PLAIN_DICTIONARY
                };
                break;
            case FIXED_LEN_BYTE_ARRAY:
                candidates = new ParquetEncoding[] {
                    null,
                    ParquetEncoding.PLAIN,
                    ParquetEncoding.DELTA_BYTE_ARRAY,
                    ParquetEncoding.BYTE_STREAM_SPLIT,
                    ParquetEncoding.RLE_DICTIONARY
                };
                break;
            default:
                candidates = new ParquetEncoding[] {null, ParquetEncoding.PLAIN};
        }
        return candidates[r.nextInt(candidates.length)];
    }

    static ParquetWriteOptions randomOptions(Random r) {
        return ParquetWriteOptions.defaults()
                .withPageVersion(
                        r.nextBoolean() ? ParquetWriteOptions.PageVersion.V1 : ParquetWriteOptions.PageVersion.V2)
                .withCompression(CODECS[r.nextInt(CODECS.length)])
                .withPageRowLimit(1 + r.nextInt(800))
                .withPageSize(64 + r.nextInt(8000))
                .withMaxDictionaryBytes(r.nextBoolean() ? 1 << 20 : 200)
                .withKernels(r.nextBoolean() ? KernelProvider.scalar() : KernelProvider.best());
    }

    @Test
    void randomChunksRoundTrip() {
        Random r = new Random(42);
        for (int iter = 0; iter < 300; iter++) {
            ParquetColumn c = randomColumn(r, "c");
            ParquetWriteOptions o = randomOptions(r);
            ParquetEncoding e = randomEncoding(r, c.type());
            if (e != null) {
                o = o.withEncoding("c", e);
            }
            int rows = r.nextInt(3) == 0 ? r.nextInt(5) : r.nextInt(3000);
            TestData d = TestData.random(c, rows, r);
            ColumnChunkWriter w = new ColumnChunkWriter(c, o);
            int at = 0;
            while (at < rows) {
                int n = Math.min(rows - at, 1 + r.nextInt(1000));
                w.write(d.values, d.nulls, at, n);
                at += n;
            }
            ColumnChunkWriter.Chunk chunk = w.finish();
            assertThat(chunk.valueCount()).isEqualTo(rows);
            String what = "iteration " + iter + " " + c + " " + e + " " + o.pageVersion() + " " + o.compression();

            ColumnChunkReader reader = new ColumnChunkReader(
                    c, o.compression(), chunk.bytes(), 0, chunk.bytes().length, 4, KernelProvider.best());
            ColumnBatch batch = new ColumnBatch(c, 1 + r.nextInt(700));
            int row = 0;
            while (true) {
                if (r.nextInt(5) == 0) {
                    long skipped = reader.skipRows(r.nextInt(900));
                    row += (int) skipped;
                }
                int n = reader.readBatch(batch, 1 + r.nextInt(batch.capacity()));
                if (n == 0) {
                    break;
                }
                d.assertBatch(batch, row);
                row += n;
            }
            assertThat(row).as(what).isEqualTo(rows);
        }
    }

    @Test
    void v2PagesFallBackToDeltaEncodingsAsParquetJavaDoes() {
        Random r = new Random(7);
        Object[][] cases = {
            {PhysicalType.INT32, ParquetEncoding.DELTA_BINARY_PACKED},
            {PhysicalType.INT64, ParquetEncoding.DELTA_BINARY_PACKED},
            {PhysicalType.BYTE_ARRAY, ParquetEncoding.DELTA_BYTE_ARRAY},
            {PhysicalType.FIXED_LEN_BYTE_ARRAY, ParquetEncoding.DELTA_BYTE_ARRAY},
            {PhysicalType.DOUBLE, ParquetEncoding.PLAIN},
            {PhysicalType.INT96, ParquetEncoding.PLAIN},
        };
        for (Object[] tc : cases) {
            PhysicalType t = (PhysicalType) tc[0];
            ParquetEncoding expected = (ParquetEncoding) tc[1];
            ParquetColumn c = ParquetColumn.flat("c", t, t == PhysicalType.FIXED_LEN_BYTE_ARRAY ? 9 : 0, true);
            for (boolean dictionary : new boolean[] {true, false}) {
                for (ParquetWriteOptions.PageVersion v : ParquetWriteOptions.PageVersion.values()) {
                    ParquetEncoding want = v == ParquetWriteOptions.PageVersion.V2 ? expected : ParquetEncoding.PLAIN;
                    String what = t + " " + v + " dictionary " + dictionary;
                    int usedWant = 0;
                    for (int dataset = 0; dataset < 8; dataset++) {
                        TestData d = TestData.random(c, 2500, r);
                        // a 16-byte dictionary limit makes most random data fall back on the first page
                        ParquetWriteOptions o = ParquetWriteOptions.defaults()
                                .withPageVersion(v)
                                .withPageRowLimit(700)
                                .withDictionary(dictionary)
                                .withMaxDictionaryBytes(16);
                        ColumnChunkWriter w = new ColumnChunkWriter(c, o);
                        w.write(d.values, d.nulls, 0, 2500);
                        ColumnChunkWriter.Chunk chunk = w.finish();
                        // no other value encoding than the expected one (besides the dictionary, its
                        // PLAIN-labelled V2 dictionary page, and V1 pages' levels)
                        for (ParquetEncoding e : chunk.encodings()) {
                            boolean dictionaryPage = e == ParquetEncoding.PLAIN && chunk.dictionaryPageSize() > 0;
                            boolean levels = e == ParquetEncoding.RLE || e == ParquetEncoding.BIT_PACKED;
                            assertThat(e == ParquetEncoding.BIT_PACKED && v == ParquetWriteOptions.PageVersion.V2)
                                    .as(what + ": V2 pages list no level encodings")
                                    .isFalse();
                            if (!e.usesDictionary() && !levels && !dictionaryPage) {
                                assertThat(e).as(what).isEqualTo(want);
                            }
                        }
                        if (chunk.encodings().contains(want)) {
                            usedWant++;
                        }
                        ColumnChunkReader reader = new ColumnChunkReader(
                                c, o.compression(), chunk.bytes(), 0, chunk.bytes().length, 4, KernelProvider.best());
                        ColumnBatch batch = new ColumnBatch(c, 1000);
                        int row = 0;
                        for (int n; (n = reader.readBatch(batch, 1000)) > 0; row += n) {
                            d.assertBatch(batch, row);
                        }
                        assertThat(row).as(what).isEqualTo(2500);
                    }
                    assertThat(usedWant).as(what).isGreaterThan(dictionary ? 0 : 7);
                }
            }
        }
    }

    @Test
    void crcMismatchIsCorruptInput() {
        ParquetColumn c = ParquetColumn.flat("c", PhysicalType.INT32, 0, true);
        Random r = new Random(1);
        TestData d = TestData.random(c, 100, r);
        ColumnChunkWriter w =
                new ColumnChunkWriter(c, ParquetWriteOptions.defaults().withDictionary(false));
        w.write(d.values, d.nulls, 0, 100);
        byte[] bytes = w.finish().bytes();
        bytes[bytes.length - 1] ^= 1;
        ColumnChunkReader reader =
                new ColumnChunkReader(c, Compression.UNCOMPRESSED, bytes, 0, bytes.length, 100, KernelProvider.best());
        assertThatThrownBy(() -> reader.readBatch(new ColumnBatch(c, 200), 200))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("CRC");
        ColumnChunkReader lenient = new ColumnChunkReader(
                        c, Compression.UNCOMPRESSED, bytes, 0, bytes.length, 100, KernelProvider.best())
                .verifyCrc(false);
        assertThat(lenient.readBatch(new ColumnBatch(c, 200), 200)).isEqualTo(100);
    }

    @Test
    void damagedChunksGiveOnlyCorruptInput() {
        Random r = new Random(7);
        for (int iter = 0; iter < 300; iter++) {
            ParquetColumn c = randomColumn(r, "c");
            ParquetWriteOptions o = randomOptions(r).withCrc(r.nextBoolean());
            TestData d = TestData.random(c, r.nextInt(500), r);
            ColumnChunkWriter w = new ColumnChunkWriter(c, o);
            w.write(d.values, d.nulls, 0, d.rows);
            byte[] bytes = w.finish().bytes();
            if (bytes.length == 0) {
                continue;
            }
            int len = bytes.length;
            switch (r.nextInt(3)) {
                case 0:
                    len = r.nextInt(bytes.length);
                    break;
                case 1:
                    bytes[r.nextInt(bytes.length)] ^= (byte) (1 << r.nextInt(8));
                    break;
                default:
                    for (int k = 0; k < 4; k++) {
                        bytes[r.nextInt(bytes.length)] = (byte) r.nextInt();
                    }
            }
            ColumnChunkReader reader =
                    new ColumnChunkReader(c, o.compression(), bytes, 0, len, 0, KernelProvider.best(), 1 << 22);
            ColumnBatch batch = new ColumnBatch(c, 256);
            try {
                while (reader.readBatch(batch, 256) > 0) {
                    // keep reading
                }
            } catch (CorruptInputException expected) {
                // the only acceptable failure
            }
        }
    }
}
