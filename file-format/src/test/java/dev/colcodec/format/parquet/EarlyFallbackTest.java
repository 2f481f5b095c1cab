package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.PhysicalType;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The first-page probe of INT32/INT64 dictionary columns ({@link DistinctProbe}) is an optimisation only:
 * chunks are byte for byte what the dictionary writer alone makes, whether the first page is all
 * distinct (early fallback), has its first repeat anywhere (the probe hands over), or is long enough to
 * overflow the dictionary.
 */
class EarlyFallbackTest {
    private static final int ROWS = 5000;

    /** Data patterns: every one distinct, one repeat at a given row, low cardinality, all equal. */
    private static long[] pattern(int kind, Random r) {
        long[] v = new long[ROWS];
        for (int i = 0; i < ROWS; i++) {
            v[i] = kind == 2 ? r.nextInt(7) : kind == 3 ? 42 : r.nextLong();
        }
        if (kind == 1) {
            int at = 1 + r.nextInt(999);
            v[at] = v[r.nextInt(at)]; // the first repeat somewhere in the first page
        }
        if (kind == 4) {
            v[999] = v[0]; // the first repeat is the first page's last value
        }
        return v;
    }

    private static void assertSameChunks(ParquetColumn c, ParquetWriteOptions o, Object values, boolean[] nulls) {
        ColumnChunkWriter probed = new ColumnChunkWriter(c, o, true, null);
        ColumnChunkWriter plain = new ColumnChunkWriter(c, o, false, null);
        // two chunks, written in uneven slices, so the probe restarts and sees page ends mid-slice
        for (int chunk = 0; chunk < 2; chunk++) {
            for (int from = 0; from < ROWS; ) {
                int n = Math.min(ROWS - from, 1 + (from * 7919) % 1700);
                probed.write(values, nulls, from, n);
                plain.write(values, nulls, from, n);
                assertThat(probed.bufferedSize()).isEqualTo(plain.bufferedSize());
                from += n;
            }
            ColumnChunkWriter.Chunk a = probed.finish();
            ColumnChunkWriter.Chunk b = plain.finish();
            assertThat(a.bytes()).isEqualTo(b.bytes());
            assertThat(a.encodings()).isEqualTo(b.encodings());
            assertThat(a.uncompressedSize()).isEqualTo(b.uncompressedSize());
            assertThat(a.pages()).hasSameSizeAs(b.pages());
            for (int p = 0; p < a.pages().size(); p++) {
                assertThat(a.pages().get(p).offset()).isEqualTo(b.pages().get(p).offset());
                assertThat(a.pages().get(p).rows()).isEqualTo(b.pages().get(p).rows());
            }
        }
    }

    @Test
    void sameBytesAsTheDictionaryWriterAlone() {
        Random r = new Random(11);
        int cases = 0;
        for (PhysicalType t : new PhysicalType[] {PhysicalType.INT32, PhysicalType.INT64}) {
            for (boolean optional : new boolean[] {false, true}) {
                for (ParquetWriteOptions.PageVersion version : ParquetWriteOptions.PageVersion.values()) {
                    for (int maxDictionary : new int[] {1 << 20, 2000}) {
                        for (int kind = 0; kind < 5; kind++) {
                            ParquetColumn c = ParquetColumn.flat("x", t, 0, optional);
                            ParquetWriteOptions o = ParquetWriteOptions.defaults()
                                    .withPageVersion(version)
                                    .withCompression(Compression.UNCOMPRESSED)
                                    .withPageRowLimit(1000)
                                    .withMaxDictionaryBytes(maxDictionary);
                            long[] v = pattern(kind, r);
                            Object values = v;
                            if (t == PhysicalType.INT32) {
                                int[] ints = new int[ROWS];
                                for (int i = 0; i < ROWS; i++) {
                                    ints[i] = kind == 0 ? i * 31 : (int) v[i];
                                }
                                values = ints;
                            }
                            boolean[] nulls = null;
                            if (optional) {
                                nulls = new boolean[ROWS];
                                for (int i = 0; i < ROWS; i++) {
                                    nulls[i] = r.nextInt(5) == 0 || (i >= 2000 && i < 3000); // one all-null page
                                }
                            }
                            assertSameChunks(c, o, values, nulls);
                            cases++;
                        }
                    }
                }
            }
        }
        assertThat(cases).isEqualTo(80);
    }

    @Test
    void firstPageLongerThanTheProbeGoesToTheDictionary() {
        ParquetColumn c = ParquetColumn.flat("x", PhysicalType.INT64, 0, false);
        ParquetWriteOptions o = ParquetWriteOptions.defaults()
                .withPageRowLimit(DistinctProbe.LIMIT + 10_000)
                .withMaxDictionaryBytes(1 << 24);
        long[] v = new long[DistinctProbe.LIMIT + 5000];
        for (int i = 0; i < v.length; i++) {
            v[i] = i * 0x9E3779B97F4A7C15L;
        }
        ColumnChunkWriter probed = new ColumnChunkWriter(c, o, true, null);
        ColumnChunkWriter plain = new ColumnChunkWriter(c, o, false, null);
        probed.write(v, null, 0, v.length);
        plain.write(v, null, 0, v.length);
        assertThat(probed.finish().bytes()).isEqualTo(plain.finish().bytes());
    }

    @Test
    void allDistinctFirstPageFallsBackWithoutADictionaryPage() {
        ParquetColumn c = ParquetColumn.flat("x", PhysicalType.INT64, 0, false);
        ParquetWriteOptions o = ParquetWriteOptions.defaults().withPageRowLimit(1000);
        ColumnChunkWriter w = new ColumnChunkWriter(c, o);
        long[] v = pattern(0, new Random(3));
        w.write(v, null, 0, ROWS);
        ColumnChunkWriter.Chunk chunk = w.finish();
        assertThat(chunk.dictionaryPageSize()).isZero();
        assertThat(chunk.encodings()).contains(ParquetEncoding.PLAIN);
        assertThat(chunk.pages()).hasSize(5);
    }
}
