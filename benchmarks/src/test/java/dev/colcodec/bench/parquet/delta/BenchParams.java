package dev.colcodec.bench.parquet.delta;

import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.annotations.Param;

/** Every combination of a benchmark class's {@code impl} and {@code shape} parameters. */
final class BenchParams {
    private BenchParams() {}

    static List<String[]> combinations(Class<?> benchmark) throws ReflectiveOperationException {
        String[] impls = benchmark.getField("impl").getAnnotation(Param.class).value();
        String[] shapes = benchmark.getField("shape").getAnnotation(Param.class).value();
        List<String[]> out = new ArrayList<>();
        for (String impl : impls) {
            for (String shape : shapes) {
                out.add(new String[] {impl, shape});
            }
        }
        return out;
    }
}
