package dev.colcodec.format.fuzz;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.fuzz.ParquetModel.Col;
import dev.colcodec.format.fuzz.ParquetModel.Kind;
import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileReader;
import dev.colcodec.format.parquet.ParquetFileWriter;
import dev.colcodec.format.parquet.ParquetTestFiles;
import dev.colcodec.format.parquet.ParquetWriteOptions;
import dev.colcodec.format.parquet.SplitBlockBloomFilter;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.values.bloomfilter.BloomFilter;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Parquet Bloom filters on read. parquet-java 1.18.1 ({@code withBloomFilterEnabled}, random NDV or
 * FPP) or colcodec ({@code withBloomFilter}, {@code withBloomFilterOfSize}) writes one to four flat
 * columns of every physical type a Bloom filter covers (INT32, INT64, FLOAT, DOUBLE, BYTE_ARRAY,
 * FIXED_LEN_BYTE_ARRAY and INT96, with their logical types), most with a filter, nulls, several row
 * groups. Then:
 *
 * <ul>
 *   <li>colcodec's {@code ParquetFileReader.bloomFilter} returns a filter exactly for the filtered
 *       chunks, which never says absent for a value of its row group (the value's PLAIN bytes hashed, and
 *       the typed {@code SplitBlockBloomFilter.hash} overloads agree with that hash), and {@code
 *       rowGroupsMightContain} keeps the row group;
 *   <li>parquet-java's {@code BloomFilter} reader reads every filter (of either writer) with the same
 *       bitset colcodec reads, its hash of each value is colcodec's, and it says present for every value
 *       written;
 *   <li>the file with bytes of a filter (its header or bitset) flipped, overwritten or zeroed, or with a
 *       filter's offset and length in the footer changed: colcodec's {@code bloomFilter} and {@code
 *       rowGroupsMightContain} give an answer or {@link CorruptInputException}, nothing else.
 * </ul>
 */
final class BloomFilterFuzz extends FuzzHarness {
    private final Path dir;

    BloomFilterFuzz(Path dir) {
        this.dir = dir;
    }

    /** Kinds of every physical type a Bloom filter covers (not BOOLEAN). */
    private static final Kind[] KINDS =
            Arrays.stream(Kind.values()).filter(k -> k != Kind.BOOL).toArray(Kind[]::new);

