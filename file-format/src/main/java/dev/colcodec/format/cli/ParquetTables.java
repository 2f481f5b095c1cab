package dev.colcodec.format.cli;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.parquet.ColumnBatch;
import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileReader;
import dev.colcodec.format.parquet.ParquetFileWriter;
import dev.colcodec.format.parquet.ParquetLogicalType;
import dev.colcodec.format.parquet.RowRanges;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.values.BinaryBatch;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Parquet row groups to and from {@link ColumnValues}. */
final class ParquetTables {
    private static final int BATCH = 8192;

    private ParquetTables() {}

    static ColumnValues.Kind kind(ParquetColumn c) {
        if (c.maxRepetitionLevel() > 0) {
            return ColumnValues.Kind.LIST;
        }
        switch (c.type()) {
            case BOOLEAN:
                return ColumnValues.Kind.BOOLEAN;
            case INT32:
                return ColumnValues.Kind.INT32;
            case INT64:
                return ColumnValues.Kind.INT64;
            case FLOAT:
                return ColumnValues.Kind.FLOAT;
            case DOUBLE:
                return ColumnValues.Kind.DOUBLE;
            default:
                return ColumnValues.Kind.BINARY;
        }
    }

    static ColumnValues.Meaning meaning(ParquetColumn c) {
        ParquetLogicalType lt = c.logicalType();
        if (lt == null || c.maxRepetitionLevel() > 0) {
            return ColumnValues.Meaning.NONE;
        }
        switch (lt.kind()) {
            case STRING:
            case JSON:
            case ENUM:
                return ColumnValues.Meaning.STRING;
            case DATE:
                return ColumnValues.Meaning.DATE;
            case TIMESTAMP:
                return ColumnValues.Meaning.TIMESTAMP;
            case INTEGER:
                return lt.signed() ? ColumnValues.Meaning.NONE : ColumnValues.Meaning.UNSIGNED;
            case FLOAT16:
                return ColumnValues.Meaning.FLOAT16;
            default:
                return ColumnValues.Meaning.NONE;
        }
    }

    static String name(ParquetColumn c) {
        return String.join(".", c.path());
    }

    /** Throws a usage error when a column is repeated (the writers take flat schemas only). */
    static void requireFlat(ParquetFileReader r, String command) {
        for (ParquetColumn c : r.columns()) {
            if (c.maxRepetitionLevel() > 0 || c.path().size() != 1) {
                throw new UsageException(command + " handles flat columns only, not the nested column " + name(c));
            }
        }
    }

    /** Throws a usage error when a column has an annotation colcodec would not write back. */
    static void requireKnownAnnotations(ParquetFileReader r, String command) {
        for (int i = 0; i < r.columns().size(); i++) {
            String unknown = r.unknownAnnotation(i);
            if (unknown != null) {
                throw new UsageException(
                        command + ": column " + name(r.columns().get(i)) + " has the annotation " + unknown
                                + ", which colcodec does not write; the copy would lose it");
            }
        }
    }

    /** The rows of row group {@code g}, columns {@code cols}, decoded completely. */
    static List<ColumnValues> readRowGroup(ParquetFileReader r, int g, int[] cols) throws IOException {
        return readRowGroup(r, g, cols, Long.MAX_VALUE);
    }

    /**
     * The first {@code maxRows} rows (or all) of row group {@code g}, columns {@code cols}: only the pages
     * holding those rows are decoded.
     */
    static List<ColumnValues> readRowGroup(ParquetFileReader r, int g, int[] cols, long maxRows) throws IOException {
        long rowCount = r.rowGroupRowCount(g);
        if (rowCount < 0 || rowCount > Integer.MAX_VALUE - 16) {
            throw new CorruptInputException(0, "a row group row count that fits in memory (got " + rowCount + ")");
        }
        int rows = (int) Math.min(rowCount, maxRows);
        List<List<ColumnBatch>> decoded = rows < rowCount
                ? r.decodeRowGroup(g, cols, RowRanges.of(0, rows), BATCH, null)
                : r.decodeRowGroup(g, cols, BATCH, null);
        List<ColumnValues> out = new ArrayList<>(cols.length);
        for (int k = 0; k < cols.length; k++) {
            ParquetColumn c = r.columns().get(cols[k]);
            out.add(
                    c.maxRepetitionLevel() > 0
                            ? lists(c, r.repeatedDefinitionLevels(cols[k]), decoded.get(k), rows)
                            : spaced(c, decoded.get(k), rows));
        }
        return out;
    }

