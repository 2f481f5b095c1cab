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
 * <p>Usage: {@code java -cp benchmarks.jar dev.colcodec.bench.report.Report results.json [out.md]}.
 */
public final class Report {
    /** Order in which implementations appear as columns. */
    static final List<String> IMPL_ORDER =
            List.of("colcodec", "colcodec-vector", "colcodec-scalar", "parquet-java", "tsfile", "memcpy");

    private Report() {}

    /**
     * {@code Report [--merged all.json] [--out report.md] part.json...}: renders the tables of every
     * part (one JMH run each), optionally writing the parts merged into one JSON array.
     */
    public static void main(String[] args) throws IOException {
        List<Path> parts = new ArrayList<>();
        Path merged = null;
        Path out = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--merged") && i + 1 < args.length) {
                merged = Path.of(args[++i]);
            } else if (args[i].equals("--out") && i + 1 < args.length) {
                out = Path.of(args[++i]);
            } else {
                parts.add(Path.of(args[i]));
            }
        }
        if (parts.isEmpty()) {
            System.err.println("usage: Report [--merged all.json] [--out report.md] <jmh-result.json>...");
            System.exit(2);
        }
        List<String> texts = new ArrayList<>();
        for (Path p : parts) {
            texts.add(Files.readString(p, StandardCharsets.UTF_8));
        }
        String json = merge(texts);
        if (merged != null) {
            Files.writeString(merged, json, StandardCharsets.UTF_8);
        }
        String md = render(json);
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

    /** One measured point. */
    record Point(String benchmark, Map<String, String> params, String impl, double score, double error) {}

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
            Map<String, Object> metric = (Map<String, Object>) r.get("primaryMetric");
            double score = ((Number) metric.get("score")).doubleValue();
            Object err = metric.get("scoreError");
            double error = err instanceof Number ? ((Number) err).doubleValue() : Double.NaN;
            out.add(new Point(name, params, impl == null ? "-" : impl, score, error));
        }
        return out;
    }

    static String render(String json) {
        List<Point> pts = points(json);
        Map<String, List<Point>> byBench = new LinkedHashMap<>();
        for (Point p : pts) {
            byBench.computeIfAbsent(p.benchmark(), k -> new ArrayList<>()).add(p);
        }
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, List<Point>> e : byBench.entrySet()) {
            renderTable(sb, e.getKey(), e.getValue());
        }
        return sb.toString();
    }

    private static void renderTable(StringBuilder sb, String bench, List<Point> pts) {
        Set<String> impls = new LinkedHashSet<>();
        for (String i : IMPL_ORDER) {
            for (Point p : pts) {
                if (p.impl().equals(i)) {
                    impls.add(i);
                }
            }
        }
        for (Point p : pts) {
            impls.add(p.impl());
        }
        List<String> paramNames = new ArrayList<>(pts.get(0).params().keySet());
        Map<Map<String, String>, Map<String, Double>> rows = new LinkedHashMap<>();
        for (Point p : pts) {
            rows.computeIfAbsent(p.params(), k -> new LinkedHashMap<>()).put(p.impl(), p.score());
        }
        String ours =
                impls.contains("colcodec") ? "colcodec" : impls.contains("colcodec-vector") ? "colcodec-vector" : null;
        List<String> baselines = new ArrayList<>();
        for (String i : impls) {
            if (ours != null && !i.equals(ours)) {
                baselines.add(i);
            }
        }
        sb.append("### ").append(bench).append(" (values/s)\n\n|");
        for (String n : paramNames) {
            sb.append(' ').append(n).append(" |");
        }
        for (String i : impls) {
            sb.append(' ').append(i).append(" |");
        }
        for (String b : baselines) {
            sb.append(' ').append(ours).append(" / ").append(b).append(" |");
        }
        sb.append("\n|");
        int cols = paramNames.size() + impls.size() + baselines.size();
        for (int c = 0; c < cols; c++) {
            sb.append(c < paramNames.size() ? "---|" : "---:|");
        }
        sb.append('\n');
        for (Map.Entry<Map<String, String>, Map<String, Double>> row : rows.entrySet()) {
            sb.append('|');
            for (String n : paramNames) {
                sb.append(' ').append(row.getKey().get(n)).append(" |");
            }
            for (String i : impls) {
                Double v = row.getValue().get(i);
                sb.append(' ').append(v == null ? "" : human(v)).append(" |");
            }
            for (String b : baselines) {
                Double num = row.getValue().get(ours);
                Double den = row.getValue().get(b);
                sb.append(' ')
                        .append(
                                num == null || den == null || den == 0
                                        ? ""
                                        : String.format(Locale.ROOT, "%.2fx", num / den))
                        .append(" |");
            }
            sb.append('\n');
        }
        sb.append('\n');
    }

    /** 1234567890 -> "1.23 G". */
    static String human(double v) {
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
