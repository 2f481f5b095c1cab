package dev.colcodec.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

/**
 * Draws a report {@link Report.Table} as PNG charts with XChart:
 *
 * <ul>
 *   <li>{@code <bench>-ratios.png}: grouped bars, one group per parameter combination, one bar per
 *       baseline (parquet-java, tsfile, colcodec-scalar, memcpy, ...), height = ours / baseline. Drawn
 *       when the table has colcodec's impl and at least one baseline.
 *   <li>{@code <bench>-bitwidth.png}: values/s against bit width (a linear axis), one line per impl (and
 *       per combination of the other parameters). Drawn when the benchmark has a {@code bitWidth}
 *       parameter.
 *   <li>{@code <bench>-columns[-<parameters>].png}: for whole-file benchmarks (rows/s, with a column-count
 *       parameter {@code fields} or {@code columns}, as the TsFile seed workload and the Parquet file
 *       benchmark have): grouped bars of rows/s by column count, one bar per implementation and thread
 *       count (colcodec on 1 thread, on 2 threads or every core, and the other library). One chart per
 *       combination of the other parameters (encoding, codec, data, rows); the parameters that vary in the
 *       table name the file.
 * </ul>
 */
final class Charts {
    static final int WIDTH = 960;
    static final int HEIGHT = 540;

    static {
        // charts are drawn off screen, also on machines without a display
        System.setProperty("java.awt.headless", "true");
    }

    private Charts() {}

