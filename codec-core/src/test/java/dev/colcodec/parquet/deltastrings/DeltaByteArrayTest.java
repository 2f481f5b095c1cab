package dev.colcodec.parquet.deltastrings;

import static dev.colcodec.parquet.delta.DeltaTestSupport.hex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.delta.BinaryReadCheck;
import dev.colcodec.parquet.delta.CorruptInputFuzz;
import dev.colcodec.parquet.delta.DeltaBinaryPackedIntWriter;
import dev.colcodec.parquet.delta.DeltaTestSupport;
import dev.colcodec.parquet.delta.DeltaTestSupport.Strings;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.ValuesReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayReader;
import org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;

class DeltaByteArrayTest {
    private static final Kernels[] KERNELS = {KernelProvider.scalar(), KernelProvider.best()};

    static byte[] oracleEncode(List<byte[]> values) {
        try {
            DeltaByteArrayWriter w = new DeltaByteArrayWriter(64, 1 << 20, new HeapByteBufferAllocator());
            for (byte[] v : values) {
                w.writeBytes(Binary.fromConstantByteArray(v));
            }
            return w.getBytes().toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static DeltaByteArrayReader oracleReader(byte[] page, int n, DeltaByteArrayReader previous) {
        try {
            DeltaByteArrayReader r = new DeltaByteArrayReader();
            if (previous != null) {
                r.setPreviousReader(previous);
            }
            r.initFromPage(n, ByteBufferInputStream.wrap(ByteBuffer.wrap(page)));
            return r;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<byte[]> readAll(DeltaByteArrayReader r, int n) {
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(r.readBytes().getBytes());
        }
        return out;
    }

    static byte[] encode(List<byte[]> values, Kernels k, SplittableRandom batches) {
        dev.colcodec.parquet.deltastrings.DeltaByteArrayWriter w =
                new dev.colcodec.parquet.deltastrings.DeltaByteArrayWriter(k);
        if (batches == null) {
            for (byte[] v : values) {
                w.writeBinary(v);
            }
        } else {
            BinaryBatch b = new BinaryBatch();
            for (byte[] v : values) {
                b.append(v, 0, v.length);
            }
            for (int i = 0; i < values.size(); ) {
                // mostly short batches, sometimes long ones spanning several length blocks
                int n = Math.min(
                        values.size() - i,
                        batches.nextInt(5) == 0 ? batches.nextInt(200, 2000) : batches.nextInt(1, 200));
                if (batches.nextInt(4) == 0) {
                    w.writeBinary(values.get(i));
                    n = 1;
                } else {
                    w.writeBinaries(b, i, n);
                }
                i += n;
            }
        }
        assertThat(w.valueCount()).isEqualTo(values.size());
        return w.toByteArray();
    }

    static dev.colcodec.parquet.deltastrings.DeltaByteArrayReader ours(Kernels k) {
        return new dev.colcodec.parquet.deltastrings.DeltaByteArrayReader(k);
    }

    @Test
    void specVector() {
        List<byte[]> v = utf8("axis", "axle", "babble", "babyhood");
        byte[] expected = hex("80 01 04 04 00 03 03 00 00 00 44 01 00 00 00 00 00 00 00 00 00 00"
                + " 80 01 04 04 08 03 03 00 00 00 70 00 00 00 00 00 00 00 00 00 00 00"
                + " 61 78 69 73 6c 65 62 61 62 62 6c 65 79 68 6f 6f 64");
        assertThat(encode(v, KernelProvider.scalar(), null)).isEqualTo(expected);
        assertThat(oracleEncode(v)).isEqualTo(expected);
        BinaryReadCheck.check(ours(KernelProvider.scalar()), expected, v, 1, r -> {});
    }

    @Test
    void everyShapeAndSizeMatchesParquetJava() {
        long seed = 1;
        for (Strings shape : Strings.values()) {
            for (int n : DeltaTestSupport.SIZES) {
                List<byte[]> v = DeltaTestSupport.strings(shape, n, seed++);
                checkBothWays(v, -1, seed);
            }
        }
    }

    @Test
    void fixedLengthValues() {
        long seed = 300;
        for (int width : new int[] {1, 2, 12, 16, 33}) {
            for (int n : new int[] {0, 1, 33, 129, 500}) {
                List<byte[]> v = DeltaTestSupport.fixedStrings(width, n, seed++);
                checkBothWays(v, width, seed);
                if (n > 0) {
                    byte[] page = oracleEncode(v);
                    var wrong = new dev.colcodec.parquet.deltastrings.DeltaByteArrayReader(
                            width + 1, KernelProvider.scalar());
                    wrong.init(n, page, 0, page.length);
                    assertThatThrownBy(() -> wrong.readBinaries(new BinaryBatch(), n))
                            .isInstanceOf(CorruptInputException.class)
                            .hasMessageContaining("fixed length");
                }
            }
        }
        // the FLBA writer refuses a value of another length, per value and in a batch, writing nothing
        var w = (dev.colcodec.parquet.deltastrings.DeltaByteArrayWriter) dev.colcodec.parquet.ParquetValues.newWriter(
                dev.colcodec.parquet.ParquetEncoding.DELTA_BYTE_ARRAY,
                dev.colcodec.parquet.PhysicalType.FIXED_LEN_BYTE_ARRAY,
                16,
                KernelProvider.scalar());
        byte[] empty = w.toByteArray();
        w.reset();
        assertThatThrownBy(() -> w.writeBinary(new byte[3], 0, 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("value of 3 bytes for a fixed length of 16");
        BinaryBatch b = new BinaryBatch();
        b.append(new byte[16], 0, 16);
        b.append(new byte[15], 0, 15);
        assertThatThrownBy(() -> w.writeBinaries(b, 0, 2)).isInstanceOf(IllegalArgumentException.class);
        assertThat(w.valueCount()).isZero();
        assertThat(w.toByteArray()).isEqualTo(empty);
    }

    private static void checkBothWays(List<byte[]> v, int fixedLength, long seed) {
        int n = v.size();
        byte[] oracle = oracleEncode(v);
        for (Kernels k : KERNELS) {
            byte[] ours = encode(v, k, null);
            assertThat(encode(v, k, new SplittableRandom(seed))).isEqualTo(ours);
            assertThat(ours).as("n=%d", n).isEqualTo(DeltaTestSupport.canonicalDeltaStrings(oracle, 2));
            assertThat(readAll(oracleReader(ours, n, null), n)).containsExactlyElementsOf(v);
            var reader = fixedLength < 0
                    ? ours(k)
                    : new dev.colcodec.parquet.deltastrings.DeltaByteArrayReader(fixedLength, k);
            BinaryReadCheck.check(reader, oracle, v, seed, r -> {});
        }
    }

    /**
     * PARQUET-246: a page whose first prefix refers to the previous page's last value. Built by hand:
     * prefixes [3, 4], suffixes ["XY", "Z"] after a page ending in "abcdef".
     */
    static byte[] continuedPage() {
        DeltaBinaryPackedIntWriter prefixes = new DeltaBinaryPackedIntWriter(KernelProvider.scalar());
        prefixes.writeIntegers(new int[] {3, 4}, 0, 2);
        DeltaBinaryPackedIntWriter suffixes = new DeltaBinaryPackedIntWriter(KernelProvider.scalar());
        suffixes.writeIntegers(new int[] {2, 1}, 0, 2);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(prefixes.toByteArray());
        out.writeBytes(suffixes.toByteArray());
        out.writeBytes("XYZ".getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    @Test
    void parquet246FirstPrefixContinuesThePreviousPage() {
        List<byte[]> firstPage = utf8("zzz", "abcdef");
        byte[] page1 = encode(firstPage, KernelProvider.scalar(), null);
        byte[] page2 = continuedPage();
        List<byte[]> expected = utf8("abcXY", "abcXZ");

        // parquet-java, given the previous reader, decodes the continuation
        DeltaByteArrayReader oracle1 = oracleReader(page1, 2, null);
        readAll(oracle1, 2);
        assertThat(readAll(oracleReader(page2, 2, oracle1), 2)).containsExactlyElementsOf(expected);

        // ours: the previous value comes from the previous page's reader
        var reader1 = ours(KernelProvider.scalar());
        reader1.init(2, page1, 0, page1.length);
        assertThat(reader1.lastValue()).isNull();
        reader1.skip(2);
        byte[] last = reader1.lastValue();
        assertThat(last).isEqualTo("abcdef".getBytes(StandardCharsets.UTF_8));
        BinaryReadCheck.check(
                ours(KernelProvider.scalar()),
                page2,
                expected,
                3,
                r -> ((dev.colcodec.parquet.deltastrings.DeltaByteArrayReader) r).setPreviousValue(last));

        // without it the page is corrupt, whichever way it is read
        var reader2 = ours(KernelProvider.scalar());
        reader2.init(2, page2, 0, page2.length);
        assertThatThrownBy(reader2::readBinary)
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("PARQUET-246");
        reader2.init(2, page2, 0, page2.length);
        assertThatThrownBy(() -> reader2.skip(1)).isInstanceOf(CorruptInputException.class);
        // a previous value too short for the prefix is corrupt too
        reader2.init(2, page2, 0, page2.length);
        reader2.setPreviousValue(new byte[] {1, 2});
        assertThatThrownBy(() -> reader2.readBinaries(new BinaryBatch(), 2)).isInstanceOf(CorruptInputException.class);
        // and the previous value must be supplied before reading
        reader2.init(2, page2, 0, page2.length);
        reader2.setPreviousValue(last);
        reader2.readBinary();
        assertThatThrownBy(() -> reader2.setPreviousValue(last)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void writerLifeCycle() {
        var w = new dev.colcodec.parquet.deltastrings.DeltaByteArrayWriter(KernelProvider.scalar());
        w.writeBinary("abc".getBytes(StandardCharsets.UTF_8));
        w.writeBinary("abd".getBytes(StandardCharsets.UTF_8));
        byte[] page = w.toByteArray();
        assertThat(w.toByteArray()).isEqualTo(page).isNotSameAs(page);
        assertThatThrownBy(() -> w.writeBinary(new byte[1])).isInstanceOf(IllegalStateException.class);
        w.reset();
        // a new page starts from an empty previous value
        w.writeBinary("abd".getBytes(StandardCharsets.UTF_8));
        assertThat(w.toByteArray()).isEqualTo(oracleEncode(utf8("abd")));
        assertThat(w.bufferedSize()).isPositive();
    }

    @Test
    void pagesWhoseLengthStreamsOutgrowTheReservedSpaceMatchParquetJava() {
        // the first large page falls back to a fresh array and makes room for the next ones; small,
        // equal and larger pages follow on the same writer, each checked twice
        var w = new dev.colcodec.parquet.deltastrings.DeltaByteArrayWriter(KernelProvider.scalar());
        long seed = 77;
        for (int n : new int[] {3000, 5, 3000, 0, 9000, 1}) {
            List<byte[]> v = DeltaTestSupport.strings(DeltaTestSupport.Strings.RANDOM_SHORT, n, seed++);
            w.reset();
            for (byte[] b : v) {
                w.writeBinary(b);
            }
            byte[] page = w.toByteArray();
            assertThat(page).as("n=%d", n).isEqualTo(DeltaTestSupport.canonicalDeltaStrings(oracleEncode(v), 2));
            assertThat(w.toByteArray()).isEqualTo(page).isNotSameAs(page);
            assertThat(readAll(oracleReader(page, n, null), n)).containsExactlyElementsOf(v);
        }
    }

    @Test
    void mismatchedStreamCountsAreCorrupt() {
        DeltaBinaryPackedIntWriter prefixes = new DeltaBinaryPackedIntWriter(KernelProvider.scalar());
        prefixes.writeIntegers(new int[] {0, 1}, 0, 2);
        DeltaBinaryPackedIntWriter suffixes = new DeltaBinaryPackedIntWriter(KernelProvider.scalar());
        suffixes.writeInteger(2);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(prefixes.toByteArray());
        out.writeBytes(suffixes.toByteArray());
        out.writeBytes(new byte[] {1, 2, 3});
        byte[] page = out.toByteArray();
        assertThatThrownBy(() -> ours(KernelProvider.scalar()).init(ValuesReader.UNKNOWN_COUNT, page, 0, page.length))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("as many suffixes");
    }

    @Test
    void corruptInput() {
        List<byte[]> valid = new ArrayList<>();
        long seed = 55;
        for (Strings shape : Strings.values()) {
            for (int n : new int[] {0, 1, 3, 40, 150}) {
                if (shape != Strings.LONG || n < 40) {
                    valid.add(oracleEncode(DeltaTestSupport.strings(shape, n, seed++)));
                }
            }
        }
        valid.add(continuedPage());
        var reader = ours(KernelProvider.scalar());
        BinaryBatch batch = new BinaryBatch();
        int rejected = CorruptInputFuzz.run(valid, 10_000, 4321, (s, r) -> {
            reader.init(r.nextBoolean() ? ValuesReader.UNKNOWN_COUNT : 200, s.buf, s.offset, s.length);
            if (r.nextBoolean()) {
                reader.setPreviousValue("abcdefgh".getBytes(StandardCharsets.UTF_8));
            }
            int budget = 100_000;
            while (reader.remaining() > 0 && budget-- > 0) {
                int n = Math.min(reader.remaining(), r.nextInt(1, 300));
                switch (r.nextInt(3)) {
                    case 0:
                        reader.readBinary();
                        break;
                    case 1:
                        batch.clear();
                        reader.readBinaries(batch, n);
                        break;
                    default:
                        reader.skip(n);
                }
            }
            if (reader.remaining() == 0) {
                assertThatThrownBy(reader::readBinary).isInstanceOf(CorruptInputException.class);
            }
        });
        assertThat(rejected).isBetween(1_000, 9_500);
    }

    static List<byte[]> utf8(String... s) {
        List<byte[]> out = new ArrayList<>();
        for (String x : s) {
            out.add(x.getBytes(StandardCharsets.UTF_8));
        }
        return out;
    }
}
