package dev.colcodec.format.interop;

import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.parquet.ColumnBatch;
import dev.colcodec.format.parquet.ColumnChunkReader;
import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileReader;
import dev.colcodec.format.parquet.ParquetFileWriter;
import dev.colcodec.format.parquet.ParquetLogicalType;
import dev.colcodec.format.parquet.ParquetWriteOptions;
import dev.colcodec.format.parquet.ParquetWriteOptions.PageVersion;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.values.BinaryBatch;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The Parquet files colcodec writes for the interop checks: one file per (encoding layout, page
 * version, codec), each with a column of every physical type and of the logical types colcodec writes,
 * nulls in the OPTIONAL columns, several pages and row groups. Every value is a function of the row
 * index, and {@link #expected} gives it in a canonical form that every checker (our reader,
 * parquet-java, pyarrow through {@code check_interop.py}) maps what it reads to:
 *
 * <ul>
 *   <li>integers, DATE days, TIMESTAMP micros and DECIMAL unscaled values: {@code Long};
 *   <li>INT96: {@code Long} nanoseconds since the epoch (Julian day and nanos of day, as pyarrow reads them);
 *   <li>FLOAT and DOUBLE: {@code Double} (floats widened exactly); BOOLEAN: {@code Boolean};
 *   <li>unsigned 32-bit integers and TIME milliseconds: {@code Long}; unsigned 64-bit integers: {@code
 *       BigInteger}; FLOAT16: {@code Double};
 *   <li>STRING and JSON: {@code String}; any other binary (FLBA, UUID, plain BYTE_ARRAY): lower-case hex
 *       {@code String}.
 * </ul>
 */
public final class ParquetMatrix {
    private ParquetMatrix() {}

    public static final int ROWS = 1500;
    private static final long JULIAN_EPOCH_DAY = 2_440_588L;
    private static final long NANOS_PER_DAY = 86_400_000_000_000L;

    /** One column: its schema, the checker's kind, the value of row i (canonical form, null for null). */
    public record Col(ParquetColumn column, String kind, IntFunction<Object> value) {
        String name() {
            return column.name();
        }
    }

    /** One file: a name and the options that make it. */
    public record Case(String name, ParquetWriteOptions options) {
        @Override
        public String toString() {
            return name;
        }
    }

    static byte[] bytesOfRow(int i) {
        byte[] b = new byte[i % 9];
        for (int k = 0; k < b.length; k++) {
            b[k] = (byte) (i * 31 + k);
        }
        return b;
    }

    static String string(int i) {
        return i % 23 == 1 ? "" : "s" + (i % 17) + (i % 2 == 0 ? "" : "-\u00e9\u4e2d");
    }

    static byte[] uuid(int i) {
        return ByteBuffer.allocate(16)
                .putLong(i * 0x9E3779B97F4A7C15L)
                .putLong(~(long) i)
                .array();
    }