    /** Writes the table's charts into {@code dir} (created if needed); returns the files written. */
    static List<Path> write(Report.Table t, Path dir) {
        List<Path> out = new ArrayList<>();
        try {
            Files.createDirectories(dir);
            CategoryChart ratios = ratioChart(t);
            if (ratios != null) {
                out.add(save(ratios, dir.resolve(fileStem(t.bench()) + "-ratios.png")));
            }
            XYChart widths = bitWidthChart(t);
            if (widths != null) {
                out.add(save(widths, dir.resolve(fileStem(t.bench()) + "-bitwidth.png")));
            }
            for (ColumnScaling s : columnScaling(t)) {
                out.add(save(
                        columnScalingChart(s),
                        dir.resolve(fileStem(t.bench() + "-columns" + s.fileSuffix()) + ".png")));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The ratio bars, or null when there is nothing to compare. */
    static CategoryChart ratioChart(Report.Table t) {
        if (t.ours() == null || t.baselines().isEmpty()) {
            return null;
        }
        CategoryChart chart = new CategoryChartBuilder()
                .width(WIDTH)
                .height(HEIGHT)
                .title(t.bench() + ": " + t.ours() + " / baseline (above 1 = ours faster)")
                .xAxisTitle(String.join(", ", t.paramNames()))
                .yAxisTitle("ratio of values/s")
                .build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setOverlapped(false);
        List<String> categories = new ArrayList<>();
        for (Map<String, String> params : t.rows().keySet()) {
            categories.add(paramLabel(params, t.paramNames()));
        }
        for (String b : t.baselines()) {
            List<Double> ys = new ArrayList<>();
            for (Map<String, Double> row : t.rows().values()) {
                Double r = t.ratio(row, b);
                ys.add(r == null ? 0.0 : r);
            }
            chart.addSeries("vs " + b, categories, ys);
        }
        return chart;
    }

    /** Values/s by bit width per impl, or null without a {@code bitWidth} parameter. */
    static XYChart bitWidthChart(Report.Table t) {
        if (!t.paramNames().contains("bitWidth")) {
            return null;
        }
        List<String> others = new ArrayList<>(t.paramNames());
        others.remove("bitWidth");
        // series name -> (bit width -> values/s), in table order
        Map<String, Map<Double, Double>> series = new LinkedHashMap<>();
        for (String impl : t.impls()) {
            for (Map.Entry<Map<String, String>, Map<String, Double>> row :
                    t.rows().entrySet()) {
                Double score = row.getValue().get(impl);
                if (score == null || score <= 0) {
                    continue;
                }
                String name = others.isEmpty() ? impl : impl + " " + paramLabel(row.getKey(), others);
                double width = Double.parseDouble(row.getKey().get("bitWidth"));
                series.computeIfAbsent(name, k -> new LinkedHashMap<>()).put(width, score);
            }
        }
        if (series.isEmpty()) {
            return null;
        }
        XYChart chart = new XYChartBuilder()
                .width(WIDTH)
                .height(HEIGHT)
                .title(t.bench() + ": throughput by bit width")
                .xAxisTitle("bit width")
                .yAxisTitle("values/s")
                .build();
        // a linear axis: with the human-readable tick labels XChart spaces a log axis's labels as if it
        // were linear, which misplaces every point against its label
        chart.getStyler().setYAxisLogarithmic(false);
        chart.getStyler().setyAxisTickLabelsFormattingFunction(Report::human);
        chart.getStyler().setXAxisDecimalPattern("0");
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        for (Map.Entry<String, Map<Double, Double>> s : series.entrySet()) {
            List<Double> xs = new ArrayList<>(s.getValue().keySet());
            xs.sort(null);
            List<Double> ys = new ArrayList<>();
            for (Double x : xs) {
                ys.add(s.getValue().get(x));
            }
            chart.addSeries(s.getKey(), xs, ys);
        }
        return chart;
    }

    /** The parameters that hold the column count of a whole-file benchmark, in order of preference. */
    static final List<String> COLUMN_COUNT_PARAMS = List.of("fields", "columns");

    /**
     * The data of one rows/s-by-column-count chart: one benchmark method at one combination of the
     * parameters other than the column count.
     *
     * @param bench the benchmark method ({@code TsSeedBench.read})
     * @param columnParam the column-count parameter ({@code fields} or {@code columns})
     * @param others the other parameters' values, in table order ({@code rows}, {@code encoding}, ...)
     * @param fileSuffix {@code -name_value...} of the other parameters that vary in the table, or empty
     * @param columnCounts the x categories, ascending
     * @param series series name ({@code colcodec 2 threads}) to rows/s per column count (null where not
     *     measured), in table order of the implementations
     */
    record ColumnScaling(
            String bench,
            String columnParam,
            Map<String, String> others,
            String fileSuffix,
            List<String> columnCounts,
            Map<String, List<Double>> series) {}

    /**
     * The rows/s-by-column-count data of a whole-file table (rows/s with a {@code fields} or {@code
     * columns} parameter): one {@link ColumnScaling} per combination of the other parameters, in table
     * order; empty for other tables.
     */
    static List<ColumnScaling> columnScaling(Report.Table t) {
        if (!t.unit().equals(Report.ROWS_PER_S)) {
            return List.of();
        }
        String columnParam = null;
        for (String p : COLUMN_COUNT_PARAMS) {
            if (t.paramNames().contains(p)) {
                columnParam = p;
                break;
            }
        }
        if (columnParam == null) {
            return List.of();
        }
        List<String> others = new ArrayList<>(t.paramNames());
        others.remove(columnParam);
        // the other parameters whose value differs between rows name the chart files
        List<String> varying = new ArrayList<>();
        for (String p : others) {
            if (t.rows().keySet().stream().map(r -> r.get(p)).distinct().count() > 1) {
                varying.add(p);
            }
        }
        // other parameters' values -> (column count -> the row's scores per impl)
        Map<Map<String, String>, Map<Integer, Map<String, Double>>> groups = new LinkedHashMap<>();
        for (Map.Entry<Map<String, String>, Map<String, Double>> row : t.rows().entrySet()) {
            Map<String, String> key = new LinkedHashMap<>();
            for (String p : others) {
                key.put(p, row.getKey().get(p));
            }
            int columns = Integer.parseInt(row.getKey().get(columnParam));
            groups.computeIfAbsent(key, k -> new TreeMap<>()).put(columns, row.getValue());
        }
        List<ColumnScaling> out = new ArrayList<>();
        for (Map.Entry<Map<String, String>, Map<Integer, Map<String, Double>>> g : groups.entrySet()) {
            List<String> counts = new ArrayList<>();
            for (Integer c : g.getValue().keySet()) {
                counts.add(Integer.toString(c));
            }
            Map<String, List<Double>> series = new LinkedHashMap<>();
            for (String impl : t.impls()) {
                List<Double> ys = new ArrayList<>();
                boolean any = false;
                for (Map<String, Double> scores : g.getValue().values()) {
                    Double v = scores.get(impl);
                    ys.add(v);
                    any |= v != null;
                }
                if (any) {
                    series.put(threadLabel(impl), ys);
                }
            }
            StringBuilder suffix = new StringBuilder();
            for (String p : varying) {
                suffix.append('-').append(p).append('_').append(g.getKey().get(p));
            }
            out.add(new ColumnScaling(t.bench(), columnParam, g.getKey(), suffix.toString(), counts, series));
        }
        return out;
    }

    /**
     * A series name saying the thread count: {@code colcodec 1 thread}, {@code colcodec 2 threads},
     * {@code colcodec all cores}; the other libraries always run one thread ({@code tsfile 1 thread}).
     */
    static String threadLabel(String impl) {
        if (impl.equals("colcodec-all")) {
            return "colcodec all cores";
        }
        if (Report.isThreadedColcodec(impl)) {
            return "colcodec " + impl.substring("colcodec-".length(), impl.length() - 1) + " threads";
        }
        return impl + " 1 thread";
    }

    /** Grouped bars of rows/s by column count, one bar per implementation and thread count. */
    static CategoryChart columnScalingChart(ColumnScaling s) {
        CategoryChart chart = new CategoryChartBuilder()
                .width(WIDTH)
                .height(HEIGHT)
                .title(s.bench() + ": rows/s by column count ("
                        + paramLabel(s.others(), List.copyOf(s.others().keySet())) + ")")
                .xAxisTitle(s.columnParam() + " (column count)")
                .yAxisTitle(Report.ROWS_PER_S)
                .build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setOverlapped(false);
        chart.getStyler().setyAxisTickLabelsFormattingFunction(Report::human);
        for (Map.Entry<String, List<Double>> e : s.series().entrySet()) {
            chart.addSeries(e.getKey(), s.columnCounts(), e.getValue());
        }
        return chart;
    }

    private static Path save(Chart<?, ?> chart, Path file) throws IOException {
        Files.write(file, BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG));
        return file;
    }

    /** {@code bitWidth=8 type=INT64}, or {@code -} without parameters. */
    static String paramLabel(Map<String, String> params, List<String> names) {
        StringJoiner j = new StringJoiner(" ");
        for (String n : names) {
            j.add(n + "=" + params.get(n));
        }
        return names.isEmpty() ? "-" : j.toString();
    }

    /** A benchmark name as a safe file name stem. */
    static String fileStem(String bench) {
        return bench.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
