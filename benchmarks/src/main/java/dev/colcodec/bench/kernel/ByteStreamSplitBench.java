package dev.colcodec.bench.kernel;

import dev.colcodec.bench.BenchSupport;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.kernel.Kernels;
import java.io.IOException;
import java.io.UncheckedIOException;
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
 * BYTE_STREAM_SPLIT transposes of 100,000 floats and doubles: vector and scalar kernels both ways,
 * parquet-java's readers and writer (per-value API), and memcpy of the output size.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {
            BenchSupport.ADD_VECTOR,
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow"
        })
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class ByteStreamSplitBench {
    public static final int N = 100_000;

    @Param({"colcodec-vector", "colcodec-scalar", "parquet-java", "memcpy"})
    public String impl;

    float[] floats;
    double[] doubles;
    byte[] floatStreams;
    byte[] doubleStreams;
    float[] floatOut;
    double[] doubleOut;
    byte[] bytesOut;
    Kernels kernels;

    @Setup
    public void setup() {
        BenchSupport.XorShift r = new BenchSupport.XorShift(5);
        floats = new float[N];
        doubles = new double[N];
        double walk = 20.0;
        for (int i = 0; i < N; i++) {
            walk += ((r.next() & 1023) - 512) / 1000.0;
            doubles[i] = walk;
            floats[i] = (float) walk;
        }
        floatStreams = new byte[4 * N];
        doubleStreams = new byte[8 * N];
        KernelProvider.scalar().bssEncode(floats, 0, N, floatStreams, 0, N);
        KernelProvider.scalar().bssEncode(doubles, 0, N, doubleStreams, 0, N);
        floatOut = new float[N];
        doubleOut = new double[N];
        bytesOut = new byte[8 * N];
        kernels = impl.startsWith("colcodec") ? BenchSupport.kernels(impl) : null;
        parquetWriter = new ByteStreamSplitValuesWriter.DoubleByteStreamSplitValuesWriter(
                8 * N, 8 * N, new HeapByteBufferAllocator());
    }

    /** parquet-java's writer, reused from call to call ({@code reset()}) as its column writers reuse theirs. */
    ByteStreamSplitValuesWriter.DoubleByteStreamSplitValuesWriter parquetWriter;

    @Benchmark
    @OperationsPerInvocation(N)
    public float[] decodeFloat() {
        if (impl.equals("parquet-java")) {
            ByteStreamSplitValuesReaderForFloat reader = new ByteStreamSplitValuesReaderForFloat();
            try {
                reader.initFromPage(N, ByteBufferInputStream.wrap(ByteBuffer.wrap(floatStreams)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            for (int i = 0; i < N; i++) {
                floatOut[i] = reader.readFloat();
            }
        } else if (kernels == null) {
            System.arraycopy(floats, 0, floatOut, 0, N);
        } else {
            kernels.bssDecode(floatStreams, 0, N, floatOut, 0, N);
        }
        return floatOut;
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public double[] decodeDouble() {
        if (impl.equals("parquet-java")) {
            ByteStreamSplitValuesReaderForDouble reader = new ByteStreamSplitValuesReaderForDouble();
            try {
                reader.initFromPage(N, ByteBufferInputStream.wrap(ByteBuffer.wrap(doubleStreams)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            for (int i = 0; i < N; i++) {
                doubleOut[i] = reader.readDouble();
            }
        } else if (kernels == null) {
            System.arraycopy(doubles, 0, doubleOut, 0, N);
        } else {
            kernels.bssDecode(doubleStreams, 0, N, doubleOut, 0, N);
        }
        return doubleOut;
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public Object encodeDouble() {
        if (impl.equals("parquet-java")) {
            // the page's streams as parquet-java hands them to its page writer (not copied into one array:
            // colcodec's side writes them where they go, and neither copies them again)
            ByteStreamSplitValuesWriter.DoubleByteStreamSplitValuesWriter writer = parquetWriter;
            writer.reset();
            for (int i = 0; i < N; i++) {
                writer.writeDouble(doubles[i]);
            }
            return writer.getBytes();
        } else if (kernels == null) {
            System.arraycopy(doubleStreams, 0, bytesOut, 0, 8 * N);
        } else {
            kernels.bssEncode(doubles, 0, N, bytesOut, 0, N);
        }
        return bytesOut;
    }
}
