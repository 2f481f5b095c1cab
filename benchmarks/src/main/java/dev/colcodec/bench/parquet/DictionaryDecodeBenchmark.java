package dev.colcodec.bench.parquet;

import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.dictionary.BinaryDictionary;
import dev.colcodec.parquet.dictionary.DictionaryBinaryReader;
import dev.colcodec.parquet.dictionary.DictionaryBinaryWriter;
import dev.colcodec.parquet.dictionary.DictionaryFlavor;
import dev.colcodec.parquet.dictionary.DictionaryIntReader;
import dev.colcodec.parquet.dictionary.DictionaryIntWriter;
import dev.colcodec.parquet.dictionary.DictionaryLongReader;
import dev.colcodec.parquet.dictionary.DictionaryLongWriter;
import dev.colcodec.parquet.dictionary.DictionaryWriter;
import dev.colcodec.parquet.dictionary.IntDictionary;
import dev.colcodec.parquet.dictionary.LongDictionary;
import dev.colcodec.values.BinaryBatch;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.dictionary.DictionaryValuesReader;
import org.apache.parquet.column.values.dictionary.PlainValuesDictionary;
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
 * Decoding a dictionary-encoded (RLE_DICTIONARY) page of 100k low-cardinality values against its
 * dictionary; ops/s = values/s. colcodec: one batch read (the runs decoded straight into dictionary
 * entries by the {@code decodeDictionaryRuns} kernel, in registers for dictionaries of up to 16 entries on
 * 512-bit vectors; for BYTE_ARRAY the ids, checked against the dictionary, whose bytes are not copied);
 * parquet-java: {@code DictionaryValuesReader} over {@code PlainValuesDictionary}, one value at a time
 * (for BYTE_ARRAY its ids, {@code readValueDictionaryId}); memcpy: copying the decoded values (for
 * BYTE_ARRAY: the ids).
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
public class DictionaryDecodeBenchmark {
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
    int dictionarySize;

    private Impl which;
    private int[] intOut;
    private long[] longOut;
    private int[] idsOut;
    /** The page's ids (BYTE_ARRAY), which the memcpy floor copies. */
    private int[] pageIds;

    private DictionaryIntReader intReader;
    private DictionaryLongReader longReader;
    DictionaryBinaryReader binaryReader;
    private DictionaryValuesReader parquetReader;

    @Setup
    public void setup() throws IOException {
        which = Impl.of(impl);
        int n = BasicBenchData.N;
        int[] keys = BasicBenchData.keys(cardinality, 7);
        DictionaryWriter writer;
        Dictionary parquetDictionary;
        switch (type) {
            case "INT32":
                ints = new int[n];
                for (int i = 0; i < n; i++) {
                    ints[i] = BasicBenchData.intOf(keys[i]);
                }
                DictionaryIntWriter iw = new DictionaryIntWriter(DictionaryFlavor.V2_RLE_DICTIONARY);
                iw.writeIntegers(ints, 0, n);
                writer = finish(iw);
                intReader = new DictionaryIntReader(
                        IntDictionary.read(dictionarySize, dictionaryPage, 0, dictionaryPage.length), which.kernels());
                parquetDictionary = new PlainValuesDictionary.PlainIntegerDictionary(parquetPage());
                intOut = new int[n];
                break;
            case "INT64":
                longs = new long[n];
                for (int i = 0; i < n; i++) {
                    longs[i] = BasicBenchData.longOf(keys[i]);
                }
                DictionaryLongWriter lw = new DictionaryLongWriter(DictionaryFlavor.V2_RLE_DICTIONARY);
                lw.writeLongs(longs, 0, n);
                writer = finish(lw);
                longReader = new DictionaryLongReader(
                        LongDictionary.read(dictionarySize, dictionaryPage, 0, dictionaryPage.length), which.kernels());
                parquetDictionary = new PlainValuesDictionary.PlainLongDictionary(parquetPage());
                longOut = new long[n];
                break;
            case "BYTE_ARRAY":
                binaries = new BinaryBatch(n, 16 * n);
                for (int i = 0; i < n; i++) {
                    byte[] v = BasicBenchData.bytesOf(keys[i]);
                    binaries.append(v, 0, v.length);
                }
                DictionaryBinaryWriter bw = DictionaryBinaryWriter.forByteArray(DictionaryFlavor.V2_RLE_DICTIONARY);
                bw.writeBinaries(binaries, 0, n);
                writer = finish(bw);
                binaryReader = new DictionaryBinaryReader(
                        BinaryDictionary.readByteArray(dictionarySize, dictionaryPage, 0, dictionaryPage.length),
                        which.kernels());
                parquetDictionary = new PlainValuesDictionary.PlainBinaryDictionary(parquetPage());
                idsOut = new int[n];
                pageIds = new int[n];
                binaryReader.init(n, page, 0, page.length);
                binaryReader.readIds(pageIds, 0, n);
                break;
            default:
                throw new IllegalArgumentException("unknown type " + type);
        }
        if (writer.encoding() != ParquetEncoding.RLE_DICTIONARY) {
            throw new IllegalStateException("the benchmark page fell back to " + writer.encoding());
        }
        parquetReader = new DictionaryValuesReader(parquetDictionary);
    }

    private DictionaryWriter finish(DictionaryWriter writer) {
        page = writer.toByteArray();
        dictionaryPage = writer.dictionaryPage();
        dictionarySize = writer.dictionaryEntryCount();
        return writer;
    }

    private DictionaryPage parquetPage() {
        return new DictionaryPage(BytesInput.from(dictionaryPage), dictionarySize, Encoding.PLAIN);
    }

    @Benchmark
    public Object decode() throws IOException {
        int n = BasicBenchData.N;
        if (which == Impl.PARQUET_JAVA) {
            parquetReader.initFromPage(n, ByteBufferInputStream.wrap(ByteBuffer.wrap(page)));
        }
        switch (type) {
            case "INT32":
                switch (which) {
                    case PARQUET_JAVA:
                        for (int i = 0; i < n; i++) {
                            intOut[i] = parquetReader.readInteger();
                        }
                        break;
                    case MEMCPY:
                        System.arraycopy(ints, 0, intOut, 0, n);
                        break;
                    default:
                        intReader.init(n, page, 0, page.length);
                        intReader.readIntegers(intOut, 0, n);
                }
                return intOut;
            case "INT64":
                switch (which) {
                    case PARQUET_JAVA:
                        for (int i = 0; i < n; i++) {
                            longOut[i] = parquetReader.readLong();
                        }
                        break;
                    case MEMCPY:
                        System.arraycopy(longs, 0, longOut, 0, n);
                        break;
                    default:
                        longReader.init(n, page, 0, page.length);
                        longReader.readLongs(longOut, 0, n);
                }
                return longOut;
            default:
                switch (which) {
                    case PARQUET_JAVA:
                        // ids, as colcodec's side reads them (readBytes would also look each value up)
                        for (int i = 0; i < n; i++) {
                            idsOut[i] = parquetReader.readValueDictionaryId();
                        }
                        return idsOut;
                    case MEMCPY:
                        System.arraycopy(pageIds, 0, idsOut, 0, n);
                        return idsOut;
                    default:
                        // ids checked against the dictionary, bytes left in it
                        binaryReader.init(n, page, 0, page.length);
                        binaryReader.readIds(idsOut, 0, n);
                        return idsOut;
                }
        }
    }
}