    static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    /** The columns; each value function returns null exactly at the null rows. */
    public static final List<Col> COLUMNS = List.of(
            new Col(ParquetColumn.flat("i32", PhysicalType.INT32, 0, false), "int", i -> (long) ((i % 97) * 7 - 300)),
            new Col(
                    ParquetColumn.flat("i64", PhysicalType.INT64, 0, true),
                    "int",
                    i -> i % 5 == 0 ? null : (long) i * i * 1_000_003L - 5_000_000_000L),
            new Col(ParquetColumn.flat("f32", PhysicalType.FLOAT, 0, false), "float", i ->
                    (double) ((i % 200) / 4f - 10f)),
            new Col(ParquetColumn.flat("f64", PhysicalType.DOUBLE, 0, true), "float", i -> i % 7 == 0 ? null : i / 3.0),
            new Col(
                    ParquetColumn.flat("flag", PhysicalType.BOOLEAN, 0, true),
                    "bool",
                    i -> i % 11 == 0 ? null : i % 3 == 0),
            new Col(
                    ParquetColumn.flat("str", PhysicalType.BYTE_ARRAY, 0, true)
                            .withLogicalType(ParquetLogicalType.string()),
                    "string",
                    i -> i % 5 == 2 ? null : string(i)),
            new Col(ParquetColumn.flat("bin", PhysicalType.BYTE_ARRAY, 0, false), "hex", i -> hex(bytesOfRow(i))),
            new Col(
                    ParquetColumn.flat("fixed", PhysicalType.FIXED_LEN_BYTE_ARRAY, 4, false),
                    "hex",
                    i -> hex(ByteBuffer.allocate(4).putInt(i * 0x9E3779B1).array())),
            new Col(
                    ParquetColumn.flat("i96", PhysicalType.INT96, 0, false),
                    "int96",
                    i -> (long) i * NANOS_PER_DAY + i * 1000L + 123),
            new Col(
                    ParquetColumn.flat("date", PhysicalType.INT32, 0, true).withLogicalType(ParquetLogicalType.date()),
                    "date",
                    i -> i % 13 == 0 ? null : 19_000L + i),
            new Col(
                    ParquetColumn.flat("ts", PhysicalType.INT64, 0, false)
                            .withLogicalType(ParquetLogicalType.timestamp(ParquetLogicalType.Unit.MICROS, true)),
                    "timestamp",
                    i -> 1_700_000_000_000_000L + i * 1_000_003L),
            new Col(
                    ParquetColumn.flat("dec", PhysicalType.FIXED_LEN_BYTE_ARRAY, 8, true)
                            .withLogicalType(ParquetLogicalType.decimal(18, 2)),
                    "decimal",
                    i -> i % 6 == 0 ? null : i * 12_345L - 5_000_000L),
            new Col(
                    ParquetColumn.flat("uuid", PhysicalType.FIXED_LEN_BYTE_ARRAY, 16, false)
                            .withLogicalType(ParquetLogicalType.uuid()),
                    "uuid",
                    i -> hex(uuid(i))),
            // incompressible: SNAPPY, LZ4_RAW and ZSTD pages after the first become the codecs' literal runs
            new Col(ParquetColumn.flat("noise", PhysicalType.INT64, 0, false), "int", i -> noise(i)),
            // unsigned values on both sides of 2^31 and 2^63, which readers must not take as signed
            new Col(
                    ParquetColumn.flat("u32", PhysicalType.INT32, 0, true)
                            .withLogicalType(ParquetLogicalType.integer(32, false)),
                    "uint",
                    i -> i % 9 == 4 ? null : (i * 2_863_311_530L) & 0xFFFF_FFFFL),
            new Col(
                    ParquetColumn.flat("u64", PhysicalType.INT64, 0, false)
                            .withLogicalType(ParquetLogicalType.integer(64, false)),
                    "uint64",
                    i -> new BigInteger(Long.toUnsignedString(noise(i)))),
            new Col(
                    ParquetColumn.flat("i8", PhysicalType.INT32, 0, false)
                            .withLogicalType(ParquetLogicalType.integer(8, true)),
                    "int",
                    i -> (long) (byte) (i * 37)),
            new Col(
                    ParquetColumn.flat("t_ms", PhysicalType.INT32, 0, true)
                            .withLogicalType(ParquetLogicalType.time(ParquetLogicalType.Unit.MILLIS, true)),
                    "time32",
                    i -> i % 10 == 1 ? null : (i * 57_601L) % 86_400_000L),
            // halves of integers up to 1000: exact in half precision
            new Col(
                    ParquetColumn.flat("f16", PhysicalType.FIXED_LEN_BYTE_ARRAY, 2, true)
                            .withLogicalType(ParquetLogicalType.float16()),
                    "float16",
                    i -> i % 8 == 5 ? null : (i % 2000) / 2.0 - 500),
            new Col(
                    ParquetColumn.flat("js", PhysicalType.BYTE_ARRAY, 0, true)
                            .withLogicalType(ParquetLogicalType.json()),
                    "string",
                    i -> i % 6 == 1 ? null : "{\"i\":" + i + "}"));

    /** IEEE half-precision bits of {@code v}, which must be exact in half precision and normal or zero. */
    public static int toFloat16(double v) {
        if (v == 0) {
            return Double.doubleToRawLongBits(v) < 0 ? 0x8000 : 0;
        }
        int f = Float.floatToRawIntBits((float) v);
        int sign = (f >>> 16) & 0x8000;
        int exp = ((f >>> 23) & 0xFF) - 112;
        if (exp <= 0 || exp >= 31 || (f & 0x1FFF) != 0) {
            throw new IllegalArgumentException(v + " is not a normal half-precision value");
        }
        return sign | exp << 10 | (f >>> 13) & 0x3FF;
    }

