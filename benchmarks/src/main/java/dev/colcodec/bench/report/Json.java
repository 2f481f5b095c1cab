package dev.colcodec.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A small JSON reader (objects, arrays, strings, numbers, literals) for JMH result files. */
final class Json {
    private final String s;
    private int pos;

    private Json(String s) {
        this.s = s;
    }

    static Object parse(String text) {
        Json j = new Json(text);
        Object v = j.value();
        j.ws();
        if (j.pos != text.length()) {
            throw j.error("end of input");
        }
        return v;
    }

    private IllegalArgumentException error(String expected) {
        return new IllegalArgumentException("JSON: expected " + expected + " at offset " + pos);
    }

    private void ws() {
        while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
            pos++;
        }
    }

    private Object value() {
        ws();
        if (pos >= s.length()) {
            throw error("a value");
        }
        char c = s.charAt(pos);
        switch (c) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                return string();
            case 't':
                return literal("true", Boolean.TRUE);
            case 'f':
                return literal("false", Boolean.FALSE);
            case 'n':
                return literal("null", null);
            default:
                return number();
        }
    }

    private Object literal(String word, Object v) {
        if (!s.startsWith(word, pos)) {
            throw error(word);
        }
        pos += word.length();
        return v;
    }

    private Map<String, Object> object() {
        Map<String, Object> m = new LinkedHashMap<>();
        pos++;
        ws();
        if (pos < s.length() && s.charAt(pos) == '}') {
            pos++;
            return m;
        }
        while (true) {
            ws();
            String k = string();
            ws();
            if (pos >= s.length() || s.charAt(pos) != ':') {
                throw error("':'");
            }
            pos++;
            m.put(k, value());
            ws();
            if (pos < s.length() && s.charAt(pos) == ',') {
                pos++;
            } else if (pos < s.length() && s.charAt(pos) == '}') {
                pos++;
                return m;
            } else {
                throw error("',' or '}'");
            }
        }
    }

    private List<Object> array() {
        List<Object> a = new ArrayList<>();
        pos++;
        ws();
        if (pos < s.length() && s.charAt(pos) == ']') {
            pos++;
            return a;
        }
        while (true) {
            a.add(value());
            ws();
            if (pos < s.length() && s.charAt(pos) == ',') {
                pos++;
            } else if (pos < s.length() && s.charAt(pos) == ']') {
                pos++;
                return a;
            } else {
                throw error("',' or ']'");
            }
        }
    }

    private String string() {
        if (pos >= s.length() || s.charAt(pos) != '"') {
            throw error("a string");
        }
        pos++;
        StringBuilder b = new StringBuilder();
        while (pos < s.length()) {
            char c = s.charAt(pos++);
            if (c == '"') {
                return b.toString();
            }
            if (c == '\\') {
                if (pos >= s.length()) {
                    break;
                }
                char e = s.charAt(pos++);
                switch (e) {
                    case 'n':
                        b.append('\n');
                        break;
                    case 't':
                        b.append('\t');
                        break;
                    case 'r':
                        b.append('\r');
                        break;
                    case 'b':
                        b.append('\b');
                        break;
                    case 'f':
                        b.append('\f');
                        break;
                    case 'u':
                        if (pos + 4 > s.length()) {
                            throw error("4 hex digits");
                        }
                        b.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
                        pos += 4;
                        break;
                    default:
                        b.append(e);
                }
            } else {
                b.append(c);
            }
        }
        throw error("closing quote");
    }

    private Object number() {
        int start = pos;
        while (pos < s.length() && "+-0123456789.eE".indexOf(s.charAt(pos)) >= 0) {
            pos++;
        }
        if (start == pos) {
            throw error("a value");
        }
        String t = s.substring(start, pos);
        if (t.equals("NaN")) {
            return Double.NaN;
        }
        return Double.parseDouble(t);
    }
}
