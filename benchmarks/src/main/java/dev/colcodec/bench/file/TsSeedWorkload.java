package dev.colcodec.bench.file;

import dev.colcodec.bench.BenchSupport;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.io.NewFile;
import dev.colcodec.format.tsfile.TsBlock;
import dev.colcodec.format.tsfile.TsFileReader;
import dev.colcodec.format.tsfile.TsFileWriter;
import dev.colcodec.format.tsfile.TsScan;
import dev.colcodec.format.tsfile.TsTableSchema;
import dev.colcodec.format.tsfile.TsTablet;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import org.apache.tsfile.common.conf.TSFileConfig;
import org.apache.tsfile.enums.ColumnCategory;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.exception.write.WriteProcessException;
import org.apache.tsfile.file.metadata.IDeviceID;
import org.apache.tsfile.file.metadata.TableSchema;
import org.apache.tsfile.file.metadata.enums.CompressionType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;
import org.apache.tsfile.read.query.dataset.ResultSet;
import org.apache.tsfile.read.v4.ITsFileReader;
import org.apache.tsfile.read.v4.TsFileReaderBuilder;
import org.apache.tsfile.utils.Binary;
import org.apache.tsfile.utils.BitMap;
import org.apache.tsfile.write.record.Tablet;
import org.apache.tsfile.write.schema.IMeasurementSchema;
import org.apache.tsfile.write.schema.MeasurementSchema;
import org.apache.tsfile.write.schema.Schema;

/**
 * The TsFile seed workload: one device of table {@value #TABLE} (one STRING tag {@value #TAG} = {@value
 * #DEVICE}), {@code fields} INT64 FIELD columns {@code s0, s1, ...} of xorshift64 values, timestamps
 * 1.7e12 + row, written in tablets of {@value #TABLET_ROWS} rows. The value columns are TS_2DIFF with LZ4
 * ({@code TS_2DIFF_LZ4}) or PLAIN uncompressed ({@code PLAIN_UNCOMPRESSED}); the time column keeps both
 * libraries' default (TS_2DIFF, LZ4). Both libraries write and read the same rows; reads consume every
 * time stamp and value.
 */
public final class TsSeedWorkload {
    public static final String TABLE = "seed";
    public static final String TAG = "device";
    public static final String DEVICE = "d0";
    public static final int TABLET_ROWS = 65_536;
    public static final long FIRST_TIME = 1_700_000_000_000L;

    final int rows;
    final int fields;
    final String encoding;
    /** Per tablet: the time stamps, and per field the values. */
    final long[][] tabletTimes;

    final long[][][] tabletValues;
    final List<String> fieldNames = new ArrayList<>();

    private TsSeedWorkload(int rows, int fields, String encoding) {
        this.rows = rows;
        this.fields = fields;
        this.encoding = encoding;
        encodingOf(encoding);
        for (int c = 0; c < fields; c++) {
            fieldNames.add("s" + c);
        }
        int tablets = (rows + TABLET_ROWS - 1) / TABLET_ROWS;
        tabletTimes = new long[tablets][];
        tabletValues = new long[tablets][fields][];
        BenchSupport.XorShift rnd = new BenchSupport.XorShift(0x5EEDL);
        for (int k = 0; k < tablets; k++) {
            int from = k * TABLET_ROWS;
            int n = Math.min(TABLET_ROWS, rows - from);
            long[] t = new long[n];
            for (int i = 0; i < n; i++) {
                t[i] = FIRST_TIME + from + i;
            }
            tabletTimes[k] = t;
            for (int c = 0; c < fields; c++) {
                tabletValues[k][c] = new long[n];
            }
            for (int i = 0; i < n; i++) {
                for (int c = 0; c < fields; c++) {
                    tabletValues[k][c][i] = rnd.next();
                }
            }
        }
    }

    /** {@code rows} rows of {@code fields} INT64 columns, encoded as {@code TS_2DIFF_LZ4} or {@code PLAIN_UNCOMPRESSED}. */
    public static TsSeedWorkload generate(int rows, int fields, String encoding) {
        return new TsSeedWorkload(rows, fields, encoding);
    }

    public List<String> fieldNames() {
        return fieldNames;
    }

    private static TsEncoding encodingOf(String encoding) {
        switch (encoding) {
            case "TS_2DIFF_LZ4":
                return TsEncoding.TS_2DIFF;
            case "PLAIN_UNCOMPRESSED":
                return TsEncoding.PLAIN;
            default:
                throw new IllegalArgumentException("encoding must be TS_2DIFF_LZ4 or PLAIN_UNCOMPRESSED: " + encoding);
        }
    }

