package dev.colcodec.format.interop;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.tsfile.TsBlock;
import dev.colcodec.format.tsfile.TsColumn;
import dev.colcodec.format.tsfile.TsFileReader;
import dev.colcodec.format.tsfile.TsFileWriter;
import dev.colcodec.format.tsfile.TsTableSchema;
import dev.colcodec.format.tsfile.TsTablet;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import dev.colcodec.tsfile.TsFileValues;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * The TsFiles colcodec writes for the interop checks: one table {@value #TABLE} with two TAG columns,
 * three devices and one FIELD column of every data type (BOOLEAN, INT32, INT64, FLOAT, DOUBLE, TEXT,
 * STRING, BLOB, DATE, TIMESTAMP), each with nulls; one file per (encoding set, compression). Values
 * are functions of (device, row). Canonical expected values: integers, DATE ({@code yyyyMMdd}) and
 * TIMESTAMP as {@code Long}, FLOAT/DOUBLE as {@code Double}, BOOLEAN, TEXT/STRING as {@code String},
 * BLOB as lower-case hex.
 */
public final class TsFileMatrix {
    private TsFileMatrix() {}

    public static final String TABLE = "sensors";
    static final List<String> TAGS = List.of("region", "device");
    static final String[][] DEVICES = {{"north", "d1"}, {"north", "d2"}, {"south", "d1"}};
    static final int[] ROWS = {700, 300, 60};
    static final int ROWS_PER_TABLET = 250;

    /** One FIELD column: name, type, the modulus of its null rows. */
    record Field(String name, TsDataType type, int nullEvery) {}

    static final List<Field> FIELDS = List.of(
            new Field("b", TsDataType.BOOLEAN, 7),
            new Field("i", TsDataType.INT32, 5),
            new Field("l", TsDataType.INT64, 6),
            new Field("f", TsDataType.FLOAT, 8),
            new Field("d", TsDataType.DOUBLE, 9),
            new Field("txt", TsDataType.TEXT, 4),
            new Field("s", TsDataType.STRING, 10),
            new Field("blob", TsDataType.BLOB, 11),
            new Field("day", TsDataType.DATE, 12),
            new Field("ts", TsDataType.TIMESTAMP, 13));

    /** One file: per storage class an encoding, one compression for every column, the time encoding. */
    public record Case(
            String name,
            TsEncoding intEncoding,
            TsEncoding floatEncoding,
            TsEncoding boolEncoding,
            TsEncoding textEncoding,
            TsEncoding timeEncoding,
            Compression compression,
            String pythonSkipReason) {
        Case(
                String name,
                TsEncoding intEncoding,
                TsEncoding floatEncoding,
                TsEncoding boolEncoding,
                TsEncoding textEncoding,
                TsEncoding timeEncoding,
                Compression compression) {
            this(name, intEncoding, floatEncoding, boolEncoding, textEncoding, timeEncoding, compression, null);
        }

        @Override
        public String toString() {
            return name;
        }

        TsEncoding encodingOf(TsDataType type) {
            TsEncoding e;
            switch (type.storageType()) {
                case BOOLEAN:
                    e = boolEncoding;
                    break;
                case INT32:
                case INT64:
                    e = intEncoding;
                    break;
                case FLOAT:
                case DOUBLE:
                    e = floatEncoding;
                    break;
                default:
                    e = textEncoding;
            }
            if (pythonSkipReason == null
                    && (type == TsDataType.DATE || type == TsDataType.TIMESTAMP)
                    && (e == TsEncoding.SPRINTZ || e == TsEncoding.ZIGZAG)) {
                // tsfile-python 2.5.0 fails (OOMError) on DATE/TIMESTAMP in these, in tsfile Java's files too
                e = TsEncoding.TS_2DIFF;
            }
            if (pythonSkipReason == null
                    && (type == TsDataType.FLOAT || type == TsDataType.DOUBLE)
                    && e == TsEncoding.SPRINTZ) {
                // tsfile-python 2.5.0 decodes wrong SPRINTZ doubles (in tsfile Java's files too) and floats
                e = TsEncoding.GORILLA;
            }
            return TsFileValues.supports(e, type) ? e : TsEncoding.PLAIN;
        }
    }

    public static List<Case> cases() {
        return List.of(
                new Case(
                        "plain_uncompressed",
                        TsEncoding.PLAIN,
                        TsEncoding.PLAIN,
                        TsEncoding.PLAIN,
                        TsEncoding.PLAIN,
                        TsEncoding.TS_2DIFF, // tsfile-python 2.5.0 cannot decode PLAIN time columns, not even tsfile
                        // Java's
                        Compression.UNCOMPRESSED),
                new Case(
                        "ts2diff_gorilla_lz4",
                        TsEncoding.TS_2DIFF,
                        TsEncoding.GORILLA,
                        TsEncoding.PLAIN,
                        TsEncoding.PLAIN,
                        TsEncoding.TS_2DIFF,
                        Compression.LZ4_RAW),
                new Case(
                        "gorilla_dictionary_zstd",
                        TsEncoding.GORILLA,
                        TsEncoding.GORILLA,
                        TsEncoding.PLAIN,
                        TsEncoding.DICTIONARY,
                        TsEncoding.TS_2DIFF,
                        Compression.ZSTD),
                new Case(
                        "rle_snappy",
                        TsEncoding.RLE,
                        TsEncoding.PLAIN,
                        TsEncoding.PLAIN,
                        TsEncoding.PLAIN,
                        TsEncoding.TS_2DIFF,
                        Compression.SNAPPY),
                new Case(
                        "zigzag_chimp_gzip",
                        TsEncoding.ZIGZAG,
                        TsEncoding.CHIMP,
                        TsEncoding.PLAIN,
                        TsEncoding.DICTIONARY,
                        TsEncoding.TS_2DIFF,
                        Compression.GZIP),
                new Case(
                        "sprintz_lzma2",
                        TsEncoding.SPRINTZ,
                        TsEncoding.SPRINTZ,
                        TsEncoding.PLAIN,
                        TsEncoding.PLAIN,
                        TsEncoding.TS_2DIFF,
                        Compression.LZMA2),
                new Case(
                        "rlbe_lz4",
                        TsEncoding.RLBE,
                        TsEncoding.RLBE,
                        TsEncoding.PLAIN,
                        TsEncoding.PLAIN,
                        TsEncoding.TS_2DIFF,
                        Compression.LZ4_RAW),
                new Case(
                        "chimp_uncompressed",
                        TsEncoding.CHIMP,
                        TsEncoding.CHIMP,
                        TsEncoding.PLAIN,
                        TsEncoding.PLAIN,
                        TsEncoding.TS_2DIFF,
                        Compression.UNCOMPRESSED),
                // tsfile-python 2.5.0 fails on these encodings in files tsfile Java 2.4.0 writes too
                new Case(
                        "python_unsupported_snappy",
                        TsEncoding.SPRINTZ,
                        TsEncoding.SPRINTZ,
                        TsEncoding.RLE,
                        TsEncoding.PLAIN,
                        TsEncoding.GORILLA,
                        Compression.SNAPPY,
                        "tsfile-python 2.5.0 cannot read BOOLEAN RLE or DATE/TIMESTAMP SPRINTZ (OOMError), nor GORILLA time"
                                + " columns (DecodeError), and decodes wrong SPRINTZ floats and doubles,"
                                + " also in files tsfile Java 2.4.0 writes"));
    }

    static long time(int device, int row) {
        return 1_700_000_000_000L + device * 7L + row * 1000L + (row % 3) * 17L;
    }

    /** The canonical value of FIELD {@code f} at (device, row); null at its null rows. */
    static Object value(int f, int device, int row) {
        Field field = FIELDS.get(f);
        int key = device * 10_000 + row;
        if ((key + f) % field.nullEvery() == 0) {
            return null;
        }
        switch (field.type()) {
            case BOOLEAN:
                return key % 3 == 0;
            case INT32:
                return (long) (key % 211) * 13 - 1000;
            case INT64:
                return (long) key * key * 7919L - 3_000_000_000L;
            case FLOAT:
                return (double) ((key % 400) * 0.25f - 30f);
            case DOUBLE:
                return 20.0 + Math.sin(key / 50.0) * 5.0;
            case TEXT:
                return "t" + (key % 37) + (key % 2 == 0 ? "" : "\u00fc");
            case STRING:
                return "str-" + (key % 13);
            case BLOB:
                byte[] b = new byte[1 + key % 5];
                for (int k = 0; k < b.length; k++) {
                    // no zero bytes: tsfile-python 2.5.0 cuts BLOB values at the first 0x00 when reading
                    b[k] = (byte) (1 + (key * 7 + k) % 255);
                }
                return HexFormat.of().formatHex(b);
            case DATE:
                return 20240101L + (key % 28);
            case TIMESTAMP:
                return 1_600_000_000_000L + key * 60_000L;
            default:
                throw new IllegalStateException(field.type().toString());
        }
    }

    static TsTableSchema schema(Case k) {
        List<TsTableSchema.Column> cols = new ArrayList<>();
        for (String tag : TAGS) {
            cols.add(new TsTableSchema.Column(
                    tag, TsDataType.STRING, TsEncoding.PLAIN, Compression.UNCOMPRESSED, TsTableSchema.Category.TAG));
        }
        for (Field f : FIELDS) {
            cols.add(new TsTableSchema.Column(
                    f.name(), f.type(), k.encodingOf(f.type()), k.compression(), TsTableSchema.Category.FIELD));
        }
        return new TsTableSchema(TABLE, cols);
    }

    public static byte[] write(Case k) throws IOException {
        TsTableSchema schema = schema(k);
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        TsFileWriter.Options options = new TsFileWriter.Options()
                .maxPointsPerPage(128)
                .timeEncoding(k.timeEncoding())
                .timeCompression(k.compression());
        try (TsFileWriter w = new TsFileWriter(bos, List.of(schema), options)) {
            TsTablet tablet = new TsTablet(schema);
            for (int d = 0; d < DEVICES.length; d++) {
                for (int start = 0; start < ROWS[d]; start += ROWS_PER_TABLET) {
                    int n = Math.min(ROWS_PER_TABLET, ROWS[d] - start);
                    long[] times = new long[n];
                    for (int r = 0; r < n; r++) {
                        times[r] = time(d, start + r);
                    }
                    tablet.device(DEVICES[d]).times(times, n);
                    for (int f = 0; f < FIELDS.size(); f++) {
                        setField(tablet, f, d, start, n);
                    }
                    w.write(tablet);
                }
            }
        }
        return bos.toByteArray();
    }

    private static void setField(TsTablet tablet, int f, int device, int start, int n) {
        Field field = FIELDS.get(f);
        boolean[] nulls = new boolean[n];
        Object[] vals = new Object[n];
        for (int r = 0; r < n; r++) {
            vals[r] = value(f, device, start + r);
            nulls[r] = vals[r] == null;
        }
        switch (field.type().storageType()) {
            case BOOLEAN: {
                boolean[] a = new boolean[n];
                for (int r = 0; r < n; r++) {
                    a[r] = vals[r] != null && (Boolean) vals[r];
                }
                tablet.booleans(field.name(), a, nulls);
                break;
            }
            case INT32: {
                int[] a = new int[n];
                for (int r = 0; r < n; r++) {
                    a[r] = vals[r] == null ? 0 : (int) (long) (Long) vals[r];
                }
                tablet.ints(field.name(), a, nulls);
                break;
            }
            case INT64: {
                long[] a = new long[n];
                for (int r = 0; r < n; r++) {
                    a[r] = vals[r] == null ? 0 : (Long) vals[r];
                }
                tablet.longs(field.name(), a, nulls);
                break;
            }
            case FLOAT: {
                float[] a = new float[n];
                for (int r = 0; r < n; r++) {
                    a[r] = vals[r] == null ? 0 : (float) (double) (Double) vals[r];
                }
                tablet.floats(field.name(), a, nulls);
                break;
            }
            case DOUBLE: {
                double[] a = new double[n];
                for (int r = 0; r < n; r++) {
                    a[r] = vals[r] == null ? 0 : (Double) vals[r];
                }
                tablet.doubles(field.name(), a, nulls);
                break;
            }
            default: {
                byte[][] a = new byte[n][];
                for (int r = 0; r < n; r++) {
                    if (vals[r] != null) {
                        a[r] = field.type() == TsDataType.BLOB
                                ? HexFormat.of().parseHex((String) vals[r])
                                : ((String) vals[r]).getBytes(StandardCharsets.UTF_8);
                    }
                }
                tablet.binaries(field.name(), a, nulls);
            }
        }
    }

    /** Column names of a full query: the tags, then the fields. */
    static List<String> columnNames() {
        List<String> names = new ArrayList<>(TAGS);
        FIELDS.forEach(f -> names.add(f.name()));
        return names;
    }

    /** Expected rows: time, tag values, field values (canonical), devices in {@link #DEVICES} order. */
    static List<Object[]> expectedRows() {
        List<Object[]> rows = new ArrayList<>();
        for (int d = 0; d < DEVICES.length; d++) {
            for (int r = 0; r < ROWS[d]; r++) {
                Object[] row = new Object[1 + TAGS.size() + FIELDS.size()];
                row[0] = time(d, r);
                row[1] = DEVICES[d][0];
                row[2] = DEVICES[d][1];
                for (int f = 0; f < FIELDS.size(); f++) {
                    row[3 + f] = value(f, d, r);
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /** Reads every row with colcodec's reader, in the layout of {@link #expectedRows()}. */
    static List<Object[]> readWithColcodec(byte[] file) {
        List<Object[]> rows = new ArrayList<>();
        List<String> names = columnNames();
        for (TsBlock block : TsFileReader.of(file).query(TABLE, names, Long.MIN_VALUE, Long.MAX_VALUE)) {
            for (int r = 0; r < block.size(); r++) {
                Object[] row = new Object[1 + names.size()];
                row[0] = block.times()[r];
                for (int c = 0; c < names.size(); c++) {
                    row[1 + c] = canonical(block.column(c), r);
                }
                rows.add(row);
            }
        }
        return rows;
    }

    private static Object canonical(TsColumn col, int r) {
        if (col.isNull(r)) {
            return null;
        }
        switch (col.storageType()) {
            case BOOLEAN:
                return col.booleans()[r];
            case INT32:
                return (long) col.ints()[r];
            case INT64:
                return col.longs()[r];
            case FLOAT:
                return (double) col.floats()[r];
            case DOUBLE:
                return col.doubles()[r];
            default:
                byte[] b = col.binaries().get(r);
                return col.type() == TsDataType.BLOB
                        ? HexFormat.of().formatHex(b)
                        : new String(b, StandardCharsets.UTF_8);
        }
    }

    /** {"table", "columns": [{"name", "category", "type"}], "rows": [[time, ...], ...]}. */
    static String expectedJson(Case k) {
        StringBuilder sb = new StringBuilder();
        sb.append("{\"table\": ")
                .append(Json.string(TABLE))
                .append(", \"case\": ")
                .append(Json.string(k.name()));
        if (k.pythonSkipReason() != null) {
            sb.append(", \"tsfile_python_skip\": ").append(Json.string(k.pythonSkipReason()));
        }
        sb.append(", \"columns\": [");
        for (int t = 0; t < TAGS.size(); t++) {
            sb.append("{\"name\": ")
                    .append(Json.string(TAGS.get(t)))
                    .append(", \"category\": \"TAG\", \"type\": \"STRING\"}, ");
        }
        for (int f = 0; f < FIELDS.size(); f++) {
            Field field = FIELDS.get(f);
            sb.append("{\"name\": ").append(Json.string(field.name()));
            sb.append(", \"category\": \"FIELD\", \"type\": ")
                    .append(Json.string(field.type().name()));
            sb.append(", \"encoding\": ")
                    .append(Json.string(k.encodingOf(field.type()).name()))
                    .append('}');
            sb.append(f + 1 < FIELDS.size() ? ", " : "");
        }
        sb.append("],\n\"rows\": [\n");
        List<Object[]> rows = expectedRows();
        for (int i = 0; i < rows.size(); i++) {
            sb.append('[');
            Object[] row = rows.get(i);
            for (int c = 0; c < row.length; c++) {
                if (c > 0) {
                    sb.append(',');
                }
                Json.value(sb, row[c]);
            }
            sb.append(i + 1 < rows.size() ? "],\n" : "]\n");
        }
        return sb.append("]}\n").toString();
    }

    static String describe(Object[] row) {
        return Arrays.toString(row);
    }
}
