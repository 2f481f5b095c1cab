package dev.colcodec.format.parquet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.values.BinaryBatch;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.format.ColumnIndex;
import org.apache.parquet.format.ConvertedType;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.GeometryType;
import org.apache.parquet.format.IntType;
import org.apache.parquet.format.LogicalType;
import org.apache.parquet.format.OffsetIndex;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;

/**
 * Every logical type colcodec writes is annotated as parquet-java 1.18.1 annotates it, is read back
 * from colcodec's and parquet-java's schema elements alike, and has statistics in its order: unsigned
 * integers unsigned (equal to parquet-java's), FLOAT16 and INTERVAL without min and max.
 */
class LogicalTypesTest {
    /** One annotated column type, ours and parquet-java's. */
    record Case(ParquetLogicalType ours, PhysicalType type, int length, LogicalTypeAnnotation theirs) {}

    static List<Case> cases() {
        List<Case> out = new ArrayList<>();
        for (int w : new int[] {8, 16, 32, 64}) {
            for (boolean signed : new boolean[] {true, false}) {
                out.add(new Case(
                        ParquetLogicalType.integer(w, signed),
                        w == 64 ? PhysicalType.INT64 : PhysicalType.INT32,
                        0,
                        LogicalTypeAnnotation.intType(w, signed)));
            }
        }
        for (ParquetLogicalType.Unit u : ParquetLogicalType.Unit.values()) {
            for (boolean utc : new boolean[] {true, false}) {
                TimeUnit tu = TimeUnit.valueOf(u.name());
                out.add(new Case(
                        ParquetLogicalType.time(u, utc),
                        u == ParquetLogicalType.Unit.MILLIS ? PhysicalType.INT32 : PhysicalType.INT64,
                        0,
                        LogicalTypeAnnotation.timeType(utc, tu)));
                out.add(new Case(
                        ParquetLogicalType.timestamp(u, utc),
                        PhysicalType.INT64,
                        0,
                        LogicalTypeAnnotation.timestampType(utc, tu)));
            }
        }
        out.add(new Case(ParquetLogicalType.string(), PhysicalType.BYTE_ARRAY, 0, LogicalTypeAnnotation.stringType()));
        out.add(new Case(ParquetLogicalType.json(), PhysicalType.BYTE_ARRAY, 0, LogicalTypeAnnotation.jsonType()));
        out.add(new Case(ParquetLogicalType.bson(), PhysicalType.BYTE_ARRAY, 0, LogicalTypeAnnotation.bsonType()));
        out.add(new Case(
                ParquetLogicalType.enumeration(), PhysicalType.BYTE_ARRAY, 0, LogicalTypeAnnotation.enumType()));
        out.add(new Case(ParquetLogicalType.date(), PhysicalType.INT32, 0, LogicalTypeAnnotation.dateType()));
        out.add(new Case(
                ParquetLogicalType.decimal(9, 2), PhysicalType.INT32, 0, LogicalTypeAnnotation.decimalType(2, 9)));
        out.add(new Case(
                ParquetLogicalType.decimal(30, 4),
                PhysicalType.FIXED_LEN_BYTE_ARRAY,
                13,
                LogicalTypeAnnotation.decimalType(4, 30)));
        out.add(new Case(
                ParquetLogicalType.uuid(), PhysicalType.FIXED_LEN_BYTE_ARRAY, 16, LogicalTypeAnnotation.uuidType()));
        out.add(new Case(
                ParquetLogicalType.float16(),
                PhysicalType.FIXED_LEN_BYTE_ARRAY,
                2,
                LogicalTypeAnnotation.float16Type()));
        out.add(new Case(
                ParquetLogicalType.interval(),
                PhysicalType.FIXED_LEN_BYTE_ARRAY,
                12,
                LogicalTypeAnnotation.intervalType()));
        out.add(new Case(ParquetLogicalType.unknown(), PhysicalType.INT32, 0, LogicalTypeAnnotation.unknownType()));
        return out;
    }

    private static PrimitiveType theirType(Case k, String name) {
        PrimitiveTypeName t = PrimitiveTypeName.valueOf(
                k.type() == PhysicalType.BYTE_ARRAY ? "BINARY" : k.type().name());
        Types.PrimitiveBuilder<PrimitiveType> b = Types.optional(t);
        if (k.length() > 0) {
            b = b.length(k.length());
        }
        return b.as(k.theirs()).named(name);
    }

