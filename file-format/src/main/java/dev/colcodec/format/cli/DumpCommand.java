package dev.colcodec.format.cli;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.parquet.ParquetFileReader;
import dev.colcodec.format.tsfile.TsBlock;
import dev.colcodec.format.tsfile.TsFileReader;
import dev.colcodec.format.tsfile.TsTableSchema;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import dev.colcodec.tsfile.TsFileValues;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code dump FILE [--columns a,b] [--limit N] [--table T | --device D [--time-encoding E]]}: rows as CSV
 * with a header row (see {@link Csv}). TsFile rows are the time column ({@code time}), then the tags, then
 * the fields, device by device; with {@code --device}, the time and the measurements of one tree-model
 * device (see {@link TsTables#readTreeDevice}), the time stamps of its non-aligned series decoded as
 * {@code --time-encoding} (TS_2DIFF, tsfile's default, unless given: the file does not record it).
 */
final class DumpCommand {
    static final String USAGE = "dump FILE [--columns a,b] [--limit N] [--table T | --device D [--time-encoding E]]";

    private DumpCommand() {}

    static int run(List<String> argList, PrintStream out, PrintStream err) throws IOException {
        CliArgs args = new CliArgs(
                "dump", argList, Set.of("--columns", "--limit", "--table", "--device", "--time-encoding"), Set.of());
        Path file = Path.of(args.positional(1, "FILE").get(0));
        List<String> names = args.list("--columns");
        long limit = args.nonNegativeLong("--limit", Long.MAX_VALUE);
        String timeEncodingName = args.option("--time-encoding");
        if (timeEncodingName != null && args.option("--device") == null) {
            throw new UsageException("dump: --time-encoding applies to --device (non-aligned tree-model series)");
        }
        TsEncoding timeEncoding = timeEncodingName == null ? null : Names.tsEncoding(timeEncodingName);
        if (timeEncoding != null && !TsFileValues.supports(timeEncoding, TsDataType.INT64)) {
            throw new UsageException("dump: time stamps cannot be " + timeEncoding + " (it has no INT64 reader)");
        }
        Rows printer = new Rows(out);
        dump(args, file, names, limit, timeEncoding, printer);
        printer.noteInvalidText(err); // only when the dump is whole: a failure is one line
        return 0;
    }

    private static void dump(
            CliArgs args, Path file, List<String> names, long limit, TsEncoding timeEncoding, Rows printer)
            throws IOException {
        if (FileFormat.detect(file) == FileFormat.PARQUET) {
            if (args.option("--table") != null || args.option("--device") != null) {
                throw new UsageException("dump: --table and --device apply to TsFiles only");
            }
            try (ParquetFileReader r = ParquetFileReader.open(file)) {
                dumpParquet(r, names, limit, printer);
            }
        } else {
            String device = args.option("--device");
            if (device != null && args.option("--table") != null) {
                throw new UsageException("dump: --table or --device, not both");
            }
            try (TsFileReader r = TsFileReader.open(file)) {
                if (device != null) {
                    dumpTreeDevice(r, TsTables.treeDevice(r, device), timeEncoding, names, limit, printer);
                } else {
                    dumpTsFile(r, TsTables.table(r, args.option("--table")), names, limit, printer);
                }
            }
        }
    }

    private static void dumpParquet(ParquetFileReader r, List<String> names, long limit, Rows printer)
            throws IOException {
        int[] cols;
        List<String> header = new ArrayList<>();
        if (names == null) {
            cols = new int[r.columns().size()];
            for (int i = 0; i < cols.length; i++) {
                cols[i] = i;
                header.add(ParquetTables.name(r.columns().get(i)));
            }
        } else {
            cols = new int[names.size()];
            for (int i = 0; i < cols.length; i++) {
                cols[i] = r.columnIndex(names.get(i));
                if (cols[i] < 0) {
                    throw new UsageException("dump: no column " + names.get(i));
                }
                header.add(names.get(i));
            }
        }
        printer.out.println(Csv.header(header));
        long printed = 0;
        for (int g = 0; g < r.rowGroupCount() && printed < limit; g++) {
            // the rows still to print (only their pages are decoded)
            List<ColumnValues> columns = ParquetTables.readRowGroup(r, g, cols, limit - printed);
            int rows = columns.isEmpty() ? (int) r.rowGroupRowCount(g) : columns.get(0).rows;
            for (int row = 0; row < rows && printed < limit; row++, printed++) {
                printer.print(columns, row);
            }
        }
    }

    private static void dumpTsFile(TsFileReader r, String table, List<String> names, long limit, Rows printer) {
        TsTableSchema schema = r.schema(table);
        List<String> header = new ArrayList<>();
        header.add("time");
        for (TsTableSchema.Column c : TsTables.columns(schema, TsTableSchema.Category.TAG)) {
            header.add(c.name());
        }
        for (TsTableSchema.Column c : TsTables.columns(schema, TsTableSchema.Category.FIELD)) {
            header.add(c.name());
        }
        List<Integer> selected = select(header, names, "table " + table, printer.out);
        int tags = header.size()
                - 1
                - TsTables.columns(schema, TsTableSchema.Category.FIELD).size();
        // only the FIELD columns shown are decoded, a chunk group at a time, until the limit
        List<String> fields = new ArrayList<>();
        for (int i : selected) {
            if (i > tags && !fields.contains(header.get(i))) {
                fields.add(header.get(i));
            }
        }
        long printed = 0;
        java.util.Iterator<TsBlock> blocks = r.blocks(table, fields, Long.MIN_VALUE, Long.MAX_VALUE, null);
        while (printed < limit && blocks.hasNext()) {
            TsBlock b = blocks.next();
            int n = b.size();
            String[] id = b.device();
            List<ColumnValues> shown = new ArrayList<>();
            for (int i : selected) {
                if (i == 0) {
                    shown.add(new ColumnValues(
                            "time", ColumnValues.Kind.INT64, ColumnValues.Meaning.TIMESTAMP, b.times(), null, n));
                } else if (i <= tags) {
                    shown.add(constantTag(header.get(i), i < id.length ? id[i] : null, n));
                } else {
                    shown.add(TsTables.values(b.column(fields.indexOf(header.get(i))), n));
                }
            }
            for (int row = 0; row < n && printed < limit; row++, printed++) {
                printer.print(shown, row);
            }
        }
    }

    /** The indexes in {@code header} of {@code names} (null: all), after printing their CSV header. */
    private static List<Integer> select(List<String> header, List<String> names, String where, PrintStream out) {
        List<Integer> selected = new ArrayList<>();
        if (names == null) {
            for (int i = 0; i < header.size(); i++) {
                selected.add(i);
            }
        } else {
            for (String n : names) {
                int i = header.indexOf(n);
                if (i < 0) {
                    throw new UsageException("dump: no column " + n + " in " + where + "; columns: " + header);
                }
                selected.add(i);
            }
        }
        List<String> selectedNames = new ArrayList<>();
        for (int i : selected) {
            selectedNames.add(header.get(i));
        }
        out.println(Csv.header(selectedNames));
        return selected;
    }

    private static void dumpTreeDevice(
            TsFileReader r, String device, TsEncoding timeEncoding, List<String> names, long limit, Rows printer) {
        TsTables.DeviceRows d;
        try {
            d = TsTables.readTreeDevice(r, device, timeEncoding == null ? TsEncoding.TS_2DIFF : timeEncoding);
        } catch (CorruptInputException e) {
            if (timeEncoding != null || TsTables.isAlignedTreeDevice(r, device)) {
                throw e;
            }
            // the likeliest cause in a sound file: time stamps written with another encoding
            throw new CorruptInputException(
                    e.offset(),
                    e.expected() + " (time stamps of non-aligned series read as TS_2DIFF, tsfile's default; name"
                            + " another with --time-encoding)",
                    e);
        }
        int n = d.rows();
        List<ColumnValues> all = new ArrayList<>();
        all.add(new ColumnValues("time", ColumnValues.Kind.INT64, ColumnValues.Meaning.TIMESTAMP, d.times(), null, n));
        all.addAll(d.fields());
        List<String> header = new ArrayList<>();
        for (ColumnValues c : all) {
            header.add(c.name);
        }
        List<Integer> selected = select(header, names, "device " + device, printer.out);
        List<ColumnValues> shown = new ArrayList<>();
        for (int i : selected) {
            shown.add(all.get(i));
        }
        for (int row = 0; row < n && row < limit; row++) {
            printer.print(shown, row);
        }
    }

    static ColumnValues constantTag(String name, String value, int rows) {
        byte[][] v = new byte[rows][];
        boolean[] nulls = value == null ? new boolean[rows] : null;
        byte[] b = value == null ? null : value.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        for (int i = 0; i < rows; i++) {
            v[i] = b;
            if (nulls != null) {
                nulls[i] = true;
            }
        }
        return new ColumnValues(name, ColumnValues.Kind.BINARY, ColumnValues.Meaning.STRING, v, nulls, rows);
    }

    /**
     * Prints rows as CSV lines, counting per column the STRING values that are not valid UTF-8 (printed
     * with U+FFFD in place of each invalid sequence), which {@link #noteInvalidText} then names on stderr:
     * such a value is not what the file holds, and the reader of the output is told so.
     */
    private static final class Rows {
        final PrintStream out;
        private final StringBuilder line = new StringBuilder();
        /** Rows printed so far. */
        private long printed;
        /** Per column name: the number of invalid values and the row (1 = the first after the header) of the first. */
        private final java.util.Map<String, long[]> invalidText = new java.util.LinkedHashMap<>();
        /** The columns counted in the row being printed: a column shown twice counts once. */
        private final java.util.Set<String> countedInRow = new java.util.HashSet<>();

        Rows(PrintStream out) {
            this.out = out;
        }

        void print(List<ColumnValues> columns, int row) {
            printed++;
            line.setLength(0);
            countedInRow.clear();
            for (int k = 0; k < columns.size(); k++) {
                if (k > 0) {
                    line.append(',');
                }
                if (!Csv.appendField(line, columns.get(k), row) && countedInRow.add(columns.get(k).name)) {
                    long[] seen = invalidText.computeIfAbsent(columns.get(k).name, n -> new long[] {0, printed});
                    seen[0]++;
                }
            }
            out.println(line);
        }

        void noteInvalidText(PrintStream err) {
            out.flush();
            for (java.util.Map.Entry<String, long[]> e : invalidText.entrySet()) {
                err.println("colcodec: note: column " + e.getKey() + " has " + e.getValue()[0]
                        + " STRING value(s) that are not valid UTF-8 (the first in row " + e.getValue()[1]
                        + " after the header), printed with U+FFFD for each invalid byte sequence");
            }
        }
    }
}
