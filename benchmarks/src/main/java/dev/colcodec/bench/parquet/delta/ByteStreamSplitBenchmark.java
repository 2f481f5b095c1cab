package dev.colcodec.bench.parquet.delta;

import dev.colcodec.parquet.bss.ByteStreamSplitDoubleReader;
import dev.colcodec.parquet.bss.ByteStreamSplitDoubleWriter;
import dev.colcodec.parquet.bss.ByteStreamSplitFloatReader;
import dev.colcodec.parquet.bss.ByteStreamSplitFloatWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForDouble;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesReaderForFloat;
import org.apache.parquet.column.values.bytestreamsplit.ByteStreamSplitValuesWriter;
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
 * BYTE_STREAM_SPLIT decoding and encoding of 100k FLOAT or DOUBLE values (one page); ops/s =
 * values/s. colcodec uses batch reads and writes; parquet-java its per-value reader and nested
 * writers.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@OperationsPerInvocation(BenchData.N)
@Fork(
        value = 1,
        jvmArgsAppend = {
            "--add-modules=jdk.incubator.vector",
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow"
        })
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class ByteStreamSplitBenchmark {
    @Param({"colcodec", "colcodec-scalar", "parquet-java", "memcpy"})
    public String impl;

    @Param({"RANDOM", "SENSOR"})
    public String shape;

    float[] floats;
    double[] doubles;
    byte[] floatPage;
    byte[] doublePage;
    private Impl which;
    private float[] floatOut;
    private double[] doubleOut;
    private byte[] copyOut;
    private ByteStreamSplitFloatReader floatReader;
    private ByteStreamSplitDoubleReader doubleReader;
    private ByteStreamSplitFloatWriter floatWriter;
    private ByteStreamSplitDoubleWriter doubleWriter;
    private ByteStreamSplitValuesReaderForFloat parquetFloatReader;
    private ByteStreamSplitValuesReaderForDouble parquetDoubleReader;
    private ByteStreamSplitValuesWriter.FloatByteStreamSplitValuesWriter parquetFloatWriter;
    private ByteStreamSplitValuesWriter.DoubleByteStreamSplitValuesWriter parquetDoubleWriter;

    @Setup
    public void setup() throws IOException {
        which = Impl.of(impl);
        doubles = BenchData.doubles(shape, BenchData.N);
        floats = BenchData.toFloats(doubles);
        parquetFloatWriter = new ByteStreamSplitValuesWriter.FloatByteStreamSplitValuesWriter(
                1 << 16, 1 << 20, new HeapByteBufferAllocator());
        parquetDoubleWriter = new ByteStreamSplitValuesWriter.DoubleByteStreamSplitValuesWriter(
                1 << 16, 1 << 20, new HeapByteBufferAllocator());
        for (float v : floats) {
            parquetFloatWriter.writeFloat(v);
        }
        floatPage = parquetFloatWriter.getBytes().toByteArray();
        for (double v : doubles) {
            parquetDoubleWriter.writeDouble(v);
        }
        doublePage = parquetDoubleWriter.getBytes().toByteArray();
        floatOut = new float[BenchData.N];
        doubleOut = new double[BenchData.N];
        copyOut = new byte[doublePage.length];
        floatReader = new ByteStreamSplitFloatReader(which.kernels());
        doubleReader = new ByteStreamSplitDoubleReader(which.kernels());
        floatWriter = new ByteStreamSplitFloatWriter(which.kernels());
        doubleWriter = new ByteStreamSplitDoubleWriter(which.kernels());
        parquetFloatReader = new ByteStreamSplitValuesReaderForFloat();
        parquetDoubleReader = new ByteStreamSplitValuesReaderForDouble();
    }

    @Benchmark
    public float[] decodeFloat() throws IOException {
        int n = BenchData.N;
        switch (which) {
            case COLCODEC:
            case COLCODEC_SCALAR:
                floatReader.init(n, floatPage, 0, floatPage.length);
                floatReader.readFloats(floatOut, 0, n);
                return floatOut;
            case PARQUET_JAVA:
                parquetFloatReader.initFromPage(n, ByteBufferInputStream.wrap(ByteBuffer.wrap(floatPage)));
                for (int i = 0; i < n; i++) {
                    floatOut[i] = parquetFloatReader.readFloat();
                }
                return floatOut;
            default:
                System.arraycopy(floats, 0, floatOut, 0, n);
                return floatOut;
        }
    }

    @Benchmark
    public double[] decodeDouble() throws IOException {
        int n = BenchData.N;
        switch (which) {
            case COLCODEC:
            case COLCODEC_SCALAR:
                doubleReader.init(n, doublePage, 0, doublePage.length);
                doubleReader.readDoubles(doubleOut, 0, n);
                return doubleOut;
            case PARQUET_JAVA:
                parquetDoubleReader.initFromPage(n, ByteBufferInputStream.wrap(ByteBuffer.wrap(doublePage)));
                for (int i = 0; i < n; i++) {
                    doubleOut[i] = parquetDoubleReader.readDouble();
                }
                return doubleOut;
            default:
                System.arraycopy(doubles, 0, doubleOut, 0, n);
                return doubleOut;
        }
    }

    @Benchmark
    public byte[] encodeFloat() throws IOException {
        switch (which) {
            case COLCODEC:
            case COLCODEC_SCALAR:
                floatWriter.reset();
                floatWriter.writeFloats(floats, 0, floats.length);
                return floatWriter.toByteArray();
            case PARQUET_JAVA:
                parquetFloatWriter.reset();
                for (float v : floats) {
                    parquetFloatWriter.writeFloat(v);
                }
                return parquetFloatWriter.getBytes().toByteArray();
            default:
                System.arraycopy(floatPage, 0, copyOut, 0, floatPage.length);
                return copyOut;
        }
    }

    @Benchmark
    public byte[] encodeDouble() throws IOException {
        switch (which) {
            case COLCODEC:
            case COLCODEC_SCALAR:
                doubleWriter.reset();
                doubleWriter.writeDoubles(doubles, 0, doubles.length);
                return doubleWriter.toByteArray();
            case PARQUET_JAVA:
                parquetDoubleWriter.reset();
                for (double v : doubles) {
                    parquetDoubleWriter.writeDouble(v);
                }
                return parquetDoubleWriter.getBytes().toByteArray();
            default:
                System.arraycopy(doublePage, 0, copyOut, 0, doublePage.length);
                return copyOut;
        }
    }
}
