package dev.colcodec.bench.parquet.delta;

import dev.colcodec.parquet.deltalength.DeltaLengthByteArrayReader;
import dev.colcodec.parquet.deltalength.DeltaLengthByteArrayWriter;
import dev.colcodec.parquet.deltastrings.DeltaByteArrayReader;
import dev.colcodec.parquet.deltastrings.DeltaByteArrayWriter;
import dev.colcodec.values.BinaryBatch;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesReader;
import org.apache.parquet.column.values.deltalengthbytearray.DeltaLengthByteArrayValuesWriter;
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
 * DELTA_LENGTH_BYTE_ARRAY and DELTA_BYTE_ARRAY decoding and encoding of 100k short strings (one
 * page); ops/s = values/s. colcodec reads into and writes from a {@link BinaryBatch}; parquet-java
 * produces and takes one {@link Binary} per value (its only API). memcpy copies the values' bytes and
 * offsets.
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
public class DeltaStringsBenchmark {
    @Param({"colcodec", "colcodec-scalar", "parquet-java", "memcpy"})
    public String impl;

    @Param({"RANDOM", "SORTED_KEYS"})
    public String shape;

    byte[][] values;
    BinaryBatch source;
    byte[] lengthPage;
    byte[] prefixPage;
    private Impl which;
    private Binary[] binaries;
    private Binary[] binaryOut;
    private BinaryBatch batchOut;
    private byte[] bytesOut;
    private byte[] pageOut;
    private int[] offsetsOut;
    private DeltaLengthByteArrayReader lengthReader;
    private DeltaLengthByteArrayWriter lengthWriter;
    private DeltaByteArrayReader prefixReader;
    private DeltaByteArrayWriter prefixWriter;
    private DeltaLengthByteArrayValuesWriter parquetLengthWriter;
    private org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter parquetPrefixWriter;

    @Setup
    public void setup() throws IOException {
        which = Impl.of(impl);
        int n = BenchData.N;
        values = BenchData.strings(shape, n);
        source = new BinaryBatch(n, 16 * n);
        binaries = new Binary[n];
        for (int i = 0; i < n; i++) {
            source.append(values[i], 0, values[i].length);
            binaries[i] = Binary.fromConstantByteArray(values[i]);
        }
        parquetLengthWriter = new DeltaLengthByteArrayValuesWriter(1 << 16, 1 << 20, new HeapByteBufferAllocator());
        parquetPrefixWriter = new org.apache.parquet.column.values.deltastrings.DeltaByteArrayWriter(
                1 << 16, 1 << 20, new HeapByteBufferAllocator());
        for (Binary b : binaries) {
            parquetLengthWriter.writeBytes(b);
            parquetPrefixWriter.writeBytes(b);
        }
        lengthPage = parquetLengthWriter.getBytes().toByteArray();
        prefixPage = parquetPrefixWriter.getBytes().toByteArray();
        binaryOut = new Binary[n];
        batchOut = new BinaryBatch(n, source.byteSize());
        bytesOut = new byte[source.byteSize()];
        pageOut = new byte[Math.max(lengthPage.length, prefixPage.length)];
        offsetsOut = new int[n + 1];
        lengthReader = new DeltaLengthByteArrayReader(which.kernels());
        lengthWriter = new DeltaLengthByteArrayWriter(which.kernels());
        prefixReader = new DeltaByteArrayReader(which.kernels());
        prefixWriter = new DeltaByteArrayWriter(which.kernels());
    }

    /** Returns a {@link BinaryBatch}, a {@code Binary[]} or (memcpy) the copied bytes. */
    @Benchmark
    public Object decodeDeltaLength() throws IOException {
        int n = BenchData.N;
        switch (which) {
            case COLCODEC:
            case COLCODEC_SCALAR:
                lengthReader.init(n, lengthPage, 0, lengthPage.length);
                batchOut.clear();
                lengthReader.readBinaries(batchOut, n);
                return batchOut;
            case PARQUET_JAVA:
                // one reader per page, as parquet-java's column reader does (initFromPage does not reset it)
                DeltaLengthByteArrayValuesReader parquetLengthReader = new DeltaLengthByteArrayValuesReader();
                parquetLengthReader.initFromPage(n, ByteBufferInputStream.wrap(ByteBuffer.wrap(lengthPage)));
                for (int i = 0; i < n; i++) {
                    binaryOut[i] = parquetLengthReader.readBytes();
                }
                return binaryOut;
            default:
                return copyValues();
        }
    }

    /** Returns a {@link BinaryBatch}, a {@code Binary[]} or (memcpy) the copied bytes. */
    @Benchmark
    public Object decodeDeltaByteArray() throws IOException {
        int n = BenchData.N;
        switch (which) {
            case COLCODEC:
            case COLCODEC_SCALAR:
                prefixReader.init(n, prefixPage, 0, prefixPage.length);
                batchOut.clear();
                prefixReader.readBinaries(batchOut, n);
                return batchOut;
            case PARQUET_JAVA:
                // a new reader per page, as parquet-java's column reader does (its previous value is per page)
                var reader = new org.apache.parquet.column.values.deltastrings.DeltaByteArrayReader();
                reader.initFromPage(n, ByteBufferInputStream.wrap(ByteBuffer.wrap(prefixPage)));
                for (int i = 0; i < n; i++) {
                    binaryOut[i] = reader.readBytes();
                }
                return binaryOut;
            default:
                return copyValues();
        }
    }

    @Benchmark
    public byte[] encodeDeltaLength() throws IOException {
        switch (which) {
            case COLCODEC:
            case COLCODEC_SCALAR:
                lengthWriter.reset();
                lengthWriter.writeBinaries(source, 0, BenchData.N);
                return lengthWriter.toByteArray();
            case PARQUET_JAVA:
                parquetLengthWriter.reset();
                for (Binary b : binaries) {
                    parquetLengthWriter.writeBytes(b);
                }
                return parquetLengthWriter.getBytes().toByteArray();
            default:
                return copyPage(lengthPage);
        }
    }

    @Benchmark
    public byte[] encodeDeltaByteArray() throws IOException {
        switch (which) {
            case COLCODEC:
            case COLCODEC_SCALAR:
                prefixWriter.reset();
                prefixWriter.writeBinaries(source, 0, BenchData.N);
                return prefixWriter.toByteArray();
            case PARQUET_JAVA:
                parquetPrefixWriter.reset();
                for (Binary b : binaries) {
                    parquetPrefixWriter.writeBytes(b);
                }
                return parquetPrefixWriter.getBytes().toByteArray();
            default:
                return copyPage(prefixPage);
        }
    }

    private byte[] copyValues() {
        System.arraycopy(source.data(), 0, bytesOut, 0, source.byteSize());
        System.arraycopy(source.offsets(), 0, offsetsOut, 0, BenchData.N + 1);
        return bytesOut;
    }

    private byte[] copyPage(byte[] page) {
        System.arraycopy(page, 0, pageOut, 0, page.length);
        return pageOut;
    }
}
