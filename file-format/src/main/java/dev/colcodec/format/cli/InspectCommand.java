package dev.colcodec.format.cli;

import dev.colcodec.CorruptInputException;
import dev.colcodec.format.io.FileWindow;
import dev.colcodec.format.parquet.ColumnStatistics;
import dev.colcodec.format.parquet.ParquetColumn;
import dev.colcodec.format.parquet.ParquetFileReader;
import dev.colcodec.format.parquet.ParquetLogicalType;
import dev.colcodec.format.parquet.ParquetThrift;
import dev.colcodec.format.tsfile.TsFileLayout;
import dev.colcodec.format.tsfile.TsFileReader;
import dev.colcodec.format.tsfile.TsMeasurement;
import dev.colcodec.format.tsfile.TsStatistics;
import dev.colcodec.format.tsfile.TsTableSchema;
import dev.colcodec.io.ByteIO;
import dev.colcodec.parquet.PhysicalType;
import dev.colcodec.tsfile.TsDataType;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageEncodingStats;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Statistics;

/** {@code inspect FILE [--pages]}: schema, row groups or chunk groups, chunks, and with --pages the page headers. */
final class InspectCommand {
    static final String USAGE = "inspect FILE [--pages]";

    private InspectCommand() {}

    static int run(List<String> argList, PrintStream out) throws IOException {
        CliArgs args = new CliArgs("inspect", argList, Set.of(), Set.of("--pages"));
        Path file = Path.of(args.positional(1, "FILE").get(0));
        boolean pages = args.flag("--pages");
        // files of any size: the readers read their metadata, and the page and chunk headers are read
        // through a window, without reading the file whole
        if (FileFormat.detect(file) == FileFormat.PARQUET) {
            try (ParquetFileReader r = ParquetFileReader.open(file)) {
                if (!pages) {
                    inspectParquet(r, null, out);
                    return 0;
                }
                try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                    inspectParquet(r, FileWindow.of(channel), out);
                }
            }
        } else {
            try (TsFileReader r = TsFileReader.open(file);
                    FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                inspectTsFile(r, channel, pages, out);
            }
        }
        return 0;
    }

    // ---- Parquet ---------------------------------------------------------------------------------

    private static void inspectParquet(ParquetFileReader r, FileWindow file, PrintStream out) {
        out.println("format: Parquet");
        out.println("created_by: " + r.createdBy());
        out.println("rows: " + r.rowCount());
        out.println("row groups: " + r.rowGroupCount());
        for (Map.Entry<String, String> kv : r.keyValueMetadata().entrySet()) {
            out.println("metadata: " + kv.getKey() + " = " + abbreviate(kv.getValue()));
        }
        out.println("schema:");
        for (int i = 0; i < r.columns().size(); i++) {
            ParquetColumn c = r.columns().get(i);
            String unknown = r.unknownAnnotation(i);
            out.println("  " + ParquetTables.name(c) + ": " + typeName(c)
                    + (unknown != null ? " (annotation " + unknown + ", not read)" : "") + " maxDef="
                    + c.maxDefinitionLevel() + " maxRep=" + c.maxRepetitionLevel());
        }
        FileMetaData footer = r.metadata();
        for (int g = 0; g < r.rowGroupCount(); g++) {
            out.println("row group " + g + ": " + r.rowGroupRowCount(g) + " rows");
            for (int c = 0; c < r.columns().size(); c++) {
                ParquetColumn col = r.columns().get(c);
                ColumnChunk cc = footer.getRow_groups().get(g).getColumns().get(c);
                ColumnMetaData md = cc.getMeta_data();
                if (md == null) {
                    throw new CorruptInputException(0, "column metadata of row group " + g + " column " + c);
                }
                ColumnStatistics s = r.statistics(g, c);
                ColumnStatistics.Order order = r.order(c);
                out.println("  " + ParquetTables.name(col) + ": codec=" + md.getCodec() + " encodings="
                        + md.getEncodings() + " values=" + md.getNum_values() + " compressed="
                        + md.getTotal_compressed_size() + " uncompressed=" + md.getTotal_uncompressed_size()
                        + " nulls=" + (s.nullCount() < 0 ? "?" : Long.toString(s.nullCount()))
                        + (md.isSetBloom_filter_offset()
                                ? " bloom_filter="
                                        + (md.isSetBloom_filter_length() ? md.getBloom_filter_length() + "B" : "yes")
                                : "")
                        + (s.hasMinMax()
                                ? " min=" + bound(col, order, s.min()) + " max=" + bound(col, order, s.max())
                                : "")
                        + footerExtras(cc, md));
                // a chunk of no values in a row group of no rows has no pages, wherever its offsets point
                if (file != null && !(md.getNum_values() == 0 && r.rowGroupRowCount(g) == 0)) {
                    pages(col, order, md, file, out);
                }
            }
        }
    }

    /**
     * The optional footer fields of a chunk that say how it was written: its page encoding counts ({@code
     * encoding_stats}), the plain size of its BYTE_ARRAY values ({@code size_statistics}), and where its
     * page index lies; empty for fields that are not set.
     */
    static String footerExtras(ColumnChunk cc, ColumnMetaData md) {
        StringBuilder sb = new StringBuilder();
        if (md.isSetEncoding_stats()) {
            sb.append(" encoding_stats=[");
            String sep = "";
            for (PageEncodingStats e : md.getEncoding_stats()) {
                sb.append(sep)
                        .append(e.getPage_type())
                        .append('/')
                        .append(e.getEncoding())
                        .append('x')
                        .append(e.getCount());
                sep = ", ";
            }
            sb.append(']');
        }
        if (md.isSetSize_statistics() && md.getSize_statistics().isSetUnencoded_byte_array_data_bytes()) {
            sb.append(" unencoded_bytes=").append(md.getSize_statistics().getUnencoded_byte_array_data_bytes());
        }
        if (cc.isSetColumn_index_offset() && cc.isSetColumn_index_length()) {
            sb.append(" column_index=").append(cc.getColumn_index_length()).append('B');
        }
        if (cc.isSetOffset_index_offset() && cc.isSetOffset_index_length()) {
            sb.append(" offset_index=").append(cc.getOffset_index_length()).append('B');
        }
        return sb.toString();
    }

    private static void pages(
            ParquetColumn col, ColumnStatistics.Order order, ColumnMetaData md, FileWindow file, PrintStream out) {
        long start = md.getData_page_offset();
        if (md.isSetDictionary_page_offset()
                && md.getDictionary_page_offset() > 0
                && md.getDictionary_page_offset() < start) {
            start = md.getDictionary_page_offset();
        }
        long end = start + md.getTotal_compressed_size();
        if (start < 4 || md.getTotal_compressed_size() < 0 || end > file.length() - 8) {
            // a footer error, reported as the reader reports footer errors: at the end of the file
            throw new CorruptInputException(
                    file.length(),
                    "a column chunk inside the file, got offset " + start + " size " + md.getTotal_compressed_size());
        }
        long at = start;
        while (at < end) {
            PageHeader h = file.parse(at, end, in -> {
                ParquetThrift.Decoded<PageHeader> d =
                        ParquetThrift.readPageHeader(in.buffer(), in.position(), in.remaining(), 0);
                in.skip(d.length(), "a page header");
                return d.value();
            });
            StringBuilder sb = new StringBuilder("    page @" + at + ": " + h.getType());
            sb.append(" compressed=").append(h.getCompressed_page_size());
            sb.append(" uncompressed=").append(h.getUncompressed_page_size());
            if (h.isSetCrc()) {
                sb.append(" crc=").append(Integer.toHexString(h.getCrc()));
            }
            if (h.isSetDictionary_page_header()) {
                sb.append(" values=").append(h.getDictionary_page_header().getNum_values());
                sb.append(" encoding=").append(h.getDictionary_page_header().getEncoding());
            }
            if (h.isSetData_page_header()) {
                DataPageHeader p = h.getData_page_header();
                sb.append(" values=").append(p.getNum_values());
                sb.append(" encoding=").append(p.getEncoding());
                sb.append(" def=").append(p.getDefinition_level_encoding());
                sb.append(" rep=").append(p.getRepetition_level_encoding());
                appendStats(sb, col, order, p.getStatistics());
            }
            if (h.isSetData_page_header_v2()) {
                DataPageHeaderV2 p = h.getData_page_header_v2();
                sb.append(" values=").append(p.getNum_values());
                sb.append(" rows=").append(p.getNum_rows());
                sb.append(" nulls=").append(p.getNum_nulls());
                sb.append(" encoding=").append(p.getEncoding());
                sb.append(" def_bytes=").append(p.getDefinition_levels_byte_length());
                sb.append(" rep_bytes=").append(p.getRepetition_levels_byte_length());
                sb.append(" compressed_flag=").append(!p.isSetIs_compressed() || p.isIs_compressed());
                appendStats(sb, col, order, p.getStatistics());
            }
            out.println(sb);
            long next = file.lastEnd() + (long) h.getCompressed_page_size();
            if (h.getCompressed_page_size() < 0 || next > end) {
                throw new CorruptInputException(at, "a page inside its column chunk");
            }
            at = next;
        }
    }

    private static void appendStats(StringBuilder sb, ParquetColumn col, ColumnStatistics.Order order, Statistics s) {
        if (s == null) {
            return;
        }
        if (s.isSetNull_count()) {
            sb.append(" stat_nulls=").append(s.getNull_count());
        }
        if (s.isSetMin_value()) {
            sb.append(" min=").append(bound(col, order, s.getMin_value()));
        }
        if (s.isSetMax_value()) {
            sb.append(" max=").append(bound(col, order, s.getMax_value()));
        }
    }

    private static String abbreviate(String s) {
        return s == null ? "null" : s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }

    private static String typeName(ParquetColumn c) {
        String t = c.type() == PhysicalType.FIXED_LEN_BYTE_ARRAY
                ? "FIXED_LEN_BYTE_ARRAY(" + c.typeLength() + ")"
                : c.type().name();
        ParquetLogicalType lt = c.logicalType();
        if (lt == null) {
            return t;
        }
        switch (lt.kind()) {
            case DECIMAL:
                return t + " DECIMAL(" + lt.precision() + "," + lt.scale() + ")";
            case TIMESTAMP:
            case TIME:
                return t + " " + lt.kind() + "(" + lt.unit() + (lt.adjustedToUtc() ? ",UTC" : ",local") + ")";
            case INTEGER:
                return t + " INTEGER(" + lt.bitWidth() + "," + (lt.signed() ? "signed" : "unsigned") + ")";
            default:
                return t + " " + lt.kind();
        }
    }

    /** A statistics bound as text: a number (unsigned for unsigned integers), a quoted string, or hex. */
    private static String bound(ParquetColumn c, ColumnStatistics.Order order, byte[] b) {
        boolean unsigned = order == ColumnStatistics.Order.UNSIGNED_INTEGER;
        try {
            switch (c.type()) {
                case BOOLEAN:
                    return Boolean.toString(b[0] != 0);
                case INT32:
                    int i = ByteIO.getIntLE(b, 0);
                    return unsigned ? Integer.toUnsignedString(i) : Integer.toString(i);
                case INT64:
                    long l = ByteIO.getLongLE(b, 0);
                    return unsigned ? Long.toUnsignedString(l) : Long.toString(l);
                case FLOAT:
                    return ShortestDecimal.of(Float.intBitsToFloat(ByteIO.getIntLE(b, 0)));
                case DOUBLE:
                    return ShortestDecimal.of(Double.longBitsToDouble(ByteIO.getLongLE(b, 0)));
                default:
                    if (c.logicalType() != null
                            && c.logicalType().kind() == ParquetLogicalType.Kind.FLOAT16
                            && b.length == 2) {
                        // another writer's bound: colcodec neither writes nor compares FLOAT16 bounds
                        return ColumnValues.float16((b[0] & 0xFF) | (b[1] & 0xFF) << 8) + " (not used)";
                    }
                    return shown(b, c.logicalType() != null && c.logicalType().isText());
            }
        } catch (IndexOutOfBoundsException e) {
            return "(malformed)";
        }
    }

    // ---- TsFile ----------------------------------------------------------------------------------

    private static void inspectTsFile(TsFileReader r, FileChannel file, boolean pages, PrintStream out)
            throws IOException {
        out.println("format: TsFile v4");
        out.println("size: " + file.size() + " bytes, metadata at " + r.metadataOffset());
        for (Map.Entry<String, String> kv : r.properties().entrySet()) {
            out.println("property: " + kv.getKey() + " = " + abbreviate(kv.getValue()));
        }
        for (String table : r.tables()) {
            TsTableSchema schema = r.schema(table);
            out.println("table " + table + ":");
            if (schema != null) {
                for (TsTableSchema.Column c : schema.columns()) {
                    out.println("  " + c.name() + ": " + c.type() + " " + c.category()
                            + (c.category() == TsTableSchema.Category.FIELD
                                    ? " encoding=" + c.encoding() + " codec=" + c.compression()
                                    : ""));
                }
            }
            List<String[]> devices = r.devices(table);
            List<Map<String, TsStatistics>> stats = r.deviceStatistics(table);
            for (int d = 0; d < devices.size(); d++) {
                // a table without schema holds tree-model devices: their series carry type and codecs
                Map<String, TsMeasurement> tree = new HashMap<>();
                if (schema == null) {
                    for (TsMeasurement m : r.measurements(device(devices.get(d)))) {
                        tree.put(m.name(), m);
                    }
                }
                boolean aligned = stats.get(d).containsKey("");
                out.println(
                        "  device " + device(devices.get(d)) + (schema == null && aligned ? " (aligned)" : "") + ":");
                for (Map.Entry<String, TsStatistics> e : stats.get(d).entrySet()) {
                    TsMeasurement m = tree.get(e.getKey());
                    out.println("    " + (e.getKey().isEmpty() ? "(time)" : e.getKey()) + ": "
                            + (m == null
                                    ? ""
                                    : m.type() + " encoding=" + m.encoding() + " codec=" + m.compression() + " ")
                            + stats(e.getValue()));
                }
            }
        }
        List<TsFileLayout.ChunkGroup> groups = TsFileLayout.scan(file, r.metadataOffset());
        // a single-page chunk has no page statistics; when it is its series' only chunk, the series'
        // statistics are the chunk's
        Map<List<String>, Integer> groupsPerDevice = new HashMap<>();
        for (TsFileLayout.ChunkGroup g : groups) {
            groupsPerDevice.merge(Arrays.asList(g.device()), 1, Integer::sum);
        }
        Map<List<String>, Map<String, TsStatistics>> seriesStats = new HashMap<>();
        for (String table : r.tables()) {
            List<String[]> devices = r.devices(table);
            List<Map<String, TsStatistics>> stats = r.deviceStatistics(table);
            for (int d = 0; d < devices.size(); d++) {
                seriesStats.put(Arrays.asList(devices.get(d)), stats.get(d));
            }
        }
        out.println("chunk groups: " + groups.size());
        for (TsFileLayout.ChunkGroup g : groups) {
            out.println("chunk group @" + g.offset() + " device " + device(g.device()) + ": "
                    + g.chunks().size() + " chunks");
            for (TsFileLayout.Chunk c : g.chunks()) {
                var h = c.header();
                TsStatistics merged = pageStatistics(c);
                List<String> device = Arrays.asList(g.device());
                if (merged == null && groupsPerDevice.get(device) == 1 && seriesStats.containsKey(device)) {
                    merged = seriesStats.get(device).get(h.isTimeChunk() ? "" : h.measurementId());
                }
                out.println("  chunk @" + c.offset() + " " + (h.isTimeChunk() ? "(time)" : h.measurementId())
                        + ": " + h.dataType() + " encoding=" + h.encoding() + " codec=" + h.compression()
                        + " bytes=" + (h.headerSize() + h.dataSize()) + " pages="
                        + c.pages().size()
                        + (merged != null ? " " + stats(merged) : ""));
                if (pages) {
                    for (TsFileLayout.Page p : c.pages()) {
                        var ph = p.header();
                        out.println("    page @" + p.offset() + ": "
                                + (ph.isEmpty()
                                        ? "empty"
                                        : "uncompressed=" + ph.uncompressedSize() + " compressed="
                                                + ph.compressedSize()
                                                + (ph.statistics() != null ? " " + stats(ph.statistics()) : "")));
                    }
                }
            }
        }
    }

    /** The merged statistics of a chunk's pages, or null when its pages carry none (a single-page chunk). */
    private static TsStatistics pageStatistics(TsFileLayout.Chunk c) {
        TsStatistics merged = null;
        for (TsFileLayout.Page p : c.pages()) {
            TsStatistics ps = p.header().statistics();
            if (ps != null) {
                if (merged == null) {
                    merged = new TsStatistics(ps.type());
                }
                merged.merge(ps);
            }
        }
        return merged;
    }

    private static String device(String[] id) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < id.length; i++) {
            sb.append(i == 0 ? "" : ".").append(id[i] == null ? "null" : id[i]);
        }
        return sb.toString();
    }

    static String stats(TsStatistics s) {
        StringBuilder sb = new StringBuilder("count=" + s.count);
        if (s.count == 0) {
            return sb.toString();
        }
        sb.append(" time=[").append(s.startTime).append(',').append(s.endTime).append(']');
        TsDataType t = s.type();
        switch (t.storageType()) {
            case INT32:
            case INT64:
                sb.append(" min=").append(s.minLong).append(" max=").append(s.maxLong);
                sb.append(" first=").append(s.firstLong).append(" last=").append(s.lastLong);
                sb.append(" sum=").append(t.storageType() == TsDataType.INT32 ? Long.toString(s.sumLong) : s.sumDouble);
                break;
            case FLOAT:
            case DOUBLE:
                sb.append(" min=").append(s.minDouble).append(" max=").append(s.maxDouble);
                sb.append(" first=").append(s.firstDouble).append(" last=").append(s.lastDouble);
                sb.append(" sum=").append(s.sumDouble);
                break;
            case BOOLEAN:
                sb.append(" first=").append(s.firstLong != 0).append(" last=").append(s.lastLong != 0);
                sb.append(" sum=").append(s.sumLong);
                break;
            case TEXT:
                appendBinary(sb, " first=", s.firstBinary, t);
                appendBinary(sb, " last=", s.lastBinary, t);
                appendBinary(sb, " min=", s.minBinary, t);
                appendBinary(sb, " max=", s.maxBinary, t);
                break;
            default:
                break;
        }
        return sb.toString();
    }

    /**
     * A text bound on one line: a CSV field; one holding control characters (a line break in a statistic
     * would break the one-line-per-chunk layout) or a backslash is quoted, with control characters written
     * as backslash escapes (n, r, t, or u and four hex digits), a backslash doubled and a quote doubled, so
     * no two bounds print alike.
     */
    static String text(byte[] b) {
        String s = new String(b, StandardCharsets.UTF_8);
        boolean control = false;
        for (int i = 0; i < s.length() && !control; i++) {
            control = Character.isISOControl(s.charAt(i)) || s.charAt(i) == '\\';
        }
        if (!control) {
            return Csv.field(s);
        }
        StringBuilder e = new StringBuilder(s.length() + 8).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> e.append("\\\\");
                case '"' -> e.append("\"\"");
                case '\n' -> e.append("\\n");
                case '\r' -> e.append("\\r");
                case '\t' -> e.append("\\t");
                default -> {
                    if (Character.isISOControl(c)) {
                        e.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        e.append(c);
                    }
                }
            }
        }
        return e.append('"').toString();
    }

    private static void appendBinary(StringBuilder sb, String label, byte[] b, TsDataType t) {
        if (b != null) {
            sb.append(label).append(shown(b, t != TsDataType.BLOB));
        }
    }

    /**
     * Bytes of a binary statistic shown at most: a TsFile page's first and last TEXT values are whole
     * values, so a 70 KB value would otherwise make a 70 KB line.
     */
    static final int SHOWN_BYTES = 64;

    /**
     * A binary statistic as {@link #text} or hex; one longer than {@link #SHOWN_BYTES} shows its first
     * bytes (text: ending before a character cut in two) and then {@code ...(N bytes)}.
     */
    static String shown(byte[] b, boolean asText) {
        if (b.length <= SHOWN_BYTES) {
            return asText ? text(b) : Csv.hex(b);
        }
        int n = SHOWN_BYTES;
        while (asText && n > 0 && (b[n] & 0xC0) == 0x80) {
            n--;
        }
        byte[] head = Arrays.copyOf(b, n);
        return (asText ? text(head) : Csv.hex(head)) + "...(" + b.length + " bytes)";
    }
}
