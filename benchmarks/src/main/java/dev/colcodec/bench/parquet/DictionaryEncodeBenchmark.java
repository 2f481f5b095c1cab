package dev.colcodec.bench.parquet;

import dev.colcodec.parquet.dictionary.DictionaryBinaryWriter;
import dev.colcodec.parquet.dictionary.DictionaryFlavor;
import dev.colcodec.parquet.dictionary.DictionaryIntWriter;
import dev.colcodec.parquet.dictionary.DictionaryLongWriter;
import dev.colcodec.parquet.dictionary.DictionaryWriter;
import dev.colcodec.values.BinaryBatch;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.values.ValuesWriter;
import org.apache.parquet.column.values.dictionary.DictionaryValuesWriter;
import org.apache.parquet.column.values.fallback.FallbackValuesWriter;
import org.apache.parquet.column.values.plain.PlainValuesWriter;
import org.apache.parquet.io.api.Binary;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Dictionary-encoding 100k low-cardinality values into a data page plus the dictionary page (V2 labels,
 * PLAIN fallback); ops/s = values/s. colcodec: one batch write on a reused writer; parquet-java: {@code
 * DictionaryValuesWriter} in a {@code FallbackValuesWriter}, one value at a time; memcpy: copying both
 * pages.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(BasicBenchData.N)
@Fork(
        value = 1,
        jvmArgsAppend = {
            "--add-modules=jdk.incubator.vector",
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow"
        })
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class DictionaryEncodeBenchmark {
    private static final HeapByteBufferAllocator ALLOCATOR = new HeapByteBufferAllocator();

    @Param({"colcodec", "colcodec-scalar", "parquet-java", "memcpy"})
    public String impl;

    @Param({"INT32", "INT64", "BYTE_ARRAY"})
    public String type;

    @Param({"16", "1000"})
    public int cardinality;

    int[] ints;
    long[] longs;
    BinaryBatch binaries;
    byte[] page;
    byte[] dictionaryPage;

    private Impl which;
    private Binary[] parquetBinaries;
    private DictionaryWriter writer;
    private byte[] pageCopy;
    private byte[] dictionaryCopy;

    @Setup
    public void setup() {
        which = Impl.of(impl);
        int n = BasicBenchData.N;
        int[] keys = BasicBenchData.keys(cardinality, 7);
        switch (type) {
            case "INT32":
                ints = new int[n];
                for (int i = 0; i < n; i++) {
                    ints[i] = BasicBenchData.intOf(keys[i]);
                }
                writer = new DictionaryIntWriter(
                        DictionaryFlavor.V2_RLE_DICTIONARY,
                        DictionaryWriter.DEFAULT_MAX_DICTIONARY_BYTE_SIZE,
                        which.kernels());
                break;
            case "INT64":
                longs = new long[n];
                for (int i = 0; i < n; i++) {
                    longs[i] = BasicBenchData.longOf(keys[i]);
                }
                writer = new DictionaryLongWriter(
                        DictionaryFlavor.V2_RLE_DICTIONARY,
                        DictionaryWriter.DEFAULT_MAX_DICTIONARY_BYTE_SIZE,
                        which.kernels());
                break;
            case "BYTE_ARRAY":
                binaries = new BinaryBatch(n, 16 * n);
                parquetBinaries = new Binary[n];
                for (int i = 0; i < n; i++) {
                    byte[] v = BasicBenchData.bytesOf(keys[i]);
                    binaries.append(v, 0, v.length);
                    parquetBinaries[i] = Binary.fromConstantByteArray(v);
                }
                writer = DictionaryBinaryWriter.forByteArray(
                        DictionaryFlavor.V2_RLE_DICTIONARY,
                        DictionaryWriter.DEFAULT_MAX_DICTIONARY_BYTE_SIZE,
                        which.kernels());
                break;
            default:
                throw new IllegalArgumentException("unknown type " + type);
        }
        byte[][] pages = encodeColcodec();
        page = pages[0];
        dictionaryPage = pages[1];
        pageCopy = new byte[page.length];
        dictionaryCopy = new byte[dictionaryPage.length];
    }

    /** The data page and the dictionary page. */
    @Benchmark
    public byte[][] encode() throws IOException {
        switch (which) {
            case PARQUET_JAVA:
                return encodeParquetJava();
            case MEMCPY:
                System.arraycopy(page, 0, pageCopy, 0, page.length);
                System.arraycopy(dictionaryPage, 0, dictionaryCopy, 0, dictionaryPage.length);
                return new byte[][] {pageCopy, dictionaryCopy};
            default:
                return encodeColcodec();
        }
    }

    private byte[][] encodeColcodec() {
        int n = BasicBenchData.N;
        writer.resetDictionary();
        switch (type) {
            case "INT32":
                ((DictionaryIntWriter) writer).writeIntegers(ints, 0, n);
                break;
            case "INT64":
                ((DictionaryLongWriter) writer).writeLongs(longs, 0, n);
                break;
            default:
                ((DictionaryBinaryWriter) writer).writeBinaries(binaries, 0, n);
        }
        byte[] data = writer.toByteArray();
        return new byte[][] {data, writer.dictionaryPage()};
    }

    private byte[][] encodeParquetJava() throws IOException {
        int max = DictionaryWriter.DEFAULT_MAX_DICTIONARY_BYTE_SIZE;
        DictionaryValuesWriter dictionary;
        switch (type) {
            case "INT32":
                dictionary = new DictionaryValuesWriter.PlainIntegerDictionaryValuesWriter(
                        max, Encoding.RLE_DICTIONARY, Encoding.PLAIN, ALLOCATOR);
                break;
            case "INT64":
                dictionary = new DictionaryValuesWriter.PlainLongDictionaryValuesWriter(
                        max, Encoding.RLE_DICTIONARY, Encoding.PLAIN, ALLOCATOR);
                break;
            default:
                dictionary = new DictionaryValuesWriter.PlainBinaryDictionaryValuesWriter(
                        max, Encoding.RLE_DICTIONARY, Encoding.PLAIN, ALLOCATOR);
        }
        ValuesWriter w = FallbackValuesWriter.of(dictionary, new PlainValuesWriter(1 << 16, 1 << 20, ALLOCATOR));
        int n = BasicBenchData.N;
        switch (type) {
            case "INT32":
                for (int i = 0; i < n; i++) {
                    w.writeInteger(ints[i]);
                }
                break;
            case "INT64":
                for (int i = 0; i < n; i++) {
                    w.writeLong(longs[i]);
                }
                break;
            default:
                for (int i = 0; i < n; i++) {
                    w.writeBytes(parquetBinaries[i]);
                }
        }
        byte[] data = w.getBytes().toByteArray();
        w.getEncoding();
        byte[] dict = w.toDictPageAndClose().getBytes().toByteArray();
        w.close();
        return new byte[][] {data, dict};
    }
}
