package dev.colcodec.parquet.dictionary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.colcodec.kernel.Kernels;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.ValueShapes;
import dev.colcodec.parquet.plain.PlainBinaryReader;
import dev.colcodec.parquet.plain.PlainDoubleReader;
import dev.colcodec.parquet.plain.PlainFixedLenReader;
import dev.colcodec.parquet.plain.PlainFloatReader;
import dev.colcodec.parquet.plain.PlainIntReader;
import dev.colcodec.parquet.plain.PlainLongReader;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.BinaryValuesReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesReader;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.column.values.dictionary.PlainValuesDictionary;
import org.apache.parquet.column.values.fallback.FallbackValuesWriter;
import org.apache.parquet.column.values.plain.BinaryPlainValuesReader;
import org.apache.parquet.column.values.plain.FixedLenByteArrayPlainValuesReader;
import org.apache.parquet.column.values.plain.FixedLenByteArrayPlainValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesReader;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.io.api.Binary;

/**
 * One physical type's view of the dictionary tests: values made from int keys, parquet-java's writer and
 * readers for it, and ours. Values are compared as raw bits ({@code long}) or bytes.
 */
abstract class DictionaryCases {
    static final HeapByteBufferAllocator ALLOC = HeapByteBufferAllocator.getInstance();

    final String name;

    DictionaryCases(String name) {
        this.name = name;
    }

    @Override
    public String toString() {
        return name;
    }

    /** Makes {@code n} values from {@code keys} (equal keys, equal values). */
    abstract void setValues(int[] keys);

    abstract ValuesWriter newOracle(DictionaryFlavor flavor, int maxDictionaryByteSize);

    abstract DictionaryWriter newOurs(DictionaryFlavor flavor, int maxDictionaryByteSize, Kernels kernels);

    abstract void writeOracle(ValuesWriter w, int from, int to);

    /** Writes per value or in batches, as {@code r} decides. */
    abstract void writeOurs(DictionaryWriter w, int from, int to, SplittableRandom r);

    /** Decodes a page with our readers (batches and skips) and checks the values. */
    abstract void checkOurDecode(
            byte[] page,
            ParquetEncoding encoding,
            byte[] dictPage,
            int dictCount,
            int from,
            int to,
            Kernels k,
            SplittableRandom r);

    /** Decodes a page with parquet-java's readers and checks the values. */
    abstract void checkOracleDecode(
            byte[] page, ParquetEncoding encoding, byte[] dictPage, int dictCount, int from, int to);

    static Encoding[] oracleEncodings(DictionaryFlavor flavor) {
        return flavor == DictionaryFlavor.V1_PLAIN_DICTIONARY
                ? new Encoding[] {Encoding.PLAIN_DICTIONARY, Encoding.PLAIN_DICTIONARY}
                : new Encoding[] {Encoding.RLE_DICTIONARY, Encoding.PLAIN};
    }

    static PlainValuesWriter plain() {
        return new PlainValuesWriter(64, 1 << 20, ALLOC);
    }

    static DictionaryPage dictPage(byte[] bytes, int count) {
        return new DictionaryPage(BytesInput.from(bytes), count, Encoding.PLAIN);
    }

