package dev.colcodec.format.cli;

import static dev.colcodec.format.cli.CliFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.apache.tsfile.common.conf.TSFileConfig;
import org.apache.tsfile.common.conf.TSFileDescriptor;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.IDeviceID;
import org.apache.tsfile.file.metadata.enums.CompressionType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.apache.tsfile.write.TsFileWriter;
import org.apache.tsfile.write.record.TSRecord;
import org.apache.tsfile.write.schema.MeasurementSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** inspect and dump of a tree-model file tsfile 2.4.0 writes. */
class TsTreeCliTest {
    @TempDir
    Path tmp;

    private Path treeFile() throws Exception {
        return treeFile("TS_2DIFF");
    }

    /** The tree file, its non-aligned time stamps written with {@code timeEncoder} (tsfile's setting). */
    private Path treeFile(String timeEncoder) throws Exception {
        Path p = tmp.resolve("tree-" + timeEncoder + ".tsfile");
        TSFileConfig conf = TSFileDescriptor.getInstance().getConfig();
        String old = conf.getTimeEncoder();
        conf.setTimeEncoder(timeEncoder);
        try {
            writeTreeFile(p);
        } finally {
            conf.setTimeEncoder(old);
        }
        return p;
    }

    private static void writeTreeFile(Path p) throws Exception {
        IDeviceID d1 = IDeviceID.Factory.DEFAULT_FACTORY.create("root.sg.d1");
        IDeviceID d2 = IDeviceID.Factory.DEFAULT_FACTORY.create("root.sg.d2");
        try (TsFileWriter w = new TsFileWriter(p.toFile())) {
            w.registerTimeseries(
                    d1, new MeasurementSchema("s1", TSDataType.INT64, TSEncoding.TS_2DIFF, CompressionType.LZ4));
            w.registerTimeseries(
                    d1, new MeasurementSchema("s2", TSDataType.DOUBLE, TSEncoding.GORILLA, CompressionType.SNAPPY));
            w.registerAlignedTimeseries(
                    d2,
                    List.of(
                            new MeasurementSchema(
                                    "a", TSDataType.INT32, TSEncoding.PLAIN, CompressionType.UNCOMPRESSED),
                            new MeasurementSchema("b", TSDataType.TEXT, TSEncoding.PLAIN, CompressionType.LZ4)));
            long[] t1 = {1, 2, 3, 4};
            for (int i = 0; i < t1.length; i++) {
                TSRecord r = new TSRecord(d1, t1[i]);
                if (i < 3) {
                    r.addPoint("s1", 10L * (i + 1));
                }
                if (i % 2 == 1) {
                    r.addPoint("s2", 0.5 + i * 2);
                }
                w.writeRecord(r);
            }
            w.writeRecord(new TSRecord(d2, 10).addPoint("a", 7).addPoint("b", "x,y"));
            w.writeRecord(new TSRecord(d2, 20).addPoint("a", 8));
        }
    }

    @Test
    void inspectListsTreeDevicesWithTypesAndCodecs() throws Exception {
        CliFixtures.Result r = run("inspect", treeFile().toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("table root.sg:")
                .contains("  device root.sg.d1:")
                .contains("    s1: INT64 encoding=TS_2DIFF codec=LZ4_RAW count=3 time=[1,3]")
                .contains("    s2: DOUBLE encoding=GORILLA codec=SNAPPY count=2 time=[2,4]")
                .contains("  device root.sg.d2 (aligned):")
                .contains("    a: INT32 encoding=PLAIN codec=UNCOMPRESSED count=2")
                .contains("    b: TEXT encoding=PLAIN codec=LZ4_RAW count=1");
    }

    /** rewrite writes table-model files: it refuses tree-model devices rather than drop them. */
    @Test
    void rewriteRefusesTreeModelDevicesRatherThanDropThem() throws Exception {
        Path out = tmp.resolve("rewritten.tsfile");
        CliFixtures.Result r = run("rewrite", treeFile().toString(), out.toString());
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.errLines())
                .singleElement()
                .asString()
                .startsWith(
                        "colcodec: rewrite: the file holds tree-model devices, which rewrite cannot write: root.sg.");
        assertThat(out).doesNotExist();
    }

