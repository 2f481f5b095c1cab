package dev.colcodec.format.fuzz;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;

/** Random data, damage and value comparison shared by the harnesses. */
final class FuzzData {
    private FuzzData() {}

    /** Batch and skip lengths around the codecs' block sizes. */
    private static final int[] STEPS = {1, 2, 3, 5, 7, 8, 13, 31, 64, 127, 128, 129, 511, 1000, 1024, 4096};

    static int step(SplittableRandom r) {
        return STEPS[r.nextInt(STEPS.length)];
    }

    static int pick(SplittableRandom r, int... choices) {
        return choices[r.nextInt(choices.length)];
    }

    static byte[] bytes(SplittableRandom r, int maxLength) {
        byte[] b = new byte[r.nextInt(maxLength + 1)];
        r.nextBytes(b);
        return b;
    }

    /** A random sublist of at least one element, in random order half of the time. */
    static <T> List<T> someOf(List<T> all, SplittableRandom r) {
        List<T> out = new ArrayList<>(all);
        for (int i = out.size() - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            T t = out.get(i);
            out.set(i, out.get(j));
            out.set(j, t);
        }
        return new ArrayList<>(out.subList(0, 1 + r.nextInt(out.size())));
    }

    /** Damaged bytes and how they were damaged. */
    record Damage(byte[] bytes, String how) {}

    /**
     * {@code good} truncated, or with a few bit flips, random bytes or runs of 0xFF/0x7F, placed in {@code
     * [from, to)} (the whole input when that is empty).
     */
    static Damage damage(byte[] good, SplittableRandom r, int from, int to) {
        if (good.length == 0 || r.nextInt(5) == 0) {
            int len = good.length == 0 ? 0 : r.nextInt(good.length);
            return new Damage(Arrays.copyOf(good, len), "truncated to " + len);
        }
        if (to <= from) {
            from = 0;
            to = good.length;
        }
        byte[] bad = good.clone();
        StringBuilder how = new StringBuilder();
        int kind = r.nextInt(3);
        int n = 1 + r.nextInt(r.nextBoolean() ? 2 : 6);
        for (int k = 0; k < n; k++) {
            int at = from + r.nextInt(to - from);
            if (kind == 0) {
                bad[at] ^= (byte) (1 << r.nextInt(8));
                how.append("flip@").append(at).append(' ');
            } else if (kind == 1) {
                bad[at] = (byte) r.nextInt(256);
                how.append("byte@").append(at).append(' ');
            } else {
                int len = Math.min(to - at, 1 + r.nextInt(8));
                Arrays.fill(bad, at, at + len, (byte) (r.nextBoolean() ? 0xFF : 0x7F));
                how.append("run@").append(at).append('+').append(len).append(' ');
            }
        }
        return new Damage(bad, how.toString().trim());
    }

    /** Equal values: arrays by content, floats by bits except that any NaN equals any NaN. */
    static boolean same(Object a, Object b) {
        if (a == null || b == null) {
            return a == b;
        }
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return Arrays.equals(x, y);
        }
        if (a instanceof Float x && b instanceof Float y) {
            return Float.floatToIntBits(x) == Float.floatToIntBits(y);
        }
        if (a instanceof Double x && b instanceof Double y) {
            return Double.doubleToLongBits(x) == Double.doubleToLongBits(y);
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!same(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    /** A value for a message: floats with their bits, short byte arrays in hex. */
    static String show(Object o) {
        if (o instanceof byte[] b) {
            return b.length > 40
                    ? "bytes[" + b.length + "]0x" + HexFormat.of().formatHex(b, 0, 40) + ".."
                    : "0x" + HexFormat.of().formatHex(b);
        }
        if (o instanceof Float f) {
            return f + "(0x" + Integer.toHexString(Float.floatToRawIntBits(f)) + ")";
        }
        if (o instanceof Double d) {
            return d + "(0x" + Long.toHexString(Double.doubleToRawLongBits(d)) + ")";
        }
        if (o instanceof List<?> l) {
            StringBuilder sb = new StringBuilder("[");
            for (Object x : l) {
                sb.append(sb.length() > 1 ? "," : "").append(show(x));
            }
            return sb.append(']').toString();
        }
        return String.valueOf(o);
    }
}