    private static ColumnValues spaced(ParquetColumn c, List<ColumnBatch> batches, int rows) {
        ColumnValues.Kind kind = kind(c);
        Object values = ColumnValues.newArray(kind, rows);
        boolean[] nulls = c.maxDefinitionLevel() > 0 ? new boolean[rows] : null;
        int row = 0;
        for (ColumnBatch b : batches) {
            int v = 0;
            for (int i = 0; i < b.levelCount(); i++, row++) {
                if (row >= rows) {
                    throw new CorruptInputException(0, rows + " values in the column chunk of " + name(c));
                }
                if (!b.isPresent(i)) {
                    nulls[row] = true;
                    continue;
                }
                copy(b, v++, values, row);
            }
        }
        if (row != rows) {
            throw new CorruptInputException(0, rows + " values in the column chunk of " + name(c) + ", got " + row);
        }
        return new ColumnValues(name(c), kind, meaning(c), values, nulls, rows);
    }

    private static void copy(ColumnBatch b, int v, Object values, int row) {
        switch (b.column().type()) {
            case BOOLEAN:
                ((boolean[]) values)[row] = b.booleans()[v];
                break;
            case INT32:
                ((int[]) values)[row] = b.ints()[v];
                break;
            case INT64:
                ((long[]) values)[row] = b.longs()[v];
                break;
            case FLOAT:
                ((float[]) values)[row] = b.floats()[v];
                break;
            case DOUBLE:
                ((double[]) values)[row] = b.doubles()[v];
                break;
            default:
                ((byte[][]) values)[row] = b.binaries().get(v);
        }
    }

    /**
     * A repeated column rendered per row as nested {@code [a, b]} text, one bracket pair per repeated node
     * on its path ({@code repeatedLevels}, from {@link ParquetFileReader#repeatedDefinitionLevels}): a list whose entry is defined up
     * to its repeated node's level has elements, one defined just below it is empty ({@code []}), and one
     * defined less is null (an empty CSV field for the row's outermost list, {@code null} inside another);
     * an element below the leaf's maximum level is {@code null}.
     */
    private static ColumnValues lists(ParquetColumn c, int[] repeatedLevels, List<ColumnBatch> batches, int rows) {
        String[] text = new String[rows];
        boolean[] nulls = new boolean[rows];
        ColumnValues.Kind elementKind = kind(new ParquetColumn(c.path(), c.type(), c.typeLength(), 0, 0));
        ColumnValues element = new ColumnValues(
                name(c),
                elementKind,
                meaning(new ParquetColumn(c.path(), c.type(), c.typeLength(), 0, 0, c.logicalType())),
                ColumnValues.newArray(elementKind, 1),
                null,
                1);
        // the current row's entries: repetition and definition levels, and each defined value's text
        int[] rep = new int[16];
        int[] def = new int[16];
        String[] value = new String[16];
        int n = 0;
        int row = -1;
        for (ColumnBatch b : batches) {
            int v = 0;
            for (int i = 0; i < b.levelCount(); i++) {
                if (b.repetitionLevels()[i] == 0) {
                    if (row >= 0) {
                        finishList(text, nulls, row, repeatedLevels, c.maxDefinitionLevel(), rep, def, value, n);
                    }
                    row++;
                    if (row >= rows) {
                        throw new CorruptInputException(0, rows + " rows in the column chunk of " + name(c));
                    }
                    n = 0;
                }
                if (n == rep.length) {
                    rep = Arrays.copyOf(rep, 2 * n);
                    def = Arrays.copyOf(def, 2 * n);
                    value = Arrays.copyOf(value, 2 * n);
                }
                rep[n] = b.repetitionLevels()[i];
                def[n] = b.definitionLevels()[i];
                value[n] = null;
                if (def[n] == c.maxDefinitionLevel()) {
                    copy(b, v++, element.values, 0);
                    value[n] = listElement(element);
                }
                n++;
            }
        }
        if (row >= 0) {
            finishList(text, nulls, row, repeatedLevels, c.maxDefinitionLevel(), rep, def, value, n);
        }
        if (row + 1 != rows) {
            throw new CorruptInputException(0, rows + " rows in the column chunk of " + name(c) + ", got " + (row + 1));
        }
        return new ColumnValues(name(c), ColumnValues.Kind.LIST, ColumnValues.Meaning.NONE, text, nulls, rows);
    }

