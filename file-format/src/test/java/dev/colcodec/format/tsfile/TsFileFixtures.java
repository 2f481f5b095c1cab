package dev.colcodec.format.tsfile;

import dev.colcodec.tsfile.TsDataType;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.tsfile.common.conf.TSFileConfig;
import org.apache.tsfile.common.conf.TSFileDescriptor;
import org.apache.tsfile.enums.ColumnCategory;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.TableSchema;
import org.apache.tsfile.file.metadata.enums.CompressionType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.apache.tsfile.write.record.Tablet;
import org.apache.tsfile.write.schema.IMeasurementSchema;
import org.apache.tsfile.write.schema.MeasurementSchema;
import org.apache.tsfile.write.v4.ITsFileWriter;
import org.apache.tsfile.write.v4.TsFileWriterBuilder;

/** Test data sets and the files tsfile 2.4.0 writes for them (the oracle). */
final class TsFileFixtures {
    private TsFileFixtures() {}

    /** A FIELD column: name, type and how tsfile stores it. */
    static final class Field {
        final String name;
        final TsDataType type;
        final TSEncoding encoding;
        final CompressionType compression;

        Field(String name, TsDataType type, TSEncoding encoding, CompressionType compression) {
            this.name = name;
            this.type = type;
            this.encoding = encoding;
            this.compression = compression;
        }
    }

    /** One device: tag values, ascending times, and values[field][row] (null = null). */
    static final class Device {
        final String[] tags;
        final long[] times;
        final Object[][] values;

        Device(String[] tags, long[] times, Object[][] values) {
            this.tags = tags;
            this.times = times;
            this.values = values;
        }
    }

    static final class Dataset {
        final String table;
        final String[] tagNames;
        final List<Field> fields;
        final List<Device> devices;

        Dataset(String table, String[] tagNames, List<Field> fields, List<Device> devices) {
            this.table = table;
            this.tagNames = tagNames;
            this.fields = fields;
            this.devices = devices;
        }
    }

    /** Every data type, the encodings colcodec reads today, every compression. */
    static List<Field> allTypes() {
        return List.of(
                new Field("b", TsDataType.BOOLEAN, TSEncoding.RLE, CompressionType.LZ4),
                new Field("bp", TsDataType.BOOLEAN, TSEncoding.PLAIN, CompressionType.UNCOMPRESSED),
                new Field("i", TsDataType.INT32, TSEncoding.TS_2DIFF, CompressionType.SNAPPY),
                new Field("ir", TsDataType.INT32, TSEncoding.RLE, CompressionType.LZ4),
                new Field("l", TsDataType.INT64, TSEncoding.TS_2DIFF, CompressionType.ZSTD),
                new Field("lp", TsDataType.INT64, TSEncoding.PLAIN, CompressionType.GZIP),
                new Field("f", TsDataType.FLOAT, TSEncoding.PLAIN, CompressionType.GZIP),
                new Field("d", TsDataType.DOUBLE, TSEncoding.PLAIN, CompressionType.LZ4),
                new Field("x", TsDataType.TEXT, TSEncoding.PLAIN, CompressionType.LZ4),
                new Field("s", TsDataType.STRING, TSEncoding.PLAIN, CompressionType.SNAPPY),
                new Field("bl", TsDataType.BLOB, TSEncoding.PLAIN, CompressionType.UNCOMPRESSED),
                new Field("ts", TsDataType.TIMESTAMP, TSEncoding.RLE, CompressionType.UNCOMPRESSED),
                new Field("dt", TsDataType.DATE, TSEncoding.TS_2DIFF, CompressionType.LZ4));
    }

    /** {@link #allTypes()} with LZMA2 (slow to decode: a dictionary per page) on one column. */
    static List<Field> allTypesWithLzma2() {
        List<Field> out = new ArrayList<>(allTypes());
        out.set(6, new Field("f", TsDataType.FLOAT, TSEncoding.PLAIN, CompressionType.LZMA2));
        return out;
    }

