package dev.colcodec.format.cli;

import dev.colcodec.format.advisor.Candidate;
import dev.colcodec.format.advisor.Column;
import dev.colcodec.format.advisor.EncodingAdvisor;
import dev.colcodec.format.advisor.Format;
import dev.colcodec.format.advisor.Policy;
import dev.colcodec.format.compress.Compression;
import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileReader;
import dev.colcodec.format.parquet.ParquetFileWriter;
import dev.colcodec.format.parquet.ParquetWriteOptions;
import dev.colcodec.format.parquet.SplitBlockBloomFilter;
import dev.colcodec.format.tsfile.TsFileLayout;
import dev.colcodec.format.tsfile.TsFileReader;
import dev.colcodec.format.tsfile.TsFileWriter;
import dev.colcodec.format.tsfile.TsTableSchema;
import dev.colcodec.parquet.ParquetEncoding;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.tsfile.TsDataType;
import dev.colcodec.tsfile.TsEncoding;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code rewrite IN OUT [--codec C] [--encoding COLUMN=ENCODING ...] [--page-version 1|2] [--advise POLICY]}:
 * the same rows in a file of the same format, with another codec, per-column encodings or (Parquet)
 * page version. Unset choices keep the input's codec (Parquet: of its first chunk; TsFile: per column)
 * and, for TsFiles, the encodings; Parquet pages default to V1 with the writer's default encodings.
 */
final class RewriteCommand {
    static final String USAGE =
            "rewrite IN OUT [--codec C] [--encoding COLUMN=ENCODING ...] [--page-version 1|2] [--advise smallest|fastest|balanced]";

    /** The TsFile time column's name in {@code --encoding}. */
    static final String TIME = "time";

    private RewriteCommand() {}