    @Override
    void run(long seed) throws Exception {
        SplittableRandom r = new SplittableRandom(seed);
        boolean parquetJava = r.nextBoolean();
        int n = r.nextInt(10) == 0 ? r.nextInt(3) : r.nextInt(r.nextBoolean() ? 200 : 6000);
        int ncols = 1 + r.nextInt(4);
        List<Col> cols = new ArrayList<>();
        boolean[] bloom = new boolean[ncols];
        StringBuilder desc = new StringBuilder((parquetJava ? "parquet-java" : "colcodec") + " writes " + n + " rows:");
        for (int i = 0; i < ncols; i++) {
            Col c = ParquetModel.randomCol(r, "c" + i, KINDS[r.nextInt(KINDS.length)]);
            desc.append(' ')
                    .append(c)
                    .append('{')
                    .append(ParquetModel.fill(c, n, r))
                    .append('}');
            bloom[i] = r.nextInt(4) != 0;
            cols.add(c);
        }
        Path file = dir.resolve("bloom-" + seed + ".parquet");
        try {
            String settings =
                    parquetJava ? writeParquetJava(cols, bloom, n, file, r) : writeColcodec(cols, bloom, n, file, r);
            desc.append(" | ").append(settings);
            describe(desc.toString());
            if (parquetJava) {
                // (described before writing too, in case the writer fails)
                log("  written");
            }
            byte[] bytes = Files.readAllBytes(file);
            Set<String> dictionaryOnly = parquetJava ? dictionaryOnlyChunks(file) : Set.of();
            Map<String, byte[]> bitsets = checkColcodec(bytes, cols, bloom, dictionaryOnly, r);
            checkParquetJava(file, cols, bloom, bitsets);
            damaged(file, bytes, cols, r);
            badLocations(bytes, cols, r);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    // ------------------------------------------------------------------------------- writers

    private String writeParquetJava(List<Col> cols, boolean[] bloom, int n, Path file, SplittableRandom r)
            throws Exception {
        StringBuilder schema = new StringBuilder("message m {");
        for (Col c : cols) {
            schema.append(c.optional ? " optional " : " required ")
                    .append(c.parquetJavaPrimitive(c.name))
                    .append(";");
        }
        MessageType mt = MessageTypeParser.parseMessageType(schema.append(" }").toString());
        StringBuilder w = new StringBuilder();
        ParquetProperties.WriterVersion version = r.nextBoolean()
                ? ParquetProperties.WriterVersion.PARQUET_1_0
                : ParquetProperties.WriterVersion.PARQUET_2_0;
        boolean dict = r.nextBoolean();
        CompressionCodecName codec = r.nextBoolean() ? CompressionCodecName.UNCOMPRESSED : CompressionCodecName.SNAPPY;
        ExampleParquetWriter.Builder b = ExampleParquetWriter.builder(new LocalOutputFile(file))
                .withConf(new PlainParquetConfiguration())
                .withCodecFactory(new ParquetJavaCodecs())
                .withType(mt)
                .withWriterVersion(version)
                .withDictionaryEncoding(dict)
                .withCompressionCodec(codec)
                .withWriteMode(org.apache.parquet.hadoop.ParquetFileWriter.Mode.OVERWRITE);
        w.append(version).append(" dict=").append(dict).append(' ').append(codec);
        if (r.nextBoolean()) {
            // at most about 40 row groups: each has a filter per column
            int g = Math.max(n / 40, 1 + r.nextInt(3000));
            b.withRowGroupRowCountLimit(g);
            w.append(" rgRows=").append(g);
        }
        // a filter whose NDV is not given has the maximum size (1 MB by default): smaller ones
        int max = FuzzData.pick(r, 32, 64, 1024, 8192, 65536);
        b.withMaxBloomFilterBytes(max);
        w.append(" maxBloom=").append(max);
        for (int i = 0; i < cols.size(); i++) {
            if (!bloom[i]) {
                continue;
            }
            String name = cols.get(i).name;
            b.withBloomFilterEnabled(name, true);
            w.append(" bloom[").append(name);
            switch (r.nextInt(3)) {
                case 0 -> {
                    long ndv = 1 + r.nextInt(r.nextBoolean() ? 10 : 50_000);
                    b.withBloomFilterNDV(name, ndv);
                    w.append(" ndv=").append(ndv);
                }
                case 1 -> {
                    long ndv = 1 + r.nextInt(5000);
                    double fpp = new double[] {0.5, 0.1, 0.01, 0.0001}[r.nextInt(4)];
                    b.withBloomFilterNDV(name, ndv);
                    b.withBloomFilterFPP(name, fpp);
                    w.append(" ndv=").append(ndv).append(" fpp=").append(fpp);
                }
                default -> {
                    // the NDV left to the writer: a filter of the maximum size
                }
            }
            w.append(']');
        }
        describe("parquet-java writes " + n + " rows " + cols + " | " + w);
        try (ParquetWriter<Group> pw = b.build()) {
            SimpleGroupFactory f = new SimpleGroupFactory(mt);
            for (int i = 0; i < n; i++) {
                Group g = f.newGroup();
                for (Col c : cols) {
                    if (c.values[i] != null) {
                        ParquetFileFuzz.put(g, c.name, c.values[i]);
                    }
                }
                pw.write(g);
            }
        }
        return w.toString();
    }

    private static String writeColcodec(List<Col> cols, boolean[] bloom, int n, Path file, SplittableRandom r)
            throws Exception {
        List<ParquetColumn> schema = new ArrayList<>();
        cols.forEach(c -> schema.add(c.colcodecColumn()));
        StringBuilder w = new StringBuilder();
        ParquetWriteOptions o = ParquetWriteOptions.defaults()
                .withCompression(r.nextBoolean() ? Compression.UNCOMPRESSED : Compression.SNAPPY);
        if (r.nextBoolean()) {
            o = o.withPageVersion(ParquetWriteOptions.PageVersion.V2);
            w.append("V2");
        } else {
            w.append("V1");
        }
        if (r.nextBoolean()) {
            long rg = new long[] {1, 1000, 100_000}[r.nextInt(3)];
            o = o.withRowGroupSize(rg);
            w.append(" rg=").append(rg);
        }
        if (r.nextInt(4) == 0) {
            o = o.withDictionary(false);
            w.append(" nodict");
        }
        for (int i = 0; i < cols.size(); i++) {
            if (!bloom[i]) {
                continue;
            }
            String name = cols.get(i).name;
            if (r.nextBoolean()) {
                long ndv = 1 + r.nextInt(r.nextBoolean() ? 10 : 100_000);
                double fpp = new double[] {0.5, 0.1, 0.01, 0.0001}[r.nextInt(4)];
                o = o.withBloomFilter(name, ndv, fpp);
                w.append(" bloom[")
                        .append(name)
                        .append(" ndv=")
                        .append(ndv)
                        .append(" fpp=")
                        .append(fpp)
                        .append(']');
            } else {
                int bytes = 32 << r.nextInt(12);
                o = o.withBloomFilterOfSize(name, bytes);
                w.append(" bloom[").append(name).append(' ').append(bytes).append("B]");
            }
        }
        try (ParquetFileWriter fw = ParquetFileWriter.create(file, schema, o)) {
            for (int pos = 0; pos < n; ) {
                int len = r.nextInt(3) == 0 ? n - pos : 1 + r.nextInt(Math.min(n - pos, 2000));
                Object[] arrays = new Object[cols.size()];
                boolean[][] nulls = new boolean[cols.size()][];
                for (int ci = 0; ci < cols.size(); ci++) {
                    Col c = cols.get(ci);
                    nulls[ci] = c.optional ? new boolean[len] : null;
                    arrays[ci] = ParquetFileFuzz.arrays(c, pos, len, nulls[ci], r);
                }
                fw.write(arrays, nulls, len);
                pos += len;
                if (r.nextInt(8) == 0) {
                    fw.flushRowGroup();
                }
            }
        }
        return w.toString();
    }

    // ------------------------------------------------------------------------------- checks

    /** The typed hash of a value, as colcodec's writer hashes it (binaries by their bytes). */
    private static long typedHash(Col c, Object v) {
        return switch (c.phys()) {
            case INT32 -> SplitBlockBloomFilter.hash((int) (Integer) v);
            case INT64 -> SplitBlockBloomFilter.hash((long) (Long) v);
            case FLOAT -> SplitBlockBloomFilter.hash((float) (Float) v);
            case DOUBLE -> SplitBlockBloomFilter.hash((double) (Double) v);
            default -> SplitBlockBloomFilter.hash((byte[]) v, 0, ((byte[]) v).length);
        };
    }

    /** colcodec's reader: a filter exactly where written, no false negative; returns the bitsets by "g/c". */
    private Map<String, byte[]> checkColcodec(
            byte[] bytes, List<Col> cols, boolean[] bloom, Set<String> dictionaryOnly, SplittableRandom r)
            throws Exception {
        Map<String, byte[]> bitsets = new HashMap<>();
        try (ParquetFileReader pr = ParquetFileReader.open(bytes)) {
            long start = 0;
            for (int g = 0; g < pr.rowGroupCount(); g++) {
                long rows = pr.rowGroupRowCount(g);
                for (int ci = 0; ci < cols.size(); ci++) {
                    Col c = cols.get(ci);
                    SplitBlockBloomFilter f = pr.bloomFilter(g, ci);
                    String where = "row group " + g + " column " + c;
                    if (!bloom[ci]) {
                        if (f != null) {
                            throw new AssertionError(where + ": a Bloom filter that was not asked for");
                        }
                        continue;
                    }
                    if (f == null && dictionaryOnly.contains(g + "/" + ci)) {
                        continue; // parquet-java writes none for a chunk whose pages all use the dictionary
                    }
                    if (f == null) {
                        throw new AssertionError(where + ": colcodec reads no Bloom filter");
                    }
                    bitsets.put(g + "/" + ci, f.bitset());
                    int probes = 0;
                    for (long row = start; row < start + rows; row++) {
                        Object v = c.values[(int) row];
                        if (v == null) {
                            continue;
                        }
                        byte[] plain = ParquetModel.plain(c, v);
                        long h = SplitBlockBloomFilter.hash(plain, 0, plain.length);
                        if (typedHash(c, v) != h) {
                            throw new AssertionError(where + ": the typed hash of " + FuzzData.show(v)
                                    + " differs from the hash of its PLAIN bytes");
                        }
                        if (!f.mightContain(h)) {
                            throw new AssertionError(where + ": the Bloom filter (" + f.sizeBytes()
                                    + " bytes) says absent for " + FuzzData.show(v) + " of row " + row);
                        }
                        // through the pruning call, a few values (floats: not NaN or zeros, whose
                        // statistics conventions differ between writers; see ParquetFileFuzz.bloomProbes)
                        if (probes < 8
                                && r.nextInt(8) == 0
                                && !ParquetModel.isNaN(v)
                                && !(v instanceof Number x
                                        && c.order() == ParquetModel.Order.FLOAT
                                        && x.doubleValue() == 0)) {
                            probes++;
                            int gg = g;
                            if (Arrays.stream(pr.rowGroupsMightContain(ci, plain))
                                    .noneMatch(x -> x == gg)) {
                                throw new AssertionError(
                                        where + ": rowGroupsMightContain drops it for " + FuzzData.show(v));
                            }
                        }
                    }
                }
                start += rows;
            }
            if (start != cols.get(0).values.length) {
                throw new AssertionError(start + " rows in the row groups, written " + cols.get(0).values.length);
            }
        }
        return bitsets;
    }

    /**
     * The chunks ("g/c") parquet-java wrote with dictionary-encoded data pages only: it writes no Bloom
     * filter for them (a reader prunes with the dictionary instead).
     */
    private static Set<String> dictionaryOnlyChunks(Path file) throws Exception {
        Set<String> out = new HashSet<>();
        try (org.apache.parquet.hadoop.ParquetFileReader reader = org.apache.parquet.hadoop.ParquetFileReader.open(
                new LocalInputFile(file),
                ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
            List<BlockMetaData> blocks = reader.getFooter().getBlocks();
            for (int g = 0; g < blocks.size(); g++) {
                List<ColumnChunkMetaData> cms = blocks.get(g).getColumns();
                for (int c = 0; c < cms.size(); c++) {
                    EncodingStats es = cms.get(c).getEncodingStats();
                    if (es != null && es.hasDictionaryPages() && !es.hasNonDictionaryEncodedPages()) {
                        out.add(g + "/" + c);
                    }
                }
            }
        }
        return out;
    }

    private static Object parquetJavaValue(Object v) {
        return v instanceof byte[] b ? Binary.fromConstantByteArray(b) : v;
    }

    /** parquet-java reads every filter: colcodec's bitset, colcodec's hashes, every value present. */
    private static void checkParquetJava(Path file, List<Col> cols, boolean[] bloom, Map<String, byte[]> bitsets)
            throws Exception {
        try (org.apache.parquet.hadoop.ParquetFileReader reader = org.apache.parquet.hadoop.ParquetFileReader.open(
                new LocalInputFile(file),
                ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
            List<BlockMetaData> blocks = reader.getFooter().getBlocks();
            long start = 0;
            for (int g = 0; g < blocks.size(); g++) {
                BlockMetaData bm = blocks.get(g);
                for (int ci = 0; ci < cols.size(); ci++) {
                    if (!bloom[ci]) {
                        continue;
                    }
                    Col c = cols.get(ci);
                    String where = "parquet-java, row group " + g + " column " + c;
                    ColumnChunkMetaData cm = bm.getColumns().get(ci);
                    BloomFilter bf = reader.getBloomFilterDataReader(bm).readBloomFilter(cm);
                    if (bf == null && !bitsets.containsKey(g + "/" + ci)) {
                        continue; // none written (a dictionary-only chunk of parquet-java), as colcodec reads
                    }
                    if (bf == null) {
                        throw new AssertionError(where + ": no Bloom filter");
                    }
                    ByteArrayOutputStream bits = new ByteArrayOutputStream();
                    bf.writeTo(bits);
                    if (!Arrays.equals(bits.toByteArray(), bitsets.get(g + "/" + ci))) {
                        throw new AssertionError(where + ": a bitset of " + bits.size() + " bytes, colcodec reads "
                                + bitsets.get(g + "/" + ci).length + " bytes, or other bits");
                    }
                    for (long row = start; row < start + bm.getRowCount(); row++) {
                        Object v = c.values[(int) row];
                        if (v == null) {
                            continue;
                        }
                        long h = bf.hash(parquetJavaValue(v));
                        if (h != typedHash(c, v)) {
                            throw new AssertionError(where + ": parquet-java hashes " + FuzzData.show(v) + " to " + h
                                    + ", colcodec to " + typedHash(c, v));
                        }
                        if (!bf.findHash(h)) {
                            throw new AssertionError(
                                    where + ": says absent for " + FuzzData.show(v) + " of row " + row);
                        }
                    }
                }
                start += bm.getRowCount();
            }
        }
    }

    /**
     * The footer with a chunk's {@code bloom_filter_offset} and {@code bloom_filter_length} changed
     * (outside the file, before its start, into the pages or another filter, the length unset, negative,
     * zero or huge): colcodec's Bloom filter calls answer or throw CorruptInputException.
     */
    private void badLocations(byte[] good, List<Col> cols, SplittableRandom r) throws Exception {
        int footerStart = good.length - 8 - dev.colcodec.io.ByteIO.getIntLE(good, good.length - 8);
        for (int k = 0; k < 4; k++) {
            org.apache.parquet.format.FileMetaData md = ParquetTestFiles.footer(good);
            if (md.getRow_groups().isEmpty()) {
                return;
            }
            List<org.apache.parquet.format.ColumnChunk> chunks =
                    md.getRow_groups().get(r.nextInt(md.getRow_groups().size())).getColumns();
            org.apache.parquet.format.ColumnMetaData cm =
                    chunks.get(r.nextInt(chunks.size())).getMeta_data();
            long at = cm.isSetBloom_filter_offset() ? cm.getBloom_filter_offset() : 4;
            long[] offsets = {
                0,
                3,
                4,
                at + 1,
                at - 1,
                at + 16,
                footerStart,
                good.length - 8,
                good.length,
                good.length + 100,
                Long.MAX_VALUE,
                Long.MIN_VALUE,
                -1,
                cm.getData_page_offset(),
                at
            };
            int len = cm.isSetBloom_filter_length() ? cm.getBloom_filter_length() : 64;
            int[] lengths = {0, -1, 1, 16, len - 1, len + 1, Integer.MAX_VALUE, Integer.MIN_VALUE, len, 1 << 20};
            StringBuilder how = new StringBuilder();
            if (r.nextInt(4) != 0) {
                cm.setBloom_filter_offset(offsets[r.nextInt(offsets.length)]);
                how.append("offset=").append(cm.getBloom_filter_offset());
            }
            if (r.nextInt(4) == 0) {
                cm.unsetBloom_filter_length();
                how.append(" no length");
            } else if (r.nextBoolean()) {
                cm.setBloom_filter_length(lengths[r.nextInt(lengths.length)]);
                how.append(" length=").append(cm.getBloom_filter_length());
            }
            probeAll(ParquetTestFiles.withFooter(good, md), cols, r, "filter location " + how, true);
        }
    }

    /** Every Bloom filter call on a damaged file: an answer or CorruptInputException. */
    private static void probeAll(byte[] bad, List<Col> cols, SplittableRandom r, String how, boolean openMayFail) {
        try (ParquetFileReader pr = ParquetFileReader.open(bad)) {
            for (int g = 0; g < pr.rowGroupCount(); g++) {
                for (int ci = 0; ci < cols.size(); ci++) {
                    try {
                        SplitBlockBloomFilter bf = pr.bloomFilter(g, ci);
                        if (bf != null) {
                            bf.mightContain(r.nextLong());
                        }
                    } catch (CorruptInputException expected) {
                        // reported as damaged
                    }
                }
            }
            for (int ci = 0; ci < cols.size(); ci++) {
                Col c = cols.get(ci);
                Object v = Arrays.stream(c.values)
                        .filter(x -> x != null)
                        .findFirst()
                        .orElse(null);
                if (v != null) {
                    try {
                        pr.rowGroupsMightContain(ci, ParquetModel.plain(c, v));
                    } catch (CorruptInputException expected) {
                        // reported as damaged
                    }
                }
            }
        } catch (CorruptInputException e) {
            if (!openMayFail) {
                // the footer was fine: only the filter calls may report the damage
                throw new AssertionError("damaged filter (" + how + "): the footer does not open: " + e, e);
            }
        } catch (Exception | Error e) {
            throw new AssertionError("damaged filter (" + how + "): " + e, e);
        }
    }

    /** Damaged filter bytes: colcodec's Bloom filter calls answer or throw CorruptInputException. */
    private void damaged(Path file, byte[] good, List<Col> cols, SplittableRandom r) throws Exception {
        List<long[]> filters = new ArrayList<>(); // offset, length (or -1)
        try (org.apache.parquet.hadoop.ParquetFileReader reader = org.apache.parquet.hadoop.ParquetFileReader.open(
                new LocalInputFile(file),
                ParquetReadOptions.builder(new PlainParquetConfiguration()).build())) {
            for (BlockMetaData bm : reader.getFooter().getBlocks()) {
                for (ColumnChunkMetaData cm : bm.getColumns()) {
                    if (cm.getBloomFilterOffset() >= 0) {
                        filters.add(new long[] {cm.getBloomFilterOffset(), cm.getBloomFilterLength()});
                    }
                }
            }
        }
        if (filters.isEmpty()) {
            return;
        }
        for (int k = 0; k < 8; k++) {
            long[] f = filters.get(r.nextInt(filters.size()));
            int from = (int) f[0];
            int len = f[1] > 0 ? (int) f[1] : 40;
            // the header (its first bytes) half of the time, else anywhere in the filter
            int to = (int) Math.min(good.length - 8L, from + (r.nextBoolean() ? Math.min(len, 24) : len));
            if (to <= from) {
                continue;
            }
            byte[] bad = good.clone();
            StringBuilder how = new StringBuilder();
            int kind = r.nextInt(3);
            int at = from + r.nextInt(to - from);
            int span = Math.min(to - at, 1 + r.nextInt(kind == 0 ? 1 : 16));
            for (int i = at; i < at + span; i++) {
                bad[i] = switch (kind) {
                    case 0 -> (byte) (bad[i] ^ (1 << r.nextInt(8)));
                    case 1 -> (byte) r.nextInt(256);
                    default -> 0;
                };
            }
            how.append(new String[] {"flip", "random", "zero"}[kind])
                    .append('@')
                    .append(at)
                    .append('+')
                    .append(span);
            probeAll(bad, cols, r, how.toString(), false);
        }
    }
}
