package dev.colcodec.bench.tsfile.more;

import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.gorilla.GorillaDoubleReader;
import dev.colcodec.tsfile.gorilla.GorillaDoubleWriter;
import dev.colcodec.tsfile.gorilla.GorillaFloatReader;
import dev.colcodec.tsfile.gorilla.GorillaFloatWriter;
import dev.colcodec.tsfile.gorilla.GorillaIntReader;
import dev.colcodec.tsfile.gorilla.GorillaIntWriter;
import dev.colcodec.tsfile.gorilla.GorillaLongReader;
import dev.colcodec.tsfile.gorilla.GorillaLongWriter;
import dev.colcodec.values.ValuesReader;
import dev.colcodec.values.ValuesWriter;
import java.util.concurrent.TimeUnit;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
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
 * TsFile GORILLA (V2) decode and encode, 100,000 values per operation in pages of 10,000: INT64
 * timestamps with jitter, xorshift INT64, a sensor-like DOUBLE random walk and the same walk as FLOAT.
 * GORILLA uses no kernels, so {@code colcodec} and {@code colcodec-scalar} run the same code.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {
            "--add-modules=jdk.incubator.vector",
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow"
        })
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class GorillaBench {
    /** colcodec's GORILLA readers and writers by type. */
    public static final NumericBench.Codecs CODECS = new NumericBench.Codecs() {
        @Override
        public ValuesReader reader(TSDataType type, Kernels kernels) {
            switch (type) {
                case INT32:
                    return new GorillaIntReader();
                case INT64:
                    return new GorillaLongReader();
                case FLOAT:
                    return new GorillaFloatReader();
                default:
                    return new GorillaDoubleReader();
            }
        }

        @Override
        public ValuesWriter writer(TSDataType type, Kernels kernels) {
            switch (type) {
                case INT32:
                    return new GorillaIntWriter();
                case INT64:
                    return new GorillaLongWriter();
                case FLOAT:
                    return new GorillaFloatWriter();
                default:
                    return new GorillaDoubleWriter();
            }
        }
    };

    @Param({"colcodec", "colcodec-scalar", "tsfile", "memcpy"})
    public String impl;

    @Param({"timestamps", "xorshift", "walk-double", "walk-float"})
    public String data;

    NumericBench bench;

    @Setup
    public void setup() {
        bench = new NumericBench(TSEncoding.GORILLA, TsSeries.Data.of(data), impl, CODECS);
    }

    @Benchmark
    @OperationsPerInvocation(TsSeries.VALUES)
    public Object decode() {
        return bench.decode();
    }

    @Benchmark
    @OperationsPerInvocation(TsSeries.VALUES)
    public int encode() {
        return bench.encode();
    }
}
