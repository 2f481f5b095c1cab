package dev.colcodec.parquet.deltalength;

import static dev.colcodec.parquet.delta.DeltaTestSupport.hex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.delta.BinaryReadCheck;
import dev.colcodec.parquet.delta.CorruptInputFuzz;
import dev.colcodec.parquet.delta.DeltaTestSupport;
import dev.colcodec.parquet.delta.DeltaTestSupport.Strings;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.ValuesReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesReader;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;

class DeltaLengthByteArrayTest {
    private static final Kernels[] KERNELS = {KernelProvider.scalar(), KernelProvider.best()};

    static byte[] oracleEncode(List<byte[]> values) {
        try {
            DeltaLengthByteArrayValuesWriter w =
                    new DeltaLengthByteArrayValuesWriter(64, 1 << 20, new HeapByteBufferAllocator());
            for (byte[] v : values) {
                w.writeBytes(Binary.fromConstantByteArray(v));
            }
            return w.getBytes().toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<byte[]> oracleDecode(byte[] page, int n) {
        try {
            DeltaLengthByteArrayValuesReader r = new DeltaLengthByteArrayValuesReader();
            r.initFromPage(n, ByteBufferInputStream.wrap(ByteBuffer.wrap(page)));
            List<byte[]> out = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                out.add(r.readBytes().getBytes());
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] encode(List<byte[]> values, Kernels k, SplittableRandom batches) {
        DeltaLengthByteArrayWriter w = new DeltaLengthByteArrayWriter(k);
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
                w.writeBinaries(b, i, n);
                i += n;
            }
        }
        assertThat(w.valueCount()).isEqualTo(values.size());
        return w.toByteArray();
    }

    @Test
    void specVector() {
        List<byte[]> v = utf8("Hello", "World", "Foobar", "ABCDEF");
        byte[] expected = hex(
                "80 01 04 04 0a 00 01 00 00 00 02 00 00 00 48 65 6c 6c 6f 57 6f 72 6c 64 46 6f 6f 62 61 72 41 42 43 44 45 46");
        assertThat(encode(v, KernelProvider.scalar(), null)).isEqualTo(expected);
        assertThat(oracleEncode(v)).isEqualTo(expected);
        BinaryReadCheck.check(new DeltaLengthByteArrayReader(KernelProvider.scalar()), expected, v, 1, r -> {});
    }

    @Test
    void everyShapeAndSizeMatchesParquetJava() {
        long seed = 1;
        for (Strings shape : Strings.values()) {
            for (int n : DeltaTestSupport.SIZES) {
                List<byte[]> v = DeltaTestSupport.strings(shape, n, seed++);
                byte[] oracle = oracleEncode(v);
                for (Kernels k : KERNELS) {
                    byte[] ours = encode(v, k, null);
                    assertThat(encode(v, k, new SplittableRandom(seed))).isEqualTo(ours);
                    assertThat(ours)
                            .as("%s n=%d", shape, n)
                            .isEqualTo(DeltaTestSupport.canonicalDeltaStrings(oracle, 1));
                    assertThat(oracleDecode(ours, n)).containsExactlyElementsOf(v);
                    BinaryReadCheck.check(new DeltaLengthByteArrayReader(k), oracle, v, seed, r -> {});
                }
            }
        }
    }

    @Test
    void writerLifeCycleAndReaderErrors() {
        DeltaLengthByteArrayWriter w = new DeltaLengthByteArrayWriter(KernelProvider.scalar());
        w.writeBinary("abc".getBytes(StandardCharsets.UTF_8));
        byte[] page = w.toByteArray();
        assertThat(w.toByteArray()).isEqualTo(page).isNotSameAs(page);
        assertThat(w.bufferedSize()).isPositive();
        assertThatThrownBy(() -> w.writeBinary(new byte[1])).isInstanceOf(IllegalStateException.class);
        w.reset();
        assertThat(w.valueCount()).isZero();

        // lengths claim more bytes than the page holds
        DeltaLengthByteArrayReader r = new DeltaLengthByteArrayReader(KernelProvider.scalar());
        byte[] truncated = java.util.Arrays.copyOf(page, page.length - 1);
        r.init(ValuesReader.UNKNOWN_COUNT, truncated, 0, truncated.length);
        assertThatThrownBy(r::readBinary).isInstanceOf(CorruptInputException.class);
        r.init(ValuesReader.UNKNOWN_COUNT, truncated, 0, truncated.length);
        assertThatThrownBy(() -> r.readBinaries(new BinaryBatch(), 1)).isInstanceOf(CorruptInputException.class);
        r.init(ValuesReader.UNKNOWN_COUNT, truncated, 0, truncated.length);
        assertThatThrownBy(() -> r.skip(1)).isInstanceOf(CorruptInputException.class);
        // a negative length (first value -1)
        byte[] negative = hex("80 01 04 01 01");
        r.init(ValuesReader.UNKNOWN_COUNT, negative, 0, negative.length);
        assertThatThrownBy(r::readBinary)
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("non-negative");
    }

    @Test
    void corruptInput() {
        List<byte[]> valid = new ArrayList<>();
        long seed = 77;
        for (Strings shape : Strings.values()) {
            for (int n : new int[] {0, 1, 3, 40, 150}) {
                if (shape != Strings.LONG || n < 40) {
                    valid.add(oracleEncode(DeltaTestSupport.strings(shape, n, seed++)));
                }
            }
        }
        DeltaLengthByteArrayReader reader = new DeltaLengthByteArrayReader(KernelProvider.scalar());
        BinaryBatch batch = new BinaryBatch();
        int rejected = CorruptInputFuzz.run(valid, 10_000, 99, (s, r) -> {
            reader.init(r.nextBoolean() ? ValuesReader.UNKNOWN_COUNT : 200, s.buf, s.offset, s.length);
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
