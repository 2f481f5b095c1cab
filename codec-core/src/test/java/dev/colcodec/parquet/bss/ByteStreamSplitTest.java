package dev.colcodec.parquet.bss;

import static dev.colcodec.parquet.delta.DeltaTestSupport.hex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.CorruptInputException;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.delta.BinaryReadCheck;
import dev.colcodec.parquet.delta.CorruptInputFuzz;
import dev.colcodec.parquet.delta.DeltaTestSupport;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.ValuesReader;
import dev.colcodec.values.ValuesWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReader;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForDouble;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForFLBA;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForFloat;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForInteger;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForLong;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesWriter;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ByteStreamSplitTest {
    private static final Kernels[] KERNELS = {KernelProvider.scalar(), KernelProvider.best()};
    private static final int[] SIZES = {0, 1, 2, 3, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 257, 1000};

    /** The four fixed-width types behind one raw-bits view. */
    enum Type {
        FLOAT(4),
        DOUBLE(8),
        INT32(4),
        INT64(8);

        final int width;

        Type(int width) {
            this.width = width;
        }

        long[] data(int shape, int n, long seed) {
            SplittableRandom r = new SplittableRandom(seed);
            long[] special = this == FLOAT
                    ? new long[] {
                        0x7fc00000L,
                        0x7f800001L,
                        0xffc00001L,
                        0x7fbfffffL,
                        Float.floatToRawIntBits(Float.POSITIVE_INFINITY),
                        Float.floatToRawIntBits(Float.NEGATIVE_INFINITY),
                        Float.floatToRawIntBits(-0.0f),
                        0,
                        1,
                        Float.floatToRawIntBits(Float.MAX_VALUE),
                        Float.floatToRawIntBits(Float.MIN_NORMAL)
                    }
                    : this == DOUBLE
                            ? new long[] {
                                0x7ff8000000000000L,
                                0x7ff0000000000001L,
                                0xfff8000000000123L,
                                Double.doubleToRawLongBits(Double.POSITIVE_INFINITY),
                                Double.doubleToRawLongBits(Double.NEGATIVE_INFINITY),
                                Double.doubleToRawLongBits(-0.0),
                                0,
                                1,
                                Double.doubleToRawLongBits(Double.MAX_VALUE),
                                Double.doubleToRawLongBits(Double.MIN_NORMAL)
                            }
                            : this == INT32
                                    ? new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1, 1}
                                    : new long[] {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1};
            long[] v = new long[n];
            for (int i = 0; i < n; i++) {
                long x;
                switch (shape) {
                    case 0: // random bits
                        x = r.nextLong();
                        break;
                    case 1: // special values
                        x = special[r.nextInt(special.length)];
                        break;
                    case 2: // smooth series
                        x = this == FLOAT
                                ? Float.floatToRawIntBits((float) (20 + Math.sin(i / 10.0)))
                                : this == DOUBLE ? Double.doubleToRawLongBits(20 + Math.sin(i / 10.0)) : 1000 + i * 3L;
                        break;
                    default: // constant
                        x = special[0];
                }
                v[i] = width == 4 ? (x & 0xFFFFFFFFL) : x;
            }
            return v;
        }

        byte[] oracleEncode(long[] v) {
            HeapByteBufferAllocator a = new HeapByteBufferAllocator();
            try {
                switch (this) {
                    case FLOAT: {
                        var w = new ByteStreamSplitValuesWriter.FloatByteStreamSplitValuesWriter(64, 1 << 20, a);
                        for (long x : v) {
                            w.writeFloat(Float.intBitsToFloat((int) x));
                        }
                        return w.getBytes().toByteArray();
                    }
                    case DOUBLE: {
                        var w = new ByteStreamSplitValuesWriter.DoubleByteStreamSplitValuesWriter(64, 1 << 20, a);
                        for (long x : v) {
                            w.writeDouble(Double.longBitsToDouble(x));
                        }
                        return w.getBytes().toByteArray();
                    }
                    case INT32: {
                        var w = new ByteStreamSplitValuesWriter.IntegerByteStreamSplitValuesWriter(64, 1 << 20, a);
                        for (long x : v) {
                            w.writeInteger((int) x);
                        }
                        return w.getBytes().toByteArray();
                    }
                    default: {
                        var w = new ByteStreamSplitValuesWriter.LongByteStreamSplitValuesWriter(64, 1 << 20, a);
                        for (long x : v) {
                            w.writeLong(x);
                        }
                        return w.getBytes().toByteArray();
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        long[] oracleDecode(byte[] page, int n) {
            ByteStreamSplitValuesReader r = this == FLOAT
                    ? new ByteStreamSplitValuesReaderForFloat()
                    : this == DOUBLE
                            ? new ByteStreamSplitValuesReaderForDouble()
                            : this == INT32
                                    ? new ByteStreamSplitValuesReaderForInteger()
                                    : new ByteStreamSplitValuesReaderForLong();
            try {
                r.initFromPage(n, ByteBufferInputStream.wrap(ByteBuffer.wrap(page)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            long[] out = new long[n];
            for (int i = 0; i < n; i++) {
                switch (this) {
                    case FLOAT:
                        out[i] = Float.floatToRawIntBits(r.readFloat()) & 0xFFFFFFFFL;
                        break;
                    case DOUBLE:
                        out[i] = Double.doubleToRawLongBits(r.readDouble());
                        break;
                    case INT32:
                        out[i] = r.readInteger() & 0xFFFFFFFFL;
                        break;
                    default:
                        out[i] = r.readLong();
                }
            }
            return out;
        }

        byte[] encode(long[] v, Kernels k, SplittableRandom batches) {
            int n = v.length;
            ValuesWriter writer;
            switch (this) {
                case FLOAT: {
                    var w = new ByteStreamSplitFloatWriter(k);
                    float[] src = new float[n];
                    for (int i = 0; i < n; i++) {
                        src[i] = Float.intBitsToFloat((int) v[i]);
                    }
                    for (int i = 0; i < n; ) {
                        int len = batches == null ? 1 : Math.min(n - i, batches.nextInt(1, 100));
                        if (len == 1) {
                            w.writeFloat(src[i]);
                        } else {
                            w.writeFloats(src, i, len);
                        }
                        i += len;
                    }
                    writer = w;
                    break;
                }
                case DOUBLE: {
                    var w = new ByteStreamSplitDoubleWriter(k);
                    double[] src = new double[n];
                    for (int i = 0; i < n; i++) {
                        src[i] = Double.longBitsToDouble(v[i]);
                    }
                    for (int i = 0; i < n; ) {
                        int len = batches == null ? 1 : Math.min(n - i, batches.nextInt(1, 100));
                        if (len == 1) {
                            w.writeDouble(src[i]);
                        } else {
                            w.writeDoubles(src, i, len);
                        }
                        i += len;
                    }
                    writer = w;
                    break;
                }
                case INT32: {
                    var w = new ByteStreamSplitIntWriter(k);
                    int[] src = new int[n];
                    for (int i = 0; i < n; i++) {
                        src[i] = (int) v[i];
                    }
                    for (int i = 0; i < n; ) {
                        int len = batches == null ? 1 : Math.min(n - i, batches.nextInt(1, 100));
                        if (len == 1) {
                            w.writeInteger(src[i]);
                        } else {
                            w.writeIntegers(src, i, len);
                        }
                        i += len;
                    }
                    writer = w;
                    break;
                }
                default: {
                    var w = new ByteStreamSplitLongWriter(k);
                    for (int i = 0; i < n; ) {
                        int len = batches == null ? 1 : Math.min(n - i, batches.nextInt(1, 100));
                        if (len == 1) {
                            w.writeLong(v[i]);
                        } else {
                            w.writeLongs(v, i, len);
                        }
                        i += len;
                    }
                    writer = w;
                }
            }
            assertThat(writer.valueCount()).isEqualTo(n);
            assertThat(writer.bufferedSize()).isEqualTo((long) n * width);
            return writer.toByteArray();
        }

        Reader reader(Kernels k) {
            switch (this) {
                case FLOAT: {
                    var r = new ByteStreamSplitFloatReader(k);
                    return new Reader(
                            r, () -> Float.floatToRawIntBits(r.readFloat()) & 0xFFFFFFFFL, (dst, off, len) -> {
                                float[] t = new float[len + 1];
                                r.readFloats(t, 1, len);
                                for (int i = 0; i < len; i++) {
                                    dst[off + i] = Float.floatToRawIntBits(t[i + 1]) & 0xFFFFFFFFL;
                                }
                            });
                }
                case DOUBLE: {
                    var r = new ByteStreamSplitDoubleReader(k);
                    return new Reader(r, () -> Double.doubleToRawLongBits(r.readDouble()), (dst, off, len) -> {
                        double[] t = new double[len + 1];
                        r.readDoubles(t, 1, len);
                        for (int i = 0; i < len; i++) {
                            dst[off + i] = Double.doubleToRawLongBits(t[i + 1]);
                        }
                    });
                }
                case INT32: {
                    var r = new ByteStreamSplitIntReader(k);
                    return new Reader(r, () -> r.readInteger() & 0xFFFFFFFFL, (dst, off, len) -> {
                        int[] t = new int[len + 1];
                        r.readIntegers(t, 1, len);
                        for (int i = 0; i < len; i++) {
                            dst[off + i] = t[i + 1] & 0xFFFFFFFFL;
                        }
                    });
                }
                default: {
                    var r = new ByteStreamSplitLongReader(k);
                    return new Reader(r, r::readLong, r::readLongs);
                }
            }
        }
    }

    interface BatchRead {
        void read(long[] dst, int off, int len);
    }

    static final class Reader {
        final ValuesReader raw;
        final java.util.function.LongSupplier one;
        final BatchRead batch;

        Reader(ValuesReader raw, java.util.function.LongSupplier one, BatchRead batch) {
            this.raw = raw;
            this.one = one;
            this.batch = batch;
        }
    }

    static void checkDecode(Type t, Kernels k, byte[] page, long[] expected, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int lead = r.nextInt(8);
        byte[] framed = new byte[lead + page.length + r.nextInt(5)];
        System.arraycopy(page, 0, framed, lead, page.length);
        Reader reader = t.reader(k);
        int n = expected.length;
        reader.raw.init(r.nextBoolean() ? ValuesReader.UNKNOWN_COUNT : n + r.nextInt(3), framed, lead, page.length);
        int pos = 0;
        while (pos < n) {
            int left = n - pos;
            switch (r.nextInt(3)) {
                case 0: {
                    long got = reader.one.getAsLong();
                    if (got != expected[pos]) {
                        assertThat(got).as("%s value %d of %d", t, pos, n).isEqualTo(expected[pos]);
                    }
                    pos++;
                    break;
                }
                case 1: {
                    int len = Math.min(left, 1 + 2 * r.nextInt(60));
                    long[] got = new long[len];
                    reader.batch.read(got, 0, len);
                    if (!Arrays.equals(got, 0, len, expected, pos, pos + len)) {
                        assertThat(got)
                                .as("%s batch at %d", t, pos)
                                .isEqualTo(Arrays.copyOfRange(expected, pos, pos + len));
                    }
                    pos += len;
                    break;
                }
                default: {
                    int len = Math.min(left, r.nextInt(100));
                    reader.raw.skip(len);
                    pos += len;
                }
            }
        }
        assertThat(reader.raw.endOffset()).isEqualTo(lead + page.length);
        assertThatThrownBy(reader.one::getAsLong).isInstanceOf(CorruptInputException.class);
        assertThatThrownBy(() -> reader.raw.skip(1)).isInstanceOf(CorruptInputException.class);
        assertThatThrownBy(() -> reader.batch.read(new long[1], 0, 1)).isInstanceOf(CorruptInputException.class);
    }

    @Test
    void specVectors() {
        long[] ints = {0xDDCCBBAAL, 0x33221100L, 0xD6C5B4A3L};
        byte[] expected = hex("aa 00 a3 bb 11 b4 cc 22 c5 dd 33 d6");
        assertThat(Type.INT32.encode(ints, KernelProvider.scalar(), null)).isEqualTo(expected);
        assertThat(Type.INT32.oracleEncode(ints)).isEqualTo(expected);
        checkDecode(Type.INT32, KernelProvider.scalar(), expected, ints, 1);

        List<byte[]> flba = List.of(new byte[] {1, 2, 3}, new byte[] {4, 5, 6});
        byte[] expectedFlba = hex("01 04 02 05 03 06");
        assertThat(encodeFixed(flba, 3, KernelProvider.scalar(), null)).isEqualTo(expectedFlba);
        assertThat(oracleEncodeFixed(flba, 3)).isEqualTo(expectedFlba);
        BinaryReadCheck.check(
                new ByteStreamSplitFixedLenReader(3, KernelProvider.scalar()), expectedFlba, flba, 2, r -> {});
    }

    @ParameterizedTest
    @EnumSource(Type.class)
    void everyShapeAndSizeMatchesParquetJava(Type t) {
        long seed = 10;
        for (int shape = 0; shape < 4; shape++) {
            for (int n : SIZES) {
                long[] v = t.data(shape, n, seed++);
                byte[] oracle = t.oracleEncode(v);
                for (Kernels k : KERNELS) {
                    byte[] ours = t.encode(v, k, null);
                    assertThat(ours).as("%s shape %d n %d", t, shape, n).isEqualTo(oracle);
                    assertThat(t.encode(v, k, new SplittableRandom(seed))).isEqualTo(ours);
                    assertThat(t.oracleDecode(ours, n)).isEqualTo(v);
                    checkDecode(t, k, oracle, v, seed);
                }
            }
        }
    }

    static byte[] oracleEncodeFixed(List<byte[]> values, int width) {
        var w = new ByteStreamSplitValuesWriter.FixedLenByteArrayByteStreamSplitValuesWriter(
                width, 64, 1 << 20, new HeapByteBufferAllocator());
        for (byte[] v : values) {
            w.writeBytes(Binary.fromConstantByteArray(v));
        }
        try {
            return w.getBytes().toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] encodeFixed(List<byte[]> values, int width, Kernels k, SplittableRandom batches) {
        ByteStreamSplitFixedLenWriter w = new ByteStreamSplitFixedLenWriter(width, k);
        BinaryBatch b = new BinaryBatch();
        for (byte[] v : values) {
            b.append(v, 0, v.length);
        }
        for (int i = 0; i < values.size(); ) {
            int len = batches == null ? 1 : Math.min(values.size() - i, batches.nextInt(1, 100));
            if (len == 1) {
                w.writeBinary(values.get(i));
            } else {
                w.writeBinaries(b, i, len);
            }
            i += len;
        }
        assertThat(w.valueCount()).isEqualTo(values.size());
        return w.toByteArray();
    }

    @Test
    void fixedLengthValues() {
        long seed = 200;
        for (int width : new int[] {1, 2, 3, 4, 7, 8, 12, 16, 33}) {
            for (int n : new int[] {0, 1, 2, 31, 33, 129, 1000}) {
                List<byte[]> v = DeltaTestSupport.fixedStrings(width, n, seed++);
                byte[] oracle = oracleEncodeFixed(v, width);
                for (Kernels k : KERNELS) {
                    assertThat(encodeFixed(v, width, k, null)).isEqualTo(oracle);
                    assertThat(encodeFixed(v, width, k, new SplittableRandom(seed)))
                            .isEqualTo(oracle);
                    BinaryReadCheck.check(new ByteStreamSplitFixedLenReader(width, k), oracle, v, seed, r -> {});
                }
                var r = new ByteStreamSplitValuesReaderForFLBA(width);
                try {
                    r.initFromPage(
                            n,
                            ByteBufferInputStream.wrap(
                                    ByteBuffer.wrap(encodeFixed(v, width, KernelProvider.scalar(), null))));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                for (int i = 0; i < n; i++) {
                    assertThat(r.readBytes().getBytes()).isEqualTo(v.get(i));
                }
            }
        }
    }

    @Test
    void lengthsAndCountsAreValidated() {
        byte[] seven = new byte[7];
        assertThatThrownBy(() -> new ByteStreamSplitFloatReader(KernelProvider.scalar()).init(-1, seven, 0, 7))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("multiple of 4");
        assertThatThrownBy(() -> new ByteStreamSplitDoubleReader(KernelProvider.scalar()).init(-1, seven, 0, 7))
                .isInstanceOf(CorruptInputException.class);
        assertThatThrownBy(() -> new ByteStreamSplitFixedLenReader(3, KernelProvider.scalar()).init(-1, seven, 0, 7))
                .isInstanceOf(CorruptInputException.class);
        byte[] sixteen = new byte[16];
        var r = new ByteStreamSplitIntReader(KernelProvider.scalar());
        assertThatThrownBy(() -> r.init(3, sixteen, 0, 16))
                .isInstanceOf(CorruptInputException.class)
                .hasMessageContaining("at most 3 values");
        r.init(10, sixteen, 0, 16); // nulls make the page count an upper bound
        assertThat(r.remaining()).isEqualTo(4);
        assertThatThrownBy(() -> r.readIntegers(new int[5], 0, 5)).isInstanceOf(CorruptInputException.class);
        assertThat(r.remaining()).isEqualTo(4);
        assertThatThrownBy(() -> new ByteStreamSplitFixedLenReader(0)).isInstanceOf(IllegalArgumentException.class);
        var w = new ByteStreamSplitFixedLenWriter(3, KernelProvider.scalar());
        assertThatThrownBy(() -> w.writeBinary(new byte[2])).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void writerLifeCycle() {
        var w = new ByteStreamSplitDoubleWriter(KernelProvider.scalar());
        w.writeDoubles(new double[] {1.5, Double.NaN, -0.0}, 0, 3);
        byte[] page = w.toByteArray();
        assertThat(w.toByteArray()).isEqualTo(page).isNotSameAs(page);
        assertThatThrownBy(() -> w.writeDouble(1)).isInstanceOf(IllegalStateException.class);
        w.reset();
        assertThat(w.valueCount()).isZero();
        w.writeDoubles(new double[] {1.5, Double.NaN, -0.0}, 0, 3);
        assertThat(w.toByteArray()).isEqualTo(page);
        var f = new ByteStreamSplitFixedLenWriter(2, KernelProvider.scalar());
        f.writeBinary(new byte[] {1, 2});
        f.toByteArray();
        assertThatThrownBy(() -> f.writeBinary(new byte[] {1, 2})).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void corruptInput() {
        for (Type t : Type.values()) {
            List<byte[]> valid = new ArrayList<>();
            for (int n : new int[] {0, 1, 5, 33, 100}) {
                valid.add(t.oracleEncode(t.data(n % 4, n, n)));
            }
            Reader reader = t.reader(KernelProvider.scalar());
            int rejected = CorruptInputFuzz.run(valid, 10_000, t.ordinal(), (s, r) -> fuzzRead(reader, s, r));
            assertThat(rejected).as("%s", t).isBetween(100, 9_000);
        }
        List<byte[]> valid = new ArrayList<>();
        for (int n : new int[] {0, 1, 5, 33, 100}) {
            valid.add(oracleEncodeFixed(DeltaTestSupport.fixedStrings(5, n, n), 5));
        }
        var reader = new ByteStreamSplitFixedLenReader(5, KernelProvider.scalar());
        BinaryBatch batch = new BinaryBatch();
        int rejected = CorruptInputFuzz.run(valid, 10_000, 77, (s, r) -> {
            reader.init(r.nextBoolean() ? ValuesReader.UNKNOWN_COUNT : 100, s.buf, s.offset, s.length);
            while (reader.remaining() > 0) {
                int n = Math.min(reader.remaining(), r.nextInt(1, 40));
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
            assertThatThrownBy(reader::readBinary).isInstanceOf(CorruptInputException.class);
        });
        assertThat(rejected).isBetween(100, 9_000);
    }

    private static void fuzzRead(Reader reader, CorruptInputFuzz.Slice s, SplittableRandom r) {
        reader.raw.init(r.nextBoolean() ? ValuesReader.UNKNOWN_COUNT : 100, s.buf, s.offset, s.length);
        long[] scratch = new long[64];
        int left = s.length; // an upper bound on the values
        while (left > 0) {
            int n = r.nextInt(1, 40);
            try {
                switch (r.nextInt(3)) {
                    case 0:
                        reader.one.getAsLong();
                        n = 1;
                        break;
                    case 1:
                        reader.batch.read(scratch, 0, n);
                        break;
                    default:
                        reader.raw.skip(n);
                }
            } catch (CorruptInputException endOfSection) {
                return; // reading past the end: also corrupt input, and the reader's state is unchanged
            }
            left -= n;
        }
    }
}
