package dev.colcodec.format.tsfile;

import dev.colcodec.format.tsfile.TsFileFixtures.Field;
import dev.colcodec.tsfile.TsDataType;
import java.io.File;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apache.tsfile.common.conf.TSFileConfig;
import org.apache.tsfile.common.conf.TSFileDescriptor;
import org.apache.tsfile.file.metadata.IDeviceID;
import org.apache.tsfile.file.metadata.enums.CompressionType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.apache.tsfile.write.TsFileWriter;
import org.apache.tsfile.write.record.TSRecord;
import org.apache.tsfile.write.record.Tablet;
import org.apache.tsfile.write.schema.IMeasurementSchema;
import org.apache.tsfile.write.schema.MeasurementSchema;

/** Tree-model (device path) data sets and the files tsfile 2.4.0's tree API writes for them. */
final class TsTreeFixtures {
    private TsTreeFixtures() {}

    /** How a device is written: non-aligned from Tablets or TSRecords, or aligned from Tablets. */
    enum Kind {
        TABLET,
        RECORD,
        ALIGNED
    }

    /** A device: its path, how it is written, and its rows (values[field][row], null = no point). */
    record TreeDevice(String path, Kind kind, TsFileFixtures.Device data) {
        boolean aligned() {
            return kind == Kind.ALIGNED;
        }
    }

    record TreeData(List<Field> fields, List<TreeDevice> devices) {}

    /** Every data type, with more encodings than the table tests (GORILLA, DICTIONARY, ZIGZAG, CHIMP...). */
    static List<Field> fields() {
        List<Field> out = new ArrayList<>(TsFileFixtures.allTypes());
        out.add(new Field("g", TsDataType.DOUBLE, TSEncoding.GORILLA, CompressionType.LZ4));
        out.add(new Field("gf", TsDataType.FLOAT, TSEncoding.GORILLA, CompressionType.SNAPPY));
        out.add(new Field("dict", TsDataType.TEXT, TSEncoding.DICTIONARY, CompressionType.UNCOMPRESSED));
        out.add(new Field("zz", TsDataType.INT64, TSEncoding.ZIGZAG, CompressionType.LZ4));
        out.add(new Field("ch", TsDataType.INT32, TSEncoding.CHIMP, CompressionType.GZIP));
        out.add(new Field("sp", TsDataType.DOUBLE, TSEncoding.SPRINTZ, CompressionType.UNCOMPRESSED));
        out.add(new Field("rb", TsDataType.INT64, TSEncoding.RLBE, CompressionType.SNAPPY));
        return out;
    }

    /**
     * Devices at {@code paths} written as {@code kinds}, with {@code rows[k]} rows each and about {@code
     * nullRate} of the points missing; field 3 has no point at all in the first device.
     */
    static TreeData data(long seed, String[] paths, Kind[] kinds, int[] rows, double nullRate) {
        List<Field> fields = fields();
        TsFileFixtures.Dataset ds = TsFileFixtures.dataset(seed, fields, rows, nullRate, 3);
        List<TreeDevice> devices = new ArrayList<>();
        for (int d = 0; d < paths.length; d++) {
            devices.add(new TreeDevice(paths[d], kinds[d], ds.devices.get(d)));
        }
        return new TreeData(fields, devices);
    }

    /** The usual test file: three tables (path prefixes), aligned and non-aligned devices, one deep path. */
    static TreeData standard(long seed) {
        return data(
                seed,
                new String[] {"root.sg1.d1", "root.sg1.d2", "root.sg2.d3", "root.sg1.d4", "root.a.b.c.d5"},
                new Kind[] {Kind.TABLET, Kind.ALIGNED, Kind.RECORD, Kind.ALIGNED, Kind.TABLET},
                new int[] {700, 650, 260, 3, 90},
                0.2);
    }

