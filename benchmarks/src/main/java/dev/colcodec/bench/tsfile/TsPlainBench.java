package dev.colcodec.bench.tsfile;

import static dev.colcodec.bench.tsfile.TsBenchData.N;

import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.plain.PlainDoubleReader;
import dev.colcodec.tsfile.plain.PlainDoubleWriter;
import dev.colcodec.tsfile.plain.PlainLongReader;
import dev.colcodec.tsfile.plain.PlainLongWriter;
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
 * TsFile PLAIN INT64 and DOUBLE (8 bytes big-endian per value), 100,000 values per operation: colcodec
 * with the provider's and the scalar kernels, tsfile 2.4.0's {@code PlainEncoder}/{@code PlainDecoder}
 * per value, and System.arraycopy of the same output as the ceiling. Design target: decode at least
 * 5x and encode at least 3x tsfile.
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
public class TsPlainBench {
    @Param({"colcodec", "colcodec-scalar", "tsfile", "memcpy"})
    public String impl;

    @Param({"INT64", "DOUBLE"})
    public String type;

    @Param({"timestamps", "random", "sensor"})
    public String data;

    long[] longs;
    double[] doubles;
    byte[] page;
    long[] longOut;
    double[] doubleOut;
    byte[] pageCopy;

    private boolean isLong;
    private PlainLongReader longReader;
    private PlainDoubleReader doubleReader;
    private PlainLongWriter longWriter;
    private PlainDoubleWriter doubleWriter;
    private TSDataType tsType;
    private Encoder tsEncoder;
    private final PublicBAOS tsOut = new PublicBAOS();

    @Setup
    public void setup() {
        isLong = type.equals("INT64");
        tsType = TSDataType.valueOf(type);
        tsEncoder = TSEncodingBuilder.getEncodingBuilder(TSEncoding.PLAIN).getEncoder(tsType);
        if (isLong) {
            longs = TsBenchData.longs(data);
            page = TsBenchData.tsfilePage(tsEncoder, longs);
        } else {
            doubles = TsBenchData.doubles(data);
            page = TsBenchData.tsfilePage(tsEncoder, doubles);
        }
        longOut = new long[N];
        doubleOut = new double[N];
        pageCopy = new byte[page.length];
        if (TsBenchData.isColcodec(impl)) {
            Kernels k = TsBenchData.kernels(impl);
            longReader = new PlainLongReader(k);
            doubleReader = new PlainDoubleReader(k);
            longWriter = new PlainLongWriter(k);
            doubleWriter = new PlainDoubleWriter(k);
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
                System.arraycopy(doubles, 0, doubleOut, 0, N);
                return doubleOut;
            case "tsfile":
                Decoder d = Decoder.getDecoderByType(TSEncoding.PLAIN, tsType);
                return isLong
                        ? TsBenchData.tsfileDecode(d, page, longOut)
                        : TsBenchData.tsfileDecode(d, page, doubleOut);
            default:
                if (isLong) {
                    longReader.init(N, page, 0, page.length);
                    longReader.readLongs(longOut, 0, N);
                    return longOut;
                }
                doubleReader.init(N, page, 0, page.length);
                doubleReader.readDoubles(doubleOut, 0, N);
                return doubleOut;
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
                        : TsBenchData.tsfileEncode(tsEncoder, tsOut, doubles);
            default:
                if (isLong) {
                    longWriter.reset();
                    longWriter.writeLongs(longs, 0, N);
                    return longWriter.toByteArray();
                }
                doubleWriter.reset();
                doubleWriter.writeDoubles(doubles, 0, N);
                return doubleWriter.toByteArray();
        }
    }
}
