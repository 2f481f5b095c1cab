package dev.colcodec.bench.tsfile;

import static dev.colcodec.bench.tsfile.TsBenchData.N;

import dev.colcodec.format.tsfile.TsStatistics;
import dev.colcodec.kernel.Kernels;
import dev.colcodec.tsfile.TsDataType;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.statistics.Statistics;
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
 * The page statistics a TsFile writer keeps (count, times, min, max, first, last, sum), 100,000 values
 * with their times per operation in pages of {@value #PAGE_ROWS} rows: colcodec's {@code TsStatistics}
 * taking every page of a column at once (bounds through the kernels, the pages' serial double sums
 * advancing together), with the provider's and the scalar kernels, against tsfile 2.4.0's {@code
 * Statistics.update(long[], T[], int)} per page, as its page writers call it. The bytes are the same (the
 * test twin checks them).
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
public class TsStatisticsBench {
    /** Rows per page, as tsfile's default page point limit (10,000) cuts them. */
    public static final int PAGE_ROWS = 10_000;

    @Param({"colcodec", "colcodec-scalar", "tsfile"})
    public String impl;

    @Param({"INT64", "DOUBLE", "FLOAT"})
    public String type;

    @Param({"random", "sensor"})
    public String data;

    long[] times;
    long[] longs;
    double[] doubles;
    float[] floats;

    private Kernels kernels;
    private TsDataType ourType;
    private TSDataType theirType;
    private int pages;
    /** Per page, from index 0, for tsfile's batch update. */
    private long[][] pageTimes;

    private long[][] pageLongs;
    private double[][] pageDoubles;
    private float[][] pageFloats;

    @Setup
    public void setup() {
        ourType = TsDataType.valueOf(type);
        theirType = TSDataType.valueOf(type);
        times = TsBenchData.longs("timestamps");
        longs = TsBenchData.longs(data);
        doubles = TsBenchData.doubles(data);
        floats = new float[N];
        for (int i = 0; i < N; i++) {
            floats[i] = (float) doubles[i];
        }
        pages = (N + PAGE_ROWS - 1) / PAGE_ROWS;
        pageTimes = new long[pages][];
        pageLongs = new long[pages][];
        pageDoubles = new double[pages][];
        pageFloats = new float[pages][];
        for (int p = 0; p < pages; p++) {
            int a = p * PAGE_ROWS;
            int b = Math.min(N, a + PAGE_ROWS);
            pageTimes[p] = Arrays.copyOfRange(times, a, b);
            pageLongs[p] = Arrays.copyOfRange(longs, a, b);
            pageDoubles[p] = Arrays.copyOfRange(doubles, a, b);
            pageFloats[p] = Arrays.copyOfRange(floats, a, b);
        }
        if (TsBenchData.isColcodec(impl)) {
            kernels = TsBenchData.kernels(impl);
        }
    }

    /** The pages' statistics: {@code TsStatistics[]} or tsfile's {@code Statistics[]}. */
    @Benchmark
    @OperationsPerInvocation(N)
    public Object pages() {
        if (impl.equals("tsfile")) {
            Statistics<?>[] out = new Statistics<?>[pages];
            for (int p = 0; p < pages; p++) {
                Statistics<?> s = Statistics.getStatsByType(theirType);
                int len = pageTimes[p].length;
                switch (theirType) {
                    case INT64 -> s.update(pageTimes[p], pageLongs[p], len);
                    case DOUBLE -> s.update(pageTimes[p], pageDoubles[p], len);
                    default -> s.update(pageTimes[p], pageFloats[p], len);
                }
                out[p] = s;
            }
            return out;
        }
        TsStatistics[] out = new TsStatistics[pages];
        for (int p = 0; p < pages; p++) {
            out[p] = new TsStatistics(ourType);
        }
        switch (ourType) {
            case INT64 -> TsStatistics.updateLongPages(kernels, out, times, longs, 0, N, PAGE_ROWS);
            case DOUBLE -> TsStatistics.updateDoublePages(kernels, out, times, doubles, 0, N, PAGE_ROWS);
            default -> TsStatistics.updateFloatPages(kernels, out, times, floats, 0, N, PAGE_ROWS);
        }
        return out;
    }
}