    /**
     * Devices with {@code rows[k]} rows each; about {@code nullRate} of the cells null; the field at
     * {@code allNullField} (or -1) is null in every row of the first device.
     */
    static Dataset dataset(long seed, List<Field> fields, int[] rows, double nullRate, int allNullField) {
        Random r = new Random(seed);
        List<Device> devices = new ArrayList<>();
        for (int d = 0; d < rows.length; d++) {
            int n = rows[d];
            long[] times = new long[n];
            long t = 1_000 + d * 7L;
            for (int i = 0; i < n; i++) {
                t += 1 + r.nextInt(3);
                times[i] = t;
            }
            Object[][] values = new Object[fields.size()][n];
            for (int c = 0; c < fields.size(); c++) {
                for (int i = 0; i < n; i++) {
                    if ((d == 0 && c == allNullField) || r.nextDouble() < nullRate) {
                        continue;
                    }
                    values[c][i] = randomValue(fields.get(c).type, r, i);
                }
            }
            devices.add(new Device(
                    new String[] {"r" + (d % 2), "dev" + d, d % 3 == 1 ? null : "e" + d}, times, values));
        }
        return new Dataset("t", new String[] {"region", "dev", "extra"}, fields, devices);
    }

    private static Object randomValue(TsDataType type, Random r, int i) {
        switch (type) {
            case BOOLEAN:
                return r.nextInt(4) != 0;
            case INT32:
                return r.nextBoolean() ? r.nextInt(50) : r.nextInt();
            case DATE:
                return 20240101 + r.nextInt(27);
            case INT64:
                return r.nextBoolean() ? (long) i * 1000 + r.nextInt(10) : r.nextLong();
            case TIMESTAMP:
                return 1_700_000_000_000L + r.nextInt(5);
            case FLOAT:
                return (float) r.nextGaussian();
            case DOUBLE:
                return r.nextGaussian() * 1e6;
            case TEXT:
            case STRING:
                return ("s" + r.nextInt(1000) + (r.nextInt(10) == 0 ? "\u00e9\u4e2d" : ""))
                        .getBytes(StandardCharsets.UTF_8);
            case BLOB: {
                byte[] b = new byte[r.nextInt(6)];
                r.nextBytes(b);
                return b;
            }
            default:
                throw new AssertionError(type);
        }
    }

    static TSDataType theirs(TsDataType t) {
        return TSDataType.deserialize((byte) t.serialized());
    }

    /** Writes {@code ds} with tsfile 2.4.0: pages of at most {@code pagePoints} rows. */
    static void writeWithTsFile(Dataset ds, File file, int pagePoints, String timeEncoder) throws Exception {
        writeWithTsFile(ds, file, pagePoints, timeEncoder, 32 << 20, 500);
    }