    @Test
    void dumpOfATreeDeviceMergesItsSeriesOnTime() throws Exception {
        Path f = treeFile();
        CliFixtures.Result r = run("dump", f.toString(), "--device", "root.sg.d1");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.outLines()).containsExactly("time,s1,s2", "1,10,", "2,20,2.5", "3,30,", "4,,6.5");
        CliFixtures.Result aligned = run("dump", f.toString(), "--device", "root.sg.d2", "--columns", "b,time");
        assertThat(aligned.outLines()).containsExactly("b,time", "\"x,y\",10", ",20");
        assertThat(run("dump", f.toString(), "--device", "root.sg.d1", "--limit", "1")
                        .outLines())
                .containsExactly("time,s1,s2", "1,10,");
    }

    /**
     * The file does not record the encoding of a non-aligned series' time stamps (tsfile writes them with
     * its configured time encoder, TS_2DIFF by default): another one is named with --time-encoding, and
     * read as TS_2DIFF the error says so.
     */
    @Test
    void dumpOfATreeDeviceWithAnotherTimeEncoding() throws Exception {
        Path f = treeFile("GORILLA");
        CliFixtures.Result r = run("dump", f.toString(), "--device", "root.sg.d1", "--time-encoding", "gorilla");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.outLines()).containsExactly("time,s1,s2", "1,10,", "2,20,2.5", "3,30,", "4,,6.5");
        CliFixtures.Result asTs2Diff = run("dump", f.toString(), "--device", "root.sg.d1");
        assertThat(asTs2Diff.status()).isEqualTo(1);
        assertThat(asTs2Diff.errLines()).hasSize(1);
        assertThat(asTs2Diff.err())
                .startsWith("colcodec: corrupt input at offset ")
                .contains("(time stamps of non-aligned series read as TS_2DIFF, tsfile's default; name another"
                        + " with --time-encoding)");
        // an aligned device records its time encoding: the option does not change it
        CliFixtures.Result aligned =
                run("dump", f.toString(), "--device", "root.sg.d2", "--time-encoding", "PLAIN", "--columns", "a");
        assertThat(aligned.outLines()).containsExactly("a", "7", "8");
        assertThat(run("dump", f.toString(), "--time-encoding", "PLAIN").err())
                .contains("--time-encoding applies to --device");
        assertThat(run("dump", f.toString(), "--device", "root.sg.d1", "--time-encoding", "DICTIONARY")
                        .err())
                .contains("time stamps cannot be DICTIONARY");
        assertThat(run("dump", f.toString(), "--device", "root.sg.d1", "--time-encoding", "NOPE")
                        .status())
                .isEqualTo(2);
    }

    /**
     * A series that repeats a time stamp (tsfile refuses to write one; here a damaged TS_2DIFF block turns
     * times 1, 2, 3 into 1, 1, 1) cannot be merged on time: one clear line, not an internal error.
     */
    @Test
    void dumpOfADeviceWithARepeatedTimeSaysWhich() throws Exception {
        Path p = tmp.resolve("repeated.tsfile");
        IDeviceID d = IDeviceID.Factory.DEFAULT_FACTORY.create("root.sg.d1");
        try (TsFileWriter w = new TsFileWriter(p.toFile())) {
            w.registerTimeseries(
                    d, new MeasurementSchema("s1", TSDataType.INT64, TSEncoding.PLAIN, CompressionType.UNCOMPRESSED));
            for (long t : new long[] {1, 2, 3}) {
                w.writeRecord(new TSRecord(d, t).addPoint("s1", t * 10));
            }
        }
        byte[] f = java.nio.file.Files.readAllBytes(p);
        // the time block: 2 deltas, width 0, minimum delta 1, first time 1 (big-endian)
        byte[] block = {0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1};
        int at = -1;
        for (int i = 0; i + block.length <= f.length && at < 0; i++) {
            if (java.util.Arrays.equals(f, i, i + block.length, block, 0, block.length)) {
                at = i;
            }
        }
        assertThat(at).isPositive();
        f[at + 15] = 0; // minimum delta 0
        java.nio.file.Files.write(p, f);
        CliFixtures.Result r = run("dump", p.toString(), "--device", "root.sg.d1");
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err().strip())
                .isEqualTo("colcodec: series s1 of device root.sg.d1 has time 1 after 1 (point 1):"
                        + " merging the series of a device needs increasing times in each");
    }

    @Test
    void dumpOfATreeFileNeedsADevice() throws Exception {
        Path f = treeFile();
        CliFixtures.Result r = run("dump", f.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("--device").contains("root.sg.d1").contains("root.sg.d2");
        CliFixtures.Result unknown = run("dump", f.toString(), "--device", "root.sg.d9");
        assertThat(unknown.status()).isEqualTo(2);
        assertThat(unknown.err()).contains("no tree-model device 'root.sg.d9'");
        assertThat(run("dump", f.toString(), "--device", "root.sg.d1", "--table", "t")
                        .status())
                .isEqualTo(2);
    }
}
