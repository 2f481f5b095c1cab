package dev.colcodec.parquet.delta;

import static dev.colcodec.parquet.delta.DeltaTestSupport.hex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.delta.DeltaTestSupport.Parsed;
import dev.colcodec.parquet.delta.DeltaTestSupport.Shape;
import dev.colcodec.values.ValuesReader;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class DeltaBinaryPackedTest {

    /** INT32 and INT64 behind one long-valued view, so every check runs for both types. */
    enum Flavor {
        INT32(32),
        INT64(64);

        final int bits;

        Flavor(int bits) {
            this.bits = bits;
        }

        boolean int32() {
            return bits == 32;
        }

        Reader reader(Kernels k) {
            return int32()
                    ? new IntView(new DeltaBinaryPackedIntReader(k))
                    : new LongView(new DeltaBinaryPackedLongReader(k));
        }

        byte[] encode(long[] v, int blockSize, int miniblocks, Kernels k, SplittableRandom batches) {
            if (int32()) {
                DeltaBinaryPackedIntWriter w = new DeltaBinaryPackedIntWriter(blockSize, miniblocks, k);
                int[] src = new int[v.length];
                for (int i = 0; i < v.length; i++) {
                    src[i] = (int) v[i];
                }
                for (int i = 0; i < v.length; ) {
                    if (batches == null) {
                        w.writeInteger(src[i++]);
                    } else {
                        int n = Math.min(v.length - i, batches.nextInt(1, 300));
                        w.writeIntegers(src, i, n);
                        i += n;
                    }
                }
                assertThat(w.valueCount()).isEqualTo(v.length);
                return w.toByteArray();
            }
            DeltaBinaryPackedLongWriter w = new DeltaBinaryPackedLongWriter(blockSize, miniblocks, k);
            for (int i = 0; i < v.length; ) {
                if (batches == null) {
                    w.writeLong(v[i++]);
                } else {
                    int n = Math.min(v.length - i, batches.nextInt(1, 300));
                    w.writeLongs(v, i, n);
                    i += n;
                }
            }
            return w.toByteArray();
        }
    }

    interface Reader {
        ValuesReader raw();

        long read();

        void read(long[] dst, int off, int len);

        int remaining();
    }

    static final class IntView implements Reader {
        final DeltaBinaryPackedIntReader r;

        IntView(DeltaBinaryPackedIntReader r) {
            this.r = r;
        }

        public ValuesReader raw() {
            return r;
        }

        public long read() {
            return r.readInteger();
        }

        public void read(long[] dst, int off, int len) {
            int[] t = new int[len + 2];
            t[0] = 0x5A5A5A5A;
            t[len + 1] = 0x5A5A5A5A;
            r.readIntegers(t, 1, len);
            if (t[0] != 0x5A5A5A5A || t[len + 1] != 0x5A5A5A5A) {
                throw new AssertionError("batch read wrote outside its range");
            }
            for (int i = 0; i < len; i++) {
                dst[off + i] = t[i + 1];
            }
        }

        public int remaining() {
            return r.remaining();
        }
    }

    static final class LongView implements Reader {
        final DeltaBinaryPackedLongReader r;

        LongView(DeltaBinaryPackedLongReader r) {
            this.r = r;
        }

        public ValuesReader raw() {
            return r;
        }

        public long read() {
            return r.readLong();
        }

        public void read(long[] dst, int off, int len) {
            long[] t = new long[len + 2];
            t[0] = 0x5A5A5A5A5A5AL;
            t[len + 1] = 0x5A5A5A5A5A5AL;
            r.readLongs(t, 1, len);
            if (t[0] != 0x5A5A5A5A5A5AL || t[len + 1] != 0x5A5A5A5A5A5AL) {
                throw new AssertionError("batch read wrote outside its range");
            }
            System.arraycopy(t, 1, dst, off, len);
        }

        public int remaining() {
            return r.remaining();
        }
    }

    private static final Kernels[] KERNELS = {KernelProvider.scalar(), KernelProvider.best()};

    /**
     * Decodes {@code stream} (placed inside a larger array with garbage around it) with a random mix of
     * single reads, odd-sized batches and skips, checking every value read against {@code expected},
     * the exact end offset, and that reading past the end is corrupt input.
     */
    static void checkDecode(Flavor f, Kernels k, byte[] stream, long[] expected, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int lead = r.nextInt(8);
        byte[] framed = new byte[lead + stream.length + 5];
        for (int i = 0; i < framed.length; i++) {
            framed[i] = (byte) r.nextInt(256);
        }
        System.arraycopy(stream, 0, framed, lead, stream.length);
        Reader reader = f.reader(k);
        int n = expected.length;
        int valueCount = r.nextBoolean() ? ValuesReader.UNKNOWN_COUNT : n + r.nextInt(3);
        for (int pass = 0; pass < 2; pass++) { // the second pass re-initialises the same reader
            reader.raw().init(valueCount, framed, lead, framed.length - lead);
            assertThat(reader.remaining()).isEqualTo(n);
            int pos = 0;
            while (pos < n) {
                int left = n - pos;
                switch (r.nextInt(4)) {
                    case 0:
                        long one = reader.read();
                        if (one != expected[pos]) {
                            assertThat(one).as("value %d of %d (%s)", pos, n, f).isEqualTo(expected[pos]);
                        }
                        pos++;
                        break;
                    case 1: {
                        int len = Math.min(left, 1 + 2 * r.nextInt(70));
                        long[] got = new long[len];
                        reader.read(got, 0, len);
                        if (!Arrays.equals(got, 0, len, expected, pos, pos + len)) {
                            assertThat(got)
                                    .as("batch at %d of %d (%s)", pos, n, f)
                                    .isEqualTo(Arrays.copyOfRange(expected, pos, pos + len));
                        }
                        pos += len;
                        break;
                    }
                    case 2: {
                        int len = Math.min(left, r.nextInt(140));
                        reader.raw().skip(len);
                        pos += len;
                        break;
                    }
                    default: {
                        // the rest in one batch
                        long[] got = new long[left];
                        reader.read(got, 0, left);
                        assertThat(got).isEqualTo(Arrays.copyOfRange(expected, pos, n));
                        pos = n;
                    }
                }
                if (reader.remaining() != n - pos) {
                    assertThat(reader.remaining()).isEqualTo(n - pos);
                }
            }
            assertThat(reader.raw().endOffset()).as("end offset").isEqualTo(lead + stream.length);
            assertThatThrownBy(reader::read).isInstanceOf(CorruptInputException.class);
            assertThatThrownBy(() -> reader.raw().skip(1)).isInstanceOf(CorruptInputException.class);
            assertThatThrownBy(() -> reader.read(new long[2], 0, 2)).isInstanceOf(CorruptInputException.class);
        }
    }

    /** Both directions plus byte identity (modulo parquet-java's stale leftovers) for one input. */
    static void checkAgainstOracle(Flavor f, long[] v, int blockSize, int miniblocks, long seed) {
        byte[] oracle = DeltaTestSupport.oracleEncode(v, f.int32(), blockSize, miniblocks);
        Parsed oracleParsed = DeltaTestSupport.parse(oracle);
        assertThat(oracleParsed.end).isEqualTo(oracle.length);
        for (Kernels k : KERNELS) {
            byte[] ours = f.encode(v, blockSize, miniblocks, k, null);
            byte[] oursBatched = f.encode(v, blockSize, miniblocks, k, new SplittableRandom(seed));
            assertThat(oursBatched).as("batch writes == single writes").isEqualTo(ours);
            assertThat(ours)
                    .as("ours == parquet-java's with stale widths/padding zeroed (%s, n=%d)", f, v.length)
                    .isEqualTo(oracleParsed.canonical);
            assertThat(DeltaTestSupport.parse(ours).canonical).isEqualTo(ours);
            checkDecode(f, k, oracle, v, seed);
            int[] end = new int[1];
            assertThat(DeltaTestSupport.oracleDecode(ours, v.length, f.int32(), end))
                    .as("parquet-java decodes ours")
                    .isEqualTo(v);
            assertThat(end[0]).isEqualTo(ours.length);
        }
    }

    @Test
    void specVectorsReproduceByteForByte() {
        assertInt32Vector(new int[] {1, 2, 3, 4, 5}, "80 01 04 05 02 02 00 00 00 00");
        assertInt32Vector(new int[] {7, 5, 3, 1, 2, 3, 4, 5}, "80 01 04 08 0e 03 02 00 00 00 c0 3f 00 00 00 00 00 00");
        assertInt32Vector(new int[] {}, "80 01 04 00 00");
        assertInt32Vector(new int[] {42}, "80 01 04 01 54");

        int[] extremes = {Integer.MAX_VALUE, Integer.MIN_VALUE, 0};
        DeltaBinaryPackedIntWriter w = new DeltaBinaryPackedIntWriter(KernelProvider.scalar());
        w.writeIntegers(extremes, 0, 3);
        byte[] ours = w.toByteArray();
        assertThat(ours).hasSize(146);
        assertThat(Arrays.copyOf(ours, 23))
                .isEqualTo(hex("80 01 04 03 fe ff ff ff 0f ff ff ff ff 0f 20 00 00 00 01 00 00 80 00"));
        long[] asLongs = {Integer.MAX_VALUE, Integer.MIN_VALUE, 0};
        assertThat(ours).isEqualTo(DeltaTestSupport.oracleEncode(asLongs, true, 128, 4));
        DeltaBinaryPackedIntReader r = new DeltaBinaryPackedIntReader(KernelProvider.scalar());
        r.init(3, ours, 0, ours.length);
        assertThat(new int[] {r.readInteger(), r.readInteger(), r.readInteger()})
                .isEqualTo(extremes);
        assertThat(r.endOffset()).isEqualTo(146);
    }

    private static void assertInt32Vector(int[] values, String expectedHex) {
        byte[] expected = hex(expectedHex);
        DeltaBinaryPackedIntWriter w = new DeltaBinaryPackedIntWriter(KernelProvider.scalar());
        for (int v : values) {
            w.writeInteger(v);
        }
        assertThat(w.toByteArray()).isEqualTo(expected);
        long[] asLongs = Arrays.stream(values).asLongStream().toArray();
        assertThat(DeltaTestSupport.oracleEncode(asLongs, true, 128, 4)).isEqualTo(expected);
        DeltaBinaryPackedIntReader r = new DeltaBinaryPackedIntReader(KernelProvider.scalar());
        r.init(values.length, expected, 0, expected.length);
        int[] got = new int[values.length];
        r.readIntegers(got, 0, values.length);
        assertThat(got).isEqualTo(values);
        assertThat(r.endOffset()).isEqualTo(expected.length);
        // the INT64 writer produces the same bytes for the same (small) values
        DeltaBinaryPackedLongWriter lw = new DeltaBinaryPackedLongWriter(KernelProvider.scalar());
        lw.writeLongs(asLongs, 0, asLongs.length);
        assertThat(lw.toByteArray()).isEqualTo(expected);
    }

    @ParameterizedTest
    @EnumSource(Flavor.class)
    void everyShapeAndSizeMatchesParquetJava(Flavor f) {
        long seed = 1;
        for (Shape shape : Shape.values()) {
            for (int n : DeltaTestSupport.SIZES) {
                long[] v = DeltaTestSupport.values(shape, n, f.int32(), seed++);
                checkAgainstOracle(f, v, 128, 4, seed);
            }
        }
    }

    /**
     * Calls that each start on a block boundary take the whole-block path with the previous call's last
     * value as the base of their first delta.
     */
    @Test
    void int32CallsStartingOnBlockBoundariesMatchParquetJava() {
        SplittableRandom r = new SplittableRandom(9);
        int n = 1 + 128 * 12 + 50;
        int[] values = new int[n];
        long[] asLongs = new long[n];
        for (int i = 0; i < n; i++) {
            values[i] = i < 600 ? 1_000 * i + r.nextInt(-8, 9) : r.nextInt();
            asLongs[i] = values[i];
        }
        byte[] oracle = DeltaTestSupport.oracleEncode(asLongs, true, 128, 4);
        for (Kernels k : KERNELS) {
            DeltaBinaryPackedIntWriter w = new DeltaBinaryPackedIntWriter(k);
            w.writeIntegers(values, 0, 1);
            for (int i = 1; i < n; i += 128) {
                w.writeIntegers(values, i, Math.min(128, n - i));
            }
            assertThat(w.toByteArray()).isEqualTo(DeltaTestSupport.parse(oracle).canonical);
        }
    }

    @ParameterizedTest
    @EnumSource(Flavor.class)
    void everyBitWidth(Flavor f) {
        long seed = 100;
        for (int w = 0; w <= f.bits; w++) {
            for (int n : new int[] {2, 3, 33, 129, 300}) {
                long[] v = DeltaTestSupport.widthExact(w, n, f.int32(), seed++);
                checkAgainstOracle(f, v, 128, 4, seed);
                if (n >= 3) {
                    byte[] ours = f.encode(v, 128, 4, KernelProvider.scalar(), null);
                    assertThat(DeltaTestSupport.parse(ours).maxWidth)
                            .as("width %d n %d", w, n)
                            .isEqualTo(w);
                }
            }
        }
    }

    /**
     * Whole blocks of constant steps (all miniblocks of width 0) are filled across blocks by one
     * arithmetic fill while blocks with packed miniblocks go to the whole-block kernel: runs of 1..4
     * constant-step blocks with the same or another step, constant blocks, and packed blocks, in every
     * order, both block and miniblock aligned and not.
     */
    @ParameterizedTest
    @EnumSource(Flavor.class)
    void constantStepBlocksBetweenPackedBlocks(Flavor f) {
        SplittableRandom r = new SplittableRandom(77);
        for (int round = 0; round < 60; round++) {
            int n = 1 + r.nextInt(2000);
            long[] v = new long[n];
            long cur = r.nextLong(-1000, 1000);
            long step = r.nextLong(-50, 50);
            int segmentLeft = 0;
            int kind = 0;
            for (int i = 0; i < n; i++) {
                if (segmentLeft == 0) {
                    kind = r.nextInt(4);
                    segmentLeft = r.nextBoolean() ? 128 * (1 + r.nextInt(4)) : 1 + r.nextInt(300);
                    if (kind == 1 || r.nextBoolean()) {
                        step = r.nextLong(-50, 50);
                    }
                }
                segmentLeft--;
                if (kind <= 1) {
                    cur += step;
                } else if (kind == 3) {
                    cur += r.nextLong(-100_000, 100_000);
                } // kind 2: a constant run
                v[i] = f.int32() ? (int) cur : cur;
            }
            checkAgainstOracle(f, v, 128, 4, round);
        }
    }

    @ParameterizedTest
    @EnumSource(Flavor.class)
    void otherBlockLayouts(Flavor f) {
        int[][] layouts = {{128, 1}, {128, 2}, {256, 8}, {256, 2}, {512, 4}, {1152, 1}, {4096, 2}};
        long seed = 500;
        for (int[] layout : layouts) {
            for (Shape shape : new Shape[] {Shape.RANDOM_SMALL, Shape.RANDOM_FULL, Shape.CONSTANT_STEP, Shape.RUNS}) {
                for (int n : new int[] {0, 1, 100, 1000, 5000}) {
                    long[] v = DeltaTestSupport.values(shape, n, f.int32(), seed++);
                    checkAgainstOracle(f, v, layout[0], layout[1], seed);
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Flavor.class)
    void staleWidthsAndPaddingFromReusedParquetJavaWritersAreIgnored(Flavor f) {
        // parquet-java's writers reuse their buffers across pages: the second page's unused widths and
        // padding are leftovers of the first. Ours decodes them and matches the canonical form.
        SplittableRandom r = new SplittableRandom(7);
        int dirtyPages = 0;
        for (int n : new int[] {33, 129, 170, 300, 1000}) {
            long[] big = DeltaTestSupport.values(Shape.RANDOM_FULL, 1000, f.int32(), r.nextLong());
            long[] v = DeltaTestSupport.values(Shape.RANDOM_SMALL, n, f.int32(), r.nextLong());
            byte[] second = encodeSecondPage(f, big, v);
            Parsed p = DeltaTestSupport.parse(second);
            checkDecode(f, KernelProvider.scalar(), second, v, n);
            assertThat(f.encode(v, 128, 4, KernelProvider.scalar(), null)).isEqualTo(p.canonical);
            if (!Arrays.equals(second, p.canonical)) {
                dirtyPages++;
            }
        }
        assertThat(dirtyPages).as("parquet-java really writes leftovers").isPositive();
        // arbitrary bytes in unused width slots (even > 64) and padding bits
        long[] v = DeltaTestSupport.values(Shape.RANDOM_SMALL, 40, f.int32(), 3);
        byte[] ours = f.encode(v, 128, 4, KernelProvider.scalar(), null);
        byte[] dirty = ours.clone();
        int headerEnd = 4 + varintLength(ours, 4); // 80 01 04 28, then the first value
        int widthPos = headerEnd + varintLength(ours, headerEnd);
        dirty[widthPos + 2] = (byte) 0xFF;
        dirty[widthPos + 3] = (byte) 200;
        dirty[dirty.length - 1] |= (byte) 0x80; // padding of the second miniblock (7 of 32 deltas used)
        checkDecode(f, KernelProvider.scalar(), dirty, v, 11);
    }

    private static int varintLength(byte[] b, int pos) {
        int n = 1;
        while ((b[pos + n - 1] & 0x80) != 0) {
            n++;
        }
        return n;
    }

    /**
     * INT32 values whose deltas a writer computed in 64 bits (miniblock widths 33 to 64, as arrow-go wrote
     * them before apache/arrow-go#1027): parquet-java reads them, and so does colcodec's INT32 reader, by
     * batch, per value and across skips, with either kernels. Written here by parquet-java's 64-bit writer.
     */
    @Test
    void int32PagesWithMiniblocksWiderThan32BitsAreRead() throws Exception {
        java.util.Random r = new java.util.Random(2435);
        for (int n : new int[] {5, 33, 129, 1000, 5000}) {
            int[] v = new int[n];
            for (int i = 0; i < n; i++) {
                v[i] = i % 3 == 0 ? (r.nextBoolean() ? Integer.MIN_VALUE : Integer.MAX_VALUE) : r.nextInt();
            }
            if (n == 5) {
                v = new int[] {863490391, -816295192, 1613070492, -1166045478, 1856530847}; // the review's page
            }
            var w = new org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong(
                    128, 4, 64, 1 << 20, new org.apache.parquet.bytes.HeapByteBufferAllocator());
            for (int x : v) {
                w.writeLong(x);
            }
            byte[] page = w.getBytes().toByteArray();
            for (dev.colcodec.kernel.Kernels k : KERNELS) {
                DeltaBinaryPackedIntReader batch = new DeltaBinaryPackedIntReader(k);
                batch.init(n, page, 0, page.length);
                int[] got = new int[n];
                batch.readIntegers(got, 0, n);
                assertThat(got).as("n=" + n).containsExactly(v);
                assertThat(batch.endOffset()).isEqualTo(page.length);
                DeltaBinaryPackedIntReader mixed = new DeltaBinaryPackedIntReader(k);
                mixed.init(n, page, 0, page.length);
                for (int i = 0; i < n; ) {
                    int step = Math.min(n - i, 1 + r.nextInt(200));
                    if (r.nextBoolean()) {
                        mixed.skip(step);
                    } else {
                        for (int j = 0; j < step; j++) {
                            assertThat(mixed.readInteger())
                                    .as("value " + (i + j))
                                    .isEqualTo(v[i + j]);
                        }
                    }
                    i += step;
                }
            }
        }
    }

    private static byte[] encodeSecondPage(Flavor f, long[] first, long[] second) {
        try {
            org.apache.parquet.bytes.HeapByteBufferAllocator a = new org.apache.parquet.bytes.HeapByteBufferAllocator();
            if (f.int32()) {
                var w = new org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForInteger(
                        64, 1 << 20, a);
                for (long x : first) {
                    w.writeInteger((int) x);
                }
                w.getBytes().toByteArray();
                w.reset();
                for (long x : second) {
                    w.writeInteger((int) x);
                }
                return w.getBytes().toByteArray();
            }
            var w = new org.apache.parquet.column.values.delta.DeltaBinaryPackingValuesWriterForLong(64, 1 << 20, a);
            for (long x : first) {
                w.writeLong(x);
            }
            w.getBytes().toByteArray();
            w.reset();
            for (long x : second) {
                w.writeLong(x);
            }
            return w.getBytes().toByteArray();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void headerCountIsCheckedAgainstThePageValueCount() {
        DeltaBinaryPackedIntWriter w = new DeltaBinaryPackedIntWriter(KernelProvider.scalar());
        w.writeIntegers(new int[] {1, 2, 3, 4, 5}, 0, 5);
        byte[] p = w.toByteArray();
        DeltaBinaryPackedIntReader r = new DeltaBinaryPackedIntReader(KernelProvider.scalar());
        assertThatThrownBy(() -> r.init(4, p, 0, p.length))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("at most 4 values");
        r.init(5, p, 0, p.length);
        assertThat(r.remaining()).isEqualTo(5);
    }

    @Test
    void invalidHeaderLayoutsAreCorrupt() {
        for (String header : new String[] {
            "00 04 01 00", // block size 0
            "40 04 01 00", // block size 64
            "80 01 00 01 00", // 0 miniblocks
            "80 01 03 01 00", // 128 / 3
            "80 01 08 01 00", // miniblocks of 16
            "80 01 04 ff ff ff ff 0f 00", // count >= 2^31
            "80 01 04", // truncated
        }) {
            byte[] b = hex(header);
            assertThatThrownBy(() -> new DeltaBinaryPackedLongReader(KernelProvider.scalar()).init(-1, b, 0, b.length))
                    .as(header)
                    .isInstanceOf(CorruptInputException.class);
        }
        // width 65 in an INT32 stream and in an INT64 stream
        byte[] int32 = hex("80 01 04 03 00 00 41 00 00 00");
        DeltaBinaryPackedIntReader ir = new DeltaBinaryPackedIntReader(KernelProvider.scalar());
        ir.init(-1, int32, 0, int32.length);
        assertThat(ir.readInteger()).isZero();
        assertThatThrownBy(ir::readInteger)
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("at most 64");
        byte[] int64 = hex("80 01 04 03 00 00 41 00 00 00");
        DeltaBinaryPackedLongReader lr = new DeltaBinaryPackedLongReader(KernelProvider.scalar());
        lr.init(-1, int64, 0, int64.length);
        assertThatThrownBy(lr::endOffset)
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("at most 64");
    }

    @Test
    void hugeCountsOfWidthZeroAreDecodedLazilyInSmallMemory() {
        // block of 2^30 values in one miniblock, two blocks of width 0 with step 3: 2^31 - 1 values in 16 bytes
        byte[] b = hex("80 80 80 80 04 01 ff ff ff ff 07 0a 06 00 06 00");
        DeltaBinaryPackedIntReader r = new DeltaBinaryPackedIntReader(KernelProvider.scalar());
        r.init(ValuesReader.UNKNOWN_COUNT, b, 0, b.length);
        assertThat(r.remaining()).isEqualTo(Integer.MAX_VALUE);
        assertThat(r.readInteger()).isEqualTo(5);
        r.skip(Integer.MAX_VALUE - 2);
        int[] last = new int[1];
        r.readIntegers(last, 0, 1);
        assertThat(last[0]).isEqualTo(5 + 3 * (Integer.MAX_VALUE - 1));
        assertThat(r.remaining()).isZero();
        assertThat(r.endOffset()).isEqualTo(b.length);

        DeltaBinaryPackedLongReader lr = new DeltaBinaryPackedLongReader(KernelProvider.scalar());
        lr.init(ValuesReader.UNKNOWN_COUNT, b, 0, b.length);
        long[] some = new long[5];
        lr.skip(1 << 30);
        lr.readLongs(some, 0, 5);
        assertThat(some)
                .containsExactly(
                        5 + 3L * (1 << 30),
                        5 + 3L * ((1 << 30) + 1),
                        5 + 3L * ((1 << 30) + 2),
                        5 + 3L * ((1 << 30) + 3),
                        5 + 3L * ((1 << 30) + 4));

        // the same header with its blocks missing: corrupt, not an allocation
        byte[] truncated = Arrays.copyOf(b, 12);
        DeltaBinaryPackedIntReader t = new DeltaBinaryPackedIntReader(KernelProvider.scalar());
        t.init(ValuesReader.UNKNOWN_COUNT, truncated, 0, truncated.length);
        assertThat(t.readInteger()).isEqualTo(5);
        assertThatThrownBy(() -> t.skip(10)).isInstanceOf(CorruptInputException.class);
        assertThatThrownBy(t::endOffset).isInstanceOf(CorruptInputException.class);
    }

    @Test
    void writersFollowThePageLifeCycle() {
        DeltaBinaryPackedIntWriter w = new DeltaBinaryPackedIntWriter(KernelProvider.scalar());
        int[] a = {5, 6, 7, 100, -3};
        w.writeIntegers(a, 0, a.length);
        byte[] first = w.toByteArray();
        byte[] again = w.toByteArray();
        assertThat(again).isEqualTo(first).isNotSameAs(first);
        assertThatThrownBy(() -> w.writeInteger(1)).isInstanceOf(IllegalStateException.class);
        w.reset();
        assertThat(w.valueCount()).isZero();
        w.writeIntegers(a, 0, a.length);
        assertThat(w.toByteArray()).isEqualTo(first);
        assertThat(w.bufferedSize()).isPositive();

        DeltaBinaryPackedLongWriter lw = new DeltaBinaryPackedLongWriter(KernelProvider.scalar());
        lw.writeLong(1);
        lw.toByteArray();
        assertThatThrownBy(() -> lw.writeLongs(new long[1], 0, 1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> new DeltaBinaryPackedLongWriter(100, 4, KernelProvider.scalar()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DeltaBinaryPackedIntWriter(128, 8, KernelProvider.scalar()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aFinishedPageCopiedIntoALargerArrayIsTheSameAsToByteArray() {
        DeltaBinaryPackedIntWriter w = new DeltaBinaryPackedIntWriter(KernelProvider.scalar());
        assertThatThrownBy(() -> w.copyPageTo(new byte[64], 0)).isInstanceOf(IllegalStateException.class);
        int[] a = new int[300];
        SplittableRandom r = new SplittableRandom(5);
        for (int i = 0; i < a.length; i++) {
            a[i] = r.nextInt(1000);
        }
        w.writeIntegers(a, 0, a.length);
        int size = w.finishPage();
        byte[] out = new byte[size + 6];
        Arrays.fill(out, (byte) 0x5A);
        assertThat(w.copyPageTo(out, 3)).isEqualTo(size);
        byte[] whole = w.toByteArray();
        assertThat(whole).hasSize(size);
        assertThat(Arrays.copyOfRange(out, 3, 3 + size)).isEqualTo(whole);
        assertThat(Arrays.copyOf(out, 3)).containsOnly((byte) 0x5A);
        assertThat(Arrays.copyOfRange(out, 3 + size, out.length)).containsOnly((byte) 0x5A);
        assertThatThrownBy(() -> w.writeInteger(1)).isInstanceOf(IllegalStateException.class);
    }
}
