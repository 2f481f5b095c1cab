package dev.colcodec.format.cli;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Floats and doubles as text in the form {@link Double#toString(double)} and {@link Float#toString(float)}
 * give from JDK 19 on: the shortest decimal that rounds back to the value (of one or two digits when one
 * would do), the closest to it of those, the one with an even last digit of two as close. Older JDKs
 * (the CLI runs on 17) sometimes print a digit more or a longer neighbour (JDK-4511638: 2.0E-3 as
 * 0.0020), so the CLI prints through {@link #of(double)} and {@link #of(float)}, which use the JDK's methods from
 * JDK 19 on and an exact search with {@link BigDecimal} before. The search is slow (microseconds a
 * value); it only runs on those older JDKs.
 */
final class ShortestDecimal {
    /** Whether this JDK's {@code toString} already gives the shortest form (JDK-4511638, fixed in 19). */
    private static final boolean JDK_IS_SHORTEST = Runtime.version().feature() >= 19;

    private ShortestDecimal() {}

    /** {@code v} as JDK 19's {@link Double#toString(double)} prints it. */
    static String of(double v) {
        return JDK_IS_SHORTEST ? Double.toString(v) : search(v);
    }

    /** {@code v} as JDK 19's {@link Float#toString(float)} prints it. */
    static String of(float v) {
        return JDK_IS_SHORTEST ? Float.toString(v) : search(v);
    }

    /** The shortest form of {@code v} found by search, on any JDK. */
    static String search(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v) || v == 0) {
            return Double.toString(v); // the same text on every JDK
        }
        double a = Math.abs(v);
        return shortest(
                v < 0,
                new BigDecimal(a),
                new BigDecimal(Math.nextDown(a)),
                a == Double.MAX_VALUE ? null : new BigDecimal(Math.nextUp(a)),
                new BigDecimal(Math.ulp(a)),
                (Double.doubleToRawLongBits(a) & 1) == 0,
                17);
    }

    /** The shortest form of {@code v} found by search, on any JDK. */
    static String search(float v) {
        if (Float.isNaN(v) || Float.isInfinite(v) || v == 0) {
            return Float.toString(v);
        }
        float a = Math.abs(v);
        return shortest(
                v < 0,
                new BigDecimal(a),
                new BigDecimal(Math.nextDown(a)),
                a == Float.MAX_VALUE ? null : new BigDecimal(Math.nextUp(a)),
                new BigDecimal(Math.ulp(a)),
                (Float.floatToRawIntBits(a) & 1) == 0,
                9);
    }

    /**
     * The text of the positive value {@code x} (with a minus sign when {@code negative}) between its
     * neighbours {@code down} and {@code up} (null above the largest finite value, whose interval reaches
     * half an {@code ulp} up); an even significand owns the ends of its interval.
     */
    private static String shortest(
            boolean negative,
            BigDecimal x,
            BigDecimal down,
            BigDecimal up,
            BigDecimal ulp,
            boolean evenSignificand,
            int maxDigits) {
        BigDecimal below = x.add(down).divide(TWO);
        BigDecimal above = up == null ? x.add(ulp.divide(TWO)) : x.add(up).divide(TWO);
        return (negative ? "-" : "") + format(closestShortest(x, below, above, evenSignificand, maxDigits));
    }

    private static final BigDecimal TWO = BigDecimal.valueOf(2);

    /**
     * The decimal JDK 19 chooses for the positive value {@code x} whose round-to-nearest interval is
     * {@code (below, above)}, ends included when the significand is even (ties round to it): of the
     * decimals of the fewest digits inside (of one or two digits when one digit is enough), the closest
     * to {@code x}; of two as close, the one with an even last digit.
     */
    private static BigDecimal closestShortest(
            BigDecimal x, BigDecimal below, BigDecimal above, boolean evenSignificand, int maxDigits) {
        for (int p = 1; p <= maxDigits; p++) {
            // the decimals of p digits closest to x lie on each side of it; a farther one inside the
            // interval would put these inside too
            if (inside(round(x, p, RoundingMode.FLOOR), below, above, evenSignificand)
                    || inside(round(x, p, RoundingMode.CEILING), below, above, evenSignificand)) {
                int digits = Math.max(p, 2);
                BigDecimal down = round(x, digits, RoundingMode.FLOOR);
                BigDecimal up = round(x, digits, RoundingMode.CEILING);
                boolean downIn = inside(down, below, above, evenSignificand);
                boolean upIn = inside(up, below, above, evenSignificand);
                if (!upIn) {
                    return down;
                }
                if (!downIn) {
                    return up;
                }
                int c = x.subtract(down).compareTo(up.subtract(x));
                if (c != 0) {
                    return c < 0 ? down : up;
                }
                return lastDigitEven(down) ? down : up;
            }
        }
        throw new AssertionError("no decimal of " + maxDigits + " digits rounds to " + x);
    }

    private static BigDecimal round(BigDecimal x, int digits, RoundingMode mode) {
        return x.round(new MathContext(digits, mode)).stripTrailingZeros();
    }

    private static boolean inside(BigDecimal d, BigDecimal below, BigDecimal above, boolean endsIncluded) {
        int lo = d.compareTo(below);
        int hi = d.compareTo(above);
        return endsIncluded ? lo >= 0 && hi <= 0 : lo > 0 && hi < 0;
    }

    private static boolean lastDigitEven(BigDecimal d) {
        return !d.unscaledValue().testBit(0);
    }

    /**
     * A positive decimal as {@code Double.toString} lays it out: plain from 10^-3 up to 10^7 (at least
     * one digit after the point), else one digit, the point, the others (at least one) and {@code E} with
     * the exponent.
     */
    private static String format(BigDecimal d) {
        String digits = d.unscaledValue().toString();
        int n = digits.length();
        int e = n - 1 - d.scale(); // d = digits[0].digits[1..] x 10^e
        StringBuilder sb = new StringBuilder(n + 8);
        if (e >= -3 && e < 7) {
            if (e >= 0) {
                for (int i = 0; i <= e; i++) {
                    sb.append(i < n ? digits.charAt(i) : '0');
                }
                sb.append('.');
                sb.append(n > e + 1 ? digits.substring(e + 1) : "0");
            } else {
                sb.append("0.");
                sb.append("0".repeat(-e - 1));
                sb.append(digits);
            }
        } else {
            sb.append(digits.charAt(0)).append('.');
            sb.append(n > 1 ? digits.substring(1) : "0");
            sb.append('E').append(e);
        }
        return sb.toString();
    }
}
