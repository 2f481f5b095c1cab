package dev.colcodec.bench.parquet;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Param;

/** Every combination of a benchmark's {@code @Param} values, applied by reflection as JMH would. */
final class ParamCombinations {
    private ParamCombinations() {}

    static List<Map<Field, String>> of(Class<?> benchmark) {
        List<Map<Field, String>> out = new ArrayList<>();
        out.add(new LinkedHashMap<>());
        for (Field f : benchmark.getDeclaredFields()) {
            Param p = f.getAnnotation(Param.class);
            if (p == null) {
                continue;
            }
            List<Map<Field, String>> next = new ArrayList<>();
            for (Map<Field, String> m : out) {
                for (String v : p.value()) {
                    Map<Field, String> copy = new LinkedHashMap<>(m);
                    copy.put(f, v);
                    next.add(copy);
                }
            }
            out = next;
        }
        return out;
    }

    static <T> T apply(T benchmark, Map<Field, String> params) {
        try {
            for (Map.Entry<Field, String> e : params.entrySet()) {
                Field f = e.getKey();
                if (f.getType() == int.class) {
                    f.setInt(benchmark, Integer.parseInt(e.getValue()));
                } else {
                    f.set(benchmark, e.getValue());
                }
            }
            return benchmark;
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    static String describe(Map<Field, String> params) {
        StringBuilder sb = new StringBuilder();
        params.forEach((f, v) -> sb.append(f.getName()).append('=').append(v).append(' '));
        return sb.toString().trim();
    }
}
