package dev.colcodec.format.tsfile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.colcodec.format.tsfile.TsFileFixtures.Field;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.tsfile.common.conf.TSFileConfig;
import org.apache.tsfile.common.conf.TSFileDescriptor;
import org.apache.tsfile.file.metadata.IChunkMetadata;
import org.apache.tsfile.file.metadata.IDeviceID;
import org.apache.tsfile.file.metadata.TimeseriesMetadata;
import org.apache.tsfile.file.metadata.enums.CompressionType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.apache.tsfile.read.TsFileSequenceReader;
import org.apache.tsfile.write.TsFileWriter;
import org.apache.tsfile.write.record.TSRecord;
import org.apache.tsfile.write.schema.MeasurementSchema;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Non-aligned (tree model) chunks written by tsfile 2.4.0's TsFileWriter. */
class TsNonAlignedChunkTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"TS_2DIFF", "PLAIN"})
    void readsNonAlignedChunks(String timeEncoder) throws Exception {
        check(timeEncoder, 400); // multi-page chunks: page statistics give the counts
        check(timeEncoder, 60); // single-page chunks: counts from the time stream
    }

    private void check(String timeEncoder, int n) throws Exception {
        List<Field> fields = List.of(
                new Field("b", TsDataType.BOOLEAN, TSEncoding.RLE, CompressionType.LZ4),
                new Field("i", TsDataType.INT32, TSEncoding.TS_2DIFF, CompressionType.SNAPPY),
                new Field("l", TsDataType.INT64, TSEncoding.PLAIN, CompressionType.UNCOMPRESSED),
                new Field("f", TsDataType.FLOAT, TSEncoding.PLAIN, CompressionType.GZIP),
                new Field("d", TsDataType.DOUBLE, TSEncoding.PLAIN, CompressionType.ZSTD),
                new Field("x", TsDataType.TEXT, TSEncoding.PLAIN, CompressionType.LZ4));
        Random r = new Random(8);
        long[] times = new long[n];
        Object[][] values = new Object[fields.size()][n];
        for (int i = 0; i < n; i++) {
            times[i] = 5000 + 3L * i + r.nextInt(2);
            for (int c = 0; c < fields.size(); c++) {
                if (r.nextInt(5) == 0) {
                    continue;
                }
                switch (fields.get(c).type) {
                    case BOOLEAN:
                        values[c][i] = r.nextBoolean();
                        break;
                    case INT32:
                        values[c][i] = r.nextInt(1000);
                        break;
                    case INT64:
                        values[c][i] = r.nextLong();
                        break;
                    case FLOAT:
                        values[c][i] = r.nextFloat();
                        break;
                    case DOUBLE:
                        values[c][i] = r.nextDouble();
                        break;
                    default:
                        values[c][i] = ("v" + r.nextInt(99)).getBytes(java.nio.charset.StandardCharsets.UTF_8);
                        break;
                }
            }
        }
        File f = dir.resolve("tree" + n + ".tsfile").toFile();
        TSFileConfig conf = TSFileDescriptor.getInstance().getConfig();
        int oldPoints = conf.getMaxNumberOfPointsInPage();
        String oldTime = conf.getTimeEncoder();
        conf.setMaxNumberOfPointsInPage(100);
        conf.setTimeEncoder(timeEncoder);
        IDeviceID device = IDeviceID.Factory.DEFAULT_FACTORY.create("root.sg.d1");
        try (TsFileWriter w = new TsFileWriter(f)) {
            for (Field fd : fields) {
                w.registerTimeseries(
                        device,
                        new MeasurementSchema(fd.name, TsFileFixtures.theirs(fd.type), fd.encoding, fd.compression));
            }
            for (int i = 0; i < n; i++) {
                TSRecord rec = new TSRecord(device, times[i]);
                for (int c = 0; c < fields.size(); c++) {
                    Object v = values[c][i];
                    String name = fields.get(c).name;
                    if (v instanceof Boolean) {
                        rec.addPoint(name, (boolean) (Boolean) v);
                    } else if (v instanceof Integer) {
                        rec.addPoint(name, (int) (Integer) v);
                    } else if (v instanceof Long) {
                        rec.addPoint(name, (long) (Long) v);
                    } else if (v instanceof Float) {
                        rec.addPoint(name, (float) (Float) v);
                    } else if (v instanceof Double) {
                        rec.addPoint(name, (double) (Double) v);
                    } else if (v instanceof byte[]) {
                        rec.addPoint(name, (byte[]) v);
                    }
                }
                w.writeRecord(rec);
            }
        } finally {
            conf.setMaxNumberOfPointsInPage(oldPoints);
            conf.setTimeEncoder(oldTime);
        }
        byte[] bytes = Files.readAllBytes(f.toPath());
        TsChunkReader reader = new TsChunkReader();
        TsEncoding te = TsEncoding.valueOf(timeEncoder);
        try (TsFileSequenceReader sr = new TsFileSequenceReader(f.getPath())) {
            for (Map.Entry<IDeviceID, List<TimeseriesMetadata>> e :
                    sr.getAllTimeseriesMetadata(true).entrySet()) {
                for (TimeseriesMetadata tm : e.getValue()) {
                    int c = -1;
                    for (int k = 0; k < fields.size(); k++) {
                        if (fields.get(k).name.equals(tm.getMeasurementId())) {
                            c = k;
                        }
                    }
                    Field fd = fields.get(c);
                    long[][] ranges = {{Long.MIN_VALUE, Long.MAX_VALUE}, {times[15], times[42]}, {times[7], times[7]}};
                    for (long[] range : ranges) {
                        TsBlock block = new TsBlock(new TsColumn(fd.name, fd.type));
                        for (IChunkMetadata cm : tm.getChunkMetadataList()) {
                            reader.readNonAligned(
                                    bytes,
                                    bytes.length,
                                    (int) cm.getOffsetOfChunkHeader(),
                                    te,
                                    range[0],
                                    range[1],
                                    block);
                        }
                        List<Integer> rows = new ArrayList<>();
                        for (int i = 0; i < n; i++) {
                            if (values[c][i] != null && times[i] >= range[0] && times[i] <= range[1]) {
                                rows.add(i);
                            }
                        }
                        assertEquals(rows.size(), block.size(), fd.name);
                        for (int k = 0; k < rows.size(); k++) {
                            int i = rows.get(k);
                            assertEquals(times[i], block.times()[k]);
                            TsFileFixtures.assertCell(values[c][i], block.column(0), k, fd.name + " row " + i);
                        }
                    }
                }
            }
        }
    }
}