    /** The double of IEEE half-precision bits {@code h} (normal or zero). */
    static double fromFloat16(int h) {
        int exp = (h >>> 10) & 0x1F;
        double v = exp == 0 ? (h & 0x3FF) * 0x1p-24 : Math.scalb(1 + (h & 0x3FF) / 1024.0, exp - 15);
        return (h & 0x8000) != 0 ? -v : v;
    }

    /** A 64-bit mix of the row index (SplitMix64's finalizer): random-looking, incompressible values. */
    static long noise(int i) {
        long z = i * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The encoding layouts: which encoding each column gets. */
    static ParquetWriteOptions layout(String layout, ParquetWriteOptions o) {
        switch (layout) {
            case "plain":
                return o.withDictionary(false);
            case "dict":
                return o;
            case "dictfallback":
                // dictionaries overflow after a few pages, so chunks hold dictionary and PLAIN pages
                return o.withMaxDictionaryBytes(400)
                        .withEncoding("fixed", ParquetEncoding.RLE_DICTIONARY)
                        .withEncoding("uuid", ParquetEncoding.RLE_DICTIONARY);
            case "delta":
                return o.withEncoding("i32", ParquetEncoding.DELTA_BINARY_PACKED)
                        .withEncoding("i64", ParquetEncoding.DELTA_BINARY_PACKED)
                        .withEncoding("date", ParquetEncoding.DELTA_BINARY_PACKED)
                        .withEncoding("ts", ParquetEncoding.DELTA_BINARY_PACKED)
                        .withEncoding("str", ParquetEncoding.DELTA_BYTE_ARRAY)
                        .withEncoding("bin", ParquetEncoding.DELTA_BYTE_ARRAY)
                        .withEncoding("fixed", ParquetEncoding.DELTA_BYTE_ARRAY)
                        .withEncoding("dec", ParquetEncoding.DELTA_BYTE_ARRAY)
                        .withEncoding("uuid", ParquetEncoding.DELTA_BYTE_ARRAY)
                        .withEncoding("flag", ParquetEncoding.RLE)
                        .withDictionary(false);
            case "dlba_bss":
                return o.withEncoding("str", ParquetEncoding.DELTA_LENGTH_BYTE_ARRAY)
                        .withEncoding("bin", ParquetEncoding.DELTA_LENGTH_BYTE_ARRAY)
                        .withEncoding("i32", ParquetEncoding.BYTE_STREAM_SPLIT)
                        .withEncoding("i64", ParquetEncoding.BYTE_STREAM_SPLIT)
                        .withEncoding("f32", ParquetEncoding.BYTE_STREAM_SPLIT)
                        .withEncoding("f64", ParquetEncoding.BYTE_STREAM_SPLIT)
                        .withEncoding("date", ParquetEncoding.BYTE_STREAM_SPLIT)
                        .withEncoding("ts", ParquetEncoding.BYTE_STREAM_SPLIT)
                        .withEncoding("fixed", ParquetEncoding.BYTE_STREAM_SPLIT)
                        .withEncoding("dec", ParquetEncoding.BYTE_STREAM_SPLIT)
                        .withEncoding("uuid", ParquetEncoding.BYTE_STREAM_SPLIT)
                        .withDictionary(false);
            default:
                throw new IllegalArgumentException(layout);
        }
    }

    static final List<String> LAYOUTS = List.of("plain", "dict", "dictfallback", "delta", "dlba_bss");
    static final List<Compression> CODECS = List.of(
            Compression.UNCOMPRESSED, Compression.SNAPPY, Compression.GZIP, Compression.ZSTD, Compression.LZ4_RAW);

    /** Every (layout, page version, codec): 50 files. */
    public static List<Case> cases() {
        List<Case> out = new ArrayList<>();
        for (String layout : LAYOUTS) {
            for (PageVersion v : PageVersion.values()) {
                for (Compression c : CODECS) {
                    ParquetWriteOptions o = ParquetWriteOptions.defaults()
                            .withPageVersion(v)
                            .withCompression(c)
                            .withPageRowLimit(300)
                            .withRowGroupSize(12_000)
                            .withKeyValueMetadata(Map.of("writer", "colcodec interop"));
                    String name = layout + "_" + v.name().toLowerCase() + "_"
                            + c.name().toLowerCase();
                    out.add(new Case(name, layout(layout, o)));
                }
            }
        }
        return out;
    }

    /** The expected canonical value of column {@code c} at {@code row} (null for null). */
    public static Object expected(int c, int row) {
        return COLUMNS.get(c).value().apply(row);
    }

    /** Writes one case. */
    public static byte[] write(Case k) throws IOException {
        List<ParquetColumn> schema = new ArrayList<>();
        Object[] values = new Object[COLUMNS.size()];
        boolean[][] nulls = new boolean[COLUMNS.size()][];
        for (int c = 0; c < COLUMNS.size(); c++) {
            Col col = COLUMNS.get(c);
            schema.add(col.column());
            values[c] = rawValues(col);
            if (col.column().isNullable()) {
                nulls[c] = new boolean[ROWS];
                for (int i = 0; i < ROWS; i++) {
                    nulls[c][i] = col.value().apply(i) == null;
                }
            }
        }
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ParquetFileWriter w = new ParquetFileWriter(bos, schema, k.options())) {
            // in slices, so that row groups end where the buffered size passes the limit
            Object[] slice = new Object[values.length];
            boolean[][] sliceNulls = new boolean[values.length][];
            for (int from = 0; from < ROWS; from += WRITE_ROWS) {
                int n = Math.min(WRITE_ROWS, ROWS - from);
                for (int c = 0; c < values.length; c++) {
                    slice[c] = slice(values[c], from, n);
                    sliceNulls[c] = nulls[c] == null ? null : Arrays.copyOfRange(nulls[c], from, from + n);
                }
                w.write(slice, sliceNulls, n);
            }
        }
        return bos.toByteArray();
    }

