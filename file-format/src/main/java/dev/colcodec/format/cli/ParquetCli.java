package dev.colcodec.format.cli;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.parquet.ColumnBatch;
import dev.colcodec.format.parquet.ColumnChunkReader;
import dev.colcodec.format.parquet.ColumnStatistics;
import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileReader;
import dev.colcodec.format.parquet.ParquetLogicalType;
import dev.colcodec.io.ByteIO;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.values.BinaryBatch;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.parquet.format.ColumnMetaData;

/**
 * Command line tool for Parquet files.
 *
 * <pre>
 * inspect FILE                                  footer, schema, row groups, chunk statistics
 * dump FILE [--columns a,b] [--limit N]         rows as CSV (flat columns; nulls empty, binaries hex,
 *                                               STRING columns as quoted text)
 * </pre>
 *
 * Exit status: 0 success, 1 corrupt input or I/O error, 2 usage error.
 */
public final class ParquetCli {
    private static final int BATCH = 1024;

    private ParquetCli() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs one command; returns the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length < 2 || !(args[0].equals("inspect") || args[0].equals("dump"))) {
            err.println("usage: inspect FILE | dump FILE [--columns a,b] [--limit N]");
            return 2;
        }
        List<String> columns = null;
        long limit = Long.MAX_VALUE;
        for (int i = 2; i < args.length; i++) {
            if (args[i].equals("--columns") && i + 1 < args.length) {
                columns = List.of(args[++i].split(","));
            } else if (args[i].equals("--limit") && i + 1 < args.length) {
                try {
                    limit = Long.parseLong(args[++i]);
                } catch (NumberFormatException e) {
                    err.println("bad --limit: " + args[i]);
                    return 2;
                }
            } else {
                err.println("unknown option " + args[i]);
                return 2;
            }
        }
        try (ParquetFileReader reader = ParquetFileReader.open(Path.of(args[1]))) {
            if (args[0].equals("inspect")) {
                inspect(reader, out);
                return 0;
            }
            return dump(reader, columns, limit, out, err);
        } catch (CorruptInputException e) {
            err.println("corrupt file: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            err.println("I/O error: " + e);
            return 1;
        }
    }

    static void inspect(ParquetFileReader r, PrintStream out) {
        out.println("created_by: " + r.createdBy());
        out.println("rows: " + r.rowCount());
        out.println("row groups: " + r.rowGroupCount());
        for (Map.Entry<String, String> kv : r.keyValueMetadata().entrySet()) {
            out.println("metadata: " + kv.getKey() + " = " + abbreviate(kv.getValue()));
        }
        out.println("schema:");
        for (ParquetColumn c : r.columns()) {
            out.println("  " + String.join(".", c.path()) + ": " + typeName(c) + " maxDef=" + c.maxDefinitionLevel()
                    + " maxRep=" + c.maxRepetitionLevel());
        }
        for (int g = 0; g < r.rowGroupCount(); g++) {
            out.println("row group " + g + ": " + r.rowGroupRowCount(g) + " rows");
            for (int c = 0; c < r.columns().size(); c++) {
                ParquetColumn col = r.columns().get(c);
                ColumnMetaData md =
                        r.metadata().getRow_groups().get(g).getColumns().get(c).getMeta_data();
                ColumnStatistics s = r.statistics(g, c);
                out.println("  " + String.join(".", col.path()) + ": " + md.getCodec() + " " + md.getEncodings()
                        + " values=" + md.getNum_values() + " compressed=" + md.getTotal_compressed_size()
                        + " uncompressed=" + md.getTotal_uncompressed_size() + " nulls="
                        + (s.nullCount() < 0 ? "?" : Long.toString(s.nullCount()))
                        + (s.hasMinMax() ? " min=" + bound(col, s.min()) + " max=" + bound(col, s.max()) : ""));
            }
        }
    }

    private static String abbreviate(String s) {
        return s == null ? "null" : s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }

    private static String typeName(ParquetColumn c) {
        String t = c.type() == PhysicalType.FIXED_LEN_BYTE_ARRAY
                ? "FIXED_LEN_BYTE_ARRAY(" + c.typeLength() + ")"
                : c.type().name();
        ParquetLogicalType lt = c.logicalType();
        if (lt == null) {
            return t;
        }
        switch (lt.kind()) {
            case DECIMAL:
                return t + " DECIMAL(" + lt.precision() + "," + lt.scale() + ")";
            case TIMESTAMP:
                return t + " TIMESTAMP(" + lt.unit() + (lt.adjustedToUtc() ? ",UTC" : ",local") + ")";
            default:
                return t + " " + lt.kind();
        }
    }

    private static String bound(ParquetColumn c, byte[] b) {
        try {
            switch (c.type()) {
                case BOOLEAN:
                    return Boolean.toString(b[0] != 0);
                case INT32:
                    return Integer.toString(ByteIO.getIntLE(b, 0));
                case INT64:
                    return Long.toString(ByteIO.getLongLE(b, 0));
                case FLOAT:
                    return Float.toString(Float.intBitsToFloat(ByteIO.getIntLE(b, 0)));
                case DOUBLE:
                    return Double.toString(Double.longBitsToDouble(ByteIO.getLongLE(b, 0)));
                default:
                    return isString(c)
                            ? csv(new String(b, StandardCharsets.UTF_8))
                            : HexFormat.of().formatHex(b);
            }
        } catch (IndexOutOfBoundsException e) {
            return "(malformed)";
        }
    }

    private static boolean isString(ParquetColumn c) {
        return c.logicalType() != null && c.logicalType().kind() == ParquetLogicalType.Kind.STRING;
    }

    static int dump(ParquetFileReader r, List<String> names, long limit, PrintStream out, PrintStream err)
            throws IOException {
        List<Integer> cols = new ArrayList<>();
        if (names == null) {
            for (int i = 0; i < r.columns().size(); i++) {
                cols.add(i);
            }
        } else {
            for (String n : names) {
                int i = r.columnIndex(n);
                if (i < 0) {
                    err.println("no column " + n);
                    return 2;
                }
                cols.add(i);
            }
        }
        StringBuilder line = new StringBuilder();
        for (int k = 0; k < cols.size(); k++) {
            ParquetColumn c = r.columns().get(cols.get(k));
            if (c.maxRepetitionLevel() > 0) {
                err.println("dump handles non-repeated columns only: " + String.join(".", c.path()));
                return 2;
            }
            line.append(k > 0 ? "," : "").append(csv(String.join(".", c.path())));
        }
        out.println(line);
        long printed = 0;
        for (int g = 0; g < r.rowGroupCount() && printed < limit; g++) {
            ColumnChunkReader[] readers = new ColumnChunkReader[cols.size()];
            ColumnBatch[] batches = new ColumnBatch[cols.size()];
            int[] cursor = new int[cols.size()];
            for (int k = 0; k < cols.size(); k++) {
                readers[k] = r.readColumn(g, cols.get(k));
                batches[k] = new ColumnBatch(r.columns().get(cols.get(k)), BATCH);
            }
            while (printed < limit) {
                int n = -1;
                for (int k = 0; k < readers.length; k++) {
                    int got = readers[k].readBatch(batches[k], BATCH);
                    if (n >= 0 && got != n) {
                        throw new CorruptInputException(0, "columns of equal length in row group " + g);
                    }
                    n = got;
                    cursor[k] = 0;
                }
                if (n <= 0) {
                    break;
                }
                for (int i = 0; i < n && printed < limit; i++, printed++) {
                    line.setLength(0);
                    for (int k = 0; k < readers.length; k++) {
                        if (k > 0) {
                            line.append(',');
                        }
                        ColumnBatch b = batches[k];
                        if (b.isPresent(i)) {
                            appendValue(line, b, cursor[k]++);
                        }
                    }
                    out.println(line);
                }
            }
        }
        return 0;
    }

    private static void appendValue(StringBuilder sb, ColumnBatch b, int v) {
        ParquetColumn c = b.column();
        switch (c.type()) {
            case BOOLEAN:
                sb.append(b.booleans()[v]);
                break;
            case INT32:
                sb.append(b.ints()[v]);
                break;
            case INT64:
                sb.append(b.longs()[v]);
                break;
            case FLOAT:
                sb.append(b.floats()[v]);
                break;
            case DOUBLE:
                sb.append(b.doubles()[v]);
                break;
            default: {
                BinaryBatch bb = b.binaries();
                if (isString(c)) {
                    sb.append(csv(bb.getString(v)));
                } else {
                    sb.append(HexFormat.of().formatHex(bb.data(), bb.offset(v), bb.offset(v + 1)));
                }
            }
        }
    }

    /** RFC 4180 quoting. */
    static String csv(String s) {
        return "\"" + s.replace("\"", "\"\"") + "\"";
    }
}
