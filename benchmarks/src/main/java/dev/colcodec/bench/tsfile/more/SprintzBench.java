package dev.colcodec.bench.tsfile.more;

import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.sprintz.SprintzDoubleReader;
import dev.colcodec.tsfile.sprintz.SprintzDoubleWriter;
import dev.colcodec.tsfile.sprintz.SprintzFloatReader;
import dev.colcodec.tsfile.sprintz.SprintzFloatWriter;
import dev.colcodec.tsfile.sprintz.SprintzIntReader;
import dev.colcodec.tsfile.sprintz.SprintzIntWriter;
import dev.colcodec.tsfile.sprintz.SprintzLongReader;
import dev.colcodec.tsfile.sprintz.SprintzLongWriter;
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
 * TsFile SPRINTZ decode and encode, 100,000 values per operation in pages of 10,000: INT64 timestamps
 * with jitter, INT32 counters, a sensor-like DOUBLE random walk and the same walk as FLOAT. (xorshift
 * data is left out: tsfile 2.4.0 cannot decode its own SPRINTZ pages of such data.)
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
public class SprintzBench {
    /** colcodec's SPRINTZ readers and writers by type. */
    public static final NumericBench.Codecs CODECS = new NumericBench.Codecs() {
        @Override
        public ValuesReader reader(TSDataType type, Kernels kernels) {
            switch (type) {
                case INT32:
                    return new SprintzIntReader(kernels);
                case INT64:
                    return new SprintzLongReader(kernels);
                case FLOAT:
                    return new SprintzFloatReader(kernels);
                default:
                    return new SprintzDoubleReader(kernels);
            }
        }

        @Override
        public ValuesWriter writer(TSDataType type, Kernels kernels) {
            switch (type) {
                case INT32:
                    return new SprintzIntWriter(kernels);
                case INT64:
                    return new SprintzLongWriter(kernels);
                case FLOAT:
                    return new SprintzFloatWriter(kernels);
                default:
                    return new SprintzDoubleWriter(kernels);
            }
        }
    };

    @Param({"colcodec", "colcodec-scalar", "tsfile", "memcpy"})
    public String impl;

    @Param({"timestamps", "counter-int", "walk-double", "walk-float"})
    public String data;

    NumericBench bench;

    @Setup
    public void setup() {
        bench = new NumericBench(TSEncoding.SPRINTZ, TsSeries.Data.of(data), impl, CODECS);
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