    private static final int WRITE_ROWS = 250;

    private static Object slice(Object values, int from, int n) {
        if (values instanceof BinaryBatch b) {
            BinaryBatch out = new BinaryBatch();
            for (int i = from; i < from + n; i++) {
                out.append(b.data(), b.offset(i), b.length(i));
            }
            return out;
        }
        Object out = java.lang.reflect.Array.newInstance(values.getClass().getComponentType(), n);
        System.arraycopy(values, from, out, 0, n);
        return out;
    }

    /** The writer's input array of a column (values at null rows are zero or empty). */
    private static Object rawValues(Col col) {
        ParquetColumn pc = col.column();
        switch (pc.type()) {
            case INT32: {
                int[] a = new int[ROWS];
                for (int i = 0; i < ROWS; i++) {
                    Object v = col.value().apply(i);
                    a[i] = v == null ? 0 : (int) (long) (Long) v;
                }
                return a;
            }
            case INT64: {
                long[] a = new long[ROWS];
                for (int i = 0; i < ROWS; i++) {
                    Object v = col.value().apply(i);
                    a[i] = v == null ? 0 : v instanceof BigInteger b ? b.longValue() : (Long) v;
                }
                return a;
            }
            case FLOAT: {
                float[] a = new float[ROWS];
                for (int i = 0; i < ROWS; i++) {
                    Object v = col.value().apply(i);
                    a[i] = v == null ? 0 : (float) (double) (Double) v;
                }
                return a;
            }
            case DOUBLE: {
                double[] a = new double[ROWS];
                for (int i = 0; i < ROWS; i++) {
                    Object v = col.value().apply(i);
                    a[i] = v == null ? 0 : (Double) v;
                }
                return a;
            }
            case BOOLEAN: {
                boolean[] a = new boolean[ROWS];
                for (int i = 0; i < ROWS; i++) {
                    Object v = col.value().apply(i);
                    a[i] = v != null && (Boolean) v;
                }
                return a;
            }
            default: {
                BinaryBatch b = new BinaryBatch();
                for (int i = 0; i < ROWS; i++) {
                    Object v = col.value().apply(i);
                    byte[] raw = v == null ? new byte[pc.typeLength()] : rawBinary(col, v);
                    b.append(raw, 0, raw.length);
                }
                return b;
            }
        }
    }

    private static byte[] rawBinary(Col col, Object canonical) {
        switch (col.kind()) {
            case "string":
                return ((String) canonical).getBytes(StandardCharsets.UTF_8);
            case "int96": {
                long nanos = (Long) canonical;
                long day = Math.floorDiv(nanos, NANOS_PER_DAY);
                return ByteBuffer.allocate(12)
                        .order(ByteOrder.LITTLE_ENDIAN)
                        .putLong(Math.floorMod(nanos, NANOS_PER_DAY))
                        .putInt((int) (day + JULIAN_EPOCH_DAY))
                        .array();
            }
            case "decimal":
                return ByteBuffer.allocate(col.column().typeLength())
                        .putLong((Long) canonical)
                        .array();
            case "float16": {
                int h = toFloat16((Double) canonical);
                return new byte[] {(byte) h, (byte) (h >>> 8)};
            }
            default:
                return HexFormat.of().parseHex((String) canonical);
        }
    }