    private Compression compression() {
        return encoding.equals("TS_2DIFF_LZ4") ? Compression.LZ4_RAW : Compression.UNCOMPRESSED;
    }

    /** The time range of the middle 1% of the rows (at least one row): {minTime, maxTime}, inclusive. */
    public long[] onePercentRange() {
        long count = Math.max(1, rows / 100);
        long first = FIRST_TIME + (rows - count) / 2;
        return new long[] {first, first + count - 1};
    }

    /** What a read consumed: rows, the sum of their time stamps, the sum of their values. */
    public record ReadResult(long rows, long timeSum, long valueSum) {}

    /** The expected result of reading the rows with time in {@code [minTime, maxTime]}. */
    public ReadResult expected(long minTime, long maxTime) {
        long n = 0;
        long times = 0;
        long values = 0;
        for (int k = 0; k < tabletTimes.length; k++) {
            long[] t = tabletTimes[k];
            for (int i = 0; i < t.length; i++) {
                if (t[i] >= minTime && t[i] <= maxTime) {
                    n++;
                    times += t[i];
                    for (int c = 0; c < fields; c++) {
                        values += tabletValues[k][c][i];
                    }
                }
            }
        }
        return new ReadResult(n, times, values);
    }

    // ---- colcodec -------------------------------------------------------------------------------

    TsTableSchema colcodecSchema() {
        List<TsTableSchema.Column> cols = new ArrayList<>();
        cols.add(new TsTableSchema.Column(
                TAG, TsDataType.STRING, TsEncoding.PLAIN, Compression.UNCOMPRESSED, TsTableSchema.Category.TAG));
        for (String f : fieldNames) {
            cols.add(new TsTableSchema.Column(
                    f, TsDataType.INT64, encodingOf(encoding), compression(), TsTableSchema.Category.FIELD));
        }
        return new TsTableSchema(TABLE, cols);
    }

    /**
     * Writes the rows with colcodec (value columns encoded in parallel on {@code pool}, null: one thread);
     * with {@code sync} the file is forced to the storage device when it is closed, as tsfile's writer
     * always does unless told otherwise ({@link #writeTsFile}): both pay the same file-system work.
     */
    public long writeColcodec(Path file, ForkJoinPool pool, boolean sync) throws IOException {
        TsTableSchema schema = colcodecSchema();
        Files.deleteIfExists(file); // as writeTsFile does
        try (TsFileWriter w = TsFileWriter.create(
                file, List.of(schema), new TsFileWriter.Options().pool(pool).syncOnClose(sync))) {
            TsTablet tablet = new TsTablet(schema);
            for (int k = 0; k < tabletTimes.length; k++) {
                tablet.device(DEVICE).times(tabletTimes[k], tabletTimes[k].length);
                for (int c = 0; c < fields; c++) {
                    tablet.longs(fieldNames.get(c), tabletValues[k][c], null);
                }
                w.write(tablet);
            }
        }
        return Files.size(file);
    }

    // ---- the memcpy baseline: the file's bytes moved with no encoding or decoding ----------------------

    /** The sum of every time stamp and value of the rows (wrapping): one read of a writer's input. */
    public long sumInput() {
        long sum = 0;
        for (int k = 0; k < tabletTimes.length; k++) {
            for (long t : tabletTimes[k]) {
                sum += t;
            }
            for (long[] column : tabletValues[k]) {
                for (long v : column) {
                    sum += v;
                }
            }
        }
        return sum;
    }

    /**
     * Writes {@code bytes} (a file colcodec wrote) into a new file through the stream colcodec's writers
     * use ({@link NewFile}: 256 KiB blocks at aligned offsets), forced to the storage device when closed
     * with {@code sync} as the writers above are: what the file alone costs a write.
     */
    public static long writeBytes(Path file, byte[] bytes, boolean sync) throws IOException {
        Files.deleteIfExists(file); // as the writers above do
        try (OutputStream out = NewFile.create(file, sync, os -> os)) {
            out.write(bytes);
        }
        return bytes.length;
    }

