package dev.colcodec.bench.tsfile;

import static dev.colcodec.bench.tsfile.TsBenchData.N;

import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.ts2diff.Ts2DiffIntReader;
import dev.colcodec.tsfile.ts2diff.Ts2DiffIntWriter;
import dev.colcodec.tsfile.ts2diff.Ts2DiffLongReader;
import dev.colcodec.tsfile.ts2diff.Ts2DiffLongWriter;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.apache.tsfile.encoding.decoder.Decoder;
import org.apache.tsfile.encoding.encoder.Encoder;
import org.apache.tsfile.encoding.encoder.TSEncodingBuilder;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.apache.tsfile.utils.PublicBAOS;
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
 * TsFile TS_2DIFF INT64 and INT32, 100,000 values per operation: colcodec (one kernel unpack + prefix
 * sum per 129-value block) with the provider's and the scalar kernels, tsfile 2.4.0's {@code
 * DeltaBinaryEncoder}/{@code DeltaBinaryDecoder} per value, and System.arraycopy of the same output as
 * the ceiling. Design target: decode at least 10x and encode at least 3x tsfile.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {
            TsBenchData.ADD_VECTOR,
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow"
        })
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class TsTs2DiffBench {
    @Param({"colcodec", "colcodec-scalar", "tsfile", "memcpy"})
    public String impl;

    @Param({"INT64", "INT32"})
    public String type;

    @Param({"timestamps", "random"})
    public String data;

    long[] longs;
    int[] ints;
    byte[] page;
    long[] longOut;
    int[] intOut;
    byte[] pageCopy;

    private boolean isLong;
    private Ts2DiffLongReader longReader;
    private Ts2DiffIntReader intReader;
    private Ts2DiffLongWriter longWriter;
    private Ts2DiffIntWriter intWriter;
    private TSDataType tsType;
    private Encoder tsEncoder;
    private final PublicBAOS tsOut = new PublicBAOS();

    @Setup
    public void setup() {
        isLong = type.equals("INT64");
        tsType = TSDataType.valueOf(type);
        tsEncoder = TSEncodingBuilder.getEncodingBuilder(TSEncoding.TS_2DIFF).getEncoder(tsType);
        if (isLong) {
            longs = TsBenchData.longs(data);
            page = TsBenchData.tsfilePage(tsEncoder, longs);
        } else {
            ints = TsBenchData.ints(data);
            page = TsBenchData.tsfilePage(tsEncoder, ints);
        }
        longOut = new long[N];
        intOut = new int[N];
        pageCopy = new byte[page.length];
        if (TsBenchData.isColcodec(impl)) {
            Kernels k = TsBenchData.kernels(impl);
            longReader = new Ts2DiffLongReader(k);
            intReader = new Ts2DiffIntReader(k);
            longWriter = new Ts2DiffLongWriter(k);
            intWriter = new Ts2DiffIntWriter(k);
        }
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public Object decode() throws IOException {
        switch (impl) {
            case "memcpy":
                if (isLong) {
                    System.arraycopy(longs, 0, longOut, 0, N);
                    return longOut;
                }
                System.arraycopy(ints, 0, intOut, 0, N);
                return intOut;
            case "tsfile":
                Decoder d = Decoder.getDecoderByType(TSEncoding.TS_2DIFF, tsType);
                return isLong ? TsBenchData.tsfileDecode(d, page, longOut) : TsBenchData.tsfileDecode(d, page, intOut);
            default:
                if (isLong) {
                    longReader.init(N, page, 0, page.length);
                    longReader.readLongs(longOut, 0, N);
                    return longOut;
                }
                intReader.init(N, page, 0, page.length);
                intReader.readIntegers(intOut, 0, N);
                return intOut;
        }
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public Object encode() {
        switch (impl) {
            case "memcpy":
                System.arraycopy(page, 0, pageCopy, 0, page.length);
                return pageCopy;
            case "tsfile":
                return isLong
                        ? TsBenchData.tsfileEncode(tsEncoder, tsOut, longs)
                        : TsBenchData.tsfileEncode(tsEncoder, tsOut, ints);
            default:
                if (isLong) {
                    longWriter.reset();
                    longWriter.writeLongs(longs, 0, N);
                    return longWriter.toByteArray();
                }
                intWriter.reset();
                intWriter.writeIntegers(ints, 0, N);
                return intWriter.toByteArray();
        }
    }
}