    /** An empty file of one column per case, and its schema elements (root first). */
    private static byte[] emptyFileOf(List<Case> cases) throws IOException {
        List<ParquetColumn> schema = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            Case k = cases.get(i);
            schema.add(ParquetColumn.flat("c" + i, k.type(), k.length(), true).withLogicalType(k.ours()));
        }
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ParquetFileWriter w = new ParquetFileWriter(bos, schema, ParquetWriteOptions.defaults())) {
            // no rows: the schema is what is tested
        }
        return bos.toByteArray();
    }

    @Test
    void everyLogicalTypeIsAnnotatedAsParquetJavaAnnotatesIt() throws IOException {
        List<Case> cases = cases();
        byte[] file = emptyFileOf(cases);
        List<SchemaElement> ours = ParquetTestFiles.footer(file).getSchema();

        Types.MessageTypeBuilder mb = Types.buildMessage();
        for (int i = 0; i < cases.size(); i++) {
            mb.addField(theirType(cases.get(i), "c" + i));
        }
        MessageType message = mb.named("schema");
        FileMetaData theirFooter = new ParquetMetadataConverter()
                .toParquetMetadata(
                        1,
                        new ParquetMetadata(
                                new org.apache.parquet.hadoop.metadata.FileMetaData(message, Map.of(), "test"),
                                List.of()));
        List<SchemaElement> theirs = theirFooter.getSchema();
        assertThat(ours).hasSameSizeAs(theirs);

        // parquet-java's view of colcodec's schema
        MessageType readByParquetJava = new ParquetMetadataConverter()
                .fromParquetMetadata(ParquetTestFiles.footer(file))
                .getFileMetaData()
                .getSchema();
        try (ParquetFileReader r = ParquetFileReader.open(file)) {
            for (int i = 0; i < cases.size(); i++) {
                Case k = cases.get(i);
                SchemaElement o = ours.get(i + 1);
                SchemaElement t = theirs.get(i + 1);
                String what = k.ours() + " on " + k.type();
                if (k.ours().kind() == ParquetLogicalType.Kind.INTERVAL) {
                    // the other: parquet-java adds an UNKNOWN (always null) logical type to INTERVAL
                    assertThat(o.isSetLogicalType()).as(what).isFalse();
                    assertThat(t.getLogicalType().isSetUNKNOWN()).as(what).isTrue();
                } else {
                    assertThat(o.getLogicalType()).as(what).isEqualTo(t.getLogicalType());
                }
                boolean local = (k.ours().kind() == ParquetLogicalType.Kind.TIME
                                || k.ours().kind() == ParquetLogicalType.Kind.TIMESTAMP)
                        && !k.ours().adjustedToUtc();
                if (local) {
                    // the one intended difference: the legacy TIME_*/TIMESTAMP_* converted types mean
                    // "adjusted to UTC" (the format's compatibility table), so a local time or time stamp
                    // gets none, as pyarrow writes it; parquet-java 1.18.1 writes one for local times
                    assertThat(o.isSetConverted_type()).as(what).isFalse();
                } else {
                    assertThat(o.getConverted_type()).as(what).isEqualTo(t.getConverted_type());
                }
                assertThat(o.isSetPrecision()).as(what).isEqualTo(t.isSetPrecision());
                assertThat(o.getPrecision()).as(what).isEqualTo(t.getPrecision());
                assertThat(o.getScale()).as(what).isEqualTo(t.getScale());
                // read back from either element
                assertThat(ParquetLogicalType.of(t)).as(what).isEqualTo(k.ours());
                assertThat(r.columns().get(i).logicalType()).as(what).isEqualTo(k.ours());
                assertThat(r.unknownAnnotation(i)).as(what).isNull();
                assertThat(readByParquetJava.getType(i).getLogicalTypeAnnotation())
                        .as(what)
                        .isEqualTo(k.theirs());
            }
        }
    }

    @Test
    void theLegacyConvertedTypesAloneReadAsTheirLogicalTypes() {
        Object[][] legacy = {
            {ConvertedType.UINT_8, ParquetLogicalType.integer(8, false)},
            {ConvertedType.INT_16, ParquetLogicalType.integer(16, true)},
            {ConvertedType.UINT_64, ParquetLogicalType.integer(64, false)},
            {ConvertedType.TIME_MILLIS, ParquetLogicalType.time(ParquetLogicalType.Unit.MILLIS, true)},
            {ConvertedType.TIME_MICROS, ParquetLogicalType.time(ParquetLogicalType.Unit.MICROS, true)},
            {ConvertedType.JSON, ParquetLogicalType.json()},
            {ConvertedType.BSON, ParquetLogicalType.bson()},
            {ConvertedType.ENUM, ParquetLogicalType.enumeration()},
            {ConvertedType.INTERVAL, ParquetLogicalType.interval()},
        };
        for (Object[] l : legacy) {
            SchemaElement e = new SchemaElement("c");
            e.setConverted_type((ConvertedType) l[0]);
            assertThat(ParquetLogicalType.of(e)).as("%s", l[0]).isEqualTo(l[1]);
        }
        SchemaElement list = new SchemaElement("c");
        list.setConverted_type(ConvertedType.LIST);
        assertThat(ParquetLogicalType.of(list)).isNull();
        assertThatThrownBy(() -> ParquetLogicalType.integer(12, true)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ParquetColumn.flat("c", PhysicalType.INT32, 0, false)
                        .withLogicalType(ParquetLogicalType.integer(64, false)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ParquetColumn.flat("c", PhysicalType.INT64, 0, false)
                        .withLogicalType(ParquetLogicalType.time(ParquetLogicalType.Unit.MILLIS, true)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * Unsigned 8-, 32- and 64-bit columns with values on both sides of the sign bit: chunk statistics and
     * each page's column index bounds are parquet-java's for the same values, and pruning keeps exactly
     * the row groups that hold values of the unsigned range asked for.
     */
    @Test
    void unsignedIntegersHaveUnsignedStatisticsAsParquetJavaComputes() throws IOException {
        Random rnd = new Random(23);
        int n = 3000;
        int[] u8 = new int[n];
        int[] u32 = new int[n];
        long[] u64 = new long[n];
        boolean[] nulls = new boolean[n];
        for (int i = 0; i < n; i++) {
            u8[i] = rnd.nextInt(256);
            // the second row group has no value of 2^31 or more, nor of 2^63 or more
            boolean small = i >= 1700;
            u32[i] = small ? rnd.nextInt(1 << 30) : rnd.nextInt();
            u64[i] = small ? rnd.nextLong() >>> 2 : rnd.nextLong();
            nulls[i] = i % 11 == 4;
        }
        List<ParquetColumn> schema = List.of(
                ParquetColumn.flat("u8", PhysicalType.INT32, 0, false)
                        .withLogicalType(ParquetLogicalType.integer(8, false)),
                ParquetColumn.flat("u32", PhysicalType.INT32, 0, true)
                        .withLogicalType(ParquetLogicalType.integer(32, false)),
                ParquetColumn.flat("u64", PhysicalType.INT64, 0, false)
                        .withLogicalType(ParquetLogicalType.integer(64, false)));
        byte[] file = ParquetTestFiles.write(
                schema,
                ParquetWriteOptions.defaults().withPageRowLimit(400),
                new Object[] {u8, u32, u64},
                new boolean[][] {null, nulls, null},
                n,
                1700);
        PrimitiveType[] types = {
            Types.required(PrimitiveTypeName.INT32)
                    .as(LogicalTypeAnnotation.intType(8, false))
                    .named("u8"),
            Types.optional(PrimitiveTypeName.INT32)
                    .as(LogicalTypeAnnotation.intType(32, false))
                    .named("u32"),
            Types.required(PrimitiveTypeName.INT64)
                    .as(LogicalTypeAnnotation.intType(64, false))
                    .named("u64"),
        };
        boolean[][] nullsOf = {null, nulls, null};
        try (ParquetFileReader r = ParquetFileReader.open(file)) {
            assertThat(r.rowGroupCount()).isEqualTo(2);
            for (int c = 0; c < 3; c++) {
                assertThat(r.order(c)).isEqualTo(ColumnStatistics.Order.UNSIGNED_INTEGER);
                long groupStart = 0;
                for (int g = 0; g < 2; g++) {
                    int rows = (int) r.rowGroupRowCount(g);
                    Statistics<?> chunk = stats(types[c], c, u8, u32, u64, nullsOf[c], (int) groupStart, rows);
                    ColumnStatistics s = r.statistics(g, c);
                    assertThat(s.min()).as("column %d row group %d", c, g).isEqualTo(chunk.getMinBytes());
                    assertThat(s.max()).as("column %d row group %d", c, g).isEqualTo(chunk.getMaxBytes());
                    ColumnIndex ci = r.readColumnIndex(g, c);
                    OffsetIndex oi = r.readOffsetIndex(g, c);
                    int pages = oi.getPage_locationsSize();
                    assertThat(pages).isGreaterThan(3);
                    for (int p = 0; p < pages; p++) {
                        int from = (int) oi.getPage_locations().get(p).getFirst_row_index();
                        int to = p + 1 < pages
                                ? (int) oi.getPage_locations().get(p + 1).getFirst_row_index()
                                : rows;
                        Statistics<?> page =
                                stats(types[c], c, u8, u32, u64, nullsOf[c], (int) groupStart + from, to - from);
                        assertThat(bytes(ci.getMin_values().get(p))).isEqualTo(page.getMinBytes());
                        assertThat(bytes(ci.getMax_values().get(p))).isEqualTo(page.getMaxBytes());
                    }
                    groupStart += rows;
                }
            }
            // values of 2^31 or more (2^63 or more) are in the first row group only
            assertThat(r.rowGroupsOverlapping(1, ColumnStatistics.plain(1 << 31), null))
                    .containsExactly(0);
            assertThat(r.rowGroupsOverlapping(2, ColumnStatistics.plain(Long.MIN_VALUE), null))
                    .containsExactly(0);
            assertThat(r.rowGroupsOverlapping(2, null, ColumnStatistics.plain(1L << 62)))
                    .containsExactly(0, 1);
        }
    }

    private static Statistics<?> stats(
            PrimitiveType type, int c, int[] u8, int[] u32, long[] u64, boolean[] nulls, int from, int n) {
        Statistics<?> s = Statistics.createStats(type);
        for (int i = from; i < from + n; i++) {
            if (nulls != null && nulls[i]) {
                s.incrementNumNulls();
                continue;
            }
            switch (c) {
                case 0 -> s.updateStats(u8[i]);
                case 1 -> s.updateStats(u32[i]);
                default -> s.updateStats(u64[i]);
            }
        }
        return s;
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] a = new byte[b.remaining()];
        b.duplicate().get(a);
        return a;
    }

    /**
     * FLOAT16 and INTERVAL have no order colcodec writes: null counts but no min or max, no column
     * index, and readers never prune them; their values round-trip.
     */
    @Test
    void float16AndIntervalColumnsHaveNoMinMaxAndNoColumnIndex() throws IOException {
        int n = 500;
        BinaryBatch halves = new BinaryBatch();
        BinaryBatch intervals = new BinaryBatch();
        boolean[] nulls = new boolean[n];
        for (int i = 0; i < n; i++) {
            nulls[i] = i % 7 == 0;
            halves.append(new byte[] {(byte) i, (byte) (i % 0x7C)}, 0, 2);
            byte[] iv = ByteBuffer.allocate(12)
                    .putInt(i)
                    .putInt(i * 3)
                    .putInt(i * 1000)
                    .array();
            intervals.append(iv, 0, 12);
        }
        List<ParquetColumn> schema = List.of(
                ParquetColumn.flat("h", PhysicalType.FIXED_LEN_BYTE_ARRAY, 2, true)
                        .withLogicalType(ParquetLogicalType.float16()),
                ParquetColumn.flat("iv", PhysicalType.FIXED_LEN_BYTE_ARRAY, 12, false)
                        .withLogicalType(ParquetLogicalType.interval()));
        byte[] file = ParquetTestFiles.write(
                schema,
                ParquetWriteOptions.defaults().withPageRowLimit(100),
                new Object[] {halves, intervals},
                new boolean[][] {nulls, null},
                n,
                n);
        try (ParquetFileReader r = ParquetFileReader.open(file)) {
            for (int c = 0; c < 2; c++) {
                assertThat(r.order(c)).isEqualTo(ColumnStatistics.Order.UNDEFINED);
                ColumnStatistics s = r.statistics(0, c);
                assertThat(s.hasMinMax()).isFalse();
                assertThat(s.nullCount()).isEqualTo(c == 0 ? 72 : 0);
                assertThat(r.readColumnIndex(0, c)).isNull();
                assertThat(r.rowGroupsOverlapping(c, new byte[c == 0 ? 2 : 12], null))
                        .containsExactly(0);
            }
            List<ColumnBatch> batches =
                    r.decodeRowGroup(0, new int[] {0, 1}, 1000, null).get(1);
            assertThat(batches.get(0).binaries().get(7)).isEqualTo(intervals.get(7));
        }
    }

    /**
     * Annotations colcodec does not hold (a GEOMETRY, an unsigned INTEGER on BYTE_ARRAY, a UINT_32 on
     * INT64) leave the column without logical type, are named by {@link ParquetFileReader#unknownAnnotation},
     * and turn pruning off for the column.
     */
    @Test
    void unknownOrMisplacedAnnotationsAreNamedAndNeverPruned() throws IOException {
        int n = 100;
        BinaryBatch b = new BinaryBatch();
        long[] l = new long[n];
        for (int i = 0; i < n; i++) {
            byte[] v = {(byte) i};
            b.append(v, 0, 1);
            l[i] = i;
        }
        byte[] file = ParquetTestFiles.write(
                List.of(
                        ParquetColumn.flat("g", PhysicalType.BYTE_ARRAY, 0, false),
                        ParquetColumn.flat("x", PhysicalType.BYTE_ARRAY, 0, false),
                        ParquetColumn.flat("u", PhysicalType.INT64, 0, false)),
                ParquetWriteOptions.defaults(),
                new Object[] {b, b, l},
                new boolean[3][],
                n,
                n);
        FileMetaData fmd = ParquetTestFiles.footer(file);
        LogicalType geometry = new LogicalType();
        geometry.setGEOMETRY(new GeometryType());
        fmd.getSchema().get(1).setLogicalType(geometry);
        LogicalType unsignedInt = new LogicalType();
        unsignedInt.setINTEGER(new IntType((byte) 64, false));
        fmd.getSchema().get(2).setLogicalType(unsignedInt);
        fmd.getSchema().get(3).setConverted_type(ConvertedType.UINT_32);
        try (ParquetFileReader r = ParquetFileReader.open(ParquetTestFiles.withFooter(file, fmd))) {
            assertThat(r.unknownAnnotation(0)).isEqualTo("GEOMETRY");
            assertThat(r.unknownAnnotation(1)).isEqualTo("INTEGER on BYTE_ARRAY");
            assertThat(r.unknownAnnotation(2)).isEqualTo("UINT_32 on INT64");
            for (int c = 0; c < 3; c++) {
                assertThat(r.columns().get(c).logicalType()).isNull();
                assertThat(r.order(c)).isEqualTo(ColumnStatistics.Order.UNDEFINED);
            }
            // nothing is above 99, yet the row group stays
            assertThat(r.rowGroupsOverlapping(2, ColumnStatistics.plain(1000L), null))
                    .containsExactly(0);
        }
    }

    /**
     * pyarrow's annotations ({@code logical_types.parquet}, written by {@code generate.py}): each column has
     * its logical type, values as the script computes them, and unsigned columns prune in unsigned order
     * (values of 2^31 and 2^63 or more are in the first row group only); pyarrow's FLOAT16 min/max are
     * not used.
     */
    @Test
    void readsPyArrowsLogicalTypes() throws IOException {
        byte[] file = PyArrowGoldenFilesTest.resource("logical_types.parquet");
        ParquetLogicalType[] expected = {
            ParquetLogicalType.integer(8, false),
            ParquetLogicalType.integer(16, false),
            ParquetLogicalType.integer(32, false),
            ParquetLogicalType.integer(64, false),
            ParquetLogicalType.integer(8, true),
            ParquetLogicalType.integer(16, true),
            ParquetLogicalType.time(ParquetLogicalType.Unit.MILLIS, false),
            ParquetLogicalType.time(ParquetLogicalType.Unit.MICROS, false),
            ParquetLogicalType.float16(),
            ParquetLogicalType.json()
        };
        try (ParquetFileReader r = ParquetFileReader.open(file)) {
            assertThat(r.rowGroupCount()).isEqualTo(3);
            for (int c = 0; c < expected.length; c++) {
                assertThat(r.columns().get(c).logicalType()).isEqualTo(expected[c]);
                assertThat(r.unknownAnnotation(c)).isNull();
            }
            int[] all = new int[expected.length];
            for (int c = 0; c < all.length; c++) {
                all[c] = c;
            }
            int row = 0;
            for (int g = 0; g < 3; g++) {
                List<List<ColumnBatch>> cols = r.decodeRowGroup(g, all, 4096, null);
                int rows = (int) r.rowGroupRowCount(g);
                for (int c = 0; c < all.length; c++) {
                    List<Object> got = new ArrayList<>();
                    for (ColumnBatch b : cols.get(c)) {
                        int v = 0;
                        for (int i = 0; i < b.levelCount(); i++) {
                            got.add(b.isPresent(i) ? value(b, v++) : null);
                        }
                    }
                    assertThat(got).hasSize(rows);
                    for (int i = 0; i < rows; i++) {
                        assertThat(got.get(i))
                                .as("column %d row %d", c, row + i)
                                .isEqualTo(pyarrowValue(c, row + i));
                    }
                }
                row += rows;
            }
            assertThat(r.rowGroupsOverlapping(2, ColumnStatistics.plain(1 << 31), null))
                    .containsExactly(0);
            assertThat(r.rowGroupsOverlapping(3, ColumnStatistics.plain(Long.MIN_VALUE), null))
                    .containsExactly(0);
            assertThat(r.rowGroupsOverlapping(3, ColumnStatistics.plain(5000L), null))
                    .containsExactly(0);
            assertThat(r.order(8)).isEqualTo(ColumnStatistics.Order.UNDEFINED);
            assertThat(r.rowGroupsOverlapping(8, new byte[] {0, 0x7C}, null)).containsExactly(0, 1, 2);
        }
    }

    private static Object value(ColumnBatch b, int v) {
        switch (b.column().type()) {
            case INT32:
                return (long) b.ints()[v];
            case INT64:
                return b.longs()[v];
            default:
                return b.binaries().get(v);
        }
    }

    /** Row {@code i} of column {@code c} as {@code generate.py} makes it, in the form {@link #value} gives. */
    private static Object pyarrowValue(int c, int i) {
        switch (c) {
            case 0:
                return (long) (i % 256);
            case 1:
                return (long) ((i * 263) % 65536);
            case 2:
                return i % 9 == 4 ? null : (long) (int) (i < 400 ? (i * 2_863_311_530L) : i);
            case 3:
                return i < 400 ? i * 0x9E3779B97F4A7C15L : (long) i;
            case 4:
                return (long) ((i * 37) % 256 - 128);
            case 5:
                return (long) ((i * 263) % 65536 - 32768);
            case 6:
                return i % 10 == 1 ? null : (long) ((i * 57_601L) % 86_400_000L);
            case 7:
                return i * 1_000_003L;
            case 8: {
                int h = dev.colcodec.format.interop.ParquetMatrix.toFloat16((i % 2000) / 2.0 - 500);
                return new byte[] {(byte) h, (byte) (h >>> 8)};
            }
            default:
                return i % 6 == 1 ? null : ("{\"i\":" + i + "}").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    /** UNKNOWN means always null: the writer takes it only on OPTIONAL columns of null rows. */
    @Test
    void unknownColumnsHoldOnlyNulls() throws IOException {
        ParquetColumn optional =
                ParquetColumn.flat("n", PhysicalType.INT32, 0, true).withLogicalType(ParquetLogicalType.unknown());
        ParquetColumn required =
                ParquetColumn.flat("n", PhysicalType.INT32, 0, false).withLogicalType(ParquetLogicalType.unknown());
        assertThatThrownBy(() -> new ParquetFileWriter(
                        new ByteArrayOutputStream(), List.of(required), ParquetWriteOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must be OPTIONAL");
        try (ParquetFileWriter w =
                new ParquetFileWriter(new ByteArrayOutputStream(), List.of(optional), ParquetWriteOptions.defaults())) {
            assertThatThrownBy(() -> w.write(new Object[] {new int[3]}, new boolean[][] {{true, false, true}}, 3))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("row 1 holds a value");
            assertThatThrownBy(() -> w.write(new Object[] {new int[3]}, null, 3))
                    .isInstanceOf(IllegalArgumentException.class);
        }
        byte[] file = ParquetTestFiles.write(
                List.of(optional),
                ParquetWriteOptions.defaults(),
                new Object[] {new int[5]},
                new boolean[][] {{true, true, true, true, true}},
                5,
                5);
        try (ParquetFileReader r = ParquetFileReader.open(file)) {
            assertThat(r.columns().get(0).logicalType()).isEqualTo(ParquetLogicalType.unknown());
            assertThat(r.order(0)).isEqualTo(ColumnStatistics.Order.UNDEFINED);
            assertThat(r.statistics(0, 0).nullCount()).isEqualTo(5);
        }
    }

    /**
     * A footer that says UNKNOWN (always null) of a column whose pages hold values (a damaged footer) is
     * corrupt input where the first value would be handed out, named with the page's offset; the rows can
     * still be skipped.
     */
    @Test
    void valuesInAColumnAnnotatedUnknownAreCorruptInput() throws IOException {
        ParquetColumn v = ParquetColumn.flat("v", PhysicalType.INT32, 0, true);
        byte[] written = ParquetTestFiles.write(
                List.of(v),
                ParquetWriteOptions.defaults(),
                new Object[] {new int[] {0, 8, 9}},
                new boolean[][] {{true, false, false}},
                3,
                3);
        FileMetaData fmd = ParquetTestFiles.footer(written);
        fmd.getSchema().get(1).setLogicalType(LogicalType.UNKNOWN(new org.apache.parquet.format.NullType()));
        long pageAt =
                fmd.getRow_groups().get(0).getColumns().get(0).getMeta_data().getData_page_offset();
        byte[] file = ParquetTestFiles.withFooter(written, fmd);
        try (ParquetFileReader r = ParquetFileReader.open(file)) {
            assertThat(r.columns().get(0).isAlwaysNull()).isTrue();
            ColumnBatch batch = new ColumnBatch(r.columns().get(0), 8);
            assertThatThrownBy(() -> r.readColumn(0, 0).readBatch(batch, 8))
                    .isInstanceOf(dev.colcodec.CorruptInputException.class)
                    .hasMessage("corrupt input at offset " + pageAt
                            + ": expected only nulls in column v, annotated UNKNOWN (always null); the page holds a"
                            + " value");
            ColumnChunkReader c = r.readColumn(0, 0);
            assertThat(c.skipRows(3)).isEqualTo(3);
            assertThat(c.readBatch(batch, 8)).isZero();
        }
    }

    /**
     * A LogicalType member newer than the Thrift classes (here FLOAT16's field id changed to 9, which no
     * member has) reads as no logical type and is named, so that a copy does not drop it unnoticed.
     */
    @Test
    void aLogicalTypeNewerThanThisReaderIsNamed() throws IOException {
        BinaryBatch halves = new BinaryBatch();
        halves.append(new byte[] {0, 0x3C}, 0, 2);
        byte[] file = ParquetTestFiles.write(
                List.of(ParquetColumn.flat("h", PhysicalType.FIXED_LEN_BYTE_ARRAY, 2, false)
                        .withLogicalType(ParquetLogicalType.float16())),
                ParquetWriteOptions.defaults(),
                new Object[] {halves},
                new boolean[1][],
                1,
                1);
        // compact protocol: the union's member header (field id 15, a struct: 0xFC), its empty struct, the
        // union's stop
        int at = -1;
        for (int i = 0; i + 2 < file.length; i++) {
            if (file[i] == (byte) 0xFC && file[i + 1] == 0 && file[i + 2] == 0) {
                assertThat(at).as("one FLOAT16 member in the file").isEqualTo(-1);
                at = i;
            }
        }
        assertThat(at).isPositive();
        file[at] = (byte) 0x9C; // field id 9
        try (ParquetFileReader r = ParquetFileReader.open(file)) {
            assertThat(r.columns().get(0).logicalType()).isNull();
            assertThat(r.unknownAnnotation(0)).isEqualTo("a LogicalType newer than this reader");
            assertThat(r.order(0)).isEqualTo(ColumnStatistics.Order.UNDEFINED);
        }
    }
}
