package dev.colcodec.bench;

import dev.colcodec.format.parquet.ColumnBatch;
import dev.colcodec.format.parquet.ColumnChunkReader;
import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.tsfile.TsBlock;
import dev.colcodec.format.tsfile.TsColumn;
import dev.colcodec.format.tsfile.TsFileReader;
import dev.colcodec.format.tsfile.TsTableSchema;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.values.BinaryBatch;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.apache.tsfile.read.query.dataset.ResultSet;
import org.apache.tsfile.read.v4.ITsFileReader;
import org.apache.tsfile.read.v4.TsFileReaderBuilder;

/**
 * {@code bench FILE}: decodes every column of a Parquet file or a TsFile with colcodec and with the
 * reference library (parquet-java 1.18.1 or tsfile 2.4.0 Java), warm-up runs (at least {@value #WARMUP}
 * runs and {@value #WARMUP_SECONDS} seconds per column and library, so the JIT has compiled the decoders)
 * and then timed runs per column, and prints a table of rows/s (median run) and colcodec's speed-up. A user tool with a plain
 * {@link System#nanoTime()} loop, not a JMH benchmark: figures are indicative.
 *
 * <p>Each run reads one column from the file and consumes every value (a checksum both libraries must
 * agree on; a column where they differ is flagged). Parquet: colcodec reads the column's chunks and
 * decodes them in batches; parquet-java reads a one-column projection with its column reader. TsFile
 * (every FIELD column of every table, over all devices): colcodec reads the file into memory and queries
 * the column (the file read is timed, as colcodec's TsFile reader needs the whole file); tsfile Java
 * queries it with {@code get...} per value.
 *
 * <p>Usage: {@code java --add-modules=jdk.incubator.vector -jar benchmarks.jar bench [--warmup N]
 * [--warmup-seconds S] [--runs N] FILE} (see {@link BenchMain}), or the same options after {@code -cp
 * benchmarks.jar dev.colcodec.bench.BenchFile}.
 */
public final class BenchFile {
    /** Default least number of warm-up runs per column and library. */
    static final int WARMUP = 3;
    /** Default least warm-up time per column and library. */
    static final int WARMUP_SECONDS = 2;
    /** Default timed runs per column and library. */
    static final int RUNS = 5;

    private static final int BATCH = 65_536;

    private BenchFile() {}

    /** The file kinds the tool reads. */
    enum Format {
        PARQUET("parquet-java"),
        TSFILE("tsfile");

        final String reference;

        Format(String reference) {
            this.reference = reference;
        }
    }

    /**
     * How often each column is read per library: warm-up runs (at least {@code warmupRuns} and at least
     * {@code warmupNanos}), then {@code runs} timed runs.
     */
    record Repetitions(int warmupRuns, long warmupNanos, int runs) {}

    /** One column's result: rows (entries, nulls included) and rows/s of both libraries. */
    record ColumnResult(
            String column,
            String type,
            long rows,
            double colcodecRowsPerSecond,
            double referenceRowsPerSecond,
            boolean sameValues) {
        double speedUp() {
            return colcodecRowsPerSecond / referenceRowsPerSecond;
        }
    }

    /** What one decoding run of a column consumed: entries and a checksum of the values. */
    record Consumed(long rows, long checksum) {}

    /** One way of reading one column. */
    @FunctionalInterface
    interface ColumnRun {
        Consumed run() throws IOException;
    }

