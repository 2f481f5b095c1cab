package dev.colcodec.format.interop;

import java.math.BigInteger;

/** The little JSON the interop expectation files need: strings, numbers, booleans, null, arrays. */
final class Json {
    private Json() {}

    static String string(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '"' || ch == '\\') {
                sb.append('\\').append(ch);
            } else if (ch < 0x20 || ch > 0x7e) {
                sb.append(String.format("\\u%04x", (int) ch));
            } else {
                sb.append(ch);
            }
        }
        return sb.append('"').toString();
    }

    /** Appends a Long, Integer, Double, Boolean, String or null. Doubles print their shortest exact form. */
    static void value(StringBuilder sb, Object v) {
        if (v == null) {
            sb.append("null");
        } else if (v instanceof String s) {
            sb.append(string(s));
        } else if (v instanceof Double d) {
            if (d.isNaN() || d.isInfinite()) {
                throw new IllegalArgumentException("JSON has no " + d);
            }
            sb.append(Double.toString(d));
        } else if (v instanceof Long || v instanceof Integer || v instanceof Boolean || v instanceof BigInteger) {
            sb.append(v);
        } else {
            throw new IllegalArgumentException("no JSON form for " + v.getClass());
        }
    }
}