    /**
     * Maps {@code file} and sums its bytes {@code [from, from + len)} as little-endian longs ({@code len}
     * rounded down to whole longs): what reading those bytes once costs. The result holds the longs
     * summed as its rows and their sum as its value sum.
     */
    public static ReadResult sumMapped(Path file, long from, long len) throws IOException {
        try (FileChannel ch = FileChannel.open(file)) {
            MappedByteBuffer m = ch.map(FileChannel.MapMode.READ_ONLY, from, len);
            m.order(ByteOrder.LITTLE_ENDIAN);
            int n = (int) (len >>> 3);
            long sum = 0;
            for (int i = 0; i < n; i++) {
                sum += m.getLong(i << 3);
            }
            return new ReadResult(n, 0, sum);
        }
    }

    /** Rows per block of the colcodec scan: small enough that a block is consumed while in the cache. */
    public static final int SCAN_BLOCK_ROWS = Integer.getInteger("colcodec.bench.scanRows", 16_384);

    /**
     * Reads the rows with time in {@code [minTime, maxTime]} with colcodec's streaming scan (positional
     * reads of the chunks the range needs; blocks of up to {@link #SCAN_BLOCK_ROWS} rows refilled in place,
     * as a query engine consumes them); with a {@code pool} (null: this thread only) the next block is
     * decoded on it while this thread sums the current one, this thread joining the decoding when done.
     */
    public ReadResult readColcodec(Path file, long minTime, long maxTime, ForkJoinPool pool) throws IOException {
        try (TsFileReader r = TsFileReader.open(file);
                TsScan scan = r.scan(TABLE, fieldNames, minTime, maxTime, pool, SCAN_BLOCK_ROWS)) {
            return sum(scan);
        }
    }

    /** Every time stamp and value of {@code scan}'s rows, summed. */
    private static ReadResult sum(TsScan scan) {
        long n = 0;
        long times = 0;
        long values = 0;
        for (TsBlock b = scan.next(); b != null; b = scan.next()) {
            int size = b.size();
            n += size;
            long[] t = b.times();
            for (int i = 0; i < size; i++) {
                times += t[i];
            }
            for (int c = 0; c < b.columnCount(); c++) {
                long[] v = b.column(c).longs();
                for (int i = 0; i < size; i++) {
                    values += v[i];
                }
            }
        }
        return new ReadResult(n, times, values);
    }

    /**
     * As {@link #readColcodec}, in {@code parts} parts ({@link TsFileReader#scanPart}): part 0 on the calling
     * thread, the others as tasks of {@code pool} (which must be given when {@code parts > 1}), each part's
     * rows decoded and summed on the thread that reads it; the sums are added at the end.
     */
    public ReadResult readColcodecParts(Path file, long minTime, long maxTime, ForkJoinPool pool, int parts)
            throws IOException {
        try (TsFileReader r = TsFileReader.open(file)) {
            List<ForkJoinTask<ReadResult>> others = new ArrayList<>();
            for (int p = 1; p < parts; p++) {
                int part = p;
                others.add(pool.submit(() -> readPart(r, minTime, maxTime, part, parts)));
            }
            ReadResult sum = readPart(r, minTime, maxTime, 0, parts);
            for (ForkJoinTask<ReadResult> t : others) {
                ReadResult o = t.join();
                sum = new ReadResult(sum.rows() + o.rows(), sum.timeSum() + o.timeSum(), sum.valueSum() + o.valueSum());
            }
            return sum;
        }
    }

    private ReadResult readPart(TsFileReader r, long minTime, long maxTime, int part, int parts) {
        try (TsScan scan = r.scanPart(TABLE, fieldNames, minTime, maxTime, null, part, parts, SCAN_BLOCK_ROWS)) {
            return sum(scan);
        }
    }

    // ---- tsfile 2.4.0 ---------------------------------------------------------------------------

    private List<IMeasurementSchema> tsfileColumns() {
        List<IMeasurementSchema> schemas = new ArrayList<>();
        schemas.add(new MeasurementSchema(TAG, TSDataType.STRING, TSEncoding.PLAIN, CompressionType.UNCOMPRESSED));
        TSEncoding enc = encoding.equals("TS_2DIFF_LZ4") ? TSEncoding.TS_2DIFF : TSEncoding.PLAIN;
        CompressionType comp = encoding.equals("TS_2DIFF_LZ4") ? CompressionType.LZ4 : CompressionType.UNCOMPRESSED;
        for (String f : fieldNames) {
            schemas.add(new MeasurementSchema(f, TSDataType.INT64, enc, comp));
        }
        return schemas;
    }

