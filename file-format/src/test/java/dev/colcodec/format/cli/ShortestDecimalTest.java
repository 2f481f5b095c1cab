package dev.colcodec.format.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The search that prints floats and doubles on JDKs before 19 gives exactly what this JDK's (19 or later)
 * {@code toString} gives: random bit patterns, short decimals, powers of two and ten, subnormals and the
 * ends of the ranges.
 */
class ShortestDecimalTest {

    @Test
    void theBuildRunsAJdkWhoseToStringIsTheReference() {
        assertThat(Runtime.version().feature()).isGreaterThanOrEqualTo(19);
    }

    @Test
    void doublesAsJdk19PrintsThem() {
        SplittableRandom r = new SplittableRandom(19);
        for (int i = 0; i < 25_000; i++) {
            check(Double.longBitsToDouble(r.nextLong()));
            // short decimals, where the old JDKs printed a digit too many
            check(Double.parseDouble((r.nextInt(1, 10_000)) + "E" + r.nextInt(-330, 310)));
            check(r.nextInt(1, 1000) / 1000.0);
        }
        for (int e = -1074; e <= 1023; e++) {
            double p = Math.scalb(1.0, e);
            check(p);
            check(Math.nextUp(p));
            check(Math.nextDown(p));
        }
        for (int e = -325; e <= 309; e++) {
            double p = Double.parseDouble("1E" + e);
            check(p);
            check(Math.nextUp(p));
            check(Math.nextDown(p));
        }
        double[] edges = {
            Double.MIN_VALUE,
            Double.MIN_NORMAL,
            Double.MAX_VALUE,
            2.0E-3,
            1.0E23,
            1.0E7,
            9999999.999999998,
            1.0E-3,
            0.001,
            9.999999999999999E-4,
            5.0E-324,
            2.2250738585072014E-308,
            4.9E-324,
            1.0,
            0.1,
            100.0,
            -0.0,
            0.0,
            Double.NaN,
            Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY
        };
        for (double d : edges) {
            check(d);
        }
    }

    @Test
    void floatsAsJdk19PrintsThem() {
        SplittableRandom r = new SplittableRandom(17);
        for (int i = 0; i < 50_000; i++) {
            check(Float.intBitsToFloat(r.nextInt()));
            check(Float.parseFloat((r.nextInt(1, 10_000)) + "E" + r.nextInt(-48, 40)));
        }
        for (int e = -149; e <= 127; e++) {
            float p = Math.scalb(1.0f, e);
            check(p);
            check(Math.nextUp(p));
            check(Math.nextDown(p));
        }
        float[] edges = {
            Float.MIN_VALUE,
            Float.MIN_NORMAL,
            Float.MAX_VALUE,
            2.0E-3f,
            1.0E7f,
            1.0E-3f,
            8.41E21f,
            1.0E23f,
            -0.0f,
            Float.NaN,
            Float.NEGATIVE_INFINITY
        };
        for (float f : edges) {
            check(f);
        }
    }

    private static void check(double d) {
        assertEquals(
                Double.toString(d), ShortestDecimal.search(d), () -> Long.toHexString(Double.doubleToRawLongBits(d)));
        assertEquals(Double.toString(d), ShortestDecimal.of(d));
    }

    private static void check(float f) {
        assertEquals(
                Float.toString(f), ShortestDecimal.search(f), () -> Integer.toHexString(Float.floatToRawIntBits(f)));
        assertEquals(Float.toString(f), ShortestDecimal.of(f));
    }
}
