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
