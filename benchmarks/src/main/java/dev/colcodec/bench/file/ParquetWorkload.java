package dev.colcodec.bench.file;

import dev.colcodec.bench.BenchSupport;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.parquet.ColumnBatch;
import dev.colcodec.format.parquet.ColumnChunkReader;
import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileReader;
import dev.colcodec.format.parquet.ParquetFileWriter;
import dev.colcodec.format.parquet.ParquetLogicalType;
import dev.colcodec.format.parquet.ParquetWriteOptions;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.values.BinaryBatch;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * The logical data of the Parquet whole-file benchmarks and both libraries' ways to write and read it:
 * {@code columns} REQUIRED INT64 columns {@code c0, c1, ...} and one REQUIRED STRING column {@code s},
 * {@code rows} rows. {@code random} data is xorshift64 longs and strings drawn at random from a pool of
 * {@value #STRING_POOL} distinct strings; {@code sorted} data is ascending longs (small random steps from
 * 1.7e12) and the pool's strings in order, each repeated for a run of rows.
 *
 * <p>Both writers get the same settings: V1 pages (V2 for DELTA), 1 MiB pages, 20,000 rows per page,
 * 128 MiB row groups, page CRCs written (both defaults), and the encoding: PLAIN (no dictionary),
 * DICTIONARY (dictionary, falling back to PLAIN past 1 MiB) or DELTA (DELTA_BINARY_PACKED longs and
 * DELTA_BYTE_ARRAY strings, which is what parquet-java's V2 writer picks without a dictionary). Readers
 * consume every value (sum of the longs, sum of the string lengths) and verify no page CRC (parquet-java's
 * default).
 */
public final class ParquetWorkload {
    /** Distinct strings in the STRING column. */
    public static final int STRING_POOL = 1000;
    /** Entries per decoded batch in colcodec's reads. */
    static final int BATCH = 65_536;

    final int rows;
    final int columns;
    final long[][] longs;
    final int[] stringIds;
    final byte[][] pool;
    private final Binary[] binaryPool;
    private BinaryBatch stringColumn;

    private ParquetWorkload(int rows, int columns, long[][] longs, int[] stringIds, byte[][] pool) {
        this.rows = rows;
        this.columns = columns;
        this.longs = longs;
        this.stringIds = stringIds;
        this.pool = pool;
        binaryPool = new Binary[pool.length];
        for (int i = 0; i < pool.length; i++) {
            binaryPool[i] = Binary.fromConstantByteArray(pool[i]);
        }
    }

    /** {@code rows} rows of {@code columns} INT64 columns plus the STRING column; data "random" or "sorted". */
    public static ParquetWorkload generate(int rows, int columns, String data) {
        boolean sorted;
        switch (data) {
            case "random":
                sorted = false;
                break;
            case "sorted":
                sorted = true;
                break;
            default:
                throw new IllegalArgumentException("data must be random or sorted: " + data);
        }
        BenchSupport.XorShift rnd = new BenchSupport.XorShift(0x5EED_F11EL + columns);
        long[][] longs = new long[columns][rows];
        for (int c = 0; c < columns; c++) {
            long[] col = longs[c];
            long v = 1_700_000_000_000L + c;
            for (int r = 0; r < rows; r++) {
                if (sorted) {
                    v += rnd.next() & 1023;
                    col[r] = v;
                } else {
                    col[r] = rnd.next();
                }
            }
        }
        byte[][] pool = new byte[STRING_POOL][];
        for (int i = 0; i < STRING_POOL; i++) {
            // 8 to 19 bytes: a fixed prefix and a 1 to 12 digit hex tail, sorted by i
            String tail = Long.toHexString(rnd.next() & ((1L << (4 * (1 + (i % 12)))) - 1));
            pool[i] = String.format("s%05d-%s", i, tail).getBytes(StandardCharsets.UTF_8);
        }
        int[] ids = new int[rows];
        for (int r = 0; r < rows; r++) {
            ids[r] = sorted
                    ? (int) ((long) r * STRING_POOL / rows)
                    : (int) Long.remainderUnsigned(rnd.next(), STRING_POOL);
        }
        return new ParquetWorkload(rows, columns, longs, ids, pool);
    }

    public int rows() {
        return rows;
    }

    /** The expected result of reading the whole file. */
    public ReadResult expected() {
        long sum = 0;
        for (long[] col : longs) {
            for (long v : col) {
                sum += v;
            }
        }
        long bytes = 0;
        for (int id : stringIds) {
            bytes += pool[id].length;
        }
        return new ReadResult((long) rows * (columns + 1), sum, bytes);
    }

    /** What a whole-file read consumed: values read, the sum of the INT64 values, the total string bytes. */
    public record ReadResult(long values, long longSum, long stringBytes) {}

    private static String longName(int c) {
        return "c" + c;
    }

    // ---- colcodec -------------------------------------------------------------------------------

    private BinaryBatch stringColumn() {
        if (stringColumn == null) {
            long bytes = 0;
            for (int id : stringIds) {
                bytes += pool[id].length;
            }
            BinaryBatch b = new BinaryBatch(rows, (int) bytes);
            for (int id : stringIds) {
                b.append(pool[id], 0, pool[id].length);
            }
            stringColumn = b;
        }
        return stringColumn;
    }

    /** Writes the data to {@code file} with colcodec; {@code pool} null: one thread. Returns the file size. */
    public long writeColcodec(Path file, String encoding, String codec, ForkJoinPool pool) throws IOException {
        List<ParquetColumn> schema = new ArrayList<>();
        Object[] values = new Object[columns + 1];
        ParquetWriteOptions options = ParquetWriteOptions.defaults()
                .withCompression(Compression.valueOf(codec))
                .withPool(pool);
        for (int c = 0; c < columns; c++) {
            schema.add(ParquetColumn.flat(longName(c), PhysicalType.INT64, 0, false));
            values[c] = longs[c];
        }
        schema.add(ParquetColumn.flat("s", PhysicalType.BYTE_ARRAY, 0, false)
                .withLogicalType(ParquetLogicalType.string()));
        values[columns] = stringColumn();
        switch (encoding) {
            case "PLAIN":
                options = options.withDictionary(false);
                break;
            case "DICTIONARY":
                break;
            case "DELTA":
                options = options.withPageVersion(ParquetWriteOptions.PageVersion.V2);
                for (int c = 0; c < columns; c++) {
                    options = options.withEncoding(longName(c), ParquetEncoding.DELTA_BINARY_PACKED);
                }
                options = options.withEncoding("s", ParquetEncoding.DELTA_BYTE_ARRAY);
                break;
            default:
                throw new IllegalArgumentException("encoding must be PLAIN, DICTIONARY or DELTA: " + encoding);
        }
        try (ParquetFileWriter w = ParquetFileWriter.create(file, schema, options)) {
            w.write(values, null, rows);
        }
        return Files.size(file);
    }

    /**
     * Reads every column of {@code file} with colcodec, row group by row group and column by column, each
     * column's batches decoded into one reused {@link ColumnBatch} and consumed at once; on {@code pool}
     * the columns of a row group are decoded in parallel (null: on the calling thread).
     */
    public static ReadResult readColcodec(Path file, ForkJoinPool pool) throws IOException {
        long[] total = new long[3];
        try (ParquetFileReader r = ParquetFileReader.open(file).verifyCrc(false)) {
            int columns = r.columns().size();
            for (int g = 0; g < r.rowGroupCount(); g++) {
                if (pool == null) {
                    byte[] buffer = null; // every chunk is read through one buffer
                    for (int c = 0; c < columns; c++) {
                        ColumnChunkReader cr = r.readColumn(g, c, buffer);
                        add(total, consume(cr));
                        buffer = cr.buffer(); // after the read: a mapped chunk's window may have grown
                    }
                    continue;
                }
                List<ColumnChunkReader> readers = new ArrayList<>(columns);
                for (int c = 0; c < columns; c++) {
                    readers.add(r.readColumn(g, c));
                }
                List<ForkJoinTask<long[]>> tasks = new ArrayList<>(columns);
                for (ColumnChunkReader cr : readers) {
                    tasks.add(pool.submit(() -> consume(cr)));
                }
                for (ForkJoinTask<long[]> t : tasks) {
                    add(total, t.join());
                }
            }
        }
        return new ReadResult(total[0], total[1], total[2]);
    }

    private static void add(long[] total, long[] part) {
        for (int i = 0; i < total.length; i++) {
            total[i] += part[i];
        }
    }

    /**
     * Decodes a whole chunk batch by batch into one reused batch: {values, sum of longs, string bytes}.
     * Dictionary-encoded strings are read as dictionary ids and their lengths looked up in the dictionary,
     * as an engine keeps a dictionary block, and PLAIN strings as views into their page (parquet-java's
     * {@code getBinary} likewise returns the dictionary's entry, or a slice of the page, without copying
     * it).
     */
    private static long[] consume(ColumnChunkReader r) {
        ColumnBatch b = new ColumnBatch(r.column(), BATCH);
        // strings as parquet-java's getBinary gives them: dictionary entries and PLAIN values uncopied
        r.keepDictionaryIds(b.binaries() != null);
        r.keepBinaryViews(b.binaries() != null);
        long values = 0;
        long sum = 0;
        long bytes = 0;
        int n;
        while ((n = r.readBatch(b, BATCH)) > 0) {
            values += n;
            if (b.longs() != null) {
                long[] v = b.longs();
                for (int i = 0; i < n; i++) {
                    sum += v[i];
                }
            } else if (b.dictionary() != null) {
                BinaryBatch d = b.dictionary().binaries();
                int[] ids = b.dictionaryIds();
                for (int i = 0; i < n; i++) {
                    bytes += d.length(ids[i]);
                }
            } else if (b.viewArray() != null) {
                int[] lengths = b.viewLengths();
                for (int i = 0; i < n; i++) {
                    bytes += lengths[i];
                }
            } else {
                BinaryBatch s = b.binaries();
                for (int i = 0; i < n; i++) {
                    bytes += s.length(i);
                }
            }
        }
        return new long[] {values, sum, bytes};
    }

    // ---- parquet-java ---------------------------------------------------------------------------

    MessageType parquetJavaSchema() {
        Types.MessageTypeBuilder b = Types.buildMessage();
        for (int c = 0; c < columns; c++) {
            b.required(PrimitiveTypeName.INT64).named(longName(c));
        }
        b.required(PrimitiveTypeName.BINARY)
                .as(LogicalTypeAnnotation.stringType())
                .named("s");
        return b.named("bench");
    }

    /** Writes the data to {@code file} with parquet-java (one thread). Returns the file size. */
    public long writeParquetJava(Path file, String encoding, String codec) throws IOException {
        boolean dictionary;
        ParquetProperties.WriterVersion version;
        switch (encoding) {
            case "PLAIN":
                dictionary = false;
                version = ParquetProperties.WriterVersion.PARQUET_1_0;
                break;
            case "DICTIONARY":
                dictionary = true;
                version = ParquetProperties.WriterVersion.PARQUET_1_0;
                break;
            case "DELTA":
                dictionary = false;
                version = ParquetProperties.WriterVersion.PARQUET_2_0;
                break;
            default:
                throw new IllegalArgumentException("encoding must be PLAIN, DICTIONARY or DELTA: " + encoding);
        }
        RowCursor row = new RowCursor();
        try (ParquetWriter<RowCursor> w = new RowWriterBuilder(new LocalOutputFile(file), this)
                .withConf(new PlainParquetConfiguration())
                .withWriteMode(org.apache.parquet.hadoop.ParquetFileWriter.Mode.OVERWRITE)
                .withCompressionCodec(CompressionCodecName.valueOf(codec))
                .withDictionaryEncoding(dictionary)
                .withWriterVersion(version)
                .build()) {
            for (int r = 0; r < rows; r++) {
                row.index = r;
                w.write(row);
            }
        }
        return Files.size(file);
    }

    /** The row parquet-java's writer is handed: an index into the workload's arrays (one object, reused). */
    static final class RowCursor {
        int index;
    }

    /** Feeds one row's values to parquet-java's record consumer, straight from the arrays. */
    private static final class RowWriteSupport extends WriteSupport<RowCursor> {
        private final ParquetWorkload data;
        private final MessageType schema;
        private final String[] names;
        private RecordConsumer consumer;

        RowWriteSupport(ParquetWorkload data) {
            this.data = data;
            this.schema = data.parquetJavaSchema();
            names = new String[data.columns];
            for (int c = 0; c < names.length; c++) {
                names[c] = longName(c);
            }
        }

        @Override
        public WriteContext init(ParquetConfiguration configuration) {
            return new WriteContext(schema, new HashMap<>());
        }

        @Override
        @SuppressWarnings("deprecation")
        public WriteContext init(org.apache.hadoop.conf.Configuration configuration) {
            return new WriteContext(schema, new HashMap<>());
        }

        @Override
        public void prepareForWrite(RecordConsumer recordConsumer) {
            consumer = recordConsumer;
        }

        @Override
        public void write(RowCursor row) {
            int r = row.index;
            RecordConsumer rc = consumer;
            rc.startMessage();
            for (int c = 0; c < names.length; c++) {
                rc.startField(names[c], c);
                rc.addLong(data.longs[c][r]);
                rc.endField(names[c], c);
            }
            rc.startField("s", names.length);
            rc.addBinary(data.binaryPool[data.stringIds[r]]);
            rc.endField("s", names.length);
            rc.endMessage();
        }
    }

    private static final class RowWriterBuilder extends ParquetWriter.Builder<RowCursor, RowWriterBuilder> {
        private final ParquetWorkload data;

        RowWriterBuilder(OutputFile file, ParquetWorkload data) {
            super(file);
            this.data = data;
        }

        @Override
        protected RowWriterBuilder self() {
            return this;
        }

        @Override
        protected WriteSupport<RowCursor> getWriteSupport(ParquetConfiguration conf) {
            return new RowWriteSupport(data);
        }

        @Override
        protected WriteSupport<RowCursor> getWriteSupport(org.apache.hadoop.conf.Configuration conf) {
            return new RowWriteSupport(data);
        }
    }

    /**
     * Reads every column of {@code file} with parquet-java's column readers (row group by row group,
     * column by column, {@code getLong}/{@code getBinary} per value): its fastest public read path.
     */
    public static ReadResult readParquetJava(Path file) throws IOException {
        long values = 0;
        long sum = 0;
        long bytes = 0;
        ParquetReadOptions options = ParquetReadOptions.builder(new PlainParquetConfiguration())
                .usePageChecksumVerification(false)
                .build();
        try (org.apache.parquet.hadoop.ParquetFileReader r =
                org.apache.parquet.hadoop.ParquetFileReader.open(new LocalInputFile(file), options)) {
            MessageType schema = r.getFooter().getFileMetaData().getSchema();
            String createdBy = r.getFooter().getFileMetaData().getCreatedBy();
            PageReadStore group;
            while ((group = r.readNextRowGroup()) != null) {
                ColumnReadStoreImpl store = new ColumnReadStoreImpl(group, new IgnoringConverter(), schema, createdBy);
                for (ColumnDescriptor d : schema.getColumns()) {
                    ColumnReader cr = store.getColumnReader(d);
                    long n = cr.getTotalValueCount();
                    values += n;
                    if (d.getPrimitiveType().getPrimitiveTypeName() == PrimitiveTypeName.INT64) {
                        for (long i = 0; i < n; i++) {
                            sum += cr.getLong();
                            cr.consume();
                        }
                    } else {
                        for (long i = 0; i < n; i++) {
                            bytes += cr.getBinary().length();
                            cr.consume();
                        }
                    }
                }
            }
        }
        return new ReadResult(values, sum, bytes);
    }

    /** The record converter {@link ColumnReadStoreImpl} asks for; values are taken from the readers directly. */
    static final class IgnoringConverter extends GroupConverter {
        @Override
        public Converter getConverter(int fieldIndex) {
            return new PrimitiveConverter() {};
        }

        @Override
        public void start() {}

        @Override
        public void end() {}
    }
}
