package dev.colcodec.format.cli;

import dev.colcodec.format.io.Utf8;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;

/**
 * CSV output as the dump command writes it: RFC 4180 quoting where needed, null as an empty field,
 * booleans {@code true}/{@code false}, strings as UTF-8 text, other binaries as lower-case hex, floats
 * and doubles in Java's shortest round-trip form, integers (dates and timestamps too) as stored.
 */
final class Csv {
    private static final HexFormat HEX = HexFormat.of();

    private Csv() {}

    /**
     * {@code s} as one CSV field: quoted (with quotes doubled) when it holds a comma, quote, CR or LF, or
     * is empty (so that an empty string differs from a null).
     */
    static String field(String s) {
        boolean quote = s.isEmpty();
        for (int i = 0; i < s.length() && !quote; i++) {
            char c = s.charAt(i);
            quote = c == ',' || c == '"' || c == '\r' || c == '\n';
        }
        return quote ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    /** A header row of column names. */
    static String header(List<String> names) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < names.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(field(names.get(i)));
        }
        return sb.toString();
    }

    /**
     * Appends row {@code r} of {@code c} as one field (nothing for a null). Returns false when the value is
     * a STRING whose bytes are not valid UTF-8, appended with U+FFFD in place of each invalid sequence.
     */
    static boolean appendField(StringBuilder sb, ColumnValues c, int r) {
        if (c.isNull(r)) {
            return true;
        }
        if (c.kind == ColumnValues.Kind.BINARY || c.kind == ColumnValues.Kind.LIST) {
            String text = text(c, r);
            sb.append(field(text));
            return c.kind != ColumnValues.Kind.BINARY
                    || c.meaning != ColumnValues.Meaning.STRING
                    || Utf8.decodedWhole(text, ((byte[][]) c.values)[r]);
        }
        sb.append(text(c, r));
        return true;
    }

    /** Row {@code r} of {@code c} as unquoted text ({@code null} for a null). */
    static String text(ColumnValues c, int r) {
        if (c.isNull(r)) {
            return null;
        }
        switch (c.kind) {
            case BOOLEAN:
                return Boolean.toString(((boolean[]) c.values)[r]);
            case INT32: {
                int v = ((int[]) c.values)[r];
                return c.meaning == ColumnValues.Meaning.UNSIGNED ? Integer.toUnsignedString(v) : Integer.toString(v);
            }
            case INT64: {
                long v = ((long[]) c.values)[r];
                return c.meaning == ColumnValues.Meaning.UNSIGNED ? Long.toUnsignedString(v) : Long.toString(v);
            }
            case FLOAT:
                return ShortestDecimal.of(((float[]) c.values)[r]);
            case DOUBLE:
                return ShortestDecimal.of(((double[]) c.values)[r]);
            case BINARY: {
                byte[] b = ((byte[][]) c.values)[r];
                if (c.meaning == ColumnValues.Meaning.FLOAT16 && b.length == 2) {
                    return ShortestDecimal.of(ColumnValues.float16((b[0] & 0xFF) | (b[1] & 0xFF) << 8));
                }
                return c.meaning == ColumnValues.Meaning.STRING
                        ? new String(b, StandardCharsets.UTF_8)
                        : HEX.formatHex(b);
            }
            default:
                return ((String[]) c.values)[r];
        }
    }

    static String hex(byte[] b) {
        return HEX.formatHex(b);
    }
}