    /** As above, flushing chunk groups at {@code memoryThreshold} bytes, with tablets of {@code tabletRows}. */
    static void writeWithTsFile(
            Dataset ds, File file, int pagePoints, String timeEncoder, long memoryThreshold, int tabletRows)
            throws Exception {
        TSFileConfig conf = TSFileDescriptor.getInstance().getConfig();
        int oldPoints = conf.getMaxNumberOfPointsInPage();
        String oldTime = conf.getTimeEncoder();
        conf.setMaxNumberOfPointsInPage(pagePoints);
        conf.setTimeEncoder(timeEncoder);
        try {
            List<IMeasurementSchema> schemas = new ArrayList<>();
            List<ColumnCategory> cats = new ArrayList<>();
            for (String tag : ds.tagNames) {
                schemas.add(
                        new MeasurementSchema(tag, TSDataType.STRING, TSEncoding.PLAIN, CompressionType.UNCOMPRESSED));
                cats.add(ColumnCategory.TAG);
            }
            for (Field f : ds.fields) {
                schemas.add(new MeasurementSchema(f.name, theirs(f.type), f.encoding, f.compression));
                cats.add(ColumnCategory.FIELD);
            }
            TableSchema schema = new TableSchema(ds.table, schemas, cats);
            List<String> names = new ArrayList<>();
            List<TSDataType> types = new ArrayList<>();
            for (IMeasurementSchema s : schemas) {
                names.add(s.getMeasurementName());
                types.add(s.getType());
            }
            int tagCount = ds.tagNames.length;
            try (ITsFileWriter w = new TsFileWriterBuilder()
                    .file(file)
                    .tableSchema(schema)
                    .memoryThreshold(memoryThreshold)
                    .build()) {
                int max = tabletRows;
                Tablet tab = new Tablet(ds.table, names, types, cats, max);
                for (Device dev : ds.devices) {
                    for (int start = 0; start < dev.times.length; start += max) {
                        tab.reset();
                        int n = Math.min(max, dev.times.length - start);
                        for (int row = 0; row < n; row++) {
                            int i = start + row;
                            tab.addTimestamp(row, dev.times[i]);
                            for (int k = 0; k < tagCount; k++) {
                                if (dev.tags[k] != null) {
                                    tab.addValue(row, k, dev.tags[k]);
                                }
                            }
                            for (int c = 0; c < ds.fields.size(); c++) {
                                Object v = dev.values[c][i];
                                if (v != null) {
                                    addValue(tab, row, tagCount + c, ds.fields.get(c).type, v);
                                }
                            }
                        }
                        tab.setRowSize(n);
                        w.write(tab);
                    }
                }
            }
        } finally {
            conf.setMaxNumberOfPointsInPage(oldPoints);
            conf.setTimeEncoder(oldTime);
        }
    }

    static void addValue(Tablet tab, int row, int col, TsDataType type, Object v) {
        switch (type) {
            case BOOLEAN:
                tab.addValue(row, col, (boolean) (Boolean) v);
                break;
            case INT32:
                tab.addValue(row, col, (int) (Integer) v);
                break;
            case DATE: {
                int d = (Integer) v;
                tab.addValue(row, col, LocalDate.of(d / 10000, d / 100 % 100, d % 100));
                break;
            }
            case INT64:
            case TIMESTAMP:
                tab.addValue(row, col, (long) (Long) v);
                break;
            case FLOAT:
                tab.addValue(row, col, (float) (Float) v);
                break;
            case DOUBLE:
                tab.addValue(row, col, (double) (Double) v);
                break;
            case TEXT:
            case STRING:
            case BLOB:
                tab.addValue(row, col, (byte[]) v);
                break;
            default:
                throw new AssertionError(type);
        }
    }

    /** Asserts that {@code col[row]} holds {@code expected} (null = null). */
    static void assertCell(Object expected, TsColumn col, int row, String where) {
        if (expected == null) {
            if (!col.isNull(row)) {
                throw new AssertionError(where + ": expected null");
            }
            return;
        }
        if (col.isNull(row)) {
            throw new AssertionError(where + ": unexpected null, expected " + show(expected));
        }
        Object got;
        switch (col.storageType()) {
            case BOOLEAN:
                got = col.booleans()[row];
                break;
            case INT32:
                got = col.ints()[row];
                break;
            case INT64:
                got = col.longs()[row];
                break;
            case FLOAT:
                got = col.floats()[row];
                break;
            case DOUBLE:
                got = col.doubles()[row];
                break;
            default:
                got = col.binaries().get(row);
                break;
        }
        boolean eq = expected instanceof byte[] ? Arrays.equals((byte[]) expected, (byte[]) got) : expected.equals(got);
        if (!eq) {
            throw new AssertionError(where + ": expected " + show(expected) + " got " + show(got));
        }
    }

    static String show(Object o) {
        return o instanceof byte[] ? Arrays.toString((byte[]) o) : String.valueOf(o);
    }
}
