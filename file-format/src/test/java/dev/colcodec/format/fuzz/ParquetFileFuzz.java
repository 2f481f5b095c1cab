package dev.colcodec.format.fuzz;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.fuzz.ParquetModel.Col;
import dev.colcodec.format.fuzz.ParquetModel.Kind;
import dev.colcodec.format.fuzz.ParquetModel.Order;
import dev.colcodec.format.parquet.ColumnBatch;
import dev.colcodec.format.parquet.ColumnChunkReader;
import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileReader;
import dev.colcodec.format.parquet.ParquetFileWriter;
import dev.colcodec.format.parquet.ParquetWriteOptions;
import dev.colcodec.format.parquet.RowRanges;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.values.BinaryBatch;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.DummyRecordConverter;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.internal.column.columnindex.BoundaryOrder;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Parquet files both ways against parquet-java 1.18.1 (parquet-hadoop's writer and reader, no Hadoop
 * configuration), over random schemas of up to six columns of every physical and logical type colcodec
 * handles, nulls, and writer settings (page versions, codecs, page sizes and row limits, row group
 * sizes, dictionaries, encodings, CRCs, statistics and column index truncation, Bloom filters).
 *
 * <p>{@link Mode#PARQUET_JAVA_WRITES} (flat and LIST columns, legacy repeated ones too): colcodec reads
 * every column chunk with random batch sizes, skips, dictionary ids and binary views; decodes whole row
 * groups (with and without a pool); prunes by statistics, column and offset indexes (no row group or row
 * range holding a match is dropped, and decoding the ranges gives their rows); and its Bloom filter probes
 * find every value.
 *
 * <p>{@link Mode#COLCODEC_WRITES}: parquet-java reads the values back, and colcodec's statistics, column
 * index, offset index and Bloom filters agree with the data; parquet-java's filtered read (statistics,
 * dictionary, column index and Bloom filter pruning) returns the matching rows; colcodec reads its own
 * file back as in the other mode.
 *
 * <p>{@link Mode#DAMAGED}: files of either writer (up to 3,000 rows) truncated or with bytes changed,
 * mostly before the footer, read through every reader call with and without CRC checks: values or
 * {@link CorruptInputException}, nothing else.
 */
final class ParquetFileFuzz extends FuzzHarness {
    enum Mode {
        PARQUET_JAVA_WRITES,
        COLCODEC_WRITES,
        DAMAGED
    }

    private final Mode mode;
    private final Path dir;

    ParquetFileFuzz(Mode mode, Path dir) {
        this.mode = mode;
        this.dir = dir;
    }

    /** A generated file: its columns (with their values), Bloom-filtered column names, its bytes. */
    record Written(List<Col> cols, Set<String> bloom, Path file, byte[] bytes, String description) {
        int rows() {
            return cols.get(0).values.length;
        }
    }

    @Override
    void run(long seed) throws Exception {
        SplittableRandom r = new SplittableRandom(seed);
        Path file = dir.resolve("parquet-" + seed + ".parquet");
        try {
            switch (mode) {
                case PARQUET_JAVA_WRITES -> {
                    Written w = writeWithParquetJava(r, rowCount(r, 0), file);
                    checkColcodec(w, r, true);
                }
                case COLCODEC_WRITES -> {
                    // at most 20,000 rows: parquet-java's reading (all pages, indexes, filters) is the slow part
                    Written w = writeWithColcodec(r, Math.min(20_000, rowCount(r, 0)), file);
                    checkWithParquetJava(w, r);
                    checkColcodec(w, r, false);
                }
                default -> {
                    boolean fromParquetJava = r.nextBoolean();
                    int rows = rowCount(r, 3000);
                    Written w =
                            fromParquetJava ? writeWithParquetJava(r, rows, file) : writeWithColcodec(r, rows, file);
                    damaged(w, r);
                }
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** Rows: none, one, tens, thousands, tens of thousands, up to 200,000 (or below {@code cap}). */
    private static int rowCount(SplittableRandom r, int cap) {
        if (cap > 0) {
            return r.nextInt(cap);
        }
        int t = r.nextInt(100);
        if (t < 5) {
            return 0;
        }
        if (t < 10) {
            return 1;
        }
        if (t < 40) {
            return 2 + r.nextInt(100);
        }
        if (t < 75) {
            return 100 + r.nextInt(5000);
        }
        return t < 95 ? 5000 + r.nextInt(45000) : 50000 + r.nextInt(150000);
    }

    // ------------------------------------------------------------------------------- parquet-java writes

    Written writeWithParquetJava(SplittableRandom r, int n, Path file) throws Exception {
        int ncols = 1 + r.nextInt(6);
        List<Col> cols = new ArrayList<>();
        StringBuilder desc = new StringBuilder("parquet-java writes " + n + " rows:");
        StringBuilder schema = new StringBuilder("message m {");
        boolean hasList = false;
        for (int i = 0; i < ncols; i++) {
            Col c;
            if (!hasList && r.nextInt(6) == 0) {
                hasList = true;
                Kind k = new Kind[] {Kind.I32, Kind.I64, Kind.STR, Kind.F64, Kind.BOOL, Kind.FLBA}[r.nextInt(6)];
                c = ParquetModel.randomCol(r, "c" + i, k);
                c.list = true;
                c.elemOptional = r.nextBoolean();
                if (r.nextInt(3) == 0) {
                    c.legacy = true;
                    c.optional = false;
                    c.elemOptional = false;
                    schema.append(" repeated ")
                            .append(c.parquetJavaPrimitive(c.name))
                            .append(";");
                } else {
                    schema.append(c.optional ? " optional" : " required")
                            .append(" group ")
                            .append(c.name)
                            .append(" (LIST) { repeated group list { ")
                            .append(c.elemOptional ? "optional " : "required ")
                            .append(c.parquetJavaPrimitive("element"))
                            .append("; } }");
                }
                ParquetModel.fillList(c, n, r);
                desc.append(' ').append(c);
            } else {
                c = ParquetModel.randomCol(r, "c" + i, ParquetModel.randomKind(r));
                schema.append(c.optional ? " optional " : " required ")
                        .append(c.parquetJavaPrimitive(c.name))
                        .append(";");
                desc.append(' ')
                        .append(c)
                        .append('{')
                        .append(ParquetModel.fill(c, n, r))
                        .append('}');
            }
            cols.add(c);
        }
        MessageType mt = MessageTypeParser.parseMessageType(schema.append(" }").toString());
        ExampleParquetWriter.Builder b = ExampleParquetWriter.builder(new LocalOutputFile(file))
                .withConf(new PlainParquetConfiguration())
                .withCodecFactory(new ParquetJavaCodecs())
                .withType(mt)
                .withWriteMode(org.apache.parquet.hadoop.ParquetFileWriter.Mode.OVERWRITE);
        StringBuilder w = new StringBuilder();
        ParquetProperties.WriterVersion version = r.nextBoolean()
                ? ParquetProperties.WriterVersion.PARQUET_1_0
                : ParquetProperties.WriterVersion.PARQUET_2_0;
        b.withWriterVersion(version);
        w.append(version);
        boolean dict = r.nextInt(4) != 0;
        b.withDictionaryEncoding(dict);
        w.append(" dict=").append(dict);
        for (Col c : cols) {
            if (r.nextInt(6) == 0) {
                boolean d = r.nextBoolean();
                b.withDictionaryEncoding(c.list && !c.legacy ? c.name + ".list.element" : c.name, d);
                w.append(" dict[").append(c.name).append("]=").append(d);
            }
        }
        if (r.nextInt(3) == 0) {
            int d = FuzzData.pick(r, 64, 100, 512, 4096);
            b.withDictionaryPageSize(d);
            w.append(" dictPage=").append(d);
        }
        if (r.nextBoolean()) {
            int p = FuzzData.pick(r, 64, 100, 1024, 8192, 65536);
            b.withPageSize(p);
            w.append(" page=").append(p);
        }
        if (r.nextBoolean()) {
            int p = FuzzData.pick(r, 1, 2, 7, 100, 1000, 5000);
            b.withPageRowCountLimit(p);
            w.append(" pageRows=").append(p);
        }
        if (r.nextBoolean()) {
            int p = FuzzData.pick(r, 1, 3, 10, 100);
            b.withMinRowCountForPageSizeCheck(p);
            b.withMaxRowCountForPageSizeCheck(Math.max(p, 100));
            w.append(" minCheck=").append(p);
        }
        if (r.nextBoolean()) {
            long g = new long[] {1, 1024, 65536, 1 << 20}[r.nextInt(4)];
            b.withRowGroupSize(g);
            w.append(" rg=").append(g);
        }
        if (r.nextInt(4) == 0) {
            int g = 1 + r.nextInt(5000);
            b.withRowGroupRowCountLimit(g);
            w.append(" rgRows=").append(g);
        }
        CompressionCodecName codec = new CompressionCodecName[] {
                    CompressionCodecName.UNCOMPRESSED,
                    CompressionCodecName.SNAPPY,
                    CompressionCodecName.GZIP,
                    CompressionCodecName.ZSTD,
                    CompressionCodecName.LZ4_RAW
                }
                [r.nextInt(5)];
        b.withCompressionCodec(codec);
        w.append(' ').append(codec);
        if (r.nextInt(3) == 0) {
            b.withByteStreamSplitEncoding(true);
            w.append(" bss");
        }
        for (Col c : cols) {
            if (!c.list && r.nextInt(6) == 0) {
                b.withByteStreamSplitEncoding(c.name, true);
                w.append(" bss[").append(c.name).append(']');
            }
        }
        boolean crc = r.nextBoolean();
        b.withPageWriteChecksumEnabled(crc);
        w.append(" crc=").append(crc);
        if (r.nextInt(3) == 0) {
            int t = 1 + r.nextInt(20);
            b.withColumnIndexTruncateLength(t);
            w.append(" ciTrunc=").append(t);
        }
        if (r.nextInt(4) == 0) {
            int t = 1 + r.nextInt(20);
            b.withStatisticsTruncateLength(t);
            w.append(" statTrunc=").append(t);
        }
        if (r.nextInt(8) == 0) {
            b.withStatisticsEnabled(false);
            w.append(" nostats");
        }
        Set<String> bloom = new HashSet<>();
        for (Col c : cols) {
            if (!c.list && c.kind != Kind.BOOL && r.nextInt(4) == 0) {
                b.withBloomFilterEnabled(c.name, true);
                b.withBloomFilterNDV(c.name, 1 + r.nextInt(2000));
                bloom.add(c.name);
                w.append(" bloom[").append(c.name).append(']');
            }
        }
        desc.append(" | ").append(w);
        describe(desc.toString());
        try (ParquetWriter<Group> pw = b.build()) {
            SimpleGroupFactory f = new SimpleGroupFactory(mt);
            for (int i = 0; i < n; i++) {
                Group g = f.newGroup();
                for (Col c : cols) {
                    Object v = c.values[i];
                    if (v == null) {
                        continue;
                    }
                    if (c.legacy) {
                        for (Object e : (List<?>) v) {
                            put(g, c.name, e);
                        }
                    } else if (c.list) {
                        Group l = g.addGroup(c.name);
                        for (Object e : (List<?>) v) {
                            Group eg = l.addGroup("list");
                            if (e != null) {
                                put(eg, "element", e);
                            }
                        }
                    } else {
                        put(g, c.name, v);
                    }
                }
                pw.write(g);
            }
        }
        return new Written(cols, bloom, file, Files.readAllBytes(file), desc.toString());
    }

    static void put(Group g, String name, Object v) {
        if (v instanceof Boolean x) {
            g.append(name, x);
        } else if (v instanceof Integer x) {
            g.append(name, x);
        } else if (v instanceof Long x) {
            g.append(name, x);
        } else if (v instanceof Float x) {
            g.append(name, x);
        } else if (v instanceof Double x) {
            g.append(name, x);
        } else {
            g.append(name, Binary.fromConstantByteArray((byte[]) v));
        }
    }

    // ------------------------------------------------------------------------------- colcodec writes

    private static ParquetEncoding[] encodingsFor(Col c) {
        return switch (c.phys()) {
            case BOOLEAN -> new ParquetEncoding[] {ParquetEncoding.PLAIN, ParquetEncoding.RLE};
            case INT32, INT64 ->
                new ParquetEncoding[] {
                    ParquetEncoding.PLAIN,
                    ParquetEncoding.PLAIN_DICTIONARY,
                    ParquetEncoding.RLE_DICTIONARY,
                    ParquetEncoding.DELTA_BINARY_PACKED,
                    ParquetEncoding.BYTE_STREAM_SPLIT
                };
            case FLOAT, DOUBLE ->
                new ParquetEncoding[] {
                    ParquetEncoding.PLAIN,
                    ParquetEncoding.PLAIN_DICTIONARY,
                    ParquetEncoding.RLE_DICTIONARY,
                    ParquetEncoding.BYTE_STREAM_SPLIT
                };
            case BYTE_ARRAY ->
                new ParquetEncoding[] {
                    ParquetEncoding.PLAIN,
                    ParquetEncoding.PLAIN_DICTIONARY,
                    ParquetEncoding.RLE_DICTIONARY,
                    ParquetEncoding.DELTA_LENGTH_BYTE_ARRAY,
                    ParquetEncoding.DELTA_BYTE_ARRAY
                };
            case FIXED_LEN_BYTE_ARRAY ->
                new ParquetEncoding[] {
                    ParquetEncoding.PLAIN,
                    ParquetEncoding.PLAIN_DICTIONARY,
                    ParquetEncoding.RLE_DICTIONARY,
                    ParquetEncoding.DELTA_BYTE_ARRAY,
                    ParquetEncoding.BYTE_STREAM_SPLIT
                };
            default ->
                new ParquetEncoding[] {
                    ParquetEncoding.PLAIN, ParquetEncoding.PLAIN_DICTIONARY, ParquetEncoding.RLE_DICTIONARY
                };
        };
    }

    Written writeWithColcodec(SplittableRandom r, int n, Path file) throws Exception {
        int ncols = 1 + r.nextInt(6);
        List<Col> cols = new ArrayList<>();
        List<ParquetColumn> schema = new ArrayList<>();
        StringBuilder desc = new StringBuilder("colcodec writes " + n + " rows:");
        for (int i = 0; i < ncols; i++) {
            Col c = ParquetModel.randomCol(r, "c" + i, ParquetModel.randomKind(r));
            desc.append(' ')
                    .append(c)
                    .append('{')
                    .append(ParquetModel.fill(c, n, r))
                    .append('}');
            cols.add(c);
            schema.add(c.colcodecColumn());
        }
        ParquetWriteOptions o = ParquetWriteOptions.defaults();
        StringBuilder w = new StringBuilder();
        if (r.nextBoolean()) {
            o = o.withPageVersion(ParquetWriteOptions.PageVersion.V2);
            w.append("V2");
        } else {
            w.append("V1");
        }
        Compression comp = new Compression[] {
                    Compression.UNCOMPRESSED,
                    Compression.SNAPPY,
                    Compression.GZIP,
                    Compression.ZSTD,
                    Compression.LZ4_RAW
                }
                [r.nextInt(5)];
        o = o.withCompression(comp);
        w.append(' ').append(comp);
        if (r.nextBoolean()) {
            int p = FuzzData.pick(r, 1, 17, 64, 1024, 8192, 65536);
            o = o.withPageSize(p);
            w.append(" page=").append(p);
        }
        if (r.nextBoolean()) {
            int p = FuzzData.pick(r, 1, 2, 7, 100, 1000, 5000);
            o = o.withPageRowLimit(p);
            w.append(" pageRows=").append(p);
        }
        if (r.nextBoolean()) {
            long p = new long[] {1, 1000, 100_000, 1 << 20}[r.nextInt(4)];
            o = o.withRowGroupSize(p);
            w.append(" rg=").append(p);
        }
        boolean crc = r.nextBoolean();
        o = o.withCrc(crc);
        w.append(" crc=").append(crc);
        if (r.nextInt(4) == 0) {
            o = o.withDictionary(false);
            w.append(" nodict");
        }
        if (r.nextInt(3) == 0) {
            int d = FuzzData.pick(r, 0, 1, 16, 200, 4096);
            o = o.withMaxDictionaryBytes(d);
            w.append(" maxDict=").append(d);
        }
        if (r.nextInt(3) == 0) {
            int t = 1 + r.nextInt(10);
            o = o.withColumnIndexTruncateLength(t);
            w.append(" ciTrunc=").append(t);
        }
        Set<String> bloom = new HashSet<>();
        for (Col c : cols) {
            int t = r.nextInt(8);
            if (t < 3) {
                ParquetEncoding[] es = encodingsFor(c);
                ParquetEncoding e = es[r.nextInt(es.length)];
                o = o.withEncoding(c.name, e);
                w.append(" enc[").append(c.name).append("]=").append(e);
            } else if (t == 3) {
                o = o.withoutDictionary(c.name);
                w.append(" nodict[").append(c.name).append(']');
            }
            if (c.kind != Kind.BOOL && r.nextInt(4) == 0) {
                long ndv = 1 + r.nextInt(r.nextBoolean() ? 10 : 100000);
                o = o.withBloomFilter(c.name, ndv, 0.01);
                bloom.add(c.name);
                w.append(" bloom[").append(c.name).append("]=").append(ndv);
            }
        }
        if (r.nextInt(5) == 0) {
            o = o.withKeyValueMetadata(Map.of("k", "v" + n));
        }
        if (r.nextInt(6) == 0) {
            o = o.withPool(Fuzzing.POOL);
            w.append(" pool");
        }
        desc.append(" | ").append(w);
        describe(desc.toString());
        try (ParquetFileWriter fw = ParquetFileWriter.create(file, schema, o)) {
            for (int pos = 0; pos < n; ) {
                int len = r.nextInt(3) == 0 ? n - pos : 1 + r.nextInt(Math.min(n - pos, r.nextBoolean() ? 50 : 30000));
                Object[] arrays = new Object[cols.size()];
                boolean[][] nulls = new boolean[cols.size()][];
                boolean anyNull = false;
                for (int ci = 0; ci < cols.size(); ci++) {
                    Col c = cols.get(ci);
                    nulls[ci] = c.optional ? new boolean[len] : null;
                    arrays[ci] = arrays(c, pos, len, nulls[ci], r);
                    for (int i = 0; nulls[ci] != null && i < len; i++) {
                        anyNull |= nulls[ci][i];
                    }
                }
                fw.write(arrays, !anyNull && r.nextInt(4) == 0 ? null : nulls, len);
                pos += len;
                if (r.nextInt(10) == 0) {
                    fw.flushRowGroup();
                }
            }
        }
        return new Written(cols, bloom, file, Files.readAllBytes(file), desc.toString());
    }

    /** Rows [pos, pos + len) of a column as colcodec takes them: junk (or empty binaries) at null rows. */
    static Object arrays(Col c, int pos, int len, boolean[] nulls, SplittableRandom r) {
        for (int i = 0; nulls != null && i < len; i++) {
            nulls[i] = c.values[pos + i] == null;
        }
        switch (c.phys()) {
            case BOOLEAN: {
                boolean[] a = new boolean[len];
                for (int i = 0; i < len; i++) {
                    a[i] = c.values[pos + i] != null ? (Boolean) c.values[pos + i] : r.nextBoolean();
                }
                return a;
            }
            case INT32: {
                int[] a = new int[len];
                for (int i = 0; i < len; i++) {
                    a[i] = c.values[pos + i] != null ? (Integer) c.values[pos + i] : r.nextInt();
                }
                return a;
            }
            case INT64: {
                long[] a = new long[len];
                for (int i = 0; i < len; i++) {
                    a[i] = c.values[pos + i] != null ? (Long) c.values[pos + i] : r.nextLong();
                }
                return a;
            }
            case FLOAT: {
                float[] a = new float[len];
                for (int i = 0; i < len; i++) {
                    a[i] = c.values[pos + i] != null ? (Float) c.values[pos + i] : Float.NaN;
                }
                return a;
            }
            case DOUBLE: {
                double[] a = new double[len];
                for (int i = 0; i < len; i++) {
                    a[i] = c.values[pos + i] != null ? (Double) c.values[pos + i] : 7.0;
                }
                return a;
            }
            default: {
                BinaryBatch b = new BinaryBatch();
                for (int i = 0; i < len; i++) {
                    byte[] v = (byte[]) c.values[pos + i];
                    if (v == null) {
                        v = r.nextBoolean() ? new byte[0] : new byte[c.typeLength() > 0 ? c.typeLength() : 3];
                    }
                    b.append(v, 0, v.length);
                }
                return b;
            }
        }
    }

    // ------------------------------------------------------------------------------- colcodec reads

    private void checkColcodec(Written w, SplittableRandom r, boolean everyBatchShape) throws Exception {
        List<Col> cols = w.cols();
        int n = w.rows();
        try (ParquetFileReader pr =
                r.nextBoolean() ? ParquetFileReader.open(w.file()) : ParquetFileReader.open(w.bytes())) {
            if (pr.rowCount() != n || pr.columns().size() != cols.size()) {
                throw new AssertionError(pr.rowCount() + " rows of "
                        + pr.columns().size() + " columns, expected " + n + " of " + cols.size());
            }
            int groups = pr.rowGroupCount();
            long[] start = new long[groups + 1];
            for (int g = 0; g < groups; g++) {
                start[g + 1] = start[g] + pr.rowGroupRowCount(g);
            }
            if (start[groups] != n) {
                throw new AssertionError("the row groups hold " + start[groups] + " rows, expected " + n);
            }
            if (everyBatchShape) {
                for (int ci = 0; ci < cols.size(); ci++) {
                    readChunks(pr, ci, cols.get(ci), start, r);
                }
            }
            int[] all = new int[cols.size()];
            Arrays.setAll(all, i -> i);
            for (int g = 0; g < groups; g++) {
                int bs = FuzzData.pick(r, 1, 17, 4096, Integer.MAX_VALUE);
                List<List<ColumnBatch>> res = pr.decodeRowGroup(g, all, bs, r.nextInt(4) == 0 ? Fuzzing.POOL : null);
                for (int ci = 0; ci < cols.size(); ci++) {
                    compareRanges(
                            cols.get(ci),
                            pr.columns().get(ci),
                            res.get(ci),
                            RowRanges.all(pr.rowGroupRowCount(g)),
                            start[g],
                            "decodeRowGroup " + g + " batch size " + bs);
                }
            }
            pruning(pr, cols, start, r);
            bloomProbes(pr, cols, start, w.bloom(), r);
        }
    }

    /** Every chunk of a column read with random batch sizes, skips, dictionary ids and views. */
    private static void readChunks(ParquetFileReader pr, int ci, Col c, long[] start, SplittableRandom r)
            throws Exception {
        ParquetColumn pc = pr.columns().get(ci);
        if (pc.type() != c.phys()) {
            throw new AssertionError("column " + c + " read as " + pc.type());
        }
        byte[] reuse = null;
        for (int g = 0; g + 1 < start.length; g++) {
            int rows = (int) (start[g + 1] - start[g]);
            ColumnChunkReader cr = pr.readColumn(g, ci, r.nextBoolean() ? reuse : null);
            reuse = cr.buffer();
            boolean ids = r.nextInt(3) == 0;
            boolean views = r.nextInt(3) == 0;
            cr.keepDictionaryIds(ids);
            cr.keepBinaryViews(views);
            int cap = Math.max(1, FuzzData.pick(r, 1, 3, 64, 1000, 8192, rows + 1));
            ColumnBatch batch = new ColumnBatch(pc, cap);
            String ctx = "column " + c + " row group " + g + " ids=" + ids + " views=" + views + " batch " + cap;
            List<Object> got = new ArrayList<>();
            if (!c.list) {
                int pos = 0;
                while (true) {
                    if (r.nextInt(5) == 0) {
                        long k = r.nextInt(3) == 0 ? r.nextInt(3) : r.nextInt(Math.max(1, rows / 3 + 1));
                        long skipped = cr.skipRows(k);
                        if (skipped != Math.max(0, Math.min(k, rows - pos))) {
                            throw new AssertionError(
                                    ctx + ": skipRows(" + k + ") at row " + pos + " skipped " + skipped);
                        }
                        pos += (int) skipped;
                        continue;
                    }
                    int m = 1 + r.nextInt(cap);
                    int e = cr.readBatch(batch, m);
                    if (e == 0) {
                        break;
                    }
                    if (e > m || batch.levelCount() != e) {
                        throw new AssertionError(ctx + ": readBatch(" + m + ") returned " + e + " with "
                                + batch.levelCount() + " levels");
                    }
                    got.clear();
                    ParquetModel.flatRows(batch, got);
                    for (int i = 0; i < got.size(); i++) {
                        expect(c, start[g] + pos + i, got.get(i), ctx);
                    }
                    pos += got.size();
                }
                if (pos != rows) {
                    throw new AssertionError(ctx + ": " + pos + " rows read of " + rows);
                }
            } else {
                ParquetModel.ListAssembler la = new ParquetModel.ListAssembler(pc, c.optional, c.elemOptional, got);
                int skip = r.nextInt(3) == 0 ? r.nextInt(rows + 2) : 0;
                long skipped = cr.skipRows(skip);
                if (skipped != Math.min(skip, rows)) {
                    throw new AssertionError(ctx + ": skipRows(" + skip + ") of a list column skipped " + skipped);
                }
                while (true) {
                    int m = 1 + r.nextInt(cap);
                    int e = r.nextBoolean() ? cr.readBatch(batch, m) : cr.readRows(batch, m, 1 + r.nextInt(20));
                    if (e == 0) {
                        break;
                    }
                    la.add(batch);
                }
                la.flush();
                if (got.size() != rows - skipped) {
                    throw new AssertionError(
                            ctx + ": " + got.size() + " lists after skipping " + skipped + " of " + rows);
                }
                for (int i = 0; i < got.size(); i++) {
                    expect(c, start[g] + skipped + i, got.get(i), ctx + " after skipping " + skipped);
                }
            }
        }
    }

    private static void expect(Col c, long row, Object got, String ctx) {
        Object exp = c.values[(int) row];
        if (!FuzzData.same(exp, got)) {
            throw new AssertionError(
                    ctx + ": row " + row + " is " + FuzzData.show(got) + ", expected " + FuzzData.show(exp));
        }
    }

    /** Pruning by a random range keeps every row group and row holding a match; decoding the ranges gives their rows. */
    private static void pruning(ParquetFileReader pr, List<Col> cols, long[] start, SplittableRandom r)
            throws Exception {
        for (int t = 0; t < 3; t++) {
            int ci = r.nextInt(cols.size());
            Col c = cols.get(ci);
            if (c.list) {
                continue;
            }
            Order o = c.order();
            Object lo = bound(c, r);
            Object hi = bound(c, r);
            if (o == Order.FLOAT && (ParquetModel.isNaN(lo) || ParquetModel.isNaN(hi))) {
                continue;
            }
            if (o != Order.NONE && lo != null && hi != null && ParquetModel.compare(o, lo, hi) > 0) {
                Object x = lo;
                lo = hi;
                hi = x;
            }
            String ctx = "pruning " + c + " to [" + FuzzData.show(lo) + ", " + FuzzData.show(hi) + "]";
            byte[] plo = lo == null ? null : ParquetModel.plain(c, lo);
            byte[] phi = hi == null ? null : ParquetModel.plain(c, hi);
            Set<Integer> kept = new HashSet<>();
            for (int g : pr.rowGroupsOverlapping(ci, plo, phi)) {
                kept.add(g);
            }
            for (int g = 0; g + 1 < start.length; g++) {
                RowRanges rr = pr.rowRangesOverlapping(g, ci, plo, phi);
                for (long row = start[g]; row < start[g + 1]; row++) {
                    Object v = c.values[(int) row];
                    // without an order (FLOAT16, INT96) every non-null value may match
                    if (o == Order.NONE ? v != null : ParquetModel.matches(o, v, lo, hi)) {
                        if (!kept.contains(g)) {
                            throw new AssertionError(ctx + ": rowGroupsOverlapping drops row group " + g + " with row "
                                    + row + " " + FuzzData.show(v));
                        }
                        if (!rr.contains(row - start[g])) {
                            throw new AssertionError(ctx + ": rowRangesOverlapping " + rr + " of row group " + g
                                    + " drops row " + (row - start[g]));
                        }
                    }
                }
                long rows = pr.rowGroupRowCount(g);
                if (rr.count() > 0 && rr.to(rr.count() - 1) > rows) {
                    throw new AssertionError(ctx + ": ranges " + rr + " past the row group's " + rows + " rows");
                }
                RowRanges use = rr;
                if (r.nextInt(3) == 0 && rows > 0) {
                    long a = r.nextLong(rows);
                    long b = a + 1 + r.nextLong(rows - a);
                    use = rr.union(RowRanges.of(a, b));
                    if (r.nextBoolean()) {
                        use = use.intersect(RowRanges.of(0, Math.max(1, b - 1)));
                    }
                }
                int[] proj = projection(r, cols.size());
                int bs = FuzzData.pick(r, 1, 5, 999, 65536);
                List<List<ColumnBatch>> res =
                        pr.decodeRowGroup(g, proj, use, bs, r.nextInt(4) == 0 ? Fuzzing.POOL : null);
                for (int k = 0; k < proj.length; k++) {
                    compareRanges(
                            cols.get(proj[k]),
                            pr.columns().get(proj[k]),
                            res.get(k),
                            use,
                            start[g],
                            ctx + ", decodeRowGroup " + g + " ranges " + use + " batch size " + bs);
                }
            }
        }
    }

    /** colcodec's Bloom filter probes find the row group of every present value. */
    private static void bloomProbes(
            ParquetFileReader pr, List<Col> cols, long[] start, Set<String> bloom, SplittableRandom r)
            throws Exception {
        int n = (int) start[start.length - 1];
        for (int ci = 0; ci < cols.size(); ci++) {
            Col c = cols.get(ci);
            if (!bloom.contains(c.name) || c.order() == Order.NONE) {
                continue;
            }
            for (int t = 0; t < 20 && n > 0; t++) {
                int row = r.nextInt(n);
                Object v = c.values[row];
                // NaN and zeros: what a probe with one of them must find depends on the sign and payload
                // conventions of each writer; left out
                if (v == null
                        || ParquetModel.isNaN(v)
                        || (v instanceof Number x && c.order() == Order.FLOAT && x.doubleValue() == 0)) {
                    continue;
                }
                int g = 0;
                while (start[g + 1] <= row) {
                    g++;
                }
                int found = g;
                if (Arrays.stream(pr.rowGroupsMightContain(ci, ParquetModel.plain(c, v)))
                        .noneMatch(x -> x == found)) {
                    throw new AssertionError("Bloom filter of " + c + " misses " + FuzzData.show(v) + " (row " + row
                            + ", row group " + g + ")");
                }
            }
        }
    }

    private static int[] projection(SplittableRandom r, int n) {
        List<Integer> l = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (r.nextInt(3) != 0) {
                l.add(i);
            }
        }
        if (l.isEmpty()) {
            l.add(r.nextInt(n));
        }
        if (r.nextInt(4) == 0) {
            l = FuzzData.someOf(l, r);
        }
        return l.stream().mapToInt(Integer::intValue).toArray();
    }

    /** A range bound: none, a value of the column, or a random one. */
    private static Object bound(Col c, SplittableRandom r) {
        int t = r.nextInt(10);
        if (t == 0) {
            return null;
        }
        for (int k = 0; t < 8 && k < 10 && c.values.length > 0; k++) {
            Object x = c.values[r.nextInt(c.values.length)];
            if (x != null) {
                return x;
            }
        }
        return ParquetModel.value(c, r, r.nextInt(3));
    }

    private static void compareRanges(
            Col c, ParquetColumn pc, List<ColumnBatch> batches, RowRanges ranges, long base, String ctx) {
        List<Object> got = new ArrayList<>();
        if (c.list) {
            ParquetModel.ListAssembler la = new ParquetModel.ListAssembler(pc, c.optional, c.elemOptional, got);
            batches.forEach(la::add);
            la.flush();
        } else {
            batches.forEach(b -> ParquetModel.flatRows(b, got));
        }
        if (got.size() != ranges.rowCount()) {
            throw new AssertionError(ctx + " " + c + ": " + got.size() + " rows, the ranges hold " + ranges.rowCount());
        }
        int k = 0;
        for (int i = 0; i < ranges.count(); i++) {
            for (long row = ranges.from(i); row < ranges.to(i); row++) {
                expect(c, base + row, got.get(k++), ctx);
            }
        }
    }

    // ------------------------------------------------------------------------------- parquet-java reads

    private static Object parquetJavaValue(ColumnReader cr, Col c) {
        return switch (c.phys()) {
            case BOOLEAN -> cr.getBoolean();
            case INT32 -> cr.getInteger();
            case INT64 -> cr.getLong();
            case FLOAT -> cr.getFloat();
            case DOUBLE -> cr.getDouble();
            default -> cr.getBinary().getBytes();
        };
    }

    /** A value of a column index (PLAIN, little-endian). */
    private static Object fromIndex(Col c, ByteBuffer bb) {
        ByteBuffer b = bb.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        return switch (c.phys()) {
            case BOOLEAN -> b.get(b.position()) != 0;
            case INT32 -> b.getInt(b.position());
            case INT64 -> b.getLong(b.position());
            case FLOAT -> b.getFloat(b.position());
            case DOUBLE -> b.getDouble(b.position());
            default -> {
                byte[] a = new byte[b.remaining()];
                b.get(a);
                yield a;
            }
        };
    }

    /**
     * Whether a statistics bound is the expected one; for FLOAT and DOUBLE a zero bound is written as -0.0
     * (min) or +0.0 (max), as parquet-java writes it.
     */
    private static boolean statisticsBoundIs(Order o, Object stat, Object exp, boolean isMin) {
        if (o == Order.FLOAT && ((Number) exp).doubleValue() == 0) {
            boolean negative = stat instanceof Float f
                    ? Float.floatToRawIntBits(f) < 0
                    : Double.doubleToRawLongBits((Double) stat) < 0;
            return ((Number) stat).doubleValue() == 0 && negative == isMin;
        }
        if (o == Order.FLOAT) {
            return ((Number) stat).doubleValue() == ((Number) exp).doubleValue();
        }
        return ParquetModel.compare(o, stat, exp) == 0;
    }

    private void checkWithParquetJava(Written w, SplittableRandom r) throws Exception {
        List<Col> cols = w.cols();
        int n = w.rows();
        ParquetReadOptions options = ParquetReadOptions.builder(new PlainParquetConfiguration())
                .usePageChecksumVerification(true)
                .withCodecFactory(new ParquetJavaCodecs())
                .build();
        try (org.apache.parquet.hadoop.ParquetFileReader reader =
                org.apache.parquet.hadoop.ParquetFileReader.open(new LocalInputFile(w.file()), options)) {
            MessageType schema = reader.getFooter().getFileMetaData().getSchema();
            String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
            List<ColumnDescriptor> descs = schema.getColumns();
            if (reader.getRecordCount() != n) {
                throw new AssertionError("parquet-java counts " + reader.getRecordCount() + " rows, expected " + n);
            }
            long base = 0;
            for (BlockMetaData bm : reader.getRowGroups()) {
                int rows = (int) bm.getRowCount();
                for (int ci = 0; ci < cols.size(); ci++) {
                    metadata(reader, bm, ci, cols.get(ci), base, rows, w.bloom());
                }
                base += rows;
            }
            if (base != n) {
                throw new AssertionError("parquet-java's row groups hold " + base + " rows, expected " + n);
            }
            base = 0;
            PageReadStore rg;
            while ((rg = reader.readNextRowGroup()) != null) {
                ColumnReadStoreImpl store = new ColumnReadStoreImpl(
                        rg, new DummyRecordConverter(schema).getRootConverter(), schema, createdBy);
                int rows = (int) rg.getRowCount();
                for (int ci = 0; ci < cols.size(); ci++) {
                    Col c = cols.get(ci);
                    ColumnDescriptor d = descs.get(ci);
                    ColumnReader cr = store.getColumnReader(d);
                    for (int i = 0; i < rows; i++) {
                        Object got = cr.getCurrentDefinitionLevel() == d.getMaxDefinitionLevel()
                                ? parquetJavaValue(cr, c)
                                : null;
                        cr.consume();
                        expect(c, base + i, got, "parquet-java reads " + c);
                    }
                }
                base += rows;
            }
        }
        parquetJavaFilters(w, r);
    }

    /** colcodec's chunk statistics, column and offset indexes and Bloom filters, as parquet-java reads them. */
    private static void metadata(
            org.apache.parquet.hadoop.ParquetFileReader reader,
            BlockMetaData bm,
            int ci,
            Col c,
            long base,
            int rows,
            Set<String> bloom)
            throws Exception {
        ColumnChunkMetaData cm = bm.getColumns().get(ci);
        String ctx = "parquet-java reads the metadata of " + c + " at row " + base + " " + cm.getEncodings();
        Order o = c.order();
        long nulls = 0;
        Object min = null;
        Object max = null;
        for (int i = 0; i < rows; i++) {
            Object v = c.values[(int) base + i];
            if (v == null) {
                nulls++;
            } else if (!ParquetModel.isNaN(v) && o != Order.NONE) {
                min = min == null || ParquetModel.compare(o, v, min) < 0 ? v : min;
                max = max == null || ParquetModel.compare(o, v, max) > 0 ? v : max;
            }
        }
        Statistics<?> st = cm.getStatistics();
        // bounds of 4096 bytes or more together are not written (an empty struct), as parquet-java does
        boolean tooLong = min instanceof byte[] lo && max instanceof byte[] hi && lo.length + hi.length >= 4096;
        if (tooLong && st != null && !st.isEmpty()) {
            throw new AssertionError(ctx + ": statistics of bounds " + ((byte[]) min).length + " + "
                    + ((byte[]) max).length + " bytes long: " + st);
        }
        if (o != Order.NONE && !tooLong) {
            if (st == null || st.isEmpty()) {
                throw new AssertionError(ctx + ": no statistics");
            }
            if (st.isNumNullsSet() && st.getNumNulls() != nulls) {
                throw new AssertionError(ctx + ": statistics count " + st.getNumNulls() + " nulls, expected " + nulls);
            }
            if (st.hasNonNullValue() && min != null) {
                Object smin = st.genericGetMin() instanceof Binary b ? b.getBytes() : st.genericGetMin();
                Object smax = st.genericGetMax() instanceof Binary b ? b.getBytes() : st.genericGetMax();
                if (!statisticsBoundIs(o, smin, min, true) || !statisticsBoundIs(o, smax, max, false)) {
                    throw new AssertionError(ctx + ": statistics [" + FuzzData.show(smin) + ", " + FuzzData.show(smax)
                            + "], expected [" + FuzzData.show(min) + ", " + FuzzData.show(max) + "]");
                }
            } else if (st.hasNonNullValue() != (min != null) && o != Order.FLOAT) {
                throw new AssertionError(ctx + ": statistics " + st + " for " + (min == null ? "no values" : "values"));
            }
        }
        OffsetIndex oi = reader.readOffsetIndex(cm);
        if (oi == null || oi.getFirstRowIndex(0) != 0) {
            throw new AssertionError(ctx + ": offset index " + oi);
        }
        ColumnIndex ix = reader.readColumnIndex(cm);
        if (ix != null) {
            int pages = oi.getPageCount();
            if (ix.getNullPages().size() != pages) {
                throw new AssertionError(
                        ctx + ": column index of " + ix.getNullPages().size() + " pages, offset index of " + pages);
            }
            Object prevMin = null;
            Object prevMax = null;
            // each of these calls builds a new list
            List<Long> nullCounts = ix.getNullCounts();
            List<Boolean> nullPages = ix.getNullPages();
            List<ByteBuffer> mins = ix.getMinValues();
            List<ByteBuffer> maxs = ix.getMaxValues();
            BoundaryOrder bo = ix.getBoundaryOrder();
            for (int p = 0; p < pages; p++) {
                long from = oi.getFirstRowIndex(p);
                long to = p + 1 < pages ? oi.getFirstRowIndex(p + 1) : rows;
                if (to <= from) {
                    throw new AssertionError(ctx + ": page " + p + " of rows [" + from + ", " + to + ")");
                }
                long pn = 0;
                for (long i = from; i < to; i++) {
                    pn += c.values[(int) (base + i)] == null ? 1 : 0;
                }
                if (nullCounts != null && nullCounts.get(p) != pn) {
                    throw new AssertionError(
                            ctx + ": page " + p + " has " + nullCounts.get(p) + " nulls, expected " + pn);
                }
                if (nullPages.get(p) != (pn == to - from)) {
                    throw new AssertionError(ctx + ": page " + p + " null page " + nullPages.get(p));
                }
                if (pn == to - from || o == Order.NONE) {
                    continue;
                }
                Object pmin = fromIndex(c, mins.get(p));
                Object pmax = fromIndex(c, maxs.get(p));
                for (long i = from; i < to; i++) {
                    Object v = c.values[(int) (base + i)];
                    if (v != null
                            && !ParquetModel.isNaN(v)
                            && (ParquetModel.compare(o, pmin, v) > 0 || ParquetModel.compare(o, v, pmax) > 0)) {
                        throw new AssertionError(ctx + ": page " + p + " bounds [" + FuzzData.show(pmin) + ", "
                                + FuzzData.show(pmax) + "] leave out row " + (base + i) + " " + FuzzData.show(v));
                    }
                }
                if (prevMin != null && !ParquetModel.isNaN(pmin) && !ParquetModel.isNaN(prevMin)) {
                    boolean up =
                            ParquetModel.compare(o, prevMin, pmin) <= 0 && ParquetModel.compare(o, prevMax, pmax) <= 0;
                    boolean down =
                            ParquetModel.compare(o, prevMin, pmin) >= 0 && ParquetModel.compare(o, prevMax, pmax) >= 0;
                    if ((bo == BoundaryOrder.ASCENDING && !up) || (bo == BoundaryOrder.DESCENDING && !down)) {
                        throw new AssertionError(ctx + ": " + bo + " but page " + p + " is [" + FuzzData.show(pmin)
                                + ", " + FuzzData.show(pmax) + "] after [" + FuzzData.show(prevMin) + ", "
                                + FuzzData.show(prevMax) + "]");
                    }
                }
                prevMin = pmin;
                prevMax = pmax;
            }
        }
        if (bloom.contains(c.name)) {
            BloomFilter bf = reader.getBloomFilterDataReader(bm).readBloomFilter(cm);
            if (bf == null) {
                throw new AssertionError(ctx + ": parquet-java reads no Bloom filter");
            }
            for (int i = 0; i < rows; i++) {
                Object v = c.values[(int) base + i];
                Object pj = v instanceof byte[] b ? Binary.fromConstantByteArray(b) : v;
                if (v != null && !bf.findHash(bf.hash(pj))) {
                    throw new AssertionError(
                            ctx + ": the Bloom filter misses row " + (base + i) + " " + FuzzData.show(v));
                }
            }
        }
    }

    /** parquet-java's filtered read (every kind of pruning on) returns exactly the matching rows. */
    private static void parquetJavaFilters(Written w, SplittableRandom r) throws Exception {
        List<Col> cols = w.cols();
        for (int t = 0; t < 2 && w.rows() > 0; t++) {
            Col c = cols.get(r.nextInt(cols.size()));
            Order o = c.order();
            if (o == Order.NONE || o == Order.FLOAT || o == Order.BOOL) {
                continue;
            }
            Object lo = bound(c, r);
            Object hi = bound(c, r);
            boolean eq = r.nextInt(3) == 0;
            if (eq) {
                hi = lo;
            }
            if (lo != null && hi != null && ParquetModel.compare(o, lo, hi) > 0) {
                Object x = lo;
                lo = hi;
                hi = x;
            }
            if (lo == null && hi == null) {
                continue;
            }
            FilterPredicate p = predicate(c, lo, hi, eq);
            long expected = 0;
            for (Object v : c.values) {
                expected += ParquetModel.matches(o, v, lo, hi) ? 1 : 0;
            }
            ParquetReader.Builder<Group> rb =
                    new ParquetReader.Builder<Group>(new LocalInputFile(w.file()), new PlainParquetConfiguration()) {
                        @Override
                        protected ReadSupport<Group> getReadSupport() {
                            return new GroupReadSupport();
                        }
                    };
            long got = 0;
            try (ParquetReader<Group> pr = rb.withFilter(FilterCompat.get(p))
                    .withCodecFactory(new ParquetJavaCodecs())
                    .useColumnIndexFilter(true)
                    .useStatsFilter(true)
                    .useDictionaryFilter(true)
                    .useBloomFilter(true)
                    .useRecordFilter(true)
                    .build()) {
                while (pr.read() != null) {
                    got++;
                }
            }
            if (got != expected) {
                throw new AssertionError(
                        "parquet-java's filter " + p + " on " + c + " returns " + got + " rows, expected " + expected);
            }
        }
    }

    private static FilterPredicate predicate(Col c, Object lo, Object hi, boolean eq) {
        switch (c.phys()) {
            case INT32: {
                var col = FilterApi.intColumn(c.name);
                if (eq) {
                    return FilterApi.eq(col, (Integer) lo);
                }
                return lo == null
                        ? FilterApi.ltEq(col, (Integer) hi)
                        : hi == null
                                ? FilterApi.gtEq(col, (Integer) lo)
                                : FilterApi.and(FilterApi.gtEq(col, (Integer) lo), FilterApi.ltEq(col, (Integer) hi));
            }
            case INT64: {
                var col = FilterApi.longColumn(c.name);
                if (eq) {
                    return FilterApi.eq(col, (Long) lo);
                }
                return lo == null
                        ? FilterApi.ltEq(col, (Long) hi)
                        : hi == null
                                ? FilterApi.gtEq(col, (Long) lo)
                                : FilterApi.and(FilterApi.gtEq(col, (Long) lo), FilterApi.ltEq(col, (Long) hi));
            }
            default: {
                var col = FilterApi.binaryColumn(c.name);
                Binary l = lo == null ? null : Binary.fromConstantByteArray((byte[]) lo);
                Binary h = hi == null ? null : Binary.fromConstantByteArray((byte[]) hi);
                if (eq) {
                    return FilterApi.eq(col, l);
                }
                return lo == null
                        ? FilterApi.ltEq(col, h)
                        : hi == null
                                ? FilterApi.gtEq(col, l)
                                : FilterApi.and(FilterApi.gtEq(col, l), FilterApi.ltEq(col, h));
            }
        }
    }

    // ------------------------------------------------------------------------------- damaged files

    private void damaged(Written w, SplittableRandom r) throws Exception {
        byte[] clean = w.bytes();
        int footerLen = clean.length >= 12
                ? ByteBuffer.wrap(clean, clean.length - 8, 4)
                        .order(ByteOrder.LITTLE_ENDIAN)
                        .getInt()
                : 0;
        int footerStart = Math.max(4, clean.length - 8 - footerLen);
        for (int m = 0; m < 25; m++) {
            // mostly the pages (between the magic and the footer), sometimes anywhere
            FuzzData.Damage d = r.nextInt(10) < 7 && footerStart > 4
                    ? FuzzData.damage(clean, r, 4, footerStart)
                    : FuzzData.damage(clean, r, 0, clean.length);
            boolean crc = r.nextInt(3) == 0;
            try {
                readAll(d.bytes(), crc, r);
            } catch (CorruptInputException expected) {
                // reported as damaged
            } catch (Exception | Error e) {
                throw new AssertionError("damaged file " + m + " (" + d.how() + ", crc " + crc + "): " + e, e);
            }
        }
    }

    /** Every reader call over every chunk: metadata, pruning, chunk reads, whole and ranged row groups. */
    private static void readAll(byte[] f, boolean crc, SplittableRandom r) throws Exception {
        try (ParquetFileReader pr = ParquetFileReader.open(f)) {
            pr.verifyCrc(crc);
            int cols = pr.columns().size();
            int[] all = new int[cols];
            Arrays.setAll(all, i -> i);
            for (int g = 0; g < pr.rowGroupCount(); g++) {
                for (int c = 0; c < cols; c++) {
                    try {
                        pr.statistics(g, c);
                        pr.bloomFilter(g, c);
                        pr.readColumnIndex(g, c);
                        pr.readOffsetIndex(g, c);
                        pr.rowRangesOverlapping(g, c, null, null);
                    } catch (CorruptInputException e) {
                        // the metadata is damaged; the pages may still be read
                    }
                    try {
                        ColumnChunkReader cr = pr.readColumn(g, c);
                        cr.keepDictionaryIds(r.nextBoolean());
                        cr.keepBinaryViews(r.nextBoolean());
                        ColumnBatch b = new ColumnBatch(pr.columns().get(c), 1 + r.nextInt(2000));
                        for (int it = 0; it < 100_000; it++) {
                            if (r.nextInt(6) == 0) {
                                cr.skipRows(r.nextInt(500));
                            } else if (cr.readBatch(b, 1 + r.nextInt(b.capacity())) == 0) {
                                break;
                            } else {
                                ParquetModel.dense(b);
                            }
                        }
                    } catch (CorruptInputException e) {
                        // a damaged chunk; the others may still be read
                    }
                }
                try {
                    pr.decodeRowGroup(g, all, 1 + r.nextInt(5000), null);
                } catch (CorruptInputException e) {
                    // and the ranged decode below
                }
                long rows = pr.rowGroupRowCount(g);
                if (rows > 2) {
                    pr.decodeRowGroup(g, all, RowRanges.of(rows / 3, rows / 2 + 1), 1 + r.nextInt(5000), null);
                }
            }
        }
    }
}