    /**
     * An element's text inside a list: a string in double quotes with each {@code "} and backslash escaped by a
     * backslash, so that {@code ["a\", \"b"]} (one element) and {@code ["a", "b"]} (two) differ; an empty
     * binary as {@code ""}, so that a list of one is not {@code []}; anything else as a flat column's cell.
     */
    static String listElement(ColumnValues element) {
        String s = Csv.text(element, 0);
        if (element.meaning == ColumnValues.Meaning.STRING) {
            StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
            for (int i = 0; i < s.length(); i++) {
                char ch = s.charAt(i);
                if (ch == '"' || ch == '\\') {
                    sb.append('\\');
                }
                sb.append(ch);
            }
            return sb.append('"').toString();
        }
        return s.isEmpty() ? "\"\"" : s;
    }

    private static void finishList(
            String[] text,
            boolean[] nulls,
            int row,
            int[] repeatedLevels,
            int maxDef,
            int[] rep,
            int[] def,
            String[] value,
            int n) {
        StringBuilder sb = new StringBuilder();
        if (!appendList(sb, 0, 0, n, repeatedLevels, maxDef, rep, def, value)) {
            nulls[row] = true;
        } else {
            text[row] = sb.toString();
        }
    }

    /**
     * Appends the list of repeated node {@code depth} whose entries are {@code [from, to)}; returns false
     * (appending nothing) when that list is null.
     */
    private static boolean appendList(
            StringBuilder sb,
            int depth,
            int from,
            int to,
            int[] repeatedLevels,
            int maxDef,
            int[] rep,
            int[] def,
            String[] value) {
        int has = repeatedLevels[depth];
        if (def[from] < has - 1) {
            return false;
        }
        if (def[from] == has - 1) {
            sb.append("[]");
            return true;
        }
        sb.append('[');
        int start = from;
        while (start < to) {
            // an element: this entry and the next ones that repeat deeper than this list
            int end = start + 1;
            while (end < to && rep[end] > depth + 1) {
                end++;
            }
            if (start > from) {
                sb.append(", ");
            }
            if (depth + 1 < repeatedLevels.length) {
                if (!appendList(sb, depth + 1, start, end, repeatedLevels, maxDef, rep, def, value)) {
                    sb.append("null");
                }
            } else {
                sb.append(def[start] == maxDef ? value[start] : "null");
            }
            start = end;
        }
        sb.append(']');
        return true;
    }

    /** Appends {@code columns} (in schema order, flat) as rows of {@code writer}. */
    static void write(ParquetFileWriter writer, List<ColumnValues> columns, int rows) throws IOException {
        Object[] arrays = new Object[columns.size()];
        boolean[][] nulls = new boolean[columns.size()][];
        for (int i = 0; i < arrays.length; i++) {
            ColumnValues c = columns.get(i);
            nulls[i] = c.nulls;
            if (c.kind == ColumnValues.Kind.BINARY) {
                byte[][] v = (byte[][]) c.values;
                BinaryBatch bb = new BinaryBatch(Math.max(1, rows), 16);
                for (int r = 0; r < rows; r++) {
                    byte[] b = c.isNull(r) || v[r] == null ? new byte[0] : v[r];
                    bb.append(b, 0, b.length);
                }
                arrays[i] = bb;
            } else if (c.kind == ColumnValues.Kind.LIST) {
                throw new UsageException("nested column " + c.name + " cannot be written");
            } else {
                arrays[i] = c.values;
            }
        }
        writer.write(arrays, nulls, rows);
    }

    /**
     * A flat Parquet column for values of {@code c}'s kind and meaning: STRING, TIMESTAMP (MILLIS, UTC) and
     * DATE annotated; a DATE column's values must be days since 1970-01-01 (convert turns TsFile's yyyyMMdd
     * into them first).
     */
    static ParquetColumn columnFor(ColumnValues c, boolean optional) {
        PhysicalType t;
        switch (c.kind) {
            case BOOLEAN:
                t = PhysicalType.BOOLEAN;
                break;
            case INT32:
                t = PhysicalType.INT32;
                break;
            case INT64:
                t = PhysicalType.INT64;
                break;
            case FLOAT:
                t = PhysicalType.FLOAT;
                break;
            case DOUBLE:
                t = PhysicalType.DOUBLE;
                break;
            case BINARY:
                t = PhysicalType.BYTE_ARRAY;
                break;
            default:
                throw new UsageException("nested column " + c.name + " cannot be written");
        }
        ParquetColumn col = ParquetColumn.flat(c.name, t, 0, optional);
        switch (c.meaning) {
            case STRING:
                return col.withLogicalType(ParquetLogicalType.string());
            case TIMESTAMP:
                return col.withLogicalType(ParquetLogicalType.timestamp(ParquetLogicalType.Unit.MILLIS, true));
            case DATE:
                return col.withLogicalType(ParquetLogicalType.date());
            default:
                return col;
        }
    }
}
