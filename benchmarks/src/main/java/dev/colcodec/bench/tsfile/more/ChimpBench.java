package dev.colcodec.bench.tsfile.more;

import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.chimp.ChimpDoubleReader;
import dev.colcodec.tsfile.chimp.ChimpDoubleWriter;
import dev.colcodec.tsfile.chimp.ChimpFloatReader;
import dev.colcodec.tsfile.chimp.ChimpFloatWriter;
import dev.colcodec.tsfile.chimp.ChimpIntReader;
import dev.colcodec.tsfile.chimp.ChimpIntWriter;
import dev.colcodec.tsfile.chimp.ChimpLongReader;
import dev.colcodec.tsfile.chimp.ChimpLongWriter;
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
 * TsFile CHIMP decode and encode, 100,000 values per operation in pages of 10,000: INT64
 * timestamps with jitter, xorshift INT64, a sensor-like DOUBLE random walk and the same walk as FLOAT.
 * CHIMP uses no kernels, so {@code colcodec} and {@code colcodec-scalar} run the same code.
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
public class ChimpBench {
    /** colcodec's CHIMP readers and writers by type. */
    public static final NumericBench.Codecs CODECS = new NumericBench.Codecs() {
        @Override
        public ValuesReader reader(TSDataType type, Kernels kernels) {
            switch (type) {
                case INT32:
                    return new ChimpIntReader();
                case INT64:
                    return new ChimpLongReader();
                case FLOAT:
                    return new ChimpFloatReader();
                default:
                    return new ChimpDoubleReader();
            }
        }

        @Override
        public ValuesWriter writer(TSDataType type, Kernels kernels) {
            switch (type) {
                case INT32:
                    return new ChimpIntWriter();
                case INT64:
                    return new ChimpLongWriter();
                case FLOAT:
                    return new ChimpFloatWriter();
                default:
                    return new ChimpDoubleWriter();
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
        bench = new NumericBench(TSEncoding.CHIMP, TsSeries.Data.of(data), impl, CODECS);
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