    private List<ColumnCategory> tsfileCategories() {
        List<ColumnCategory> cats = new ArrayList<>();
        cats.add(ColumnCategory.TAG);
        for (int c = 0; c < fields; c++) {
            cats.add(ColumnCategory.FIELD);
        }
        return cats;
    }

    /**
     * Writes the rows with tsfile 2.4.0's table-model writer: one {@code Tablet} per 65,536 rows, built on
     * the workload's column arrays (no per-value copy), handed over with its device and row range ({@code
     * writeTable(Tablet, deviceIdIndex)}) as colcodec is handed one device per tablet; the table-model
     * {@code ITsFileWriter} would instead work out each row's device from its tag values (up to a fifth of
     * its write in session 36's runs, with the file forced: 0.523 against 0.640 writes/s for 4 fields;
     * within the runs' errors for 8 and 16). Chunk groups are flushed at the table-model writer's default memory
     * threshold (32 MiB). Its {@code close} forces the file to the storage device ({@code
     * TsFileIOWriter.endFile} calls the output's {@code force}), which colcodec's writes above are told to
     * do as well with {@code sync}; without it, the output's {@code force} does nothing, and neither
     * library waits for the device.
     */
    public long writeTsFile(Path file, boolean sync) throws IOException {
        Files.deleteIfExists(file);
        List<IMeasurementSchema> columns = tsfileColumns();
        List<ColumnCategory> categories = tsfileCategories();
        TableSchema schema = new TableSchema(TABLE, columns, categories);
        Binary device = new Binary(DEVICE, StandardCharsets.UTF_8);
        List<org.apache.tsfile.utils.Pair<IDeviceID, Integer>> devices = new ArrayList<>(1);
        devices.add(null);
        IDeviceID deviceId = IDeviceID.Factory.DEFAULT_FACTORY.create(new String[] {TABLE, DEVICE});
        TSFileConfig config = new TSFileConfig();
        config.setGroupSizeInByte(TSFILE_MEMORY_THRESHOLD);
        java.io.FileOutputStream stream = new java.io.FileOutputStream(file.toFile());
        org.apache.tsfile.write.writer.LocalTsFileOutput output =
                new org.apache.tsfile.write.writer.LocalTsFileOutput(stream) {
                    @Override
                    public void force() throws IOException {
                        if (sync) {
                            super.force();
                        }
                    }
                };
        // the constructor that takes a configuration is protected: an anonymous subclass reaches it
        try (org.apache.tsfile.write.TsFileWriter w = new org.apache.tsfile.write.TsFileWriter(
                new org.apache.tsfile.write.writer.TsFileIOWriter(output), new Schema(), config) {}) {
            w.registerTableSchema(schema);
            for (int k = 0; k < tabletTimes.length; k++) {
                int n = tabletTimes[k].length;
                Object[] values = new Object[fields + 1];
                Binary[] tags = new Binary[n];
                java.util.Arrays.fill(tags, device);
                values[0] = tags;
                System.arraycopy(tabletValues[k], 0, values, 1, fields);
                Tablet tablet =
                        new Tablet(TABLE, columns, categories, tabletTimes[k], values, new BitMap[fields + 1], n);
                devices.set(0, new org.apache.tsfile.utils.Pair<>(deviceId, n));
                w.writeTable(tablet, devices);
            }
        } catch (WriteProcessException e) {
            throw new IOException(e);
        }
        return Files.size(file);
    }

    /** The memory threshold of tsfile 2.4.0's {@code TsFileWriterBuilder} (32 MiB), at which it flushes chunk groups. */
    static final int TSFILE_MEMORY_THRESHOLD = 32 << 20;

    /** Reads the rows with time in {@code [minTime, maxTime]} with tsfile 2.4.0's query API, {@code getLong} per value. */
    public ReadResult readTsFile(Path file, long minTime, long maxTime) throws IOException {
        long n = 0;
        long times = 0;
        long values = 0;
        int last = fields + 1;
        try (ITsFileReader r = new TsFileReaderBuilder().file(file.toFile()).build();
                ResultSet rs = r.query(TABLE, fieldNames, minTime, maxTime)) {
            while (rs.next()) {
                n++;
                times += rs.getLong(1);
                for (int col = 2; col <= last; col++) {
                    values += rs.getLong(col);
                }
            }
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e);
        }
        return new ReadResult(n, times, values);
    }
}
