package dev.colcodec.bench.tsfile.more;

import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.rlbe.RlbeDoubleReader;
import dev.colcodec.tsfile.rlbe.RlbeDoubleWriter;
import dev.colcodec.tsfile.rlbe.RlbeFloatReader;
import dev.colcodec.tsfile.rlbe.RlbeFloatWriter;
import dev.colcodec.tsfile.rlbe.RlbeIntReader;
import dev.colcodec.tsfile.rlbe.RlbeIntWriter;
import dev.colcodec.tsfile.rlbe.RlbeLongReader;
import dev.colcodec.tsfile.rlbe.RlbeLongWriter;
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
 * TsFile RLBE decode and encode, 100,000 values per operation in pages of 10,000: INT64 timestamps
 * with jitter, INT32 counters and a sensor-like DOUBLE random walk (FLOAT is the INT32 code on raw
 * bits in tsfile 2.4.0, so it adds nothing). RLBE uses
 * no kernels, so {@code colcodec} and {@code colcodec-scalar} run the same code. xorshift data is left
 * out: tsfile 2.4.0's RLBE encoder allocates a 160 KB array per run of equal bit lengths, nearly one
 * per value on random data, so a single operation takes seconds.
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
public class RlbeBench {
    /** colcodec's RLBE readers and writers by type. */
    public static final NumericBench.Codecs CODECS = new NumericBench.Codecs() {
        @Override
        public ValuesReader reader(TSDataType type, Kernels kernels) {
            switch (type) {
                case INT32:
                    return new RlbeIntReader();
                case INT64:
                    return new RlbeLongReader();
                case FLOAT:
                    return new RlbeFloatReader();
                default:
                    return new RlbeDoubleReader();
            }
        }

        @Override
        public ValuesWriter writer(TSDataType type, Kernels kernels) {
            switch (type) {
                case INT32:
                    return new RlbeIntWriter();
                case INT64:
                    return new RlbeLongWriter();
                case FLOAT:
                    return new RlbeFloatWriter();
                default:
                    return new RlbeDoubleWriter();
            }
        }
    };

    @Param({"colcodec", "colcodec-scalar", "tsfile", "memcpy"})
    public String impl;

    @Param({"timestamps", "counter-int", "walk-double"})
    public String data;

    NumericBench bench;

    @Setup
    public void setup() {
        bench = new NumericBench(TSEncoding.RLBE, TsSeries.Data.of(data), impl, CODECS);
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
