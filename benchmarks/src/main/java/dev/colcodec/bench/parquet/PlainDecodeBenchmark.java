package dev.colcodec.bench.parquet;

import dev.colcodec.parquet.plain.PlainBinaryReader;
import dev.colcodec.parquet.plain.PlainBinaryWriter;
import dev.colcodec.parquet.plain.PlainDoubleReader;
import dev.colcodec.parquet.plain.PlainDoubleWriter;
import dev.colcodec.parquet.plain.PlainIntReader;
import dev.colcodec.parquet.plain.PlainIntWriter;
import dev.colcodec.parquet.plain.PlainLongReader;
import dev.colcodec.parquet.plain.PlainLongWriter;
import dev.colcodec.values.BinaryBatch;
import dev.colcodec.values.ValuesWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.column.values.plain.BinaryPlainValuesReader;
import org.apache.parquet.column.values.plain.PlainValuesReader;
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
 * Decoding a PLAIN page of 100k values; ops/s = values/s. colcodec: one batch read (BYTE_ARRAY into a
 * {@link BinaryBatch}); parquet-java: its {@code PlainValuesReader} / {@code BinaryPlainValuesReader},
 * one value at a time (BYTE_ARRAY values are {@code Binary} views, stored in an array); memcpy: copying
 * the decoded values (for BYTE_ARRAY: their bytes and offsets).
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
public class PlainDecodeBenchmark {
    @Param({"colcodec", "colcodec-scalar", "parquet-java", "memcpy"})
    public String impl;

    @Param({"INT32", "INT64", "DOUBLE", "BYTE_ARRAY"})
    public String type;

    int[] ints;
    long[] longs;
    double[] doubles;
    BinaryBatch binaries;
    byte[] page;

    private Impl which;
    private int[] intOut;
    private long[] longOut;
    private double[] doubleOut;
    private BinaryBatch batchOut;
    private byte[] bytesOut;
    private int[] offsetsOut;
    private Binary[] binaryOut;
    private dev.colcodec.values.ValuesReader reader;
    private ValuesReader parquetReader;

    @Setup
    public void setup() {
        which = Impl.of(impl);
        int n = BasicBenchData.N;
        ValuesWriter writer;
        switch (type) {
            case "INT32":
                ints = BasicBenchData.randomInts(3);
                PlainIntWriter iw = new PlainIntWriter();
                iw.writeIntegers(ints, 0, n);
                writer = iw;
                reader = new PlainIntReader(which.kernels());
                parquetReader = new PlainValuesReader.IntegerPlainValuesReader();
                intOut = new int[n];
                break;
            case "INT64":
                longs = BasicBenchData.randomLongs(3);
                PlainLongWriter lw = new PlainLongWriter();
                lw.writeLongs(longs, 0, n);
                writer = lw;
                reader = new PlainLongReader(which.kernels());
                parquetReader = new PlainValuesReader.LongPlainValuesReader();
                longOut = new long[n];
                break;
            case "DOUBLE":
                doubles = BasicBenchData.randomDoubles(3);
                PlainDoubleWriter dw = new PlainDoubleWriter();
                dw.writeDoubles(doubles, 0, n);
                writer = dw;
                reader = new PlainDoubleReader(which.kernels());
                parquetReader = new PlainValuesReader.DoublePlainValuesReader();
                doubleOut = new double[n];
                break;
            case "BYTE_ARRAY":
                byte[][] values = BasicBenchData.randomBinaries(3);
                binaries = new BinaryBatch(n, 16 * n);
                for (byte[] v : values) {
                    binaries.append(v, 0, v.length);
                }
                PlainBinaryWriter bw = new PlainBinaryWriter();
                bw.writeBinaries(binaries, 0, n);
                writer = bw;
                reader = new PlainBinaryReader(which.kernels());
                parquetReader = new BinaryPlainValuesReader();
                batchOut = new BinaryBatch(n, binaries.byteSize());
                bytesOut = new byte[binaries.byteSize()];
                offsetsOut = new int[n + 1];
                binaryOut = new Binary[n];
                break;
            default:
                throw new IllegalArgumentException("unknown type " + type);
        }
        page = writer.toByteArray();
    }

    @Benchmark
    public Object decode() throws IOException {
        int n = BasicBenchData.N;
        if (which == Impl.PARQUET_JAVA) {
            parquetReader.initFromPage(n, ByteBufferInputStream.wrap(ByteBuffer.wrap(page)));
        } else if (which != Impl.MEMCPY) {
            reader.init(n, page, 0, page.length);
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
                        ((PlainIntReader) reader).readIntegers(intOut, 0, n);
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
                        ((PlainLongReader) reader).readLongs(longOut, 0, n);
                }
                return longOut;
            case "DOUBLE":
                switch (which) {
                    case PARQUET_JAVA:
                        for (int i = 0; i < n; i++) {
                            doubleOut[i] = parquetReader.readDouble();
                        }
                        break;
                    case MEMCPY:
                        System.arraycopy(doubles, 0, doubleOut, 0, n);
                        break;
                    default:
                        ((PlainDoubleReader) reader).readDoubles(doubleOut, 0, n);
                }
                return doubleOut;
            default:
                switch (which) {
                    case PARQUET_JAVA:
                        for (int i = 0; i < n; i++) {
                            binaryOut[i] = parquetReader.readBytes();
                        }
                        return binaryOut;
                    case MEMCPY:
                        System.arraycopy(binaries.data(), 0, bytesOut, 0, bytesOut.length);
                        System.arraycopy(binaries.offsets(), 0, offsetsOut, 0, n + 1);
                        return bytesOut;
                    default:
                        batchOut.clear();
                        ((PlainBinaryReader) reader).readBinaries(batchOut, n);
                        return batchOut;
                }
        }
    }
}
