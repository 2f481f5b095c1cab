package dev.colcodec.bench;

import dev.colcodec.format.advisor.Advice;
import dev.colcodec.format.advisor.Candidate;
import dev.colcodec.format.advisor.Column;
import dev.colcodec.format.advisor.ColumnEncoding;
import dev.colcodec.format.advisor.DecodeMeter;
import dev.colcodec.format.advisor.EncodingAdvisor;
import dev.colcodec.format.advisor.Encodings;
import dev.colcodec.format.advisor.Rejection;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.kernel.KernelProvider;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.tsfile.TsEncoding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The timestamp-layout study (reference notes, fast-decoding §6): for timestamp-like INT64 columns
 * (epoch milliseconds) it measures bytes/value and decode values/s of PLAIN, DELTA_BINARY_PACKED,
 * TS_2DIFF, GORILLA (when its codec classes are present) and BYTE_STREAM_SPLIT, each uncompressed and
 * with LZ4_RAW and ZSTD pages, through the {@link EncodingAdvisor}'s measuring code, and prints one
 * Markdown table.
 *
 * <p>It first makes one untimed pass over every cell to let the JIT compile the kernels, then the
 * measured one. Usage: {@code java --add-modules=jdk.incubator.vector -cp benchmarks/target/benchmarks.jar
 * dev.colcodec.bench.TimestampStudy [valueCount]} (default 65536 values per column).
 */
public final class TimestampStudy {
    /** The codecs every encoding is tried with. */
    static final List<Compression> CODECS = List.of(Compression.UNCOMPRESSED, Compression.LZ4_RAW, Compression.ZSTD);

    /** The table's header row. */
    static final String HEADER = "| data | encoding | codec | bytes/value | decode M values/s |";

    private static final long DAY_MS = 86_400_000L;
    private static final long START_MS = 1_577_836_800_000L; // 2020-01-01T00:00:00Z

    private TimestampStudy() {}

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : EncodingAdvisor.DEFAULT_SAMPLE_SIZE;
        // One untimed pass first, 100 ms per cell: the Vector API kernels decode slowly until C2 has
        // compiled them, which takes seconds on a busy 2-core machine.
        run(n, DecodeMeter.timing(System::nanoTime, 0, 100_000_000L, 1));
        System.out.print(run(n, DecodeMeter.timing()));
    }

    /** The encodings of the study, in table order; GORILLA only if its classes are on the class path. */
    static List<ColumnEncoding> encodings() {
        List<ColumnEncoding> out = new ArrayList<>();
        out.add(Encodings.parquet(ParquetEncoding.PLAIN));
        out.add(Encodings.parquet(ParquetEncoding.DELTA_BINARY_PACKED));
        Encodings.tsfile(TsEncoding.TS_2DIFF).ifPresent(out::add);
        Encodings.tsfile(TsEncoding.GORILLA).ifPresent(out::add);
        out.add(Encodings.parquet(ParquetEncoding.BYTE_STREAM_SPLIT));
        return out;
    }

    /**
     * The study's columns, {@code n} epoch-millisecond values each: {@code regular} (1000 ms apart),
     * {@code jittered} (1000 ms apart, each off by up to ±20 ms), {@code dates} (days at midnight in
     * 2020–2026, unsorted like TPC-H's {@code l_receiptdate}) and {@code random} (uniform over 2020–2026).
     */
    static Map<String, long[]> columns(int n, long seed) {
        BenchSupport.XorShift r = new BenchSupport.XorShift(seed);
        long span = 7 * 365 * DAY_MS;
        long[] regular = new long[n];
        long[] jittered = new long[n];
        long[] dates = new long[n];
        long[] random = new long[n];
        for (int i = 0; i < n; i++) {
            regular[i] = START_MS + 1000L * i;
            jittered[i] = START_MS + 1000L * i + Math.floorMod(r.next(), 41) - 20;
            dates[i] = START_MS + Math.floorMod(r.next(), 7 * 365) * DAY_MS;
            random[i] = START_MS + Math.floorMod(r.next(), span);
        }
        Map<String, long[]> m = new LinkedHashMap<>();
        m.put("regular", regular);
        m.put("jittered", jittered);
        m.put("dates", dates);
        m.put("random", random);
        return m;
    }

    /** Measures every column with {@code meter} and renders the Markdown table. */
    static String run(int n, DecodeMeter meter) {
        List<ColumnEncoding> encodings = encodings();
        EncodingAdvisor advisor = EncodingAdvisor.defaults()
                .withEncodings(encodings)
                .withCodecs(CODECS)
                .withSampleSize(Math.max(1, n))
                .withMeter(meter);
        StringBuilder sb = new StringBuilder();
        sb.append("### Timestamp layouts: ")
                .append(n)
                .append(" epoch-ms values per column, ")
                .append(KernelProvider.decision())
                .append("\n\n");
        sb.append(HEADER).append('\n');
        sb.append("|---|---|---|---:|---:|\n");
        for (Map.Entry<String, long[]> col : columns(n, 42).entrySet()) {
            Advice advice = advisor.advise(Column.ofLongs(col.getValue()));
            for (ColumnEncoding e : encodings) {
                for (Compression codec : CODECS) {
                    sb.append("| ")
                            .append(col.getKey())
                            .append(" | ")
                            .append(e.label())
                            .append(" | ")
                            .append(codec)
                            .append(" | ")
                            .append(cells(advice, e, codec))
                            .append(" |\n");
                }
            }
        }
        if (encodings.stream().noneMatch(e -> e.name().equals(TsEncoding.GORILLA.name()))) {
            sb.append("\nGORILLA: not on the class path of this build.\n");
        }
        return sb.toString();
    }

    private static String cells(Advice advice, ColumnEncoding e, Compression codec) {
        for (Candidate c : advice.candidates()) {
            if (c.encoding().label().equals(e.label()) && c.codec() == codec) {
                return String.format(Locale.ROOT, "%.3f | %.1f", c.bytesPerValue(), c.valuesPerSecond() / 1e6);
            }
        }
        for (Rejection r : advice.rejections()) {
            if (r.encoding().label().equals(e.label()) && (r.codec() == null || r.codec() == codec)) {
                return "rejected: " + r.reason().replace('|', '/') + " | ";
            }
        }
        return "n/a | ";
    }
}