    static int run(List<String> argList, PrintStream out, EncodingAdvisor advisor) throws IOException {
        CliArgs args = new CliArgs(
                "rewrite", argList, Set.of("--codec", "--encoding", "--page-version", "--advise"), Set.of());
        List<String> files = args.positional(2, "IN OUT");
        Path in = Path.of(files.get(0));
        Writers.Target target = new Writers.Target(Path.of(files.get(1)));
        FileFormat format = FileFormat.detect(in);
        if (Files.exists(target.path()) && Files.isSameFile(in, target.path())) {
            throw new UsageException("rewrite: OUT must differ from IN");
        }
        Compression codec = args.option("--codec") == null ? null : Names.codec(args.option("--codec"), format);
        Policy policy = args.option("--advise") == null ? null : Samples.policy(args.option("--advise"));
        Map<String, String> encodings = args.encodings();
        try {
            if (format == FileFormat.PARQUET) {
                ParquetWriteOptions.PageVersion version = pageVersion(args.option("--page-version"));
                rewriteParquet(in, target, codec, version, encodings, policy, advisor, out);
            } else {
                if (args.option("--page-version") != null) {
                    throw new UsageException("rewrite: --page-version applies to Parquet files only");
                }
                // the file is not read whole: the reader reads its metadata and chunks, the layout its headers
                try (TsFileReader r = TsFileReader.open(in);
                        FileChannel channel = FileChannel.open(in, StandardOpenOption.READ)) {
                    List<TsFileLayout.ChunkGroup> groups = TsFileLayout.scan(channel, r.metadataOffset());
                    rewriteTsFile(r, groups, target, codec, encodings, policy, advisor, out);
                }
            }
            target.commit();
        } catch (IOException | RuntimeException | Error e) {
            // an OutOfMemoryError too, which the CLI reports as one line: no part-written OUT stays
            try {
                target.deleteIfCreated();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
        return 0;
    }

    private static ParquetWriteOptions.PageVersion pageVersion(String v) {
        if (v == null || v.equals("1")) {
            return ParquetWriteOptions.PageVersion.V1;
        }
        if (v.equals("2")) {
            return ParquetWriteOptions.PageVersion.V2;
        }
        throw new UsageException("rewrite: --page-version is 1 or 2, got '" + v + "'");
    }

    private static void rewriteParquet(
            Path in,
            Writers.Target target,
            Compression codec,
            ParquetWriteOptions.PageVersion version,
            Map<String, String> encodings,
            Policy policy,
            EncodingAdvisor advisor,
            PrintStream out)
            throws IOException {
        try (ParquetFileReader r = ParquetFileReader.open(in)) {
            ParquetTables.requireFlat(r, "rewrite");
            ParquetTables.requireKnownAnnotations(r, "rewrite");
            if (codec == null) {
                codec = r.rowGroupCount() == 0 ? Compression.UNCOMPRESSED : r.compression(0, 0);
                if (codec == Compression.LZ4_HADOOP) {
                    codec = Compression.LZ4_RAW;
                } else if (codec == Compression.BROTLI) {
                    out.println("note: colcodec writes no BROTLI; the pages are written with ZSTD (--codec chooses)");
                    codec = Compression.ZSTD;
                }
            }
            ParquetWriteOptions options = ParquetWriteOptions.defaults()
                    .withCompression(codec)
                    .withPageVersion(version)
                    .withKeyValueMetadata(r.keyValueMetadata());
            int[] all = new int[r.columns().size()];
            for (int i = 0; i < all.length; i++) {
                all[i] = i;
            }
            // Bloom filters are kept, each column's of the size of its largest (a damaged filter is dropped)
            for (int c = 0; c < all.length; c++) {
                if (r.columns().get(c).type() == PhysicalType.BOOLEAN) {
                    continue; // colcodec writes none for BOOLEAN columns
                }
                String name = ParquetTables.name(r.columns().get(c));
                int bytes = 0;
                try {
                    for (int g = 0; g < r.rowGroupCount(); g++) {
                        SplitBlockBloomFilter f = r.bloomFilter(g, c);
                        bytes = Math.max(bytes, f == null ? 0 : f.sizeBytes());
                    }
                } catch (dev.colcodec.CorruptInputException e) {
                    out.println(name + ": Bloom filter not kept (" + e.getMessage() + ")");
                    bytes = 0;
                }
                if (bytes > 0) {
                    options = options.withBloomFilterOfSize(name, bytes);
                }
            }
            Set<String> arrowDictionaries = arrowDictionaries(r);
            // the columns given an encoding, by --encoding or by the advisor
            Set<String> chosen = new java.util.HashSet<>();
            for (Map.Entry<String, String> e : encodings.entrySet()) {
                if (r.columnIndex(e.getKey()) < 0) {
                    throw new UsageException("rewrite: no column " + e.getKey());
                }
                ParquetEncoding enc = Names.parquetEncoding(e.getValue());
                if (arrowDictionaries.contains(e.getKey()) && !readsIntoArrowDictionary(enc)) {
                    out.println("note: column " + e.getKey() + " is of dictionary type in the file's Arrow schema,"
                            + " and Arrow reads no " + enc + " page into it");
                }
                options = options.withEncoding(e.getKey(), enc);
                chosen.add(e.getKey());
            }
            if (policy != null) {
                EncodingAdvisor restricted = Samples.restrict(advisor, Format.PARQUET, List.of(codec));
                List<Samples.Collector> samples = collectParquet(r, all, restricted.sampleSize());
                for (int i = 0; i < all.length; i++) {
                    ParquetColumn c = r.columns().get(i);
                    String name = ParquetTables.name(c);
                    if (encodings.containsKey(name)) {
                        out.println(name + ": " + encodings.get(name) + " (given)");
                        continue;
                    }
                    Column sample = c.type() == PhysicalType.FIXED_LEN_BYTE_ARRAY || c.type() == PhysicalType.INT96
                            ? null
                            : samples.get(i).column();
                    Candidate best = sample == null ? null : Samples.recommend(restricted, sample, policy);
                    if (best == null) {
                        out.println(name + ": writer default (the advisor has no candidate for " + c.type() + ")");
                        continue;
                    }
                    ParquetEncoding enc =
                            ParquetEncoding.valueOf(best.encoding().name());
                    if (arrowDictionaries.contains(name) && !readsIntoArrowDictionary(enc)) {
                        out.println(name + ": writer default (the advisor chose " + Samples.describe(best)
                                + ", but the column is of dictionary type in the file's Arrow schema, which Arrow"
                                + " fills from dictionary and PLAIN pages only)");
                        continue;
                    }
                    options = options.withEncoding(name, enc);
                    chosen.add(name);
                    out.println(name + ": " + Samples.describe(best));
                }
            }
            options = arrowFallbacks(r, options, version, arrowDictionaries, chosen, out);
            // the columns with their field ids, and the schema's name (table formats such as Iceberg map
            // columns by field id)
            options = options.withSchemaName(r.schemaName());
            try (ParquetFileWriter w = Writers.parquet("rewrite", target, r.columns(), options)) {
                for (int g = 0; g < r.rowGroupCount(); g++) {
                    List<ColumnValues> cols = ParquetTables.readRowGroup(r, g, all);
                    ParquetTables.write(w, cols, (int) r.rowGroupRowCount(g));
                    w.flushRowGroup();
                }
            }
        }
    }

    /**
     * The columns of dictionary type in the Arrow schema of a file written by Arrow (its footer's {@value
     * #ARROW_SCHEMA}; none without one). Arrow's reader fills them from dictionary and PLAIN pages only:
     * "Not yet implemented: DecodeArrow of DictAccumulator for DeltaByteArrayDecoder" (pyarrow 26.0.1).
     */
    static Set<String> arrowDictionaries(ParquetFileReader r) {
        String schema = r.keyValueMetadata().get(ARROW_SCHEMA);
        return schema == null ? Set.of() : ArrowSchemaFields.dictionaryFields(schema);
    }

    /** Whether Arrow reads pages of {@code e} into a column of dictionary type. */
    static boolean readsIntoArrowDictionary(ParquetEncoding e) {
        return e == ParquetEncoding.PLAIN || e.usesDictionary();
    }

    /**
     * V2 pages fall back from a dictionary to DELTA_BYTE_ARRAY by default: for the columns of dictionary
     * type in the file's Arrow schema ({@link #arrowDictionaries}) given no encoding, the dictionaries fall
     * back to PLAIN instead, as Arrow's own writer does, with a note.
     */
    static ParquetWriteOptions arrowFallbacks(
            ParquetFileReader r,
            ParquetWriteOptions options,
            ParquetWriteOptions.PageVersion version,
            Set<String> arrowDictionaries,
            Set<String> chosen,
            PrintStream out) {
        if (version != ParquetWriteOptions.PageVersion.V2) {
            return options;
        }
        List<String> plain = new ArrayList<>();
        for (ParquetColumn c : r.columns()) {
            String name = ParquetTables.name(c);
            if (c.type() == PhysicalType.BYTE_ARRAY && arrowDictionaries.contains(name) && !chosen.contains(name)) {
                options = options.withFallbackEncoding(name, ParquetEncoding.PLAIN);
                plain.add(name);
            }
        }
        if (!plain.isEmpty()) {
            out.println("note: the dictionaries of " + String.join(", ", plain) + " (of dictionary type in the file's"
                    + " Arrow schema) fall back to PLAIN, as Arrow writes them (Arrow reads no DELTA_BYTE_ARRAY page"
                    + " into a dictionary type)");
        }
        return options;
    }

    /** The footer key under which Arrow writers store their schema. */
    static final String ARROW_SCHEMA = "ARROW:schema";

    static List<Samples.Collector> collectParquet(ParquetFileReader r, int[] cols, int limit) throws IOException {
        List<Samples.Collector> samples = new ArrayList<>();
        for (int c : cols) {
            samples.add(new Samples.Collector(ParquetTables.name(r.columns().get(c)), limit));
        }
        for (int g = 0; g < r.rowGroupCount(); g++) {
            if (samples.stream().allMatch(Samples.Collector::full)) {
                break;
            }
            List<ColumnValues> values = ParquetTables.readRowGroup(r, g, cols);
            for (int i = 0; i < cols.length; i++) {
                samples.get(i).add(values.get(i));
            }
        }
        return samples;
    }

    /** A TsFile name as TsFile names are: in lower case. */
    private static String lowerCase(String name) {
        return name.toLowerCase(java.util.Locale.ROOT);
    }

    private static void rewriteTsFile(
            TsFileReader r,
            List<TsFileLayout.ChunkGroup> groups,
            Writers.Target target,
            Compression codec,
            Map<String, String> encodings,
            Policy policy,
            EncodingAdvisor advisor,
            PrintStream out)
            throws IOException {
        if (!r.treeDevices().isEmpty()) {
            // rewrite writes table-model files: tree-model devices would be dropped, not rewritten
            throw new UsageException("rewrite: the file holds tree-model devices, which rewrite cannot write: "
                    + abbreviated(r.treeDevices()));
        }
        TsFileWriter.Options options = new TsFileWriter.Options().properties(r.properties());
        for (TsFileLayout.ChunkGroup g : groups) {
            for (TsFileLayout.Chunk c : g.chunks()) {
                if (c.header().isTimeChunk()) {
                    // a damaged header may name an encoding its type cannot have: bad input, as to a query
                    if (!dev.colcodec.tsfile.TsFileValues.supports(c.header().encoding(), TsDataType.INT64)) {
                        throw new dev.colcodec.CorruptInputException(
                                c.offset(),
                                "an encoding and data type colcodec can decode ("
                                        + c.header().encoding() + " for time stamps)");
                    }
                    options.timeEncoding(c.header().encoding())
                            .timeCompression(c.header().compression());
                    break;
                }
            }
            break;
        }
        List<String> tables = new ArrayList<>();
        Set<String> fieldNames = new java.util.HashSet<>();
        for (String table : r.tables()) {
            if (r.schema(table) != null) {
                tables.add(table);
                for (TsTableSchema.Column c : TsTables.columns(r.schema(table), TsTableSchema.Category.FIELD)) {
                    fieldNames.add(c.name());
                    fieldNames.add(lowerCase(c.name()));
                }
            }
        }
        Map<String, TsEncoding> given = new HashMap<>();
        if (encodings.containsKey(TIME) && fieldNames.contains(TIME)) {
            // it would set both the time column's encoding and that field's
            throw new UsageException("rewrite: --encoding " + TIME + "=... names both the time column and the FIELD"
                    + " column " + TIME + " of this file");
        }
        Map<String, String> byLowerCase = new HashMap<>();
        for (String k : encodings.keySet()) {
            String other = byLowerCase.put(lowerCase(k), k);
            if (other != null) {
                // both would name one TsFile column
                throw new UsageException("rewrite: --encoding names " + other + " and " + k
                        + ", one column in a TsFile, whose names are lower case");
            }
        }
        for (Map.Entry<String, String> e : encodings.entrySet()) {
            if (!e.getKey().equals(TIME) && !fieldNames.contains(e.getKey())) {
                throw new UsageException("rewrite: no FIELD column " + e.getKey() + " (or '" + TIME + "')");
            }
            given.put(e.getKey(), Names.tsEncoding(e.getValue()));
        }
        if (codec != null) {
            options.timeCompression(codec);
        }
        EncodingAdvisor restricted =
                policy == null ? null : Samples.restrict(advisor, Format.TSFILE, codec == null ? null : List.of(codec));
        // the advisor's samples: the first values of the time column over all tables, and of each FIELD
        // column the advisor chooses for over its table's devices, read until every sample is full
        Samples.Collector times = policy != null && !given.containsKey(TIME)
                ? new Samples.Collector(TIME, restricted.sampleSize())
                : null;
        Map<String, Samples.Collector[]> samples = new HashMap<>();
        if (policy != null) {
            sample(r, tables, given, restricted.sampleSize(), times, samples);
        }
        if (given.containsKey(TIME)) {
            Writers.timeEncoding("rewrite", options, given.get(TIME));
        } else if (times != null) {
            Candidate best = times.column() == null ? null : Samples.recommend(restricted, times.column(), policy);
            if (best != null) {
                options.timeEncoding(Names.tsEncoding(best.encoding().name())).timeCompression(best.codec());
                out.println(TIME + ": " + Samples.describe(best));
            }
        }
        List<TsTableSchema> schemas = new ArrayList<>();
        // TsFile names are lower case (tsfile looks tables and columns up so): a file another writer gave
        // upper-case names is written with lower-case ones, with a note; ones that would then collide are refused
        Map<String, String> tableOf = new HashMap<>();
        for (String table : tables) {
            TsTables.claimTsFileName(tableOf, "rewrite", "tables", table, lowerCase(table));
        }
        for (String table : tables) {
            TsTableSchema old = r.schema(table);
            TsTables.tsFileName(out, "table", table);
            Map<String, String> columnOf = new HashMap<>();
            for (TsTableSchema.Column c : old.columns()) {
                TsTables.claimTsFileName(
                        columnOf, "rewrite", "columns", c.name(), TsTables.tsFileName(out, "column", c.name()));
            }
            List<TsTableSchema.Column> cols = new ArrayList<>();
            List<TsTableSchema.Column> fields = TsTables.columns(old, TsTableSchema.Category.FIELD);
            for (TsTableSchema.Column c : old.columns()) {
                if (c.category() != TsTableSchema.Category.FIELD) {
                    cols.add(new TsTableSchema.Column(
                            lowerCase(c.name()),
                            c.type(),
                            c.encoding(),
                            c.compression(),
                            c.category(),
                            c.properties()));
                    continue;
                }
                TsEncoding enc = given.getOrDefault(c.name(), given.getOrDefault(lowerCase(c.name()), c.encoding()));
                Compression comp = codec == null ? c.compression() : codec;
                Samples.Collector sample = policy == null ? null : samples.get(table)[fields.indexOf(c)];
                if (sample != null) {
                    Candidate best =
                            sample.column() == null ? null : Samples.recommend(restricted, sample.column(), policy);
                    if (best == null) {
                        out.println(
                                c.name() + ": " + enc + " kept (the advisor has no candidate for " + c.type() + ")");
                    } else {
                        enc = Names.tsEncoding(best.encoding().name());
                        comp = best.codec();
                        out.println(c.name() + ": " + Samples.describe(best));
                    }
                }
                cols.add(new TsTableSchema.Column(
                        lowerCase(c.name()), c.type(), enc, comp, c.category(), c.properties()));
            }
            schemas.add(new TsTableSchema(lowerCase(table), cols));
        }
        // one chunk group's rows at a time: a file of any size is rewritten in the memory of its largest
        // chunk group (a part-written OUT is deleted if a later one fails)
        try (TsFileWriter w = Writers.tsfile("rewrite", target, schemas, options)) {
            for (int k = 0; k < schemas.size(); k++) {
                TsTableSchema s = schemas.get(k);
                String table = tables.get(k); // the input's name
                TsTables.DateCheck dates = new TsTables.DateCheck(
                        r.schema(table),
                        TsFileWriter::isDate,
                        "a yyyyMMdd date of the years 1000 to 9999",
                        () -> groups);
                for (Iterator<TsTables.DeviceRows> it = TsTables.stream(r, table); it.hasNext(); ) {
                    TsTables.DeviceRows d = it.next();
                    dates.check(d);
                    try {
                        w.write(TsTables.tablet("rewrite", s, d, RewriteCommand::lowerCase, w));
                    } catch (IllegalArgumentException e) {
                        if (e.getMessage() == null || !e.getMessage().startsWith("times must ascend")) {
                            throw e;
                        }
                        // a device whose chunk groups overlap in time (an unsequence file) or repeat a time
                        throw new IllegalArgumentException(
                                "the input's rows of a device do not ascend in time, which a TsFile written"
                                        + " in one pass needs: " + e.getMessage(),
                                e);
                    }
                }
            }
        }
    }

    /**
     * Fills the advisor's samples in file order: {@code times} (if not null) from every table, and for each
     * table a collector per FIELD column whose encoding was not given (null entries for the others),
     * reading chunk groups until every sample is full.
     */
    private static void sample(
            TsFileReader r,
            List<String> tables,
            Map<String, TsEncoding> given,
            int sampleSize,
            Samples.Collector times,
            Map<String, Samples.Collector[]> samples) {
        for (String table : tables) {
            List<TsTableSchema.Column> fields = TsTables.columns(r.schema(table), TsTableSchema.Category.FIELD);
            Samples.Collector[] cs = new Samples.Collector[fields.size()];
            for (int i = 0; i < cs.length; i++) {
                if (!given.containsKey(fields.get(i).name())) {
                    cs[i] = new Samples.Collector(fields.get(i).name(), sampleSize)
                            .tsType(fields.get(i).type());
                }
            }
            samples.put(table, cs);
        }
        for (String table : tables) {
            TsTables.sample(r, table, times, samples.get(table));
        }
    }

    /** The first devices of {@code devices}, and how many more. */
    static String abbreviated(List<String> devices) {
        int shown = Math.min(3, devices.size());
        String list = String.join(", ", devices.subList(0, shown));
        return devices.size() > shown ? list + " and " + (devices.size() - shown) + " more" : list;
    }
}