    /** Maps a value read from a file (physical form) to the canonical form of column {@code c}. */
    public static Object canonical(int c, Object physical) {
        Col col = COLUMNS.get(c);
        switch (col.kind()) {
            case "int":
            case "date":
            case "timestamp":
            case "time32":
                return physical instanceof Integer ? (Object) (long) (Integer) physical : physical;
            case "uint":
                return Integer.toUnsignedLong((Integer) physical);
            case "uint64":
                return new BigInteger(Long.toUnsignedString((Long) physical));
            case "float16": {
                byte[] b = (byte[]) physical;
                return fromFloat16((b[0] & 0xFF) | (b[1] & 0xFF) << 8);
            }
            case "float":
                return physical instanceof Float ? (Object) (double) (Float) physical : physical;
            case "bool":
                return physical;
            case "string":
                return new String((byte[]) physical, StandardCharsets.UTF_8);
            case "int96": {
                ByteBuffer b = ByteBuffer.wrap((byte[]) physical).order(ByteOrder.LITTLE_ENDIAN);
                long nanosOfDay = b.getLong();
                long day = b.getInt() - JULIAN_EPOCH_DAY;
                return day * NANOS_PER_DAY + nanosOfDay;
            }
            case "decimal":
                return new BigInteger((byte[]) physical).longValueExact();
            default:
                return hex((byte[]) physical);
        }
    }

    /**
     * Reads a file with colcodec's reader into canonical values, {@code [column][row]}.
     */
    public static Object[][] readWithColcodec(byte[] file) throws IOException {
        try (ParquetFileReader reader = ParquetFileReader.open(file)) {
            int n = (int) reader.rowCount();
            Object[][] out = new Object[reader.columns().size()][n];
            for (int c = 0; c < reader.columns().size(); c++) {
                ParquetColumn col = reader.columns().get(c);
                ColumnBatch b = new ColumnBatch(col, 128);
                int row = 0;
                for (int g = 0; g < reader.rowGroupCount(); g++) {
                    ColumnChunkReader cr = reader.readColumn(g, c);
                    while (cr.readBatch(b, 128) > 0) {
                        int v = 0;
                        for (int i = 0; i < b.levelCount(); i++, row++) {
                            out[c][row] = b.isPresent(i) ? canonical(c, physicalValue(b, v++)) : null;
                        }
                    }
                }
                if (row != n) {
                    throw new AssertionError(col.name() + ": " + row + " rows of " + n);
                }
            }
            return out;
        }
    }

    /** Value {@code v} of a batch, boxed (binaries as their bytes). */
    public static Object physicalValue(ColumnBatch b, int v) {
        switch (b.column().type()) {
            case INT32:
                return b.ints()[v];
            case INT64:
                return b.longs()[v];
            case FLOAT:
                return b.floats()[v];
            case DOUBLE:
                return b.doubles()[v];
            case BOOLEAN:
                return b.booleans()[v];
            default:
                return b.binaries().get(v);
        }
    }

    /** The expected values as JSON: {"rows": n, "columns": [{"name", "kind", "scale"?, "values"}]}. */
    public static String expectedJson() {
        StringBuilder sb = new StringBuilder();
        sb.append("{\"rows\": ").append(ROWS).append(", \"columns\": [\n");
        for (int c = 0; c < COLUMNS.size(); c++) {
            Col col = COLUMNS.get(c);
            sb.append("  {\"name\": ").append(Json.string(col.name()));
            sb.append(", \"kind\": ").append(Json.string(col.kind()));
            if (col.column().logicalType() != null) {
                sb.append(", \"scale\": ").append(col.column().logicalType().scale());
            }
            sb.append(", \"values\": [");
            for (int i = 0; i < ROWS; i++) {
                if (i > 0) {
                    sb.append(',');
                }
                Json.value(sb, col.value().apply(i));
            }
            sb.append("]}").append(c + 1 < COLUMNS.size() ? ",\n" : "\n");
        }
        return sb.append("]}\n").toString();
    }
}