    /**
     * Writes {@code t} with tsfile 2.4.0's tree-model {@code TsFileWriter}: pages of at most {@code
     * pagePoints} points, time stamps with {@code timeEncoder}, rows in batches of {@code batchRows} per
     * device, devices interleaved, the chunk groups flushed after every second round (so series have
     * several chunks).
     */
    static void write(TreeData t, File file, int pagePoints, String timeEncoder, int batchRows) throws Exception {
        TSFileConfig conf = TSFileDescriptor.getInstance().getConfig();
        int oldPoints = conf.getMaxNumberOfPointsInPage();
        String oldTime = conf.getTimeEncoder();
        conf.setMaxNumberOfPointsInPage(pagePoints);
        conf.setTimeEncoder(timeEncoder);
        try (TsFileWriter w = new TsFileWriter(file)) {
            List<IMeasurementSchema> schemas = new ArrayList<>();
            for (Field f : t.fields()) {
                schemas.add(new MeasurementSchema(f.name, TsFileFixtures.theirs(f.type), f.encoding, f.compression));
            }
            for (TreeDevice d : t.devices()) {
                IDeviceID id = IDeviceID.Factory.DEFAULT_FACTORY.create(d.path());
                if (d.aligned()) {
                    w.registerAlignedTimeseries(id, schemas);
                } else {
                    for (IMeasurementSchema s : schemas) {
                        w.registerTimeseries(id, s);
                    }
                }
            }
            int maxRows = 0;
            for (TreeDevice d : t.devices()) {
                maxRows = Math.max(maxRows, d.data().times.length);
            }
            int round = 0;
            for (int start = 0; start < maxRows; start += batchRows, round++) {
                for (TreeDevice d : t.devices()) {
                    int n = Math.min(batchRows, d.data().times.length - start);
                    if (n > 0) {
                        writeRows(w, t.fields(), schemas, d, start, n);
                    }
                }
                if (round % 2 == 1) {
                    w.flush();
                }
            }
        } finally {
            conf.setMaxNumberOfPointsInPage(oldPoints);
            conf.setTimeEncoder(oldTime);
        }
    }

    private static void writeRows(
            TsFileWriter w, List<Field> fields, List<IMeasurementSchema> schemas, TreeDevice d, int start, int n)
            throws Exception {
        TsFileFixtures.Device data = d.data();
        if (d.kind() == Kind.RECORD) {
            for (int i = start; i < start + n; i++) {
                TSRecord rec = new TSRecord(d.path(), data.times[i]);
                for (int c = 0; c < fields.size(); c++) {
                    Object v = data.values[c][i];
                    if (v != null) {
                        addPoint(rec, fields.get(c), v);
                    }
                }
                w.writeRecord(rec);
            }
            return;
        }
        Tablet tab = new Tablet(d.path(), schemas, n);
        for (int row = 0; row < n; row++) {
            int i = start + row;
            tab.addTimestamp(row, data.times[i]);
            for (int c = 0; c < fields.size(); c++) {
                Object v = data.values[c][i];
                if (v != null) {
                    TsFileFixtures.addValue(tab, row, c, fields.get(c).type, v);
                }
            }
        }
        tab.setRowSize(n);
        if (d.aligned()) {
            w.writeAligned(tab);
        } else {
            w.writeTree(tab);
        }
    }

    private static void addPoint(TSRecord rec, Field f, Object v) {
        switch (f.type) {
            case BOOLEAN:
                rec.addPoint(f.name, (boolean) (Boolean) v);
                break;
            case INT32:
                rec.addPoint(f.name, (int) (Integer) v);
                break;
            case DATE: {
                int d = (Integer) v;
                rec.addPoint(f.name, LocalDate.of(d / 10000, d / 100 % 100, d % 100));
                break;
            }
            case INT64:
            case TIMESTAMP:
                rec.addPoint(f.name, (long) (Long) v);
                break;
            case FLOAT:
                rec.addPoint(f.name, (float) (Float) v);
                break;
            case DOUBLE:
                rec.addPoint(f.name, (double) (Double) v);
                break;
            default:
                rec.addPoint(f.name, (byte[]) v);
                break;
        }
    }
}