    static <R extends ValuesReader> R init(R r, int n, byte[] page) {
        try {
            r.initFromPage(n, ByteBufferInputStream.wrap(ByteBuffer.wrap(page)));
            return r;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Dictionary oracleDictionary(PlainValuesDictionaryFactory f, byte[] dictPage, int count) {
        try {
            return f.make(dictPage(dictPage, count));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    interface PlainValuesDictionaryFactory {
        Dictionary make(DictionaryPage page) throws IOException;
    }

    /** Splits [0, n) into batches (negative = skip). */
    static void batches(
            int n, SplittableRandom r, java.util.function.IntConsumer read, java.util.function.IntConsumer skip) {
        for (int b : ValueShapes.oddBatches(n, r)) {
            if (b < 0) {
                skip.accept(-b);
            } else {
                read.accept(b);
            }
        }
    }

    // ---- numbers, compared as raw bits -----------------------------------------------------------

    /** INT32, INT64, FLOAT, DOUBLE: values kept as raw bits in a long[]. */
    abstract static class Numeric extends DictionaryCases {
        long[] bits = new long[0];

        Numeric(String name) {
            super(name);
        }

        abstract long bitsOf(int key);

        @Override
        void setValues(int[] keys) {
            bits = new long[keys.length];
            for (int i = 0; i < keys.length; i++) {
                bits[i] = bitsOf(keys[i]);
            }
        }

        /** Our reader of this type, decoding [from, to) into raw bits with batches and skips. */
        abstract long[] readOurs(dev.colcodec.values.ValuesReader reader, int n, SplittableRandom r, long[] expected);

        abstract dev.colcodec.values.ValuesReader ourPlainReader(Kernels k);

        abstract dev.colcodec.values.ValuesReader ourDictionaryReader(byte[] dictPage, int dictCount, Kernels k);

        abstract long oracleRead(ValuesReader r);

        abstract ValuesReader oraclePlainReader();

        abstract Dictionary oracleDictionary(byte[] dictPage, int dictCount);

        @Override
        void checkOurDecode(
                byte[] page,
                ParquetEncoding encoding,
                byte[] dictPage,
                int dictCount,
                int from,
                int to,
                Kernels k,
                SplittableRandom r) {
            dev.colcodec.values.ValuesReader reader =
                    encoding == ParquetEncoding.PLAIN ? ourPlainReader(k) : ourDictionaryReader(dictPage, dictCount, k);
            long[] expected = Arrays.copyOfRange(bits, from, to);
            reader.init(to - from, page, 0, page.length);
            assertThat(readOurs(reader, to - from, r, expected)).isEqualTo(expected);
        }

        @Override
        void checkOracleDecode(
                byte[] page, ParquetEncoding encoding, byte[] dictPage, int dictCount, int from, int to) {
            ValuesReader reader = encoding == ParquetEncoding.PLAIN
                    ? oraclePlainReader()
                    : new DictionaryValuesReader(oracleDictionary(dictPage, dictCount));
            init(reader, to - from, page);
            long[] got = new long[to - from];
            for (int i = 0; i < got.length; i++) {
                got[i] = oracleRead(reader);
            }
            assertThat(got).isEqualTo(Arrays.copyOfRange(bits, from, to));
        }
    }

    static long mix(int key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return h ^ (h >>> 29);
    }

    static final class Int32 extends Numeric {
        Int32() {
            super("INT32");
        }

        @Override
        long bitsOf(int key) {
            return key < 3 ? new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE, 0}[key] : (int) mix(key);
        }

        @Override
        ValuesWriter newOracle(DictionaryFlavor flavor, int max) {
            Encoding[] e = oracleEncodings(flavor);
            return FallbackValuesWriter.of(
                    new DictionaryValuesWriter.PlainIntegerDictionaryValuesWriter(max, e[0], e[1], ALLOC), plain());
        }

        @Override
        DictionaryWriter newOurs(DictionaryFlavor flavor, int max, Kernels kernels) {
            return new DictionaryIntWriter(flavor, max, kernels);
        }

        @Override
        void writeOracle(ValuesWriter w, int from, int to) {
            for (int i = from; i < to; i++) {
                w.writeInteger((int) bits[i]);
            }
        }

        @Override
        void writeOurs(DictionaryWriter w, int from, int to, SplittableRandom r) {
            DictionaryIntWriter d = (DictionaryIntWriter) w;
            int[] v = new int[to - from];
            for (int i = 0; i < v.length; i++) {
                v[i] = (int) bits[from + i];
            }
            for (int i = 0; i < v.length; ) {
                int c = Math.min(v.length - i, r.nextInt(3) == 0 ? 1 : 1 + r.nextInt(500));
                if (c == 1) {
                    d.writeInteger(v[i]);
                } else {
                    d.writeIntegers(v, i, c);
                }
                i += c;
            }
        }

        @Override
        long[] readOurs(dev.colcodec.values.ValuesReader reader, int n, SplittableRandom r, long[] expected) {
            dev.colcodec.values.IntValuesReader ir = (dev.colcodec.values.IntValuesReader) reader;
            long[] out = expected.clone();
            int[] buf = new int[n];
            int[] pos = {0};
            batches(
                    n,
                    r,
                    b -> {
                        if (b == 1) {
                            out[pos[0]] = ir.readInteger();
                        } else {
                            ir.readIntegers(buf, 0, b);
                            for (int i = 0; i < b; i++) {
                                out[pos[0] + i] = buf[i];
                            }
                        }
                        pos[0] += b;
                    },
                    s -> {
                        ir.skip(s);
                        pos[0] += s;
                    });
            return out;
        }

        @Override
        dev.colcodec.values.ValuesReader ourPlainReader(Kernels k) {
            return new PlainIntReader(k);
        }

        @Override
        dev.colcodec.values.ValuesReader ourDictionaryReader(byte[] dictPage, int dictCount, Kernels k) {
            return new DictionaryIntReader(IntDictionary.read(dictCount, dictPage, 0, dictPage.length, k), k);
        }

        @Override
        long oracleRead(ValuesReader r) {
            return r.readInteger();
        }

        @Override
        ValuesReader oraclePlainReader() {
            return new PlainValuesReader.IntegerPlainValuesReader();
        }

        @Override
        Dictionary oracleDictionary(byte[] dictPage, int dictCount) {
            return DictionaryCases.oracleDictionary(
                    PlainValuesDictionary.PlainIntegerDictionary::new, dictPage, dictCount);
        }
    }

    static final class Int64 extends Numeric {
        Int64() {
            super("INT64");
        }

        @Override
        long bitsOf(int key) {
            return key < 3 ? new long[] {Long.MIN_VALUE, Long.MAX_VALUE, 0}[key] : mix(key);
        }

        @Override
        ValuesWriter newOracle(DictionaryFlavor flavor, int max) {
            Encoding[] e = oracleEncodings(flavor);
            return FallbackValuesWriter.of(
                    new DictionaryValuesWriter.PlainLongDictionaryValuesWriter(max, e[0], e[1], ALLOC), plain());
        }

        @Override
        DictionaryWriter newOurs(DictionaryFlavor flavor, int max, Kernels kernels) {
            return new DictionaryLongWriter(flavor, max, kernels);
        }

        @Override
        void writeOracle(ValuesWriter w, int from, int to) {
            for (int i = from; i < to; i++) {
                w.writeLong(bits[i]);
            }
        }

        @Override
        void writeOurs(DictionaryWriter w, int from, int to, SplittableRandom r) {
            DictionaryLongWriter d = (DictionaryLongWriter) w;
            for (int i = from; i < to; ) {
                int c = Math.min(to - i, r.nextInt(3) == 0 ? 1 : 1 + r.nextInt(500));
                if (c == 1) {
                    d.writeLong(bits[i]);
                } else {
                    d.writeLongs(bits, i, c);
                }
                i += c;
            }
        }

        @Override
        long[] readOurs(dev.colcodec.values.ValuesReader reader, int n, SplittableRandom r, long[] expected) {
            dev.colcodec.values.LongValuesReader lr = (dev.colcodec.values.LongValuesReader) reader;
            long[] out = expected.clone();
            int[] pos = {0};
            batches(
                    n,
                    r,
                    b -> {
                        if (b == 1) {
                            out[pos[0]] = lr.readLong();
                        } else {
                            lr.readLongs(out, pos[0], b);
                        }
                        pos[0] += b;
                    },
                    s -> {
                        lr.skip(s);
                        pos[0] += s;
                    });
            return out;
        }

        @Override
        dev.colcodec.values.ValuesReader ourPlainReader(Kernels k) {
            return new PlainLongReader(k);
        }

        @Override
        dev.colcodec.values.ValuesReader ourDictionaryReader(byte[] dictPage, int dictCount, Kernels k) {
            return new DictionaryLongReader(LongDictionary.read(dictCount, dictPage, 0, dictPage.length, k), k);
        }

        @Override
        long oracleRead(ValuesReader r) {
            return r.readLong();
        }

        @Override
        ValuesReader oraclePlainReader() {
            return new PlainValuesReader.LongPlainValuesReader();
        }

        @Override
        Dictionary oracleDictionary(byte[] dictPage, int dictCount) {
            return DictionaryCases.oracleDictionary(
                    PlainValuesDictionary.PlainLongDictionary::new, dictPage, dictCount);
        }
    }

    static final class Float32 extends Numeric {
        Float32() {
            super("FLOAT");
        }

        @Override
        long bitsOf(int key) {
            int[] special = ValueShapes.SPECIAL_FLOAT_BITS;
            return key < special.length ? special[key] : (int) mix(key);
        }

        @Override
        ValuesWriter newOracle(DictionaryFlavor flavor, int max) {
            Encoding[] e = oracleEncodings(flavor);
            return FallbackValuesWriter.of(
                    new DictionaryValuesWriter.PlainFloatDictionaryValuesWriter(max, e[0], e[1], ALLOC), plain());
        }

        @Override
        DictionaryWriter newOurs(DictionaryFlavor flavor, int max, Kernels kernels) {
            return new DictionaryFloatWriter(flavor, max, kernels);
        }

        @Override
        void writeOracle(ValuesWriter w, int from, int to) {
            for (int i = from; i < to; i++) {
                w.writeFloat(Float.intBitsToFloat((int) bits[i]));
            }
        }

        @Override
        void writeOurs(DictionaryWriter w, int from, int to, SplittableRandom r) {
            DictionaryFloatWriter d = (DictionaryFloatWriter) w;
            float[] v = new float[to - from];
            for (int i = 0; i < v.length; i++) {
                v[i] = Float.intBitsToFloat((int) bits[from + i]);
            }
            for (int i = 0; i < v.length; ) {
                int c = Math.min(v.length - i, r.nextInt(3) == 0 ? 1 : 1 + r.nextInt(1500));
                if (c == 1) {
                    d.writeFloat(v[i]);
                } else {
                    d.writeFloats(v, i, c);
                }
                i += c;
            }
        }

        @Override
        long[] readOurs(dev.colcodec.values.ValuesReader reader, int n, SplittableRandom r, long[] expected) {
            dev.colcodec.values.FloatValuesReader fr = (dev.colcodec.values.FloatValuesReader) reader;
            long[] out = expected.clone();
            float[] buf = new float[n];
            int[] pos = {0};
            batches(
                    n,
                    r,
                    b -> {
                        if (b == 1) {
                            out[pos[0]] = Float.floatToRawIntBits(fr.readFloat());
                        } else {
                            fr.readFloats(buf, 0, b);
                            for (int i = 0; i < b; i++) {
                                out[pos[0] + i] = Float.floatToRawIntBits(buf[i]);
                            }
                        }
                        pos[0] += b;
                    },
                    s -> {
                        fr.skip(s);
                        pos[0] += s;
                    });
            return out;
        }

        @Override
        dev.colcodec.values.ValuesReader ourPlainReader(Kernels k) {
            return new PlainFloatReader(k);
        }

        @Override
        dev.colcodec.values.ValuesReader ourDictionaryReader(byte[] dictPage, int dictCount, Kernels k) {
            return new DictionaryFloatReader(FloatDictionary.read(dictCount, dictPage, 0, dictPage.length, k), k);
        }

        @Override
        long oracleRead(ValuesReader r) {
            return Float.floatToRawIntBits(r.readFloat());
        }

        @Override
        ValuesReader oraclePlainReader() {
            return new PlainValuesReader.FloatPlainValuesReader();
        }

        @Override
        Dictionary oracleDictionary(byte[] dictPage, int dictCount) {
            return DictionaryCases.oracleDictionary(
                    PlainValuesDictionary.PlainFloatDictionary::new, dictPage, dictCount);
        }
    }

    static final class Float64 extends Numeric {
        Float64() {
            super("DOUBLE");
        }

        @Override
        long bitsOf(int key) {
            long[] special = ValueShapes.SPECIAL_DOUBLE_BITS;
            return key < special.length ? special[key] : mix(key);
        }

        @Override
        ValuesWriter newOracle(DictionaryFlavor flavor, int max) {
            Encoding[] e = oracleEncodings(flavor);
            return FallbackValuesWriter.of(
                    new DictionaryValuesWriter.PlainDoubleDictionaryValuesWriter(max, e[0], e[1], ALLOC), plain());
        }

        @Override
        DictionaryWriter newOurs(DictionaryFlavor flavor, int max, Kernels kernels) {
            return new DictionaryDoubleWriter(flavor, max, kernels);
        }

        @Override
        void writeOracle(ValuesWriter w, int from, int to) {
            for (int i = from; i < to; i++) {
                w.writeDouble(Double.longBitsToDouble(bits[i]));
            }
        }

        @Override
        void writeOurs(DictionaryWriter w, int from, int to, SplittableRandom r) {
            DictionaryDoubleWriter d = (DictionaryDoubleWriter) w;
            double[] v = ValueShapes.doubles(Arrays.copyOfRange(bits, from, to));
            for (int i = 0; i < v.length; ) {
                int c = Math.min(v.length - i, r.nextInt(3) == 0 ? 1 : 1 + r.nextInt(1500));
                if (c == 1) {
                    d.writeDouble(v[i]);
                } else {
                    d.writeDoubles(v, i, c);
                }
                i += c;
            }
        }

        @Override
        long[] readOurs(dev.colcodec.values.ValuesReader reader, int n, SplittableRandom r, long[] expected) {
            dev.colcodec.values.DoubleValuesReader dr = (dev.colcodec.values.DoubleValuesReader) reader;
            long[] out = expected.clone();
            double[] buf = new double[n];
            int[] pos = {0};
            batches(
                    n,
                    r,
                    b -> {
                        if (b == 1) {
                            out[pos[0]] = Double.doubleToRawLongBits(dr.readDouble());
                        } else {
                            dr.readDoubles(buf, 0, b);
                            for (int i = 0; i < b; i++) {
                                out[pos[0] + i] = Double.doubleToRawLongBits(buf[i]);
                            }
                        }
                        pos[0] += b;
                    },
                    s -> {
                        dr.skip(s);
                        pos[0] += s;
                    });
            return out;
        }

        @Override
        dev.colcodec.values.ValuesReader ourPlainReader(Kernels k) {
            return new PlainDoubleReader(k);
        }

        @Override
        dev.colcodec.values.ValuesReader ourDictionaryReader(byte[] dictPage, int dictCount, Kernels k) {
            return new DictionaryDoubleReader(DoubleDictionary.read(dictCount, dictPage, 0, dictPage.length, k), k);
        }

        @Override
        long oracleRead(ValuesReader r) {
            return Double.doubleToRawLongBits(r.readDouble());
        }

        @Override
        ValuesReader oraclePlainReader() {
            return new PlainValuesReader.DoublePlainValuesReader();
        }

        @Override
        Dictionary oracleDictionary(byte[] dictPage, int dictCount) {
            return DictionaryCases.oracleDictionary(
                    PlainValuesDictionary.PlainDoubleDictionary::new, dictPage, dictCount);
        }
    }

    // ---- byte strings --------------------------------------------------------------------------

    /** BYTE_ARRAY ({@code fixedLength < 0}), FIXED_LEN_BYTE_ARRAY or INT96 (fixed length 12). */
    static final class Bytes extends DictionaryCases {
        private final int fixedLength;
        byte[][] values = new byte[0][];

        Bytes(String name, int fixedLength) {
            super(name);
            this.fixedLength = fixedLength;
        }

        @Override
        void setValues(int[] keys) {
            values = new byte[keys.length][];
            for (int i = 0; i < keys.length; i++) {
                int k = keys[i];
                SplittableRandom r = new SplittableRandom(k);
                int len = fixedLength >= 0 ? fixedLength : (k == 0 ? 0 : r.nextInt(30));
                byte[] v = new byte[len];
                r.nextBytes(v);
                values[i] = v;
            }
        }

        @Override
        ValuesWriter newOracle(DictionaryFlavor flavor, int max) {
            Encoding[] e = oracleEncodings(flavor);
            if (fixedLength < 0) {
                return FallbackValuesWriter.of(
                        new DictionaryValuesWriter.PlainBinaryDictionaryValuesWriter(max, e[0], e[1], ALLOC), plain());
            }
            return FallbackValuesWriter.of(
                    new DictionaryValuesWriter.PlainFixedLenArrayDictionaryValuesWriter(
                            max, fixedLength, e[0], e[1], ALLOC),
                    new FixedLenByteArrayPlainValuesWriter(fixedLength, 64, 1 << 20, ALLOC));
        }

        @Override
        DictionaryWriter newOurs(DictionaryFlavor flavor, int max, Kernels kernels) {
            if (fixedLength < 0) {
                return DictionaryBinaryWriter.forByteArray(flavor, max, kernels);
            }
            return fixedLength == 12
                    ? DictionaryBinaryWriter.forInt96(flavor, max, kernels)
                    : DictionaryBinaryWriter.forFixedLength(fixedLength, flavor, max, kernels);
        }

        @Override
        void writeOracle(ValuesWriter w, int from, int to) {
            for (int i = from; i < to; i++) {
                w.writeBytes(Binary.fromConstantByteArray(values[i]));
            }
        }

        @Override
        void writeOurs(DictionaryWriter w, int from, int to, SplittableRandom r) {
            DictionaryBinaryWriter d = (DictionaryBinaryWriter) w;
            BinaryBatch batch = new BinaryBatch();
            for (int i = from; i < to; i++) {
                batch.append(values[i], 0, values[i].length);
            }
            for (int i = 0; i < to - from; ) {
                int c = Math.min(to - from - i, r.nextInt(3) == 0 ? 1 : 1 + r.nextInt(500));
                if (c == 1) {
                    d.writeBinary(values[from + i]);
                } else {
                    d.writeBinaries(batch, i, c);
                }
                i += c;
            }
        }

        private BinaryDictionary ourDictionary(byte[] dictPage, int dictCount) {
            if (fixedLength < 0) {
                return BinaryDictionary.readByteArray(dictCount, dictPage, 0, dictPage.length);
            }
            return fixedLength == 12
                    ? BinaryDictionary.readInt96(dictCount, dictPage, 0, dictPage.length)
                    : BinaryDictionary.readFixedLength(dictCount, fixedLength, dictPage, 0, dictPage.length);
        }

        @Override
        void checkOurDecode(
                byte[] page,
                ParquetEncoding encoding,
                byte[] dictPage,
                int dictCount,
                int from,
                int to,
                Kernels k,
                SplittableRandom r) {
            BinaryValuesReader reader = encoding != ParquetEncoding.PLAIN
                    ? new DictionaryBinaryReader(ourDictionary(dictPage, dictCount), k)
                    : fixedLength < 0 ? new PlainBinaryReader() : new PlainFixedLenReader(fixedLength);
            int n = to - from;
            reader.init(n, page, 0, page.length);
            byte[][] got = Arrays.copyOfRange(values, from, to);
            BinaryBatch batch = new BinaryBatch(4, 16);
            int[] pos = {0};
            batches(
                    n,
                    r,
                    b -> {
                        if (b == 1) {
                            got[pos[0]] = reader.readBinary();
                        } else {
                            batch.clear();
                            reader.readBinaries(batch, b);
                            for (int i = 0; i < b; i++) {
                                got[pos[0] + i] = batch.get(i);
                            }
                        }
                        pos[0] += b;
                    },
                    s -> {
                        reader.skip(s);
                        pos[0] += s;
                    });
            assertThat(got).isEqualTo(Arrays.copyOfRange(values, from, to));
        }

        @Override
        void checkOracleDecode(
                byte[] page, ParquetEncoding encoding, byte[] dictPage, int dictCount, int from, int to) {
            ValuesReader reader;
            if (encoding == ParquetEncoding.PLAIN) {
                reader = fixedLength < 0
                        ? new BinaryPlainValuesReader()
                        : new FixedLenByteArrayPlainValuesReader(fixedLength);
            } else {
                Integer length = fixedLength < 0 ? null : fixedLength;
                reader = new DictionaryValuesReader(DictionaryCases.oracleDictionary(
                        p -> new PlainValuesDictionary.PlainBinaryDictionary(p, length), dictPage, dictCount));
            }
            init(reader, to - from, page);
            byte[][] got = new byte[to - from][];
            for (int i = 0; i < got.length; i++) {
                got[i] = reader.readBytes().getBytes();
            }
            assertThat(got).isEqualTo(Arrays.copyOfRange(values, from, to));
        }
    }
}
