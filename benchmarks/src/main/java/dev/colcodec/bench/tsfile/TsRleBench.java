package dev.colcodec.bench.tsfile;

import static dev.colcodec.bench.tsfile.TsBenchData.N;

import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.rle.RleBooleanReader;
import dev.colcodec.tsfile.rle.RleBooleanWriter;
import dev.colcodec.tsfile.rle.RleIntReader;
import dev.colcodec.tsfile.rle.RleIntWriter;
import dev.colcodec.tsfile.rle.RleLongReader;
import dev.colcodec.tsfile.rle.RleLongWriter;
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
 * TsFile RLE INT32, INT64 and BOOLEAN, 100,000 values per operation (one page): colcodec (fills for
 * RLE runs, one kernel unpack per bit-packed run) with the provider's and the scalar kernels, tsfile
 * 2.4.0's {@code IntRleEncoder}/{@code LongRleEncoder} and decoders per value, and System.arraycopy of
 * the same output as the ceiling. Design target: decode at least 5x and encode at least 3x tsfile.
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
public class TsRleBench {
    @Param({"colcodec", "colcodec-scalar", "tsfile", "memcpy"})
    public String impl;

    @Param({"INT32", "INT64", "BOOLEAN"})
    public String type;

    @Param({"timestamps", "random", "sensor"})
    public String data;

    long[] longs;
    int[] ints;
    boolean[] booleans;
    byte[] page;
    long[] longOut;
    int[] intOut;
    boolean[] booleanOut;
    byte[] pageCopy;

    private TSDataType tsType;
    private RleLongReader longReader;
    private RleIntReader intReader;
    private RleBooleanReader booleanReader;
    private RleLongWriter longWriter;
    private RleIntWriter intWriter;
    private RleBooleanWriter booleanWriter;
    private Encoder tsEncoder;
    private final PublicBAOS tsOut = new PublicBAOS();

    @Setup
    public void setup() {
        tsType = TSDataType.valueOf(type);
        tsEncoder = TSEncodingBuilder.getEncodingBuilder(TSEncoding.RLE).getEncoder(tsType);
        switch (tsType) {
            case INT64:
                longs = TsBenchData.longs(data);
                page = TsBenchData.tsfilePage(tsEncoder, longs);
                break;
            case INT32:
                ints = TsBenchData.ints(data);
                page = TsBenchData.tsfilePage(tsEncoder, ints);
                break;
            default:
                booleans = TsBenchData.booleans(data);
                page = TsBenchData.tsfilePage(tsEncoder, booleans);
        }
        longOut = new long[N];
        intOut = new int[N];
        booleanOut = new boolean[N];
        pageCopy = new byte[page.length];
        if (TsBenchData.isColcodec(impl)) {
            Kernels k = TsBenchData.kernels(impl);
            longReader = new RleLongReader(k);
            intReader = new RleIntReader(k);
            booleanReader = new RleBooleanReader(k);
            longWriter = new RleLongWriter(k);
            intWriter = new RleIntWriter(k);
            booleanWriter = new RleBooleanWriter(k);
        }
    }

    @Benchmark
    @OperationsPerInvocation(N)
    public Object decode() throws IOException {
        switch (impl) {
            case "memcpy":
                switch (tsType) {
                    case INT64:
                        System.arraycopy(longs, 0, longOut, 0, N);
                        return longOut;
                    case INT32:
                        System.arraycopy(ints, 0, intOut, 0, N);
                        return intOut;
                    default:
                        System.arraycopy(booleans, 0, booleanOut, 0, N);
                        return booleanOut;
                }
            case "tsfile":
                Decoder d = Decoder.getDecoderByType(TSEncoding.RLE, tsType);
                switch (tsType) {
                    case INT64:
                        return TsBenchData.tsfileDecode(d, page, longOut);
                    case INT32:
                        return TsBenchData.tsfileDecode(d, page, intOut);
                    default:
                        return TsBenchData.tsfileDecode(d, page, booleanOut);
                }
            default:
                switch (tsType) {
                    case INT64:
                        longReader.init(N, page, 0, page.length);
                        longReader.readLongs(longOut, 0, N);
                        return longOut;
                    case INT32:
                        intReader.init(N, page, 0, page.length);
                        intReader.readIntegers(intOut, 0, N);
                        return intOut;
                    default:
                        booleanReader.init(N, page, 0, page.length);
                        booleanReader.readBooleans(booleanOut, 0, N);
                        return booleanOut;
                }
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
                switch (tsType) {
                    case INT64:
                        return TsBenchData.tsfileEncode(tsEncoder, tsOut, longs);
                    case INT32:
                        return TsBenchData.tsfileEncode(tsEncoder, tsOut, ints);
                    default:
                        return TsBenchData.tsfileEncode(tsEncoder, tsOut, booleans);
                }
            default:
                switch (tsType) {
                    case INT64:
                        longWriter.reset();
                        longWriter.writeLongs(longs, 0, N);
                        return longWriter.toByteArray();
                    case INT32:
                        intWriter.reset();
                        intWriter.writeIntegers(ints, 0, N);
                        return intWriter.toByteArray();
                    default:
                        booleanWriter.reset();
                        booleanWriter.writeBooleans(booleans, 0, N);
                        return booleanWriter.toByteArray();
                }
        }
    }
}
