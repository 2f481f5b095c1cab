package dev.colcodec.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Turns a JMH JSON result file into Markdown tables: one table per benchmark method, one row per
 * parameter combination, one column per {@code impl} (values/s), and the ratios of colcodec's best
 * implementation to every other one (parquet-java, tsfile, colcodec-scalar, memcpy).
 *
 * <p>Whole-file benchmarks (those with a {@code rows} parameter) are shown in rows/s: the score (files per
 * second) times {@code rows}, or times 1% of {@code rows} for a {@code query} method (a 1% time-range
 * query). Their {@code threads} parameter goes into the column name of colcodec's multi-threaded runs
 * ({@code colcodec-2t}, {@code colcodec-all} for every core; {@code threads=1} is plain {@code colcodec}),
 * which get their own ratio columns against the other libraries; other libraries run one thread, so their
 * points at other thread counts are left out. A benchmark that counts the file bytes it writes or reads
 * (the {@value #FILE_BYTES} secondary metric of {@code ParquetFileBench}) also gets one MB/s column per
 * implementation (10^6 bytes of the file per second), after the ratios.
 *
 * <p>With a chart directory it also draws each table as PNG charts there ({@link Charts}): the ratios
 * of ours to every baseline and to memcpy, values/s by bit width when a {@code bitWidth} parameter
 * exists, and for whole-file benchmarks rows/s by column count ({@code fields} or {@code columns}) with one
 * bar per implementation and thread count. The Markdown references them by file name.
 *
 * <p>Usage: {@code java -cp benchmarks.jar dev.colcodec.bench.report.Report [--out out.md] [--charts
 * DIR] [--merged all.json] part.json...}; with {@code --out} the charts go next to the Markdown unless
 * {@code --charts} says otherwise.
 */
public final class Report {
    /** Order in which implementations appear as columns. */
    static final List<String> IMPL_ORDER =
            List.of("colcodec", "colcodec-vector", "colcodec-scalar", "parquet-java", "tsfile", "memcpy");

    private Report() {}

    /**
     * {@code Report [--merged all.json] [--out report.md] [--charts DIR] part.json...}: renders the
     * tables (and charts) of every part (one JMH run each), optionally writing the parts merged into
     * one JSON array.
     */
    public static void main(String[] args) throws IOException {
        List<Path> parts = new ArrayList<>();
        Path merged = null;
        Path out = null;
        Path chartDir = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--merged") && i + 1 < args.length) {
                merged = Path.of(args[++i]);
            } else if (args[i].equals("--out") && i + 1 < args.length) {
                out = Path.of(args[++i]);
            } else if (args[i].equals("--charts") && i + 1 < args.length) {
                chartDir = Path.of(args[++i]);
            } else {
                parts.add(Path.of(args[i]));
            }
        }
        if (parts.isEmpty()) {
            System.err.println(
                    "usage: Report [--merged all.json] [--out report.md] [--charts DIR] <jmh-result.json>...");
            System.exit(2);
        }
        if (chartDir == null && out != null) {
            chartDir = out.toAbsolutePath().getParent();
        }
        List<String> texts = new ArrayList<>();
        for (Path p : parts) {
            texts.add(Files.readString(p, StandardCharsets.UTF_8));
        }
        String json = merge(texts);
        if (merged != null) {
            Files.writeString(merged, json, StandardCharsets.UTF_8);
        }
        String md;
        // links are relative to the Markdown file, or to the chart directory when printing only
        Path linkBase = out != null ? out.toAbsolutePath().getParent() : chartDir;
        try {
            md = render(json, chartDir, linkBase);
        } catch (RuntimeException | LinkageError | java.awt.AWTError e) {
            // a machine without fonts or AWT libraries still gets its tables
            System.err.println("Report: no charts (" + e + ")");
            md = render(json, null);
        }
        if (out != null) {
            Files.writeString(out, md, StandardCharsets.UTF_8);
        }
        System.out.print(md);
    }

    /** Joins JMH result arrays into one array (empty parts are skipped). */
    static String merge(List<String> arrays) {
        StringBuilder sb = new StringBuilder("[\n");
        boolean first = true;
        for (String a : arrays) {
            String t = a.strip();
            if (!t.startsWith("[") || !t.endsWith("]")) {
                throw new IllegalArgumentException("not a JMH JSON result array");
            }
            String body = t.substring(1, t.length() - 1).strip();
            if (body.isEmpty()) {
                continue;
            }
            if (!first) {
                sb.append(",\n");
            }
            sb.append(body);
            first = false;
        }
        return sb.append("\n]\n").toString();
    }

    /**
     * One measured point, in {@code unit} (values/s, or rows/s for whole-file benchmarks), with the file
     * bytes per second of a benchmark that counts them ({@link #FILE_BYTES}; NaN for the others).
     */
    record Point(
            String benchmark,
            Map<String, String> params,
            String impl,
            double score,
            double error,
            String unit,
            double bytesPerSecond) {
        Point(String benchmark, Map<String, String> params, String impl, double score, double error, String unit) {
            this(benchmark, params, impl, score, error, unit, Double.NaN);
        }
    }

    /** The JMH secondary metric of file bytes written or read (ParquetFileBench's aux counter), bytes/s. */
    static final String FILE_BYTES = "fileBytes";

    /** The values/s unit of the encoding benchmarks. */
    static final String VALUES_PER_S = "values/s";
    /** The unit of whole-file benchmarks (those with a {@code rows} parameter). */
    static final String ROWS_PER_S = "rows/s";

    /**
     * Rows one operation of a whole-file benchmark handles: {@code rows}, or 1% of it (at least 1) for a
     * {@code query} method. 1 for benchmarks without a {@code rows} parameter (their scores are already
     * values/s).
     */
    static double rowsPerOperation(String benchmark, Map<String, String> params) {
        String rows = params.get("rows");
        if (rows == null) {
            return 1;
        }
        long n = Long.parseLong(rows);
        return benchmark.endsWith(".query") ? Math.max(1, n / 100) : n;
    }

    /** Whether {@code impl} is a multi-threaded colcodec column ({@code colcodec-2t}, {@code colcodec-all}). */
    static boolean isThreadedColcodec(String impl) {
        return impl.matches("colcodec-(\\d+t|all)");
    }

    @SuppressWarnings("unchecked")
    static List<Point> points(String json) {
        List<Point> out = new ArrayList<>();
        for (Object o : (List<Object>) Json.parse(json)) {
            Map<String, Object> r = (Map<String, Object>) o;
            String bench = (String) r.get("benchmark");
            int dot = bench.lastIndexOf('.');
            int dot2 = bench.lastIndexOf('.', dot - 1);
            String name = bench.substring(dot2 + 1);
            Map<String, String> params = new LinkedHashMap<>();
            Object p = r.get("params");
            if (p instanceof Map) {
                for (Map.Entry<String, Object> e : ((Map<String, Object>) p).entrySet()) {
                    params.put(e.getKey(), String.valueOf(e.getValue()));
                }
            }
            String impl = params.remove("impl");
            String threads = params.remove("threads");
            if (threads != null && !threads.equals("1")) {
                if (impl == null || !impl.equals("colcodec")) {
                    continue; // other libraries run one thread whatever the parameter says
                }
                impl = threads.equals("all") ? "colcodec-all" : "colcodec-" + threads + "t";
            }
            Map<String, Object> metric = (Map<String, Object>) r.get("primaryMetric");
            double perOp = rowsPerOperation(name, params);
            double score = ((Number) metric.get("score")).doubleValue() * perOp;
            Object err = metric.get("scoreError");
            double error = err instanceof Number ? ((Number) err).doubleValue() * perOp : Double.NaN;
            String unit = params.containsKey("rows") ? ROWS_PER_S : VALUES_PER_S;
            double bytes = Double.NaN;
            if (r.get("secondaryMetrics") instanceof Map<?, ?> secondary
                    && secondary.get(FILE_BYTES) instanceof Map<?, ?> fb
                    && fb.get("score") instanceof Number n) {
                bytes = n.doubleValue();
            }
            out.add(new Point(name, params, impl == null ? "-" : impl, score, error, unit, bytes));
        }
        return out;
    }

    static String render(String json) {
        return render(json, null);
    }

    /** {@link #render(String, Path, Path)} for Markdown kept in the chart directory. */
    static String render(String json, Path chartDir) {
        return render(json, chartDir, chartDir);
    }

    /**
     * The Markdown tables; with a {@code chartDir}, also writes the charts of each table there (see
     * {@link Charts}) and references each below its table by its path relative to {@code linkBase}, the
     * directory the Markdown will be kept in.
     */
    static String render(String json, Path chartDir, Path linkBase) {
        StringBuilder sb = new StringBuilder();
        for (Table t : tables(points(json))) {
            renderTable(sb, t);
            if (chartDir != null) {
                for (Path chart : Charts.write(t, chartDir)) {
                    String name = chart.getFileName().toString();
                    String link = linkBase.toAbsolutePath()
                            .relativize(chart.toAbsolutePath())
                            .toString()
                            .replace('\\', '/');
                    sb.append("![").append(name).append("](").append(link).append(")\n\n");
                }
            }
        }
        return sb.toString();
    }

    /**
     * One benchmark method's results as a table: parameter columns, one score column per impl, the ratios
     * of colcodec's best impl ({@code ours}) to every other impl ({@code baselines}), and the ratios of
     * colcodec's multi-threaded runs ({@code threaded}) to the other libraries' ({@link #otherLibraries()}),
     * and, for a benchmark that counts file bytes, each impl's MB/s ({@code bytesPerSecond}: the impls
     * that have them, per row; empty otherwise).
     */
    record Table(
            String bench,
            String unit,
            List<String> paramNames,
            List<String> impls,
            String ours,
            List<String> baselines,
            List<String> threaded,
            Map<Map<String, String>, Map<String, Double>> rows,
            Map<Map<String, String>, Map<String, Double>> bytesPerSecond) {

        static Table of(String bench, List<Point> pts) {
            Set<String> impls = new LinkedHashSet<>();
            for (String i : IMPL_ORDER) {
                for (Point p : pts) {
                    if (p.impl().equals(i)) {
                        impls.add(i);
                    }
                }
                if (i.equals("colcodec")) {
                    // the multi-threaded runs right after the one-thread column
                    for (Point p : pts) {
                        if (isThreadedColcodec(p.impl())) {
                            impls.add(p.impl());
                        }
                    }
                }
            }
            for (Point p : pts) {
                impls.add(p.impl());
            }
            List<String> paramNames = new ArrayList<>(pts.get(0).params().keySet());
            Map<Map<String, String>, Map<String, Double>> rows = new LinkedHashMap<>();
            Map<Map<String, String>, Map<String, Double>> bytes = new LinkedHashMap<>();
            for (Point p : pts) {
                rows.computeIfAbsent(p.params(), k -> new LinkedHashMap<>()).put(p.impl(), p.score());
                if (!Double.isNaN(p.bytesPerSecond())) {
                    bytes.computeIfAbsent(p.params(), k -> new LinkedHashMap<>())
                            .put(p.impl(), p.bytesPerSecond());
                }
            }
            String ours = impls.contains("colcodec")
                    ? "colcodec"
                    : impls.contains("colcodec-vector") ? "colcodec-vector" : null;
            List<String> baselines = new ArrayList<>();
            List<String> threaded = new ArrayList<>();
            for (String i : impls) {
                if (isThreadedColcodec(i)) {
                    threaded.add(i);
                } else if (ours != null && !i.equals(ours)) {
                    baselines.add(i);
                }
            }
            return new Table(
                    bench,
                    pts.get(0).unit(),
                    paramNames,
                    new ArrayList<>(impls),
                    ours,
                    baselines,
                    threaded,
                    rows,
                    bytes);
        }

        /** The impls with file bytes per second in some row, in column order. */
        List<String> bytesImpls() {
            List<String> out = new ArrayList<>();
            for (String i : impls) {
                if (bytesPerSecond.values().stream().anyMatch(m -> m.containsKey(i))) {
                    out.add(i);
                }
            }
            return out;
        }

        /** The baselines that are other libraries (not colcodec variants, not memcpy). */
        List<String> otherLibraries() {
            List<String> out = new ArrayList<>();
            for (String b : baselines) {
                if (!b.startsWith("colcodec") && !b.equals("memcpy")) {
                    out.add(b);
                }
            }
            return out;
        }

        /** ours / baseline in one row, or null when either score is missing or the baseline is 0. */
        Double ratio(Map<String, Double> row, String baseline) {
            return ratio(row, ours, baseline);
        }

        /** impl / baseline in one row, or null when either score is missing or the baseline is 0. */
        static Double ratio(Map<String, Double> row, String impl, String baseline) {
            Double num = row.get(impl);
            Double den = row.get(baseline);
            return num == null || den == null || den == 0 ? null : num / den;
        }
    }

    /** Points grouped into one table per benchmark method, in order of appearance. */
    static List<Table> tables(List<Point> pts) {
        Map<String, List<Point>> byBench = new LinkedHashMap<>();
        for (Point p : pts) {
            byBench.computeIfAbsent(p.benchmark(), k -> new ArrayList<>()).add(p);
        }
        List<Table> out = new ArrayList<>();
        for (Map.Entry<String, List<Point>> e : byBench.entrySet()) {
            out.add(Table.of(e.getKey(), e.getValue()));
        }
        return out;
    }

    private static void renderTable(StringBuilder sb, Table t) {
        sb.append("### ").append(t.bench()).append(" (").append(t.unit()).append(")\n\n|");
        for (String n : t.paramNames()) {
            sb.append(' ').append(n).append(" |");
        }
        for (String i : t.impls()) {
            sb.append(' ').append(i).append(" |");
        }
        for (String b : t.baselines()) {
            sb.append(' ').append(t.ours()).append(" / ").append(b).append(" |");
        }
        for (String v : t.threaded()) {
            for (String b : t.otherLibraries()) {
                sb.append(' ').append(v).append(" / ").append(b).append(" |");
            }
        }
        List<String> bytesImpls = t.bytesImpls();
        for (String i : bytesImpls) {
            sb.append(' ').append(i).append(" MB/s |");
        }
        sb.append("\n|");
        int cols = t.paramNames().size()
                + t.impls().size()
                + t.baselines().size()
                + t.threaded().size() * t.otherLibraries().size()
                + bytesImpls.size();
        for (int c = 0; c < cols; c++) {
            sb.append(c < t.paramNames().size() ? "---|" : "---:|");
        }
        sb.append('\n');
        for (Map.Entry<Map<String, String>, Map<String, Double>> row : t.rows().entrySet()) {
            sb.append('|');
            for (String n : t.paramNames()) {
                sb.append(' ').append(row.getKey().get(n)).append(" |");
            }
            for (String i : t.impls()) {
                Double v = row.getValue().get(i);
                sb.append(' ').append(v == null ? "" : human(v)).append(" |");
            }
            for (String b : t.baselines()) {
                appendRatio(sb, t.ratio(row.getValue(), b));
            }
            for (String v : t.threaded()) {
                for (String b : t.otherLibraries()) {
                    appendRatio(sb, Table.ratio(row.getValue(), v, b));
                }
            }
            Map<String, Double> bytes = t.bytesPerSecond().getOrDefault(row.getKey(), Map.of());
            for (String i : bytesImpls) {
                Double v = bytes.get(i);
                sb.append(' ')
                        .append(v == null ? "" : String.format(Locale.ROOT, v >= 100e6 ? "%.0f" : "%.1f", v / 1e6))
                        .append(" |");
            }
            sb.append('\n');
        }
        sb.append('\n');
    }

    private static void appendRatio(StringBuilder sb, Double r) {
        sb.append(' ')
                .append(r == null ? "" : String.format(Locale.ROOT, "%.2fx", r))
                .append(" |");
    }

    /** 1234567890 -> "1.23 G". */
    public static String human(double v) {
        if (v >= 1e9) {
            return String.format(Locale.ROOT, "%.2f G", v / 1e9);
        }
        if (v >= 1e6) {
            return String.format(Locale.ROOT, "%.1f M", v / 1e6);
        }
        if (v >= 1e3) {
            return String.format(Locale.ROOT, "%.1f k", v / 1e3);
        }
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