    public static void main(String[] args) throws IOException {
        int warmup = WARMUP;
        double warmupSeconds = WARMUP_SECONDS;
        int runs = RUNS;
        Path file = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--warmup") && i + 1 < args.length) {
                warmup = Integer.parseInt(args[++i]);
            } else if (args[i].equals("--warmup-seconds") && i + 1 < args.length) {
                warmupSeconds = Double.parseDouble(args[++i]);
            } else if (args[i].equals("--runs") && i + 1 < args.length) {
                runs = Integer.parseInt(args[++i]);
            } else if (file == null && !args[i].startsWith("--")) {
                file = Path.of(args[i]);
            } else {
                file = null;
                break;
            }
        }
        if (file == null || warmup < 0 || warmupSeconds < 0 || runs < 1) {
            System.err.println(
                    "usage: bench [--warmup N] [--warmup-seconds S] [--runs N] FILE   (a Parquet file or a TsFile)");
            System.exit(2);
        }
        run(file, new Repetitions(warmup, (long) (warmupSeconds * 1e9), runs), System.out);
    }

    /** Detects the format from the magic bytes. */
    static Format detect(Path file) throws IOException {
        byte[] head = new byte[6];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        }
        if (n >= 4 && new String(head, 0, 4, StandardCharsets.US_ASCII).equals("PAR1")) {
            return Format.PARQUET;
        }
        if (n == 6 && new String(head, StandardCharsets.US_ASCII).equals("TsFile")) {
            return Format.TSFILE;
        }
        throw new IllegalArgumentException(file + " is neither a Parquet file (PAR1) nor a TsFile (TsFile)");
    }

    /** Benchmarks every column of {@code file} and prints the table to {@code out}. */
    static List<ColumnResult> run(Path file, Repetitions reps, PrintStream out) throws IOException {
        Format format = detect(file);
        List<ColumnResult> results = format == Format.PARQUET ? parquet(file, reps) : tsfile(file, reps);
        out.printf(
                Locale.ROOT,
                "%s: %s, %d columns, %.1f MB; per column and library >= %d warm-up runs (>= %.1f s), then the median"
                        + " of %d timed runs%n%n",
                file,
                format == Format.PARQUET ? "Parquet" : "TsFile",
                results.size(),
                Files.size(file) / 1e6,
                reps.warmupRuns(),
                reps.warmupNanos() / 1e9,
                reps.runs());
        out.println("| column | type | rows | colcodec rows/s | " + format.reference + " rows/s | speed-up |");
        out.println("|---|---|---:|---:|---:|---:|");
        for (ColumnResult r : results) {
            out.printf(
                    Locale.ROOT,
                    "| %s | %s | %d | %s | %s | %.2fx%s |%n",
                    r.column(),
                    r.type(),
                    r.rows(),
                    human(r.colcodecRowsPerSecond()),
                    human(r.referenceRowsPerSecond()),
                    r.speedUp(),
                    r.sameValues() ? "" : " (values differ!)");
        }
        return results;
    }

    /** Times both runs of one column: warm-ups, then the median of the timed runs. */
    static ColumnResult measure(String column, String type, ColumnRun ours, ColumnRun theirs, Repetitions reps)
            throws IOException {
        int runs = reps.runs();
        Consumed[] seen = new Consumed[2];
        double[] rowsPerSecond = new double[2];
        ColumnRun[] impls = {ours, theirs};
        for (int k = 0; k < 2; k++) {
            long warmupStart = System.nanoTime();
            for (int i = 0; i < reps.warmupRuns() || System.nanoTime() - warmupStart < reps.warmupNanos(); i++) {
                seen[k] = impls[k].run();
            }
            long[] nanos = new long[runs];
            for (int i = 0; i < runs; i++) {
                long t0 = System.nanoTime();
                seen[k] = impls[k].run();
                nanos[i] = Math.max(1, System.nanoTime() - t0);
            }
            Arrays.sort(nanos);
            rowsPerSecond[k] = seen[k].rows() * 1e9 / nanos[runs / 2];
        }
        return new ColumnResult(
                column, type, seen[0].rows(), rowsPerSecond[0], rowsPerSecond[1], seen[0].equals(seen[1]));
    }

    // ---- Parquet --------------------------------------------------------------------------------

    private static List<ColumnResult> parquet(Path file, Repetitions reps) throws IOException {
        List<ParquetColumn> columns;
        int groups;
        try (dev.colcodec.format.parquet.ParquetFileReader r =
                dev.colcodec.format.parquet.ParquetFileReader.open(file)) {
            columns = r.columns();
            groups = r.rowGroupCount();
        }
        List<ColumnResult> out = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            int column = c;
            ParquetColumn pc = columns.get(c);
            out.add(measure(
                    String.join(".", pc.path()),
                    pc.type().name(),
                    () -> parquetColcodec(file, column, groups),
                    () -> parquetJava(file, pc.path()),
                    reps));
        }
        return out;
    }

    private static Consumed parquetColcodec(Path file, int column, int groups) throws IOException {
        long rows = 0;
        long sum = 0;
        try (dev.colcodec.format.parquet.ParquetFileReader r =
                dev.colcodec.format.parquet.ParquetFileReader.open(file).verifyCrc(false)) {
            ColumnBatch b = new ColumnBatch(r.columns().get(column), BATCH);
            for (int g = 0; g < groups; g++) {
                ColumnChunkReader chunk = r.readColumn(g, column);
                int n;
                while ((n = chunk.readBatch(b, BATCH)) > 0) {
                    rows += n;
                    sum += checksum(b);
                }
            }
        }
        return new Consumed(rows, sum);
    }

    private static long checksum(ColumnBatch b) {
        int n = b.valueCount();
        long sum = 0;
        switch (b.column().type()) {
            case INT32:
                for (int i = 0; i < n; i++) {
                    sum += b.ints()[i];
                }
                return sum;
            case INT64:
                for (int i = 0; i < n; i++) {
                    sum += b.longs()[i];
                }
                return sum;
            case FLOAT:
                for (int i = 0; i < n; i++) {
                    sum += Float.floatToRawIntBits(b.floats()[i]);
                }
                return sum;
            case DOUBLE:
                for (int i = 0; i < n; i++) {
                    sum += Double.doubleToRawLongBits(b.doubles()[i]);
                }
                return sum;
            case BOOLEAN:
                for (int i = 0; i < n; i++) {
                    sum += b.booleans()[i] ? 1 : 0;
                }
                return sum;
            default:
                BinaryBatch bin = b.binaries();
                for (int i = 0; i < n; i++) {
                    sum += bin.length(i);
                }
                return sum;
        }
    }

    /** The schema reduced to the one leaf at {@code path}. */
    private static Type keepOnly(Type t, List<String> path, int depth) {
        if (depth == path.size()) {
            return t;
        }
        GroupType g = t.asGroupType();
        return g.withNewFields(keepOnly(g.getType(path.get(depth)), path, depth + 1));
    }

    private static Consumed parquetJava(Path file, List<String> path) throws IOException {
        long rows = 0;
        long sum = 0;
        ParquetReadOptions options = ParquetReadOptions.builder(new PlainParquetConfiguration())
                .usePageChecksumVerification(false)
                .build();
        try (org.apache.parquet.hadoop.ParquetFileReader r =
                org.apache.parquet.hadoop.ParquetFileReader.open(new LocalInputFile(file), options)) {
            MessageType schema = r.getFooter().getFileMetaData().getSchema();
            MessageType projection = new MessageType(
                    schema.getName(), keepOnly(schema, path, 0).asGroupType().getFields());
            r.setRequestedSchema(projection);
            ColumnDescriptor d = projection.getColumns().get(0);
            String createdBy = r.getFooter().getFileMetaData().getCreatedBy();
            int maxDef = d.getMaxDefinitionLevel();
            PageReadStore group;
            while ((group = r.readNextRowGroup()) != null) {
                ColumnReader cr = new ColumnReadStoreImpl(
                                group, new IgnoringConverter(projection), projection, createdBy)
                        .getColumnReader(d);
                long n = cr.getTotalValueCount();
                rows += n;
                for (long i = 0; i < n; i++) {
                    if (cr.getCurrentDefinitionLevel() == maxDef) {
                        switch (d.getPrimitiveType().getPrimitiveTypeName()) {
                            case INT32:
                                sum += cr.getInteger();
                                break;
                            case INT64:
                                sum += cr.getLong();
                                break;
                            case FLOAT:
                                sum += Float.floatToRawIntBits(cr.getFloat());
                                break;
                            case DOUBLE:
                                sum += Double.doubleToRawLongBits(cr.getDouble());
                                break;
                            case BOOLEAN:
                                sum += cr.getBoolean() ? 1 : 0;
                                break;
                            default:
                                sum += cr.getBinary().length();
                                break;
                        }
                    }
                    cr.consume();
                }
            }
        }
        return new Consumed(rows, sum);
    }

    /**
     * The record converter {@link ColumnReadStoreImpl} asks for, shaped like the projection (a group
     * converter for every group on the column's path, as for a LIST or MAP column); values are taken from
     * the reader directly.
     */
    private static final class IgnoringConverter extends GroupConverter {
        private final GroupType type;

        IgnoringConverter(GroupType type) {
            this.type = type;
        }

        @Override
        public Converter getConverter(int fieldIndex) {
            Type field = type.getType(fieldIndex);
            return field.isPrimitive() ? new PrimitiveConverter() {} : new IgnoringConverter(field.asGroupType());
        }

        @Override
        public void start() {}

        @Override
        public void end() {}
    }

    // ---- TsFile ---------------------------------------------------------------------------------

    private static List<ColumnResult> tsfile(Path file, Repetitions reps) throws IOException {
        List<ColumnResult> out = new ArrayList<>();
        List<String> tables;
        Map<String, TsTableSchema> schemas;
        try (TsFileReader reader = TsFileReader.open(file)) {
            tables = reader.tables();
            schemas = reader.schemas();
        }
        for (String table : tables) {
            TsTableSchema schema = schemas.get(table);
            for (TsTableSchema.Column c : schema.columns()) {
                if (c.category() != TsTableSchema.Category.FIELD) {
                    continue;
                }
                out.add(measure(
                        table + "." + c.name(),
                        c.type().name() + " " + c.encoding() + " " + c.compression(),
                        () -> tsfileColcodec(file, table, c.name()),
                        () -> tsfileJava(file, table, c.name(), c.type()),
                        reps));
            }
        }
        return out;
    }

    private static Consumed tsfileColcodec(Path file, String table, String column) throws IOException {
        long rows = 0;
        long sum = 0;
        try (TsFileReader reader = TsFileReader.open(file)) {
            Iterator<TsBlock> blocks = reader.blocks(table, List.of(column), Long.MIN_VALUE, Long.MAX_VALUE, null);
            while (blocks.hasNext()) {
                TsBlock b = blocks.next();
                int n = b.size();
                rows += n;
                TsColumn c = b.column(0);
                for (int i = 0; i < n; i++) {
                    if (c.isNull(i)) {
                        continue;
                    }
                    switch (c.storageType()) {
                        case INT32:
                            sum += c.ints()[i];
                            break;
                        case INT64:
                            sum += c.longs()[i];
                            break;
                        case FLOAT:
                            sum += Float.floatToRawIntBits(c.floats()[i]);
                            break;
                        case DOUBLE:
                            sum += Double.doubleToRawLongBits(c.doubles()[i]);
                            break;
                        case BOOLEAN:
                            sum += c.booleans()[i] ? 1 : 0;
                            break;
                        default:
                            sum += c.binaries().length(i);
                            break;
                    }
                }
            }
        }
        return new Consumed(rows, sum);
    }

    private static Consumed tsfileJava(Path file, String table, String column, TsDataType type) throws IOException {
        long rows = 0;
        long sum = 0;
        try (ITsFileReader r = new TsFileReaderBuilder().file(file.toFile()).build();
                ResultSet rs = r.query(table, List.of(column), Long.MIN_VALUE, Long.MAX_VALUE)) {
            while (rs.next()) {
                rows++;
                if (rs.isNull(2)) {
                    continue;
                }
                switch (type) {
                    case INT32:
                        sum += rs.getInt(2);
                        break;
                    case DATE:
                        LocalDate d = rs.getDate(2);
                        sum += d.getYear() * 10000 + d.getMonthValue() * 100 + d.getDayOfMonth();
                        break;
                    case INT64:
                    case TIMESTAMP:
                        sum += rs.getLong(2);
                        break;
                    case FLOAT:
                        sum += Float.floatToRawIntBits(rs.getFloat(2));
                        break;
                    case DOUBLE:
                        sum += Double.doubleToRawLongBits(rs.getDouble(2));
                        break;
                    case BOOLEAN:
                        sum += rs.getBoolean(2) ? 1 : 0;
                        break;
                    default:
                        sum += rs.getBinary(2).length;
                        break;
                }
            }
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e);
        }
        return new Consumed(rows, sum);
    }

    /** 1234567 -> "1.2 M". */
    static String human(double v) {
        return dev.colcodec.bench.report.Report.human(v);
    }
}
