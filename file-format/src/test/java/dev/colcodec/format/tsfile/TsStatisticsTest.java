package dev.colcodec.format.tsfile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.io.ByteCursor;
import dev.colcodec.io.ByteSink;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.statistics.Statistics;
import org.apache.tsfile.utils.Binary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TsStatisticsTest {

    @ParameterizedTest
    @EnumSource(
            value = TsDataType.class,
            names = {"UNKNOWN", "OBJECT"},
            mode = EnumSource.Mode.EXCLUDE)
    void sameBytesAsTsFileAndReadBack(TsDataType type) throws Exception {
        Random r = new Random(type.ordinal());
        TSDataType theirType = TSDataType.deserialize((byte) type.serialized());
        Statistics<?> theirs = Statistics.getStatsByType(theirType);
        TsStatistics ours = new TsStatistics(type);
        long t = 1_000;
        for (int i = 0; i < 37; i++) {
            t += 1 + r.nextInt(5);
            switch (type) {
                case BOOLEAN: {
                    boolean v = r.nextBoolean();
                    theirs.update(t, v);
                    ours.updateLong(t, v ? 1 : 0);
                    break;
                }
                case INT32:
                case DATE: {
                    int v = type == TsDataType.DATE ? 20240101 + r.nextInt(20) : r.nextInt();
                    theirs.update(t, v);
                    ours.updateLong(t, v);
                    break;
                }
                case INT64:
                case TIMESTAMP: {
                    long v = r.nextLong();
                    theirs.update(t, v);
                    ours.updateLong(t, v);
                    break;
                }
                case FLOAT: {
                    float v = (float) r.nextGaussian();
                    theirs.update(t, v);
                    ours.updateDouble(t, v);
                    break;
                }
                case DOUBLE: {
                    double v = r.nextGaussian();
                    theirs.update(t, v);
                    ours.updateDouble(t, v);
                    break;
                }
                case TEXT:
                case STRING:
                case BLOB: {
                    byte[] v = ("v" + r.nextInt(1000)).getBytes(StandardCharsets.UTF_8);
                    theirs.update(t, new Binary(v));
                    ours.updateBinary(t, v);
                    break;
                }
                case VECTOR:
                    theirs.update(t);
                    ours.updateTimes(new long[] {t}, 0, 1);
                    break;
                default:
                    throw new AssertionError(type);
            }
        }
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        theirs.serialize(expected);
        ByteSink sink = new ByteSink();
        ours.writeTo(sink);
        assertArrayEquals(expected.toByteArray(), sink.toByteArray(), type.toString());

        byte[] bytes = expected.toByteArray();
        ByteCursor in = new ByteCursor(bytes, 0, bytes.length);
        TsStatistics back = TsStatistics.read(type, in);
        assertEquals(bytes.length, in.position());
        ByteSink again = new ByteSink();
        back.writeTo(again);
        assertArrayEquals(bytes, again.toByteArray());
        assertEquals(37, back.count);
        assertEquals(theirs.getStartTime(), back.startTime);
        assertEquals(theirs.getEndTime(), back.endTime);

        // every truncation is a CorruptInputException
        for (int cut = 0; cut < bytes.length; cut++) {
            ByteCursor c = new ByteCursor(bytes, 0, cut);
            assertThrows(CorruptInputException.class, () -> TsStatistics.read(type, c), "cut " + cut);
        }
    }

    /**
     * FLOAT and DOUBLE pages holding NaN, -0.0, 0.0 and infinities, merged into a chunk, give tsfile's
     * bytes: bounds merge as tsfile compares them ({@code <}, {@code >}), so a page of NaN after a page of
     * 1.0 leaves min and max at 1.0, and -0.0 after 0.0 leaves 0.0.
     */
    @ParameterizedTest
    @EnumSource(
            value = TsDataType.class,
            names = {"FLOAT", "DOUBLE"})
    void mergedFloatPagesWithNanAndSignedZerosGiveTsFilesBytes(TsDataType type) throws Exception {
        double[] special = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1.0, -1.0, 2.5};
        TSDataType theirType = TSDataType.deserialize((byte) type.serialized());
        Random r = new Random(type.ordinal() * 31L);
        for (int trial = 0; trial < 2000; trial++) {
            int n = 1 + r.nextInt(12);
            double[] d = new double[n];
            float[] f = new float[n];
            long[] times = new long[n];
            for (int i = 0; i < n; i++) {
                d[i] = r.nextInt(4) == 0 ? r.nextGaussian() : special[r.nextInt(special.length)];
                f[i] = (float) d[i];
                times[i] = 100 + i;
            }
            Statistics<?> theirChunk = Statistics.getStatsByType(theirType);
            TsStatistics ourChunk = new TsStatistics(type);
            for (int at = 0; at < n; ) {
                int len = 1 + r.nextInt(n - at);
                Statistics<?> theirPage = Statistics.getStatsByType(theirType);
                TsStatistics ourPage = new TsStatistics(type);
                for (int i = at; i < at + len; i++) {
                    if (type == TsDataType.FLOAT) {
                        theirPage.update(times[i], f[i]);
                    } else {
                        theirPage.update(times[i], d[i]);
                    }
                }
                if (type == TsDataType.FLOAT) {
                    ourPage.updateFloats(times, f, at, len);
                } else {
                    ourPage.updateDoubles(times, d, at, len);
                }
                theirChunk.mergeStatistics(theirPage);
                ourChunk.merge(ourPage);
                at += len;
            }
            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            theirChunk.serialize(expected);
            ByteSink sink = new ByteSink();
            ourChunk.writeTo(sink);
            int failed = trial;
            assertArrayEquals(
                    expected.toByteArray(),
                    sink.toByteArray(),
                    () -> type + " trial " + failed + ": " + Arrays.toString(d));
        }
    }

    @Test
    void mergeEqualsSequentialUpdate() {
        TsStatistics a = new TsStatistics(TsDataType.STRING);
        TsStatistics b = new TsStatistics(TsDataType.STRING);
        TsStatistics all = new TsStatistics(TsDataType.STRING);
        String[] vs = {"m", "b", "z", "c", "a", "q"};
        for (int i = 0; i < vs.length; i++) {
            byte[] v = vs[i].getBytes(StandardCharsets.UTF_8);
            (i < 3 ? a : b).updateBinary(i, v);
            all.updateBinary(i, v);
        }
        a.merge(b);
        ByteSink x = new ByteSink();
        ByteSink y = new ByteSink();
        a.writeTo(x);
        all.writeTo(y);
        assertArrayEquals(y.toByteArray(), x.toByteArray());
    }

    @Test
    void negativeBinaryLengthIsCorrupt() {
        ByteSink s = new ByteSink();
        s.writeUnsignedVarInt(1);
        s.writeLongBE(1);
        s.writeLongBE(1);
        s.writeIntBE(-5);
        byte[] b = s.toByteArray();
        assertThrows(
                CorruptInputException.class, () -> TsStatistics.read(TsDataType.TEXT, new ByteCursor(b, 0, b.length)));
        ByteSink h = new ByteSink();
        h.write(0x7F);
        byte[] m = h.toByteArray();
        assertThrows(CorruptInputException.class, () -> TsChunkHeader.read(new ByteCursor(m, 0, m.length)));
    }

    @Test
    void headersRoundTripAndRejectLies() {
        TsStatistics st = new TsStatistics(TsDataType.INT64);
        st.updateLong(5, 42);
        TsChunkHeader h =
                new TsChunkHeader(0x41, "temp", 3, TsDataType.INT64, Compression.LZ4_RAW, TsEncoding.TS_2DIFF, 0);
        ByteSink s = new ByteSink();
        h.writeTo(s);
        int headerLen = s.size();
        new TsPageHeader(1, 1, st).writeTo(s);
        int pageHeaderLen = s.size() - headerLen;
        s.write(0); // 1 byte page... short of dataSize by design below
        s.write(0);
        byte[] b = s.toByteArray();
        ByteCursor in = new ByteCursor(b, 0, b.length);
        TsChunkHeader back = TsChunkHeader.read(in);
        assertEquals("temp", back.measurementId());
        assertEquals(TsDataType.INT64, back.dataType());
        assertEquals(Compression.LZ4_RAW, back.compression());
        assertEquals(TsEncoding.TS_2DIFF, back.encoding());
        assertEquals(headerLen, back.headerSize());
        assertEquals(true, back.isValueChunk());
        assertEquals(false, back.singlePage());
        TsPageHeader ph = TsPageHeader.read(in, TsDataType.INT64, true);
        assertEquals(42, ph.statistics().maxLong);
        assertEquals(headerLen + pageHeaderLen, in.position());
        // a chunk whose dataSize exceeds the input
        byte[] shortInput = Arrays.copyOf(b, headerLen + 1);
        assertThrows(
                CorruptInputException.class,
                () -> TsChunkHeader.read(new ByteCursor(shortInput, 0, shortInput.length)));
    }

    /**
     * FLOAT and DOUBLE pages of up to 600 values, their statistics taken page by page ({@code
     * updateDoublePages}, {@code updateFloatPages}: the bounds and sums through the kernels, the pages' sums
     * advancing together) and one batch at a time, give tsfile's bytes per page and for the merged chunk:
     * NaN first values and NaN among the values, zeros of both signs in every order (tsfile keeps the first
     * of two zeros as a bound), infinities, values whose sums round. Runs with the scalar kernels and, in
     * the {@code fuzz-vector} execution, with the vector ones.
     */
    @ParameterizedTest
    @EnumSource(
            value = TsDataType.class,
            names = {"FLOAT", "DOUBLE"})
    @org.junit.jupiter.api.Tag("both-kernels")
    void floatingPagesGiveTsFilesBytes(TsDataType type) throws Exception {
        double[] special = {
            Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1.0, -1.0, 1e30, -1e-30
        };
        TSDataType theirType = TSDataType.deserialize((byte) type.serialized());
        Random r = new Random(type.ordinal() * 131L);
        for (int trial = 0; trial < 400; trial++) {
            int from = r.nextInt(3);
            int n = 1 + r.nextInt(trial < 100 ? 40 : 600);
            int pageRows = 1 + r.nextInt(trial % 3 == 0 ? 8 : 100);
            int shape = r.nextInt(4);
            double[] d = new double[from + n];
            float[] f = new float[d.length];
            long[] times = new long[d.length];
            for (int i = 0; i < d.length; i++) {
                d[i] = switch (shape) {
                    case 0 -> special[r.nextInt(special.length)];
                    case 1 -> r.nextInt(3) == 0 ? Double.NaN : r.nextBoolean() ? 0.0 : -0.0;
                    case 2 -> r.nextInt(20) == 0 ? special[r.nextInt(special.length)] : 20 + r.nextGaussian();
                    default -> r.nextGaussian() * 1e6 + r.nextInt(3) - 1;
                };
                f[i] = (float) d[i];
                times[i] = 100 + i;
            }
            int pages = (n + pageRows - 1) / pageRows;
            TsStatistics[] ours = new TsStatistics[pages];
            for (int p = 0; p < pages; p++) {
                ours[p] = new TsStatistics(type);
            }
            if (type == TsDataType.FLOAT) {
                TsStatistics.updateFloatPages(KernelProvider.best(), ours, times, f, from, n, pageRows);
            } else {
                TsStatistics.updateDoublePages(KernelProvider.best(), ours, times, d, from, n, pageRows);
            }
            Statistics<?> theirChunk = Statistics.getStatsByType(theirType);
            TsStatistics ourChunk = new TsStatistics(type);
            for (int p = 0; p < pages; p++) {
                int a = from + p * pageRows;
                int b = Math.min(from + n, a + pageRows);
                Statistics<?> theirPage = Statistics.getStatsByType(theirType);
                TsStatistics batches = new TsStatistics(type);
                for (int i = a; i < b; i++) {
                    if (type == TsDataType.FLOAT) {
                        theirPage.update(times[i], f[i]);
                    } else {
                        theirPage.update(times[i], d[i]);
                    }
                }
                // the same page in two batches
                int h = a + r.nextInt(b - a + 1);
                if (type == TsDataType.FLOAT) {
                    batches.updateFloats(KernelProvider.best(), times, f, a, h - a);
                    batches.updateFloats(KernelProvider.best(), times, f, h, b - h);
                } else {
                    batches.updateDoubles(KernelProvider.best(), times, d, a, h - a);
                    batches.updateDoubles(KernelProvider.best(), times, d, h, b - h);
                }
                ByteArrayOutputStream expected = new ByteArrayOutputStream();
                theirPage.serialize(expected);
                int failed = trial;
                int page = p;
                for (TsStatistics s : new TsStatistics[] {ours[p], batches}) {
                    ByteSink sink = new ByteSink();
                    s.writeTo(sink);
                    assertArrayEquals(
                            expected.toByteArray(),
                            sink.toByteArray(),
                            () -> type + " trial " + failed + " page " + page + " of " + pageRows + " rows: "
                                    + Arrays.toString(Arrays.copyOfRange(d, a, b)));
                }
                theirChunk.mergeStatistics(theirPage);
                ourChunk.merge(ours[p]);
            }
            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            theirChunk.serialize(expected);
            ByteSink sink = new ByteSink();
            ourChunk.writeTo(sink);
            assertArrayEquals(expected.toByteArray(), sink.toByteArray(), type + " chunk, trial " + trial);
        }
    }

    @Test
    void batchUpdatesEqualPerValueUpdates() {
        Random r = new Random(5);
        int n = 300;
        long[] times = new long[n];
        long[] longs = new long[n];
        int[] ints = new int[n];
        float[] floats = new float[n];
        double[] doubles = new double[n];
        boolean[] bools = new boolean[n];
        for (int i = 0; i < n; i++) {
            times[i] = 10L * i;
            longs[i] = r.nextLong();
            ints[i] = r.nextInt();
            floats[i] = (float) r.nextGaussian();
            doubles[i] = r.nextGaussian();
            bools[i] = r.nextBoolean();
        }
        for (TsDataType t : new TsDataType[] {
            TsDataType.INT32,
            TsDataType.DATE,
            TsDataType.INT64,
            TsDataType.TIMESTAMP,
            TsDataType.FLOAT,
            TsDataType.DOUBLE,
            TsDataType.BOOLEAN
        }) {
            TsStatistics one = new TsStatistics(t);
            TsStatistics batch = new TsStatistics(t);
            for (int i = 0; i < n; i++) {
                switch (t) {
                    case INT32:
                    case DATE:
                        one.updateLong(times[i], ints[i]);
                        break;
                    case INT64:
                    case TIMESTAMP:
                        one.updateLong(times[i], longs[i]);
                        break;
                    case FLOAT:
                        one.updateDouble(times[i], floats[i]);
                        break;
                    case DOUBLE:
                        one.updateDouble(times[i], doubles[i]);
                        break;
                    default:
                        one.updateLong(times[i], bools[i] ? 1 : 0);
                        break;
                }
            }
            // two batches, as pages of one chunk
            int h = 123;
            long[] t2 = java.util.Arrays.copyOfRange(times, h, n);
            switch (t) {
                case INT32:
                case DATE:
                    batch.updateInts(times, ints, h);
                    batch.updateInts(t2, java.util.Arrays.copyOfRange(ints, h, n), n - h);
                    break;
                case INT64:
                case TIMESTAMP:
                    batch.updateLongs(times, longs, h);
                    batch.updateLongs(t2, java.util.Arrays.copyOfRange(longs, h, n), n - h);
                    break;
                case FLOAT:
                    batch.updateFloats(times, floats, h);
                    batch.updateFloats(t2, java.util.Arrays.copyOfRange(floats, h, n), n - h);
                    break;
                case DOUBLE:
                    batch.updateDoubles(times, doubles, h);
                    batch.updateDoubles(t2, java.util.Arrays.copyOfRange(doubles, h, n), n - h);
                    break;
                default:
                    batch.updateBooleans(times, bools, h);
                    batch.updateBooleans(t2, java.util.Arrays.copyOfRange(bools, h, n), n - h);
                    break;
            }
            ByteSink x = new ByteSink();
            ByteSink y = new ByteSink();
            one.writeTo(x);
            batch.writeTo(y);
            assertArrayEquals(x.toByteArray(), y.toByteArray(), t.toString());
        }
    }

    @Test
    void emptyStatisticsAsTsFileWritesThem() throws Exception {
        for (TsDataType t :
                new TsDataType[] {TsDataType.INT64, TsDataType.INT32, TsDataType.DOUBLE, TsDataType.VECTOR}) {
            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            Statistics.getStatsByType(TSDataType.deserialize((byte) t.serialized()))
                    .serialize(expected);
            ByteSink ours = new ByteSink();
            new TsStatistics(t).writeTo(ours);
            assertArrayEquals(expected.toByteArray(), ours.toByteArray(), t.toString());
        }
    }

    /**
     * Runs with the scalar kernels and, in the {@code fuzz-vector} execution, with the vector ones: {@link
     * KernelProvider#best()} groups the pages, and each page alone is summed as one lane.
     */
    @Test
    @org.junit.jupiter.api.Tag("both-kernels")
    void longPagesEqualOneUpdatePerPage() {
        Random r = new Random(11);
        long[] times = new long[5_000];
        long[] v = new long[times.length];
        for (int i = 0; i < v.length; i++) {
            times[i] = 1_700_000_000_000L + 3L * i;
            // large values, so that the order of the double additions shows in the sums
            v[i] = i % 97 == 0 ? r.nextInt(100) : r.nextLong();
        }
        // page counts below, at and past multiples of four and of eight (a serialSums call takes up to
        // eight pages); full and short last pages, in groups of every size; an offset start
        int[][] cases = {
            {0, 1, 1},
            {0, 7, 7},
            {5, 70, 10},
            {0, 4000, 1000},
            {3, 4001, 1000},
            {1, 4999, 555},
            {0, 13, 1},
            {0, 4999, 4999},
            {0, 4999, 4998},
            {0, 4999, 1667},
            {2, 4990, 1246},
            {0, 4999, 600},
            {0, 9, 2},
            {0, 4999, 4097},
            {0, 6, 1},
            {0, 4999, 625},
            {0, 4800, 600},
            {0, 4999, 294},
            {7, 4990, 312},
            {0, 4999, 714}
        };
        for (int[] c : cases) {
            int from = c[0];
            int n = c[1];
            int pageRows = c[2];
            int pages = (n + pageRows - 1) / pageRows;
            TsStatistics[] together = new TsStatistics[pages];
            for (int p = 0; p < pages; p++) {
                together[p] = new TsStatistics(TsDataType.INT64);
            }
            TsStatistics.updateLongPages(together, times, v, from, n, pageRows);
            for (int p = 0; p < pages; p++) {
                TsStatistics one = new TsStatistics(TsDataType.INT64);
                int o = from + p * pageRows;
                one.updateLongs(times, v, o, Math.min(pageRows, from + n - o));
                ByteSink x = new ByteSink();
                ByteSink y = new ByteSink();
                together[p].writeTo(x);
                one.writeTo(y);
                assertArrayEquals(y.toByteArray(), x.toByteArray(), Arrays.toString(c) + " page " + p);
                assertEquals(Double.doubleToLongBits(one.sumDouble), Double.doubleToLongBits(together[p].sumDouble));
            }
        }
        assertThrows(
                IllegalArgumentException.class,
                () -> TsStatistics.updateLongPages(new TsStatistics[2], times, v, 0, 10, 10));
        // rows per page near Integer.MAX_VALUE: one short page, its end computed without overflow
        TsStatistics[] huge = {new TsStatistics(TsDataType.INT64)};
        TsStatistics.updateLongPages(huge, times, v, 1, 3, Integer.MAX_VALUE);
        TsStatistics alone = new TsStatistics(TsDataType.INT64);
        alone.updateLongs(times, v, 1, 3);
        ByteSink x = new ByteSink();
        ByteSink y = new ByteSink();
        huge[0].writeTo(x);
        alone.writeTo(y);
        assertArrayEquals(y.toByteArray(), x.toByteArray(), "pages of Integer.MAX_VALUE rows");
    }

    /**
     * Batch and page-by-page sums of values of every magnitude, all positive (sums growing past 2^53, where
     * additions round) or of both signs, continued from earlier sums near 2^52: the serial double sums
     * tsfile computes value by value, bit for bit. (A shortcut that takes sums within 2^52 as exact long
     * sums must pass this; one was measured in session 14 and left out, see RESULTS.md.)
     */
    @Test
    void exactLongSumsEqualSerialDoubleSums() {
        Random r = new Random(13);
        int n = 4_000;
        long[] times = new long[n];
        for (int i = 0; i < n; i++) {
            times[i] = i;
        }
        // magnitudes: small, just under and just over 2^52 / pageRows, and far over
        long[] magnitudes = {
            1_000, (1L << 52) / 1_000 - 3, (1L << 52) / 1_000 + 3, (1L << 54) / 1_000 + 1, 1L << 50, Long.MAX_VALUE
        };
        double[] starts = {Double.NaN, 0.0, -0.0, 0x1p52 - 8, -0x1p51, 12345.0};
        for (long m : magnitudes) {
            for (double start : starts) {
                boolean positive = r.nextBoolean();
                long[] v = new long[n];
                for (int i = 0; i < n; i++) {
                    // all positive: the partial sums grow to n times the magnitude, past 2^53 for the
                    // larger ones, where additions round
                    v[i] = m == Long.MAX_VALUE
                            ? (positive ? r.nextLong() >>> 1 : r.nextLong())
                            : positive ? m - r.nextInt(1000) : (long) ((r.nextDouble() * 2 - 1) * m);
                }
                v[17] = m == Long.MAX_VALUE ? Long.MIN_VALUE : positive ? m : -m; // the bound itself
                int pageRows = 1_000;
                TsStatistics[] pages = new TsStatistics[4];
                TsStatistics[] single = new TsStatistics[4];
                TsStatistics[] perValue = new TsStatistics[4];
                for (int p = 0; p < 4; p++) {
                    pages[p] = new TsStatistics(TsDataType.INT64);
                    single[p] = new TsStatistics(TsDataType.INT64);
                    perValue[p] = new TsStatistics(TsDataType.INT64);
                    if (!Double.isNaN(start)) {
                        pages[p].sumDouble = start;
                        single[p].sumDouble = start;
                        perValue[p].sumDouble = start;
                    }
                }
                TsStatistics.updateLongPages(pages, times, v, 0, n, pageRows);
                for (int p = 0; p < 4; p++) {
                    single[p].updateLongs(times, v, p * pageRows, pageRows);
                    for (int i = p * pageRows; i < (p + 1) * pageRows; i++) {
                        perValue[p].updateLong(times[i], v[i]);
                    }
                    String what = "magnitude " + m + " start " + start + " page " + p;
                    assertEquals(
                            Double.doubleToRawLongBits(perValue[p].sumDouble),
                            Double.doubleToRawLongBits(pages[p].sumDouble),
                            what);
                    assertEquals(
                            Double.doubleToRawLongBits(perValue[p].sumDouble),
                            Double.doubleToRawLongBits(single[p].sumDouble),
                            what);
                    assertEquals(perValue[p].minLong, pages[p].minLong, what);
                    assertEquals(perValue[p].maxLong, single[p].maxLong, what);
                }
            }
        }
    }

    /**
     * Pages that already hold values go on from their sums (a -0.0 or infinite sum set on page 5 too, NaN
     * meaning none set), bit for bit as one update per page does.
     */
    @Test
    void longPagesContinueFromEarlierSums() {
        Random r = new Random(12);
        long[] times = new long[3_000];
        long[] v = new long[times.length];
        for (int i = 0; i < v.length; i++) {
            times[i] = i;
            v[i] = r.nextLong();
        }
        v[2_500] = 0; // the first value of page 5: a -0.0 sum plus 0 is +0.0
        for (double start : new double[] {Double.NaN, -0.0, 0.0, Double.NEGATIVE_INFINITY}) {
            int pageRows = 300;
            TsStatistics[] together = new TsStatistics[7];
            TsStatistics[] one = new TsStatistics[7];
            for (int p = 0; p < 7; p++) {
                together[p] = new TsStatistics(TsDataType.INT64);
                one[p] = new TsStatistics(TsDataType.INT64);
                together[p].updateLongs(times, v, 2_500 + 50 * p, 3);
                one[p].updateLongs(times, v, 2_500 + 50 * p, 3);
            }
            if (!Double.isNaN(start)) {
                together[5].sumDouble = start;
                one[5].sumDouble = start;
            }
            TsStatistics.updateLongPages(together, times, v, 1_000, 2_000, pageRows);
            for (int p = 0; p < 7; p++) {
                int o = 1_000 + p * pageRows;
                one[p].updateLongs(times, v, o, Math.min(pageRows, 3_000 - o));
                assertEquals(
                        Double.doubleToRawLongBits(one[p].sumDouble),
                        Double.doubleToRawLongBits(together[p].sumDouble),
                        "start " + start + " page " + p);
                assertEquals(one[p].count, together[p].count);
                assertEquals(one[p].minLong, together[p].minLong);
            }
        }
    }
}
